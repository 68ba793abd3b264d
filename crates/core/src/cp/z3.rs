//! Z3 as a CP backend (feature `z3`): the model written once as SMT-LIB 2
//! ([`CpModel::to_smtlib`], `--export` writes it as `.smt2`), each point excluded by an
//! assertion of its own appended to the text ([`SmtLib::exclude`]), and each check a Z3
//! solver of the whole text (`masu_cp::z3`: its finite-domain logic takes no arithmetic once
//! it has checked, so it is not added to). The text adds no variable, so Z3's models are assignments of the model's
//! own variables, and one point a check is found.

use masu_cp::z3;
use masu_cp::{CpModel, SmtLib};
use masu_milp::Settings;

use super::{RunOnce, Solver};
use crate::nogood::Step;
use crate::{Backend, Error, SolveOptions};

/// Microsoft's Z3, an SMT solver.
pub(crate) const Z3: RunOnce = RunOnce(Backend::Z3, open);

fn open<'a>(model: &'a CpModel, options: &SolveOptions) -> Result<Box<dyn Solver + 'a>, Error> {
    let smt = model.to_smtlib().map_err(|r| super::not_written(Backend::Z3, "SMT-LIB", r))?;
    super::exported(options, "smt2", smt.text())?;
    Ok(Box::new(Checks(smt)))
}

/// Z3's checks of the model's text and the no-goods so far, an assertion appended a point.
struct Checks(SmtLib);

impl Solver for Checks {
    fn run(&mut self, _: &[usize], settings: &Settings, _wanted: usize) -> Result<Step<Vec<i64>>, Error> {
        super::step(
            z3::solve(self.0.text(), self.0.variables(), settings).map_err(|e| Error::of_solver(Backend::Z3, e)),
        )
    }

    fn exclude(&mut self, projection: &[usize], values: &[i64]) {
        self.0.exclude(projection, values);
    }
}

cp_conformance!(crate::Backend::Z3, stops);
