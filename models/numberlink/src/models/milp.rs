//! A MILP for numberlink, solved with lazy cycle cuts (HiGHS, CP-SAT).
//!
//! For cells `c`, numbers `k = 1..K` and edges `e = {c, d}` between neighbours:
//!
//! ```text
//! y[c][k] ∈ {0,1}        cell c carries number k;     Σ_k y[c][k] = 1 (fill) or ≤ 1 (blanks)
//! y[s][k] = 1, Σ_k y[s][k] = 1            for the endpoints s of k
//! u[e] ∈ {0,1}           edge e is used;   u[e] + y[c][k] − y[d][k] ≤ 1,
//!                                          u[e] + y[d][k] − y[c][k] ≤ 1   for every k
//! Σ_{e ∋ c} u[e] = 1                       at an endpoint c
//! Σ_{e ∋ c} u[e] = 2 · Σ_k y[c][k]         elsewhere
//! ```
//!
//! A used edge joins two cells of one number (and no blank cell, whose degree is 0).
//! These degree constraints admit closed cycles away from the endpoints. They are removed
//! lazily: solve, find every cycle among the used edges (a component with no endpoint), add
//! `Σ_{e ∈ C} u[e] ≤ |C| − 1` for each, solve again, until an answer has none
//! ([`Milp::solve_lazily`], the cuts counted in `stats.engine.lazy_rows`). Counting adds a
//! no-good on `u` after each answer, so answers differing only in unused cells are one.
//!
//! Under the blanks rule, `crate::theory::uniqueness::induced_first` first counts *induced* solutions, adding
//! `y[c][k] + y[d][k] − u[e] ≤ 1` (two neighbouring cells of one number are linked) and
//! `Σ_{c ∈ B} y[c][k] ≤ 3` for every 2×2 block `B` ([`Numberlink::squares`]: four cells of
//! one number there would be pairwise linked, a loop of four; implied over integers, not by
//! the LP relaxation). That count runs in disjoint slices by the number of cells left blank
//! (`crate::theory::uniqueness::by_blanks`): none first (the model under the fill rule, `Σ_k y[c][k] = 1`,
//! much the easier one to search), then `cells − high ≤ Σ_c Σ_k y[c][k] ≤ cells − low` for
//! each slice after. A puzzle whose one solution fills the board is then found in the first
//! slice, and the rest only has to prove it has no rival; once one more solution settles
//! the count, the slices left count only solutions without a shortcut through a blank cell
//! `b` (`crate::theory::uniqueness::by_blanks`): `y[c][k] + y[d][k] − Σ_k y[b][k] ≤ 1` for two neighbours
//! `c, d` of `b` opposite each other, `− y[e][k]` more on the left for two around a corner
//! `e`. Only bounds that cut are added: the last slice states no redundant lower bound.
//!
//! The rows link numbers and edges directly (`u[e] + y[c][k] − y[d][k] ≤ 1`), with no
//! binary per edge and number: that form is smaller and no slower. Why some boards stay out
//! of this model's reach (janko-arukone-430) is in `docs/hard-instances.md`.

use std::time::Instant;

use good_lp::{Expression, Variable, variable};
use masu_core::milp::{Milp, MilpSolution};
use masu_core::{Backend, Clock, Error, SolveOptions, Stats};

use crate::puzzle::{Cell, Found, Numberlink, Paths, Rule};
use crate::theory::uniqueness::Slice;

/// The model and its variables.
#[derive(Debug)]
pub struct NumberlinkMilp {
    /// The MILP (cuts are added to it as they are found).
    pub milp: Milp,
    /// `y[c][k − 1]`, cells row-major.
    pub y: Vec<Vec<Variable>>,
    /// The edges and their `u[e]`.
    pub edges: Vec<(Cell, Cell, Variable)>,
}

