//! Generated puzzles re-proven unique by a second formulation: the generators prove
//! uniqueness with the native solvers, these tests with a model on a backend.

use masu::core::{Backend, Puzzle, SolveOptions, Status, runnable};
use masu::nonogram::Nonogram;
use masu::sudoku::Sudoku;

/// A second formulation for the kind: the first one that is not `native` and runs on CP-SAT,
/// HiGHS, SCIP or CBC in this build (in that order). None in a build of microlp alone:
/// microlp refuses a 20×20 nonogram's model and takes minutes on some sudokus.
fn second<P: Puzzle>() -> Option<(P::Formulation, Backend)> {
    let runnable = runnable::<P>();
    [Backend::CpSat, Backend::Highs, Backend::Scip, Backend::Cbc]
        .into_iter()
        .find_map(|b| runnable.iter().copied().find(|&(f, fb)| fb == b && f.to_string() != "native"))
}

fn limit_two() -> SolveOptions {
    SolveOptions {
        solution_limit: 2,
        clock: masu_core::Clock::within(Some(std::time::Duration::from_secs(60))),
        ..SolveOptions::default()
    }
}

#[test]
fn generated_sudokus_are_unique_for_a_second_formulation() {
    use masu::sudoku::generate::{Shape, Target, generate};
    let Some((formulation, backend)) = second::<Sudoku>() else { return };
    for (side, target, count) in [(9, Target::Minimal, 20), (9, Target::Givens(35), 5), (16, Target::Minimal, 1)] {
        for index in 0..count {
            let g = generate(side, Shape { target, ..Shape::minimal() }, 11, index, &SolveOptions::default().clock())
                .unwrap();
            let report = masu::core::solve(&g.puzzle, formulation, backend, &limit_two()).unwrap();
            assert_eq!(report.status, Status::Unique, "{side}×{side} #{index}: {formulation} on {backend}");
            assert_eq!(report.solutions[0].concat(), g.solution, "{side}×{side} #{index}");
            assert!(!g.singles_only() || g.nodes == 1);
        }
    }
}

/// A hundred rotationally symmetric minimal sudokus: each symmetric, unique for a second
/// formulation (CP-SAT where it is compiled in), its technique the one the native solver's
/// grading finds.
#[test]
fn symmetric_sudokus_are_symmetric_and_unique() {
    use masu::sudoku::generate::{Shape, Symmetry, generate};
    let Some((formulation, backend)) = second::<Sudoku>() else { return };
    let shape = Shape { symmetry: Symmetry::Rotational, ..Shape::minimal() };
    let mut techniques = std::collections::BTreeMap::new();
    for index in 0..100 {
        let g = generate(9, shape, 21, index, &SolveOptions::default().clock()).unwrap();
        assert!(Symmetry::Rotational.holds(9, g.puzzle.cells()), "#{index}");
        let report = masu::core::solve(&g.puzzle, formulation, backend, &limit_two()).unwrap();
        assert_eq!(report.status, Status::Unique, "#{index}: {formulation} on {backend}");
        assert_eq!(g.technique, masu::sudoku::native::technique(&g.puzzle));
        *techniques.entry(g.technique).or_insert(0) += 1;
    }
    assert!(techniques.len() >= 2, "{techniques:?}");
}

#[test]
fn generated_nonograms_are_unique_for_a_second_formulation() {
    use masu::nonogram::generate::random;
    let Some((formulation, backend)) = second::<Nonogram>() else { return };
    let options = SolveOptions::default();
    for (size, line_solvable, count) in [(20, true, 5), (12, false, 10), (30, true, 1)] {
        for index in 0..count {
            let g = random(size, size, 0.6, line_solvable, 5, index, &options).unwrap().unwrap();
            assert!(g.line_solvable || !line_solvable);
            let report = masu::core::solve(&g.puzzle, formulation, backend, &limit_two()).unwrap();
            assert_eq!(report.status, Status::Unique, "{size}×{size} #{index}: {formulation} on {backend}");
            assert_eq!(report.solutions[0], g.solution, "{size}×{size} #{index}");
        }
    }
}

/// Each kind's generator flags, read typed (as Python's keywords are): every flag the
/// command line takes is a field serde knows by the same name, none given is clap's
/// defaults, and a value given typed is the value clap reads from the flag.
#[derive(Clone, Copy)]
struct TypedFlags;

impl masu::kinds::Visit for TypedFlags {
    type Output = ();
    fn visit<P: masu::core::Source + masu::core::Generate + masu::core::Examples>(self) {
        use clap::{Args, FromArgMatches};
        use serde::Deserialize;
        let command = P::Args::augment_args(clap::Command::new("generate").no_binary_name(true));
        for flag in command.get_arguments() {
            let name = flag.get_id().as_str();
            let one = serde_json::json!({ name: null });
            if let Err(e) = P::Args::deserialize(&one) {
                assert!(!e.to_string().contains("unknown field"), "{}: --{name}: {e}", P::KIND);
            }
        }
        let none = P::Args::deserialize(&serde_json::json!({})).unwrap();
        assert_eq!(
            format!("{none:?}"),
            format!("{:?}", masu::core::generate::flag_defaults::<P::Args>()),
            "{}",
            P::KIND
        );
        let typed = P::Args::deserialize(&serde_json::json!({ "size": 5 })).unwrap();
        let matches = command.try_get_matches_from(["--size", "5"]).unwrap();
        assert_eq!(format!("{typed:?}"), format!("{:?}", P::Args::from_arg_matches(&matches).unwrap()), "{}", P::KIND);
        assert!(P::Args::deserialize(&serde_json::json!({ "no_such_flag": 1 })).is_err(), "{}", P::KIND);
    }
}

#[test]
fn every_kind_reads_its_generator_flags_typed_as_clap_reads_them() {
    use masu::kinds::{Kinds, Registry};
    for &kind in Kinds::kinds() {
        Kinds::visit(kind, TypedFlags);
    }
}
