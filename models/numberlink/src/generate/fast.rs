//! masu's generator: random path growth, uniqueness proven by a solver, repaired by cutting
//! a path where the solver's other solution differs.

#[cfg(feature = "cp-sat")]
use masu_core::{Error, SolveOptions};

use super::Random;
#[cfg(feature = "cp-sat")]
use super::{Generated, Outcome, Pairs};
#[cfg(feature = "cp-sat")]
use crate::{Numberlink, Paths, Rule};

/// Random paths covering an `n × n` board, each of 3+ cells: joined, where the joined path
/// would not touch itself, until `pairs` remain or no join is found (random growth stalls
/// at about `2n` paths, so large boards end with more than asked). A leftover path of 1 or 2
/// cells then joins a neighbouring path's end even where that path comes to touch itself,
/// or, with no end beside it, a neighbouring path cut where it passes; `None` when neither
/// is possible.
pub fn random_cover(n: usize, pairs: usize, random: &mut Random) -> Option<Vec<Vec<(usize, usize)>>> {
    let mut paths: Vec<Vec<(usize, usize)>> = (0..n * n).map(|i| vec![(i / n, i % n)]).collect();
    let mut owner: Vec<usize> = (0..n * n).collect();
    let adjacent = |a: (usize, usize), b: (usize, usize)| a.0.abs_diff(b.0) + a.1.abs_diff(b.1) == 1;
    let mut stalls = 0;
    while paths.iter().filter(|p| !p.is_empty()).count() > pairs {
        if stalls > 40 * n * n {
            // No join found for a while: the paths stay as they are (more than asked).
            break;
        }
        // A random end of a random path, and a random neighbour that is an end of another.
        let cell = (random.below(n), random.below(n));
        let p = owner[cell.0 * n + cell.1];
        let path = &paths[p];
        let at_front = path[0] == cell;
        if !(at_front || *path.last().unwrap_or(&cell) == cell) {
            stalls += 1;
            continue;
        }
        let neighbours: Vec<(usize, usize)> = [(0i64, 1i64), (1, 0), (0, -1), (-1, 0)]
            .iter()
            .map(|&(dr, dc)| (cell.0 as i64 + dr, cell.1 as i64 + dc))
            .filter(|&(r, c)| r >= 0 && c >= 0 && (r as usize) < n && (c as usize) < n)
            .map(|(r, c)| (r as usize, c as usize))
            .collect();
        let other = neighbours[random.below(neighbours.len())];
        let q = owner[other.0 * n + other.1];
        let other_path = &paths[q];
        let other_front = other_path[0] == other;
        if q == p || !(other_front || *other_path.last().unwrap_or(&other) == other) {
            stalls += 1;
            continue;
        }
        // Joined, the path must not touch itself: no cell of one part next to a cell of the
        // other, except the two ends being joined.
        let touches = path.iter().any(|&a| other_path.iter().any(|&b| adjacent(a, b) && !(a == cell && b == other)));
        if touches {
            stalls += 1;
            continue;
        }
        let mut first = std::mem::take(&mut paths[p]);
        let mut second = std::mem::take(&mut paths[q]);
        if at_front {
            first.reverse();
        }
        if !other_front {
            second.reverse();
        }
        first.extend(second);
        for &(r, c) in &first {
            owner[r * n + c] = p;
        }
        paths[p] = first;
        stalls = 0;
    }
    let mut paths: Vec<Vec<(usize, usize)>> = paths.into_iter().filter(|p| !p.is_empty()).collect();
    // A path too short to be a pair joins a neighbouring path's end, touching it or not, or
    // else a neighbouring path cut where it passes.
    let mut rounds = 0;
    while let Some(s) = paths.iter().position(|p| p.len() < 3) {
        // A cut below can leave a new short path; bound the rounds so that this ends.
        rounds += 1;
        if rounds > n * n {
            return None;
        }
        let short = paths.swap_remove(s);
        let (first, last) = (short[0], short[short.len() - 1]);
        let offset = random.below(paths.len().max(1));
        let mut joined = false;
        let count = paths.len();
        for q in (0..count).map(|q| (q + offset) % count) {
            let other = &mut paths[q];
            let (front, back) = (other[0], other[other.len() - 1]);
            let piece: Vec<(usize, usize)> = if adjacent(back, first) || adjacent(front, last) {
                short.clone()
            } else if adjacent(back, last) || adjacent(front, first) {
                short.iter().rev().copied().collect()
            } else {
                continue;
            };
            if adjacent(back, piece[0]) {
                other.extend(piece);
            } else {
                other.splice(0..0, piece);
            }
            joined = true;
            break;
        }
        if !joined {
            // No neighbouring end: cut a neighbouring path where it passes the short one,
            // the short one continuing the part it joins, the other part keeping 3+ cells.
            let cut = paths.iter().enumerate().find_map(|(q, other)| {
                other.iter().enumerate().find_map(|(i, &x)| {
                    let end = [first, last].into_iter().find(|&e| adjacent(x, e))?;
                    let forward = || -> Vec<(usize, usize)> {
                        if end == first { short.clone() } else { short.iter().rev().copied().collect() }
                    };
                    if other.len() >= i + 4 {
                        let mut head = other[..=i].to_vec();
                        head.extend(forward());
                        Some((q, head, other[i + 1..].to_vec()))
                    } else if i >= 3 {
                        let mut tail: Vec<(usize, usize)> = forward().into_iter().rev().collect();
                        tail.extend_from_slice(&other[i..]);
                        Some((q, tail, other[..i].to_vec()))
                    } else {
                        None
                    }
                })
            });
            let (q, joined_part, rest) = cut?;
            paths[q] = joined_part;
            paths.push(rest);
        }
    }
    Some(paths)
}

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn covers_are_valid_and_deterministic() {
        let mut a = Random::new(7);
        let mut b = Random::new(7);
        let (x, y) = (random_cover(6, 5, &mut a), random_cover(6, 5, &mut b));
        assert_eq!(x, y);
        if let Some(cover) = x {
            assert!(cover.len() >= 5);
            assert_eq!(cover.iter().map(Vec::len).sum::<usize>(), 36);
            for path in &cover {
                for w in path.windows(2) {
                    assert_eq!(w[0].0.abs_diff(w[1].0) + w[0].1.abs_diff(w[1].1), 1);
                }
            }
        }
    }
}
