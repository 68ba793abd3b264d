//! One CP model, built once with [`masu_cpsat::CpModel`], enumerated on CP-SAT or on CP
//! Optimizer (the `cplex` wheel's `cpoptimizer`, reading the same model as `.cpo` text,
//! [`CpModel::to_cpo`]): the formulations of CP models call [`enumerate`] with the backend
//! asked for.
//!
//! Both count by no-goods (`crate::nogood`): on CP-SAT a constraint a point
//! ([`CpModel::exclude`]), after one short run of CP-SAT's own enumeration where the
//! formulation asks for it; on CP Optimizer a disjunction a point, one run of the program per
//! solve (`--export` writes the model as `.cpo`). CP Optimizer's count is here; its `.cpo`
//! writer ([`CpModel::to_cpo`]) is the binding's, beside the model it reads, and its
//! program's runner (`masu_mip::cp_optimizer`) sits with the other solvers run as programs.

use std::borrow::Cow;
use std::time::Duration;

use masu_cpsat::{CpModel, CpSolver, Enumeration, IntVar, Status};

use crate::nogood::{Excluding, Step};
use crate::{Backend, Error, SolveOptions};

/// How a formulation runs its model on CP-SAT.
#[derive(Clone, Copy, Debug, Default)]
pub struct CpRun {
    /// Counting starts with one short run of CP-SAT's own enumeration (every variable must
    /// follow from the projection).
    pub short_run_first: bool,
    /// Each re-solve is hinted with the solution just found (the model's own hint is
    /// replaced). Where solutions differ in a few places, as a nonogram's often do, the next
    /// one is found near the last.
    pub hint_last_solution: bool,
}

/// Up to `options.solution_limit` solutions of `model` that differ on `projection` (every
/// variable when it is empty), on `backend` (CP-SAT or CP Optimizer), by no-goods
/// (`crate::nogood`).
pub fn enumerate(
    backend: Backend,
    model: &CpModel,
    projection: &[IntVar],
    options: &SolveOptions,
    run: CpRun,
) -> Result<Enumeration, Error> {
    if backend == Backend::CpOptimizer {
        #[cfg(feature = "cplex")]
        return on_cp_optimizer(model, projection, options);
        #[cfg(not(feature = "cplex"))]
        return Err(Error::NotCompiled(backend));
    }
    on_cp_sat(&options.cp_sat_solver(), model, projection, options.solution_limit, &options.clock(), run)
}

/// [`enumerate`] on CP-SAT: first, when counting and asked for, one short run of CP-SAT's own
/// enumeration ([`CpSolver::short_run`]), which settles an easy model in one search; else,
/// or when it did not, a solve a point with a no-good constraint a point
/// ([`CpModel::exclude`]). Correct with any number of workers (CP-SAT's own enumeration
/// misses solutions with several), and a solution that differs only outside the projection
/// is never counted twice. Up to `limit` solutions within `clock`, with `solver`'s settings (a
/// formulation may tune them; its time limit bounds the short run).
pub fn on_cp_sat(
    solver: &CpSolver,
    model: &CpModel,
    projection: &[IntVar],
    limit: usize,
    clock: &crate::Clock,
    run: CpRun,
) -> Result<Enumeration, Error> {
    solver.export(model)?;
    let mut first = None;
    if run.short_run_first && limit > 1 {
        first = solver.short_run(model, limit, clock.deadline())?;
        if let Some(mut once) = first.take_if(|once| once.complete || once.solutions.len() > limit) {
            once.solutions.truncate(limit);
            return Ok(once);
        }
    }
    let mut solves = CpSatSolves {
        solver,
        // Copied at the first no-good: the copy of a 1002×1002 numberlink board's 29 million
        // constraints took longer than building them.
        model: Cow::Borrowed(model),
        projection,
        variables: model.num_variables(),
        hint: run.hint_last_solution,
        wall_time: Duration::ZERO,
        solves: 0,
    };
    let counted = crate::nogood::count(&mut solves, limit, clock)?;
    let mut found = Enumeration {
        solutions: counted.points,
        complete: counted.complete,
        wall_time: solves.wall_time,
        solves: solves.solves,
        workers: solver.parameters.effective_workers(),
    };
    if let Some(once) = first {
        found.solves += 1;
        found.wall_time += once.wall_time;
    }
    Ok(found)
}

