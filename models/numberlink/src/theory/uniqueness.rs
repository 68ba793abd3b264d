//! Uniqueness under the blanks rule, and how counts there are made exact and fast: induced solutions first, in
//! slices by the number of blank cells, and one induced solution settled by a linear check
//! for a second route (`docs/counting.md` has the argument).

use std::collections::VecDeque;

use crate::puzzle::{Cell, Found, Numberlink, Paths, Rule};

/// Which solutions a search admits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Admit {
    /// Every solution (paths may touch themselves).
    All,
    /// Paths never run beside themselves.
    Induced,
    /// Canonical solutions (`docs/counting.md`): induced, corners nested, and under the
    /// blanks rule no blank cell joining two cells of one path in two steps.
    Canonical,
}

/// Counts up to `limit` solutions with `search(induced, limit)`, which returns what it found,
/// complete when it ran out of solutions below its limit (not stopped by the clock). Returns
/// what was found, complete when that is all there is; the stats are the last stage's.
///
/// Under the blanks rule it first counts *induced* solutions, in which no path touches
/// itself: where a path touches itself it can be shortcut, its detour left blank, so every
/// solution shortcuts to an induced one on a subset of its cells. Hence no induced solution
/// means none at all; two are two solutions; and when there is one, `P`, every other
/// solution shortcuts to `P`, the last shortcut undoing a detour of `P` through its blank
/// cells: `P` is the only solution exactly when [`reroute`] finds no such detour, and when
/// it finds one that is the second solution. (A search may keep fewer than the induced
/// solutions, the *canonical* ones, as long as every solution reduces to one of those by
/// moves [`reroute`] undoes.) Only when more than two are asked for and `P`
/// has a detour does the full search run. Induced solutions are much easier to find and to
/// exhaust: a cell's same-numbered neighbours are exactly its path neighbours.
pub(crate) fn induced_first<E>(
    puzzle: &Numberlink,
    limit: usize,
    mut search: impl FnMut(bool, usize) -> Result<Found, E>,
) -> Result<Found, E> {
    if puzzle.rule == Rule::Blanks && limit > 0 {
        // At most two are asked, and every search keeps at least two: all are listed.
        let Found { mut solutions, complete: exhausted, stats, .. } = search(true, limit.min(2))?;
        let count = solutions.len();
        let stopped = !exhausted && count < limit.min(2);
        let second = if exhausted && count == 1 { reroute(puzzle, &solutions[0]) } else { None };
        let settled = exhausted && (count == 0 || (count == 1 && second.is_none()));
        if let Some(second) = second.filter(|_| limit == 2) {
            solutions.push(second);
            return Ok(Found::new(solutions, false, stats));
        }
        if stopped || count >= limit || settled {
            return Ok(Found::new(solutions, settled, stats));
        }
    }
    search(false, limit)
}

/// A second solution next to `solution`, if one is there: one of its links `a`–`b`
/// detoured through cells it leaves blank (`a`, a route of blank cells, `b`), or one of its
/// cells `d` bypassed (`p`–`d`–`q` on a path becomes `p`, a route of blank cells, `q`, and `d`
/// is left blank; a route of one cell moves a corner across its 2×2 block). Linear in the
/// board: blank cells are grouped into regions once, and such a route exists exactly when
/// one region borders both ends.
///
/// These undo the moves that reduce every solution to a canonical one (`docs/counting.md`):
/// a shortcut where a path touches itself (undone by a detour), a shortcut through a blank
/// cell, and a corner moved across its block (both undone by a bypass).
pub(crate) fn reroute(puzzle: &Numberlink, solution: &Paths) -> Option<Paths> {
    let (w, h) = (puzzle.width, puzzle.height);
    let blank = |(r, c): Cell| solution.numbers[r][c] == 0;
    // Blank regions, by breadth-first search.
    let mut region = vec![usize::MAX; w * h];
    let mut regions = 0;
    for start in 0..w * h {
        if region[start] != usize::MAX || !blank((start / w, start % w)) {
            continue;
        }
        region[start] = regions;
        let mut queue = VecDeque::from([start]);
        while let Some(i) = queue.pop_front() {
            for n in puzzle.neighbours((i / w, i % w)) {
                let j = puzzle.index(n);
                if region[j] == usize::MAX && blank(n) {
                    region[j] = regions;
                    queue.push_back(j);
                }
            }
        }
        regions += 1;
    }
    let region = &region;
    let beside = |at: Cell| puzzle.neighbours(at).filter(move |&n| blank(n)).map(move |n| (region[puzzle.index(n)], n));
    // Blank cells beside `a` and beside `b` in one region.
    let joined =
        |a: Cell, b: Cell| beside(a).find_map(|(ra, x)| beside(b).find(|&(rb, _)| rb == ra).map(|(_, y)| (x, y)));
    for (k, path) in solution.paths.iter().enumerate() {
        let number = k as u32 + 1;
        // Detours: `path[step]`, a route, `path[step + 1]`.
        for (step, pair) in path.windows(2).enumerate() {
            let Some((from, to)) = joined(pair[0], pair[1]) else { continue };
            let route = route_within(puzzle, region, from, to);
            let mut second = solution.clone();
            for &(r, c) in &route {
                second.numbers[r][c] = number;
            }
            second.paths[k].splice(step + 1..step + 1, route);
            return Some(second);
        }
        // Bypasses: `path[step]`, a route, `path[step + 2]`, leaving `path[step + 1]` blank.
        for (step, turn) in path.windows(3).enumerate() {
            let Some((from, to)) = joined(turn[0], turn[2]) else { continue };
            let route = route_within(puzzle, region, from, to);
            let mut second = solution.clone();
            second.numbers[turn[1].0][turn[1].1] = 0;
            for &(r, c) in &route {
                second.numbers[r][c] = number;
            }
            second.paths[k].splice(step + 1..step + 2, route);
            return Some(second);
        }
    }
    None
}

