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
//! `solve` composes them with an `exact` method (`native` or `connected`), so that a board
//! stalls only where every method does:
//!
//! ```text
//! blanks rule, two answers asked (uniqueness), first:
//!                   the canonical search, CANONICAL_BUDGET nodes; settled by `reroute`
//! then, or otherwise:
//! touch off:        the search, to exhaustion
//! auto, blanks rule, shorter side ≥ 14, more than one answer asked:
//!                   `connected` ∥ `native`                         two threads
//!                   `connected`                                    one thread
//! one answer asked: the search ∥ (the count, then `exact`)       two threads
//!                   the search (0.6 of the time), the count, `exact`   one thread
//! otherwise:        the count ∥ `exact`                             two threads
//!                   the count (TURN_MEMORY, TURN_SHARE), `exact`    one thread
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

use std::time::{Duration, Instant};

use std::sync::atomic::{AtomicBool, Ordering};

use masu_core::{Backend, Error, Interrupt, SolveOptions, Stats, StopAt};

use crate::{Cell, Found, Numberlink, Paths, Rule};
use count::Counted;
use search::{Ended, Search};
use sweep::Sweep;

/// Nodes the touch-free search may visit first when one answer is asked on one thread
/// (some seconds), and the share of the time limit it may take.
const SEARCH_BUDGET: u64 = 400_000_000;
const SEARCH_SHARE: f64 = 0.6;

/// Nodes the canonical search may visit first when uniqueness is asked under the blanks
/// rule (some tens of milliseconds; chosen on the even-numbered janko boards).
const CANONICAL_BUDGET: u64 = 1_000_000;

/// What the count may take before `exact` takes over, when the two run in turn (one
/// thread): bytes, and a share of the time limit (on a 15-column blanks-rule board 256 MB
/// take over 10 s).
const TURN_MEMORY: u64 = 1 << 28;
const TURN_SHARE: f64 = 0.1;

/// Bytes the count may take when it races `exact` (about 10 million profiles, some seconds
/// of counting): past them it gives its core to the other method.
const RACE_MEMORY: u64 = 1 << 30;

/// How long the first of two racing methods runs alone.
const HEAD_START: Duration = Duration::from_millis(20);

/// A complete method that settles what the count cannot: `native` or `connected`.
pub(crate) type Exact = fn(&Numberlink, &SolveOptions) -> Result<Found, Error>;

/// The shorter side from which, under the blanks rule, the count's profiles outgrow memory
/// (`docs/hard-instances.md`: a million profiles by the fifth row of 14–15).
const COUNT_WIDTH: usize = 14;

