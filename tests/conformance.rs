//! One suite, written once (`masu_testkit::conformance`) and run on every kind of the
//! registry with that kind's examples, against every backend × formulation compiled into
//! this build; then what only one kind has (tdoku's counts, line solvers, numberlink's
//! detached loops).

use masu::core::backend::Scale;
use masu::core::{Backend, Error, SolveOptions, Status};
use masu::sudoku::{self, Formulation, Sudoku};

/// The suite's checks (`masu_testkit::Check`: every pair runs or is refused by type, counts
/// are exact, a limit stops the count, records round-trip) on every kind the `masu` binary
/// registers, each on its `Examples`.
#[test]
fn every_registered_kind_passes_the_conformance_suite() {
    for check in masu_testkit::Check::ALL {
        masu_testkit::every_kind::<masu::kinds::Kinds>(check);
    }
}

/// Whether `result` is a licence's refusal of a model past its size (CPLEX's and CP
/// Optimizer's Community Edition, Xpress's community licence, Gurobi's pip licence: the
/// solvers of their PyPI wheels): typed, before any search.
fn refused_by_licence<T>(backend: Backend, result: &Result<T, Error>) -> bool {
    backend.is_size_limited() && matches!(result, Err(Error::Licence(_)))
}

fn combinations() -> Vec<(Formulation, Backend)> {
    masu::core::runnable::<masu::sudoku::Sudoku>()
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

/// Exact counts on every backend. A backend for small models (microlp: a dense simplex, no
/// presolve, no cuts; [`Scale::Small`]) takes
/// minutes on some of these hard puzzles: it runs on the first ten with a time limit, and
/// where it stops it must not claim completeness nor give more or other solutions; it must
/// settle the first five.
#[test]
fn counts_match_tdoku_exactly() {
    for (formulation, backend) in combinations() {
        for (i, (puzzle, count)) in tdoku().iter().enumerate() {
            // Exact counts up to 13; beyond, the first two prove "multiple".
            let limit = if *count <= 13 { count + 1 } else { 2 };
            let mut options = options(limit);
            if backend.scale() == Scale::Small {
                // Its first ten puzzles: past them it times out on nearly every one, and each
                // costs the 2 s limit.
                if i >= 10 {
                    continue;
                }
                options = options.within(Some(std::time::Duration::from_secs(2)));
            }
            let report = masu_core::solve(puzzle, formulation, backend, &options).unwrap();
            let expected = (*count).min(limit);
            let cut = options.time_limit().is_some() && !report.complete && *count <= 13;
            if backend.scale() == Scale::Small && i >= 5 && (cut || report.status == Status::TimedOut) {
                assert!(report.solutions.len() <= expected, "{backend}, puzzle {}", i + 1);
                assert!(matches!(report.status, Status::TimedOut | Status::Multiple), "{backend}, puzzle {}", i + 1);
                continue;
            }
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
            let report = match masu_core::solve(&puzzle, formulation, backend, &options(1)) {
                // A small-model backend's dense tableau is bounded: it refuses these, by type.
                Err(Error::TooLarge(why)) if backend.scale() == Scale::Small => {
                    assert!(why.starts_with(&format!("{backend}: the model is")), "{why}");
                    continue;
                }
                result if refused_by_licence(backend, &result) => continue,
                result => result.unwrap(),
            };
            assert_eq!(report.status, Status::Solved, "{s}×{s}, {formulation} on {backend}");
            assert_eq!(sudoku::check::check(&puzzle, &report.solutions[0].concat()), Ok(()));
        }
    }
}

mod nonogram {
    use masu::core::{Backend, Error, SolveOptions, Status};
    use masu::nonogram::{Formulation, Nonogram};

    fn combinations() -> Vec<(Formulation, Backend)> {
        masu::core::runnable::<masu::nonogram::Nonogram>()
    }

    /// The kind's examples (`masu::core::Examples`): the cross first, the one without a
    /// solution third.
    fn cases() -> Vec<(String, Nonogram, usize)> {
        <Nonogram as masu::core::Examples>::examples()
    }

    /// Line solvers never search: they decide a puzzle only when line logic does, and
    /// otherwise say they are stuck, never a wrong or unproven answer.
    #[test]
    fn line_solvers_decide_or_say_stuck() {
        for formulation in [Formulation::LineSolver, Formulation::LineSolverDp] {
            for (name, puzzle, count) in cases() {
                let report = masu_core::solve(&puzzle, formulation, Backend::Native, &SolveOptions::default()).unwrap();
                let allowed: &[Status] = match count {
                    0 => &[Status::Infeasible, Status::Stuck],
                    1 => &[Status::Unique, Status::Stuck],
                    _ => &[Status::Stuck],
                };
                assert!(allowed.contains(&report.status), "{name}: {formulation} said {}", report.status);
            }
            let cross = &cases()[0].1;
            let report = masu_core::solve(cross, formulation, Backend::Native, &SolveOptions::default()).unwrap();
            assert_eq!(report.status, Status::Unique, "{formulation}");
        }
        let none = &cases()[2].1;
        let dp = masu_core::solve(none, Formulation::LineSolverDp, Backend::Native, &SolveOptions::default()).unwrap();
        assert_eq!(dp.status, Status::Infeasible);
    }

    /// A line of 60 cells with 20 single blocks has C(41, 20) ≈ 2.7·10¹¹ placements: the
    /// enumerating formulations refuse with a typed error instead of running out of memory;
    /// the others solve it.
    #[test]
    fn placement_explosion_is_refused_not_fatal() {
        let row: Vec<bool> = (0..60).map(|i| i < 40 && i % 2 == 0).collect();
        let (rows, cols) = masu::nonogram::check::clues_of(&vec![row]);
        let puzzle = Nonogram::new(rows, cols).unwrap();
        for (formulation, backend) in combinations() {
            let result = masu_core::solve(&puzzle, formulation, backend, &SolveOptions::default());
            match formulation {
                Formulation::Patterns | Formulation::LineSolver => {
                    assert!(matches!(result, Err(Error::TooLarge(_))), "{formulation} on {backend}: {result:?}")
                }
                _ if super::refused_by_licence(backend, &result) => {}
                _ => assert_eq!(result.unwrap().status, Status::Unique, "{formulation} on {backend}"),
            }
        }
    }
}

mod numberlink {
    use masu::core::{Backend, SolveOptions, Status};
    #[cfg(feature = "cp-sat")]
    use masu::numberlink::{self, check};
    use masu::numberlink::{Formulation, Numberlink, Rule};

    fn combinations() -> Vec<(Formulation, Backend)> {
        masu::core::runnable::<masu::numberlink::Numberlink>()
    }

    fn board(rows: &[&[u32]], rule: Rule) -> Numberlink {
        Numberlink::new(rows.iter().map(|r| r.to_vec()).collect(), rule).unwrap()
    }

    /// Article 001's board: one solution on every loop-free formulation and backend.
    #[test]
    fn article_board_is_unique_everywhere() {
        let article = board(
            &[&[0, 1, 0, 3, 2], &[0, 0, 0, 0, 0], &[0, 0, 2, 0, 1], &[0, 0, 0, 3, 0], &[0, 0, 0, 0, 0]],
            Rule::Fill,
        );
        let mut answers = Vec::new();
        for (formulation, backend) in combinations() {
            let report = masu_core::solve(&article, formulation, backend, &SolveOptions::default()).unwrap();
            assert_eq!(report.status, Status::Unique, "{formulation} on {backend}");
            answers.push(report.solutions[0].numbers.clone());
        }
        answers.dedup();
        assert_eq!(answers.len(), 1);
        assert_eq!(
            answers[0],
            vec![
                vec![1, 1, 3, 3, 2],
                vec![1, 3, 3, 2, 2],
                vec![1, 3, 2, 2, 1],
                vec![1, 3, 3, 3, 1],
                vec![1, 1, 1, 1, 1]
            ]
        );
    }

    /// On this board the article's model admits answers with a detached 2×2 loop of 1 in
    /// the lower middle; the checker names them, and `connected`, `milp` and `native` never
    /// give one, and count the same answers.
    #[cfg(feature = "cp-sat")]
    #[test]
    fn reified_admits_detached_loops_connected_does_not() {
        let four = board(&[&[1, 0, 0, 1], &[0, 0, 0, 0], &[0, 0, 0, 0], &[2, 0, 0, 2]], Rule::Fill);
        let built = numberlink::reified::build(&four, four.pairs(), false, None).expect("no deadline");
        let all = SolveOptions { solution_limit: 1000, ..SolveOptions::default() };
        let run = masu_core::cp::CpRun::default();
        let every = masu_core::cp::enumerate(Backend::CpSat, &built.model, &built.cells, &all, run).unwrap();
        assert!(every.complete);
        let loops: Vec<check::Violation> = every
            .solutions
            .iter()
            .filter_map(|v| check::check(&four, &numberlink::reified::paths_of(&four, v, &built.cells)).err())
            .collect();
        assert!(loops.iter().any(|e| matches!(e, check::Violation::DetachedLoop { number: 1, .. })), "{loops:?}");
        let mut counts = Vec::new();
        for (formulation, backend) in combinations()
            .into_iter()
            .filter(|(f, _)| matches!(f, Formulation::Connected | Formulation::Milp | Formulation::Native))
        {
            let options = SolveOptions { solution_limit: 1000, ..SolveOptions::default() };
            let report = masu_core::solve(&four, formulation, backend, &options).unwrap();
            assert!(report.complete && !report.solutions.is_empty(), "{formulation} on {backend}");
            for paths in &report.solutions {
                assert_eq!(check::check(&four, paths), Ok(()), "{formulation} on {backend}");
            }
            counts.push(report.solutions.len());
        }
        counts.dedup();
        assert_eq!(counts.len(), 1, "the loop-free formulations count alike");
    }

    #[test]
    fn bad_boards_are_refused_with_the_cell() {
        let err = |rows: Vec<Vec<u32>>| Numberlink::new(rows, Rule::Fill).unwrap_err().0;
        assert!(err(vec![vec![1, 0, 2], vec![2, 0, 0]]).contains("number 1 appears 1 time(s) (at r1c1)"));
        assert!(err(vec![vec![1, 1, 1], vec![0, 0, 0]]).contains("appears 3 time(s)"));
        assert!(err(vec![vec![1, 1], vec![0]]).contains("not a rectangle"));
        assert!(err(vec![vec![0, 0], vec![0, 0]]).contains("no pairs"));
    }

    /// The fast generator: deterministic for a seed, and every puzzle proven unique.
    #[cfg(feature = "cp-sat")]
    #[test]
    fn fast_generation_is_deterministic_and_unique() {
        let options = SolveOptions::default();
        let pairs = numberlink::generate::Pairs { toward: 5, most: None };
        let fast = |seed, index| {
            numberlink::generate::fast(6, pairs, numberlink::Rule::Fill, seed, index, &options).unwrap().made().unwrap()
        };
        let a = fast(42, 0);
        let b = fast(42, 0);
        assert_eq!(a.puzzle, b.puzzle);
        let other = fast(42, 1);
        assert_ne!(a.puzzle, other.puzzle);
        for g in [a, other] {
            let puzzle = Numberlink::new(g.puzzle, Rule::Fill).unwrap();
            let report =
                masu_core::solve(&puzzle, Formulation::Connected, Backend::CpSat, &SolveOptions::default()).unwrap();
            assert_eq!(report.status, Status::Unique);
            assert_eq!(report.solutions[0].numbers, g.solution);
        }
    }

    /// The grow generator at 30×30: the same puzzle for the same seed, and unique under both
    /// rules by a second engine (the `connected` model on CP-SAT; grow proves with the link
    /// search), its solution the one printed.
    #[cfg(feature = "cp-sat")]
    #[test]
    fn grown_30_by_30_boards_are_unique_under_both_rules_by_a_second_engine() {
        let clock = SolveOptions::default().clock();
        let pairs = numberlink::generate::Pairs { toward: 30, most: None };
        let grow =
            || numberlink::generate::grow(30, pairs, Rule::Fill, 3, 0, &clock, &mut |_| {}).unwrap().made().unwrap();
        let g = grow();
        assert_eq!(g.puzzle, grow().puzzle, "a seed gives one puzzle");
        assert!(g.solution.iter().flatten().all(|&k| k > 0), "a grown board is filled");
        for rule in [Rule::Fill, Rule::Blanks] {
            let puzzle = Numberlink::new(g.puzzle.clone(), rule).unwrap();
            let check = SolveOptions {
                clock: masu_core::Clock::within(Some(std::time::Duration::from_secs(600))),
                ..SolveOptions::default()
            };
            let report = masu_core::solve(&puzzle, Formulation::Connected, Backend::CpSat, &check).unwrap();
            assert_eq!(report.status, Status::Unique, "{rule:?}");
            assert_eq!(report.solutions[0].numbers, g.solution, "{rule:?}");
        }
    }
}
