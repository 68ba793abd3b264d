//! CP-SAT as a CP backend: the model's proto handed to OR-Tools' library, a no-good a point
//! as a constraint ([`CpModel::exclude`]), after one short run of CP-SAT's own enumeration
//! where the formulation asks for it ([`CpRun::short_run_first`]).

use std::borrow::Cow;
use std::time::Duration;

use masu_cp::{CpModel, CpSolver, Enumeration, IntVar, Status};

use super::{CpBackend, CpRun, Figures, Search};
use crate::nogood::{Excluding, Step};
use crate::{Error, SolveOptions};

/// Google OR-Tools CP-SAT.
pub(crate) struct CpSat;

impl CpBackend for CpSat {
    fn open<'a>(
        &self,
        model: &'a CpModel,
        projection: &'a [IntVar],
        options: &'a SolveOptions,
        run: CpRun,
    ) -> Result<Box<dyn Search + 'a>, Error> {
        let solver = options.cp_sat_solver();
        solver.export(model)?;
        Ok(Box::new(CpSatSolves::new(solver, model, projection, run)))
    }

    fn enumerate(
        &self,
        model: &CpModel,
        projection: &[IntVar],
        options: &SolveOptions,
        run: CpRun,
    ) -> Result<Enumeration, Error> {
        on_cp_sat(&options.cp_sat_solver(), model, projection, options.solution_limit, &options.clock(), run)
    }
}

/// Enumeration on CP-SAT: first, when counting and asked for, one short run of CP-SAT's own
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
    let mut solves = CpSatSolves::new(solver.clone(), model, projection, run);
    let mut found = super::counted(&mut solves, limit, clock)?;
    if let Some(once) = first {
        found.solves += 1;
        found.wall_time += once.wall_time;
    }
    Ok(found)
}

/// CP-SAT's solves of a model growing a no-good a point.
struct CpSatSolves<'a> {
    solver: CpSolver,
    model: Cow<'a, CpModel>,
    projection: &'a [IntVar],
    /// The model's own variables (the no-goods add more).
    variables: usize,
    hint: bool,
    figures: Figures,
}

impl<'a> CpSatSolves<'a> {
    fn new(solver: CpSolver, model: &'a CpModel, projection: &'a [IntVar], run: CpRun) -> CpSatSolves<'a> {
        let workers = solver.parameters.effective_workers();
        CpSatSolves {
            solver,
            // Copied at the first no-good: the copy of a 1002×1002 numberlink board's 29
            // million constraints took longer than building them.
            model: Cow::Borrowed(model),
            projection,
            variables: model.num_variables(),
            hint: run.hint_last_solution,
            figures: Figures { workers, ..Figures::default() },
        }
    }
}

impl Search for CpSatSolves<'_> {
    fn figures(&self) -> Figures {
        self.figures
    }
}

impl Excluding for CpSatSolves<'_> {
    type Point = Vec<i64>;
    type Error = Error;

    fn solve(&mut self, left: Option<Duration>, _wanted: usize) -> Result<Step<Vec<i64>>, Error> {
        let response = self.solver.solve_within(&self.model, left)?;
        self.figures.add(response.wall_time);
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

cp_conformance!(crate::Backend::CpSat);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Backend;
    use crate::cp::enumerate;

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
        let late = options(10, 1).within(Some(std::time::Duration::ZERO));
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
