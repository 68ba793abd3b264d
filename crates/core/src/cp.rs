//! One CP model, built once with [`masu_cpsat::CpModel`], enumerated on CP-SAT or on CP
//! Optimizer (the `cplex` wheel's `cpoptimizer`, reading the same model as `.cpo` text,
//! [`CpModel::to_cpo`]): the formulations of CP models call [`enumerate`] with the backend
//! asked for.
//!
//! On CP-SAT: [`masu_cpsat::CpSolver::enumerate`] (no-goods), or first one short run of
//! CP-SAT's own enumeration ([`masu_cpsat::CpSolver::enumerate_first`]) where the formulation
//! asks for it. On CP Optimizer: no-goods too, one run of the program per solve; `--export`
//! writes the model as `.cpo`.

use masu_cpsat::{CpModel, Enumeration, IntVar};

use crate::{Backend, Error, SolveOptions};

/// How a formulation runs its model on CP-SAT.
#[derive(Clone, Copy, Debug, Default)]
pub struct CpRun {
    /// Counting starts with one short run of CP-SAT's own enumeration (every variable must
    /// follow from the projection).
    pub short_run_first: bool,
    /// Each re-solve starts from the last solution ([`masu_cpsat::Parameters`]).
    pub hint_last_solution: bool,
}

/// Up to `options.solution_limit` solutions of `model` that differ on `projection`, on
/// `backend` (CP-SAT or CP Optimizer).
pub fn enumerate(
    backend: Backend,
    model: &CpModel,
    projection: &[IntVar],
    options: &SolveOptions,
    run: CpRun,
) -> Result<Enumeration, Error> {
    let limit = options.solution_limit;
    if backend == Backend::CpOptimizer {
        #[cfg(feature = "cplex")]
        return on_cp_optimizer(model, projection, options);
        #[cfg(not(feature = "cplex"))]
        return Err(Error::NotCompiled(backend));
    }
    let mut solver = options.cp_sat_solver();
    solver.parameters.hint_last_solution = run.hint_last_solution;
    Ok(if run.short_run_first {
        solver.enumerate_first(model, limit, projection)?
    } else {
        solver.enumerate(model, limit, projection)?
    })
}

/// [`enumerate`] on CP Optimizer: the model written once, and each no-good appended as CP
/// Optimizer's own disjunction `v3 != 5 || v8 != 1 || …` over the projection (no auxiliary
/// variable: the search space, which the Community Edition bounds, stays the model's).
#[cfg(feature = "cplex")]
fn on_cp_optimizer(model: &CpModel, projection: &[IntVar], options: &SolveOptions) -> Result<Enumeration, Error> {
    use std::time::{Duration, Instant};

    use masu_mip::cp_optimizer::{self, Answer};
    let backend = Backend::CpOptimizer;
    let clock = options.clock();
    let mut text = model.to_cpo().map_err(|reason| Error::Backend {
        backend,
        message: format!("the model cannot be written in CP Optimizer's language: {reason}"),
    })?;
    if let Some(export) = &options.export {
        export.write("cpo", text.as_bytes())?;
    }
    let projection: Vec<usize> = if projection.is_empty() {
        (0..model.num_variables()).collect()
    } else {
        projection.iter().map(|x| x.index()).collect()
    };
    let mut found = Enumeration {
        solutions: Vec::new(),
        complete: false,
        wall_time: Duration::ZERO,
        solves: 0,
        workers: options.threads,
    };
    while found.solutions.len() < options.solution_limit && !options.interrupt.is_interrupted() {
        let left = clock.left();
        if left.is_some_and(|left| left.is_zero()) {
            break;
        }
        let settings = masu_mip::Settings {
            time_limit: left,
            log: options.log,
            parameters: &options.parameters,
            stop: Some(options.interrupt.flag()),
            threads: options.threads,
        };
        let started = Instant::now();
        let answer = cp_optimizer::solve(&text, model.num_variables(), &settings);
        found.wall_time += started.elapsed();
        found.solves += 1;
        match answer.map_err(|e| Error::of_solver(backend, e))? {
            Answer::Solved(values) => {
                let differs: Vec<String> = projection.iter().map(|&x| format!("v{x} != {}", values[x])).collect();
                text.push_str(&format!("{};\n", differs.join(" || ")));
                found.solutions.push(values);
            }
            Answer::Infeasible => {
                found.complete = true;
                break;
            }
            Answer::Unknown => break,
        }
    }
    Ok(found)
}

#[cfg(test)]
mod tests {
    use masu_cpsat::LinearExpr;

    use super::*;

    /// x + y + z = 2 over 0..2 with x ≤ y: its solutions, counted on every CP backend
    /// compiled in, by the integers (the no-goods of CP Optimizer compare values, not literals).
    #[test]
    fn counts_agree_on_every_cp_backend() {
        let mut model = CpModel::new();
        let xs: Vec<IntVar> = (0..3).map(|_| model.new_int_var(0, 2)).collect();
        model.add_eq(xs.iter().map(|&x| LinearExpr::from(x)).sum::<LinearExpr>(), 2);
        model.add_le(xs[0], xs[1]);
        // (0,0,2) (0,1,1) (0,2,0) (1,1,0): four.
        // A minute bounds each run (CP Optimizer's program is killed past it).
        let bounded = SolveOptions { time_limit: Some(std::time::Duration::from_secs(60)), ..SolveOptions::default() };
        for backend in [Backend::CpSat, Backend::CpOptimizer].into_iter().filter(|b| b.is_compiled()) {
            let all = SolveOptions { solution_limit: 10, ..bounded.clone() };
            let found = enumerate(backend, &model, &xs, &all, CpRun::default()).unwrap();
            assert_eq!((found.solutions.len(), found.complete), (4, true), "{backend}");
            let two = SolveOptions { solution_limit: 2, ..bounded.clone() };
            let found = enumerate(backend, &model, &xs, &two, CpRun::default()).unwrap();
            assert_eq!((found.solutions.len(), found.complete), (2, false), "{backend}");
            let mut none = model.clone();
            none.add_ge(xs[0], 2);
            let found = enumerate(backend, &none, &xs, &all, CpRun::default()).unwrap();
            assert_eq!((found.solutions.len(), found.complete), (0, true), "{backend}");
        }
    }
}
