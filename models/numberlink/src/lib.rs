//! Numberlink (ナンバーリンク, Arukone, Flow Free): connect each pair of equal numbers by a path
//! through orthogonally adjacent cells; paths do not cross or share cells.
//!
//! | formulation | article | backends | file |
//! |---|---|---|---|
//! | [`Formulation::Reified`] | 001, as its code runs (cells in `1..m`) | cp-sat | [`reified`] |
//! | [`Formulation::ReifiedZero`] | 001, as its prose says (0 = unused) | cp-sat | [`reified`] |
//! | [`Formulation::Connected`] | — (the flaw removed: one circuit) | cp-sat | [`connected`] |
//! | [`Formulation::Milp`] | — (edges, degrees, lazy cycle cuts) | highs, cp-sat | [`milp`] |
//! | [`Formulation::Native`] | — (paths grown cell by cell, flow solvers' cuts) | native | [`native`] |
//!
//! Rules are explicit ([`Rule`]): `fill` (every cell on a path: Flow Free) or `blanks`
//! (cells may stay empty: Janko's Arukone). Paths may touch themselves: no source here makes
//! that a rule. A solution is the paths themselves ([`Paths`]); the numbered grid follows from
//! them, and the [`check`]er verifies both.

mod cdcl;
pub mod check;
#[cfg(feature = "cp-sat")]
pub mod connected;
pub mod format;
pub mod generate;
pub mod milp;
pub mod native;
#[cfg(feature = "cp-sat")]
pub mod reified;
pub mod render;

use std::fmt;
use std::str::FromStr;

use masu_core::{Backend, Error, Report, SolveOptions, Stats};

/// Whether every cell must be on a path.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Rule {
    /// Every cell is on a path (Flow Free).
    Fill,
    /// Cells may stay empty (Janko's Arukone).
    Blanks,
}

impl FromStr for Rule {
    type Err = String;
    fn from_str(s: &str) -> Result<Rule, String> {
        match s {
            "fill" => Ok(Rule::Fill),
            "blanks" => Ok(Rule::Blanks),
            _ => Err(format!("unknown rule '{s}' (expected fill or blanks)")),
        }
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Rule::Fill => "fill",
            Rule::Blanks => "blanks",
        })
    }
}

/// A cell: (row, column).
pub type Cell = (usize, usize);

/// A puzzle: a rectangle of cells, 0 blank, `1..=pairs` endpoints, each number exactly twice.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Numberlink {
    width: usize,
    height: usize,
    cells: Vec<u32>,
    pairs: u32,
    /// Whether every cell must be covered.
    pub rule: Rule,
}

impl Numberlink {
    /// A puzzle from its rows (0 blank); errors name the cell at fault.
    pub fn new(rows: Vec<Vec<u32>>, rule: Rule) -> Result<Numberlink, String> {
        Numberlink::labelled(rows, rule, |k| format!("number {k}"))
    }

