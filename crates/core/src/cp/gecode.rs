//! Gecode as a CP backend (feature `gecode`): the model written once as FlatZinc
//! ([`CpModel::to_flatzinc`], `--export` writes it as `.fzn`), Gecode's `fzn-gecode` run once
//! a solve (`masu_mip::gecode`) for as many solutions as the count still wants, and the points
//! it found excluded by a clause each ([`masu_cpsat::FlatZinc::exclude`]).
//!
//! One run hands several points: Gecode enumerates the FlatZinc model, whose auxiliary
//! Booleans may let one assignment of the model's variables print twice, so the points are
//! compared on the projection and each is kept once; "all" is Gecode's own word that its
//! search went through the whole space.

use std::time::Duration;

use masu_cpsat::{CpModel, FlatZinc, IntVar};
use masu_mip::gecode::{self, Answer};

use super::{CpBackend, CpRun, Figures, Runs, Search};
use crate::nogood::{Excluding, Step};
use crate::{Backend, Error, SolveOptions};

/// Gecode, through its FlatZinc program.
pub(crate) struct Gecode;

/// The most solutions one run is asked for: its output is read whole (about 650 bytes a
/// 9×9 sudoku's solution), so a long count goes on in runs of this many, each excluding the
/// points found before.
const RUN: usize = 20_000;

impl CpBackend for Gecode {
    fn open<'a>(
        &self,
        model: &'a CpModel,
        projection: &'a [IntVar],
        options: &'a SolveOptions,
        _: CpRun,
    ) -> Result<Box<dyn Search + 'a>, Error> {
        if let Some(how) = gecode::missing() {
            return Err(Error::NotInstalled { backend: Backend::Gecode, how });
        }
        let flatzinc = model.to_flatzinc().map_err(|r| super::not_written(Backend::Gecode, "FlatZinc", r))?;
        super::exported(options, "fzn", &flatzinc.text())?;
        Ok(Box::new(Program { flatzinc, projection: super::indices(model, projection), runs: Runs::new(options) }))
    }
}

/// Gecode's program on the model's FlatZinc, a clause appended a point.
struct Program<'a> {
    flatzinc: FlatZinc,
    projection: Vec<usize>,
    runs: Runs<'a>,
}

impl Search for Program<'_> {
    fn figures(&self) -> Figures {
        self.runs.figures
    }
}

impl Excluding for Program<'_> {
    type Point = Vec<i64>;
    type Error = Error;

    fn solve(&mut self, left: Option<Duration>, wanted: usize) -> Result<Step<Vec<i64>>, Error> {
        let (text, variables) = (self.flatzinc.text(), self.flatzinc.variables());
        let answer = self.runs.run(left, |settings| gecode::solve(&text, variables, wanted.min(RUN), settings));
        Ok(match answer.map_err(|e| Error::of_solver(Backend::Gecode, e))? {
            Answer::Found { solutions, all } => {
                Step::Found { points: super::distinct_on(&self.projection, solutions), all }
            }
            Answer::Infeasible => Step::Infeasible,
            Answer::Unknown => Step::Stopped,
        })
    }

    fn exclude(&mut self, values: &Vec<i64>) {
        self.flatzinc.exclude(&self.projection, values);
    }
}

cp_conformance!(crate::Backend::Gecode, stops);
