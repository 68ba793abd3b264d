//! The frontier sweep: the board cell by cell, only what crosses from the processed cells
//! to the others remembered. Two modes:
//!
//! - `search.rs`: depth-first, anti-diagonal after anti-diagonal, for solutions whose paths
//!   never run beside themselves, cut by the corner rules that follow from that; each is a
//!   solution under every rule, and exhausting it counts them exactly;
//! - `count.rs`: breadth-first, row by row (`sweep.rs`: one label per column, the *profile*),
//!   equal profiles merged and their counts added: the exact number of solutions
//!   (Yoshinaka et al., Algorithms 5(2), 2012), any of them read back from the steps kept.
//!
//! `solve` is the sweep alone (`crate::auto` composes its stages with other methods):
//!
//! ```text
//! touch off:                         the search, to exhaustion
//! blanks rule, two answers asked:    the canonical search (`canonical` nodes, 0.6 of the time;
//!                                    settled by `reroute`), then the count
//! one answer asked:                  the search (SEARCH_BUDGET nodes, 0.6 of the time), then
//!                                    the count
//! otherwise:                         the count (within COUNT_MEMORY bytes, else `too large`)
//! ```
//!
//! The canonical search keeps only solutions no shortcut or corner move reduces
//! (`docs/counting.md`): exhausted, it proves there is no solution (none), a unique one (one,
//! and no reroute of it) or several (two, or one with a reroute).
//!
//! Under the blanks rule an exhausted search with no answer proves there is none (a path
//! that touches itself shortcuts to one that does not, its detour left blank). Solutions
//! are path sets (masu's convention): paths may touch themselves unless the `touch`
//! parameter is `false`.

mod count;
mod search;
mod sweep;
#[cfg(test)]
pub(crate) mod tests;

use masu_core::{Backend, Ended, Error, Kept, SolveOptions, Stats};

use crate::puzzle::{Found, Numberlink, Rule};

use search::Search;
use sweep::Sweep;

/// Nodes the touch-free search may visit first when one answer is asked on one thread
/// (some seconds), and the share of the time limit it may take.
pub(crate) const SEARCH_BUDGET: u64 = 400_000_000;
pub(crate) const SEARCH_SHARE: f64 = 0.6;

/// Nodes the canonical search may visit first when uniqueness is asked under the blanks
/// rule (some tens of milliseconds; chosen on the even-numbered janko boards).
pub const CANONICAL: masu_core::Parameter<u64> = masu_core::Parameter::count(
    "canonical",
    1_000_000,
    "nodes of frontier's canonical search before uniqueness goes on to the count",
);

/// Bytes the count may take when it runs alone (about 10 million profiles): past them it
/// refuses rather than take the machine's memory.
const COUNT_MEMORY: u64 = 1 << 30;

/// The sweep alone (the module doc): the search where it settles the request, else the
/// count, which refuses ([`Error::TooLarge`]) when its layers outgrow [`COUNT_MEMORY`].
pub(crate) fn solve(puzzle: &Numberlink, options: &SolveOptions) -> Result<Found, Error> {
    let clock = options.clock();
    let touch = options.get(&crate::theory::TOUCH);
    let stats = stats_of(puzzle);
    let limit = options.solution_limit;
    let share = options.with_clock(&clock.share(SEARCH_SHARE));
    if !touch {
        return Ok(searched(puzzle, options, u64::MAX, false, stats)?.finish(&clock));
    }
    let first = if puzzle.rule == Rule::Blanks && limit == 2 {
        let budget = options.get(&CANONICAL);
        Some(canonical_searched(puzzle, &share, budget, stats.clone()))
    } else if limit <= 1 {
        Some(searched(puzzle, &share, SEARCH_BUDGET, true, stats.clone())?)
    } else {
        None
    };
    let first = match first {
        Some(first) if first.settles(limit.max(1)) || options.interrupted() => {
            return Ok(first.finish(&clock));
        }
        first => first,
    };
    match counted(puzzle, options, Some(COUNT_MEMORY), &|| clock.reached(), stats) {
        (_, Counting::TooLarge(why)) => Err(Error::TooLarge(why)),
        (mut found, _) => {
            if let Some(first) = first {
                found.stats.after(first.stats);
            }
            Ok(found.finish(&clock))
        }
    }
}

/// What a sweep reports before it has run: the board's cells, one thread.
pub(crate) fn stats_of(puzzle: &Numberlink) -> Stats {
    Stats { variables: puzzle.width() * puzzle.height(), threads: Some(1), ..Stats::default() }
}

