//! What must hold of a run: runners that finished agree with each other, and with what the
//! source of a puzzle knows of it.

use masu_core::{Expected, Status};

use crate::row::{Row, Verdict};

/// Two runners that disagree on an instance.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Finding {
    /// The instance.
    pub instance: String,
    /// What they disagree on.
    pub what: String,
    /// One side: `runner: answer`.
    pub one: String,
    /// The other side.
    pub other: String,
}

/// What in `row` contradicts the source's `expected`, one message each (`formulation: ...`).
/// A timeout or refusal contradicts nothing.
pub fn failures<S>(expected: &Expected<S>, row: &Row) -> Vec<String> {
    let who = &row.formulation;
    let mut failures = Vec::new();
    let Verdict::Status(status) = row.verdict else { return failures };
    if let Some(count) = expected.count.filter(|_| row.verdict.settled()) {
        let expected = match count {
            0 => Status::Infeasible,
            1 => Status::Unique,
            _ => Status::Multiple,
        };
        if status != expected {
            failures.push(format!("{who} on {}: {status} but the source counts {count}", row.backend));
        }
    }
    if status == Status::Unique && row.matches_source == Some(false) {
        failures.push(format!("{who}: unique, but not the source's solution"));
    }
    if status == Status::Unique && expected.several {
        failures.push(format!("{who}: unique, but the source gives several solutions"));
    }
    if status == Status::Infeasible && expected.solvable {
        failures.push(format!("{who}: infeasible, but the puzzle comes from a collection of solvable ones"));
    }
    failures
}

/// All finished rows of an instance must agree on satisfiability and uniqueness, and a
/// unique answer must be the same solution as every other runner's. Rows of one instance
/// are consecutive.
pub fn cross_check(rows: &[Row]) -> Vec<Finding> {
    let mut findings = Vec::new();
    for group in rows.chunk_by(|a, b| a.instance == b.instance) {
        let finished: Vec<&Row> = group.iter().filter(|r| r.finished() && r.checked != Some(false)).collect();
        let describe = |r: &Row| format!("{}: {}", r.label(), r.verdict);
        for (i, a) in finished.iter().enumerate() {
            for b in &finished[i + 1..] {
                let status = |r: &Row| match r.verdict {
                    Verdict::Status(s) => s,
                    _ => Status::Solved,
                };
                let (sa, sb) = (status(a), status(b));
                let differ = a.first_solution != b.first_solution;
                let what = if (sa == Status::Infeasible) != (sb == Status::Infeasible) {
                    Some("satisfiability")
                } else if matches!((sa, sb), (Status::Unique, Status::Multiple) | (Status::Multiple, Status::Unique)) {
                    Some("uniqueness")
                } else if (sa == Status::Unique && b.solutions > 0 || sb == Status::Unique && a.solutions > 0) && differ
                {
                    Some("the unique solution")
                } else {
                    None
                };
                if let Some(what) = what {
                    findings.push(Finding {
                        instance: a.instance.clone(),
                        what: what.into(),
                        one: describe(a),
                        other: describe(b),
                    });
                }
            }
        }
    }
    findings
}

#[cfg(test)]
mod tests {
    use super::*;
    use masu_core::Backend;

    pub(crate) fn row(instance: &str, formulation: &str, status: Status, solution: Option<serde_json::Value>) -> Row {
        Row {
            verdict: Verdict::Status(status),
            solutions: usize::from(solution.is_some()),
            complete: true,
            checked: solution.as_ref().map(|_| true),
            first_solution: solution,
            ..Row::new(instance, "", formulation, Backend::Native)
        }
    }

    #[test]
    fn cross_check_reports_disagreements() {
        let a = serde_json::json!([1]);
        let b = serde_json::json!([2]);
        let rows = vec![
            row("x", "one", Status::Unique, Some(a.clone())),
            row("x", "two", Status::Infeasible, None),
            row("y", "one", Status::Unique, Some(a.clone())),
            row("y", "two", Status::Unique, Some(b)),
            row("z", "one", Status::Unique, Some(a.clone())),
            row("z", "two", Status::TimedOut, None),
            row("z", "three", Status::Unique, Some(a)),
        ];
        let findings = cross_check(&rows);
        let whats: Vec<(&str, &str)> = findings.iter().map(|f| (f.instance.as_str(), f.what.as_str())).collect();
        assert_eq!(whats, [("x", "satisfiability"), ("y", "the unique solution")]);
    }

    #[test]
    fn expectations_name_what_the_source_contradicts() {
        let expected = Expected::<()> { count: Some(1), several: true, solvable: true, ..Expected::default() };
        let mut unique = row("p", "f", Status::Unique, Some(serde_json::json!(1)));
        unique.matches_source = Some(false);
        assert_eq!(
            failures(&expected, &unique),
            ["f: unique, but not the source's solution", "f: unique, but the source gives several solutions"]
        );
        let infeasible = row("p", "f", Status::Infeasible, None);
        assert_eq!(
            failures(&expected, &infeasible),
            [
                "f on native: infeasible but the source counts 1",
                "f: infeasible, but the puzzle comes from a collection of solvable ones"
            ]
        );
        assert!(failures(&expected, &row("p", "f", Status::TimedOut, None)).is_empty());
    }
}