/// Solves, counts up to `options.solution_limit`, or decides uniqueness (see the module
/// doc), with `exact` after or beside the count. With `wide` (the default's portfolio), a
/// blanks-rule board whose shorter side is [`COUNT_WIDTH`] or more is left to the exact
/// methods: `exact` alone on one thread, `exact` beside `wide` on two.
pub(crate) fn solve(
    puzzle: &Numberlink,
    options: &SolveOptions,
    exact: Exact,
    wide: Option<Exact>,
) -> Result<Found, Error> {
    let started = Instant::now();
    let touch = options.switch("touch").unwrap_or(true);
    let stats = Stats { variables: puzzle.width() * puzzle.height(), threads: Some(1), ..Stats::default() };
    let search = |o: &SolveOptions, budget: u64| searched(puzzle, o, budget, touch, stats.clone());
    let count_then_exact = |o: &SolveOptions, memory: u64, count_for: Option<Duration>| {
        count_then_exact(puzzle, o, memory, count_for, stats.clone(), exact)
    };
    let one = options.solution_limit <= 1;
    let mut searched_first = None;
    if touch && puzzle.rule == Rule::Blanks && options.solution_limit == 2 {
        let share = options.time_limit.map(|t| t.mul_f64(SEARCH_SHARE));
        let budget = options.count("canonical").unwrap_or(CANONICAL_BUDGET);
        let first =
            canonical_searched(puzzle, &SolveOptions { time_limit: share, ..options.clone() }, budget, stats.clone());
        if settled(&first, 2) || options.interrupt.is_interrupted() {
            return Ok(finish(first, started));
        }
        searched_first = Some(first);
    }
    // The rest runs on the time left, timed from now; the answer's time from `began`.
    let (options, began) = (&remaining(options, started), started);
    let started = Instant::now();
    let partner = wide.filter(|_| puzzle.rule == Rule::Blanks && puzzle.width().min(puzzle.height()) >= COUNT_WIDTH);
    let mut found = if !touch {
        search(options, u64::MAX)?
    } else if let Some(partner) = partner.filter(|_| !one) {
        if options.threads == Some(1) {
            exact(puzzle, options)?
        } else {
            race(options, &|o| exact(puzzle, o), &|o| partner(puzzle, o))?
        }
    } else if options.threads == Some(1) {
        // In turn: the search for a share of the time, the count within its share, `exact`.
        let mut found = None;
        if one {
            let share = options.time_limit.map(|t| t.mul_f64(SEARCH_SHARE));
            let first = search(&SolveOptions { time_limit: share, ..options.clone() }, SEARCH_BUDGET)?;
            if settled(&first, 1) {
                found = Some(first);
            }
        }
        match found {
            Some(found) => found,
            None => {
                let count_for = options.time_limit.map(|t| t.mul_f64(TURN_SHARE));
                count_then_exact(&remaining(options, started), TURN_MEMORY, count_for)?
            }
        }
    } else if one {
        race(options, &|o| search(o, u64::MAX), &|o| count_then_exact(o, RACE_MEMORY, None))?
    } else {
        race(options, &|o| count_then_exact(o, RACE_MEMORY, None), &|o| exact(puzzle, o))?
    };
    if let Some(mut first) = searched_first {
        found.stats.constraints_by_kind.append(&mut first.stats.constraints_by_kind);
    }
    Ok(finish(found, began))
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
    let began = Instant::now();
    let stop = stop_at(options);
    let own = count_for.map(|t| began + t);
    let (mut found, how) =
        counted(puzzle, options, Some(memory), &|| stop.reached() || own.is_some_and(|d| Instant::now() >= d), stats);
    if how == Counting::Settled || stop.reached() {
        return Ok(found);
    }
    let mut settled = exact(puzzle, &remaining(options, began))?;
    settled.stats.constraints_by_kind.append(&mut found.stats.constraints_by_kind);
    Ok(settled)
}

/// The depth-first search (touch-free) for up to `options.solution_limit` solutions, at most
/// `budget` nodes: complete when exhausted, where that settles the question (with `touch`
/// off, or under the blanks rule, where a board without a touch-free solution has none).
fn searched(
    puzzle: &Numberlink,
    options: &SolveOptions,
    budget: u64,
    touch: bool,
    mut stats: Stats,
) -> Result<Found, Error> {
    let mut search = Search::new(puzzle);
    search.keep = options.kept();
    let stop = stop_at(options);
    let ended = search.run(options.solution_limit.max(1), budget, &|| stop.reached());
    stats.constraints_by_kind.insert("search nodes".into(), search.nodes as usize);
    stats.solves += 1;
    let exhausted = ended == Ended::Exhausted && (!touch || puzzle.rule == Rule::Blanks && search.found == 0);
    Ok(Found::counted(std::mem::take(&mut search.solutions), search.found as u128, exhausted, stats))
}

/// The depth-first search for canonical solutions (blanks rule, two asked), at most
/// `budget` nodes, settled as every induced or canonical stage is ([`crate::induced_first`]:
/// exhausted, none means no solution and one is settled by [`crate::reroute`]; two are two
/// solutions). With two asked, `induced_first` never asks for the unrestricted search.
fn canonical_searched(puzzle: &Numberlink, options: &SolveOptions, budget: u64, mut stats: Stats) -> Found {
    let mut search = Search::new(puzzle).canonical();
    let stop = stop_at(options);
    let Ok(crate::Listing { solutions, exhausted: complete, .. }) = crate::induced_first(puzzle, 2, |_, limit| {
        let ended = search.run(limit, budget, &|| stop.reached());
        Ok::<_, std::convert::Infallible>((std::mem::take(&mut search.solutions), ended == Ended::Exhausted))
    });
    stats.constraints_by_kind.insert("canonical search nodes".into(), search.nodes as usize);
    stats.solves += 1;
    Found::new(solutions, complete, stats)
}