    /// [`Numberlink::new`], with `label(k)` naming number `k` in errors as the source wrote
    /// it (formats renumber their symbols).
    pub fn labelled(rows: Vec<Vec<u32>>, rule: Rule, label: impl Fn(u32) -> String) -> Result<Numberlink, String> {
        let height = rows.len();
        let width = rows.first().map_or(0, Vec::len);
        if height == 0 || width == 0 {
            return Err("an empty board".into());
        }
        if let Some((r, row)) = rows.iter().enumerate().find(|(_, row)| row.len() != width) {
            return Err(format!(
                "row {} has {} cells, row 1 has {width}: the board is not a rectangle",
                r + 1,
                row.len()
            ));
        }
        let cells: Vec<u32> = rows.into_iter().flatten().collect();
        let pairs = cells.iter().copied().max().unwrap_or(0);
        if pairs == 0 {
            return Err("no endpoints: the board has no pairs to connect".into());
        }
        let miscounted: Vec<String> = (1..=pairs)
            .filter_map(|k| {
                let at: Vec<String> = (0..cells.len())
                    .filter(|&i| cells[i] == k)
                    .map(|i| format!("r{}c{}", i / width + 1, i % width + 1))
                    .collect();
                let places = if at.is_empty() { String::new() } else { format!(" (at {})", at.join(", ")) };
                (at.len() != 2).then(|| format!("{} appears {} time(s){places}", label(k), at.len()))
            })
            .collect();
        if !miscounted.is_empty() {
            return Err(format!("{}; each number must appear exactly twice", miscounted.join("; ")));
        }
        Ok(Numberlink { width, height, cells, pairs, rule })
    }
    /// Cells per row.
    pub fn width(&self) -> usize {
        self.width
    }
    /// Rows.
    pub fn height(&self) -> usize {
        self.height
    }
    /// Number of pairs (numbers are `1..=pairs`).
    pub fn pairs(&self) -> u32 {
        self.pairs
    }
    /// The clue at a cell (0 blank).
    pub fn at(&self, (r, c): Cell) -> u32 {
        self.cells[r * self.width + c]
    }
    /// The rows of the board.
    pub fn rows(&self) -> Vec<Vec<u32>> {
        self.cells.chunks(self.width).map(<[u32]>::to_vec).collect()
    }
    /// The two endpoints of number `k` (1-based), in reading order.
    pub fn endpoints(&self, k: u32) -> (Cell, Cell) {
        let mut at =
            self.cells.iter().enumerate().filter(|&(_, &v)| v == k).map(|(i, _)| (i / self.width, i % self.width));
        let a = at.next().unwrap_or((0, 0));
        (a, at.next().unwrap_or(a))
    }
    /// The orthogonal neighbours of a cell.
    pub fn neighbours(&self, (r, c): Cell) -> impl Iterator<Item = Cell> + '_ {
        [(0i64, 1i64), (1, 0), (0, -1), (-1, 0)].into_iter().filter_map(move |(dr, dc)| {
            let (nr, nc) = (r as i64 + dr, c as i64 + dc);
            (nr >= 0 && nc >= 0 && (nr as usize) < self.height && (nc as usize) < self.width)
                .then_some((nr as usize, nc as usize))
        })
    }
    /// Every edge between orthogonal neighbours, each once (`a < b` in reading order).
    pub fn edges(&self) -> Vec<(Cell, Cell)> {
        let mut edges = Vec::new();
        for r in 0..self.height {
            for c in 0..self.width {
                if c + 1 < self.width {
                    edges.push(((r, c), (r, c + 1)));
                }
                if r + 1 < self.height {
                    edges.push(((r, c), (r + 1, c)));
                }
            }
        }
        edges
    }
    /// The cell indices of every 2×2 block. In an induced solution no block is all one
    /// number: its four cells would be pairwise linked, a closed loop of four.
    pub fn squares(&self) -> Vec<[usize; 4]> {
        let w = self.width;
        let mut squares = Vec::new();
        for r in 1..self.height {
            for c in 1..w {
                let i = r * w + c;
                squares.push([i - w - 1, i - w, i - 1, i]);
            }
        }
        squares
    }
    /// The shortcuts through each cell `b` that is not an endpoint: two of its neighbours
    /// `c, d` and, when they are around a corner, `Some(e)`, the other cell next to both
    /// (`None` when they are opposite). A path through `c` and `d` that leaves `b` blank
    /// can be shortcut through `b` unless it goes round that corner through `e`
    /// (`by_blanks`). Cells row-major, as `(b, c, d, e)`.
    pub fn shortcuts(&self) -> Vec<(usize, usize, usize, Option<usize>)> {
        let (w, h) = (self.width, self.height);
        let mut all = Vec::new();
        for (b, _) in self.cells.iter().enumerate().filter(|&(_, &clue)| clue == 0) {
            let (r, c) = (b / w, b % w);
            if r > 0 && r + 1 < h {
                all.push((b, b - w, b + w, None));
            }
            if c > 0 && c + 1 < w {
                all.push((b, b - 1, b + 1, None));
            }
            let rows = [(r > 0).then(|| b - w), (r + 1 < h).then(|| b + w)];
            let columns = [(c > 0).then(|| b - 1), (c + 1 < w).then(|| b + 1)];
            for vertical in rows.into_iter().flatten() {
                for horizontal in columns.into_iter().flatten() {
                    all.push((b, vertical, horizontal, Some(vertical + horizontal - b)));
                }
            }
        }
        all
    }
    /// The index of a cell, row-major.
    pub fn index(&self, (r, c): Cell) -> usize {
        r * self.width + c
    }
}

