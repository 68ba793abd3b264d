//! One line of a nonogram: counting and enumerating the placements of its clue, and the
//! dynamic-programming line solver that every search in this crate builds on.

/// The state of a cell while solving.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cell {
    /// Not decided yet.
    Unknown,
    /// Decided white (crossed).
    Empty,
    /// Decided black (filled).
    Filled,
}

/// The number of placements of `clue` in a line of `length` cells, without enumerating them:
/// `C(free + k, k)` with `k` blocks and `free = length − (Σ clue + k − 1)`; saturates at
/// `u128::MAX`, and is 0 when the clue does not fit.
pub fn count_placements(clue: &[usize], length: usize) -> u128 {
    let k = clue.len();
    let needed = clue.iter().sum::<usize>() + k.saturating_sub(1);
    if needed > length {
        return 0;
    }
    let free = (length - needed) as u128;
    // C(free + i, i) for i = 1..=k, each step exact.
    let mut count: u128 = 1;
    for i in 1..=k as u128 {
        count = match count.checked_mul(free + i) {
            Some(product) => product / i,
            None => return u128::MAX,
        };
    }
    count
}

/// Every placement of `clue` in `length` cells, as block start indices, in lexicographic
/// order (the order article 000 prints them in).
pub fn placements(clue: &[usize], length: usize) -> Vec<Vec<usize>> {
    fn go(clue: &[usize], length: usize, from: usize, starts: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
        let Some((&first, rest)) = clue.split_first() else {
            out.push(starts.clone());
            return;
        };
        let rest_needed: usize = rest.iter().map(|b| b + 1).sum();
        let Some(last_start) = length.checked_sub(first + rest_needed) else { return };
        for start in from..=last_start {
            starts.push(start);
            go(rest, length, start + first + 1, starts, out);
            starts.pop();
        }
    }
    let mut out = Vec::new();
    go(clue, length, 0, &mut Vec::with_capacity(clue.len()), &mut out);
    out
}

/// The filled cells of a placement.
pub fn fill(clue: &[usize], starts: &[usize], length: usize) -> Vec<bool> {
    let mut line = vec![false; length];
    for (&block, &start) in clue.iter().zip(starts) {
        line[start..start + block].iter_mut().for_each(|c| *c = true);
    }
    line
}

/// The clue of a filled line (lengths of its runs of filled cells).
pub fn clue_of(line: impl IntoIterator<Item = bool>) -> Vec<usize> {
    let mut clue = Vec::new();
    let mut run = 0;
    for filled in line {
        if filled {
            run += 1;
        } else if run > 0 {
            clue.push(run);
            run = 0;
        }
    }
    if run > 0 {
        clue.push(run);
    }
    clue
}

/// Reusable buffers for [`LineSolver::solve`], so that the hot loop of a search does not allocate.
#[derive(Debug, Default)]
pub struct LineSolver {
    earliest: Vec<usize>,
    prefix: Vec<bool>,
    suffix: Vec<bool>,
    fill_from: Vec<i32>,
    can_empty: Vec<bool>,
    filled_before: Vec<u32>,
    empty_before: Vec<u32>,
    decided: Vec<Cell>,
    forward: Forward,
    backward: Forward,
}

