//! The puzzle: a grid of `side × side` cells with its givens, and the units they form.

use masu_core::Invalid;

use super::check;
use super::format::{self, Alphabet};

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
