//! The portfolio: its hand-overs, and its answers against the native search.

use std::time::Duration;

use masu_core::SolveOptions;

use super::*;
use crate::testkit::{assert_checked_and_distinct, assert_same_count, boards, scattered};

/// Asking for `limit` solutions; the minute bounds a test that would hang.
fn options(limit: usize, threads: Option<u32>) -> SolveOptions {
    SolveOptions {
        solution_limit: limit,
        threads,
        clock: masu_core::Clock::within(Some(Duration::from_secs(60))),
        ..SolveOptions::default()
    }
}

fn native(puzzle: &Numberlink, limit: usize) -> Found {
    crate::native::solve(puzzle, &options(limit, None)).unwrap()
}

/// The default's answers, on one thread and two, deciding uniqueness, finding one answer and
/// counting 30, equal the native search's: the count, and the answers when both are
/// complete; every answer checked.
#[test]
fn answers_equal_the_native_search() {
    let drawn = [(Rule::Fill, boards(3..7, Rule::Fill)), (Rule::Blanks, boards(3..6, Rule::Blanks))];
    for (_, puzzles) in drawn.into_iter().chain([(Rule::Blanks, scattered(9, 60, 3, 3))]) {
        for puzzle in puzzles {
            for (limit, threads) in [(2, Some(1)), (2, None), (1, Some(1)), (30, None)] {
                let ours = solve(&puzzle, Backend::Native, &options(limit, threads)).unwrap();
                assert_checked_and_distinct(&puzzle, &ours);
                let theirs = native(&puzzle, limit);
                let what = format!("{puzzle:?}, limit {limit}, threads {threads:?}");
                assert_eq!(ours.count.min(limit as u128), theirs.count.min(limit as u128), "{what}");
                if limit > 1 && ours.complete == theirs.complete {
                    assert_same_count(&ours, &theirs, &what);
                }
            }
        }
    }
}

/// Past its memory the count gives way to the exact method, which settles the board.
#[test]
fn a_count_out_of_memory_hands_over() {
    for puzzle in boards(6..8, Rule::Fill) {
        let found = count_then_exact(&puzzle, &options(2, Some(1)), 1000, None, Stats::default(), crate::native::solve)
            .unwrap();
        assert!(found.stats.engine.figures.has(crate::figures::COUNT_TOO_LARGE), "{puzzle:?}");
        assert_same_count(&found, &native(&puzzle, 2), &format!("{puzzle:?}"));
    }
}

/// Past its share of the time the count gives way too (on one thread, the exact method
/// needs the rest of it).
#[test]
fn a_count_past_its_time_hands_over() {
    fn marker(_: &Numberlink, _: &SolveOptions) -> Result<Found, masu_core::Error> {
        Ok(Found::new(Vec::new(), false, Stats { solves: 777, ..Stats::default() }))
    }
    let mut rows = vec![vec![0; 30]; 30];
    rows[0][0] = 1;
    rows[29][29] = 1;
    let puzzle = Numberlink::new(rows, Rule::Blanks).unwrap();
    let options = options(2, Some(1)).within(Some(Duration::from_secs(30)));
    let found =
        count_then_exact(&puzzle, &options, u64::MAX, Some(Duration::from_millis(50)), Stats::default(), marker)
            .unwrap();
    // The count's one solve, then the marker's 777: the exact method ran after the count.
    assert_eq!(found.stats.solves, 1 + 777);
}

/// The fill rule settled under the blanks rule: where `blanks_first` answers (unique with the
/// board filled, or no fill answer), its answer is the native search's under the fill rule;
/// it answers some of the drawn boards, and leaves those with two blanks-rule answers.
#[test]
fn the_blanks_rule_settles_the_fill_rule_where_it_has_one_answer() {
    let (mut settled, mut left) = (0, 0);
    for puzzle in boards(3..7, Rule::Fill) {
        let Some(found) = blanks_first(&puzzle, &options(2, Some(1))).unwrap() else {
            left += 1;
            continue;
        };
        settled += 1;
        assert!(found.complete, "{puzzle:?}");
        assert_checked_and_distinct(&puzzle, &found);
        assert_same_count(&found, &native(&puzzle, 2), &format!("{puzzle:?}"));
    }
    assert!(settled > 0 && left > 0, "settled {settled}, left {left}");
}

/// Uniqueness under the fill rule that the blanks rule leaves open goes to `native` first on
/// one thread: on the drawn boards `blanks_first` leaves, the answer is `native`'s (its
/// sweep figures absent, its own count), settled where `native` settles within its bound.
#[test]
fn fill_rule_uniqueness_left_open_goes_to_native_first() {
    let backend = if Backend::CpSat.is_compiled() { Backend::CpSat } else { Backend::Native };
    let mut seen = 0;
    for puzzle in boards(4..7, Rule::Fill) {
        if blanks_first(&puzzle, &options(2, Some(1))).unwrap().is_some() {
            continue;
        }
        let found = solve(&puzzle, backend, &options(2, Some(1))).unwrap();
        let what = format!("{puzzle:?}");
        assert!(!found.stats.engine.figures.has(crate::figures::CELLS_SWEPT), "{what}: the count ran");
        assert_same_count(&found, &native(&puzzle, 2), &what);
        seen += 1;
    }
    assert!(seen > 3, "{seen}");
}

/// The two lanes of a race share its threads: each has half (one of the default two), so
/// that a CP-SAT lane does not run two workers beside the other lane.
#[test]
fn racing_lanes_share_the_threads() {
    for (threads, each) in [(None, 1), (Some(2), 1), (Some(4), 2), (Some(1), 1)] {
        let seen = std::sync::Mutex::new(Vec::new());
        let lane = |o: &SolveOptions| {
            seen.lock().unwrap().push(o.threads);
            Ok(Found::new(Vec::new(), true, Stats::default()))
        };
        // Both lanes settle at once (complete): the second may be skipped after the first wins.
        race(&options(2, threads), &lane, &lane).unwrap();
        let seen = seen.into_inner().unwrap();
        assert!(!seen.is_empty() && seen.iter().all(|&t| t == Some(each)), "{threads:?}: {seen:?}");
    }
}
