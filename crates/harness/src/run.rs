//! Runners on instances: every answer re-checked by the kind's own checker, whatever the
//! runner says, and one typed [`Row`] per instance and runner.

use std::time::{Duration, Instant};

use masu_core::{Backend, Error, Instance, Puzzle, Report, SolveOptions, Status};
use serde::Serialize;

use crate::expectations::{Finding, cross_check};
use crate::pool::run_jobs;
use crate::row::{Row, Verdict};
use crate::stats::median;

/// How one runner answers a puzzle.
pub type SolveFn<'a, P> =
    Box<dyn Fn(&P, &SolveOptions) -> Result<Report<<P as Puzzle>::Solution>, Error> + Send + Sync + 'a>;

/// A formulation on a backend (or any function that answers like one), as one column of a
/// comparison.
pub struct Runner<'a, P: Puzzle> {
    /// The formulation's name.
    pub formulation: String,
    /// The backend.
    pub backend: Backend,
    /// How it answers; [`Runner::new`] uses [`masu_core::solve`].
    pub solve: SolveFn<'a, P>,
}

impl<P: Puzzle> std::fmt::Debug for Runner<'_, P> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Runner({})", self.label())
    }
}

impl<'a, P: Puzzle> Runner<'a, P> {
    /// The kind's `formulation` on `backend`.
    pub fn new(formulation: P::Formulation, backend: Backend) -> Runner<'a, P> {
        use masu_core::Formulation as _;
        Runner {
            formulation: formulation.name().to_string(),
            backend,
            solve: Box::new(move |puzzle, options| masu_core::solve(puzzle, formulation, backend, options)),
        }
    }

    /// Every formulation × backend of the kind this build can run.
    pub fn every() -> Vec<Runner<'a, P>> {
        masu_core::runnable::<P>().into_iter().map(|(f, b)| Runner::new(f, b)).collect()
    }

    /// The name of the column: `formulation/backend`.
    pub fn label(&self) -> String {
        format!("{}/{}", self.formulation, self.backend)
    }
}

/// The times of one solve, seconds: model build, backend calls, the backend's own.
struct Times {
    build: f64,
    solve: f64,
    backend: Option<f64>,
}

impl Row {
    /// Takes in what one solve of `instance` ended with: the verdict (the answers re-checked
    /// by the kind's checker), counts, model size; the solve's times, or `None` when it
    /// ended in an error or a wrong answer.
    fn absorb<P: Puzzle>(
        &mut self,
        instance: &Instance<P>,
        options: &SolveOptions,
        result: Result<&Report<P::Solution>, &Error>,
    ) -> Option<Times> {
        match result {
            Ok(report) => {
                let failed = report.solutions.iter().find_map(|s| instance.puzzle.check(s).err());
                self.verdict = Verdict::Status(report.status);
                self.answered_by = (report.backend != self.backend).then_some(report.backend);
                self.solutions = usize::try_from(report.count).unwrap_or(usize::MAX);
                self.complete = report.complete;
                self.variables = report.stats.variables;
                self.constraints = report.stats.constraints;
                self.threads = report.stats.threads.or(options.threads);
                self.first_solution = report.solutions.first().map(P::to_json);
                self.matches_source = match (&instance.expected.solution, report.solutions.first()) {
                    (Some(is_source), Some(first)) if report.status == Status::Unique => Some(is_source(first)),
                    _ => None,
                };
                self.checked = (!report.solutions.is_empty()).then_some(failed.is_none());
                self.certified = report.stats.certificate.as_ref().map(|c| c.accepted());
                if let Some(reason) = failed {
                    self.verdict = Verdict::WrongAnswer;
                    self.message = Some(reason.to_string());
                    return None;
                }
                Some(Times {
                    build: report.stats.build_time.as_secs_f64(),
                    solve: report.stats.solve_time.as_secs_f64(),
                    backend: report.stats.backend_time.map(|d| d.as_secs_f64()),
                })
            }
            Err(Error::WrongAnswer { reason, .. }) => {
                self.verdict = Verdict::WrongAnswer;
                self.checked = Some(false);
                self.message = Some(reason.clone());
                None
            }
            Err(e) => {
                self.verdict = if matches!(e, Error::TooLarge(_) | Error::Licence(_)) {
                    Verdict::TooLarge
                } else {
                    Verdict::Error
                };
                self.message = Some(e.to_string());
                None
            }
        }
    }

