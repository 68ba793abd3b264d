//! Choco as a CP backend (feature `choco`): the model posted on Choco 6 through pychoco's
//! native library at each solve ([`CpModel::solve_on_choco`]), Choco's own search enumerating
//! as many solutions as the count still wants, the points found before excluded by a table of
//! forbidden rows. One run hands several points; "all" is Choco's word that its search went
//! through the whole space. Every auxiliary variable is a function of the model's, and the
//! points are compared on the projection and each kept once.

use std::time::Instant;

use masu_cp::CpModel;
use masu_cp::choco::Refused;
use masu_milp::Settings;

use super::{RunOnce, Solver};
use crate::nogood::Step;
use crate::{Backend, Error, SolveOptions};

/// Choco, IMT Atlantique's constraint solver.
pub(crate) const CHOCO: RunOnce = RunOnce(Backend::Choco, open);

fn open<'a>(model: &'a CpModel, options: &SolveOptions) -> Result<Box<dyn Solver + 'a>, Error> {
    if let Some((name, _)) = options.parameters.first() {
        return Err(Error::Parameter {
            backend: Backend::Choco,
            name: name.clone(),
            reason: "masu's Choco backend takes no parameters".into(),
        });
    }
    Ok(Box::new(Enumerations { model, excluded: Vec::new() }))
}

/// Choco's runs of the model, the points found so far excluded.
struct Enumerations<'a> {
    model: &'a CpModel,
    excluded: Vec<Vec<i64>>,
}

impl Solver for Enumerations<'_> {
    fn run(&mut self, projection: &[usize], settings: &Settings, wanted: usize) -> Result<Step<Vec<i64>>, Error> {
        let deadline = settings.time_limit.map(|limit| Instant::now() + limit);
        let answer = self.model.solve_on_choco(projection, &self.excluded, wanted, deadline, &|| settings.stopped());
        super::step(answer.map_err(|refused| match refused {
            Refused::Model(reason) => Error::Backend {
                backend: Backend::Choco,
                message: format!("the model cannot be given to Choco: {reason}"),
            },
            Refused::Library(message) => Error::Backend { backend: Backend::Choco, message },
        }))
    }

    fn exclude(&mut self, _projection: &[usize], values: &[i64]) {
        self.excluded.push(values.to_vec());
    }
}

cp_conformance!(crate::Backend::Choco, stops);