/// Whether no blank cell joins two cells of one path the long way round: of `shortcuts`
/// ([`Numberlink::shortcuts`]; none to check, always true), none has its cell blank and its
/// two cells on one path that does not turn through the fourth.
pub(crate) fn shortcut_free(shortcuts: &[crate::puzzle::Shortcut], paths: &Paths) -> bool {
    let w = paths.numbers.first().map_or(0, Vec::len);
    let number = |i: usize| paths.numbers[i / w][i % w];
    shortcuts.iter().all(|&(b, c, d, e)| {
        number(b) != 0 || number(c) == 0 || number(c) != number(d) || e.is_some_and(|e| number(e) == number(c))
    })
}

/// A shortest route from `from` to `to` through their (common) blank region.
fn route_within(puzzle: &Numberlink, region: &[usize], from: Cell, to: Cell) -> Vec<Cell> {
    let w = puzzle.width;
    let inside = region[puzzle.index(from)];
    let mut came = vec![usize::MAX; region.len()];
    came[puzzle.index(from)] = puzzle.index(from);
    let mut queue = VecDeque::from([from]);
    while let Some(at) = queue.pop_front() {
        if at == to {
            break;
        }
        for n in puzzle.neighbours(at) {
            let j = puzzle.index(n);
            if region[j] == inside && came[j] == usize::MAX {
                came[j] = puzzle.index(at);
                queue.push_back(n);
            }
        }
    }
    let mut route = vec![to];
    let mut i = puzzle.index(to);
    while i != puzzle.index(from) {
        i = came[i];
        route.push((i / w, i % w));
    }
    route.reverse();
    route
}

/// The most cells a solution can leave blank, and the parity of every solution's blank
/// count: a path from `s` to `t` has `|s − t|₁ + 1` cells at least, and that many plus an
/// even number (on a chess-board colouring its cells alternate in colour).
pub(crate) fn blank_bounds(puzzle: &Numberlink) -> (usize, usize) {
    let shortest: usize = (1..=puzzle.pairs())
        .map(|k| {
            let ((r1, c1), (r2, c2)) = puzzle.endpoints(k);
            r1.abs_diff(r2) + c1.abs_diff(c2) + 1
        })
        .sum();
    let most = (puzzle.width * puzzle.height).saturating_sub(shortest);
    (most, most % 2)
}

/// Which induced solutions of a blanks-rule puzzle one search of `by_blanks` counts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Slice {
    /// Those leaving a number of cells blank in this range.
    pub blanks: std::ops::RangeInclusive<usize>,
    /// Only those without a shortcut through a blank cell may be counted.
    pub shortcut_free: bool,
}