/// A solution: for each number `k`, its path from its first endpoint (reading order) to the
/// second, and the numbered grid (0 = unused cell) that the paths draw.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize)]
pub struct Paths {
    /// `numbers[r][c]`: the number of the path through the cell, 0 if none.
    pub numbers: Vec<Vec<u32>>,
    /// `paths[k - 1]`: the cells of number `k`'s path, endpoint to endpoint.
    pub paths: Vec<Vec<Cell>>,
}

impl Paths {
    /// Every cell is on a path (no cell left blank).
    pub fn fills_board(&self) -> bool {
        self.numbers.iter().flatten().all(|&v| v != 0)
    }

    /// Paths traced from undirected links (`(a, b)` pairs): from each number's first endpoint,
    /// follow the links. The numbered grid marks every linked cell with the number given by
    /// `number_of` (for models that assign numbers to cells), so that cells the trace does
    /// not reach (a detached loop) stay visible to the checker.
    pub fn trace(puzzle: &Numberlink, links: &[(Cell, Cell)], number_of: impl Fn(Cell) -> u32) -> Paths {
        let mut adjacent: Vec<Vec<Cell>> = vec![Vec::new(); puzzle.width * puzzle.height];
        for &(a, b) in links {
            adjacent[puzzle.index(a)].push(b);
            adjacent[puzzle.index(b)].push(a);
        }
        let mut numbers = vec![vec![0; puzzle.width]; puzzle.height];
        for &(a, b) in links {
            numbers[a.0][a.1] = number_of(a);
            numbers[b.0][b.1] = number_of(b);
        }
        let mut paths = Vec::new();
        for k in 1..=puzzle.pairs {
            let (start, _) = puzzle.endpoints(k);
            let mut path = vec![start];
            let mut previous: Option<Cell> = None;
            let mut here = start;
            while path.len() <= puzzle.width * puzzle.height {
                let next = adjacent[puzzle.index(here)].iter().copied().find(|&n| Some(n) != previous);
                match next {
                    Some(n) => {
                        previous = Some(here);
                        here = n;
                        path.push(n);
                        if puzzle.at(n) == k {
                            break;
                        }
                    }
                    None => break,
                }
            }
            numbers[start.0][start.1] = k;
            paths.push(path);
        }
        Paths { numbers, paths }
    }
}

/// How the puzzle becomes a model.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Formulation {
    /// Article 001 as its code runs: cells in `1..m`, degree by reified equalities.
    Reified,
    /// Article 001 as its prose says: cells in `0..m`, 0 = unused.
    ReifiedZero,
    /// One circuit through every used cell: no detached loops.
    Connected,
    /// Cell-number and edge binaries, degrees, lazy cycle cuts.
    Milp,
    /// A complete search growing paths cell by cell; no backend.
    Native,
}

impl Formulation {
    /// Every formulation.
    pub const ALL: [Formulation; 5] = [
        Formulation::Connected,
        Formulation::Milp,
        Formulation::Native,
        Formulation::Reified,
        Formulation::ReifiedZero,
    ];
    /// The name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Formulation::Reified => "reified",
            Formulation::ReifiedZero => "reified-zero",
            Formulation::Connected => "connected",
            Formulation::Milp => "milp",
            Formulation::Native => "native",
        }
    }
    /// The backends it runs on, its own first.
    pub fn backends(self) -> &'static [Backend] {
        match self {
            Formulation::Milp => &[Backend::Highs, Backend::CpSat],
            Formulation::Native => &[Backend::Native],
            _ => &[Backend::CpSat],
        }
    }
}

