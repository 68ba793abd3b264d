//! A MILP on HiGHS, through good_lp as it is.

use std::time::Instant;

use good_lp::solvers::highs::highs;
use good_lp::{ResolutionError, Solution, SolverModel};

use super::*;

/// Σ_{x=1} (1 − x) + Σ_{x=0} x ≥ 1: some projection variable differs from `solution`.
fn no_good(projection: &[Variable], solution: &MilpSolution) -> Constraint {
    let mut differs = Expression::from(0.0);
    for &x in projection {
        if solution[&x] > 0.5 {
            differs += 1.0 - x;
        } else {
            differs += x;
        }
    }
    differs.geq(1.0)
}

pub(super) fn enumerate(milp: &Milp, options: &SolveOptions, projection: &[Variable]) -> Result<MilpOutcome, Error> {
    let binary = |x: &Variable| {
        milp.variables
            .iter_variables_with_def()
            .any(|(v, d)| v == *x && d.is_integer() && d.get_min() >= 0.0 && d.get_max() <= 1.0)
    };
    if let Some(x) = projection.iter().find(|x| !binary(x)) {
        return Err(Error::Highs(format!("no-good cuts need binary projection variables, not {x:?}")));
    }
    let started = Instant::now();
    let threads = options.parameter("threads").or(options.threads);
    let mut outcome = MilpOutcome { threads, ..MilpOutcome::default() };
    let mut cuts: Vec<Constraint> = Vec::new();
    while outcome.solutions.len() < options.solution_limit {
        if options.interrupt.is_interrupted() {
            break;
        }
        let remaining = || options.time_limit.map(|limit| limit.saturating_sub(started.elapsed()));
        if remaining().is_some_and(|r| r.is_zero()) {
            break;
        }
        let call = Instant::now();
        let run = |presolve: bool| {
            let mut problem = milp.variables.clone().minimise(milp.objective.clone()).using(highs);
            problem = if options.log {
                // HiGHS's console is stdout, where answers go: its log goes to a file, stderr.
                let problem = problem.set_option("output_flag", true).set_option("log_to_console", false);
                problem.set_option("log_file", "/dev/stderr")
            } else {
                problem.set_option("output_flag", false)
            };
            if !presolve {
                problem = problem.set_option("presolve", "off");
            }
            if let Some(r) = remaining() {
                problem = problem.set_time_limit(r.as_secs_f64());
            }
            if let Some(t) = options.threads {
                problem = problem.set_threads(t);
            }
            for (name, value) in &options.parameters {
                problem = problem.set_option(name.as_str(), value.as_str());
            }
            let problem = problem.with_all(milp.constraints.iter().cloned()).with_all(cuts.iter().cloned());
            let run = Instant::now();
            let result = problem.solve().map(|s| {
                let values = milp.variables.iter_variables_with_def().map(|(v, _)| s.value(v)).collect::<Vec<_>>();
                solution_map(&milp.variables, values)
            });
            (result, run.elapsed())
        };
        // HiGHS's MIP presolve is trusted only for the first solve, and only with an
        // answer: it can declare a feasible model infeasible (ERGO-Code/HiGHS#3090,
        // #2388). The differential tests met it twice on nonograms' `patterns` models with
        // no-good cuts, once calling a puzzle with 8 solutions unique (the cases
        // `presolve` of tests/conformance.rs). So once cuts are in, presolve is off, and
        // an infeasibility claimed with presolve is decided again without it. It can
        // also reduce an infeasible model to an empty one and claim optimality; HiGHS
        // then finds the point violated and reports a solve error (#1710, #2402; met on
        // an Arukone board whose fill model is infeasible): that too is decided again.
        let presolve = cuts.is_empty();
        let (mut result, elapsed) = run(presolve);
        outcome.backend_time += elapsed;
        outcome.solves += 1;
        if presolve
            && matches!(result, Err(ResolutionError::Other(_) | ResolutionError::Str(_) | ResolutionError::Infeasible))
            && !matches!(result, Err(ResolutionError::Other("NoSolutionFound")))
        {
            let (again, elapsed) = run(false);
            outcome.backend_time += elapsed;
            outcome.solves += 1;
            result = again;
        }
        outcome.solve_time += call.elapsed();
        match result {
            Ok(solution) => {
                cuts.push(no_good(projection, &solution));
                outcome.solutions.push(solution);
            }
            Err(ResolutionError::Infeasible) => {
                outcome.complete = true;
                break;
            }
            // Time limit or interrupt before a feasible point.
            Err(ResolutionError::Other("NoSolutionFound")) => break,
            Err(e) => return Err(Error::Highs(e.to_string())),
        }
    }
    Ok(outcome)
}

/// Sets each parameter, as text (HiGHS parses it by the option's type), on a fresh HiGHS
/// instance: an unknown name or a refused value is [`Error::Parameter`].
pub(super) fn check_parameters(parameters: &[(String, String)]) -> Result<(), Error> {
    let mut model = ::highs::RowProblem::default().optimise(::highs::Sense::Minimise);
    model.set_option("output_flag", false);
    for (name, value) in parameters {
        if model.try_set_option(name.as_str(), value.as_str()).is_err() {
            return Err(Error::Parameter {
                backend: Backend::Highs,
                name: name.clone(),
                reason: format!("HiGHS has no such option, or refuses the value '{value}'"),
            });
        }
    }
    Ok(())
}