/// Builds the model without cuts; `induced` adds that neighbours of one number are linked.
/// `None` once past `deadline`: on thomasahle's 1002×1002 board the build alone takes 7 s.
pub fn build(puzzle: &Numberlink, induced: bool, deadline: Option<Instant>) -> Option<NumberlinkMilp> {
    // Looks at the clock every 4096 steps of a loop.
    let late = |step: usize| step.is_multiple_of(4096) && deadline.is_some_and(|d| Instant::now() >= d);
    let mut milp = Milp::new();
    let k = puzzle.pairs() as usize;
    let cells = puzzle.width() * puzzle.height();
    let y: Vec<Vec<Variable>> =
        (0..cells).map(|_| (0..k).map(|_| milp.variables.add(variable().binary())).collect()).collect();
    for (c, ys) in y.iter().enumerate() {
        if late(c) {
            return None;
        }
        let used: Expression = ys.iter().copied().sum();
        let clue = puzzle.at((c / puzzle.width(), c % puzzle.width()));
        if clue != 0 {
            milp.add(Expression::from(ys[clue as usize - 1]).eq(1));
            milp.add(used.eq(1));
        } else if puzzle.rule == Rule::Fill {
            milp.add(used.eq(1));
        } else {
            milp.add(used.leq(1));
        }
    }
    let mut degree: Vec<Expression> = vec![Expression::from(0.0); cells];
    let mut edges = Vec::new();
    for (step, (a, b)) in puzzle.edges().into_iter().enumerate() {
        if late(step) {
            return None;
        }
        let (ia, ib) = (puzzle.index(a), puzzle.index(b));
        let u = milp.variables.add(variable().binary());
        for (&ya, &yb) in y[ia].iter().zip(&y[ib]) {
            milp.add((u + ya - yb).leq(1));
            milp.add((u + yb - ya).leq(1));
            if induced {
                milp.add((ya + yb - u).leq(1));
            }
        }
        degree[ia] += u;
        degree[ib] += u;
        edges.push((a, b, u));
    }
    if induced {
        for (step, square) in puzzle.squares().into_iter().enumerate() {
            if late(step) {
                return None;
            }
            for all in (0..k).map(|n| square.iter().map(|&i| y[i][n]).sum::<Expression>()) {
                milp.add(all.leq(3));
            }
        }
    }
    for (c, d) in degree.into_iter().enumerate() {
        if puzzle.at((c / puzzle.width(), c % puzzle.width())) != 0 {
            milp.add(d.eq(1));
        } else {
            let used: Expression = y[c].iter().copied().sum();
            milp.add((d - 2.0 * used).eq(0));
        }
    }
    Some(NumberlinkMilp { milp, y, edges })
}

pub(crate) fn solve(puzzle: &Numberlink, backend: Backend, options: &SolveOptions) -> Result<Found, Error> {
    let clock = options.clock();
    let mut stats = Stats::default();
    let mut run = |slice: Option<Slice>, limit: usize| {
        let (solutions, complete, run) = count(puzzle, slice, backend, options, &clock, limit)?;
        stats = std::mem::take(&mut stats).then(run);
        Ok::<_, Error>(Found::new(solutions, complete, Stats::default()))
    };
    let found = crate::theory::uniqueness::induced_first(puzzle, options.solution_limit, |induced, limit| {
        if !induced {
            return run(None, limit);
        }
        crate::theory::uniqueness::by_blanks(puzzle, limit, |slice, limit| run(Some(slice), limit))
    })?;
    Ok(Found { stats, ..found })
}

