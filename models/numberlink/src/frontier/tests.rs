//! The sweep against the `native` search, on random boards of both rules.

use std::time::Duration;

use masu_core::{Clock, Ended, SolveOptions};

use super::*;
use crate::puzzle::Paths;
use crate::testkit::{assert_checked_and_distinct, boards, scattered, under_both_rules};

/// Every solution, kept.
fn every() -> Kept<Paths> {
    Kept::new(usize::MAX, usize::MAX)
}

fn unlimited() -> Clock {
    SolveOptions::default().clock()
}

fn options(limit: usize, threads: Option<u32>) -> SolveOptions {
    SolveOptions { solution_limit: limit, threads, ..SolveOptions::default() }
}

fn native(puzzle: &Numberlink, limit: usize) -> Found {
    crate::native::solve(puzzle, &options(limit, None)).unwrap()
}

/// Two counts of one board agree: the number of solutions; the same solutions when both
/// are complete; and where only one is complete, the other stopped at the limit (a count
/// that reaches the limit exactly knows it has them all, a search does not).
fn assert_same_count(ours: &Found, theirs: &Found, limit: usize, what: &str) {
    assert_eq!(ours.solutions.len(), theirs.solutions.len(), "{what}");
    if ours.complete != theirs.complete {
        assert_eq!(ours.solutions.len(), limit, "{what}");
    } else if ours.complete {
        let (mut a, mut b) = (ours.solutions.clone(), theirs.solutions.clone());
        a.sort();
        b.sort();
        assert_eq!(a, b, "{what}");
    }
}

/// The count alone (no racing method): every solution counted, up to `limit` decoded.
fn count_only(puzzle: &Numberlink, limit: usize) -> Found {
    counted(puzzle, &options(limit, Some(1)), None, &|| false, Stats::default()).0
}

/// The same solutions as `native`, board by board, deciding uniqueness (limit 2) and
/// counting (limit 30): the count, whether it is complete, and when it is, the answers.
#[test]
fn counts_equal_the_native_search() {
    for (rule, sizes) in [(Rule::Fill, 3..8), (Rule::Blanks, 3..6)] {
        // Square boards, and wider ones (swept transposed).
        let wider = boards(sizes.clone(), rule).into_iter().map(|p| {
            let rows = p.rows().into_iter().map(|mut row| {
                row.push(0);
                row
            });
            Numberlink::new(rows.collect(), rule).unwrap()
        });
        for puzzle in boards(sizes, rule).into_iter().chain(wider) {
            for limit in [2, 30] {
                let what = format!("{puzzle:?}, limit {limit}");
                assert_same_count(&count_only(&puzzle, limit), &native(&puzzle, limit), limit, &what);
                let raced = solve(&puzzle, &options(limit, None)).unwrap();
                assert_same_count(&raced, &native(&puzzle, limit), limit, &what);
            }
        }
    }
}

/// A count asked for far more solutions than it lists gives the exact number, complete: the
/// native search's exhaustive count, on boards of both rules (listing three).
#[test]
fn the_count_past_the_listing_is_exact() {
    let mut compared = 0;
    for (rule, sizes) in [(Rule::Fill, 3..6), (Rule::Blanks, 3..5)] {
        for puzzle in boards(sizes, rule) {
            let listing = SolveOptions { keep: 3, ..options(1_000_000, Some(1)) };
            let counted = solve(&puzzle, &listing).unwrap();
            let searched = crate::native::solve(&puzzle, &listing).unwrap();
            assert!(searched.complete, "{puzzle:?}");
            assert!(counted.complete, "{puzzle:?}");
            assert_eq!(counted.count, searched.count, "{puzzle:?}");
            assert!(counted.solutions.len() <= 3 && searched.solutions.len() <= 3, "{puzzle:?}");
            compared += usize::from(counted.count > 3);
        }
    }
    assert!(compared >= 10, "{compared} boards with more solutions than listed");
}

/// Every answer passes the checker, none twice; one asked, one given.
#[test]
fn answers_are_checked_and_distinct() {
    for puzzle in under_both_rules(3..7) {
        let found = count_only(&puzzle, 50);
        assert_checked_and_distinct(&puzzle, &found);
        for threads in [Some(1), None] {
            let one = solve(&puzzle, &options(1, threads)).unwrap();
            assert_eq!(one.solutions.len(), usize::from(!found.solutions.is_empty()), "{puzzle:?}");
            assert_checked_and_distinct(&puzzle, &one);
        }
    }
}

/// With `touch` off the search finds exactly the solutions whose paths never run beside
/// themselves: the full count, filtered.
#[test]
fn touch_free_search_finds_exactly_the_solutions_that_do_not_touch() {
    let mut checked = 0;
    for (rule, sizes) in [(Rule::Fill, 3..7), (Rule::Blanks, 3..6)] {
        for puzzle in boards(sizes, rule) {
            let all = count_only(&puzzle, 20_000);
            if !all.complete || all.count > all.solutions.len() as u128 {
                continue; // not every solution listed
            }
            checked += 1;
            let mut expected: Vec<Paths> = all.solutions.into_iter().filter(|p| !p.touches_itself()).collect();
            let (kept, ended) = Search::new(&puzzle).run(every(), u64::MAX, &unlimited());
            assert_eq!(ended, Ended::Exhausted);
            let mut found = kept.found(true, Stats::default()).solutions;
            expected.sort();
            found.sort();
            assert_eq!(found, expected, "{puzzle:?}");
        }
    }
    assert!(checked >= 40, "{checked} boards");
}