/// CP-SAT's solves of a model growing a no-good a point.
struct CpSatSolves<'a> {
    solver: &'a CpSolver,
    model: Cow<'a, CpModel>,
    projection: &'a [IntVar],
    /// The model's own variables (the no-goods add more).
    variables: usize,
    hint: bool,
    wall_time: Duration,
    solves: usize,
}

impl Excluding for CpSatSolves<'_> {
    type Point = Vec<i64>;
    type Error = Error;

    fn solve(&mut self, left: Option<Duration>, _wanted: usize) -> Result<Step<Vec<i64>>, Error> {
        let response = self.solver.solve_within(&self.model, left)?;
        self.solves += 1;
        self.wall_time += response.wall_time;
        Ok(match response.status {
            Status::Infeasible => Step::Infeasible,
            Status::Unknown => Step::Stopped,
            Status::Optimal | Status::Feasible => Step::Found { points: vec![response.values], all: false },
        })
    }

    fn exclude(&mut self, values: &Vec<i64>) {
        let model = self.model.to_mut();
        model.exclude(self.projection, values);
        if self.hint {
            model.hint_all(&values[..self.variables]);
        }
    }
}

/// [`enumerate`] on CP Optimizer: the model written once, and each no-good appended as CP
/// Optimizer's own disjunction `v3 != 5 || v8 != 1 || …` over the projection (no auxiliary
/// variable: the search space, which the Community Edition bounds, stays the model's), by
/// `crate::nogood`.
#[cfg(feature = "cplex")]
fn on_cp_optimizer(model: &CpModel, projection: &[IntVar], options: &SolveOptions) -> Result<Enumeration, Error> {
    let text = model.to_cpo().map_err(|reason| Error::Backend {
        backend: Backend::CpOptimizer,
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
    let mut program = cp_optimizer::Program {
        text,
        variables: model.num_variables(),
        projection,
        options,
        wall_time: std::time::Duration::ZERO,
        solves: 0,
    };
    let counted = crate::nogood::count(&mut program, options.solution_limit, &options.clock())?;
    Ok(Enumeration {
        solutions: counted.points,
        complete: counted.complete,
        wall_time: program.wall_time,
        solves: program.solves,
        workers: options.threads,
    })
}

#[cfg(feature = "cplex")]
mod cp_optimizer {
    use std::time::{Duration, Instant};

    use masu_mip::cp_optimizer::{self, Answer};

    use crate::nogood::{Excluding, Step};
    use crate::{Backend, Error, SolveOptions};

    /// CP Optimizer's program on the model's text, a disjunction appended a point.
    pub(super) struct Program<'a> {
        pub text: String,
        pub variables: usize,
        pub projection: Vec<usize>,
        pub options: &'a SolveOptions,
        pub wall_time: Duration,
        pub solves: usize,
    }

    impl Excluding for Program<'_> {
        type Point = Vec<i64>;
        type Error = Error;

        fn solve(&mut self, left: Option<Duration>, _wanted: usize) -> Result<Step<Vec<i64>>, Error> {
            let settings = self.options.settings(left);
            let started = Instant::now();
            let answer = cp_optimizer::solve(&self.text, self.variables, &settings);
            self.wall_time += started.elapsed();
            self.solves += 1;
            Ok(match answer.map_err(|e| Error::of_solver(Backend::CpOptimizer, e))? {
                Answer::Solved(values) => Step::Found { points: vec![values], all: false },
                Answer::Infeasible => Step::Infeasible,
                Answer::Unknown => Step::Stopped,
            })
        }

        fn exclude(&mut self, values: &Vec<i64>) {
            let differs: Vec<String> = self.projection.iter().map(|&x| format!("v{x} != {}", values[x])).collect();
            self.text.push_str(&format!("{};\n", differs.join(" || ")));
        }
    }
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

    /// The orderings of `0..n`: `n!` solutions.
    fn orderings(n: i64) -> (CpModel, Vec<IntVar>) {
        let mut m = CpModel::new();
        let x: Vec<IntVar> = (0..n).map(|_| m.new_int_var(0, n - 1)).collect();
        m.add_all_different(x.iter().copied());
        (m, x)
    }

    fn options(limit: usize, threads: u32) -> SolveOptions {
        SolveOptions { solution_limit: limit, threads: Some(threads), ..SolveOptions::default() }
    }

    /// No-goods count exactly whatever the workers and with the last solution hinted; the
    /// solutions are pairwise distinct; a limit stops the count, not complete.
    #[test]
    fn counting_on_cp_sat_is_exact_with_several_workers() {
        let (m, x) = orderings(5);
        for (workers, hint_last_solution) in [(1, false), (2, false), (8, false), (1, true), (2, true)] {
            let run = CpRun { hint_last_solution, ..CpRun::default() };
            let e = enumerate(Backend::CpSat, &m, &x, &options(1000, workers), run).unwrap();
            assert_eq!((e.solutions.len(), e.complete), (120, true), "{workers} workers, hinted: {hint_last_solution}");
            let mut distinct = e.solutions.clone();
            distinct.sort();
            distinct.dedup();
            assert_eq!(distinct.len(), 120);
        }
        let e = enumerate(Backend::CpSat, &m, &[], &options(5, 1), CpRun::default()).unwrap();
        assert_eq!((e.solutions.len(), e.complete), (5, false));
    }

    #[test]
    fn counting_on_cp_sat_projects_away_free_variables() {
        let mut m = CpModel::new();
        let x = m.new_int_var(0, 2);
        let _free = m.new_int_var(0, 9);
        let e = enumerate(Backend::CpSat, &m, &[x], &options(100, 1), CpRun::default()).unwrap();
        assert_eq!((e.solutions.len(), e.complete), (3, true));
    }

    /// A count with no time left returns at once, without a solve, found nothing and
    /// complete nothing (a slice of numberlink's count after the deadline).
    #[test]
    fn a_count_out_of_time_does_not_solve() {
        let (m, q) = orderings(4);
        let late = SolveOptions { time_limit: Some(std::time::Duration::ZERO), ..options(10, 1) };
        let e = enumerate(Backend::CpSat, &m, &q, &late, CpRun::default()).unwrap();
        assert_eq!((e.solves, e.solutions.len(), e.complete), (0, 0, false));
    }

    /// One short run of CP-SAT's own enumeration settles easy counts; where it does not, the
    /// no-goods go on; a limit of one is one solve. The workers reported are those of the
    /// search that settled the count: the short run's one (3 values: 6 orderings, met at
    /// once), the options' for a plain solve (limit 1).
    #[test]
    fn a_first_short_run_settles_easy_models() {
        let first = CpRun { short_run_first: true, ..CpRun::default() };
        for (n, limit, expected, complete) in
            [(5, 200, 120, true), (5, 10, 10, false), (5, 1, 1, false), (5, 0, 0, false), (3, 10, 6, true)]
        {
            let (m, q) = orderings(n);
            let e = enumerate(Backend::CpSat, &m, &q, &options(limit, 2), first).unwrap();
            assert_eq!((e.solutions.len(), e.complete), (expected, complete), "{n} values, limit {limit}");
            let mut boards: Vec<Vec<i64>> =
                e.solutions.iter().map(|s| q.iter().map(|v| s[v.index()]).collect()).collect();
            boards.sort();
            boards.dedup();
            assert_eq!(boards.len(), e.solutions.len(), "distinct, limit {limit}");
            match (n, limit) {
                (3, _) => assert_eq!(e.workers, Some(1)),
                (_, 1) => assert_eq!(e.workers, Some(2)),
                _ => {}
            }
        }
    }
}
