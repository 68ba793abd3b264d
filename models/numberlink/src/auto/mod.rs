//! The default (`auto`): a portfolio of the engines, with stated rules, so that a board
//! stalls only where every engine does. `exact` is `native` (or `connected` on cp-sat);
//! `wide` is `native` beside `connected` on cp-sat.
//!
//! ```text
//! fill rule, two answers asked (touch on): `links` under the blanks rule first, for
//!     BLANKS_BUDGET nodes: one solution there settles the fill rule (blanks_first)
//! blanks rule, one or two answers asked; fill rule, one answer asked (touch on):
//!     `links`, to the end                  on two threads, beside the rest on one thread
//!     `links`, LINKS_SHARE of the time                       on one thread, then the rest
//! the rest, or otherwise:
//! touch off:        the frontier search, to exhaustion
//! blanks rule, shorter side ≥ COUNT_WIDTH, more than one answer asked:
//!                   `exact` ∥ `wide`                                    two threads
//!                   `wide`                                              one thread
//! one answer asked: the frontier search ∥ (the count, then `exact`)     two threads
//!                   the search (0.6 of the time), the count, `exact`    one thread
//! otherwise:        the count ∥ `exact`                                 two threads
//!                   the count (TURN_MEMORY, TURN_SHARE), `exact`        one thread;
//!                   `native` first (NATIVE_FIRST) for fill-rule uniqueness
//! ```
//!
//! The rules were chosen on the even-numbered janko boards and the Flow Free levels
//! (`docs/tuning.md`): `links` settles uniqueness under the blanks rule and finds one
//! answer under the fill rule fastest; counts, and uniqueness under the fill rule, are the
//! frontier count's, which merges what a search would enumerate.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use masu_core::{Backend, Clock, Error, Interrupt, SolveOptions, Stats};

use crate::frontier::{self, Counting};
use crate::puzzle::{Found, Numberlink, Rule};

/// The share of the time limit `links` has on one thread before the rest runs.
const LINKS_SHARE: f64 = 0.5;

/// What the count may take before `exact` takes over, when the two run in turn (one
/// thread): bytes, and a share of the time limit (on a 15-column blanks-rule board 256 MB
/// take over 10 s).
const TURN_MEMORY: u64 = 1 << 28;
const TURN_SHARE: f64 = 0.1;

/// What `native` may take first, on one thread, for uniqueness under the fill rule that the
/// blanks rule left open (at most TURN_SHARE of the time limit): a bound, not a tuned value
/// (the two Flow Free levels with two solutions: 0.07 and 0.26 s there, where the count
/// took 0.13 and over 3 s).
const NATIVE_FIRST: Duration = Duration::from_secs(1);

/// Bytes the count may take when it races `exact` (about 10 million profiles, some seconds
/// of counting): past them it gives its core to the other method.
const RACE_MEMORY: u64 = 1 << 30;

/// How long the first of two racing methods runs alone.
const HEAD_START: Duration = Duration::from_millis(20);

/// The shorter side from which, under the blanks rule, the count's profiles outgrow memory
/// (the first janko boards to exhaust 4 GB are 14–15 wide).
const COUNT_WIDTH: usize = 14;

/// A complete method that settles what the count cannot: `native` or `connected`.
pub(crate) type Exact = fn(&Numberlink, &SolveOptions) -> Result<Found, Error>;

/// The members on `backend`: `exact`, and the partner raced beside it on wide boards.
fn members(backend: Backend) -> (Exact, Option<Exact>) {
    match backend {
        #[cfg(feature = "cp-sat")]
        Backend::CpSat => (crate::models::connected::solve, Some(crate::native::solve)),
        _ => (crate::native::solve, None),
    }
}

/// Solves, counts up to `options.solution_limit`, or decides uniqueness on `backend`'s
/// members (the module doc).
pub(crate) fn solve(puzzle: &Numberlink, backend: Backend, options: &SolveOptions) -> Result<Found, Error> {
    let (exact, wide) = members(backend);
    with(puzzle, options, exact, wide)
}

