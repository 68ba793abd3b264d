//! The native solver: no backend, any n²×n² sudoku, solutions counted.
//!
//! Three engines behind one interface: on 9×9 boards the triad engine (`triads/`: boxes and
//! band configurations in AVX2 registers, tdoku's layout) where the CPU has AVX2, else (and
//! under `--param simd=false`, [`SIMD`]) the band engine (`bands.rs`: candidates per digit
//! and band as 32-bit words, the portable path); on every other side the generic solver
//! below. All count the same solutions; the generic one also grades puzzles ([`technique`])
//! and cross-checks the other two in the tests.
//!
//! The generic solver:
//!
//! 1. **Candidates** as bit sets, one per cell (`board.rs`).
//! 2. **Singles to a fix-point**: a cell with one candidate takes it and removes it from its
//!    20 peers (naked single); a value with one cell left in a row, column or box goes there
//!    (hidden single). Both are sound: every solution agrees with them.
//! 3. **Branching** on the open cell with the fewest candidates, each candidate in turn
//!    (ascending, or in a random order for the generator), depth first, counting solutions up
//!    to the limit. Every branch of a cell is tried, so when the search ends below the limit
//!    the count is complete.
//!
//! The search copies the board once per node (a 9×9 board is 81 words); it checks the time
//! limit and the interrupt every 256 nodes. Its stats: cells as variables, units as
//! constraints, nodes (boards propagated) as solves.

#[cfg(test)]
mod agree;
mod bands;
pub(crate) mod board;
#[cfg(target_arch = "x86_64")]
mod triads;

use std::time::Duration;

use masu_core::{Clock, Error, Figure, Kept, Parameter, Random, SolveOptions, Stats};

use crate::puzzle::{Found, Sudoku};
use board::{Board, Geometry};

/// The hardest technique a unique puzzle needs, in the native solver's terms: naked and
/// hidden singles alone, those with box–line interactions, or search (branching).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, serde::Serialize, serde::Deserialize, clap::ValueEnum)]
#[serde(rename_all = "kebab-case")]
pub enum Technique {
    /// Naked and hidden singles place every cell.
    Singles,
    /// Singles with box–line interactions (pointing and claiming) place every cell.
    BoxLine,
    /// Neither does: the search branches.
    Search,
}

/// What `puzzle` needs: see [`Technique`].
pub fn technique(puzzle: &Sudoku) -> Technique {
    let geometry = Geometry::of(puzzle.side(), puzzle.box_size());
    let solved = |board: Option<Board>| board.is_some_and(|b| b.open == 0);
    if solved(Board::new_with::<false>(geometry, puzzle.cells())) {
        Technique::Singles
    } else if solved(Board::new_with::<true>(geometry, puzzle.cells())) {
        Technique::BoxLine
    } else {
        Technique::Search
    }
}

/// `--param simd=false`: the 9×9 boards on the portable band engine even where the CPU has
/// AVX2 (the triad engine's cross-check, and the path every other machine runs).
pub const SIMD: Parameter<bool> = Parameter::switch(
    "simd",
    true,
    "false: 9x9 boards on the portable band engine (32-bit words) even where the CPU has AVX2",
);

/// Set (`stats.engine.simd`: true) when the triad engine on AVX2 searched.
pub const RAN_SIMD: Figure = Figure::flag("simd");

/// Which engine searches a 9×9 board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Route {
    /// The triad engine on AVX2 registers (where the CPU has AVX2; else the portable one).
    Simd,
    /// The band engine on 32-bit words, on every machine.
    Portable,
}

/// Counts the solutions of `puzzle` up to `limit`, keeping each (cells row by row), until
/// `clock` says stop (on 9×9 the triad engine where the CPU has AVX2, else the band engine;
/// the generic one elsewhere); with `random`, each branch tries its candidates in a random
/// order, on the band engine on every machine, so that a seed draws the same grid anywhere. Its stats count nodes (boards propagated, the root included).
pub fn search(puzzle: &Sudoku, limit: usize, clock: &Clock, random: Option<&mut Random>) -> masu_core::Found<Vec<u8>> {
    search_on(puzzle, Route::Simd, limit, clock, random)
}

/// [`search`] with a 9×9 board on the engine `route` names (other sides: the generic one).
pub fn search_on(
    puzzle: &Sudoku,
    route: Route,
    limit: usize,
    clock: &Clock,
    random: Option<&mut Random>,
) -> masu_core::Found<Vec<u8>> {
    search_into(puzzle, route, Kept::new(limit, usize::MAX), clock, random)
}

/// [`search`] by the generic engine whatever the side (on 9×9 the band engine's cross-check,
/// and its baseline in the benchmarks).
pub fn search_generic(puzzle: &Sudoku, limit: usize, clock: &Clock) -> masu_core::Found<Vec<u8>> {
    generic_into(puzzle, Kept::new(limit, usize::MAX), clock, None)
}

