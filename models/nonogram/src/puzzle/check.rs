//! The independent checker: recompute every clue from the grid and compare. It shares
//! nothing with the solvers but the definition of a clue.

use std::fmt;

use crate::line::clue_of;
use crate::puzzle::{Grid, Nonogram};

/// A row or a column, 0-based; shown 1-based (`row 1`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Line {
    /// A row.
    Row(usize),
    /// A column.
    Column(usize),
}

impl fmt::Display for Line {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Line::Row(r) => write!(f, "row {}", r + 1),
            Line::Column(c) => write!(f, "column {}", c + 1),
        }
    }
}

/// What the checker finds wrong with a nonogram solution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Violation {
    /// The grid is not the puzzle's size.
    Size {
        /// The puzzle's width.
        width: usize,
        /// The puzzle's height.
        height: usize,
    },
    /// A line of the grid spells another clue than the puzzle's.
    Clue {
        /// The line.
        line: Line,
        /// The clue the grid's line spells.
        reads: Vec<usize>,
        /// The puzzle's clue.
        clue: Vec<usize>,
    },
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Violation::Size { width, height } => write!(f, "the grid is not {width}×{height}"),
            Violation::Clue { line, reads, clue } => write!(f, "{line} reads {reads:?}, its clue is {clue:?}"),
        }
    }
}

impl std::error::Error for Violation {}

/// `Ok` when `grid` solves `puzzle`, else the first line whose clue differs.
pub fn check(puzzle: &Nonogram, grid: &Grid) -> Result<(), Violation> {
    if grid.len() != puzzle.height() || grid.iter().any(|row| row.len() != puzzle.width()) {
        return Err(Violation::Size { width: puzzle.width(), height: puzzle.height() });
    }
    for (r, clue) in puzzle.rows().iter().enumerate() {
        let reads = clue_of(grid[r].iter().copied());
        if &reads != clue {
            return Err(Violation::Clue { line: Line::Row(r), reads, clue: clue.clone() });
        }
    }
    for (c, clue) in puzzle.cols().iter().enumerate() {
        let reads = clue_of(grid.iter().map(|row| row[c]));
        if &reads != clue {
            return Err(Violation::Clue { line: Line::Column(c), reads, clue: clue.clone() });
        }
    }
    Ok(())
}

/// The puzzle whose clues a grid spells.
pub fn clues_of(grid: &Grid) -> (Vec<Vec<usize>>, Vec<Vec<usize>>) {
    let width = grid.first().map_or(0, Vec::len);
    let rows = grid.iter().map(|row| clue_of(row.iter().copied())).collect();
    let cols = (0..width).map(|c| clue_of(grid.iter().map(|row| row[c]))).collect();
    (rows, cols)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn recomputes_clues() {
        let grid: Grid = vec![vec![true, false, true], vec![true, true, false]];
        let (rows, cols) = clues_of(&grid);
        assert_eq!((rows.clone(), cols.clone()), (vec![vec![1, 1], vec![2]], vec![vec![2], vec![1], vec![1]]));
        let puzzle = Nonogram::new(rows, cols).unwrap();
        assert_eq!(check(&puzzle, &grid), Ok(()));
        let wrong: Grid = vec![vec![true, true, false], vec![true, false, true]];
        let violation = check(&puzzle, &wrong).unwrap_err();
        assert_eq!(violation, Violation::Clue { line: Line::Row(0), reads: vec![2], clue: vec![1, 1] });
        assert_eq!(violation.to_string(), "row 1 reads [2], its clue is [1, 1]");
    }
}