impl LineSolver {
    /// Everything line logic can decide about `cells` under `clue`: a cell becomes Filled
    /// (Empty) when it is filled (empty) in every placement consistent with the decided
    /// cells. Returns `false` when no placement is consistent (a contradiction); `cells` is
    /// then unchanged.
    ///
    /// Two reachability tables over (block, position) decide it in O(blocks × length):
    /// `prefix[j][i]` — blocks `0..j` fit in cells `0..i`; `suffix[j][i]` — blocks `j..` fit
    /// in cells `i..`. A cell may be empty if some `j` has both halves around it; it may be
    /// filled if some block `j` can start at `s ≤ cell < s + len` with both halves around
    /// the block. Block `j` can only start within `slack` cells of its leftmost start (the
    /// blocks before it packed to the left), so only those starts are tried.
    pub fn solve(&mut self, clue: &[usize], cells: &mut [Cell]) -> bool {
        let n = cells.len();
        let k = clue.len();
        let Some(slack) = n.checked_sub(clue.iter().sum::<usize>() + k.saturating_sub(1)) else {
            return false;
        };
        // earliest[j]: the leftmost start of block j; its rightmost is earliest[j] + slack.
        self.earliest.clear();
        let mut start = 0;
        for &len in clue {
            self.earliest.push(start);
            start += len + 1;
        }
        let earliest = &self.earliest;
        let width = n + 2;
        let at = |j: usize, i: usize| j * width + i;
        self.prefix.clear();
        self.prefix.resize((k + 1) * width, false);
        self.suffix.clear();
        self.suffix.resize((k + 1) * width, false);

        // filled_before[i]: Filled cells among 0..i; empty_before likewise for Empty.
        let (filled_before, empty_before) = (&mut self.filled_before, &mut self.empty_before);
        filled_before.clear();
        filled_before.push(0);
        empty_before.clear();
        empty_before.push(0);
        for (i, &cell) in cells.iter().enumerate() {
            filled_before.push(filled_before[i] + u32::from(cell == Cell::Filled));
            empty_before.push(empty_before[i] + u32::from(cell == Cell::Empty));
        }
        let (filled_before, empty_before) = (&self.filled_before, &self.empty_before);
        let no_filled = |a: usize, b: usize| filled_before[b] == filled_before[a];
        let no_empty = |a: usize, b: usize| empty_before[b] == empty_before[a];
        // Block of length `len` at `s`: its cells can be filled, its neighbours can be empty.
        let fits = |s: usize, len: usize| {
            s + len <= n
                && no_empty(s, s + len)
                && (s == 0 || cells[s - 1] != Cell::Filled)
                && (s + len == n || cells[s + len] != Cell::Filled)
        };

        for i in 0..=n {
            self.prefix[at(0, i)] = no_filled(0, i);
        }
        for j in 1..=k {
            let len = clue[j - 1];
            // Blocks 0..j cannot fit before the earliest end of block j - 1 (false there).
            let (first, last) = (earliest[j - 1], earliest[j - 1] + slack);
            for i in first + len..=n {
                let mut ok = cells[i - 1] != Cell::Filled && self.prefix[at(j, i - 1)];
                let s = i - len;
                if !ok && s <= last && fits(s, len) {
                    ok = if s == 0 { j == 1 } else { self.prefix[at(j - 1, s - 1)] };
                }
                self.prefix[at(j, i)] = ok;
            }
        }
        for i in 0..=n {
            self.suffix[at(k, i)] = no_filled(i, n);
        }
        for j in (0..k).rev() {
            let len = clue[j];
            // Blocks j.. cannot fit after the rightmost start of block j (false there).
            let (first, last) = (earliest[j], earliest[j] + slack);
            for i in (0..=last).rev() {
                let mut ok = cells[i] != Cell::Filled && self.suffix[at(j, i + 1)];
                if !ok && i >= first && fits(i, len) {
                    let end = i + len;
                    ok = if end == n { j + 1 == k } else { self.suffix[at(j + 1, end + 1)] };
                }
                self.suffix[at(j, i)] = ok;
            }
        }
        if !self.suffix[at(0, 0)] {
            return false;
        }

        self.can_empty.clear();
        self.can_empty.resize(n, false);
        self.fill_from.clear();
        self.fill_from.resize(n + 1, 0);
        for (x, &cell) in cells.iter().enumerate() {
            if cell != Cell::Filled {
                self.can_empty[x] = (0..=k).any(|j| self.prefix[at(j, x)] && self.suffix[at(j, x + 1)]);
            }
        }
        for (j, &len) in clue.iter().enumerate() {
            for s in earliest[j]..=earliest[j] + slack {
                if !fits(s, len) {
                    continue;
                }
                let before = if s == 0 { j == 0 } else { self.prefix[at(j, s - 1)] };
                let after = if s + len == n { j + 1 == k } else { self.suffix[at(j + 1, s + len + 1)] };
                if before && after {
                    self.fill_from[s] += 1;
                    self.fill_from[s + len] -= 1;
                }
            }
        }
        // Decide every cell before writing any, so that a contradiction leaves `cells` as it was.
        self.decided.clear();
        let mut covering = 0;
        for x in 0..n {
            covering += self.fill_from[x];
            self.decided.push(match (covering > 0, self.can_empty[x]) {
                (true, false) => Cell::Filled,
                (false, true) => Cell::Empty,
                (true, true) => Cell::Unknown,
                (false, false) => return false,
            });
        }
        cells.copy_from_slice(&self.decided);
        true
    }
}

/// A line's state as bit masks, `[filled, empty]`, bit `i` for cell `i`.
pub type Masks = [u128; 2];

/// The masks of a line's decided cells.
pub fn masks_of(line: &[Cell]) -> Masks {
    let mut masks = [0, 0];
    for (i, &c) in line.iter().enumerate() {
        if let Some(side) = side(c) {
            masks[side] |= 1 << i;
        }
    }
    masks
}

