//! A MILP in matrix form ([`masu_milp::Model`]): what MPS export writes and what HiGHS, CBC,
//! SCIP, CPLEX, Xpress, Gurobi and microlp solve. Counting is by no-good rows over the
//! (binary) projection columns, one new solve per solution, or per pool of solutions on a
//! solver that enumerates itself (CPLEX, Gurobi).

use std::collections::{HashMap, HashSet};
use std::time::Instant;

use good_lp::{IntoAffineExpression, Variable};
use masu_milp::{Column, Model, Outcome, Row, Several};

use super::{Milp, MilpOutcome, solution_map};
use crate::nogood::{self, Step};
use crate::{Backend, Error, SolveOptions};

/// Column names as good_lp holds them where they are usable in MPS (no spaces, unique),
/// else `x<index>`; rows are `r<index>`.
pub(super) fn to_model(milp: &Milp) -> (Model, HashMap<Variable, usize>) {
    let mut model = Model::default();
    let mut index = HashMap::with_capacity(milp.variables.len());
    let mut names = std::collections::HashSet::new();
    for (i, (var, def)) in milp.variables.iter_variables_with_def().enumerate() {
        let given = def.get_name();
        let usable = !given.is_empty() && !given.contains(char::is_whitespace) && names.insert(given.to_string());
        let name = if usable { given.to_string() } else { format!("x{i}") };
        model.add_column(Column {
            name,
            lower: def.get_min(),
            upper: def.get_max(),
            integer: def.is_integer(),
            objective: 0.0,
        });
        index.insert(var, i);
    }
    for (var, coefficient) in milp.objective.clone().linear_coefficients() {
        model.columns[index[&var]].objective += coefficient;
    }
    for (r, constraint) in milp.constraints.iter().enumerate() {
        // good_lp stores `Σ c·x + k ≤ 0` (or `= 0`).
        let expression = constraint.expression();
        let side = -expression.constant();
        let mut terms: Vec<(usize, f64)> =
            expression.linear_coefficients().map(|(v, c)| (index[&v], c)).filter(|&(_, c)| c != 0.0).collect();
        terms.sort_unstable_by_key(|&(c, _)| c);
        let lower = if constraint.is_equality() { side } else { f64::NEG_INFINITY };
        model.rows.push(Row { name: format!("r{r}"), lower, upper: side, terms });
    }
    (model, index)
}

/// Σ_{x=1} (1 − x) + Σ_{x=0} x ≥ 1 over the projection columns: some differs from `values`.
fn no_good(projection: &[usize], values: &[f64], name: String) -> Row {
    let ones = projection.iter().filter(|&&c| values[c] > 0.5).count();
    let terms = projection.iter().map(|&c| (c, if values[c] > 0.5 { -1.0 } else { 1.0 })).collect();
    Row { name, lower: 1.0 - ones as f64, upper: f64::INFINITY, terms }
}

/// One solve on a matrix backend ([`Backend::matrix_solver`](crate::Backend::matrix_solver)).
pub(crate) use crate::backend::MatrixSolver as Solver;

/// Up to `options.solution_limit` solutions differing on `projection` (binary variables), by
/// no-good rows (`crate::nogood`): a row over the projection for each new point. A solver
/// that enumerates itself (`pool`) is asked for all the points still wanted at once; points
/// equal on the projection count once, and where it says it found every point, that proves
/// the count too. A licence that refuses the model grown by no-good rows ends the count with
/// what was found ([`MilpOutcome::licence_limit`]).
pub(super) fn enumerate(
    milp: &Milp,
    backend: Backend,
    solve: Solver,
    options: &SolveOptions,
    projection: &[Variable],
) -> Result<MilpOutcome, Error> {
    super::binary_projection(milp, projection, backend)?;
    let (model, index) = to_model(milp);
    let projection: Vec<usize> = projection.iter().map(|v| index[v]).collect();
    let threads = match backend.threads() {
        crate::backend::Threads::Asked => options.threads,
        crate::backend::Threads::One => Some(1),
    };
    // HiGHS's own `threads` option, where given, is what it runs on (it comes last).
    let threads = match backend {
        Backend::Highs => {
            options.get(&crate::backend::HIGHS_THREADS).map(|t| u32::try_from(t).unwrap_or(u32::MAX)).or(threads)
        }
        _ => threads,
    };
    let pool = backend.pool_solver().filter(|_| options.solution_limit > 1);
    let mut rows = Rows { model, projection, backend, solve, pool, options, found: 0, outcome: MilpOutcome::default() };
    let counted = nogood::count(&mut rows, options.solution_limit, &options.clock())?;
    let solutions = counted.points.iter().map(|values| solution_map(&milp.variables, values.iter().copied())).collect();
    Ok(MilpOutcome { solutions, complete: counted.complete, threads, ..rows.outcome })
}

/// A matrix backend's solves, the model growing a no-good row a point.
struct Rows<'a> {
    model: Model,
    projection: Vec<usize>,
    backend: Backend,
    solve: Solver,
    pool: Option<crate::backend::PoolSolver>,
    options: &'a SolveOptions,
    /// Points excluded so far.
    found: usize,
    /// The times, the solves, and whether a licence stopped the count.
    outcome: MilpOutcome,
}

impl nogood::Excluding for Rows<'_> {
    type Point = Vec<f64>;
    type Error = Error;

    fn solve(&mut self, left: Option<std::time::Duration>, wanted: usize) -> Result<Step<Vec<f64>>, Error> {
        let settings = self.options.settings(left);
        let call = Instant::now();
        let found = match self.pool {
            Some(pool) => pool(&self.model, wanted, &settings),
            None => (self.solve)(&self.model, &settings).map(|one| match one {
                Outcome::Solved { values, .. } => Several::Solved { points: vec![values], all: false },
                Outcome::Infeasible => Several::Infeasible,
                Outcome::Unknown => Several::Unknown,
            }),
        };
        self.outcome.backend_time += call.elapsed();
        self.outcome.solve_time += call.elapsed();
        self.outcome.solves += 1;
        let found = match found {
            Err(masu_milp::Error::Licence(_)) if self.found > 0 => {
                self.outcome.licence_limit = true;
                return Ok(Step::Stopped);
            }
            other => other.map_err(|e| Error::of_solver(self.backend, e))?,
        };
        Ok(match found {
            Several::Solved { points, all } => {
                // A pool's points equal on the projection count once.
                let mut seen = HashSet::new();
                let key = |values: &[f64]| -> Vec<bool> { self.projection.iter().map(|&c| values[c] > 0.5).collect() };
                let points = points.into_iter().filter(|values| seen.insert(key(values))).collect();
                Step::Found { points, all }
            }
            Several::Infeasible => Step::Infeasible,
            Several::Unknown => Step::Stopped,
        })
    }

    fn exclude(&mut self, values: &Vec<f64>) {
        let name = format!("nogood{}", self.found);
        self.model.rows.push(no_good(&self.projection, values, name));
        self.found += 1;
    }
}