impl fmt::Display for Formulation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Formulation {
    type Err = String;
    fn from_str(s: &str) -> Result<Formulation, String> {
        Formulation::ALL.into_iter().find(|f| f.name() == s).ok_or_else(|| {
            format!("unknown numberlink formulation '{s}' (expected connected, milp, native, reified or reified-zero)")
        })
    }
}

/// What a formulation found, before checking.
pub(crate) struct Found {
    pub(crate) solutions: Vec<Paths>,
    pub(crate) complete: bool,
    pub(crate) stats: Stats,
}

/// The components of `links` (pairs of cell indices) that hold no endpoint: detached loops,
/// each as the positions of its links in `links`.
pub(crate) fn detached_loops(puzzle: &Numberlink, links: &[(usize, usize)]) -> Vec<Vec<usize>> {
    let n = puzzle.width * puzzle.height;
    let mut parent: Vec<usize> = (0..n).collect();
    fn find(parent: &mut [usize], x: usize) -> usize {
        let mut root = x;
        while parent[root] != root {
            root = parent[root];
        }
        let mut x = x;
        while parent[x] != root {
            let next = parent[x];
            parent[x] = root;
            x = next;
        }
        root
    }
    for &(a, b) in links {
        let (ra, rb) = (find(&mut parent, a), find(&mut parent, b));
        parent[ra] = rb;
    }
    let mut has_endpoint = vec![false; n];
    for (i, &number) in puzzle.cells.iter().enumerate() {
        if number != 0 {
            let root = find(&mut parent, i);
            has_endpoint[root] = true;
        }
    }
    let mut by_root: std::collections::BTreeMap<usize, Vec<usize>> = std::collections::BTreeMap::new();
    for (at, &(a, _)) in links.iter().enumerate() {
        let root = find(&mut parent, a);
        if !has_endpoint[root] {
            by_root.entry(root).or_default().push(at);
        }
    }
    by_root.into_values().collect()
}

/// Counts up to `limit` solutions with `search(induced, limit)`, which returns what it found
/// and whether it ran out of solutions below its limit (not stopped by the clock). Returns
/// the solutions and whether they are all there are.
///
/// Under the blanks rule it first counts *induced* solutions, in which no path touches
/// itself: where a path touches itself it can be shortcut, its detour left blank, so every
/// solution shortcuts to an induced one on a subset of its cells. Hence no induced solution
/// means none at all; two are two solutions; and one, `P`, that fills the board is the only
/// solution (another would shortcut to `P` on a subset of its cells, so be `P`). Only when
/// the single induced solution leaves cells blank, or more than two are asked for, does the
/// full search run. Induced solutions are much easier to find and to exhaust: a cell's
/// same-numbered neighbours are exactly its path neighbours.
pub(crate) fn induced_first<E>(
    puzzle: &Numberlink,
    limit: usize,
    mut search: impl FnMut(bool, usize) -> Result<(Vec<Paths>, bool), E>,
) -> Result<(Vec<Paths>, bool), E> {
    if puzzle.rule == Rule::Blanks && limit > 0 {
        let (solutions, exhausted) = search(true, limit.min(2))?;
        let count = solutions.len();
        let stopped = !exhausted && count < limit.min(2);
        let fills = count == 1 && solutions[0].fills_board();
        let settled = exhausted && (count == 0 || fills);
        if stopped || count >= limit || settled {
            return Ok((solutions, settled));
        }
    }
    search(false, limit)
}

