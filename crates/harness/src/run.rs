//! Runners on instances: every answer re-checked by the kind's own checker, whatever the
//! runner says, and one typed [`Row`] per instance and runner.

use std::time::{Duration, Instant};

use masu_core::{Backend, Error, Puzzle, Report, SolveOptions, Status};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::check::{Expected, Finding, cross_check};
use crate::pool::run_jobs;
use crate::stats::median;

/// One puzzle to run, with the name it is reported under, the group it is counted in (a
/// corpus set; empty for none) and what its source says of it.
#[derive(Debug)]
pub struct Instance<P: Puzzle> {
    /// Where it comes from, e.g. `norvig/top95.txt:3`.
    pub name: String,
    /// The set or collection it belongs to, for per-group summaries.
    pub group: String,
    /// The puzzle.
    pub puzzle: P,
    /// What the source knows of its solutions.
    pub expected: Expected<P::Solution>,
}

impl<P: Puzzle> Instance<P> {
    /// An instance with nothing expected of it.
    pub fn new(name: impl Into<String>, puzzle: P) -> Instance<P> {
        Instance { name: name.into(), group: String::new(), puzzle, expected: Expected::default() }
    }
}

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

/// How a run ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Verdict {
    /// The backend answered; its answers passed the checker.
    Status(Status),
    /// An answer failed the checker: a bug, reported loudly.
    WrongAnswer,
    /// The model was refused as too large for its size limit or the memory left.
    TooLarge,
    /// Any other error.
    Error,
}

impl Verdict {
    /// The name in tables, CSV and JSON: a status's, or `WRONG-ANSWER`, `too-large`, `error`.
    pub fn name(self) -> &'static str {
        match self {
            Verdict::Status(status) => status.name(),
            Verdict::WrongAnswer => "WRONG-ANSWER",
            Verdict::TooLarge => "too-large",
            Verdict::Error => "error",
        }
    }
    /// Whether the runner reached a conclusion: unique, multiple, solved or infeasible.
    pub fn finished(self) -> bool {
        matches!(self, Verdict::Status(Status::Unique | Status::Multiple | Status::Solved | Status::Infeasible))
    }
    /// Whether the runner proved the count (unique, multiple, infeasible).
    pub fn settled(self) -> bool {
        matches!(self, Verdict::Status(Status::Unique | Status::Multiple | Status::Infeasible))
    }
}

impl std::fmt::Display for Verdict {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl Serialize for Verdict {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name())
    }
}

impl<'de> Deserialize<'de> for Verdict {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Verdict, D::Error> {
        let name = String::deserialize(deserializer)?;
        Ok(match name.as_str() {
            "WRONG-ANSWER" => Verdict::WrongAnswer,
            "too-large" => Verdict::TooLarge,
            "error" => Verdict::Error,
            status => Verdict::Status(Status::deserialize(serde::de::value::StrDeserializer::new(status))?),
        })
    }
}

/// One instance on one runner.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Row {
    /// The instance's name.
    pub instance: String,
    /// The instance's group (set or collection).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub group: String,
    /// The formulation.
    pub formulation: String,
    /// The backend.
    pub backend: Backend,
    /// How it ended.
    #[serde(rename = "status")]
    pub verdict: Verdict,
    /// Solutions found (each checked). Read from a number, or from the list of solutions that
    /// `solve --format json` writes in its place.
    #[serde(deserialize_with = "count_or_list")]
    pub solutions: usize,
    /// Whether the count is complete (the search was exhausted).
    pub complete: bool,
    /// Model variables.
    pub variables: usize,
    /// Model constraints.
    pub constraints: usize,
    /// Building the model, seconds (median over repeats).
    pub build_s: f64,
    /// The backend calls as masu measures them, seconds (median over repeats).
    pub solve_s: f64,
    /// Wall time of the whole solve as the caller sees it, seconds (median over repeats).
    pub wall_s: f64,
    /// The backend's own time, seconds, where it reports one.
    pub backend_s: Option<f64>,
    /// How far the wall time went past the time limit, seconds (`None`: no limit, or within
    /// it). Model loading and some builds are not interruptible: docs/limits.md.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub overran_by_s: Option<f64>,
    /// Threads the backend was allowed (`None`: its default).
    pub threads: Option<u32>,
    /// Whether every solution passed the checker (`None` when there was none to check).
    pub checked: Option<bool>,
    /// The error or the checker's complaint.
    pub message: Option<String>,
    /// The first solution, for cross-checking.
    #[serde(skip)]
    pub first_solution: Option<serde_json::Value>,
    /// Whether the unique answer is the source's solution (`None`: nothing to compare).
    #[serde(skip)]
    pub matches_source: Option<bool>,
}

