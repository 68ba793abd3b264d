//! The complete native solver: no backend, every puzzle, solutions counted.
//!
//! 1. **Line solving** to a fix-point: every line whose cells changed is solved again by the
//!    dynamic-programming line solver ([`crate::line::LineSolver`]), which decides exactly the
//!    cells that are equal in every placement consistent with the decided cells.
//! 2. **Probing**: for each undecided cell on the frontier (next to a decided cell or on the
//!    grid's edge, where probes find something), assume filled and propagate, assume empty
//!    and propagate; a contradiction fixes the other value, and cells decided the same way
//!    under both assumptions are fixed. Repeated until nothing changes.
//! 3. **Branching**: on the undecided cell whose probes decided the most cells, depth first,
//!    counting solutions up to the limit. The value tried first is the one whose probe decided
//!    fewer cells (the least constraining: it leaves most room for a solution). Every step is
//!    sound, so when the search ends below the limit the count is complete.
//! 4. **Restarts**: the search runs with a budget of nodes, doubled after each run that
//!    reaches it; runs after the first break ties at random and try the other value first one
//!    time in four. Solutions found are kept across runs: reaching the limit settles the
//!    count, and the first run within its budget has seen every solution.
//! 5. **Clause learning**: past a budget of probes ([`HANDOVER`], about 0.3 s), the
//!    root is probed again and the search hands over to the CDCL stage (`cdcl`):
//!    the puzzle as CNF, the cells decided at the root as units, the solutions found so far
//!    excluded, counted on by CaDiCaL. Depth-first search repeats the same failure in one
//!    subtree after another; clause learning does not.
//!
//! Cells only ever go from undecided to decided, so the search keeps one board and a trail of
//! the cells it decided: undoing a probe or a branch resets the cells logged since a mark.
//!
//! Line solving goes through a cache keyed by the line and its state (bit masks of its filled
//! and empty cells), since probing meets the same line states again and again. A miss is
//! solved on the masks themselves, bit-parallel ([`crate::line::LineSolver::solve_masks`], lines up to
//! [`crate::line::MASK_LENGTH`] cells).

mod cache;
mod cdcl;
mod probe;
mod restarts;
mod search;

use masu_core::{Error, SolveOptions};

use crate::line::Cell;
use crate::puzzle::{Found, Nonogram};
pub use restarts::HANDOVER;
use restarts::{Budgets, FRAME_BYTES, solve_with_restarts};
use search::Search;

/// Solves and counts up to `options.solution_limit`.
pub(crate) fn solve(puzzle: &Nonogram, options: &SolveOptions) -> Result<Found, Error> {
    // The search recurses once per branching decision, at most once per cell: on a thread
    // of its own whose stack is sized for the puzzle.
    let depth = puzzle.width() * puzzle.height() + 1;
    masu_core::on_sized_stack("the nonogram search", depth, FRAME_BYTES, || {
        let handover = options.get(&HANDOVER);
        solve_with_restarts(puzzle, options, Budgets { first_run: 256, handover }, true).map(|(found, _)| found)
    })
}