/// When a solve with `options`, starting now, must stop.
fn stop_at(options: &SolveOptions) -> StopAt {
    StopAt { deadline: options.time_limit.map(|t| Instant::now() + t), interrupt: options.interrupt.clone() }
}

/// `options` with the time left of those that started at `started`.
fn remaining(options: &SolveOptions, started: Instant) -> SolveOptions {
    SolveOptions { time_limit: options.time_limit.map(|t| t.saturating_sub(started.elapsed())), ..options.clone() }
}

/// `found` with the time since `started` as its solve time.
fn finish(mut found: Found, started: Instant) -> Found {
    found.stats.solve_time = started.elapsed();
    found.stats.backend_time = Some(found.stats.solve_time);
    found
}

/// Whether `found` answers a request for `limit` solutions.
fn settled(found: &Found, limit: usize) -> bool {
    found.complete || found.count >= limit as u128
}

/// A method run under the options it is given (its own interrupt and time).
type Lane<'a> = dyn Fn(&SolveOptions) -> Result<Found, Error> + Sync + 'a;

/// `a` and `b` at once, on two threads, each with an interrupt of its own; the first to
/// settle the request stops the other, and the user's interrupt stops both.
fn race(options: &SolveOptions, a: &Lane, b: &Lane) -> Result<Found, Error> {
    let started = Instant::now();
    let limit = options.solution_limit;
    let stops = [Interrupt::new(), Interrupt::new()];
    let done = [AtomicBool::new(false), AtomicBool::new(false)];
    let winner = std::sync::OnceLock::new();
    let run = |lane: usize, method: &Lane| {
        let own = SolveOptions { interrupt: stops[lane].clone(), ..remaining(options, started) };
        let result = method(&own);
        if result.as_ref().is_ok_and(|found| settled(found, limit)) && winner.set(lane).is_ok() {
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
            let head_start = Instant::now() + HEAD_START;
            while !done[0].load(Ordering::Acquire) && Instant::now() < head_start {
                std::thread::sleep(Duration::from_micros(200));
            }
            if winner.get().is_some() {
                done[1].store(true, Ordering::Release);
                return Ok(Found::new(Vec::new(), false, Stats::default()));
            }
            run(1, b)
        });
        // The lanes listen to their own interrupts: pass the user's on.
        while !done.iter().all(|d| d.load(Ordering::Acquire)) {
            if options.interrupt.is_interrupted() {
                stops.iter().for_each(Interrupt::interrupt);
            }
            std::thread::sleep(Duration::from_millis(2));
        }
        let panicked = || Error::Backend { backend: Backend::Native, message: "a frontier stage panicked".into() };
        [first.join().unwrap_or_else(|_| Err(panicked())), second.join().unwrap_or_else(|_| Err(panicked()))]
    });
    let [a, b] = results;
    let (mut found, other) = match (winner.get(), a, b) {
        (Some(0), Ok(found), other) | (Some(1), other, Ok(found)) => (found, other.ok()),
        (_, Ok(a), Ok(b)) if b.count > a.count => (b, Some(a)),
        (_, Ok(a), b) => (a, b.ok()),
        (_, Err(_), Ok(b)) if options.interrupt.is_interrupted() => (b, None),
        (_, Err(e), _) => return Err(e),
    };
    if let Some(mut other) = other {
        found.stats.constraints_by_kind.append(&mut other.stats.constraints_by_kind);
    }
    found.stats.threads = Some(2);
    Ok(found)
}

/// How a count ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Counting {
    /// It settled the request.
    Settled,
    /// The clock, the user or the other method stopped it.
    Stopped,
    /// Its layers outgrew the memory it had.
    TooLarge,
}

