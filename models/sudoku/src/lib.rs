//! Sudoku of any n²×n² size (4×4, 9×9, 16×16, 25×25): formats ([`format`](mod@format)), three
//! formulations, an independent [`check`]er, and counting.
//!
//! | formulation | article | backends (`CP`, `MILP`: every backend of the family) | file |
//! |---|---|---|---|
//! | [`Formulation::AllDifferent`] | 002 | CP | [`all_different`] |
//! | [`Formulation::Binary`] | — (the assignment MILP `x[r][c][v]`) | MILP | [`binary`] |
//! | [`Formulation::Native`] | — (candidates as bit sets, singles, branching) | native | [`native`] |
//!
//! [`masu_core::solve`] builds the chosen model, runs it on the chosen backend, re-checks every
//! solution, and reports whether it is unique (`solution_limit` 2) or counts up to N.

pub mod check;
mod corpus;
mod examples;
pub mod format;
pub mod generate;
pub mod models;
pub mod native;
pub mod render;

#[cfg(feature = "cp-sat")]
pub use models::all_different;
pub use models::binary;

use std::path::Path;

use masu_core::{Backend, Error, Invalid, Item, Puzzle, SolveOptions};

pub use format::{Alphabet, parse_puzzles};
pub use masu_core::ParseError;

/// A solution: the grid's rows.
pub type Grid = Vec<Vec<u8>>;

/// A puzzle: `side × side` cells row by row, 0 blank, givens in `1..=side`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sudoku {
    side: usize,
    box_size: usize,
    cells: Vec<u8>,
    alphabet: Alphabet,
}

impl Sudoku {
    /// A puzzle from its cells (row by row, 0 blank); the side is the square root of their
    /// number. Contradictory givens (a value twice in a row, column or box) are an error.
    pub fn new(cells: Vec<u8>) -> Result<Sudoku, Invalid> {
        Sudoku::with_alphabet(cells, Alphabet::DigitsThenLetters)
    }

    /// As [`Sudoku::new`], remembering the symbols to print it with.
    pub fn with_alphabet(cells: Vec<u8>, alphabet: Alphabet) -> Result<Sudoku, Invalid> {
        let side = (cells.len() as f64).sqrt() as usize;
        let box_size = (side as f64).sqrt() as usize;
        if side * side != cells.len() || box_size * box_size != side || !(4..=25).contains(&side) {
            return Err(Invalid(format!("{} cells is not a 4×4, 9×9, 16×16 or 25×25 sudoku", cells.len())));
        }
        if let Some(&v) = cells.iter().find(|&&v| usize::from(v) > side) {
            return Err(Invalid(format!("value {v} is out of 1..{side}")));
        }
        let sudoku = Sudoku { side, box_size, cells, alphabet };
        if let Some(conflict) = check::first_repeat(&sudoku, &sudoku.cells) {
            return Err(Invalid(format!("contradictory givens: {conflict}")));
        }
        Ok(sudoku)
    }

    /// Cells per row.
    pub fn side(&self) -> usize {
        self.side
    }
    /// Cells per box row (3 for 9×9).
    pub fn box_size(&self) -> usize {
        self.box_size
    }
    /// The cells row by row, 0 blank.
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }
    /// The symbols the puzzle was written with.
    pub fn alphabet(&self) -> Alphabet {
        self.alphabet
    }
    /// The given at row `r`, column `c` (0-based), 0 if blank.
    pub fn given(&self, r: usize, c: usize) -> u8 {
        self.cells[r * self.side + c]
    }
    /// The box index (row-major) of cell `(r, c)`.
    pub fn box_of(&self, r: usize, c: usize) -> usize {
        (r / self.box_size) * self.box_size + c / self.box_size
    }
    /// The cells of every row, column and box, as `(name, [(r, c)])`: the units that must
    /// each hold every value once.
    pub fn units(&self) -> Vec<(String, Vec<(usize, usize)>)> {
        let (s, n) = (self.side, self.box_size);
        let mut units = Vec::with_capacity(3 * s);
        for r in 0..s {
            units.push((format!("row {}", r + 1), (0..s).map(|c| (r, c)).collect()));
        }
        for c in 0..s {
            units.push((format!("column {}", c + 1), (0..s).map(|r| (r, c)).collect()));
        }
        for b in 0..s {
            let (r0, c0) = ((b / n) * n, (b % n) * n);
            units.push((format!("box {}", b + 1), (0..s).map(|i| (r0 + i / n, c0 + i % n)).collect()));
        }
        units
    }
    /// The puzzle on one line.
    pub fn to_line(&self) -> String {
        format::to_line(self.side, self.alphabet, &self.cells)
    }
    /// A solution (cells row by row) on one line, in this puzzle's symbols.
    pub fn render_line(&self, cells: &[u8]) -> String {
        format::to_line(self.side, self.alphabet, cells)
    }
    /// A solution grid as text, in this puzzle's symbols.
    pub fn render(&self, grid: &Grid) -> String {
        format::to_grid(self.side, self.alphabet, &grid.concat())
    }
}

