//! The triad engine's constant lanes and shuffles, built at compile time from the table of
//! configurations.

use super::lanes::Shuffle;

/// Every digit.
pub(super) const ALL: u16 = 0x1FF;

/// Every digit, as a lane.
const A: i16 = ALL as i16;

/// The minirow (of a row band; the minicol of a column band) where box `p` of the band
/// holds a digit under configuration `k`: `ELEM[k][p]`. The six permutations of three.
pub(super) const ELEM: [[usize; 3]; 6] = [[0, 1, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0], [0, 2, 1], [1, 0, 2]];

/// A band's configurations at the start: every digit in each of the six.
pub(super) const OPEN: [i16; 8] = [A, A, A, A, A, A, 0, 0];

/// Every digit at lanes 3 and 7 (read by the box restrictions where a lane takes every digit).
pub(super) const EVERY_AFTER: [i16; 8] = [0, 0, 0, A, 0, 0, 0, A];

/// The least count of each lane of a box: a cell holds a digit, a minirow's (minicol's)
/// negative triad six; lane 15 none.
pub(super) const LEAST: [i16; 16] = [1, 1, 1, 6, 1, 1, 1, 6, 1, 1, 1, 6, 6, 6, 6, 0];

/// The cell lanes of a box.
pub(super) const CELLS: [i16; 16] = [A, A, A, 0, A, A, A, 0, A, A, A, 0, 0, 0, 0, 0];

/// The minirows' negative triads (lanes 3, 7, 11).
pub(super) const ACROSS: [i16; 16] = [0, 0, 0, A, 0, 0, 0, A, 0, 0, 0, A, 0, 0, 0, 0];

/// The minicols' negative triads (lanes 12–14).
pub(super) const DOWN: [i16; 16] = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, A, A, A, 0];

/// Each row of four lanes turned by one, two and three: lane `(r, c)` takes `(r, c + by)`.
pub(super) static TURN: [Shuffle; 3] = [turn(1), turn(2), turn(3)];

/// Configurations (both halves) to positive triads: the two configurations that put box `p`
/// in minirow `e`, the first by `TRIADS[0]`, the second by `TRIADS[1]`, at lane `e` (box
/// 0), `4 + e` (box 1) or `8 + e` (box 2).
pub(super) static TRIADS: [Shuffle; 2] = [triads(0), triads(1)];

/// Box `p`'s restriction from its triads (at lanes `0–2`, box 1 at `4–6`, with every digit
/// at lanes 3 and 7), per orientation: each cell its minirow's triad (minicol's), each
/// negative triad of that orientation the triads of the other two, the two by the two
/// shuffles; the other orientation's lanes every digit.
pub(super) static MASKS: [[[Shuffle; 2]; 3]; 2] = [
    [[mask(0, 0, 0), mask(0, 0, 1)], [mask(0, 1, 0), mask(0, 1, 1)], [mask(0, 2, 0), mask(0, 2, 1)]],
    [[mask(1, 0, 0), mask(1, 0, 1)], [mask(1, 1, 0), mask(1, 1, 1)], [mask(1, 2, 0), mask(1, 2, 1)]],
];

/// The configurations that put box `p`'s digits of a full minirow in another minirow: per
/// configuration, the full triads of the minirow one and two after its own.
pub(super) static ELSEWHERE: [[Shuffle; 2]; 3] =
    [[elsewhere(0, 1), elsewhere(0, 2)], [elsewhere(1, 1), elsewhere(1, 2)], [elsewhere(2, 1), elsewhere(2, 2)]];

/// A box's negative triads to lanes 4–6 of a half: the minirows' (lanes 3, 7, 11) to the
/// low half once its halves are joined; the minicols' are there already (lanes 12–14).
pub(super) static GATHER: Shuffle = gather();

/// Box `b`'s news to its bands' configurations, low half its row band, high half its
/// column band, from the gathered triads: `MESSAGE[0]` each configuration's own minirow
/// (for the digits surely not in it), `MESSAGE[1]` and `[2]` the minirows one and two after
/// (for the digits surely in them).
pub(super) static MESSAGE: [[Shuffle; 9]; 3] = [message(0), message(1), message(2)];

