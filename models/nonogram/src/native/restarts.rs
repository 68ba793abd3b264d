//! Restarts with a doubling node budget, then the hand-over to clause learning.

use masu_core::{Error, SolveOptions, Stats};

use super::search::Search;
use crate::puzzle::{Found, Nonogram};

/// Stack bytes per level of [`Search::search`] (with [`Search::probe`] above it), with room
/// to spare.
pub(super) const FRAME_BYTES: usize = 1024;

/// Probes (cells assumed, over all runs) before the CDCL stage takes over: about 0.3 s of
/// search. Over the 876 TAAI/TCGA puzzles, handing over earlier lengthens the tail and
/// later shortens it no further (`docs/tuning.md`).
pub const HANDOVER: masu_core::Parameter<u64> =
    masu_core::Parameter::count("handover", 200_000, "probes before native hands over to clause learning");

/// The search's budgets: the first run's nodes before its restart, and all runs' probes
/// before the hand-over to the CDCL stage.
#[derive(Clone, Copy, Debug)]
pub(super) struct Budgets {
    pub(super) first_run: u64,
    pub(super) handover: u64,
}

/// [`solve`] on this thread, line solving through the cache when `cached` (and the lines
/// fit it); with whether the search handed over to the CDCL stage.
pub(super) fn solve_with_restarts(
    puzzle: &Nonogram,
    options: &SolveOptions,
    budgets: Budgets,
    cached: bool,
) -> Result<(Found, bool), Error> {
    let mut search = Search::new(puzzle, options);
    search.probe_limit = budgets.handover;
    if !cached {
        search.masks.clear();
    }
    let mut cdcl_solves = 0;
    // Without a fix-point of line solving there is no solution: the count (0) is complete.
    let complete = !search.propagate_all() || {
        // Restarts: each run is a complete depth-first search cut after a budget of nodes
        // that doubles from run to run; runs after the first break ties and order values at
        // random, so that one bad early choice does not trap the search in a barren subtree.
        // Solutions are kept across runs, so reaching the limit in any run settles it, and
        // the first run that is not cut has seen every solution.
        let mut budget = budgets.first_run;
        loop {
            search.budget = budget;
            search.cut = false;
            search.run_nodes = 0;
            search.search();
            if search.stopped || !search.cut || search.handed_over {
                break;
            }
            budget *= 2;
            search.random = search.random.wrapping_add(0x9e37_79b9_7f4a_7c15) | 1;
        }
        if !search.handed_over || search.stopped {
            !search.stopped
        } else if search.probe().is_err() {
            // The root probed again (the search undid its own probing) is contradictory.
            true
        } else if search.stopped {
            false
        } else {
            // The cells decided at the root and the solutions so far go to the CDCL stage,
            // which settles the count.
            let counted = super::cdcl::count(
                puzzle,
                &search.cells,
                std::mem::take(&mut search.solutions),
                search.limit,
                &search.clock,
                options,
            )?;
            search.solutions = counted.solutions;
            cdcl_solves = counted.solves;
            counted.complete
        }
    };
    let handed_over = search.handed_over;
    Ok((
        Found::new(
            search.solutions,
            complete,
            Stats {
                variables: puzzle.width() * puzzle.height(),
                constraints: puzzle.width() + puzzle.height(),
                constraints_by_kind: [("line".to_string(), puzzle.width() + puzzle.height())].into(),
                solves: 1,
                threads: Some(1),
                engine: masu_core::Engine {
                    nodes: Some(search.nodes),
                    sat_solves: (cdcl_solves > 0).then_some(cdcl_solves as u64),
                    ..masu_core::Engine::default()
                },
                ..Stats::default()
            },
        )
        .finish(&search.clock),
        handed_over,
    ))
}