/// [`search_on`], recording into `kept`.
fn search_into(
    puzzle: &Sudoku,
    route: Route,
    kept: Kept<Vec<u8>>,
    clock: &Clock,
    random: Option<&mut Random>,
) -> Found {
    if puzzle.side() != 9 {
        return generic_into(puzzle, kept, clock, random);
    }
    #[cfg(target_arch = "x86_64")]
    if route == Route::Simd
        && random.is_none()
        && let Some(avx2) = triads::Avx2::detect()
    {
        let mut walk = Walk::new(kept, clock, random);
        avx2.search(&mut walk, puzzle.cells());
        let mut found = walk.found(9);
        found.stats.engine.figures.set(RAN_SIMD, 1);
        return found;
    }
    let _ = route;
    bands_into(puzzle, kept, clock, random)
}

/// The stats of a search of `nodes` nodes on a board of side `side`.
fn stats(side: usize, nodes: u64) -> Stats {
    Stats {
        variables: side * side,
        constraints: 3 * side,
        constraints_by_kind: [("unit".to_string(), 3 * side)].into(),
        build_time: Duration::ZERO,
        solves: 1,
        threads: Some(1),
        engine: masu_core::Engine { nodes: Some(nodes), ..masu_core::Engine::default() },
        ..Stats::default()
    }
}

/// The band engine (9×9 only).
fn bands_into(puzzle: &Sudoku, kept: Kept<Vec<u8>>, clock: &Clock, random: Option<&mut Random>) -> Found {
    let Some(root) = bands::Grid::new(puzzle.cells()) else {
        return kept.found(true, stats(9, 1));
    };
    let mut walk = Walk::new(kept, clock, random);
    bands::descend(&mut walk, &root);
    walk.found(9)
}

/// What a depth-first count carries, in either engine: the recorder, the clock, the random
/// order of a node's branches (for the generator), the nodes so far.
pub(crate) struct Walk<'a> {
    pub(crate) kept: Kept<Vec<u8>>,
    clock: &'a Clock,
    random: Option<&'a mut Random>,
    nodes: u64,
    stopped: bool,
}

impl<'a> Walk<'a> {
    /// A walk from the root (one node).
    fn new(kept: Kept<Vec<u8>>, clock: &'a Clock, random: Option<&'a mut Random>) -> Walk<'a> {
        Walk { kept, clock, random, nodes: 1, stopped: false }
    }

    /// Shuffles a node's branches when the search is random.
    pub(crate) fn order<T>(&mut self, branches: &mut [T]) {
        if let Some(random) = self.random.as_deref_mut() {
            for i in (1..branches.len()).rev() {
                branches.swap(i, random.below(i + 1));
            }
        }
    }

    /// Whether the next branch is tried, counting it: not once the limit is reached or the
    /// clock says stop (asked every 256 nodes).
    pub(crate) fn next(&mut self) -> bool {
        if self.kept.full() || self.stopped {
            return false;
        }
        self.nodes += 1;
        if self.nodes.is_multiple_of(256) && self.clock.reached() {
            self.stopped = true;
        }
        !self.stopped
    }

    /// What the walk found on a board of side `side`: complete when it was neither stopped
    /// nor cut at the limit.
    fn found(self, side: usize) -> Found {
        let complete = !self.stopped && !self.kept.full();
        self.kept.found(complete, stats(side, self.nodes)).finish(self.clock)
    }
}

/// The generic engine, any side.
fn generic_into(puzzle: &Sudoku, kept: Kept<Vec<u8>>, clock: &Clock, random: Option<&mut Random>) -> Found {
    let side = puzzle.side();
    let stats = |nodes: u64| stats(side, nodes);
    let geometry = Geometry::of(side, puzzle.box_size());
    let Some(root) = Board::new(geometry, puzzle.cells()) else {
        return kept.found(true, stats(1));
    };
    let mut dfs = Dfs { geometry, walk: Walk::new(kept, clock, random), boards: vec![root] };
    // The box size as a constant: each size's loops compiled for it.
    match puzzle.box_size() {
        2 => dfs.descend::<2>(0),
        3 => dfs.descend::<3>(0),
        4 => dfs.descend::<4>(0),
        _ => dfs.descend::<5>(0),
    }
    dfs.walk.found(side)
}

struct Dfs<'a> {
    geometry: &'a Geometry,
    walk: Walk<'a>,
    /// The board of each depth, its memory reused from one node to the next.
    boards: Vec<Board>,
}

