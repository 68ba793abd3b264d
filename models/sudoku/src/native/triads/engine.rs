//! The triad engine's state, propagation and search (the model: `mod.rs`). Every function
//! is compiled for AVX2 and entered only through [`super::Avx2`].

use super::lanes::{V8, V16};
use super::tables::*;
use crate::native::Walk;

/// A 9×9 board: each box's 4×4 matrix, each band's configurations and its eliminations to
/// apply (bands 0–2 the rows of boxes, 3–5 the columns). 480 bytes, copied once per guess.
#[derive(Clone, Copy)]
pub(super) struct State {
    boxes: [V16; 9],
    configs: [V8; 6],
    pending: [V8; 6],
}

impl State {
    /// The givens (81 cells row by row, 0 blank) placed and propagated; `None` on a
    /// contradiction.
    #[target_feature(enable = "avx2,popcnt")]
    pub(super) fn new(givens: &[u8]) -> Option<State> {
        let least = V16::of(&LEAST);
        let mut state = State { boxes: [V16::splat(ALL); 9], configs: [V8::of(&OPEN); 6], pending: [V8::zero(); 6] };
        let mut out = [V16::splat(0); 9];
        for (cell, &value) in givens.iter().enumerate().filter(|&(_, &v)| v != 0) {
            let d = usize::from(value - 1);
            let (row, col) = (cell / 9, cell % 9);
            let (bi, bj, r, c) = (row / 3, col / 3, row % 3, col % 3);
            let b = 3 * bi + bj;
            out[b] = out[b].or(V16::of(&CLUE[4 * r + c][d]));
            // In its bands: the configurations that put it in another minirow (minicol).
            let bit = V8::splat(1 << d);
            state.pending[bi] = state.pending[bi].or(V8::of(&ELSEWHERE_THAN[bj][r]).and(bit));
            state.pending[3 + bj] = state.pending[3 + bj].or(V8::of(&ELSEWHERE_THAN[bi][c]).and(bit));
        }
        for (cells, out) in state.boxes.iter_mut().zip(out) {
            *cells = cells.minus(out);
            if cells.counts().any_below(least) {
                return None;
            }
        }
        // Each band once, rows and columns in turn (most givens settle in the first).
        let settled = state.band(0, 1)
            && state.band(3, 1)
            && state.band(1, 2)
            && state.band(4, 2)
            && state.band(2, 0)
            && state.band(5, 0);
        settled.then_some(state)
    }

    /// Restricts box `b` to `allowed` and propagates (from a row band, or a column band when
    /// `vertical`); `false` on a contradiction.
    #[target_feature(enable = "avx2,popcnt")]
    fn restrict(&mut self, b: usize, allowed: V16, vertical: bool) -> bool {
        let mut cells = self.boxes[b];
        if cells.within(allowed) {
            return true;
        }
        let mut out = cells.minus(allowed);
        let least = V16::of(&LEAST);
        let (mut across, mut down) = (V8::zero(), V8::zero());
        loop {
            cells = cells.minus(out);
            let counts = cells.counts();
            if counts.any_below(least) {
                return false;
            }
            // What is sure: a lane at its least count holds only what it must (one digit in
            // a cell, six outside a minirow); a digit left once in a row or column of the
            // matrix is where that row's (column's) exactly-one puts it.
            let sure = cells
                .and(counts.equal(least))
                .or(cells.minus(twice_in_rows(cells)))
                .or(cells.minus(twice_in_columns(cells)));
            let (more, bands) = consequences(sure, b);
            out = out.or(more);
            across = across.or(bands.lo());
            down = down.or(bands.hi());
            if !out.meets(cells) {
                break;
            }
        }
        self.boxes[b] = cells;
        let (bi, bj) = (b / 3, b % 3);
        self.pending[bi] = self.pending[bi].or(across);
        self.pending[3 + bj] = self.pending[3 + bj].or(down);
        // The band of the other orientation first.
        let (row, column) = ((bi, bj), (3 + bj, bi));
        let (first, second) = if vertical { (row, column) } else { (column, row) };
        self.band(first.0, first.1) && self.band(second.0, second.1)
    }