/// [`solve`] with the members given.
fn with(puzzle: &Numberlink, options: &SolveOptions, exact: Exact, wide: Option<Exact>) -> Result<Found, Error> {
    let clock = options.clock();
    let touch = options.get(&crate::theory::TOUCH);
    let limit = options.solution_limit;
    let linked = touch && (puzzle.rule == Rule::Blanks && limit <= 2 || limit <= 1);
    if touch
        && puzzle.rule == Rule::Fill
        && limit == 2
        && let Some(found) = blanks_first(puzzle, &options.with_clock(&clock))?
    {
        return Ok(found.finish(&clock));
    }
    if !linked {
        return rest(puzzle, options, exact, wide);
    }
    let found = if options.threads == Some(1) {
        let first = crate::links::solve(puzzle, &options.with_clock(&clock.share(LINKS_SHARE)))?;
        if first.settles(limit.max(1)) || options.interrupted() {
            return Ok(first.finish(&clock));
        }
        let mut found = rest(puzzle, &options.with_clock(&clock), exact, wide)?;
        found.stats.after(first.stats);
        found
    } else {
        let links = |o: &SolveOptions| crate::links::solve(puzzle, o);
        race(options, &links, &|o| rest(puzzle, &SolveOptions { threads: Some(1), ..o.clone() }, exact, wide))?
    };
    Ok(found.finish(&clock))
}

/// Uniqueness under the fill rule settled under the blanks rule, where `links` settles it
/// within [`BLANKS_BUDGET`] nodes: every fill solution is a blanks solution, so when the
/// blanks rule has one solution the fill rule has that one if it fills the board and none
/// otherwise (and none when the blanks rule has none); `None` where the blanks rule has two
/// or the budget runs out.
fn blanks_first(puzzle: &Numberlink, options: &SolveOptions) -> Result<Option<Found>, Error> {
    let blanks = Numberlink { rule: Rule::Blanks, ..puzzle.clone() };
    let budget = crate::links::Budget::new(BLANKS_BUDGET);
    let found = crate::links::within(&blanks, &SolveOptions { solution_limit: 2, ..options.clone() }, Some(&budget))?;
    if !found.complete || found.count > 1 {
        return Ok(None);
    }
    let Found { solutions, mut stats, .. } = found;
    stats.engine.figures.set(crate::figures::SETTLED_UNDER_BLANKS_RULE, 1);
    let filled = solutions.into_iter().filter(|s| s.numbers.iter().flatten().all(|&k| k > 0)).collect();
    Ok(Some(Found::new(filled, true, stats)))
}

/// Nodes the blanks-rule search may take before the fill rule's own stages run.
const BLANKS_BUDGET: u64 = 100_000;

/// Everything but `links` (the module doc).
fn rest(puzzle: &Numberlink, options: &SolveOptions, exact: Exact, wide: Option<Exact>) -> Result<Found, Error> {
    let clock = options.clock();
    let touch = options.get(&crate::theory::TOUCH);
    let stats = frontier::stats_of(puzzle);
    let search = |o: &SolveOptions, budget: u64| frontier::searched(puzzle, o, budget, touch, stats.clone());
    let count_then_exact = |o: &SolveOptions, memory: u64, count_for: Option<Duration>| {
        count_then_exact(puzzle, o, memory, count_for, stats.clone(), exact)
    };
    let one = options.solution_limit <= 1;
    let partner = wide.filter(|_| puzzle.rule == Rule::Blanks && puzzle.width().min(puzzle.height()) >= COUNT_WIDTH);
    let found = if !touch {
        search(options, u64::MAX)?
    } else if let Some(partner) = partner.filter(|_| !one) {
        if options.threads == Some(1) {
            partner(puzzle, options)?
        } else {
            race(options, &|o| exact(puzzle, o), &|o| partner(puzzle, o))?
        }
    } else if options.threads == Some(1) {
        // In turn: the search for a share of the time, the count within its share, `exact`.
        let mut found = None;
        if one {
            let first = search(&options.with_clock(&clock.share(frontier::SEARCH_SHARE)), frontier::SEARCH_BUDGET)?;
            if first.settles(1) {
                found = Some(first);
            }
        }
        let mut before = None;
        if puzzle.rule == Rule::Fill && options.solution_limit == 2 {
            // Uniqueness under the fill rule that the blanks rule left open: `native` first,
            // for NATIVE_FIRST at most.
            let first_for = clock.limit().map_or(NATIVE_FIRST, |t| t.mul_f64(TURN_SHARE).min(NATIVE_FIRST));
            let first = crate::native::solve(puzzle, &options.with_clock(&clock.for_at_most(Some(first_for))))?;
            if first.settles(2) {
                found = Some(first);
            } else {
                before = Some(first.stats);
            }
        }
        match found {
            Some(found) => found,
            None => {
                let count_for = clock.limit().map(|t| t.mul_f64(TURN_SHARE));
                let mut found = count_then_exact(&options.with_clock(&clock), TURN_MEMORY, count_for)?;
                if let Some(stats) = before {
                    found.stats.after(stats);
                }
                found
            }
        }
    } else if one {
        race(options, &|o| search(o, u64::MAX), &|o| count_then_exact(o, RACE_MEMORY, None))?
    } else {
        race(options, &|o| count_then_exact(o, RACE_MEMORY, None), &|o| exact(puzzle, o))?
    };
    Ok(found.finish(&clock))
}