/// The most cells a solution can leave blank, and the parity of every solution's blank
/// count: a path from `s` to `t` has `|s − t|₁ + 1` cells at least, and that many plus an
/// even number (on a chess-board colouring its cells alternate in colour).
pub(crate) fn blank_bounds(puzzle: &Numberlink) -> (usize, usize) {
    let shortest: usize = (1..=puzzle.pairs())
        .map(|k| {
            let ((r1, c1), (r2, c2)) = puzzle.endpoints(k);
            r1.abs_diff(r2) + c1.abs_diff(c2) + 1
        })
        .sum();
    let most = (puzzle.width * puzzle.height).saturating_sub(shortest);
    (most, most % 2)
}

/// Which induced solutions of a blanks-rule puzzle one search of `by_blanks` counts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Slice {
    /// Those leaving a number of cells blank in this range.
    pub blanks: std::ops::RangeInclusive<usize>,
    /// Only those without a shortcut through a blank cell may be counted.
    pub shortcut_free: bool,
}

/// Counts up to `limit` solutions of a blanks-rule puzzle with `search(slice, limit)`, which
/// counts the solutions in `slice`, in disjoint slices by their number of blank cells:
/// `search` returns what it found and whether it ran out of solutions below its limit.
///
/// The slices hold one possible blank count each up to 8 (`p`, `p + 2`, …, with `p` the
/// parity of every blank count, [`blank_bounds`]), then double, until a slice has a
/// solution; after it, one slice covers the rest. Janko's solutions leave few cells blank
/// (348 of 352 none, the others 1 to 4), and a model held to few blanks is far easier to
/// search (`docs/tuning.md`).
///
/// With [`Slice::shortcut_free`], `search` may count only solutions that no path could
/// shortcut through one blank cell ([`Numberlink::shortcuts`]): no blank cell has two
/// neighbours of one number opposite each other, nor around a corner unless the cell at that
/// corner has the number too. That is asked once one more solution settles the count: then
/// any solution in the slices left will do, and one without shortcuts is there if any
/// solution is. The solution leaving the most cells blank of all has no shortcut (the path
/// between two cells opposite around a blank has 3 cells or more between them, and so has one
/// between two cells around a corner not through it, so the shortcut would leave more
/// blank), nor does any path touch itself (that too could be shortcut); and it leaves at
/// least as many blanks as any other solution, so as any in the slices left, all of which
/// leave more than those searched before. (With two or more wanted, the solutions with a
/// shortcut could be exactly those missed.)
pub(crate) fn by_blanks<E>(
    puzzle: &Numberlink,
    limit: usize,
    mut search: impl FnMut(Slice, usize) -> Result<(Vec<Paths>, bool), E>,
) -> Result<(Vec<Paths>, bool), E> {
    let (most, parity) = blank_bounds(puzzle);
    let (mut solutions, mut low) = (Vec::<Paths>::new(), 0);
    loop {
        let high = if !solutions.is_empty() {
            most
        } else if low <= 8 {
            low + (low + parity) % 2
        } else {
            (2 * low).min(most)
        };
        let shortcut_free = limit - solutions.len() == 1;
        let (found, exhausted) = search(Slice { blanks: low..=high, shortcut_free }, limit - solutions.len())?;
        solutions.extend(found);
        if !exhausted || solutions.len() >= limit || high >= most {
            return Ok((solutions, exhausted));
        }
        low = high + 1;
    }
}

/// Solves `puzzle` with `formulation` on `backend`, up to `options.solution_limit`
/// solutions, each re-checked by [`check::check`]. The article's `reified` model admits
/// detached loops (its known flaw): such an answer fails the checker and comes back as
/// [`Error::WrongAnswer`], never as a solution.
pub fn solve(
    puzzle: &Numberlink,
    formulation: Formulation,
    backend: Backend,
    options: &SolveOptions,
) -> Result<Report<Paths>, Error> {
    masu_core::check_backend(formulation.name(), formulation.backends(), backend)?;
    let found = match formulation {
        #[cfg(feature = "cp-sat")]
        Formulation::Reified => reified::solve(puzzle, false, options)?,
        #[cfg(feature = "cp-sat")]
        Formulation::ReifiedZero => reified::solve(puzzle, true, options)?,
        #[cfg(feature = "cp-sat")]
        Formulation::Connected => connected::solve(puzzle, options)?,
        Formulation::Milp => milp::solve(puzzle, backend, options)?,
        Formulation::Native => native::solve(puzzle, options)?,
        #[allow(unreachable_patterns)]
        _ => return Err(Error::NotCompiled(backend)),
    };
    checked(puzzle, formulation, backend, found, options)
}

