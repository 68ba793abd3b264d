//! The puzzle: the clues of its rows and columns, checked to be consistent.

use std::fmt;

use masu_core::Invalid;

/// A clue: the lengths of the blocks of one line, in order (empty for an empty line).
pub type Clue = Vec<usize>;

/// A solution: rows of cells, `true` filled.
pub type Grid = Vec<Vec<bool>>;

/// Why clues do not make a puzzle; `line` names the row or column at fault, if one is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InvalidPuzzle {
    /// The row (`Line::Row(i)`) or column at fault, 0-based; `None` for the whole puzzle.
    pub line: Option<Line>,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for InvalidPuzzle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for InvalidPuzzle {}

impl From<InvalidPuzzle> for String {
    fn from(e: InvalidPuzzle) -> String {
        e.message
    }
}

impl From<InvalidPuzzle> for Invalid {
    fn from(e: InvalidPuzzle) -> Invalid {
        Invalid(e.message)
    }
}

/// A row or a column, 0-based.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Line {
    /// Row `i`, top to bottom.
    Row(usize),
    /// Column `i`, left to right.
    Column(usize),
}

/// A puzzle: the clues of its rows (top to bottom) and columns (left to right), checked to
/// be consistent (every clue fits its line, and the rows and columns fill as many cells).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Nonogram {
    rows: Vec<Clue>,
    cols: Vec<Clue>,
}

impl Nonogram {
    /// A puzzle from its clues; a `[0]` clue is read as an empty line.
    pub fn new(rows: Vec<Clue>, cols: Vec<Clue>) -> Result<Nonogram, InvalidPuzzle> {
        let whole = |message: String| InvalidPuzzle { line: None, message };
        let normalise = |clues: Vec<Clue>| -> Vec<Clue> {
            clues.into_iter().map(|c| c.into_iter().filter(|&b| b > 0).collect()).collect()
        };
        let (rows, cols) = (normalise(rows), normalise(cols));
        if rows.is_empty() || cols.is_empty() {
            return Err(whole(format!(
                "a nonogram needs rows and columns ({} rows, {} columns)",
                rows.len(),
                cols.len()
            )));
        }
        for (kind, clues, length) in [("row", &rows, cols.len()), ("column", &cols, rows.len())] {
            for (i, clue) in clues.iter().enumerate() {
                let needed = clue.iter().sum::<usize>() + clue.len().saturating_sub(1);
                if needed > length {
                    return Err(InvalidPuzzle {
                        line: Some(if kind == "row" { Line::Row(i) } else { Line::Column(i) }),
                        message: format!(
                            "{kind} {} clue {clue:?} needs {needed} cells (blocks and gaps) but the line has {length}",
                            i + 1
                        ),
                    });
                }
            }
        }
        let (row_total, col_total): (usize, usize) = (rows.iter().flatten().sum(), cols.iter().flatten().sum());
        if row_total != col_total {
            return Err(whole(format!("the row clues fill {row_total} cells but the column clues fill {col_total}")));
        }
        Ok(Nonogram { rows, cols })
    }
    /// Row clues, top to bottom.
    pub fn rows(&self) -> &[Clue] {
        &self.rows
    }
    /// Column clues, left to right.
    pub fn cols(&self) -> &[Clue] {
        &self.cols
    }
    /// Cells per row.
    pub fn width(&self) -> usize {
        self.cols.len()
    }
    /// Cells per column.
    pub fn height(&self) -> usize {
        self.rows.len()
    }
}
