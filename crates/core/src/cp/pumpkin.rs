//! Pumpkin as a CP backend (feature `pumpkin`): the model translated once into Pumpkin's own
//! calls ([`CpModel::to_pumpkin`]), solved again after each point found is excluded by a
//! clause ([`masu_cpsat::pumpkin::Pumpkin::exclude`]); one point a solve, on one thread.
//!
//! With `--param proof-path=FILE` Pumpkin logs a DRCP proof of the whole count; when the
//! last solve proves that nothing is left, `pumpkin-checker` checks that proof against the
//! model and the points excluded, and the record carries its word ([`crate::Certificate`]).

use std::time::{Duration, Instant};

use masu_cpsat::pumpkin::{Answer, Pumpkin as Solver, Settings};
use masu_cpsat::{Checked, CpModel, IntVar};

use super::{CpBackend, CpRun, Figures, Runs, Search};
use crate::nogood::{Excluding, Step};
use crate::{Backend, Error, SolveOptions};

/// Pumpkin, TU Delft's lazy-clause-generation solver.
pub(crate) struct Pumpkin;

impl CpBackend for Pumpkin {
    fn open<'a>(
        &self,
        model: &'a CpModel,
        projection: &'a [IntVar],
        options: &'a SolveOptions,
        _: CpRun,
    ) -> Result<Box<dyn Search + 'a>, Error> {
        let settings = Settings::parse(&options.parameters).map_err(|(name, reason)| Error::Parameter {
            backend: Backend::Pumpkin,
            name,
            reason,
        })?;
        let solver = model.to_pumpkin(&settings).map_err(|reason| Error::Backend {
            backend: Backend::Pumpkin,
            message: format!("the model cannot be given to Pumpkin: {reason}"),
        })?;
        Ok(Box::new(Solves { solver, projection: super::indices(model, projection), runs: Runs::new(options) }))
    }
}

/// Pumpkin's solves of the model, a clause added a point.
struct Solves<'a> {
    solver: Solver,
    projection: Vec<usize>,
    runs: Runs<'a>,
}

impl Search for Solves<'_> {
    fn figures(&self) -> Figures {
        Figures { workers: Some(1), ..self.runs.figures }
    }

    fn certificate(&self) -> Option<Checked> {
        self.solver.certificate()
    }
}

impl Excluding for Solves<'_> {
    type Point = Vec<i64>;
    type Error = Error;

    fn solve(&mut self, left: Option<Duration>, _wanted: usize) -> Result<Step<Vec<i64>>, Error> {
        let solver = &mut self.solver;
        let answer = self.runs.run(left, |settings| {
            let deadline = settings.time_limit.map(|limit| Instant::now() + limit);
            solver.solve(deadline, &|| settings.stopped())
        });
        Ok(match answer {
            Answer::Solved(values) => Step::Found { points: vec![values], all: false },
            Answer::Infeasible => Step::Infeasible,
            Answer::Unknown => Step::Stopped,
            Answer::Failed(message) => return Err(Error::Backend { backend: Backend::Pumpkin, message }),
        })
    }

    fn exclude(&mut self, values: &Vec<i64>) {
        self.solver.exclude(&self.projection, values);
    }
}

cp_conformance!(crate::Backend::Pumpkin, stops);

#[cfg(test)]
mod proofs {
    use masu_cpsat::{CpModel, IntVar};

    use crate::cp::{CpRun, enumerate};
    use crate::{Backend, SolveOptions};

    #[test]
    fn a_complete_count_carries_the_checkers_word_and_keeps_the_proof() {
        let dir = std::env::temp_dir().join(format!("masu-pumpkin-proof-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("count.drcp");
        let options = SolveOptions {
            solution_limit: 100,
            time_limit: Some(std::time::Duration::from_secs(60)),
            parameters: vec![("proof-path".into(), path.display().to_string())],
            ..SolveOptions::default()
        };
        let mut model = CpModel::new();
        let xs: Vec<IntVar> = (0..4).map(|_| model.new_int_var(1, 4)).collect();
        model.add_all_different(xs.iter().copied());
        model.add_eq(xs[0], 2);
        let found = enumerate(Backend::Pumpkin, &model, &xs, &options, CpRun::default()).unwrap();
        assert_eq!((found.solutions.len(), found.complete), (6, true));
        let certificate = found.certificate.expect("a proof was asked for and the count is complete");
        assert!(certificate.accepted, "{certificate:?}");
        let kept = std::fs::read_to_string(&path).unwrap();
        assert!(kept.lines().any(|l| l.starts_with("c ")), "{kept}");

        // A count cut short by its limit proves nothing, and is not certified.
        let limited = SolveOptions { solution_limit: 3, ..options };
        let found = enumerate(Backend::Pumpkin, &model, &xs, &limited, CpRun::default()).unwrap();
        assert_eq!((found.solutions.len(), found.complete, found.certificate), (3, false, None));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
