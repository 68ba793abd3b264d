//! What every kind's formulations must do on every backend compiled into the build, written
//! once, on the kind's examples ([`masu_core::Examples`]): every formulation × backend runs
//! or is refused by type, counts are exact, a limit stops a count, and records round-trip.

use masu_core::{Backend, Error, Examples, Formulation, Generate, SolveOptions, Source, Status};

/// One check of the suite, as a visitor of a registry's kinds ([`crate::every_kind`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Check {
    /// [`every_pair_runs_or_is_refused_by_type`].
    Pairs,
    /// [`counts_are_exact`].
    Counts,
    /// [`a_limit_stops_the_count`].
    Limit,
    /// [`records_round_trip`].
    Records,
}

impl Check {
    /// Every check.
    pub const ALL: [Check; 4] = [Check::Pairs, Check::Counts, Check::Limit, Check::Records];

    /// Runs this check on kind `P`.
    pub fn run<P: Examples>(self) {
        match self {
            Check::Pairs => every_pair_runs_or_is_refused_by_type::<P>(),
            Check::Counts => counts_are_exact::<P>(),
            Check::Limit => a_limit_stops_the_count::<P>(),
            Check::Records => records_round_trip::<P>(),
        }
    }
}

impl masu_kinds::Visit for Check {
    type Output = ();
    fn visit<P: Source + Generate + Examples>(self) {
        self.run::<P>();
    }
}

/// Every check on kind `P` (a kind outside any registry, such as a test's own).
pub fn all<P: Examples>() {
    Check::ALL.into_iter().for_each(Check::run::<P>);
}

fn counting<P: Examples>() -> Vec<(P::Formulation, Backend)> {
    masu_core::runnable::<P>().into_iter().filter(|(f, _)| P::counts_exactly(*f)).collect()
}

fn distinct<S: PartialEq>(solutions: &[S]) -> bool {
    solutions.iter().enumerate().all(|(i, a)| solutions[..i].iter().all(|b| a != b))
}

/// Every formulation × backend runs, or is refused by type: not applicable where the
/// formulation does not run on the backend, not compiled in where this build lacks it.
pub fn every_pair_runs_or_is_refused_by_type<P: Examples>() {
    let examples = P::examples();
    let (_, puzzle, _) = examples.first().unwrap_or_else(|| panic!("{} has no examples", P::KIND));
    for &formulation in P::Formulation::ALL {
        for backend in Backend::ALL {
            let fits = formulation.backends().contains(&backend);
            let here = format!("{}: {formulation} on {backend}", P::KIND);
            match masu_core::solve(puzzle, formulation, backend, &bounded()) {
                Ok(_) => assert!(fits && backend.is_compiled(), "{here}"),
                Err(Error::NotApplicable { .. }) => assert!(!fits, "{here}"),
                Err(Error::NotCompiled(_)) => assert!(fits && !backend.is_compiled(), "{here}"),
                Err(e) => panic!("{here}: {e}"),
            }
        }
    }
}

/// Exact counts, complete, pairwise different, each checked, the status from the count; the
/// examples hold a case without solution, a unique one and one with three or more.
pub fn counts_are_exact<P: Examples>() {
    let examples = P::examples();
    for wanted in [0, 1, 3] {
        let held = examples.iter().any(|(_, _, count)| if wanted == 3 { *count >= 3 } else { *count == wanted });
        assert!(held, "{}'s examples lack one with {wanted} solution(s)", P::KIND);
    }
    for (formulation, backend) in counting::<P>() {
        for (name, puzzle, count) in &examples {
            let options = SolveOptions { solution_limit: count + 1, ..bounded() };
            let report = masu_core::solve(puzzle, formulation, backend, &options).unwrap();
            let here = format!("{} {name}: {formulation} on {backend}", P::KIND);
            assert_eq!((report.solutions.len(), report.complete), (*count, true), "{here}");
            assert!(distinct(&report.solutions), "{here}");
            assert!(report.solutions.iter().all(|s| puzzle.check(s).is_ok()), "{here}");
            let status = match count {
                0 => Status::Infeasible,
                1 => Status::Unique,
                _ => Status::Multiple,
            };
            assert_eq!(report.status, status, "{here}");
        }
    }
}

/// A limit below the count stops it: that many different solutions, not complete.
pub fn a_limit_stops_the_count<P: Examples>() {
    let examples: Vec<_> = P::examples().into_iter().filter(|(_, _, count)| *count >= 3).collect();
    for (formulation, backend) in counting::<P>() {
        for (name, puzzle, _) in &examples {
            let options = SolveOptions { solution_limit: 2, ..bounded() };
            let report = masu_core::solve(puzzle, formulation, backend, &options).unwrap();
            let here = format!("{} {name}: {formulation} on {backend}", P::KIND);
            assert_eq!((report.solutions.len(), report.complete), (2, false), "{here}");
            assert_eq!(report.status, Status::Multiple, "{here}");
            assert!(distinct(&report.solutions), "{here}");
        }
    }
}

/// What a record carries, the puzzle as text and a solution as JSON, reads back to the same
/// puzzle and solution, and a solution read back is still checked.
pub fn records_round_trip<P: Examples>() {
    let Some(&(formulation, backend)) = counting::<P>().first() else { return };
    for (name, puzzle, count) in P::examples().into_iter().filter(|(_, _, count)| *count > 0) {
        let report = masu_core::solve(&puzzle, formulation, backend, &bounded()).unwrap();
        let here = format!("{} {name}", P::KIND);
        assert_eq!(report.solutions.len(), count.min(2), "{here}");
        let back = P::from_text(&puzzle.to_text()).unwrap();
        assert!(back == puzzle, "{here}: {}", puzzle.to_text());
        for solution in &report.solutions {
            let read = P::solution_from_json(P::to_json(solution)).unwrap();
            assert!(&read == solution, "{here}");
            assert_eq!(back.check(&read), Ok(()), "{here}");
        }
    }
}

/// Default options with a bound (ten minutes a solve): a backend run as a program (Gurobi, CP
/// Optimizer) is stopped past it, so that no test waits on one without end.
fn bounded() -> SolveOptions {
    SolveOptions {
        clock: masu_core::Clock::within(Some(std::time::Duration::from_secs(600))),
        ..SolveOptions::default()
    }
}