    /// Applies band `i`'s pending eliminations and restricts its three boxes to what its
    /// configurations leave, box `from` (where the news came from) last; `false` on a
    /// contradiction.
    #[target_feature(enable = "avx2,popcnt")]
    fn band(&mut self, i: usize, from: usize) -> bool {
        if !self.configs[i].meets(self.pending[i]) {
            return true;
        }
        let mut configs = self.configs[i].minus(self.pending[i]);
        // A minirow with three digits left holds those three: they leave the box's other
        // minirows.
        let triads = triads_of(configs);
        let full = triads.and(triads.counts().equal(V16::splat(3)));
        configs = configs.minus(settled_elsewhere(full));
        self.configs[i] = configs;
        let triads = triads_of(configs);
        let (orientation, index) = (i / 3, i % 3);
        for p in [(from + 1) % 3, (from + 2) % 3, from] {
            let b = if orientation == 0 { 3 * index + p } else { 3 * p + index };
            if !self.restrict(b, box_mask(triads, p, orientation), orientation == 1) {
                return false;
            }
        }
        true
    }

    /// The band to branch on and the digit: the band with the fewest configurations not yet
    /// fixed, its digit with the fewest (two, else three, else the first with more); `None`
    /// when every band is fixed.
    #[target_feature(enable = "avx2,popcnt")]
    fn branching(&self) -> Option<(usize, u16)> {
        let mut best: Option<(u32, usize)> = None;
        for (i, configs) in self.configs.iter().enumerate() {
            let n = configs.ones();
            if n >= 10 && best.is_none_or(|(fewest, _)| n < fewest) {
                best = Some((n, i));
            }
        }
        let (_, i) = best?;
        let (mut one, mut two, mut three, mut four) = (0u16, 0u16, 0u16, 0u16);
        for lane in lanes(self.configs[i]) {
            four |= three & lane;
            three |= two & lane;
            two |= one & lane;
            one |= lane;
        }
        let digits = [two & !three, three & !four, four].into_iter().find(|&d| d != 0)?;
        Some((i, digits & digits.wrapping_neg()))
    }

    /// Whether every band is fixed with each digit once and every cell holds one digit: a
    /// solution (propagation leaves nothing else once no band can branch, and this says so
    /// rather than trusting it).
    #[target_feature(enable = "avx2,popcnt")]
    fn solved(&self) -> bool {
        let bands = self.configs.iter().all(|&c| c.ones() == 9 && lanes(c).iter().fold(0, |a, &l| a | l) == ALL);
        bands
            && self.boxes.iter().all(|b| {
                let rows = b.rows();
                (0..9).all(|cell| ((rows[cell / 3] >> (16 * (cell % 3))) as u16).count_ones() == 1)
            })
    }

    /// The values, row by row (of a solved state).
    #[target_feature(enable = "avx2,popcnt")]
    fn values(&self) -> Vec<u8> {
        let mut values = vec![0u8; 81];
        for (b, cells) in self.boxes.iter().enumerate() {
            let rows = cells.rows();
            for cell in 0..9 {
                let (r, c) = (cell / 3, cell % 3);
                let lane = (rows[r] >> (16 * c)) as u16;
                values[(3 * (b / 3) + r) * 9 + 3 * (b % 3) + c] = lane.trailing_zeros() as u8 + 1;
            }
        }
        values
    }
}

/// Searches below the propagated `state`, recording into `walk`: at the chosen band and
/// digit, its first configuration is assigned in a
/// copy, then refused in `state` itself; the two branches partition the solutions.
#[target_feature(enable = "avx2,popcnt")]
pub(super) fn descend(walk: &mut Walk, state: &mut State) {
    let Some((i, digit)) = state.branching() else {
        if state.solved() {
            walk.kept.record(|| state.values());
        }
        return;
    };
    let mine = state.configs[i].and(V8::splat(digit));
    let k = lanes(mine).iter().position(|&lane| lane != 0).unwrap_or(0);
    let mut words = [0u64; 2];
    words[k / 4] = u64::from(digit) << (16 * (k % 4));
    let first = V8::of_words(words);
    if !walk.next() {
        return;
    }
    let mut child = *state;
    child.pending[i] = child.pending[i].or(mine.xor(first));
    if child.band(i, 0) {
        descend(walk, &mut child);
    }
    if !walk.next() {
        return;
    }
    state.pending[i] = state.pending[i].or(first);
    if state.band(i, 0) {
        descend(walk, state);
    }
}

/// The bits that occur in two lanes or more of each row of the matrix (every lane of the row
/// gets them).
#[target_feature(enable = "avx2")]
fn twice_in_rows(x: V16) -> V16 {
    let (one, two) = (x, V16::splat(0));
    let y = x.shuffle(&TURN[0]);
    let (two, one) = (two.or(one.and(y)), one.or(y));
    let y = x.shuffle(&TURN[1]);
    let (two, one) = (two.or(one.and(y)), one.or(y));
    let y = x.shuffle(&TURN[2]);
    two.or(one.and(y))
}

