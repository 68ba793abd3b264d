//! Generating nonograms with a proven-unique solution, and judging a picture as a nonogram.
//!
//! **Random pictures** ([`random`]): each cell filled with probability `density`; the picture
//! is kept when its clues have one solution, else another is drawn. Uniqueness is proven by
//! the [`native`](crate::native) solver counting to 2, or, with `line_solvable`, by line
//! solving alone (the `line-solver-dp` formulation, article 004's
//! fix-point): line logic only deduces what holds in every solution, so when it decides every
//! cell the solution is unique, and a person can solve it line by line.
//!
//! **A picture** ([`judge`]): its clues, whether they have one solution, whether line solving
//! alone finds it, and, when they have more, the *ambiguous* cells: those that differ between
//! the picture and the other solutions found (up to [`SOLUTIONS_SEEN`] in all).

/// `masu generate nonogram`: its flags, and each puzzle made as a JSON line.
pub mod command;

use masu_core::generate::Draws;
use masu_core::{Error, SolveOptions};

use crate::line::Cell;
use crate::puzzle::check::clues_of;
use crate::puzzle::{Grid, Nonogram};

/// Solutions a judge looks at to find the ambiguous cells.
pub const SOLUTIONS_SEEN: usize = 64;

/// A generated puzzle and its measures.
#[derive(Clone, Debug)]
pub struct Generated {
    /// The puzzle (its clues).
    pub puzzle: Nonogram,
    /// Its unique solution: the picture.
    pub solution: Grid,
    /// Line solving alone solves it.
    pub line_solvable: bool,
    /// Pictures drawn until this one.
    pub attempts: u64,
    /// Seconds to make it.
    pub seconds: f64,
}

/// A random `width × height` nonogram for `seed` and `index` (each index an independent
/// draw), with a unique solution, solvable by line solving alone if `line_solvable`. `None`
/// when `options`' time limit or interrupt comes first.
pub fn random(
    width: usize,
    height: usize,
    density: f64,
    line_solvable: bool,
    seed: u64,
    index: u64,
    options: &SolveOptions,
) -> Result<Option<Generated>, Error> {
    let mut draw = Draws::new(seed, index, options);
    let threshold = (density.clamp(0.0, 1.0) * u64::MAX as f64) as u64;
    while draw.next_attempt() {
        let random = &mut draw.random;
        let picture: Grid = (0..height).map(|_| (0..width).map(|_| random.next_u64() < threshold).collect()).collect();
        let (rows, cols) = clues_of(&picture);
        let Ok(puzzle) = Nonogram::new(rows, cols) else { continue };
        let solved_by_lines = lines_alone(&puzzle);
        let unique = solved_by_lines || (!line_solvable && count(&puzzle, 2, &draw.clock)?.0.len() == 1);
        if unique {
            return Ok(Some(Generated {
                puzzle,
                solution: picture,
                line_solvable: solved_by_lines,
                attempts: draw.attempts as u64,
                seconds: draw.seconds(),
            }));
        }
    }
    Ok(None)
}

/// What a picture makes as a nonogram.
#[derive(Clone, Debug)]
pub struct Judged {
    /// The picture's clues.
    pub puzzle: Nonogram,
    /// Solutions found, the picture first, up to [`SOLUTIONS_SEEN`].
    pub solutions: usize,
    /// Whether `solutions` are all there are.
    pub complete: bool,
    /// Line solving alone decides every cell (then the solution is unique).
    pub line_solvable: bool,
    /// Cells (row, column; 0-based) where some solution found differs from the picture.
    pub ambiguous: Vec<(usize, usize)>,
}

impl Judged {
    /// The clues have exactly one solution.
    pub fn unique(&self) -> bool {
        self.solutions == 1 && self.complete
    }
}

/// Why a picture could not be judged.
#[derive(Debug, thiserror::Error)]
pub enum JudgeError {
    /// The picture makes no puzzle (no cells).
    #[error("not a picture: {0}")]
    Picture(String),
    /// The solver failed.
    #[error(transparent)]
    Solve(#[from] Error),
}

/// Judges `picture` (rows of cells, `true` filled) as a nonogram.
pub fn judge(picture: &Grid, options: &SolveOptions) -> Result<Judged, JudgeError> {
    let (rows, cols) = clues_of(picture);
    let puzzle = Nonogram::new(rows, cols).map_err(|e| JudgeError::Picture(e.to_string()))?;
    let line_solvable = lines_alone(&puzzle);
    let (solutions, complete) =
        if line_solvable { (vec![picture.clone()], true) } else { count(&puzzle, SOLUTIONS_SEEN, &options.clock())? };
    let mut ambiguous = Vec::new();
    for (r, row) in picture.iter().enumerate() {
        for (c, &filled) in row.iter().enumerate() {
            if solutions.iter().any(|s| s[r][c] != filled) {
                ambiguous.push((r, c));
            }
        }
    }
    Ok(Judged { puzzle, solutions: solutions.len(), complete, line_solvable, ambiguous })
}

/// Whether line solving alone decides every cell.
fn lines_alone(puzzle: &Nonogram) -> bool {
    crate::native::line_fix_point(puzzle).is_some_and(|cells| cells.iter().all(|&c| c != Cell::Unknown))
}

/// Solutions up to `limit` by the native solver, within what is left of the time limit.
fn count(puzzle: &Nonogram, limit: usize, clock: &masu_core::Clock) -> Result<(Vec<Grid>, bool), Error> {
    let options = SolveOptions { solution_limit: limit, threads: Some(1), ..SolveOptions::default().with_clock(clock) };
    let found = crate::native::solve(puzzle, &options)?;
    Ok((found.solutions, found.complete))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn picture(rows: &[&str]) -> Grid {
        rows.iter().map(|r| r.chars().map(|c| c == '#').collect()).collect()
    }

    #[test]
    fn random_puzzles_are_unique_and_line_solvable_when_asked() {
        let options = SolveOptions::default();
        for index in 0..5 {
            let g = random(10, 8, 0.6, true, 1, index, &options).unwrap().unwrap();
            assert!(g.line_solvable);
            assert_eq!(g.puzzle.width(), 10);
            assert_eq!(g.puzzle.height(), 8);
            let (found, complete) = count(&g.puzzle, 2, &options.clock()).unwrap();
            assert_eq!((found, complete), (vec![g.solution.clone()], true));
        }
        let a = random(6, 6, 0.5, false, 9, 3, &options).unwrap().unwrap();
        let b = random(6, 6, 0.5, false, 9, 3, &options).unwrap().unwrap();
        assert_eq!(a.solution, b.solution);
    }

    #[test]
    fn a_diagonal_is_ambiguous_exactly_where_it_can_flip() {
        // Two crossing diagonals of a 2×2 square in the top-left corner; the rest is decided.
        let judged = judge(&picture(&["#..", ".#.", "..."]), &SolveOptions::default()).unwrap();
        assert!(!judged.unique());
        assert_eq!(judged.solutions, 2);
        assert!(judged.complete);
        assert_eq!(judged.ambiguous, vec![(0, 0), (0, 1), (1, 0), (1, 1)]);
        let judged = judge(&picture(&["##.", "#..", "..."]), &SolveOptions::default()).unwrap();
        assert!(judged.unique() && judged.line_solvable && judged.ambiguous.is_empty());
    }
}
