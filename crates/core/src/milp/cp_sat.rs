//! A MILP on CP-SAT: translated (every variable integer with finite bounds, every
//! coefficient an integer).

use std::time::Instant;

use masu_cp::{CpModel, Domain, IntVar, LinearExpr};

use super::*;

fn not_applicable(reason: String) -> Error {
    Error::NotApplicable { formulation: "milp".into(), backend: Backend::CpSat, reason }
}

fn integer(value: f64, what: &str) -> Result<i64, Error> {
    if value.fract() == 0.0 && value.abs() < 9.0e15 {
        Ok(value as i64)
    } else {
        Err(not_applicable(format!("{what} {value} is not an integer")))
    }
}

/// A MILP on CP-SAT: the model, and the CP-SAT variable of each good_lp variable.
pub(super) type Translated = (CpModel, HashMap<Variable, IntVar>);

/// The model on CP-SAT, and the CP-SAT variable of each good_lp variable; `None` once past
/// `deadline` (the 1002×1002 numberlink board's MILP takes tens of seconds to translate).
pub(super) fn translate(milp: &Milp, deadline: Option<Instant>) -> Result<Option<Translated>, Error> {
    let mut model = CpModel::new();
    let mut vars = HashMap::with_capacity(milp.variables.len());
    for (var, def) in milp.variables.iter_variables_with_def() {
        if !def.is_integer() {
            return Err(not_applicable(format!("variable {var:?} is continuous")));
        }
        let (lo, hi) = (def.get_min().ceil(), def.get_max().floor());
        if !lo.is_finite() || !hi.is_finite() {
            return Err(not_applicable(format!("variable {var:?} is unbounded")));
        }
        let domain = Domain::new(integer(lo, "bound")?, integer(hi, "bound")?);
        vars.insert(var, model.new_int_var_in(&domain, def.get_name()));
    }
    let linear = |e: &Expression| -> Result<LinearExpr, Error> {
        let terms = e.clone().linear_coefficients().map(|(v, c)| Ok((vars[&v], integer(c, "coefficient")?)));
        Ok(LinearExpr::from_terms(terms.collect::<Result<Vec<_>, Error>>()?, 0))
    };
    for (step, c) in milp.constraints.iter().enumerate() {
        if step % 4096 == 0 && deadline.is_some_and(|d| Instant::now() >= d) {
            return Ok(None);
        }
        // good_lp stores `Σ c·x + k ≤ 0` (or `= 0`).
        let sum = linear(c.expression())?;
        let rhs = -c.expression().constant();
        if c.is_equality() {
            model.add_eq(sum, integer(rhs, "right-hand side")?);
        } else {
            model.add_le(sum, rhs.floor() as i64);
        }
    }
    let objective = linear(&milp.objective)?;
    if objective != LinearExpr::default() {
        model.minimize(objective);
    }
    Ok(Some((model, vars)))
}

pub(super) fn enumerate(milp: &Milp, options: &SolveOptions, projection: &[Variable]) -> Result<MilpOutcome, Error> {
    let clock = options.clock();
    let Some((model, vars)) = translate(milp, clock.deadline())? else {
        let (solve_time, backend_time) = (clock.elapsed(), Duration::ZERO);
        let threads = options.cp_sat_solver().parameters.effective_workers();
        return Ok(MilpOutcome {
            solutions: Vec::new(),
            complete: false,
            solves: 0,
            solve_time,
            backend_time,
            threads,
            ..MilpOutcome::default()
        });
    };
    // The translation's time counts against the limit.
    let options = &options.with_clock(&clock);
    // When the projection is every variable and nothing is optimised, one short run of
    // CP-SAT's own enumeration settles an easy model in one search; else no-goods.
    let whole = projection.len() == milp.variables.len()
        && projection.iter().collect::<std::collections::HashSet<_>>().len() == projection.len()
        && milp.objective.clone().linear_coefficients().next().is_none();
    let projection: Vec<IntVar> = projection.iter().map(|v| vars[v]).collect();
    let call = Instant::now();
    let run = crate::cp::CpRun { short_run_first: whole, hint_last_solution: false };
    let found = crate::cp::enumerate(Backend::CpSat, &model, &projection, options, run)?;
    let solve_time = call.elapsed();
    let order: Vec<IntVar> = milp.variables.iter_variables_with_def().map(|(v, _)| vars[&v]).collect();
    Ok(MilpOutcome {
        solutions: found
            .solutions
            .iter()
            .map(|values| solution_map(&milp.variables, order.iter().map(|x| values[x.index()] as f64)))
            .collect(),
        complete: found.complete,
        solves: found.solves,
        solve_time,
        backend_time: found.wall_time,
        threads: found.workers,
        ..MilpOutcome::default()
    })
}
