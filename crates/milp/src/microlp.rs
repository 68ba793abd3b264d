//! microlp, a simplex and branch-and-bound in pure Rust: the one MILP solver that needs no C
//! or C++. It suits small models only; [`solve`] refuses, with [`Error::TooLarge`], a model
//! whose dense tableau (rows × columns) is past [`MAX_TABLEAU`] before starting, and stops at
//! the time limit (it checks it between simplex iterations and nodes; Ctrl-C stops the count
//! between solves). It takes no raw parameters and writes no log.

use crate::{Error, Model, Outcome, Settings};

/// The largest model microlp is given, in rows × columns: its simplex works on a dense
/// tableau of that size. A 9×9 sudoku's `binary` model is about 340 × 729 (a quarter of a
/// million; 0.2 s to solve and prove unique, median of norvig's), article 003's `patterns`
/// model 2,820 × 380 (1.07 million; 0.5 s); a 16×16 sudoku's, 1,148 × 4,096, is refused.
pub const MAX_TABLEAU: usize = 2_000_000;

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
    let tableau = model.rows.len().saturating_mul(model.columns.len());
    if tableau > MAX_TABLEAU {
        return Err(Error::TooLarge(format!(
            "microlp: the model is {} rows × {} columns; microlp takes at most {MAX_TABLEAU} (use highs, cbc or scip)",
            model.rows.len(),
            model.columns.len()
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

conformance!();

#[cfg(test)]
mod tests {
    use super::solve;
    use crate::conformance::{binaries, bounded};
    use crate::{Error, Outcome, Row};

    #[test]
    fn microlp_refuses_a_model_past_its_tableau() {
        let mut model = binaries(2_000, 0.0);
        for r in 0..1_001 {
            model.rows.push(Row { name: format!("r{r}"), lower: 0.0, upper: 1.0, terms: vec![(r, 1.0)] });
        }
        let Err(Error::TooLarge(why)) = solve(&model, &bounded()) else { panic!("not refused") };
        assert!(why.contains("1001 rows × 2000 columns"), "{why}");
        model.rows.pop();
        assert!(matches!(solve(&model, &bounded()), Ok(Outcome::Solved { .. })));
    }
}
