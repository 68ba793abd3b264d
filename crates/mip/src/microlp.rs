//! microlp, a simplex and branch-and-bound in pure Rust: the one MILP solver that needs no C
//! or C++. It suits small models only; [`solve`] refuses, with [`Error::TooLarge`], a model
//! past [`MAX_NONZEROS`] before starting, and stops at the time limit (it checks it between
//! simplex iterations and nodes). It takes no raw parameters and writes no log.

use crate::{Error, Model, Outcome, Settings};

/// The largest constraint matrix microlp is given: its dense simplex tableau grows with rows
/// times columns. A 9×9 sudoku's `binary` model has 2,916 nonzeros; a 20×20 nonogram's
/// `patterns` model tens of thousands.
pub const MAX_NONZEROS: usize = 200_000;

/// microlp's version (the crate's).
pub fn version() -> String {
    "microlp 0.6".into()
}

/// microlp has no options to set.
pub fn check_parameters(parameters: &[(String, String)]) -> Result<(), Error> {
    match parameters.first() {
        None => Ok(()),
        Some((name, _)) => Err(Error::Parameter {
            solver: "microlp",
            name: name.clone(),
            reason: "microlp takes no parameters".into(),
        }),
    }
}

/// One solve of `model`.
pub fn solve(model: &Model, settings: &Settings) -> Result<Outcome, Error> {
    check_parameters(settings.parameters)?;
    let nonzeros: usize = model.rows.iter().map(|r| r.terms.len()).sum();
    if nonzeros > MAX_NONZEROS {
        return Err(Error::TooLarge(format!(
            "microlp: the model has {nonzeros} nonzeros; microlp takes at most {MAX_NONZEROS} (use highs, cbc or scip)"
        )));
    }
    if settings.stopped() {
        return Ok(Outcome::Unknown);
    }
    let mut problem = microlp::Problem::new(microlp::OptimizationDirection::Minimize);
    let mut vars = Vec::with_capacity(model.columns.len());
    for column in &model.columns {
        let var = if column.integer {
            let bound = |x: f64| x.clamp(f64::from(i32::MIN), f64::from(i32::MAX)) as i32;
            problem.add_integer_var(column.objective, (bound(column.lower.ceil()), bound(column.upper.floor())))
        } else {
            problem.add_var(column.objective, (column.lower, column.upper))
        };
        vars.push(var);
    }
    for row in &model.rows {
        let expression: microlp::LinearExpr = row.terms.iter().map(|&(c, v)| (vars[c], v)).collect();
        if row.lower == row.upper {
            problem.add_constraint(expression, microlp::ComparisonOp::Eq, row.upper);
            continue;
        }
        if row.lower.is_finite() {
            problem.add_constraint(expression.clone(), microlp::ComparisonOp::Ge, row.lower);
        }
        if row.upper.is_finite() {
            problem.add_constraint(expression, microlp::ComparisonOp::Le, row.upper);
        }
    }
    if let Some(limit) = settings.time_limit {
        problem.set_time_limit(limit);
    }
    match problem.solve() {
        Ok(microlp::SolveOutcome::Solution(solution)) => {
            let values = vars.iter().map(|&v| solution.var_value(v)).collect();
            Ok(Outcome::Solved { values, optimal: solution.status() == microlp::SolutionStatus::Optimal })
        }
        Ok(microlp::SolveOutcome::Interrupted(_)) => Ok(Outcome::Unknown),
        Err(microlp::Error::Infeasible) => Ok(Outcome::Infeasible),
        Err(e) => Err(Error::Library(format!("microlp: {e}"))),
    }
}
