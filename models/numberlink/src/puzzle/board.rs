//! The board: its cells, pairs and rule, and the geometry the formulations share
//! (neighbours, edges, 2×2 blocks, shortcuts through a cell).

use std::fmt;
use std::str::FromStr;

use masu_core::Invalid;

use crate::puzzle::geometry::Side;

/// Whether every cell must be on a path.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize, clap::ValueEnum)]
#[serde(rename_all = "kebab-case")]
pub enum Rule {
    /// Every cell is on a path (Flow Free).
    Fill,
    /// Cells may stay empty (Janko's Arukone).
    Blanks,
}

impl FromStr for Rule {
    type Err = Invalid;
    fn from_str(s: &str) -> Result<Rule, Invalid> {
        match s {
            "fill" => Ok(Rule::Fill),
            "blanks" => Ok(Rule::Blanks),
            _ => Err(Invalid(format!("unknown rule '{s}' (expected fill or blanks)"))),
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

/// A blank cell and two cells it could join, with their fourth cell when they are diagonal
/// (as [`Numberlink::shortcuts`] gives them), as cell indices.
pub(crate) type Shortcut = (usize, usize, usize, Option<usize>);

/// A puzzle: a rectangle of cells, 0 blank, `1..=pairs` endpoints, each number exactly twice.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Numberlink {
    pub(crate) width: usize,
    pub(crate) height: usize,
    pub(crate) cells: Vec<u32>,
    pub(crate) pairs: u32,
    /// Whether every cell must be covered.
    pub rule: Rule,
}

impl Numberlink {
    /// A puzzle from its rows (0 blank); errors name the cell at fault.
    pub fn new(rows: Vec<Vec<u32>>, rule: Rule) -> Result<Numberlink, Invalid> {
        Numberlink::labelled(rows, rule, |k| format!("number {k}"))
    }

    /// [`Numberlink::new`], with `label(k)` naming number `k` in errors as the source wrote
    /// it (formats renumber their symbols).
    pub fn labelled(rows: Vec<Vec<u32>>, rule: Rule, label: impl Fn(u32) -> String) -> Result<Numberlink, Invalid> {
        let height = rows.len();
        let width = rows.first().map_or(0, Vec::len);
        if height == 0 || width == 0 {
            return Err(Invalid("an empty board".into()));
        }
        if let Some((r, row)) = rows.iter().enumerate().find(|(_, row)| row.len() != width) {
            return Err(Invalid(format!(
                "row {} has {} cells, row 1 has {width}: the board is not a rectangle",
                r + 1,
                row.len()
            )));
        }
        let cells: Vec<u32> = rows.into_iter().flatten().collect();
        let pairs = cells.iter().copied().max().unwrap_or(0);
        if pairs == 0 {
            return Err(Invalid("no endpoints: the board has no pairs to connect".into()));
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
            return Err(Invalid(format!("{}; each number must appear exactly twice", miscounted.join("; "))));
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
    /// The orthogonal neighbours of a cell: east, south, west, north, those on the board.
    pub fn neighbours(&self, (r, c): Cell) -> impl Iterator<Item = Cell> + '_ {
        let (w, h) = (self.width, self.height);
        Side::ALL.into_iter().filter_map(move |side| side.step(r * w + c, w, h)).map(move |j| (j / w, j % w))
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
    pub(crate) fn shortcuts(&self) -> Vec<Shortcut> {
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
    /// The corners that could move down a diagonal: for each cell `c` with a cell below it,
    /// a `┌` (its right neighbour) and a `┐` (its left one) where the board has them, as
    /// `(c, beside, below, across)`, `across` the fourth cell of the 2×2 block. A path turning
    /// at `c` through `beside` and `below` could run through `across` instead, one row lower
    /// (docs/counting.md, move 3). Cells row-major.
    pub fn corners_down(&self) -> Vec<(usize, usize, usize, usize)> {
        let w = self.width;
        let mut all = Vec::new();
        for r in 0..self.height.saturating_sub(1) {
            for c in 0..w {
                let (here, below) = (r * w + c, (r + 1) * w + c);
                if c + 1 < w {
                    all.push((here, here + 1, below, below + 1));
                }
                if c > 0 {
                    all.push((here, here - 1, below, below - 1));
                }
            }
        }
        all
    }
    /// `nested[i]`: whether a `┌` (bit 0) and a `┐` (bit 1) may stand at cell `i` when
    /// corners nest (each has the same corner or an endpoint across its 2×2 block): the
    /// diagonal below it, down-right (down-left), holds an endpoint before the board's edge.
    pub(crate) fn nested_corners(&self) -> Vec<u8> {
        let (w, h, clue) = (self.width, self.height, &self.cells);
        let mut nested = vec![0u8; w * h];
        for i in (0..w * h).rev() {
            let (r, c) = (i / w, i % w);
            let se = r + 1 < h && c + 1 < w && (clue[i + w + 1] != 0 || nested[i + w + 1] & 1 != 0);
            let sw = r + 1 < h && c > 0 && (clue[i + w - 1] != 0 || nested[i + w - 1] & 2 != 0);
            nested[i] = u8::from(se) | u8::from(sw) << 1;
        }
        nested
    }
    /// The index of a cell, row-major.
    pub fn index(&self, (r, c): Cell) -> usize {
        r * self.width + c
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