    /// The row of one solve of `instance` by `formulation/backend` that ended with `result`
    /// after `wall` (what `solve --format json` records).
    pub fn of_solve<P: Puzzle>(
        instance: &Instance<P>,
        formulation: &str,
        backend: Backend,
        options: &SolveOptions,
        result: Result<&Report<P::Solution>, &Error>,
        wall: Duration,
    ) -> Row {
        let mut row = Row::new(&instance.name, &instance.group, formulation, backend);
        row.threads = options.threads;
        if let Some(times) = row.absorb(instance, options, result) {
            (row.build_s, row.solve_s, row.backend_s) = (times.build, times.solve, times.backend);
        }
        row.wall_s = wall.as_secs_f64();
        row.overran_by_s = options.overrun(wall).map(|over| over.as_secs_f64());
        row
    }
}

/// The solutions a run keeps of each report, each re-checked (the first recorded): the count
/// goes on past them, and a large count takes no more memory or checking than a small one
/// (what `solve --solutions` defaults to).
pub const KEPT: usize = 100;

/// Runs `instance` on `runner` `repeat` times (at least once) and keeps the median times;
/// a wrong answer or an error ends the repeats. At most [`KEPT`] solutions of each report
/// are kept and checked.
pub fn run_one<P: Puzzle>(instance: &Instance<P>, runner: &Runner<P>, options: &SolveOptions, repeat: usize) -> Row {
    let bounded;
    let options = if options.keep > KEPT {
        bounded = SolveOptions { keep: KEPT, ..options.clone() };
        &bounded
    } else {
        options
    };
    let mut row = Row::new(&instance.name, &instance.group, &runner.formulation, runner.backend);
    row.threads = options.threads;
    let (mut walls, mut builds, mut solves, mut backends) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    for _ in 0..repeat.max(1) {
        let started = Instant::now();
        let result = (runner.solve)(&instance.puzzle, options);
        walls.push(started.elapsed().as_secs_f64());
        match row.absorb(instance, options, result.as_ref()) {
            Some(times) => {
                builds.push(times.build);
                solves.push(times.solve);
                backends.extend(times.backend);
            }
            None => break,
        }
    }
    row.wall_s = median(&walls).unwrap_or(0.0);
    row.overran_by_s = options.overrun(Duration::from_secs_f64(row.wall_s)).map(|over| over.as_secs_f64());
    row.build_s = median(&builds).unwrap_or(0.0);
    row.solve_s = median(&solves).unwrap_or(0.0);
    row.backend_s = median(&backends);
    row
}

/// Every instance on every runner, `jobs` instances at once (each solve's own threads come
/// from `options.threads`; they share the memory available, each taking `1/jobs` of it
/// unless `options.memory` says otherwise). `on_instance` sees each instance's rows on this thread as soon
/// as they are done (for progress and live failures); each row also goes into `seen` the
/// moment its solve ends, for a caller that must show what finished while other solves
/// still run (a stop that a backend does not heed). Stops starting instances when
/// `options.interrupt()` fires, keeping what finished. The rows come back in instance order.
pub fn run_matrix<P: Puzzle>(
    instances: &[Instance<P>],
    runners: &[Runner<P>],
    options: &SolveOptions,
    repeat: usize,
    jobs: usize,
    seen: Option<&std::sync::Mutex<Vec<Row>>>,
    mut on_instance: impl FnMut(&Instance<P>, &[Row]),
) -> Vec<Row> {
    let mut done: Vec<Option<Vec<Row>>> = vec![None; instances.len()];
    // The solves running at once share the memory available now.
    let shared = SolveOptions {
        memory: options.memory.or_else(|| masu_core::available_memory().map(|m| m / jobs.max(1) as u64)),
        ..options.clone()
    };
    let options = &shared;
    let stop = || options.interrupted();
    let work = |instance: &Instance<P>| -> Vec<Row> {
        runners
            .iter()
            .map(|r| {
                let row = run_one(instance, r, options, repeat);
                if let Some(seen) = seen {
                    seen.lock().unwrap_or_else(std::sync::PoisonError::into_inner).push(row.clone());
                }
                row
            })
            .collect()
    };
    run_jobs(instances, jobs, &stop, work, |i, instance, rows| {
        on_instance(instance, &rows);
        done[i] = Some(rows);
    });
    done.into_iter().flatten().flatten().collect()
}

/// The outcome of a comparison.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Comparison {
    /// One row per instance and runner, in instance order.
    pub rows: Vec<Row>,
    /// Disagreements between runners.
    pub findings: Vec<Finding>,
}

impl Comparison {
    /// The comparison of `rows` (rows of one instance consecutive): the runners
    /// cross-checked.
    pub fn of(rows: Vec<Row>) -> Comparison {
        Comparison { findings: cross_check(&rows), rows }
    }
    /// Rows whose answer failed the checker.
    pub fn wrong_answers(&self) -> impl Iterator<Item = &Row> {
        self.rows.iter().filter(|r| r.checked == Some(false))
    }
}