masu_core::formulations! {
    /// How the puzzle becomes a model.
    pub enum Formulation for "sudoku": Sudoku => Found {
        /// Article 002: one integer per cell, AllDifferent per row, column and box (CP-SAT).
        AllDifferent = "all-different" on [CP] needs "cp-sat" => all_different::solve,
        /// One binary per cell and value, exactly-one constraints (a MILP).
        Binary = "binary" on [MILP] => binary::solve,
        /// Candidates as bit sets, naked and hidden singles, branching on the fewest
        /// candidates; counts solutions.
        Native = "native" on [Native] => |puzzle, _, options| native::solve(puzzle, options),
    }
}

/// What a formulation found, before checking: each solution's cells row by row.
pub(crate) type Found = masu_core::Found<Vec<u8>>;

impl Puzzle for Sudoku {
    type Solution = Grid;
    type Formulation = Formulation;
    type Violation = check::Violation;
    type Rule = masu_core::NoRule;
    const KIND: &'static str = "sudoku";
    const DEFAULT: Formulation = Formulation::AllDifferent;

    /// One-line files (`.txt`, `.sdk`) and JSON, leaving out solution files and `counts.json`.
    fn is_puzzle_file(path: &Path) -> bool {
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        (name.ends_with(".txt") || name.ends_with(".json") || name.ends_with(".sdk"))
            && !name.ends_with(".solutions.txt")
            && name != "counts.json"
    }
    fn read(_: masu_core::Format, text: &str) -> Vec<Item<Sudoku>> {
        parse_puzzles(text)
    }
    fn find(
        &self,
        formulation: Formulation,
        backend: Backend,
        options: &SolveOptions,
    ) -> Result<masu_core::Found<Grid>, Error> {
        let found = formulation.find(self, backend, options)?;
        Ok(found.map(|cells| cells.chunks(self.side).map(<[u8]>::to_vec).collect()))
    }
    fn check(&self, solution: &Grid) -> Result<(), check::Violation> {
        check::check(self, &solution.concat())
    }
    fn render(&self, solution: &Grid) -> String {
        Sudoku::render(self, solution)
    }
    fn one_line(&self, solution: &Grid) -> String {
        self.render_line(&solution.concat())
    }
    fn solution_from_json(value: serde_json::Value) -> Result<Grid, Invalid> {
        serde_json::from_value(value).map_err(|e| Invalid(format!("not a sudoku grid: {e}")))
    }
    fn to_text(&self) -> String {
        self.to_line()
    }
    fn from_text(text: &str) -> Result<Sudoku, Invalid> {
        format::parse_line(text).map_err(|e| Invalid(e.message))
    }
    fn url(&self) -> Option<String> {
        Some(format::to_url(self))
    }
    fn from_url(url: &masu_core::pzpr::Url) -> Result<Sudoku, Invalid> {
        format::parse_url(url)
    }
    fn svg(&self, solution: Option<&Grid>) -> Option<String> {
        Some(render::svg(self, solution))
    }
}
