//! IBM CP Optimizer as a CP backend (features `cplex` and `cp-sat`): the model written once as
//! `.cpo` text ([`CpModel::to_cpo`], `--export` writes it), the `cplex` wheel's
//! `cpoptimizer` program run once a solve (`masu_cp::cp_optimizer`), and each no-good
//! appended as CP Optimizer's own disjunction `v3 != 5 || v8 != 1 || …` over the projection
//! (no auxiliary variable: the search space, which the Community Edition bounds, stays the
//! model's).

use masu_cp::CpModel;
use masu_cp::cp_optimizer;
use masu_milp::Settings;

use super::{RunOnce, Solver};
use crate::nogood::Step;
use crate::{Backend, Error, SolveOptions};

/// IBM CP Optimizer.
pub(crate) const CP_OPTIMIZER: RunOnce = RunOnce(Backend::CpOptimizer, open);

fn open<'a>(model: &'a CpModel, options: &SolveOptions) -> Result<Box<dyn Solver + 'a>, Error> {
    let text = model.to_cpo().map_err(|r| super::not_written(Backend::CpOptimizer, "CP Optimizer's language", r))?;
    super::exported(options, "cpo", &text)?;
    Ok(Box::new(Program { text, variables: model.num_variables() }))
}

/// CP Optimizer's program on the model's text, a disjunction appended a point.
struct Program {
    text: String,
    variables: usize,
}

impl Solver for Program {
    fn run(&mut self, _: &[usize], settings: &Settings, _wanted: usize) -> Result<Step<Vec<i64>>, Error> {
        super::step(
            cp_optimizer::solve(&self.text, self.variables, settings)
                .map_err(|e| Error::of_solver(Backend::CpOptimizer, e)),
        )
    }

    fn exclude(&mut self, projection: &[usize], values: &[i64]) {
        let differs: Vec<String> = projection.iter().map(|&x| format!("v{x} != {}", values[x])).collect();
        self.text.push_str(&format!("{};\n", differs.join(" || ")));
    }
}

cp_conformance!(crate::Backend::CpOptimizer);
