//! The comparison path: a wrong answer from a backend is caught by the checker and reported
//! loudly, and disagreeing runners are reported as findings. The wrong answers are injected
//! through the public API (a `Runner` is any function that answers like a backend).

use masu_core::Instance;
use masu_core::{Backend, Report, SolveOptions, Stats, Status};
use masu_harness::{Comparison, Runner, Verdict, run_matrix, write};
use masu_sudoku::{self as sudoku, Sudoku};

const ARTICLE: &str = "008009200000010000100003904002007040047000000030140006000090100005000483020300570";
const SOLUTION: &str = "358469217294715638176823954612937845847652391539148726783594162965271483421386579";

fn grid(line: &str) -> sudoku::Grid {
    line.as_bytes().chunks(9).map(|r| r.iter().map(|b| b - b'0').collect()).collect()
}

/// A runner that answers `status` with `solutions`, whatever the puzzle.
fn fake(name: &str, status: Status, solutions: Vec<sudoku::Grid>) -> Runner<'static, Sudoku> {
    Runner {
        formulation: name.into(),
        backend: Backend::Native,
        solve: Box::new(move |_, _| {
            Ok(Report {
                status,
                backend: Backend::Native,
                formulation: "fake".into(),
                count: solutions.len() as u128,
                solutions: solutions.clone(),
                complete: true,
                stats: Stats::default(),
            })
        }),
    }
}

fn instances() -> Vec<Instance<Sudoku>> {
    vec![Instance::new("article", sudoku::format::parse_line(ARTICLE).unwrap())]
}

#[test]
fn a_wrong_backend_answer_is_a_checker_failure() {
    let mut wrong = grid(SOLUTION);
    wrong[0].swap(0, 1); // r1c1 and r1c2 are not givens: the row still holds 1..9
    let runners = vec![fake("honest", Status::Unique, vec![grid(SOLUTION)]), fake("liar", Status::Unique, vec![wrong])];
    let comparison =
        Comparison::of(run_matrix(&instances(), &runners, &SolveOptions::default(), 1, 1, None, |_, _| {}));
    let statuses: Vec<(&str, Verdict, Option<bool>)> =
        comparison.rows.iter().map(|r| (r.formulation.as_str(), r.verdict, r.checked)).collect();
    assert_eq!(
        statuses,
        [("honest", Verdict::Status(Status::Unique), Some(true)), ("liar", Verdict::WrongAnswer, Some(false))]
    );
    assert_eq!(comparison.wrong_answers().count(), 1);
    let table = write::table(&comparison);
    assert!(table.contains("WRONG ANSWER: article liar/native: column 1 has two"), "{table}");
    assert!(write::csv(&comparison.rows).contains(",WRONG-ANSWER,"));
}

#[test]
fn runners_that_disagree_are_findings() {
    let runners =
        vec![fake("finds", Status::Unique, vec![grid(SOLUTION)]), fake("gives-up", Status::Infeasible, vec![])];
    let comparison =
        Comparison::of(run_matrix(&instances(), &runners, &SolveOptions::default(), 1, 2, None, |_, _| {}));
    assert_eq!(comparison.findings.len(), 1);
    assert_eq!(comparison.findings[0].what, "satisfiability");
    assert!(write::table(&comparison).contains("FINDING: article disagree on satisfiability"));
}

/// The real runners on a small batch, in parallel: every answer checked, no findings, and a
/// plot drawn.
#[test]
fn real_runners_agree_and_plot() {
    let runners: Vec<Runner<Sudoku>> = Runner::every();
    let text = include_str!("../../../tests/data/tdoku_test_puzzles.txt");
    let instances: Vec<Instance<Sudoku>> = text
        .lines()
        .filter(|l| !l.starts_with('#'))
        // The first five: microlp takes seconds to minutes on the later, harder ones.
        .take(5)
        .enumerate()
        .map(|(i, l)| Instance::new(format!("tdoku:{}", i + 1), sudoku::format::parse_line(&l[..81]).unwrap()))
        .collect();
    let comparison = Comparison::of(run_matrix(&instances, &runners, &SolveOptions::default(), 1, 2, None, |_, _| {}));
    assert_eq!(comparison.rows.len(), instances.len() * runners.len());
    assert!(comparison.findings.is_empty(), "{:?}", comparison.findings);
    assert_eq!(comparison.wrong_answers().count(), 0);
    let unfinished: Vec<String> = comparison
        .rows
        .iter()
        .filter(|r| !r.finished())
        .map(|r| format!("{} on {}, {}: {:?}", r.formulation, r.backend, r.instance, r.message))
        .collect();
    assert!(unfinished.is_empty(), "{unfinished:?}");
    #[cfg(feature = "plots")]
    {
        let svg = masu_harness::plot::cactus_plot(&comparison.rows, "test").unwrap();
        assert!(svg.starts_with("<svg") && svg.contains("instances solved"));
    }
}