/// Counts up to `limit` solutions of a blanks-rule puzzle with `search(slice, limit)`, which
/// counts the solutions in `slice`, in disjoint slices by their number of blank cells:
/// `search` returns what it found and whether it ran out of solutions below its limit.
///
/// The slices hold one possible blank count each up to 8 (`p`, `p + 2`, …, with `p` the
/// parity of every blank count, [`blank_bounds`]), then double, until a slice has a
/// solution; after it, one slice covers the rest. Janko's solutions leave few cells blank
/// (348 of 352 none, the others 1 to 4), and a model held to few blanks is far easier to
/// search (`docs/tuning.md`).
///
/// With [`Slice::shortcut_free`], `search` may count only solutions that no path could
/// shortcut through one blank cell ([`Numberlink::shortcuts`]): no blank cell has two
/// neighbours of one number opposite each other, nor around a corner unless the cell at that
/// corner has the number too. That is asked once one more solution settles the count: then
/// any solution in the slices left will do, and one without shortcuts is there if any
/// solution is. The solution leaving the most cells blank of all has no shortcut (the path
/// between two cells opposite around a blank has 3 cells or more between them, and so has one
/// between two cells around a corner not through it, so the shortcut would leave more
/// blank), nor does any path touch itself (that too could be shortcut); and it leaves at
/// least as many blanks as any other solution, so as any in the slices left, all of which
/// leave more than those searched before. (With two or more wanted, the solutions with a
/// shortcut could be exactly those missed.)
pub(crate) fn by_blanks<E>(
    puzzle: &Numberlink,
    limit: usize,
    mut search: impl FnMut(Slice, usize) -> Result<Found, E>,
) -> Result<Found, E> {
    let (most, parity) = blank_bounds(puzzle);
    let (mut solutions, mut low) = (Vec::<Paths>::new(), 0);
    loop {
        let high = if !solutions.is_empty() {
            most
        } else if low <= 8 {
            low + (low + parity) % 2
        } else {
            (2 * low).min(most)
        };
        let shortcut_free = limit - solutions.len() == 1;
        let found = search(Slice { blanks: low..=high, shortcut_free }, limit - solutions.len())?;
        let exhausted = found.complete;
        solutions.extend(found.solutions);
        if !exhausted || solutions.len() >= limit || high >= most {
            return Ok(Found::new(solutions, exhausted, found.stats));
        }
        low = high + 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::native;
    use crate::puzzle::Rule;
    use crate::testkit::{boards, with_blank_row};
    use masu_core::SolveOptions;

    /// On random boards under the blanks rule (covers' endpoints, with a blank row or
    /// without, and endpoints scattered at random), wherever
    /// the induced count is one: the board has a second solution exactly when [`reroute`]
    /// finds one, and what it finds passes the checker and differs from the first.
    #[test]
    fn one_induced_solution_is_unique_exactly_when_it_has_no_reroute() {
        let options = SolveOptions::default();
        let (mut unique, mut rerouted) = (0, 0);
        let scattered = crate::testkit::scattered(5, 400, 3, 3);
        let boards = boards(3..6, Rule::Blanks).into_iter().flat_map(|p| [with_blank_row(&p), p]);
        for puzzle in boards.chain(scattered) {
            let (induced, exhausted) = native::count_by_search(&puzzle, true, 2, &options);
            let (all, all_exhausted) = native::count_by_search(&puzzle, false, 2, &options);
            if !(exhausted && induced.len() == 1 && (all_exhausted || all.len() == 2)) {
                continue;
            }
            match reroute(&puzzle, &induced[0]) {
                None => {
                    assert_eq!(all, induced, "{puzzle:?}");
                    unique += 1;
                }
                Some(second) => {
                    assert_eq!(all.len(), 2, "{puzzle:?}");
                    assert_eq!(crate::puzzle::check::check(&puzzle, &second), Ok(()), "{puzzle:?}");
                    assert_ne!(second, induced[0]);
                    rerouted += 1;
                }
            }
        }
        assert!(unique > 10 && rerouted > 10, "{unique} unique, {rerouted} rerouted");
    }

    /// Every solution of the native count (up to 50 a board) leaves a number of cells blank
    /// within [`blank_bounds`] and of its parity, and some board reaches the bound. The
    /// random boards are drawn from covers, so their parity is even; each is also taken with
    /// a blank row added, which makes it odd on boards of odd width.
    #[test]
    fn blank_counts_keep_their_bound_and_parity() {
        let options = SolveOptions { solution_limit: 50, ..SolveOptions::default() };
        let (mut solutions, mut at_most, mut odd) = (0, 0, 0);
        for puzzle in boards(3..6, Rule::Blanks).into_iter().flat_map(|p| [with_blank_row(&p), p]) {
            let (most, parity) = blank_bounds(&puzzle);
            odd += parity;
            for paths in native::solve(&puzzle, &options).unwrap().solutions {
                let blanks = paths.numbers.iter().flatten().filter(|&&v| v == 0).count();
                assert!(blanks <= most && blanks % 2 == parity, "{blanks} blanks, bound {most}: {puzzle:?}");
                solutions += 1;
                at_most += usize::from(blanks == most);
            }
        }
        assert!(solutions > 100 && at_most > 0 && odd > 0, "{solutions} solutions, {at_most} at the bound, {odd} odd");
    }
}
