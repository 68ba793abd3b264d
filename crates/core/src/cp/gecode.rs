//! Gecode as a CP backend (feature `gecode`): the model written once as FlatZinc
//! ([`CpModel::to_flatzinc`], `--export` writes it as `.fzn`), Gecode's `fzn-gecode` run once
//! a solve (`masu_cp::gecode`) for as many solutions as the count still wants, and the points
//! it found excluded by a clause each ([`masu_cp::FlatZinc::exclude`]).
//!
//! One run hands several points: Gecode enumerates the FlatZinc model, whose auxiliary
//! Booleans may let one assignment of the model's variables print twice, so the points are
//! compared on the projection and each is kept once; "all" is Gecode's own word that its
//! search went through the whole space.

use masu_cp::gecode;
use masu_cp::{CpModel, FlatZinc};
use masu_milp::Settings;

use super::{RunOnce, Solver};
use crate::nogood::Step;
use crate::{Backend, Error, SolveOptions};

/// Gecode, through its FlatZinc program.
pub(crate) const GECODE: RunOnce = RunOnce(Backend::Gecode, open);

/// The most solutions one run is asked for: its output is read whole (about 650 bytes a
/// 9×9 sudoku's solution), so a long count goes on in runs of this many, each excluding the
/// points found before.
const RUN: usize = 20_000;

fn open<'a>(model: &'a CpModel, options: &SolveOptions) -> Result<Box<dyn Solver + 'a>, Error> {
    if let Some(how) = gecode::missing() {
        return Err(Error::NotInstalled { backend: Backend::Gecode, how });
    }
    let flatzinc = model.to_flatzinc().map_err(|r| super::not_written(Backend::Gecode, "FlatZinc", r))?;
    super::exported(options, "fzn", &flatzinc.text())?;
    Ok(Box::new(Program(flatzinc)))
}

/// Gecode's program on the model's FlatZinc, a clause appended a point.
struct Program(FlatZinc);

impl Solver for Program {
    fn run(&mut self, _: &[usize], settings: &Settings, wanted: usize) -> Result<Step<Vec<i64>>, Error> {
        let answer = gecode::solve(&self.0.text(), self.0.variables(), wanted.min(RUN), settings);
        super::step(answer.map_err(|e| Error::of_solver(Backend::Gecode, e)))
    }

    fn exclude(&mut self, projection: &[usize], values: &[i64]) {
        self.0.exclude(projection, values);
    }
}

cp_conformance!(crate::Backend::Gecode, stops);