/// The same for each column of the matrix.
#[target_feature(enable = "avx2")]
fn twice_in_columns(x: V16) -> V16 {
    let (one, two) = (x, V16::splat(0));
    let y = x.rows_up::<0x39>();
    let (two, one) = (two.or(one.and(y)), one.or(y));
    let y = x.rows_up::<0x4E>();
    let (two, one) = (two.or(one.and(y)), one.or(y));
    let y = x.rows_up::<0x93>();
    two.or(one.and(y))
}

/// What the sure lanes `sure` of box `b` remove: from the box (a sure cell's digit leaves the
/// box's other cells and the negative triads of its minirow and minicol; the cell loses its
/// other digits), and from its row band's configurations (low half) and its column band's
/// (high half): those that put a sure digit in another minirow, or a digit in a minirow it
/// is surely not in.
#[target_feature(enable = "avx2")]
fn consequences(sure: V16, b: usize) -> (V16, V16) {
    let cells = sure.and(V16::of(&CELLS));
    let rows = across_rows(cells);
    let columns = {
        let t = cells.or(cells.rows_up::<0x39>());
        t.or(t.rows_up::<0x4E>())
    };
    let whole = across_rows(columns);
    let out = whole
        .and(V16::of(&CELLS))
        .or(rows.and(V16::of(&ACROSS)))
        .or(columns.and(V16::of(&DOWN)))
        .or(cells.nonzero())
        .xor(cells);
    // The minirows' (minicols') digits, sure in and surely out, at lanes 4–6 of each half.
    let (inside, outside) = (gathered(rows.or(columns)), gathered(sure));
    let bands = outside.shuffle(&MESSAGE[0][b]).or(inside.shuffle(&MESSAGE[1][b])).or(inside.shuffle(&MESSAGE[2][b]));
    (out, bands)
}

/// Each lane the union of its row of the matrix.
#[target_feature(enable = "avx2")]
fn across_rows(x: V16) -> V16 {
    let t = x.or(x.shuffle(&TURN[0]));
    t.or(t.shuffle(&TURN[1]))
}

/// The negative triads of `x` (or what stands at their lanes) at lanes 4–6 of each half:
/// the minirows' in the low half, the minicols' in the high.
#[target_feature(enable = "avx2")]
fn gathered(x: V16) -> V16 {
    let t = x.shuffle(&GATHER);
    V16::join(t.lo().or(t.hi()), x.hi())
}

/// A band's configurations as its positive triads: the digits each box can hold in each of
/// its minirows (box 0 at lanes 0–2, box 1 at 4–6, box 2 at 8–10).
#[target_feature(enable = "avx2")]
fn triads_of(configs: V8) -> V16 {
    let both = V16::join(configs, configs);
    both.shuffle(&TRIADS[0]).or(both.shuffle(&TRIADS[1]))
}

/// The configurations that put a digit of a full minirow (`full`, as [`triads_of`] lays
/// them out) in another minirow of the same box.
#[target_feature(enable = "avx2")]
fn settled_elsewhere(full: V16) -> V8 {
    let (lo, hi) = (full.lo(), full.hi());
    lo.shuffle(&ELSEWHERE[0][0])
        .or(lo.shuffle(&ELSEWHERE[0][1]))
        .or(lo.shuffle(&ELSEWHERE[1][0]))
        .or(lo.shuffle(&ELSEWHERE[1][1]))
        .or(hi.shuffle(&ELSEWHERE[2][0]))
        .or(hi.shuffle(&ELSEWHERE[2][1]))
}

/// Box `p` of a band (`orientation` 0: a row band) restricted to its triads: a cell to its
/// minirow's (minicol's) digits, a negative triad to the digits of the other two.
#[target_feature(enable = "avx2")]
fn box_mask(triads: V16, p: usize, orientation: usize) -> V16 {
    let half = if p == 2 { triads.hi() } else { triads.lo() };
    let half = half.or(V8::of(&EVERY_AFTER));
    let both = V16::join(half, half);
    let [first, second] = &MASKS[orientation][p];
    both.shuffle(first).or(both.shuffle(second))
}

/// The eight lanes of `v`.
#[target_feature(enable = "avx2")]
fn lanes(v: V8) -> [u16; 8] {
    let [a, b] = v.words();
    std::array::from_fn(|i| ((if i < 4 { a } else { b }) >> (16 * (i % 4))) as u16)
}
