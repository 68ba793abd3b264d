//! Pumpkin as a CP backend (feature `pumpkin`): the model translated once into Pumpkin's own
//! calls ([`CpModel::to_pumpkin`]), solved again after each point found is excluded by a
//! clause ([`masu_cp::pumpkin::Pumpkin::exclude`]); one point a solve, on one thread.
//!
//! With `--param proof-path=FILE` Pumpkin logs a DRCP proof of the whole count; when the
//! last solve proves that nothing is left, `pumpkin-checker` checks that proof against the
//! model and the points excluded, and the record carries its word ([`crate::Certificate`]).

use std::time::Instant;

use masu_cp::pumpkin::{self, Settings};
use masu_cp::{Checked, CpModel};

use super::{RunOnce, Solver};
use crate::nogood::Step;
use crate::{Backend, Error, SolveOptions};

/// Pumpkin, TU Delft's lazy-clause-generation solver.
pub(crate) const PUMPKIN: RunOnce = RunOnce(Backend::Pumpkin, open);

fn open<'a>(model: &'a CpModel, options: &SolveOptions) -> Result<Box<dyn Solver + 'a>, Error> {
    let settings = Settings::parse(&options.parameters).map_err(|(name, reason)| Error::Parameter {
        backend: Backend::Pumpkin,
        name,
        reason,
    })?;
    let solver = model.to_pumpkin(&settings).map_err(|reason| Error::Backend {
        backend: Backend::Pumpkin,
        message: format!("the model cannot be given to Pumpkin: {reason}"),
    })?;
    Ok(Box::new(Solves(solver)))
}

/// Pumpkin's solves of the model, a clause added a point.
struct Solves(pumpkin::Pumpkin);

impl Solver for Solves {
    fn run(&mut self, _: &[usize], settings: &masu_milp::Settings, _wanted: usize) -> Result<Step<Vec<i64>>, Error> {
        let deadline = settings.time_limit.map(|limit| Instant::now() + limit);
        let answer = self.0.solve(deadline, &|| settings.stopped());
        super::step(answer.map_err(|message| Error::Backend { backend: Backend::Pumpkin, message }))
    }

    fn exclude(&mut self, projection: &[usize], values: &[i64]) {
        self.0.exclude(projection, values);
    }

    fn certificate(&self) -> Option<Checked> {
        self.0.certificate()
    }
}

cp_conformance!(crate::Backend::Pumpkin, stops);

#[cfg(test)]
mod proofs {
    use masu_cp::{CpModel, IntVar};

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