/// Counts up to `limit` solutions before `clock` says stop: all of them (`slice` none), or the
/// induced ones in `slice` (the fill rule's model for no blanks).
fn count(
    puzzle: &Numberlink,
    slice: Option<Slice>,
    backend: Backend,
    options: &SolveOptions,
    clock: &Clock,
    limit: usize,
) -> Result<(Vec<Paths>, bool, Stats), Error> {
    let started = Instant::now();
    let fill = Numberlink { rule: Rule::Fill, ..puzzle.clone() };
    let board = if slice.as_ref().is_some_and(|s| s.blanks == (0..=0)) { &fill } else { puzzle };
    let Some(mut built) = build(board, slice.is_some(), clock.deadline()) else {
        let stats = Stats { build_time: started.elapsed(), ..Stats::default() }; // out of time while building
        return Ok((Vec::new(), false, stats));
    };
    if let Some(Slice { blanks, shortcut_free }) = slice.filter(|_| board.rule == Rule::Blanks) {
        // Only the bounds that cut: a redundant row slowed CP-SAT (see the module notes).
        let cells = built.y.len() as f64;
        let used = || built.y.iter().flatten().copied().sum::<Expression>();
        if *blanks.start() > 0 {
            let bound = used().leq(cells - *blanks.start() as f64);
            built.milp.add(bound);
        }
        if *blanks.end() < crate::theory::uniqueness::blank_bounds(board).0 {
            let bound = used().geq(cells - *blanks.end() as f64);
            built.milp.add(bound);
        }
        if shortcut_free {
            // No shortcut through a blank cell b (crate::theory::uniqueness::by_blanks): for its neighbours c, d
            // and number k, y[c][k] + y[d][k] − Σ_k y[b][k] (− y[e][k] round a corner e) ≤ 1.
            for (b, c, d, e) in board.shortcuts() {
                let used_b: Expression = built.y[b].iter().copied().sum();
                for k in 0..built.y[b].len() {
                    let mut row = built.y[c][k] + built.y[d][k] - used_b.clone();
                    if let Some(e) = e {
                        row -= built.y[e][k];
                    }
                    built.milp.add(row.leq(1));
                }
            }
        }
    }
    let build_time = started.elapsed();
    // Cycles among the used edges (components with no endpoint) are cut lazily:
    // Σ_{e ∈ C} u[e] ≤ |C| − 1 for each.
    let edges = &built.edges;
    let mut cycle_cuts = |values: &MilpSolution| {
        let (used, links) = used_links(puzzle, edges, values);
        crate::puzzle::detached_loops(puzzle, &links)
            .into_iter()
            .map(|cycle| {
                let sum: Expression = cycle.iter().map(|&at| edges[used[at]].2).sum();
                sum.leq(cycle.len() as f64 - 1.0)
            })
            .collect()
    };
    // A no-good over the edges after each answer: answers differing only in unused cells
    // are one.
    let projection: Vec<Variable> = edges.iter().map(|e| e.2).collect();
    let counting = SolveOptions { solution_limit: limit, ..options.with_clock(clock) };
    let outcome = built.milp.solve_lazily(backend, &counting, &projection, &mut cycle_cuts)?;
    let w = puzzle.width();
    let solutions = outcome
        .solutions
        .iter()
        .map(|values| {
            let (used, _) = used_links(puzzle, edges, values);
            let links: Vec<(Cell, Cell)> = used.iter().map(|&e| (edges[e].0, edges[e].1)).collect();
            let number_of = |(r, c): Cell| -> u32 {
                built.y[r * w + c].iter().position(|v| values[v] > 0.5).map_or(0, |k| k as u32 + 1)
            };
            Paths::trace(puzzle, &links, number_of)
        })
        .collect();
    Ok((solutions, outcome.complete, outcome.stats(&built.milp, build_time)))
}

/// The edges `values` uses (their indices) and their cells' indices on `puzzle`.
fn used_links(
    puzzle: &Numberlink,
    edges: &[(Cell, Cell, Variable)],
    values: &MilpSolution,
) -> (Vec<usize>, Vec<(usize, usize)>) {
    let used: Vec<usize> = (0..edges.len()).filter(|&e| values[&edges[e].2] > 0.5).collect();
    let links = used.iter().map(|&e| (puzzle.index(edges[e].0), puzzle.index(edges[e].1))).collect();
    (used, links)
}

#[cfg(all(test, any(feature = "highs", feature = "cp-sat")))]
mod tests {
    use super::*;
    use crate::testkit::{assert_same_count, boards, with_blank_row};

    /// Out of time, no model is built.
    #[test]
    fn the_build_stops_at_the_deadline() {
        let puzzle = &boards(4..5, Rule::Blanks)[0];
        assert!(build(puzzle, true, Some(Instant::now())).is_none());
        assert!(build(puzzle, true, None).is_some());
    }

    /// Under the blanks rule (the induced model first): the same count, completeness and,
    /// when complete, the same solutions as the native search, deciding uniqueness (limit 2)
    /// and counting (limit 10), on every MILP backend compiled in.
    #[test]
    fn blanks_counts_equal_the_native_search() {
        let backends: Vec<Backend> = Backend::MILP.into_iter().filter(|b| b.is_compiled()).collect();
        let mut settled_by_induced = 0;
        // Odd widths with a blank row: blank counts of odd parity, other slices.
        let odd = boards(3..4, Rule::Blanks).iter().map(with_blank_row).collect::<Vec<_>>();
        for puzzle in boards(3..5, Rule::Blanks).into_iter().chain(odd) {
            for limit in [2, 10] {
                let options = SolveOptions { solution_limit: limit, ..SolveOptions::default() };
                let theirs = crate::native::solve(&puzzle, &options).unwrap();
                let one = &theirs.solutions;
                if limit == 2 && one.len() == 1 && one[0].fills_board() {
                    settled_by_induced += 1;
                }
                for &backend in &backends {
                    let ours = solve(&puzzle, backend, &options).unwrap();
                    assert_same_count(&ours, &theirs, &format!("{backend}: {puzzle:?}"));
                }
            }
        }
        // Some boards are settled by the induced count alone.
        assert!(settled_by_induced > 0);
    }
}