/// Line solving alone to a fix-point (the `line-solver-dp` formulation): the board, or
/// `None` on a contradiction.
pub(crate) fn line_fix_point(puzzle: &Nonogram) -> Option<Vec<Cell>> {
    let options = SolveOptions::default();
    let mut search = Search::new(puzzle, &options);
    search.propagate_all().then_some(search.cells)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::Grid;
    use crate::puzzle::check::clues_of;

    fn puzzle_of(picture: &[&str]) -> Nonogram {
        let grid: Grid = picture.iter().map(|r| r.chars().map(|c| c == '#').collect()).collect();
        let (rows, cols) = clues_of(&grid);
        Nonogram::new(rows, cols).unwrap()
    }

    /// A random picture, `2..2 + spread` cells a side, and its puzzle.
    fn random_picture(random: &mut impl FnMut() -> u64, spread: usize) -> (Grid, Nonogram) {
        let (w, h) = (random() as usize % spread + 2, random() as usize % spread + 2);
        let grid: Grid = (0..h).map(|_| (0..w).map(|_| random().is_multiple_of(2)).collect()).collect();
        let (rows, cols) = clues_of(&grid);
        (grid, Nonogram::new(rows, cols).unwrap())
    }

    fn count(puzzle: &Nonogram, limit: usize) -> (usize, bool) {
        let options = SolveOptions { solution_limit: limit, ..SolveOptions::default() };
        let found = solve(puzzle, &options).unwrap();
        for grid in &found.solutions {
            crate::puzzle::check::check(puzzle, grid).unwrap();
        }
        (found.solutions.len(), found.complete)
    }

    #[test]
    fn counts_small_puzzles_exactly() {
        // A diagonal: its clues are those of both diagonals of a 2×2 block → 2 solutions.
        assert_eq!(count(&puzzle_of(&["#.", ".#"]), 10), (2, true));
        // Every 1-per-row-and-column 4×4 picture: 4! permutations.
        assert_eq!(count(&puzzle_of(&["#...", ".#..", "..#.", "...#"]), 100), (24, true));
        assert_eq!(count(&puzzle_of(&["#...", ".#..", "..#.", "...#"]), 5), (5, false));
        // A picture line logic decides alone.
        assert_eq!(count(&puzzle_of(&[".##.", "####", ".##."]), 10), (1, true));
    }

    /// Runs cut after one node and restarted with randomized choices still count exactly:
    /// 120 permutations of a 5×5 identity, and 7 of them when the limit is 7.
    #[test]
    fn restarts_keep_the_count_exact() {
        let identity = puzzle_of(&["#....", ".#...", "..#..", "...#.", "....#"]);
        for (limit, expected) in [(200, (120, true)), (7, (7, false))] {
            let options = SolveOptions { solution_limit: limit, ..SolveOptions::default() };
            let (found, _) =
                solve_with_restarts(&identity, &options, Budgets { first_run: 1, handover: u64::MAX }, true).unwrap();
            let mut distinct = found.solutions.clone();
            distinct.sort();
            distinct.dedup();
            assert_eq!(distinct.len(), found.solutions.len());
            assert_eq!((found.solutions.len(), found.complete), expected);
        }
    }

    /// Line solving through the cache and without it find the same solutions, in the same
    /// order (the search is deterministic in its first run), on random pictures.
    #[test]
    fn the_line_cache_changes_nothing_but_speed() {
        let mut random = crate::line::tests::xorshift(99);
        for _ in 0..40 {
            let (grid, puzzle) = random_picture(&mut random, 7);
            let options = SolveOptions { solution_limit: 20, ..SolveOptions::default() };
            let budgets = Budgets { first_run: 1 << 40, handover: u64::MAX };
            let (cached, _) = solve_with_restarts(&puzzle, &options, budgets, true).unwrap();
            let (plain, _) = solve_with_restarts(&puzzle, &options, budgets, false).unwrap();
            assert_eq!(cached.solutions, plain.solutions);
            assert_eq!(cached.complete, plain.complete);
            assert!(cached.solutions.contains(&grid));
        }
    }

    /// Handed over to the CDCL stage at once, or after a few probes (with solutions found
    /// by then), the count is the search's alone: the same solutions, the same completeness.
    #[test]
    fn the_cdcl_stage_counts_what_the_search_counts() {
        let mut random = crate::line::tests::xorshift(5);
        let mut handed = 0;
        for _ in 0..40 {
            let (_, puzzle) = random_picture(&mut random, 6);
            let options = SolveOptions { solution_limit: 12, ..SolveOptions::default() };
            let budgets = Budgets { first_run: 1, handover: u64::MAX };
            let (mut search, _) = solve_with_restarts(&puzzle, &options, budgets, true).unwrap();
            search.solutions.sort();
            for handover in [0, 6] {
                let budgets = Budgets { first_run: 1, handover };
                let (mut cdcl, handed_over) = solve_with_restarts(&puzzle, &options, budgets, true).unwrap();
                handed += usize::from(handed_over);
                for g in &cdcl.solutions {
                    crate::puzzle::check::check(&puzzle, g).unwrap();
                }
                cdcl.solutions.sort();
                assert_eq!(cdcl.solutions, search.solutions, "{puzzle:?}");
                assert_eq!(cdcl.complete, search.complete, "{puzzle:?}");
            }
        }
        assert!(handed > 20, "{handed}");
    }

    #[test]
    fn a_puzzle_without_solution_is_proven_infeasible() {
        // Totals agree (2 and 2), but row 1 (`#.#`) fills column 1, whose clue is empty.
        let none = Nonogram::new(vec![vec![1, 1], vec![]], vec![vec![], vec![1], vec![1]]).unwrap();
        assert_eq!(count(&none, 10), (0, true));
        let one = Nonogram::new(vec![vec![2], vec![]], vec![vec![], vec![1], vec![1]]).unwrap();
        assert_eq!(count(&one, 10), (1, true));
    }
}
