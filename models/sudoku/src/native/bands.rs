//! The 9×9 engine: candidates held per band, propagated a band at a time by bit operations.
//!
//! A 9×9 grid is three bands of three rows. For each digit `d` and band `b` one `u32` holds
//! the band's cells where `d` may still go (bit `9·r + c`: row `r` of the band, column `c`),
//! so the whole board is 27 words plus the placed cells of each band: 120 bytes, copied once
//! per guess.
//!
//! Propagation, to a fix-point; every step is sound (each solution agrees with it):
//!
//! 1. **A digit in a band** (one word): the band's three rows take `d` once each, in three
//!    different boxes, so the (row, box) pairs where `d` can go form a 3×3 matrix that must
//!    hold a permutation. The pairs lying on some permutation inside the matrix stay, the
//!    others leave (one lookup in a table of 512 words). This is box–line reasoning within
//!    the band (pointing and claiming) and a little more; no permutation left is a
//!    contradiction. A row left with one cell places `d` there (a hidden single in its row,
//!    or in its box through the permutation).
//! 2. **Naked singles**, per band over the nine digits with bit slices (cells with at least
//!    one and at least two candidates): a cell with none is a contradiction, a cell with one
//!    is placed.
//! 3. **A digit in a stack**: the stack's three columns take `d` once each, in three
//!    different bands, so the (band, column) pairs where `d` can go must hold a permutation:
//!    the pairs on none leave (box–line reasoning along columns), none left is a
//!    contradiction. (A hidden single in a column follows from it and the naked singles: the
//!    search visits the same nodes without a separate rule for it.)
//!
//! Placing `d` at a cell removes `d` from the cell's row, box and column and every other
//! digit from the cell, and marks the words it changed for step 1.
//!
//! The search branches on the cell with two candidates that sees the most open cells (its
//! placement reaches furthest, either way), else on a cell with the fewest candidates; each
//! candidate in turn (ascending, or in a random order for the generator),
//! depth first, counting solutions up to the limit; every branch of a cell is tried, so a
//! search that ends below the limit has counted every solution.
//!
//! Invariants after [`Grid::propagate`] returns `true`: every row and box of a band can take
//! each digit once; every column can take each digit; no open cell has fewer than two
//! candidates; a placed cell (cleared in `open`) has one candidate, absent from its peers. So
//! a grid with no open cell is a solution.

use super::Walk;

/// The 27 cells of a band.
const BAND: u32 = (1 << 27) - 1;

/// The two other bands of each band.
const BAND_AFTER: [[usize; 2]; 3] = [[1, 2], [2, 0], [0, 1]];

/// The words of every digit in every band.
const EVERY_WORD: u32 = (1 << 27) - 1;

/// Per (row, box) presence matrix of a digit in a band (bit `3·r + k`: row `r` has a
/// candidate in box `k`), the cells that lie on some permutation of it; 0 when none does.
static SHRINK: [u32; 512] = shrink_table();

/// Per (band, column) presence matrix of a digit in a stack (bit `3·b + j`: band `b` has a
/// candidate in the stack's column `j`), the pairs that lie on some permutation of it.
static PERMUTED: [u16; 512] = permuted_table();

/// Per row of 9 bits, its boxes that hold a candidate (bit `k` for box `k`).
static ROW_BOXES: [u8; 512] = row_boxes_table();

/// Per cell of a band, its peers inside the band: its row, its box, its column.
static PEERS: [u32; 27] = peers_table();

/// The six ways a digit's three rows in a band can take the band's three boxes: the box of
/// row 0, 1 and 2.
const PERMUTATIONS: [[usize; 3]; 6] = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];

/// The (row, box) pairs of the 3×3 matrix `p` (bit `3·r + k`) that lie on a permutation
/// inside it.
const fn permuted(p: usize) -> usize {
    let mut kept = 0usize;
    let mut i = 0;
    while i < 6 {
        let s = PERMUTATIONS[i];
        let bits = (1 << s[0]) | (1 << (3 + s[1])) | (1 << (6 + s[2]));
        if p & bits == bits {
            kept |= bits;
        }
        i += 1;
    }
    kept
}