/// Which of a line's masks holds a decided cell.
pub(crate) fn side(value: Cell) -> Option<usize> {
    match value {
        Cell::Filled => Some(0),
        Cell::Empty => Some(1),
        Cell::Unknown => None,
    }
}

/// The longest line [`LineSolver::solve_masks`] takes: its positions `0..=n` must fit a `u128` with a
/// bit to spare for the carries.
pub const MASK_LENGTH: usize = 126;

/// The left-to-right half of [`LineSolver::solve_masks`], in reusable buffers.
#[derive(Debug, Default)]
struct Forward {
    /// Per block: the starts at which it fits with the blocks before it placed.
    starts: Vec<u128>,
    /// Per gap `0..=k`: the cells that can be empty there with the blocks before it placed.
    gaps: Vec<u128>,
}

impl Forward {
    /// Fills the buffers for `clue` on `n` cells; `false` when the clue cannot be placed.
    fn run(&mut self, clue: impl Iterator<Item = usize>, n: usize, filled: u128, empty: u128) -> bool {
        let cells = (1u128 << n) - 1;
        let positions = (1u128 << (n + 1)) - 1;
        let free = !filled & cells;
        let reach = |seeds: u128| ((free.wrapping_add(seeds & free) ^ free) | seeds) & positions;
        self.starts.clear();
        self.gaps.clear();
        let unempty = !empty & cells;
        let mut ends = 1u128; // position 0: nothing placed yet
        let mut avail = reach(ends);
        for len in clue {
            self.gaps.push(reach(ends) & free);
            let mut fits = unempty;
            for t in 1..len {
                fits &= unempty >> t;
            }
            fits &= !(filled << 1) & !(filled >> len);
            let start = avail & fits;
            if start == 0 {
                return false;
            }
            self.starts.push(start);
            ends = start << len;
            avail = reach(ends << 1);
        }
        let last = reach(ends);
        self.gaps.push(last & free);
        last >> n & 1 == 1
    }
}

impl LineSolver {
    /// [`LineSolver::solve`] on a line of `n ≤ MASK_LENGTH` cells given as bit masks
    /// `[filled, empty]` (bit `i` for cell `i`): the solved masks, or `None` on a
    /// contradiction. The same reachability as the table DP, each (block, position) table
    /// row computed as one word.
    ///
    /// With `M` the cells not filled, the positions a run of unfilled cells reaches from
    /// seeds `X` (the `p ≥ x` with cells `x..p` all in `M`) are `((M + (X ∩ M)) ⊕ M) ∪ X`:
    /// the carry of each seed runs to the end of its run of `M`. Then, left to right,
    /// `avail_j` is where block `j` may start with blocks `0..j` placed before it, `start_j
    /// = avail_j ∩ fit(b_j)`, and `avail_{j+1}` is reached from `start_j + b_j + 1`; the same
    /// on the reversed line gives the starts from which the blocks after fit. A block can be
    /// placed where both hold; a cell can be empty in gap `g` (between blocks `g−1` and `g`)
    /// where it is reached from the end of block `g−1` and reaches the start of block `g`.
    pub fn solve_masks(&mut self, clue: &[usize], n: usize, [filled, empty]: Masks) -> Option<Masks> {
        debug_assert!(n <= MASK_LENGTH && clue.iter().all(|&b| b > 0));
        let k = clue.len();
        let cells = (1u128 << n) - 1;
        let reverse = |mask: u128| (mask & cells).reverse_bits() >> (128 - n);
        if filled & empty != 0
            || !self.forward.run(clue.iter().copied(), n, filled, empty)
            || !self.backward.run(clue.iter().rev().copied(), n, reverse(filled), reverse(empty))
        {
            return None;
        }
        let (forward, backward) = (&self.forward, &self.backward);
        let mut can_fill = 0u128;
        for (j, &len) in clue.iter().enumerate() {
            // Block j at s is, on the reversed line, at n − s − len.
            let both = forward.starts[j] & reverse(backward.starts[k - 1 - j] << (len - 1));
            let mut covered = both;
            for t in 1..len {
                covered |= both << t;
            }
            can_fill |= covered;
        }
        let mut can_empty = 0u128;
        for g in 0..=k {
            can_empty |= forward.gaps[g] & reverse(backward.gaps[k - g]);
        }
        let (can_fill, can_empty) = (can_fill & cells, can_empty & cells);
        if can_fill | can_empty != cells {
            return None;
        }
        Some([cells & !can_empty, cells & !can_fill])
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// A line's clue is its runs of filled cells, counted by hand: none for an empty line,
    /// a run at either end kept.
    #[test]
    fn a_lines_clue_is_its_runs() {
        let line = |text: &str| clue_of(text.chars().map(|c| c == '#'));
        assert_eq!(line(""), Vec::<usize>::new());
        assert_eq!(line("...."), Vec::<usize>::new());
        assert_eq!(line("#"), vec![1]);
        assert_eq!(line("##.#..###"), vec![2, 1, 3]);
        assert_eq!(line(".#.##."), vec![1, 2]);
    }

    /// A small random generator for the tests of this crate (xorshift64).
    pub(crate) fn xorshift(mut seed: u64) -> impl FnMut() -> u64 {
        move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        }
    }

