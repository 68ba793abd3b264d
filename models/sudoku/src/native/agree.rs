//! The triad engine (where the CPU has AVX2) and the band engine against the generic one:
//! the same counts, the same solutions, on every 9×9 puzzle at hand (tdoku's test set, and the shared corpus beside the checkout when it is
//! there, whose known counts it also meets) and on random partial grids with many solutions.

use std::collections::BTreeSet;
use std::path::Path;

use masu_core::corpus::Source;
use masu_core::{Kept, Random, SolveOptions};

use super::{Found, Route, bands_into, generic_into, search_into};
use crate::puzzle::Sudoku;
use crate::puzzle::check;

/// The fast engines on `puzzle` up to `limit`, each named: the band engine, and the triad
/// engine where this CPU has AVX2 (its figure says it ran).
fn fast(puzzle: &Sudoku, limit: usize) -> Vec<(&'static str, Found)> {
    let clock = SolveOptions::default().clock();
    let kept = || Kept::new(limit, usize::MAX);
    let mut engines = vec![("band engine", bands_into(puzzle, kept(), &clock, None))];
    if simd() {
        let found = search_into(puzzle, Route::Simd, kept(), &clock, None);
        assert!(found.stats.engine.figures.has(super::RAN_SIMD), "the triad engine did not run");
        engines.push(("triad engine", found));
    }
    engines
}

/// Whether this CPU runs the triad engine.
pub(super) fn simd() -> bool {
    #[cfg(target_arch = "x86_64")]
    return super::triads::Avx2::detect().is_some();
    #[cfg(not(target_arch = "x86_64"))]
    false
}

/// The fast engines agree with the generic one on `puzzle` counted up to `limit`: the same
/// count and completeness, every solution checked, the same solutions when the count is
/// complete. The count.
fn agree(puzzle: &Sudoku, limit: usize, name: &str) -> u128 {
    let clock = SolveOptions::default().clock();
    let generic = generic_into(puzzle, Kept::new(limit, usize::MAX), &clock, None);
    for (engine, found) in fast(puzzle, limit) {
        assert_eq!(
            (found.count, found.complete),
            (generic.count, generic.complete),
            "{name}: {engine} against generic, up to {limit}"
        );
        for solution in &found.solutions {
            assert_eq!(check::check(puzzle, solution), Ok(()), "{name}: {engine}'s answer");
            for (cell, &given) in puzzle.cells().iter().enumerate() {
                assert!(given == 0 || given == solution[cell], "{name}: a given changed");
            }
        }
        if found.complete {
            let a: BTreeSet<_> = found.solutions.into_iter().collect();
            let b: BTreeSet<_> = generic.solutions.iter().cloned().collect();
            assert_eq!(a, b, "{name}: {engine}: different solutions");
        }
    }
    generic.count
}

#[test]
fn the_engines_agree_on_every_puzzle_at_hand() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let tdoku = root.join("tests/data/tdoku_test_puzzles.txt");
    let text = std::fs::read_to_string(&tdoku).unwrap_or_else(|e| panic!("{}: {e}", tdoku.display()));
    let mut seen = 0;
    // Its lines are `puzzle:count[:solution]`: each puzzle is held to its count (2 meaning
    // two or more).
    for (number, line) in text.lines().enumerate().filter(|(_, l)| !l.starts_with('#') && !l.trim().is_empty()) {
        let name = format!("{}:{}", tdoku.display(), number + 1);
        let mut fields = line.trim().split(':');
        let puzzle = crate::puzzle::format::parse_line(fields.next().unwrap_or_default())
            .unwrap_or_else(|e| panic!("{name}: {}", e.message));
        let expected: u128 = fields.next().and_then(|c| c.parse().ok()).unwrap_or_else(|| panic!("{name}: no count"));
        assert_eq!(agree(&puzzle, 2, &name), expected.min(2), "{name}");
        seen += 1;
    }
    // The shared corpus beside the checkout, through the kind's corpus reader: every set,
    // each 9×9 puzzle also held to its known count (2 meaning two or more).
    let shared = root.join("../shared/data/sudoku");
    if shared.is_dir() {
        let (cases, unreadable) = Sudoku::cases(&shared, &["all".to_string()]).unwrap();
        assert_eq!(unreadable, Vec::<(String, String)>::new());
        for case in cases.iter().filter(|c| c.puzzle.side() == 9) {
            let count = agree(&case.puzzle, 2, &case.name);
            assert_eq!(Some(count as u64), case.expected.count.map(|c| c.min(2)), "{}", case.name);
            seen += 1;
        }
    }
    // tdoku's set alone has 25; the shared corpus thousands more.
    assert!(seen >= 25, "{seen} puzzles");
    eprintln!("the engines agree on {seen} 9×9 puzzles");
}

