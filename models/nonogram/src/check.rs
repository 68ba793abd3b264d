//! The independent checker: recompute every clue from the grid and compare. It shares
//! nothing with the solvers but the definition of a clue.

use crate::line::clue_of;
use crate::{Grid, Nonogram};

/// `Ok` when `grid` solves `puzzle`, else the first line whose clue differs.
pub fn check(puzzle: &Nonogram, grid: &Grid) -> Result<(), String> {
    if grid.len() != puzzle.height() || grid.iter().any(|row| row.len() != puzzle.width()) {
        return Err(format!("the grid is not {}×{}", puzzle.width(), puzzle.height()));
    }
    for (r, clue) in puzzle.rows().iter().enumerate() {
        let found = clue_of(grid[r].iter().copied());
        if &found != clue {
            return Err(format!("row {} reads {found:?}, its clue is {clue:?}", r + 1));
        }
    }
    for (c, clue) in puzzle.cols().iter().enumerate() {
        let found = clue_of(grid.iter().map(|row| row[c]));
        if &found != clue {
            return Err(format!("column {} reads {found:?}, its clue is {clue:?}", c + 1));
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
        assert!(check(&puzzle, &wrong).unwrap_err().starts_with("row 1"));
    }
}
