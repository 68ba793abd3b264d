//! Enumerating solutions with CP-SAT's own enumeration (its pool of solutions, in runs of
//! growing deterministic time). Counting by no-goods over a projection, on every backend, is
//! masu-core's (`nogood`), with [`CpModel::exclude`] and [`CpSolver::solve_within`].

use std::time::{Duration, Instant};

use crate::Error;
use crate::model::CpModel;
use crate::solver::{CpSolver, Status};

/// All solutions found by an enumeration.
#[derive(Clone, Debug)]
pub struct Enumeration {
    /// Full assignments, pairwise different on the projection.
    pub solutions: Vec<Vec<i64>>,
    /// Whether the enumeration proved there are no other solutions (false when it stopped at
    /// the limit, the time limit, or a stop request).
    pub complete: bool,
    /// Sum of CP-SAT's wall times over the solves.
    pub wall_time: Duration,
    /// Number of solves run.
    pub solves: usize,
    /// The workers of the solve that settled the result: 1 for CP-SAT's own enumeration,
    /// else the parameters' (`None`, CP-SAT's default).
    pub workers: Option<u32>,
    /// The check of a proof that no other solution is left, where the backend logged one
    /// (Pumpkin with a proof path).
    pub certificate: Option<Checked>,
}

/// The outcome of a proof's check.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checked {
    /// The checker (name and version).
    pub checker: &'static str,
    /// Whether the checker accepted the proof.
    pub accepted: bool,
    /// The checker's word: why the proof was rejected, or why it was not checked.
    pub detail: Option<String>,
    /// Whether the checker read the proof (false: it was not checked, and `detail` says why).
    pub read: bool,
    /// The proof's size.
    pub proof_bytes: u64,
    /// What the check took.
    pub check_time: Duration,
}

impl CpSolver {
    /// Up to `limit` solutions of one enumeration, as CP-SAT's own `enumerate_all_solutions`
    /// finds them (successive solutions of one search, often neighbours), instead of a new
    /// search per solution as in counting by no-goods (masu-core's `cp::enumerate`). On one
    /// worker: with more, CP-SAT's
    /// enumeration misses solutions.
    ///
    /// The C API has no solution callback to stop the search at `limit`, so the solutions
    /// come from CP-SAT's solution pool, sized `limit + 1`: runs of growing deterministic
    /// time (from `FIRST_POOL_RUN`; 4 times longer while none meets a solution, then long
    /// enough for the pool at the rate of the run before, 2 to 16 times longer) until one
    /// fills the pool or ends the enumeration, or the time limit passes. The result is the
    /// same on every run of the program (unless `deadline` cuts it: the caller's, `None` for
    /// none). `complete`: the enumeration ended with at most `limit` solutions. Which
    /// solutions a full pool keeps of those its run met is CP-SAT's choice.
    pub fn enumerate_all(
        &self,
        model: &CpModel,
        limit: usize,
        deadline: Option<Instant>,
    ) -> Result<Enumeration, Error> {
        self.export(model)?;
        let mut result = Enumeration {
            solutions: Vec::new(),
            complete: false,
            wall_time: Duration::ZERO,
            solves: 0,
            workers: Some(1),
            certificate: None,
        };
        if limit == 0 {
            return Ok(result);
        }
        let mut run = FIRST_POOL_RUN;
        while let Some(this) = self.enumeration_run(model, limit, run, deadline)? {
            result.solves += 1;
            result.wall_time += this.wall_time;
            // Each run keeps some of the model's solutions: the run that kept the most wins
            // (a complete run has them all, a full pool is the most any run keeps).
            if this.solutions.len() >= result.solutions.len() {
                result.solutions = this.solutions;
                result.complete = this.complete;
            }
            if result.complete || result.solutions.len() > limit || self.stop.is_stopped() {
                break;
            }
            // The next run: 4 times this one while no solution is met (the search for the
            // first can be long, and every run repeats it); else long enough to fill the pool
            // at this run's rate, with a margin, but 2 to 16 times this one.
            run *= match result.solutions.len() {
                0 => 4.0,
                met => (1.25 * (limit + 1) as f64 / met as f64).clamp(2.0, 16.0),
            };
        }
        result.solutions.truncate(limit);
        Ok(result)
    }

    /// One short run of CP-SAT's own enumeration (`FIRST_POOL_RUN`, one worker), ending by
    /// the caller's `deadline`: a count that settles an easy model in one search, as a
    /// solution callback would (every variable must follow from those the count projects on).
    /// `None` when the deadline has passed.
    pub fn short_run(
        &self,
        model: &CpModel,
        limit: usize,
        deadline: Option<Instant>,
    ) -> Result<Option<Enumeration>, Error> {
        self.enumeration_run(model, limit, FIRST_POOL_RUN, deadline)
    }

    /// One run of [`CpSolver::enumerate_all`] of `run` deterministic time, or `None` past
    /// `deadline`: its pool (sized `limit + 1`, so more than `limit` solutions means there
    /// are more), and `complete` when the enumeration ended.
    fn enumeration_run(
        &self,
        model: &CpModel,
        limit: usize,
        run: f64,
        deadline: Option<Instant>,
    ) -> Result<Option<Enumeration>, Error> {
        let Some(remaining) = time_left(deadline) else { return Ok(None) };
        let mut parameters = self.parameters.to_proto(remaining);
        parameters.num_workers = Some(1);
        parameters.max_deterministic_time = Some(run);
        parameters.enumerate_all_solutions = Some(true);
        parameters.fill_additional_solutions_in_response = Some(true);
        parameters.solution_pool_size = Some(limit.saturating_add(1).min(i32::MAX as usize) as i32);
        let (response, pool) = self.solve_with(&model.proto, &parameters)?;
        let ended = matches!(response.status, Status::Optimal | Status::Infeasible);
        Ok(Some(Enumeration {
            complete: ended && pool.len() <= limit,
            solutions: pool,
            wall_time: response.wall_time,
            solves: 1,
            workers: Some(1),
            certificate: None,
        }))
    }
}

/// The time left before `deadline`: `Some(None)` without one, `None` once it has passed.
fn time_left(deadline: Option<Instant>) -> Option<Option<Duration>> {
    match deadline {
        None => Some(None),
        Some(d) => d.checked_duration_since(Instant::now()).filter(|r| !r.is_zero()).map(Some),
    }
}

/// The deterministic time (CP-SAT's units, about seconds) of the first run of
/// [`CpSolver::enumerate_all`]: short, since a run goes on to its end after it has filled
/// the pool (on the article's numberlink generator, checking 100 candidates of 12×12 took
/// 20 s from 0.05, 58 s from 0.25).
pub const FIRST_POOL_RUN: f64 = 0.05;