/// A random full grid (the generic engine in a random order), then `blanks` cells emptied.
fn partial(random: &mut Random, blanks: usize) -> Sudoku {
    let clock = SolveOptions::default().clock();
    let empty = Sudoku::new(vec![0; 81]).unwrap();
    let full = generic_into(&empty, Kept::new(1, 1), &clock, Some(random));
    let mut cells = full.solutions[0].clone();
    let mut order: Vec<usize> = (0..81).collect();
    for i in (1..81).rev() {
        order.swap(i, random.below(i + 1));
    }
    for &cell in &order[..blanks] {
        cells[cell] = 0;
    }
    Sudoku::new(cells).unwrap()
}

#[test]
fn the_engines_agree_on_random_partial_grids_with_many_solutions() {
    let mut random = Random::new(79);
    for round in 0..300 {
        let blanks = 45 + round % 21;
        let puzzle = partial(&mut random, blanks);
        agree(&puzzle, 500, &format!("round {round}: {}", puzzle.to_line()));
    }
}

#[test]
fn the_engines_agree_on_random_givens_mostly_without_solution() {
    // Givens drawn at random (no repeat in a unit): most have no solution, some many.
    let mut random = Random::new(7);
    for round in 0..300 {
        let mut cells = vec![0u8; 81];
        for _ in 0..(10 + round % 25) {
            let cell = random.below(81);
            cells[cell] = random.below(9) as u8 + 1;
            if Sudoku::new(cells.clone()).is_err() {
                cells[cell] = 0;
            }
        }
        let puzzle = Sudoku::new(cells).unwrap();
        agree(&puzzle, 50, &format!("round {round}: {}", puzzle.to_line()));
    }
}

#[test]
fn none_two_and_contradictory_givens() {
    let puzzle = |line: &str| crate::puzzle::format::parse_puzzles(line).remove(0).puzzle.unwrap();
    // Row 1 holds 1–8, so its last cell must be 9, which the 9 below it forbids.
    let none = puzzle(&format!("12345678.........9{}", ".".repeat(63)));
    for (engine, found) in fast(&none, 2) {
        assert_eq!((found.count, found.complete), (0, true), "{engine}");
    }
    agree(&none, 2, "no solution");
    // A full grid with a swappable rectangle emptied (two rows of a band, two columns in two
    // boxes, holding a b / b a): two solutions exactly.
    let mut random = Random::new(2);
    let two = loop {
        let full = partial(&mut random, 0).cells().to_vec();
        let rectangle = (0..81).find_map(|i| {
            let (r1, c1) = (i / 9, i % 9);
            (r1 + 1..(r1 / 3 + 1) * 3).find_map(|r2| {
                (c1 + 1..9).filter(|c2| c2 / 3 != c1 / 3).find_map(|c2| {
                    let at = |r: usize, c: usize| full[9 * r + c];
                    (at(r1, c1) == at(r2, c2) && at(r1, c2) == at(r2, c1)).then_some([
                        9 * r1 + c1,
                        9 * r1 + c2,
                        9 * r2 + c1,
                        9 * r2 + c2,
                    ])
                })
            })
        });
        if let Some(cells) = rectangle {
            let mut blanked = full.clone();
            for cell in cells {
                blanked[cell] = 0;
            }
            break Sudoku::new(blanked).unwrap();
        }
    };
    for (engine, found) in fast(&two, 10) {
        assert_eq!((found.count, found.complete), (2, true), "{engine}");
    }
    agree(&two, 10, "two solutions");
    // Givens that repeat a digit in a unit never reach the engine: the board refuses them.
    assert!(super::bands::Grid::new(&[&[5u8, 5][..], &[0; 79][..]].concat()).is_none());
}