impl Dfs<'_> {
    /// Searches below the propagated board of `depth`.
    fn descend<const N: usize>(&mut self, depth: usize) {
        let board = &self.boards[depth];
        let Some(cell) = board.branching_cell() else {
            self.walk.kept.record(|| board.values());
            return;
        };
        let mut values = board.candidates(cell);
        let mut order = [0u32; 32];
        let mut n = 0;
        while values != 0 {
            order[n] = values & values.wrapping_neg();
            values &= values - 1;
            n += 1;
        }
        self.walk.order(&mut order[..n]);
        for &bit in &order[..n] {
            if !self.walk.next() {
                return;
            }
            if self.boards.len() == depth + 1 {
                let copy = self.boards[depth].clone();
                self.boards.push(copy);
            }
            let (parent, child) = self.boards.split_at_mut(depth + 1);
            let child = &mut child[0];
            child.copy_from(&parent[depth]);
            if child.set(self.geometry, cell, bit) && child.propagate::<N>(self.geometry) {
                self.descend::<N>(depth + 1);
            }
        }
    }
}

/// Solves and counts up to `options.solution_limit` (the `native` formulation).
pub(crate) fn solve(puzzle: &Sudoku, options: &SolveOptions) -> Result<Found, Error> {
    // The search recurses once per branching, at most once per cell: a 25×25 board's
    // 625 levels of a few hundred bytes fit the default stack.
    let route = if options.get(&SIMD) { Route::Simd } else { Route::Portable };
    Ok(search_into(puzzle, route, Kept::of(options), &options.clock(), None))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn count(line: &str, limit: usize) -> Found {
        let puzzle = crate::puzzle::format::parse_puzzles(line).remove(0).puzzle.unwrap();
        search(&puzzle, limit, &SolveOptions::default().clock(), None)
    }

    #[test]
    fn solves_the_article_puzzle_and_proves_it_unique() {
        let found = count("8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..", 2);
        assert_eq!(found.solutions.len(), 1);
        assert!(found.complete);
        let puzzle = crate::puzzle::format::parse_puzzles(
            "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
        )
        .remove(0)
        .puzzle
        .unwrap();
        assert_eq!(crate::puzzle::check::check(&puzzle, &found.solutions[0]), Ok(()));
    }

    #[test]
    fn the_simd_parameter_chooses_the_path_and_the_figure_says_which_ran() {
        let puzzle = crate::puzzle::format::parse_puzzles(
            "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
        )
        .remove(0)
        .puzzle
        .unwrap();
        let options = |simd: bool| SolveOptions {
            solution_limit: 2,
            read: vec![("simd", masu_core::ParameterValue::Switch(simd))],
            ..SolveOptions::default()
        };
        let (fast, portable) = (solve(&puzzle, &options(true)).unwrap(), solve(&puzzle, &options(false)).unwrap());
        assert_eq!(fast.stats.engine.figures.has(RAN_SIMD), agree::simd());
        assert!(!portable.stats.engine.figures.has(RAN_SIMD));
        assert_eq!((fast.count, fast.complete, &fast.solutions), (1, true, &portable.solutions));
    }

    #[test]
    fn a_random_search_draws_the_same_grid_on_every_machine() {
        // The band engine walks a seed's grid on every machine: the SIMD route is not taken.
        let empty = Sudoku::new(vec![0; 81]).unwrap();
        let clock = SolveOptions::default().clock();
        let draw = |route| search_on(&empty, route, 1, &clock, Some(&mut Random::new(77)));
        let (fast, portable) = (draw(Route::Simd), draw(Route::Portable));
        assert!(!fast.stats.engine.figures.has(RAN_SIMD));
        assert_eq!((fast.solutions.len(), &fast.solutions), (1, &portable.solutions));
    }

    #[test]
    fn counts_an_empty_4x4_exactly() {
        // 288 Shidoku grids.
        let found = count("................", 1000);
        assert_eq!(found.solutions.len(), 288);
        assert!(found.complete);
        let distinct: std::collections::BTreeSet<_> = found.solutions.iter().collect();
        assert_eq!(distinct.len(), 288);
    }

    #[test]
    fn stops_at_the_limit_without_claiming_completeness() {
        let found = count(&".".repeat(81), 5);
        assert_eq!(found.solutions.len(), 5);
        assert!(!found.complete);
    }

    #[test]
    fn a_contradiction_found_by_propagation_has_no_solution() {
        // Row 1 holds 1–8, so its last cell must be 9, which the 9 below it forbids.
        let mut line = String::from("12345678.");
        line.push_str("........9");
        line.push_str(&".".repeat(63));
        let found = count(&line, 2);
        assert!(found.solutions.is_empty());
        assert!(found.complete);
    }

    #[test]
    fn sixteen_and_twenty_five_sides_solve() {
        for side in [16usize, 25] {
            let found = count(&".".repeat(side * side), 1);
            assert_eq!(found.solutions.len(), 1, "{side}×{side}");
            let puzzle = crate::puzzle::Sudoku::new(vec![0; side * side]).unwrap();
            assert_eq!(crate::puzzle::check::check(&puzzle, &found.solutions[0]), Ok(()));
        }
    }
}
