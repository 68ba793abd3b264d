//! What the tests of every numberlink engine share: boards drawn the generator's way or
//! scattered at random, and the assertions that two counts agree and every answer is checked.

use masu_core::Random;

use crate::puzzle::cover::random_cover;
use crate::puzzle::{Found, Numberlink, Rule};

/// Boards drawn the generator's way, endpoints only, under `rule`.
pub(crate) fn boards(sizes: std::ops::Range<usize>, rule: Rule) -> Vec<Numberlink> {
    let mut random = Random::new(11);
    let mut boards = Vec::new();
    for n in sizes {
        for pairs in [2, n / 2 + 1, n] {
            for _ in 0..4 {
                let Some(cover) = random_cover(n, pairs, &mut random) else { continue };
                let mut rows = vec![vec![0; n]; n];
                for (k, path) in cover.iter().enumerate() {
                    for &(r, c) in [path[0], path[path.len() - 1]].iter() {
                        rows[r][c] = k as u32 + 1;
                    }
                }
                boards.extend(Numberlink::new(rows, rule));
            }
        }
    }
    boards
}

/// [`boards`] under the fill rule, then the same sides under the blanks rule.
pub(crate) fn under_both_rules(sizes: std::ops::Range<usize>) -> Vec<Numberlink> {
    [Rule::Fill, Rule::Blanks].into_iter().flat_map(|rule| boards(sizes.clone(), rule)).collect()
}

/// `count` boards under the blanks rule with endpoints scattered at random (seeded by
/// `seed`): sides `3..3 + sides`, `1..1 + pairs` pairs, a pair's second endpoint
/// overwriting whatever it lands on (boards that end invalid are drawn again). Their
/// solutions leave regions blank, which boards drawn from covers seldom do.
pub(crate) fn scattered(seed: u64, count: usize, sides: usize, pairs: usize) -> Vec<Numberlink> {
    let mut random = Random::new(seed);
    let mut boards = Vec::new();
    while boards.len() < count {
        let (n, pairs) = (3 + random.below(sides), 1 + random.below(pairs));
        let mut rows = vec![vec![0; n]; n];
        for k in 1..=pairs as u32 {
            for _ in 0..2 {
                rows[random.below(n)][random.below(n)] = k;
            }
        }
        boards.extend(Numberlink::new(rows, Rule::Blanks));
    }
    boards
}

/// `puzzle` with a blank row added below, under the blanks rule: on a board of odd width
/// that makes the parity of its blank counts odd ([`crate::theory::uniqueness::blank_bounds`]).
pub(crate) fn with_blank_row(puzzle: &Numberlink) -> Numberlink {
    let mut rows = puzzle.rows();
    rows.push(vec![0; puzzle.width()]);
    Numberlink::new(rows, Rule::Blanks).expect("a valid board stays valid")
}

/// Every solution of `found` passes the checker, none twice.
pub(crate) fn assert_checked_and_distinct(puzzle: &Numberlink, found: &Found) {
    for paths in &found.solutions {
        assert_eq!(crate::puzzle::check::check(puzzle, paths), Ok(()), "{puzzle:?}");
    }
    let mut distinct = found.solutions.clone();
    distinct.sort();
    distinct.dedup();
    assert_eq!(distinct.len(), found.solutions.len(), "{puzzle:?}");
}

/// Two counts of one board agree: completeness, number of solutions and, when complete,
/// the solutions themselves (`what` names the case in a failure).
pub(crate) fn assert_same_count(ours: &Found, theirs: &Found, what: &str) {
    assert_eq!(ours.complete, theirs.complete, "{what}");
    assert_eq!(ours.solutions.len(), theirs.solutions.len(), "{what}");
    if ours.complete {
        let (mut a, mut b) = (ours.solutions.clone(), theirs.solutions.clone());
        a.sort();
        b.sort();
        assert_eq!(a, b, "{what}");
    }
}
