//! One suite, written once, run against every backend × formulation compiled into this build.

use masu::core::{Backend, Error, SolveOptions, Status};
use masu::sudoku::{self, Formulation, Sudoku};

fn combinations() -> Vec<(Formulation, Backend)> {
    Formulation::ALL
        .into_iter()
        .flat_map(|f| f.backends().iter().map(move |&b| (f, b)))
        .filter(|(_, b)| b.is_compiled())
        .collect()
}

/// tdoku's test puzzles with their exact counts (BSD-2, copied with its notice).
fn tdoku() -> Vec<(Sudoku, usize)> {
    include_str!("data/tdoku_test_puzzles.txt")
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| {
            let mut fields = l.split(':');
            let puzzle = sudoku::format::parse_line(fields.next().unwrap()).unwrap();
            (puzzle, fields.next().unwrap().parse().unwrap())
        })
        .collect()
}

fn options(limit: usize) -> SolveOptions {
    SolveOptions { solution_limit: limit, ..SolveOptions::default() }
}

#[test]
fn every_combination_is_compiled_or_typed_not_applicable() {
    assert!(!combinations().is_empty());
    let puzzle = &tdoku()[0].0;
    let err = sudoku::solve(puzzle, Formulation::AllDifferent, Backend::Highs, &options(2)).unwrap_err();
    assert!(matches!(err, Error::NotApplicable { backend: Backend::Highs, .. }), "{err}");
    let err = sudoku::solve(puzzle, Formulation::Binary, Backend::Native, &options(2)).unwrap_err();
    assert!(matches!(err, Error::NotApplicable { backend: Backend::Native, .. }), "{err}");
}

#[test]
fn counts_match_tdoku_exactly() {
    for (formulation, backend) in combinations() {
        for (i, (puzzle, count)) in tdoku().iter().enumerate() {
            // Exact counts up to 13; beyond, the first two prove "multiple".
            let limit = if *count <= 13 { count + 1 } else { 2 };
            let report = sudoku::solve(puzzle, formulation, backend, &options(limit)).unwrap();
            let expected = (*count).min(limit);
            assert_eq!(report.solutions.len(), expected, "{formulation} on {backend}, puzzle {}", i + 1);
            assert_eq!(report.complete, *count <= 13, "{formulation} on {backend}, puzzle {}", i + 1);
            let status = match count {
                0 => Status::Infeasible,
                1 => Status::Unique,
                _ => Status::Multiple,
            };
            assert_eq!(report.status, status, "{formulation} on {backend}, puzzle {}", i + 1);
            let mut distinct = report.solutions.clone();
            distinct.sort();
            distinct.dedup();
            assert_eq!(distinct.len(), report.solutions.len());
        }
    }
}

/// The empty 4×4 grid has 288 solutions: a limit of 40 finds 40 different ones, all
/// checked, and says the count is not complete.
#[test]
fn a_solution_limit_stops_the_count() {
    let empty = Sudoku::new(vec![0; 16]).unwrap();
    for (formulation, backend) in combinations() {
        let report = sudoku::solve(&empty, formulation, backend, &options(40)).unwrap();
        assert_eq!((report.solutions.len(), report.complete), (40, false), "{formulation} on {backend}");
        assert_eq!(report.status, Status::Multiple);
        let mut distinct = report.solutions.clone();
        distinct.sort();
        distinct.dedup();
        assert_eq!(distinct.len(), 40);
    }
}

/// A 16×16 and a 25×25 grid from the pattern `(r·n + r/n + c) mod s`, with every third cell
/// blanked: solvable, and every answer must pass the checker.
#[test]
fn larger_sizes_solve() {
    for n in [4_usize, 5] {
        let s = n * n;
        let cells: Vec<u8> = (0..s * s)
            .map(|i| {
                let (r, c) = (i / s, i % s);
                if i % 3 == 0 { 0 } else { ((r * n + r / n + c) % s + 1) as u8 }
            })
            .collect();
        let puzzle = Sudoku::new(cells).unwrap();
        for (formulation, backend) in combinations() {
            let report = sudoku::solve(&puzzle, formulation, backend, &options(1)).unwrap();
            assert_eq!(report.status, Status::Solved, "{s}×{s}, {formulation} on {backend}");
            assert_eq!(sudoku::check::check(&puzzle, &report.solutions[0].concat()), Ok(()));
        }
    }
}