/// The exact count, and how it ended.
///
/// Under the blanks rule it counts first without U-turns (`┌┐`, `└┘`): every solution
/// whose paths never touch themselves is among those, and each of those is a solution.
/// None means no solution at all; one that does not touch itself is the only solution
/// unless [`crate::reroute`] finds a second next to it (every solution shortcuts to one that
/// does not touch itself: [`crate::induced_first`]); two are two. Otherwise the full count.
fn counted(
    puzzle: &Numberlink,
    options: &SolveOptions,
    memory: Option<u64>,
    stop: &dyn Fn() -> bool,
    mut stats: Stats,
) -> (Found, Counting) {
    let limit = options.solution_limit;
    let Some(mut sweep) = Sweep::new(puzzle) else {
        stats.constraints_by_kind.insert("count too large".into(), 1);
        return (Found::new(Vec::new(), false, stats), Counting::TooLarge);
    };
    stats.solves += 1;
    let mut shortcut = puzzle.rule == Rule::Blanks;
    loop {
        sweep.u_turns = !shortcut;
        let listed = limit.min(options.kept());
        let (count, solutions) = match count::count(&mut sweep, puzzle, listed, memory, stop, options.log) {
            Counted::All { count, solutions, widest } => {
                stats.constraints_by_kind.insert("count widest layer".into(), widest);
                (count, solutions)
            }
            Counted::Stopped { swept, widest } => {
                stats.constraints_by_kind.insert("count cells swept".into(), swept);
                stats.constraints_by_kind.insert("count widest layer".into(), widest);
                return (Found::new(Vec::new(), false, stats), Counting::Stopped);
            }
            Counted::TooLarge(why) => {
                if options.log {
                    eprintln!("frontier: {why}");
                }
                stats.constraints_by_kind.insert("count too large".into(), 1);
                return (Found::new(Vec::new(), false, stats), Counting::TooLarge);
            }
        };
        let counted = usize::try_from(count).unwrap_or(usize::MAX);
        // One solution without U-turns that does not touch itself is the only induced one.
        let induced_one = shortcut && count == 1 && !touches_itself(&solutions[0]);
        let second = if induced_one { crate::reroute(puzzle, &solutions[0]) } else { None };
        let unique = induced_one && second.is_none();
        if let Some(second) = second.filter(|_| limit == 2) {
            stats.constraints_by_kind.insert("count without u-turns".into(), 1);
            let solutions = vec![solutions[0].clone(), second];
            return (Found::new(solutions, false, stats), Counting::Settled);
        }
        // A count asked for more than uniqueness goes on to the full count, which is exact.
        let enough = counted >= limit && (limit <= 2 || count == u128::MAX);
        if !shortcut || count == 0 || enough || unique {
            stats.constraints_by_kind.insert(if shortcut { "count without u-turns" } else { "count" }.into(), counted);
            // Without U-turns the count is a lower bound unless it settles the question; the
            // full count is exact, past the solutions listed and past the limit (unless it
            // saturated).
            let complete = if shortcut { count == 0 || unique } else { count < u128::MAX };
            return (Found::counted(solutions, count, complete, stats), Counting::Settled);
        }
        shortcut = false;
    }
}

/// The solution drawn by `links`: each number's path traced from its first endpoint. Linked
/// cells off every path (none, if the links are a solution) keep a number no puzzle has,
/// for the checker to see.
pub(crate) fn paths_of(puzzle: &Numberlink, links: &[(Cell, Cell)]) -> Paths {
    let mut paths = Paths::trace(puzzle, links, |_| u32::MAX);
    for (k, path) in (1..).zip(&paths.paths) {
        for &(r, c) in path {
            paths.numbers[r][c] = k;
        }
    }
    paths
}

/// Whether some path runs beside itself: two neighbouring cells of one number that are not
/// consecutive on its path.
pub(crate) fn touches_itself(paths: &Paths) -> bool {
    let mut linked = std::collections::HashSet::new();
    for path in &paths.paths {
        for pair in path.windows(2) {
            linked.insert((pair[0].min(pair[1]), pair[0].max(pair[1])));
        }
    }
    let numbers = &paths.numbers;
    let (h, w) = (numbers.len(), numbers.first().map_or(0, Vec::len));
    (0..h).any(|r| {
        (0..w).any(|c| {
            let beside = [(r + 1 < h).then_some((r + 1, c)), (c + 1 < w).then_some((r, c + 1))];
            beside.into_iter().flatten().any(|(r2, c2)| {
                numbers[r][c] != 0 && numbers[r2][c2] == numbers[r][c] && !linked.contains(&((r, c), (r2, c2)))
            })
        })
    })
}