/// Whether a solution is canonical (`docs/counting.md`), read off the whole answer: no path
/// beside itself, no blank cell joining two cells of one path in two steps the path does not
/// take, no `┌` or `┐` corner with a blank cell across its block.
pub(crate) fn canonical(puzzle: &Numberlink, paths: &Paths) -> bool {
    let w = puzzle.width();
    let number = |i: usize| paths.numbers[i / w][i % w];
    let linked: std::collections::HashSet<(usize, usize)> = paths
        .paths
        .iter()
        .flat_map(|path| path.windows(2).map(|p| (puzzle.index(p[0]), puzzle.index(p[1]))))
        .flat_map(|(a, b)| [(a, b), (b, a)])
        .collect();
    let shortcut = puzzle.shortcuts().into_iter().any(|(b, c, d, e)| {
        number(b) == 0 && number(c) != 0 && number(c) == number(d) && e.is_none_or(|e| number(e) != number(c))
    });
    let corner = puzzle.corners_down().into_iter().any(|(c, beside, below, across)| {
        linked.contains(&(c, beside)) && linked.contains(&(c, below)) && number(across) == 0
    });
    !paths.touches_itself() && !shortcut && !corner
}

/// Under the blanks rule the canonical search finds exactly the canonical solutions (the
/// full count, filtered), and with the reroute check it settles uniqueness as the full count
/// does: none, one, or two answers.
#[test]
fn canonical_search_finds_exactly_the_canonical_solutions() {
    let (mut checked, mut rerouted) = (0, 0);
    for puzzle in boards(3..6, Rule::Blanks).into_iter().chain(scattered(5, 200, 5, 4)) {
        let all = count_only(&puzzle, 20_000);
        if !all.complete || all.count > all.solutions.len() as u128 {
            continue; // not every solution listed
        }
        checked += 1;
        let mut expected: Vec<Paths> = all.solutions.iter().filter(|p| canonical(&puzzle, p)).cloned().collect();
        let (kept, ended) = Search::new(&puzzle).canonical().run(every(), u64::MAX, &unlimited());
        assert_eq!(ended, Ended::Exhausted);
        let mut found = kept.found(true, Stats::default()).solutions;
        expected.sort();
        found.sort();
        assert_eq!(found, expected, "{puzzle:?}");
        let settled = canonical_searched(&puzzle, &options(2, Some(1)), u64::MAX, Stats::default());
        assert_eq!(settled.solutions.len(), all.solutions.len().min(2), "{puzzle:?}");
        assert_eq!(settled.complete, all.solutions.len() <= 1, "{puzzle:?}");
        assert_checked_and_distinct(&puzzle, &settled);
        rerouted += usize::from(found.len() == 1 && all.solutions.len() > 1);
    }
    assert!(checked >= 150 && rerouted >= 20, "{checked} boards, {rerouted} settled by a reroute");
}

/// The `canonical` parameter bounds the canonical search's nodes; past them the count and
/// `exact` settle the board as before.
#[test]
fn the_canonical_budget_is_a_parameter() {
    for puzzle in boards(5..7, Rule::Blanks) {
        for budget in [0, 5] {
            let read = vec![("canonical", masu_core::ParameterValue::Count(budget))];
            let found = solve(&puzzle, &SolveOptions { read, ..options(2, Some(1)) }).unwrap();
            let nodes = found.stats.engine.figures.get(crate::figures::CANONICAL_NODES).unwrap();
            assert!(nodes <= budget + 1, "{nodes} nodes for a budget of {budget}");
            assert_same_count(&found, &native(&puzzle, 2), 2, &format!("{puzzle:?}"));
        }
    }
}

/// A path beside itself is seen, one that only turns is not.
#[test]
fn touching_is_two_neighbours_of_one_path_not_linked() {
    let puzzle = Numberlink::new(vec![vec![1, 0, 0], vec![0, 0, 0], vec![1, 0, 0]], Rule::Blanks).unwrap();
    let straight = Paths::trace(&puzzle, &[((0, 0), (1, 0)), ((1, 0), (2, 0))], |_| 1);
    assert!(!straight.touches_itself());
    let links = [((0, 0), (0, 1)), ((0, 1), (1, 1)), ((1, 1), (1, 0)), ((1, 0), (2, 0))];
    assert!(Paths::from_links(&puzzle, &links).touches_itself());
}

/// A wide blank board cannot be counted in its time: it says so, with nothing wrong (three
/// answers asked, so that the canonical search, which settles these crossing pairs at once,
/// does not run).
#[test]
fn a_count_out_of_time_is_timed_out() {
    let mut rows = vec![vec![0; 30]; 30];
    rows[0][0] = 1;
    rows[29][29] = 1;
    rows[0][29] = 2;
    rows[29][0] = 2;
    let puzzle = Numberlink::new(rows, Rule::Blanks).unwrap();
    let three = options(3, Some(1)).within(Some(Duration::from_millis(300)));
    let found = solve(&puzzle, &three).unwrap();
    assert!(!found.complete);
    // Bounded too, should the canonical search ever fail to settle it.
    let two = options(2, Some(1)).within(Some(Duration::from_secs(10)));
    let settled = solve(&puzzle, &two).unwrap();
    assert!(settled.complete && settled.solutions.is_empty());
}
