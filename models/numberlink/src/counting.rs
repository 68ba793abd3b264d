//! How counts are made exact and fast under the blanks rule: induced solutions first, in
//! slices by the number of blank cells (`docs/counting.md` has the argument).

use crate::{Numberlink, Paths, Rule};

/// Counts up to `limit` solutions with `search(induced, limit)`, which returns what it found
/// and whether it ran out of solutions below its limit (not stopped by the clock). Returns
/// the solutions and whether they are all there are.
///
/// Under the blanks rule it first counts *induced* solutions, in which no path touches
/// itself: where a path touches itself it can be shortcut, its detour left blank, so every
/// solution shortcuts to an induced one on a subset of its cells. Hence no induced solution
/// means none at all; two are two solutions; and one, `P`, that fills the board is the only
/// solution (another would shortcut to `P` on a subset of its cells, so be `P`). Only when
/// the single induced solution leaves cells blank, or more than two are asked for, does the
/// full search run. Induced solutions are much easier to find and to exhaust: a cell's
/// same-numbered neighbours are exactly its path neighbours.
pub(crate) fn induced_first<E>(
    puzzle: &Numberlink,
    limit: usize,
    mut search: impl FnMut(bool, usize) -> Result<(Vec<Paths>, bool), E>,
) -> Result<(Vec<Paths>, bool), E> {
    if puzzle.rule == Rule::Blanks && limit > 0 {
        let (solutions, exhausted) = search(true, limit.min(2))?;
        let count = solutions.len();
        let stopped = !exhausted && count < limit.min(2);
        let fills = count == 1 && solutions[0].fills_board();
        let settled = exhausted && (count == 0 || fills);
        if stopped || count >= limit || settled {
            return Ok((solutions, settled));
        }
    }
    search(false, limit)
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
    mut search: impl FnMut(Slice, usize) -> Result<(Vec<Paths>, bool), E>,
) -> Result<(Vec<Paths>, bool), E> {
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
        let (found, exhausted) = search(Slice { blanks: low..=high, shortcut_free }, limit - solutions.len())?;
        solutions.extend(found);
        if !exhausted || solutions.len() >= limit || high >= most {
            return Ok((solutions, exhausted));
        }
        low = high + 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::native::tests::{boards, with_blank_row};
    use crate::{Rule, native};
    use masu_core::SolveOptions;

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
