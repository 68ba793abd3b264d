//! The link-by-link search against the frontier count (exact) and the native search, on
//! random boards of both rules.

use masu_core::{Ended, Kept, SolveOptions};

use super::*;
use crate::puzzle::{Cell, Paths};
use crate::testkit::{assert_checked_and_distinct, boards, scattered, with_blank_row};

/// Asking for `limit` solutions on one thread; the minute bounds a test that would hang.
fn options(limit: usize) -> SolveOptions {
    let bound = Some(std::time::Duration::from_secs(60));
    SolveOptions {
        solution_limit: limit,
        threads: Some(1),
        clock: masu_core::Clock::within(bound),
        ..SolveOptions::default()
    }
}

/// The exact count, and up to `limit` solutions, by the frontier sweep alone.
fn exact(puzzle: &Numberlink, limit: usize) -> Found {
    crate::frontier::solve(puzzle, &options(limit)).unwrap()
}

/// The same, deciding a cell's south link first (`--param south-first=true`).
fn south_first(limit: usize) -> SolveOptions {
    SolveOptions { read: vec![("south-first", masu_core::ParameterValue::Switch(true))], ..options(limit) }
}

/// East first (the default), south first.
const ORDERS: [fn(usize) -> SolveOptions; 2] = [options, south_first];

/// Every solution of every board, counted with nothing kept out (limit far above the
/// count), in either order of a cell's links: the same number as the frontier's exact count
/// and, listed whole, the same solutions; every one passes the checker.
#[test]
fn every_solution_is_found_once() {
    let (mut boards_seen, mut several) = (0, 0);
    for (rule, sizes) in [(Rule::Fill, 3..7), (Rule::Blanks, 3..6)] {
        for (puzzle, order) in boards(sizes, rule).into_iter().flat_map(|p| [(p.clone(), ORDERS[0]), (p, ORDERS[1])]) {
            let ours = solve(&puzzle, &order(100_000)).unwrap();
            let theirs = exact(&puzzle, 100_000);
            assert!(ours.complete && theirs.complete, "{puzzle:?}");
            assert_eq!(ours.count, theirs.count, "{puzzle:?}");
            assert_checked_and_distinct(&puzzle, &ours);
            if ours.count <= 50 {
                let (mut a, mut b) = (ours.solutions.clone(), theirs.solutions.clone());
                a.sort();
                b.sort();
                assert_eq!(a, b, "{puzzle:?}");
            }
            boards_seen += 1;
            several += usize::from(ours.count > 1);
        }
    }
    assert!(boards_seen > 160 && several > 40, "{boards_seen} boards, {several} with several solutions");
}

/// Deciding uniqueness under the blanks rule (the canonical search and the reroute check)
/// gives what the exact count gives: none, one, or two distinct checked solutions, in
/// either order of a cell's links; on boards drawn from covers, with a blank row added, and
/// with endpoints scattered at random.
#[test]
fn uniqueness_agrees_with_the_exact_count() {
    let mut seen = [0; 3];
    let drawn = boards(3..7, Rule::Blanks).into_iter().flat_map(|p| [with_blank_row(&p), p]);
    for (n, puzzle) in drawn.chain(scattered(7, 300, 4, 4)).enumerate() {
        let order = ORDERS[n % 2];
        let ours = solve(&puzzle, &order(2)).unwrap();
        let theirs = exact(&puzzle, 2);
        assert!(theirs.complete || theirs.count >= 2, "{puzzle:?}");
        let expected = theirs.count.min(2);
        assert_eq!(ours.count.min(2), expected, "{puzzle:?}");
        assert_eq!(ours.complete, expected < 2, "{puzzle:?}");
        assert_eq!(ours.solutions.len() as u128, expected, "{puzzle:?}");
        assert_checked_and_distinct(&puzzle, &ours);
        seen[expected as usize] += 1;
    }
    assert!(seen.iter().all(|&n| n > 10), "none, one, several: {seen:?}");
}

/// Whether a path runs `└─…─┘` (two links or more, both ends turning the same way) around
/// cells with no clue that are all blank, in any of four orientations, read off the whole
/// answer: the `└─…─┘` opening north, on the board turned four times.
fn has_cup(puzzle: &Numberlink, paths: &Paths) -> bool {
    let mut links: Vec<(Cell, Cell)> = paths.paths.iter().flat_map(|p| p.windows(2).map(|s| (s[0], s[1]))).collect();
    let mut clues = puzzle.rows();
    let mut numbers = paths.numbers.clone();
    (0..4).any(|_| {
        let found = cup_opening_north(&clues, &numbers, &links);
        // Turn a quarter: (r, c) to (c, h − 1 − r).
        let h = clues.len();
        let turn = |(r, c): Cell| (c, h - 1 - r);
        let turned = |grid: &Vec<Vec<u32>>| -> Vec<Vec<u32>> {
            (0..grid[0].len()).map(|c| (0..h).map(|r| grid[h - 1 - r][c]).collect()).collect()
        };
        links = links.iter().map(|&(a, b)| (turn(a), turn(b))).collect();
        (clues, numbers) = (turned(&clues), turned(&numbers));
        found
    })
}