const fn permuted_table() -> [u16; 512] {
    let mut table = [0u16; 512];
    let mut p = 0;
    while p < 512 {
        table[p] = permuted(p) as u16;
        p += 1;
    }
    table
}

const fn shrink_table() -> [u32; 512] {
    let mut table = [0u32; 512];
    let mut p = 0;
    while p < 512 {
        let kept = permuted(p);
        let mut cells = 0u32;
        let mut j = 0;
        while j < 9 {
            if kept & (1 << j) != 0 {
                cells |= 7 << (9 * (j / 3) + 3 * (j % 3));
            }
            j += 1;
        }
        table[p] = cells;
        p += 1;
    }
    table
}

const fn row_boxes_table() -> [u8; 512] {
    let mut table = [0u8; 512];
    let mut row = 0;
    while row < 512 {
        let mut k = 0;
        while k < 3 {
            if row & (7 << (3 * k)) != 0 {
                table[row] |= 1 << k;
            }
            k += 1;
        }
        row += 1;
    }
    table
}

const fn peers_table() -> [u32; 27] {
    let mut table = [0u32; 27];
    let mut cell = 0;
    while cell < 27 {
        let (r, c) = (cell / 9, cell % 9);
        let row = 0x1FF << (9 * r);
        let column = 0x40201 << c;
        let b = c / 3;
        let square = 0x1C0E07 << (3 * b);
        table[cell] = (row | column | square) & !(1 << cell);
        cell += 1;
    }
    table
}

/// A column `c` in every row of a band.
#[inline]
fn columns(cols: u32) -> u32 {
    cols | cols << 9 | cols << 18
}

/// The (row, box) presence matrix of a digit's word in a band (bit `3·r + k`).
#[inline]
fn presence(word: u32) -> usize {
    usize::from(ROW_BOXES[(word & 0x1FF) as usize])
        | usize::from(ROW_BOXES[((word >> 9) & 0x1FF) as usize]) << 3
        | usize::from(ROW_BOXES[(word >> 18) as usize]) << 6
}

/// The columns (9 bits) that hold a bit of `word`.
#[inline]
fn fold(word: u32) -> u32 {
    (word | word >> 9 | word >> 18) & 0x1FF
}

/// The candidates of a 9×9 board, by digit and band.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Grid {
    /// `words[9·b + d]`: the cells of band `b` where digit `d + 1` may go (a band's nine
    /// words side by side).
    words: [u32; 27],
    /// The cells of each band not placed yet.
    open: [u32; 3],
}

impl Grid {
    /// The givens (81 cells row by row, 0 blank) placed and propagated; `None` when they
    /// contradict each other.
    pub(crate) fn new(givens: &[u8]) -> Option<Grid> {
        let mut grid = Grid { words: [BAND; 27], open: [BAND; 3] };
        // The givens of each digit in each band, placed together.
        let mut given = [0u32; 27];
        for (cell, &value) in givens.iter().enumerate() {
            if value != 0 {
                given[9 * (cell / 27) + usize::from(value) - 1] |= 1 << (cell % 27);
            }
        }
        for (i, &cells) in given.iter().enumerate() {
            if cells != 0 {
                grid.place(i % 9, i / 9, cells)?;
            }
        }
        grid.propagate(EVERY_WORD).then_some(grid)
    }

    /// Whether every cell is placed.
    fn solved(&self) -> bool {
        self.open[0] | self.open[1] | self.open[2] == 0
    }

    /// The values, row by row.
    fn values(&self) -> Vec<u8> {
        let mut values = vec![0u8; 81];
        for (i, &word) in self.words.iter().enumerate() {
            let (b, d) = (i / 9, i % 9);
            let mut cells = word;
            while cells != 0 {
                values[27 * b + cells.trailing_zeros() as usize] = d as u8 + 1;
                cells &= cells - 1;
            }
        }
        values
    }

