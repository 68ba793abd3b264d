//! Choco as a CP backend (feature `choco`): the model posted on Choco 6 through pychoco's
//! native library at each solve ([`CpModel::solve_on_choco`]), Choco's own search enumerating
//! as many solutions as the count still wants, the points found before excluded by a table of
//! forbidden rows. One run hands several points; "all" is Choco's word that its search went
//! through the whole space. Every auxiliary variable is a function of the model's, and the
//! points are compared on the projection and each kept once.

use std::time::{Duration, Instant};

use masu_cpsat::choco::{Answer, Refused};
use masu_cpsat::{CpModel, IntVar};

use super::{CpBackend, CpRun, Figures, Runs, Search};
use crate::nogood::{Excluding, Step};
use crate::{Backend, Error, SolveOptions};

/// Choco, IMT Atlantique's constraint solver.
pub(crate) struct Choco;

impl CpBackend for Choco {
    fn open<'a>(
        &self,
        model: &'a CpModel,
        projection: &'a [IntVar],
        options: &'a SolveOptions,
        _: CpRun,
    ) -> Result<Box<dyn Search + 'a>, Error> {
        if let Some((name, _)) = options.parameters.first() {
            return Err(Error::Parameter {
                backend: Backend::Choco,
                name: name.clone(),
                reason: "masu's Choco backend takes no parameters".into(),
            });
        }
        let projection = super::indices(model, projection);
        Ok(Box::new(Enumerations { model, projection, excluded: Vec::new(), runs: Runs::new(options) }))
    }
}

/// Choco's runs of the model, the points found so far excluded.
struct Enumerations<'a> {
    model: &'a CpModel,
    projection: Vec<usize>,
    excluded: Vec<Vec<i64>>,
    runs: Runs<'a>,
}

impl Search for Enumerations<'_> {
    fn figures(&self) -> Figures {
        Figures { workers: Some(1), ..self.runs.figures }
    }
}

impl Excluding for Enumerations<'_> {
    type Point = Vec<i64>;
    type Error = Error;

    fn solve(&mut self, left: Option<Duration>, wanted: usize) -> Result<Step<Vec<i64>>, Error> {
        let (model, projection, excluded) = (self.model, &self.projection, &self.excluded);
        let answer = self.runs.run(left, |settings| {
            let deadline = settings.time_limit.map(|limit| Instant::now() + limit);
            model.solve_on_choco(projection, excluded, wanted, deadline, &|| settings.stopped())
        });
        Ok(match answer {
            Ok(Answer::Found { solutions, all }) => {
                Step::Found { points: super::distinct_on(&self.projection, solutions), all }
            }
            Ok(Answer::Infeasible) => Step::Infeasible,
            Ok(Answer::Unknown) => Step::Stopped,
            Err(Refused::Model(reason)) => {
                let message = format!("the model cannot be given to Choco: {reason}");
                return Err(Error::Backend { backend: Backend::Choco, message });
            }
            Err(Refused::Library(message)) => return Err(Error::Backend { backend: Backend::Choco, message }),
        })
    }

    fn exclude(&mut self, values: &Vec<i64>) {
        self.excluded.push(values.clone());
    }
}

cp_conformance!(crate::Backend::Choco, stops);