fn cup_opening_north(clues: &[Vec<u32>], numbers: &[Vec<u32>], links: &[(Cell, Cell)]) -> bool {
    let linked: std::collections::HashSet<(Cell, Cell)> = links.iter().flat_map(|&(a, b)| [(a, b), (b, a)]).collect();
    let (h, w) = (clues.len(), clues[0].len());
    let blank = |r: usize, c: usize| clues[r][c] == 0 && numbers[r][c] == 0;
    (1..h).any(|r| {
        let mut c = 0;
        while c < w {
            let start = c;
            while c + 1 < w && linked.contains(&((r, c), (r, c + 1))) {
                c += 1;
            }
            let up = |x: usize| linked.contains(&((r - 1, x), (r, x)));
            if c - start >= 2 && up(start) && up(c) && (start + 1..c).all(|x| blank(r - 1, x)) {
                return true;
            }
            c += 1;
        }
        false
    })
}

/// The canonical search keeps exactly the canonical solutions (`docs/counting.md`, with no
/// cups around blank cells): every one it finds is canonical, and it finds as many as the full
/// count has canonical ones.
#[test]
fn the_canonical_search_keeps_exactly_the_canonical_solutions() {
    let (mut compared, mut cups) = (0, 0);
    for puzzle in scattered(3, 400, 3, 3).into_iter().chain(boards(3..6, Rule::Blanks)) {
        let all = exact(&puzzle, 100_000);
        if !all.complete || all.count > all.solutions.len() as u128 {
            continue; // not every solution listed
        }
        let canonical: Vec<_> = all
            .solutions
            .iter()
            .filter(|p| crate::frontier::tests::canonical(&puzzle, p))
            .filter(|p| {
                let cup = has_cup(&puzzle, p);
                cups += usize::from(cup);
                !cup
            })
            .collect();
        let mut search = Search::new(&puzzle, Admit::Canonical);
        let (kept, ended) = search.run(Kept::new(usize::MAX, usize::MAX), &SolveOptions::default().clock());
        assert_eq!(ended, Ended::Exhausted);
        assert_eq!(kept.count(), canonical.len() as u128, "{puzzle:?}");
        assert!(kept.solutions().iter().all(|p| canonical.contains(&p)), "{puzzle:?}");
        compared += usize::from(!canonical.is_empty());
    }
    assert!(compared > 50 && cups > 10, "{compared} boards with canonical solutions, {cups} cups left out");
}

/// With `touch=false`, the count of solutions whose paths never run beside themselves: the
/// frontier's count of the same.
#[test]
fn touch_free_counts_equal_the_frontier() {
    let no_touch = |limit| {
        let mut o = options(limit);
        o.parameters.push(("touch".into(), "false".into()));
        o
    };
    for (rule, sizes) in [(Rule::Fill, 3..7), (Rule::Blanks, 3..6)] {
        for puzzle in boards(sizes, rule) {
            let ours = solve(&puzzle, &no_touch(100_000)).unwrap();
            let theirs = crate::frontier::solve(&puzzle, &no_touch(100_000)).unwrap();
            assert!(ours.complete && theirs.complete, "{puzzle:?}");
            assert_eq!(ours.count, theirs.count, "{puzzle:?}");
        }
    }
}

/// A stop from the clock ends a search that cannot finish, without a claim.
#[test]
fn a_time_limit_ends_the_search() {
    let puzzle = Numberlink::new(
        {
            let mut rows = vec![vec![0; 12]; 12];
            rows[0][0] = 1;
            rows[11][11] = 1;
            rows
        },
        Rule::Blanks,
    )
    .unwrap();
    let o = options(usize::MAX).within(Some(std::time::Duration::from_millis(200)));
    let started = std::time::Instant::now();
    let found = solve(&puzzle, &o).unwrap();
    assert!(started.elapsed() < std::time::Duration::from_secs(2));
    assert!(!found.complete && found.count > 1000);
}

/// A board two rows high and 20,000 long: the first branch goes a decision deep per link,
/// on a stack sized for the board (the calling thread's would overflow).
#[test]
fn deep_searches_do_not_overflow_the_stack() {
    let mut rows = vec![vec![0; 20_000]; 2];
    rows[0][0] = 1;
    rows[1][19_999] = 1;
    let puzzle = Numberlink::new(rows, Rule::Blanks).unwrap();
    let o = options(1).within(Some(std::time::Duration::from_secs(20)));
    let found = solve(&puzzle, &o).unwrap();
    assert_eq!(found.count, 1);
    assert_checked_and_distinct(&puzzle, &found);
}

/// The order is wired: on some board with several solutions the first one met differs.
#[test]
fn south_first_meets_other_solutions_first() {
    let boards = boards(3..7, Rule::Fill).into_iter().chain(boards(3..7, Rule::Blanks));
    let differs = boards.into_iter().any(|puzzle| {
        let (east, south) = (solve(&puzzle, &options(100)).unwrap(), solve(&puzzle, &south_first(100)).unwrap());
        east.solutions != south.solutions
    });
    assert!(differs);
}