    /// Places digit `d` at the cells `cells` of band `b` (open cells): `d` leaves their peers,
    /// the other digits leave the cells. The words it changed, or `None` if `d` cannot go
    /// there (not a candidate, or two of the cells see each other).
    #[inline(always)]
    fn place(&mut self, d: usize, b: usize, cells: u32) -> Option<u32> {
        let own = 9 * b + d;
        let mut peers = 0;
        let mut rest = cells;
        while rest != 0 {
            peers |= PEERS[rest.trailing_zeros() as usize];
            rest &= rest - 1;
        }
        let before = self.words[own];
        if before & cells != cells || peers & cells != 0 {
            return None;
        }
        self.open[b] &= !cells;
        // The cells leave every digit's word of their band (their own digit's comes back).
        let mut changed = 0;
        let band = &mut self.words[9 * b..9 * b + 9];
        for (other, word) in band.iter_mut().enumerate() {
            changed |= u32::from(*word & cells != 0) << other;
            *word &= !cells;
        }
        band[d] = (before & !peers) | cells;
        changed = (changed & !(1 << d)) | u32::from(before & peers != 0) << d;
        let mut dirty = changed << (9 * b);
        let column = columns(fold(cells));
        for other in BAND_AFTER[b] {
            let i = 9 * other + d;
            let word = self.words[i];
            self.words[i] = word & !column;
            dirty |= u32::from(word & column != 0) << i;
        }
        Some(dirty)
    }

    /// Propagates to a fix-point from the words marked in `dirty`; `false` on a
    /// contradiction.
    pub(crate) fn propagate(&mut self, mut dirty: u32) -> bool {
        // The words changed since naked singles, and since the stacks, were last looked at.
        let (mut for_naked, mut for_stacks) = (0, 0);
        loop {
            while dirty != 0 {
                for_naked |= dirty;
                for_stacks |= dirty;
                let i = dirty.trailing_zeros() as usize;
                dirty &= dirty - 1;
                let word = self.words[i];
                let word = word & SHRINK[presence(word)];
                if word == 0 {
                    return false;
                }
                self.words[i] = word;
                // Rows left with one cell (each row holds one at least: a permutation fits).
                let mut single = 0;
                for r in 0..3 {
                    let row = word & (0x1FF << (9 * r));
                    single |= row & 0u32.wrapping_sub(u32::from(row & (row - 1) == 0));
                }
                let (b, d) = (i / 9, i % 9);
                single &= self.open[b];
                if single != 0 {
                    match self.place(d, b, single) {
                        Some(changed) => dirty |= changed,
                        None => return false,
                    }
                }
            }
            match self.naked_singles(std::mem::take(&mut for_naked)) {
                None => return false,
                Some(0) => {}
                Some(changed) => {
                    dirty = changed;
                    continue;
                }
            }
            match self.stacks(std::mem::take(&mut for_stacks)) {
                None => return false,
                Some(0) => return true,
                Some(changed) => dirty = changed,
            }
        }
    }

    /// Naked singles in the bands where a word in `touched` changed: the words changed by
    /// what they placed, `None` on a contradiction.
    fn naked_singles(&mut self, touched: u32) -> Option<u32> {
        let mut dirty = 0;
        for b in 0..3 {
            if touched & (0x1FF << (9 * b)) == 0 {
                continue;
            }
            let [one, two, _] = self.counted(b);
            if one != BAND {
                return None;
            }
            let single = one & !two & self.open[b];
            if single != 0 {
                for d in 0..9 {
                    let cells = single & self.words[9 * b + d];
                    if cells != 0 {
                        dirty |= self.place(d, b, cells)?;
                    }
                }
            }
        }
        Some(dirty)
    }