/// What a given removes from its box: `CLUE[4·r + c][d]` for digit `d + 1` at cell `(r, c)`
/// (the cell keeps only the digit; the other cells, its minirow's and its minicol's
/// negative triads lose it).
pub(super) static CLUE: [[[i16; 16]; 9]; 11] = clue();

/// The configurations of a band that put box `p` in another minirow than `e`:
/// `ELSEWHERE_THAN[p][e]`, all ones in their lanes.
pub(super) static ELSEWHERE_THAN: [[[i16; 8]; 3]; 3] = elsewhere_than();

const fn clue() -> [[[i16; 16]; 9]; 11] {
    let mut table = [[[0i16; 16]; 9]; 11];
    let mut at = 0;
    while at < 11 {
        let (r, c) = (at / 4, at % 4);
        let mut d = 0;
        while r < 3 && c < 3 && d < 9 {
            let bit = 1i16 << d;
            let lanes = &mut table[at][d];
            let mut lane = 0;
            while lane < 11 {
                if lane % 4 < 3 {
                    lanes[lane] = if lane == at { A ^ bit } else { bit };
                }
                lane += 1;
            }
            lanes[4 * r + 3] = bit;
            lanes[12 + c] = bit;
            d += 1;
        }
        at += 1;
    }
    table
}

const fn elsewhere_than() -> [[[i16; 8]; 3]; 3] {
    let mut table = [[[0i16; 8]; 3]; 3];
    let mut p = 0;
    while p < 3 {
        let mut e = 0;
        while e < 3 {
            let mut k = 0;
            while k < 6 {
                if ELEM[k][p] != e {
                    table[p][e][k] = -1;
                }
                k += 1;
            }
            e += 1;
        }
        p += 1;
    }
    table
}

const fn turn(by: usize) -> Shuffle {
    let mut from = [None; 16];
    let mut i = 0;
    while i < 16 {
        let lane = i % 8;
        from[i] = Some((4 * (lane / 4) + (lane % 4 + by) % 4) as u8);
        i += 1;
    }
    Shuffle::lanes(from)
}

const fn triads(which: usize) -> Shuffle {
    let mut from = [None; 16];
    let mut p = 0;
    while p < 3 {
        let mut e = 0;
        while e < 3 {
            let (mut seen, mut k) = (0, 0);
            while k < 6 {
                if ELEM[k][p] == e {
                    if seen == which {
                        from[4 * p + e] = Some(k as u8);
                    }
                    seen += 1;
                }
                k += 1;
            }
            e += 1;
        }
        p += 1;
    }
    Shuffle::lanes(from)
}

const fn mask(orientation: usize, p: usize, which: usize) -> Shuffle {
    let base = if p == 1 { 4 } else { 0 };
    let mut from = [None; 16];
    let mut i = 0;
    while i < 16 {
        let (r, c) = (i / 4, i % 4);
        let (own, other) = if orientation == 0 { (r, c) } else { (c, r) };
        let position = if own < 3 && other < 3 {
            own
        } else if own < 3 {
            (own + 1 + which) % 3
        } else {
            3
        };
        from[i] = Some((base + position) as u8);
        i += 1;
    }
    Shuffle::lanes(from)
}

const fn elsewhere(p: usize, by: usize) -> Shuffle {
    let base = if p == 1 { 4 } else { 0 };
    let mut from = [None; 16];
    let mut k = 0;
    while k < 6 {
        let lane = Some((base + (ELEM[k][p] + by) % 3) as u8);
        from[k] = lane;
        from[8 + k] = lane;
        k += 1;
    }
    Shuffle::lanes(from)
}

const fn gather() -> Shuffle {
    let mut from = [None; 16];
    from[4] = Some(3);
    from[5] = Some(7);
    from[8 + 6] = Some(3);
    Shuffle::lanes(from)
}

const fn message(by: usize) -> [Shuffle; 9] {
    let mut table = [Shuffle([0; 32]); 9];
    let mut b = 0;
    while b < 9 {
        let (bi, bj) = (b / 3, b % 3);
        let mut from = [None; 16];
        let mut k = 0;
        while k < 6 {
            from[k] = Some((4 + (ELEM[k][bj] + by) % 3) as u8);
            from[8 + k] = Some((4 + (ELEM[k][bi] + by) % 3) as u8);
            k += 1;
        }
        table[b] = Shuffle::lanes(from);
        b += 1;
    }
    table
}
