//! The generator for large boards: grow an induced cover (no path beside itself:
//! [`Cover::grow`]), prove it unique under the blanks rule with the link-by-link search, and
//! repair it in place where the proof fails.
//!
//! Why the blanks rule for both: a cover fills the board, every solution under the fill rule
//! is one under the blanks rule, so a cover unique under the blanks rule is unique under
//! both; and under the blanks rule the search admits only canonical solutions
//! ([`crate::theory::uniqueness`]), of which an induced full cover is one, so the proof
//! is far shorter than the fill rule's search over every solution.
//!
//! The proof is the link search with a budget of nodes (deterministic: a seed gives the
//! same puzzle on every machine). Its three outcomes:
//!
//! - one solution, exhausted: the drawn cover is the puzzle's only solution (the search
//!   found it; the puzzle is made);
//! - a second solution: a drawn path is cut where the second solution differs, so that the
//!   cut cell becomes an endpoint the second solution does not have (one pair more);
//! - the budget ran out: the longest path through the rows where the search stood is cut in
//!   two at its middle (one pair more; shorter paths shorten the proof).
//!
//! A cover that cannot be cut (no part would keep three cells) is drawn anew. Once proven,
//! paths whose ends are side by side are joined back where the joined cover is proven unique
//! too (each pair of ends tried once). Invariants: every cover is induced and fills the
//! board, every path has three cells or more, and a puzzle is returned only on a complete
//! proof that the drawn cover is its one solution.

#[cfg(feature = "cp-sat")]
use masu_core::{Clock, Error, SolveOptions};

#[cfg(feature = "cp-sat")]
use super::{
    Generated, Outcome, Pairs, Random, cover::Cover, cover::ends_beside, cover::joined, fast::puzzle_of,
    fast::split_where_differs,
};
#[cfg(feature = "cp-sat")]
use crate::puzzle::{Numberlink, Rule};

/// Nodes each proof may visit (tuned on seeds 0 and 2, `docs/generate.md`).
#[cfg(feature = "cp-sat")]
const BUDGET: u64 = 15_000;

/// Moves a cover may make per cell while it grows toward its pairs.
#[cfg(feature = "cp-sat")]
const STEPS_PER_CELL: usize = 200;

/// What [`grow`] reports as it works: covers drawn, repairs made, the pairs now.
#[derive(Clone, Copy, Debug, Default)]
pub struct Progress {
    /// Covers drawn.
    pub drawn: usize,
    /// Paths cut so far on this cover.
    pub cuts: usize,
    /// Its pairs now.
    pub pairs: usize,
}

/// Grows a puzzle unique under both rules (module doc) within `pairs.most`;
/// [`Outcome::OutOfTime`] when `clock` runs out before one is proven. `working` hears of
/// each step.
#[cfg(feature = "cp-sat")]
pub fn grow(
    n: usize,
    pairs: Pairs,
    rule: Rule,
    seed: u64,
    index: u64,
    clock: &Clock,
    working: &mut dyn FnMut(Progress),
) -> Result<Outcome, Error> {
    let mut random = Random::of_draw(seed, index);
    let mut progress = Progress::default();
    let mut fewest: Option<usize> = None;
    let out_of_time = |fewest| Ok(Outcome::OutOfTime { fewest });
    loop {
        if clock.reached() {
            return out_of_time(fewest);
        }
        progress.drawn += 1;
        progress.cuts = 0;
        let Some(mut cover) = Cover::grow(n, pairs.toward, STEPS_PER_CELL * n * n, &mut random) else { continue };
        let unique = loop {
            progress.pairs = cover.len();
            working(progress);
            let cut = match prove(n, &cover, clock)? {
                Proof::Stopped => return out_of_time(fewest),
                Proof::Unique => break true,
                Proof::Other(other) => {
                    let drawn = puzzle_of(n, &cover).1;
                    split_where_differs(&mut cover, &other, &drawn, &mut random)
                }
                Proof::Unsettled(row) => halve_longest(&mut cover, row),
            };
            if !cut {
                break false;
            }
            progress.cuts += 1;
        };
        if !unique {
            continue;
        }
        join_back(n, pairs, &mut cover, clock, &mut random)?;
        if !pairs.allow(cover.len()) {
            fewest = Pairs::refused(fewest, cover.len());
            continue;
        }
        let (puzzle, solution) = puzzle_of(n, &cover);
        return Ok(Outcome::Made(Generated {
            puzzle,
            solution,
            rule,
            pairs: cover.len(),
            attempts: progress.drawn,
            seconds: clock.elapsed().as_secs_f64(),
            blanks_unique: true,
        }));
    }
}