/// The count within `memory` bytes and `count_for`; past either, `exact` for the time left.
fn count_then_exact(
    puzzle: &Numberlink,
    options: &SolveOptions,
    memory: u64,
    count_for: Option<Duration>,
    stats: Stats,
    exact: Exact,
) -> Result<Found, Error> {
    let clock = options.clock();
    let own = clock.for_at_most(count_for);
    let (found, how) = frontier::counted(puzzle, options, Some(memory), &|| own.reached(), stats);
    if how == Counting::Settled || clock.reached() {
        return Ok(found);
    }
    let mut settled = exact(puzzle, &options.with_clock(&clock))?;
    settled.stats.after(found.stats);
    Ok(settled)
}

/// A method run under the options it is given (its own interrupt and time).
type Lane<'a> = dyn Fn(&SolveOptions) -> Result<Found, Error> + Sync + 'a;

/// `a` and `b` at once, on two threads, each with an interrupt of its own; the first to
/// settle the request stops the other, and the user's interrupt stops both.
fn race(options: &SolveOptions, a: &Lane, b: &Lane) -> Result<Found, Error> {
    let clock = options.clock();
    let limit = options.solution_limit;
    let stops = [Interrupt::new(), Interrupt::new()];
    let done = [AtomicBool::new(false), AtomicBool::new(false)];
    let winner = std::sync::OnceLock::new();
    let run = |lane: usize, method: &Lane| {
        // Each lane has half of the threads: the two share them (CP-SAT on two workers beside
        // the other lane took flow-jumbo_14x14_01 0.66 s where one worker takes 0.09 s).
        let threads = Some((options.threads.unwrap_or(2) / 2).max(1));
        let own = SolveOptions { threads, ..options.with_clock(&clock.stopped_by(&stops[lane])) };
        let result = method(&own);
        if result.as_ref().is_ok_and(|found| found.settles(limit)) && winner.set(lane).is_ok() {
            stops[1 - lane].interrupt();
        }
        done[lane].store(true, Ordering::Release);
        result
    };
    let results = std::thread::scope(|scope| {
        let first = scope.spawn(|| run(0, a));
        // `b` starts after a head start of `a`, which settles small boards first: their
        // solve then never loads a library.
        let second = scope.spawn(|| {
            let head_start = Clock::new(Some(HEAD_START), Interrupt::new());
            while !done[0].load(Ordering::Acquire) && !head_start.reached() {
                std::thread::sleep(Duration::from_micros(200));
            }
            if winner.get().is_some() {
                done[1].store(true, Ordering::Release);
                return Ok(Found::new(Vec::new(), false, Stats::default()));
            }
            run(1, b)
        });
        // The lanes listen to their own interrupts: pass the user's on. Naps grow from 50 µs
        // to 2 ms, so that a board settled at once is not kept waiting.
        let mut nap = Duration::from_micros(50);
        while !done.iter().all(|d| d.load(Ordering::Acquire)) {
            if options.interrupted() {
                stops.iter().for_each(Interrupt::interrupt);
            }
            std::thread::sleep(nap);
            nap = (nap * 2).min(Duration::from_millis(2));
        }
        let panicked = || Error::Backend { backend: Backend::Native, message: "a portfolio stage panicked".into() };
        [first.join().unwrap_or_else(|_| Err(panicked())), second.join().unwrap_or_else(|_| Err(panicked()))]
    });
    let [a, b] = results;
    let (mut found, other) = match (winner.get(), a, b) {
        (Some(0), Ok(found), other) | (Some(1), other, Ok(found)) => (found, other.ok()),
        (_, Ok(a), Ok(b)) if b.count > a.count => (b, Some(a)),
        (_, Ok(a), b) => (a, b.ok()),
        (_, Err(_), Ok(b)) if options.interrupted() => (b, None),
        (_, Err(e), _) => return Err(e),
    };
    if let Some(other) = other {
        found.stats.after(other.stats);
    }
    found.stats.threads = Some(2);
    Ok(found)
}

#[cfg(test)]
mod tests;
