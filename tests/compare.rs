//! The comparison path: a wrong answer from a backend is caught by the checker and reported
//! loudly, and disagreeing runners are reported as findings. The wrong answers are injected
//! through the public API (a `Runner` is any function that answers like a backend).

use masu::compare::{self, Instance, Runner};
use masu::core::{Backend, Report, SolveOptions, Stats, Status};
use masu::kinds;
use masu::sudoku;

const ARTICLE: &str = "008009200000010000100003904002007040047000000030140006000090100005000483020300570";
const SOLUTION: &str = "358469217294715638176823954612937845847652391539148726783594162965271483421386579";

fn grid(line: &str) -> sudoku::Grid {
    line.as_bytes().chunks(9).map(|r| r.iter().map(|b| b - b'0').collect()).collect()
}

/// A runner that answers `status` with `solutions`, whatever the puzzle.
fn fake(name: &str, status: Status, solutions: Vec<sudoku::Grid>) -> Runner<'static, kinds::Sudoku> {
    Runner {
        formulation: name.into(),
        backend: Backend::Native,
        solve: Box::new(move |_, _| {
            Ok(Report {
                status,
                backend: Backend::Native,
                formulation: "fake".into(),
                solutions: solutions.clone(),
                complete: true,
                stats: Stats::default(),
            })
        }),
    }
}

fn instances() -> Vec<Instance<sudoku::Sudoku>> {
    vec![Instance { name: "article".into(), puzzle: sudoku::format::parse_line(ARTICLE).unwrap() }]
}

#[test]
fn a_wrong_backend_answer_is_a_checker_failure() {
    let mut wrong = grid(SOLUTION);
    wrong[0].swap(0, 1); // r1c1 and r1c2 are not givens: the row still holds 1..9
    let runners = vec![fake("honest", Status::Unique, vec![grid(SOLUTION)]), fake("liar", Status::Unique, vec![wrong])];
    let comparison = compare::compare::<kinds::Sudoku>(&instances(), &runners, &SolveOptions::default(), 1, 1, &|| {});
    let statuses: Vec<(&str, &str, Option<bool>)> =
        comparison.rows.iter().map(|r| (r.formulation.as_str(), r.status.as_str(), r.checked)).collect();
    assert_eq!(statuses, [("honest", "unique", Some(true)), ("liar", "WRONG-ANSWER", Some(false))]);
    assert_eq!(comparison.wrong_answers().count(), 1);
    let table = compare::table(&comparison);
    assert!(table.contains("WRONG ANSWER: article liar/native: column 1 has two"), "{table}");
    assert!(compare::csv(&comparison).contains(",WRONG-ANSWER,"));
}

#[test]
fn runners_that_disagree_are_findings() {
    let runners =
        vec![fake("finds", Status::Unique, vec![grid(SOLUTION)]), fake("gives-up", Status::Infeasible, vec![])];
    let comparison = compare::compare::<kinds::Sudoku>(&instances(), &runners, &SolveOptions::default(), 1, 2, &|| {});
    assert_eq!(comparison.findings.len(), 1);
    assert_eq!(comparison.findings[0].what, "satisfiability");
    assert!(compare::table(&comparison).contains("FINDING: article disagree on satisfiability"));
}

/// The real runners on a small batch, in parallel: every answer checked, no findings, and a
/// plot drawn.
#[test]
fn real_runners_agree_and_plot() {
    let runners: Vec<Runner<kinds::Sudoku>> =
        kinds::runnable::<kinds::Sudoku>().into_iter().map(|(f, b)| Runner::new(f, b)).collect();
    let text = include_str!("data/tdoku_test_puzzles.txt");
    let instances: Vec<Instance<sudoku::Sudoku>> = text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .take(12)
        .enumerate()
        .map(|(i, l)| Instance {
            name: format!("tdoku:{}", i + 1),
            puzzle: sudoku::format::parse_line(&l[..81]).unwrap(),
        })
        .collect();
    let comparison = compare::compare::<kinds::Sudoku>(&instances, &runners, &SolveOptions::default(), 1, 2, &|| {});
    assert_eq!(comparison.rows.len(), instances.len() * runners.len());
    assert!(comparison.findings.is_empty(), "{:?}", comparison.findings);
    assert_eq!(comparison.wrong_answers().count(), 0);
    assert!(comparison.rows.iter().all(|r| r.finished()));
    let svg = compare::cactus_plot(&comparison, "test").unwrap();
    assert!(svg.starts_with("<svg") && svg.contains("instances solved"));
}