/// What one proof says of a cover.
#[cfg(feature = "cp-sat")]
enum Proof {
    /// Its only solution under the blanks rule.
    Unique,
    /// Another solution, its cells' numbers.
    Other(Vec<Vec<u32>>),
    /// The budget ran out, the search in this row (where it says).
    Unsettled(Option<usize>),
    /// The clock ran out.
    Stopped,
}

/// Proves `cover` unique under the blanks rule with the link search and [`BUDGET`] nodes.
#[cfg(feature = "cp-sat")]
fn prove(n: usize, cover: &[Vec<(usize, usize)>], clock: &Clock) -> Result<Proof, Error> {
    let (puzzle, solution) = puzzle_of(n, cover);
    let Ok(blanks) = Numberlink::new(puzzle, Rule::Blanks) else { return Ok(Proof::Unsettled(None)) };
    let budget = crate::links::Budget::new(BUDGET);
    let check = SolveOptions { solution_limit: 2, ..SolveOptions::default().with_clock(clock) };
    let found = crate::links::within(&blanks, &check, Some(&budget))?;
    Ok(if let Some(other) = found.solutions.into_iter().find(|p| p.numbers != solution) {
        // Two solutions, or one that is not the drawn one: either way not unique.
        Proof::Other(other.numbers)
    } else if found.complete && found.count == 1 {
        Proof::Unique
    } else if clock.reached() {
        Proof::Stopped
    } else {
        Proof::Unsettled(budget.stopped_at().map(|at| at / n))
    })
}

/// Joins paths of a unique `cover` end to end back toward `pairs.toward`, each join kept
/// where the joined cover is still proven unique, each pair of ends tried once: at most
/// [`JOIN_TRIES`] per pair the cover has when it starts, or, when `pairs.most` bounds the
/// puzzle, every pair of ends side by side. The clock ends it early, the cover unique still.
#[cfg(feature = "cp-sat")]
fn join_back(
    n: usize,
    pairs: Pairs,
    cover: &mut Vec<Vec<(usize, usize)>>,
    clock: &Clock,
    random: &mut Random,
) -> Result<(), Error> {
    let mut tried = std::collections::HashSet::new();
    let ends = |cover: &[Vec<(usize, usize)>], p: usize, q: usize| {
        let mut e = [cover[p][0], cover[p][cover[p].len() - 1], cover[q][0], cover[q][cover[q].len() - 1]];
        e.sort_unstable();
        e
    };
    let tries = if pairs.most.is_some() { usize::MAX } else { JOIN_TRIES * cover.len() };
    for _ in 0..tries {
        if cover.len() <= pairs.toward || clock.reached() {
            break;
        }
        let candidates: Vec<(usize, usize)> =
            ends_beside(cover, n).into_iter().filter(|&(p, q)| !tried.contains(&ends(cover, p, q))).collect();
        let Some(&(p, q)) = candidates.get(random.below(candidates.len().max(1))) else { break };
        tried.insert(ends(cover, p, q));
        let Some(path) = joined(cover, n, p, q) else { continue };
        let mut next = cover.clone();
        next[p] = path;
        next.swap_remove(q);
        if matches!(prove(n, &next, clock)?, Proof::Unique) {
            *cover = next;
        }
    }
    Ok(())
}

/// Joins tried per pair of the cover [`join_back`] starts from.
#[cfg(feature = "cp-sat")]
const JOIN_TRIES: usize = 1;

/// Cuts the longest path of `cover` at its middle, of those through `row` or a row beside it
/// where one is given (the search was there when its budget ran out), else of all; `false`
/// when it has fewer than 6 cells.
#[cfg(feature = "cp-sat")]
fn halve_longest(cover: &mut Vec<Vec<(usize, usize)>>, row: Option<usize>) -> bool {
    let near = |p: &[(usize, usize)]| row.is_none_or(|row| p.iter().any(|&(r, _)| r.abs_diff(row) <= 1));
    let longest =
        |only_near: bool| (0..cover.len()).filter(|&p| !only_near || near(&cover[p])).max_by_key(|&p| cover[p].len());
    let Some(p) = longest(true).filter(|&p| cover[p].len() >= 6).or_else(|| longest(false)) else {
        return false;
    };
    let len = cover[p].len();
    if len < 6 {
        return false;
    }
    let tail = cover[p].split_off(len / 2);
    cover.push(tail);
    true
}
