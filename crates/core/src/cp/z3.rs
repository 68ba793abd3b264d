//! Z3 as a CP backend (feature `z3`): the model written once as SMT-LIB 2
//! ([`CpModel::to_smtlib`], `--export` writes it as `.smt2`), each point excluded by an
//! assertion of its own appended to the text ([`SmtLib::exclude`]), and each check a Z3
//! solver of the whole text (`masu_mip::z3`: its finite-domain logic takes no arithmetic once
//! it has checked, so it is not added to). The text adds no variable, so Z3's models are assignments of the model's
//! own variables, and one point a check is found.

use std::time::Duration;

use masu_cpsat::{CpModel, IntVar, SmtLib};
use masu_mip::z3;

use super::{CpBackend, CpRun, Figures, Runs, Search};
use crate::nogood::{Excluding, Step};
use crate::{Backend, Error, SolveOptions};

/// Microsoft's Z3, an SMT solver.
pub(crate) struct Z3;

impl CpBackend for Z3 {
    fn open<'a>(
        &self,
        model: &'a CpModel,
        projection: &'a [IntVar],
        options: &'a SolveOptions,
        _: CpRun,
    ) -> Result<Box<dyn Search + 'a>, Error> {
        let smt = model.to_smtlib().map_err(|r| super::not_written(Backend::Z3, "SMT-LIB", r))?;
        super::exported(options, "smt2", smt.text())?;
        Ok(Box::new(Checks { smt, projection: super::indices(model, projection), runs: Runs::new(options) }))
    }
}

/// Z3's checks of the model, an assertion appended a point.
struct Checks<'a> {
    /// The model's text and the no-goods so far.
    smt: SmtLib,
    projection: Vec<usize>,
    runs: Runs<'a>,
}

impl Search for Checks<'_> {
    fn figures(&self) -> Figures {
        Figures { workers: Some(1), ..self.runs.figures }
    }
}

impl Excluding for Checks<'_> {
    type Point = Vec<i64>;
    type Error = Error;

    fn solve(&mut self, left: Option<Duration>, _wanted: usize) -> Result<Step<Vec<i64>>, Error> {
        let smt = &self.smt;
        let answer = self.runs.run(left, |settings| z3::solve(smt.text(), smt.variables(), settings));
        super::step(Backend::Z3, answer)
    }

    fn exclude(&mut self, values: &Vec<i64>) {
        self.smt.exclude(&self.projection, values);
    }
}

cp_conformance!(crate::Backend::Z3, stops);