/// The depth-first search (touch-free) for up to `options.solution_limit` solutions, at most
/// `budget` nodes: complete when exhausted, where that settles the question (with `touch`
/// off, or under the blanks rule, where a board without a touch-free solution has none).
pub(crate) fn searched(
    puzzle: &Numberlink,
    options: &SolveOptions,
    budget: u64,
    touch: bool,
    mut stats: Stats,
) -> Result<Found, Error> {
    let mut search = Search::new(puzzle);
    let clock = options.clock();
    let (kept, ended) = search.run(Kept::of(options).up_to(options.solution_limit.max(1)), budget, &clock);
    stats.engine.nodes = Some(search.nodes);
    stats.solves += 1;
    let exhausted = ended == Ended::Exhausted && (!touch || puzzle.rule == Rule::Blanks && kept.count() == 0);
    Ok(kept.found(exhausted, stats).by(Backend::Native))
}

/// The depth-first search for canonical solutions (blanks rule, two asked), at most
/// `budget` nodes, settled as every induced or canonical stage is ([`crate::theory::uniqueness::induced_first`]:
/// exhausted, none means no solution and one is settled by [`crate::theory::uniqueness::reroute`]; two are two
/// solutions). With two asked, `induced_first` never asks for the unrestricted search.
fn canonical_searched(puzzle: &Numberlink, options: &SolveOptions, budget: u64, mut stats: Stats) -> Found {
    let mut search = Search::new(puzzle).canonical();
    let clock = options.clock();
    let Ok(found) = crate::theory::uniqueness::induced_first(puzzle, 2, |_, limit| {
        let (kept, ended) = search.run(Kept::new(limit, limit), budget, &clock);
        Ok::<_, std::convert::Infallible>(kept.found(ended == Ended::Exhausted, Stats::default()))
    });
    stats.engine.figures.set(crate::figures::CANONICAL_NODES, search.nodes);
    stats.solves += 1;
    Found { stats, ..found }.by(Backend::Native)
}

/// How a count ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Counting {
    /// It settled the request.
    Settled,
    /// The clock, the user or the other method stopped it.
    Stopped,
    /// Its layers outgrew the memory it had (why).
    TooLarge(String),
}

/// The exact count, and how it ended.
///
/// Under the blanks rule it counts first without U-turns (`┌┐`, `└┘`): every solution
/// whose paths never touch themselves is among those, and each of those is a solution.
/// None means no solution at all; one that does not touch itself is the only solution
/// unless [`crate::theory::uniqueness::reroute`] finds a second next to it (every solution shortcuts to one that
/// does not touch itself: [`crate::theory::uniqueness::induced_first`]); two are two. Otherwise the full count.
pub(crate) fn counted(
    puzzle: &Numberlink,
    options: &SolveOptions,
    memory: Option<u64>,
    stop: &dyn Fn() -> bool,
    mut stats: Stats,
) -> (Found, Counting) {
    let limit = options.solution_limit;
    let Some(mut sweep) = Sweep::new(puzzle) else {
        stats.engine.figures.set(crate::figures::COUNT_TOO_LARGE, 1);
        return (Found::new(Vec::new(), false, stats), Counting::TooLarge("the board is too wide to sweep".into()));
    };
    stats.solves += 1;
    let mut shortcut = puzzle.rule == Rule::Blanks;
    loop {
        sweep.u_turns = !shortcut;
        let listed = limit.min(options.kept());
        let (count, solutions) = match count::count(&mut sweep, puzzle, listed, memory, stop, options.log, &mut stats) {
            Ok(counted) => counted,
            Err(how) => {
                if let Counting::TooLarge(why) = &how {
                    if options.log {
                        eprintln!("frontier: {why}");
                    }
                    stats.engine.figures.set(crate::figures::COUNT_TOO_LARGE, 1);
                }
                return (Found::new(Vec::new(), false, stats), how);
            }
        };
        let counted = usize::try_from(count).unwrap_or(usize::MAX);
        // One solution without U-turns that does not touch itself is the only induced one.
        let induced_one = shortcut && count == 1 && !solutions[0].touches_itself();
        let second = if induced_one { crate::theory::uniqueness::reroute(puzzle, &solutions[0]) } else { None };
        let unique = induced_one && second.is_none();
        if let Some(second) = second.filter(|_| limit == 2) {
            stats.engine.figures.set(crate::figures::COUNTED_WITHOUT_U_TURNS, 1);
            let solutions = vec![solutions[0].clone(), second];
            return (Found::new(solutions, false, stats).by(Backend::Native), Counting::Settled);
        }
        // A count asked for more than uniqueness goes on to the full count, which is exact.
        let enough = counted >= limit && (limit <= 2 || count == u128::MAX);
        if !shortcut || count == 0 || enough || unique {
            let counted = u64::try_from(count).unwrap_or(u64::MAX);
            let figure = if shortcut { crate::figures::COUNTED_WITHOUT_U_TURNS } else { crate::figures::COUNTED };
            stats.engine.figures.set(figure, counted);
            // Without U-turns the count is a lower bound unless it settles the question; the
            // full count is exact, past the solutions listed and past the limit (unless it
            // saturated).
            let complete = if shortcut { count == 0 || unique } else { count < u128::MAX };
            return (Found::counted(solutions, count, complete, stats).by(Backend::Native), Counting::Settled);
        }
        shortcut = false;
    }
}