/// The report of `found`, every answer re-checked by [`check::check`].
fn checked(
    puzzle: &Numberlink,
    formulation: Formulation,
    backend: Backend,
    found: Found,
    options: &SolveOptions,
) -> Result<Report<Paths>, Error> {
    Report::checked(
        backend,
        formulation.name(),
        found.solutions,
        found.complete,
        found.stats,
        options,
        |paths: &Paths| check::check(puzzle, paths),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::native::tests::{boards, with_blank_row};

    /// On a 3×3 board the centre has 2 opposite pairs and 4 corners, an edge's middle 1 and
    /// 2, a corner 0 and 1; endpoints have none.
    #[test]
    fn shortcuts_pass_through_cells_that_are_not_endpoints() {
        let puzzle = Numberlink::new(vec![vec![1, 0, 0], vec![0, 0, 0], vec![0, 0, 1]], Rule::Blanks).unwrap();
        let shortcuts = puzzle.shortcuts();
        let through = |b: usize, corner: bool| shortcuts.iter().filter(|s| s.0 == b && s.3.is_some() == corner).count();
        assert_eq!([through(4, false), through(4, true)], [2, 4]);
        assert_eq!([through(1, false), through(1, true)], [1, 2]);
        assert_eq!([through(2, false), through(2, true)], [0, 1]);
        assert_eq!([through(0, false), through(0, true), through(8, true)], [0, 0, 0]);
        assert!(shortcuts.contains(&(4, 1, 7, None)) && shortcuts.contains(&(4, 1, 5, Some(2))));
        assert!(shortcuts.contains(&(2, 5, 1, Some(4)))); // below, left, and the centre
    }

    /// A 3-wide, 2-high board has two blocks, each the four cells around an inner corner.
    #[test]
    fn squares_are_the_two_by_two_blocks() {
        let puzzle = Numberlink::new(vec![vec![1, 0, 2], vec![1, 0, 2]], Rule::Blanks).unwrap();
        assert_eq!(puzzle.squares(), vec![[0, 1, 3, 4], [1, 2, 4, 5]]);
    }

    /// Every solution of the native count (up to 50 a board) leaves a number of cells blank
    /// within [`blank_bounds`] and of its parity, and some board reaches the bound. The
    /// random boards are drawn from covers, so their parity is even; each is also taken with
    /// a blank row added, which makes it odd on boards of odd width.
    #[test]
    fn blank_counts_keep_their_bound_and_parity() {
        let options = SolveOptions { solution_limit: 50, ..SolveOptions::default() };
        let (mut solutions, mut at_most, mut odd) = (0, 0, 0);
        for puzzle in boards(3..6, Rule::Blanks).into_iter().flat_map(|p| [with_blank_row(&p), p]) {
            let (most, parity) = blank_bounds(&puzzle);
            odd += parity;
            for paths in native::solve(&puzzle, &options).unwrap().solutions {
                let blanks = paths.numbers.iter().flatten().filter(|&&v| v == 0).count();
                assert!(blanks <= most && blanks % 2 == parity, "{blanks} blanks, bound {most}: {puzzle:?}");
                solutions += 1;
                at_most += usize::from(blanks == most);
            }
        }
        assert!(solutions > 100 && at_most > 0 && odd > 0, "{solutions} solutions, {at_most} at the bound, {odd} odd");
    }
}
