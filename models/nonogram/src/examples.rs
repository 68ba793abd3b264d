//! Nonogram's examples for the conformance suite: a unique picture line logic decides, the 24
//! permutation matrices of 4×4, one without solution, a 2-solution diagonal, and two the
//! differential tests found (HiGHS 1.15's presolve called `patterns` infeasible after two
//! solutions, and the next one unique: ERGO-Code/HiGHS#3216, fixed in 1.16).

use crate::Formulation;
use crate::puzzle::check::clues_of;
use crate::puzzle::{Grid, Nonogram};

fn puzzle_of(picture: &[&str]) -> Nonogram {
    let grid: Grid = picture.iter().map(|r| r.chars().map(|c| c == '#').collect()).collect();
    let (rows, cols) = clues_of(&grid);
    Nonogram::new(rows, cols).expect("a picture's clues are a puzzle")
}

impl masu_core::Examples for Nonogram {
    fn examples() -> Vec<(String, Nonogram, usize)> {
        let clues = |rows: Vec<Vec<usize>>, cols: Vec<Vec<usize>>| Nonogram::new(rows, cols).expect("an example reads");
        vec![
            ("cross".into(), puzzle_of(&["..#..", ".#...", "#####", ".#...", "..#.."]), 1),
            ("permutations".into(), puzzle_of(&["#...", ".#..", "..#.", "...#"]), 24),
            ("none".into(), clues(vec![vec![1, 1], vec![]], vec![vec![], vec![1], vec![1]]), 0),
            ("diagonal".into(), puzzle_of(&["#.", ".#"]), 2),
            (
                "presolve, unique".into(),
                clues(
                    vec![vec![3], vec![2], vec![1], vec![2, 1, 1], vec![1], vec![1, 1]],
                    vec![vec![1], vec![1, 2], vec![1, 1], vec![1], vec![], vec![1, 1], vec![2], vec![1, 1]],
                ),
                8,
            ),
            (
                "presolve".into(),
                clues(
                    vec![vec![1], vec![], vec![], vec![1, 1], vec![], vec![], vec![], vec![1, 1]],
                    vec![vec![1], vec![1], vec![1], vec![], vec![1, 1]],
                ),
                8,
            ),
        ]
    }
    /// The line solvers do not search: they decide a puzzle only where line logic does.
    fn counts_exactly(formulation: Formulation) -> bool {
        !matches!(formulation, Formulation::LineSolver | Formulation::LineSolverDp)
    }
}