    /// The digits in stacks (step 3) where a word of the digit in `touched` changed: the
    /// words changed, `None` on a contradiction.
    fn stacks(&mut self, touched: u32) -> Option<u32> {
        let mut dirty = 0;
        for d in 0..9 {
            if touched & (0x40201 << d) == 0 {
                continue;
            }
            let folded = [fold(self.words[d]), fold(self.words[9 + d]), fold(self.words[18 + d])];
            // A stack's three columns take `d` once each, in three different bands.
            let mut allowed = [0u32; 3];
            for s in 0..3 {
                let presence =
                    (folded[0] >> (3 * s)) & 7 | ((folded[1] >> (3 * s)) & 7) << 3 | ((folded[2] >> (3 * s)) & 7) << 6;
                let kept = u32::from(PERMUTED[presence as usize]);
                if kept == 0 {
                    return None;
                }
                for (b, cols) in allowed.iter_mut().enumerate() {
                    *cols |= ((kept >> (3 * b)) & 7) << (3 * s);
                }
            }
            for b in 0..3 {
                if allowed[b] != folded[b] {
                    let i = 9 * b + d;
                    self.words[i] &= columns(allowed[b]);
                    dirty |= 1 << i;
                }
            }
        }
        Some(dirty)
    }

    /// The cell to branch on, as `(band, bit, digits)` (bit `d` of `digits` for digit
    /// `d + 1`): of the cells with two candidates, the one that sees the most open cells (its
    /// placement, either way, reaches furthest); else a cell with the fewest candidates. A
    /// branch per candidate: the branches exclude each other and cover every solution.
    fn branching(&self) -> Option<(usize, u32, u32)> {
        let mut best: Option<(u32, usize, u32)> = None;
        for (b, &[after, last]) in BAND_AFTER.iter().enumerate() {
            let [_, two, three] = self.counted(b);
            let mut pair = two & !three & self.open[b];
            while pair != 0 {
                let bit = pair & pair.wrapping_neg();
                pair ^= bit;
                let cell = bit.trailing_zeros() as usize;
                // One count over a word of 64 bits: the peers in its band above, its column
                // in the other two bands below (column `c` and, moved up one, `c + 1`: apart).
                let column = columns(1 << (cell % 9));
                let seen = (u64::from(PEERS[cell] & self.open[b]) << 32
                    | u64::from(column & self.open[after] | (column & self.open[last]) << 1))
                .count_ones();
                if best.is_none_or(|(most, ..)| seen > most) {
                    best = Some((seen, b, bit));
                }
            }
        }
        if let Some((_, b, bit)) = best {
            return Some((b, bit, self.digits(b, bit)));
        }
        let mut fewest: Option<(u32, usize, u32, u32)> = None;
        for b in 0..3 {
            let mut open = self.open[b];
            while open != 0 {
                let bit = open & open.wrapping_neg();
                open ^= bit;
                let digits = self.digits(b, bit);
                if fewest.is_none_or(|(n, ..)| digits.count_ones() < n) {
                    fewest = Some((digits.count_ones(), b, bit, digits));
                }
            }
        }
        fewest.map(|(_, b, bit, digits)| (b, bit, digits))
    }

    /// The cells of band `b` with at least one, two and three candidates (bit slices over
    /// its nine words).
    #[inline(always)]
    fn counted(&self, b: usize) -> [u32; 3] {
        let (mut one, mut two, mut three) = (0, 0, 0);
        for &word in &self.words[9 * b..9 * b + 9] {
            three |= two & word;
            two |= one & word;
            one |= word;
        }
        [one, two, three]
    }

    /// The digits that may go at cell `bit` of band `b`.
    #[inline]
    fn digits(&self, b: usize, bit: u32) -> u32 {
        self.words[9 * b..9 * b + 9].iter().enumerate().fold(0, |set, (d, &word)| set | u32::from(word & bit != 0) << d)
    }
}

/// Searches below the propagated `grid`, recording into `walk`.
pub(crate) fn descend(walk: &mut Walk, grid: &Grid) {
    if grid.solved() {
        walk.kept.record(|| grid.values());
        return;
    }
    let Some((b, bit, mut digits)) = grid.branching() else {
        return;
    };
    let mut order = [0usize; 9];
    let mut n = 0;
    while digits != 0 {
        order[n] = digits.trailing_zeros() as usize;
        digits &= digits - 1;
        n += 1;
    }
    walk.order(&mut order[..n]);
    for &d in &order[..n] {
        if !walk.next() {
            return;
        }
        let mut child = *grid;
        if let Some(dirty) = child.place(d, b, bit)
            && child.propagate(dirty)
        {
            descend(walk, &child);
        }
    }
}
