//! IBM CP Optimizer as a CP backend (features `cplex` and `cp-sat`): the model written once as
//! `.cpo` text ([`CpModel::to_cpo`], `--export` writes it), the `cplex` wheel's
//! `cpoptimizer` program run once a solve (`masu_mip::cp_optimizer`), and each no-good
//! appended as CP Optimizer's own disjunction `v3 != 5 || v8 != 1 || …` over the projection
//! (no auxiliary variable: the search space, which the Community Edition bounds, stays the
//! model's).

use std::time::Duration;

use masu_cpsat::{CpModel, IntVar};
use masu_mip::cp_optimizer;

use super::{CpBackend, CpRun, Figures, Runs, Search};
use crate::nogood::{Excluding, Step};
use crate::{Backend, Error, SolveOptions};

/// IBM CP Optimizer.
pub(crate) struct CpOptimizer;

impl CpBackend for CpOptimizer {
    fn open<'a>(
        &self,
        model: &'a CpModel,
        projection: &'a [IntVar],
        options: &'a SolveOptions,
        _: CpRun,
    ) -> Result<Box<dyn Search + 'a>, Error> {
        let text =
            model.to_cpo().map_err(|r| super::not_written(Backend::CpOptimizer, "CP Optimizer's language", r))?;
        super::exported(options, "cpo", &text)?;
        Ok(Box::new(Program {
            text,
            variables: model.num_variables(),
            projection: super::indices(model, projection),
            runs: Runs::new(options),
        }))
    }
}

/// CP Optimizer's program on the model's text, a disjunction appended a point.
struct Program<'a> {
    text: String,
    variables: usize,
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

    fn solve(&mut self, left: Option<Duration>, _wanted: usize) -> Result<Step<Vec<i64>>, Error> {
        let answer = self.runs.run(left, |settings| cp_optimizer::solve(&self.text, self.variables, settings));
        super::step(Backend::CpOptimizer, answer)
    }

    fn exclude(&mut self, values: &Vec<i64>) {
        let differs: Vec<String> = self.projection.iter().map(|&x| format!("v{x} != {}", values[x])).collect();
        self.text.push_str(&format!("{};\n", differs.join(" || ")));
    }
}

cp_conformance!(crate::Backend::CpOptimizer);