    #[test]
    fn article_000_placements() {
        assert_eq!(placements(&[2, 1], 5), vec![vec![0, 3], vec![0, 4], vec![1, 4]]);
        assert_eq!(placements(&[3, 2, 2], 10), vec![vec![0, 4, 7], vec![0, 4, 8], vec![0, 5, 8], vec![1, 5, 8]]);
        assert_eq!(count_placements(&[2, 1], 5), 3);
        assert_eq!(count_placements(&[3, 2, 2], 10), 4);
        assert_eq!(count_placements(&[], 7), 1);
        assert_eq!(count_placements(&[8], 7), 0);
    }

    #[test]
    fn counting_agrees_with_enumeration_and_saturates() {
        for clue in [vec![1], vec![1, 1], vec![2, 3, 1], vec![1, 1, 1, 1]] {
            for length in 0..15 {
                assert_eq!(count_placements(&clue, length), placements(&clue, length).len() as u128);
            }
        }
        assert_eq!(count_placements(&[1; 60], 400), u128::MAX);
    }

    /// The bit-parallel solver decides exactly what the table DP decides, contradictions
    /// included, on random lines up to the longest it takes.
    #[test]
    fn mask_solver_matches_the_table_dp() {
        let mut solver = LineSolver::default();
        let mut random = xorshift(99);
        for round in 0..20_000 {
            let n = if round % 10 == 0 { MASK_LENGTH - (random() % 4) as usize } else { (random() % 30) as usize };
            let truth: Vec<bool> = (0..n).map(|_| !random().is_multiple_of(3)).collect();
            let clue = clue_of(truth.iter().copied());
            let cells: Vec<Cell> = truth
                .iter()
                .map(|&f| match random() % 5 {
                    0 => [Cell::Empty, Cell::Filled][usize::from(f)],
                    1 if random().is_multiple_of(6) => [Cell::Filled, Cell::Empty][usize::from(f)],
                    _ => Cell::Unknown,
                })
                .collect();
            let mut solved = cells.clone();
            let expected = solver.solve(&clue, &mut solved).then(|| masks_of(&solved));
            assert_eq!(solver.solve_masks(&clue, n, masks_of(&cells)), expected, "{clue:?} {cells:?}");
        }
    }

    /// The line solver against brute force: every placement consistent with the known cells.
    #[test]
    fn line_solver_matches_brute_force() {
        let mut solver = LineSolver::default();
        let mut random = xorshift(12345);
        for _ in 0..3000 {
            let n = (random() % 12 + 1) as usize;
            let truth: Vec<bool> = (0..n).map(|_| random().is_multiple_of(2)).collect();
            let clue = clue_of(truth.iter().copied());
            // Reveal some cells, sometimes wrongly, to test contradictions too.
            let cells: Vec<Cell> = truth
                .iter()
                .map(|&f| match random() % 6 {
                    0 => {
                        if f {
                            Cell::Filled
                        } else {
                            Cell::Empty
                        }
                    }
                    1 if random().is_multiple_of(4) => {
                        if f {
                            Cell::Empty
                        } else {
                            Cell::Filled
                        }
                    }
                    _ => Cell::Unknown,
                })
                .collect();
            let consistent: Vec<Vec<bool>> = placements(&clue, n)
                .iter()
                .map(|s| fill(&clue, s, n))
                .filter(|l| l.iter().zip(&cells).all(|(&f, &c)| c == Cell::Unknown || (c == Cell::Filled) == f))
                .collect();
            let mut solved = cells.clone();
            let ok = solver.solve(&clue, &mut solved);
            assert_eq!(ok, !consistent.is_empty(), "{clue:?} {cells:?}");
            if ok {
                for x in 0..n {
                    let expected = if consistent.iter().all(|l| l[x]) {
                        Cell::Filled
                    } else if consistent.iter().all(|l| !l[x]) {
                        Cell::Empty
                    } else {
                        Cell::Unknown
                    };
                    assert_eq!(solved[x], expected, "{clue:?} {cells:?} cell {x}");
                }
            } else {
                assert_eq!(solved, cells);
            }
        }
    }
}
