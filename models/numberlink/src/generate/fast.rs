//! masu's generator: random path growth, uniqueness proven by a solver, repaired by cutting
//! a path where the solver's other solution differs.

#[cfg(feature = "cp-sat")]
use masu_core::{Error, SolveOptions};

#[cfg(feature = "cp-sat")]
use super::{Generated, Outcome, Pairs, Random};
#[cfg(feature = "cp-sat")]
use crate::puzzle::cover::random_cover;
#[cfg(feature = "cp-sat")]
use crate::puzzle::{Numberlink, Paths, Rule};

#[cfg(feature = "cp-sat")]
/// The puzzle of a cover: the endpoints of each path, numbered in reading order of their
/// first endpoint; and the numbered solution.
pub(super) fn puzzle_of(n: usize, cover: &[Vec<(usize, usize)>]) -> (Vec<Vec<u32>>, Vec<Vec<u32>>) {
    let mut order: Vec<&Vec<(usize, usize)>> = cover.iter().collect();
    order.sort_by_key(|p| p[0].min(*p.last().unwrap_or(&p[0])));
    let (mut puzzle, mut solution) = (vec![vec![0; n]; n], vec![vec![0; n]; n]);
    for (k, path) in order.iter().enumerate() {
        let k = k as u32 + 1;
        for &(r, c) in path.iter() {
            solution[r][c] = k;
        }
        let (a, b) = (path[0], path[path.len() - 1]);
        puzzle[a.0][a.1] = k;
        puzzle[b.0][b.1] = k;
    }
    (puzzle, solution)
}

/// Draws until a board has a unique solution under `rule` within `pairs.most`;
/// [`Outcome::OutOfTime`] when `options`' time runs out first.
///
/// A drawn board that is not unique is repaired before it is given up: the solver's other
/// solution differs from the drawn one at some cell, so the drawn path through that cell is
/// cut there in two (each part keeps 3 cells or more), which makes the cell an endpoint and
/// rules that other solution out. Repairs add pairs; the board is redrawn after `3n` repairs,
/// or when it is unique with more pairs than `pairs.most`.
#[cfg(feature = "cp-sat")]
pub fn fast(
    n: usize,
    pairs: Pairs,
    rule: Rule,
    seed: u64,
    index: u64,
    options: &SolveOptions,
) -> Result<Outcome, Error> {
    let mut draw = masu_core::generate::Draws::new(seed, index, options);
    let mut fewest: Option<usize> = None;
    while draw.next_attempt() {
        let Some(mut cover) = random_cover(n, pairs.toward, &mut draw.random) else { continue };
        let mut native_failed = false;
        for _repair in 0..=3 * n {
            let clock = &draw.clock;
            if clock.reached() {
                return Ok(Outcome::OutOfTime { fewest });
            }
            let (puzzle, solution) = puzzle_of(n, &cover);
            let Ok(board) = Numberlink::new(puzzle.clone(), rule) else { break };
            let check = SolveOptions { solution_limit: 2, ..options.with_clock(clock) };
            let report = decide(&board, &check, &mut native_failed)?;
            match report.status {
                masu_core::Status::Unique if !pairs.allow(cover.len()) => {
                    // Repairs only add pairs: draw again.
                    fewest = Pairs::refused(fewest, cover.len());
                    break;
                }
                masu_core::Status::Unique => {
                    let solution = report.solutions.into_iter().next().map_or(solution, |p: Paths| p.numbers);
                    return Ok(Outcome::Made(Generated {
                        puzzle,
                        solution,
                        rule,
                        pairs: cover.len(),
                        attempts: draw.attempts,
                        seconds: draw.seconds(),
                        blanks_unique: rule == Rule::Blanks,
                    }));
                }
                masu_core::Status::Multiple => {
                    let Some(other) = report.solutions.iter().find(|p| p.numbers != solution) else { break };
                    if !split_where_differs(&mut cover, &other.numbers, &solution, &mut draw.random) {
                        break;
                    }
                }
                _ => break,
            }
        }
    }
    Ok(Outcome::OutOfTime { fewest })
}

/// Decides whether `board` is unique: the native search first, alone and within its budget
/// of nodes (tens of milliseconds: it settles most drawn boards in milliseconds, but long
/// winding paths can keep it busy for much longer), then, when it has not, the `connected`
/// model on CP-SAT. `native_failed` is set then, and later repairs of the same board (which
/// keep its long paths) go to CP-SAT directly. A node budget rather than a time limit keeps
/// the generator deterministic: which solver decides picks the second solution a repair
/// follows.
#[cfg(feature = "cp-sat")]
fn decide(
    board: &Numberlink,
    check: &SolveOptions,
    native_failed: &mut bool,
) -> Result<masu_core::Report<Paths>, Error> {
    if !*native_failed {
        let found = crate::native::search_only(board, check)?;
        let report =
            masu_core::puzzle::report(board, crate::Formulation::Native, masu_core::Backend::Native, found, check)?;
        if report.status != masu_core::Status::TimedOut {
            return Ok(report);
        }
        *native_failed = true;
    }
    masu_core::solve(board, crate::Formulation::Connected, masu_core::Backend::CpSat, check)
}

/// Cuts a path of `cover` in two at a cell where `other` differs from `drawn`, both parts
/// keeping 3 cells or more; `false` when no such cut exists.
#[cfg(feature = "cp-sat")]
pub(super) fn split_where_differs(
    cover: &mut Vec<Vec<(usize, usize)>>,
    other: &[Vec<u32>],
    drawn: &[Vec<u32>],
    random: &mut Random,
) -> bool {
    let mut cuts = Vec::new();
    for (p, path) in cover.iter().enumerate() {
        for (i, &(r, c)) in path.iter().enumerate() {
            if other[r][c] != drawn[r][c] {
                // Cut before or after the cell: [..i] + [i..], or [..=i] + [i + 1..].
                for at in [i, i + 1] {
                    if at >= 3 && path.len() - at >= 3 {
                        cuts.push((p, at));
                    }
                }
            }
        }
    }
    if cuts.is_empty() {
        return false;
    }
    let (p, at) = cuts[random.below(cuts.len())];
    let tail = cover[p].split_off(at);
    cover.push(tail);
    true
}