/// A number, or a list counted.
fn count_or_list<'de, D: Deserializer<'de>>(deserializer: D) -> Result<usize, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum CountOrList {
        Count(usize),
        List(Vec<serde::de::IgnoredAny>),
    }
    Ok(match CountOrList::deserialize(deserializer)? {
        CountOrList::Count(n) => n,
        CountOrList::List(list) => list.len(),
    })
}

impl Row {
    /// A row of `instance` on `formulation/backend` that has not run yet (verdict: error).
    pub fn new(instance: &str, group: &str, formulation: &str, backend: Backend) -> Row {
        Row {
            instance: instance.into(),
            group: group.into(),
            formulation: formulation.into(),
            backend,
            verdict: Verdict::Error,
            solutions: 0,
            complete: false,
            variables: 0,
            constraints: 0,
            build_s: 0.0,
            solve_s: 0.0,
            wall_s: 0.0,
            backend_s: None,
            overran_by_s: None,
            threads: None,
            checked: None,
            message: None,
            first_solution: None,
            matches_source: None,
        }
    }
    /// Whether the runner reached a conclusion (not a timeout, refusal or error).
    pub fn finished(&self) -> bool {
        self.verdict.finished()
    }
    /// The row's runner, `formulation/backend`.
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
                self.solutions = report.solutions.len();
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
                if let Some(reason) = failed {
                    self.verdict = Verdict::WrongAnswer;
                    self.message = Some(reason);
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
                self.verdict = if matches!(e, Error::TooLarge(_)) { Verdict::TooLarge } else { Verdict::Error };
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

/// Runs `instance` on `runner` `repeat` times (at least once) and keeps the median times;
/// a wrong answer or an error ends the repeats.
pub fn run_one<P: Puzzle>(instance: &Instance<P>, runner: &Runner<P>, options: &SolveOptions, repeat: usize) -> Row {
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
/// as they are done (for progress and live failures). Stops starting instances when
/// `options.interrupt` fires, keeping what finished. The rows come back in instance order.
pub fn run_matrix<P: Puzzle>(
    instances: &[Instance<P>],
    runners: &[Runner<P>],
    options: &SolveOptions,
    repeat: usize,
    jobs: usize,
    mut on_instance: impl FnMut(&Instance<P>, &[Row]),
) -> Vec<Row> {
    let mut done: Vec<Option<Vec<Row>>> = vec![None; instances.len()];
    // The solves running at once share the memory available now.
    let shared = SolveOptions {
        memory: options.memory.or_else(|| masu_core::available_memory().map(|m| m / jobs.max(1) as u64)),
        ..options.clone()
    };
    let options = &shared;
    let stop = || options.interrupt.is_interrupted();
    let work = |instance: &Instance<P>| -> Vec<Row> {
        runners.iter().map(|r| run_one(instance, r, options, repeat)).collect()
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

/// Every instance on every runner ([`run_matrix`]), then the cross-check of the runners.
pub fn compare<P: Puzzle>(
    instances: &[Instance<P>],
    runners: &[Runner<P>],
    options: &SolveOptions,
    repeat: usize,
    jobs: usize,
    on_done: &(dyn Fn() + Sync),
) -> Comparison {
    Comparison::of(run_matrix(instances, runners, options, repeat, jobs, |_, _| on_done()))
}
