//! A MILP on HiGHS: good_lp builds the HiGHS model as it is, masu sets its options and runs
//! it with the interrupt callbacks of `masu_mip::highs`, and counts by no-good cuts.

use std::time::{Duration, Instant};

use ::highs::{HighsModelStatus, HighsSolutionStatus};
use good_lp::SolverModel;
use good_lp::solvers::highs::{HighsProblem, highs};

use super::*;
use crate::nogood::Step;

pub(super) fn enumerate(milp: &Milp, options: &SolveOptions, projection: &[Variable]) -> Result<MilpOutcome, Error> {
    binary_projection(milp, projection, Backend::Highs)?;
    let threads =
        options.get(&crate::backend::HIGHS_THREADS).map(|t| u32::try_from(t).unwrap_or(u32::MAX)).or(options.threads);
    let mut cuts = Cuts { milp, projection, options, cuts: Vec::new(), outcome: MilpOutcome::default() };
    let counted = crate::nogood::count(&mut cuts, options.solution_limit, &options.clock())?;
    Ok(MilpOutcome { solutions: counted.points, complete: counted.complete, threads, ..cuts.outcome })
}

/// HiGHS's solves of good_lp's model, a no-good cut a point.
struct Cuts<'a> {
    milp: &'a Milp,
    projection: &'a [Variable],
    options: &'a SolveOptions,
    cuts: Vec<Constraint>,
    /// The times and the solves.
    outcome: MilpOutcome,
}

impl crate::nogood::Excluding for Cuts<'_> {
    type Point = MilpSolution;
    type Error = Error;

    fn solve(&mut self, left: Option<Duration>, _wanted: usize) -> Result<Step<MilpSolution>, Error> {
        let (milp, options) = (self.milp, self.options);
        let call = Instant::now();
        let run = |presolve: bool| {
            let problem = milp.variables.clone().minimise(milp.objective.clone()).using(highs);
            let problem = problem.with_all(milp.constraints.iter().cloned()).with_all(self.cuts.iter().cloned());
            let run = Instant::now();
            let answer = solve_once(problem, options, left.map(|l| l.saturating_sub(call.elapsed())), presolve);
            (answer, run.elapsed())
        };
        // HiGHS 1.15's MIP presolve could declare a model with no-good cuts infeasible
        // although it had solutions (ERGO-Code/HiGHS#3216: probing fixed all but one
        // variable of an exactly-one row, dropped the row and left the last one free), which
        // the differential tests met on nonograms' `patterns` models (the cases `presolve` of
        // tests/conformance.rs). PR #3220 fixed it in HiGHS 1.16, which masu builds, and
        // presolve is on for every solve. An infeasibility it claims is not decided again:
        // without presolve (or with its probing and enumeration off) that proof takes about
        // 30 ms more per 9×9 sudoku, three times the whole uniqueness proof; the differential
        // tests check it instead. A solve error after presolve reduced an infeasible model
        // to an empty one (#1710, #2402; met on an Arukone board whose fill model is
        // infeasible) is rare and is decided again without presolve.
        let presolve = options.get(&crate::backend::HIGHS_PRESOLVE) != Some("off");
        let (mut answer, elapsed) = run(presolve);
        self.outcome.backend_time += elapsed;
        self.outcome.solves += 1;
        if presolve && matches!(answer, Answer::Failed(_)) {
            let (again, elapsed) = run(false);
            self.outcome.backend_time += elapsed;
            self.outcome.solves += 1;
            answer = again;
        }
        self.outcome.solve_time += call.elapsed();
        match answer {
            Answer::Solved(values) => {
                Ok(Step::Found { points: vec![solution_map(&milp.variables, values)], all: false })
            }
            Answer::Infeasible => Ok(Step::Infeasible),
            // Time limit or interrupt before a feasible point.
            Answer::Stopped => Ok(Step::Stopped),
            Answer::Failed(e) => Err(Error::Highs(e)),
        }
    }

    fn exclude(&mut self, solution: &MilpSolution) {
        self.cuts.push(no_good(self.projection, |x| solution[&x] > 0.5));
    }
}

/// What one HiGHS solve gave.
enum Answer {
    /// A feasible point: the value of every variable, in order.
    Solved(Vec<f64>),
    Infeasible,
    /// Time limit or interrupt before a feasible point.
    Stopped,
    Failed(String),
}

/// One solve of `problem` with masu's settings, then the raw parameters (which win, but for
/// `presolve`, which the caller decides: "on", not HiGHS's default "choose", which measured
/// slower on sudoku), stopped by the interrupt through HiGHS's callbacks.
fn solve_once(problem: HighsProblem, options: &SolveOptions, remaining: Option<Duration>, presolve: bool) -> Answer {
    let mut model = match problem.try_into_inner() {
        Ok(model) => model,
        Err(e) => return Answer::Failed(e.to_string()),
    };
    if options.log {
        // HiGHS's console is stdout, where answers go: its log goes to a file, stderr.
        model.set_option("output_flag", true);
        model.set_option("log_to_console", false);
        model.set_option("log_file", "/dev/stderr");
    } else {
        model.set_option("output_flag", false);
    }
    if let Some(r) = remaining {
        model.set_option("time_limit", r.as_secs_f64());
    }
    if let Some(t) = options.threads {
        model.set_option("threads", i32::try_from(t).unwrap_or(i32::MAX));
    }
    for (name, value) in &options.parameters {
        if model.try_set_option(name.as_str(), value.as_str()).is_err() {
            return Answer::Failed(format!("option {name}={value} refused"));
        }
    }
    model.set_option("presolve", if presolve { "on" } else { "off" });
    let solved = match masu_mip::highs::solve(model, options.interrupt.flag()) {
        Ok(solved) => solved,
        Err(e) => return Answer::Failed(format!("HiGHS error while solving model: {e:?}")),
    };
    match solved.status() {
        HighsModelStatus::Infeasible | HighsModelStatus::UnboundedOrInfeasible => return Answer::Infeasible,
        HighsModelStatus::ReachedTimeLimit
        | HighsModelStatus::ReachedSolutionLimit
        | HighsModelStatus::ReachedInterrupt
        | HighsModelStatus::ReachedIterationLimit
        | HighsModelStatus::ReachedMemoryLimit
        | HighsModelStatus::Optimal
        | HighsModelStatus::ObjectiveBound
        | HighsModelStatus::ObjectiveTarget => {}
        other => return Answer::Failed(format!("{other:?}")),
    }
    if solved.primal_solution_status() == HighsSolutionStatus::Feasible {
        Answer::Solved(solved.get_solution().columns().to_vec())
    } else {
        Answer::Stopped
    }
}
