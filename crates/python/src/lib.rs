//! masu from Python: the `masu._masu` extension module under the `masu` package
//! (`python/masu/__init__.py`). Each call goes through the same registry of kinds
//! ([`masu_kinds`]), readers and solve path as the command line, so the answers are the
//! same and every solution is re-checked before it is returned; the solve runs with the
//! GIL released, so two Python threads solve at once.

use std::path::{Path, PathBuf};

use clap::{FromArgMatches, Subcommand};
use masu_core::generate::{Made, Run};
use masu_core::{Backend, Formulation, Generate, Instance, Interrupt, Puzzle, SolveOptions, Source};
use masu_harness::Runner;
use masu_harness::record::{Record, Setting};
use masu_kinds::{Kinds, Registry, Visit, VisitGenerate};
use pyo3::create_exception;
use pyo3::exceptions::PyException;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

create_exception!(_masu, InputError, PyException, "A puzzle, a kind or an option masu cannot read.");
create_exception!(_masu, SolveError, PyException, "A solve that failed: a backend's error, a refused model.");

/// What a call asks of a solve, read from Python's arguments.
struct Ask {
    /// The puzzle as a file path, or the text of one puzzle.
    text: String,
    /// The file name that tells its format (`puzzle.json` for lists and dicts).
    name: Option<String>,
    formulation: Option<String>,
    backend: Option<String>,
    count: u64,
    /// Solutions listed at most (the count goes on past them).
    keep: usize,
    time_limit: Option<std::time::Duration>,
    threads: Option<u32>,
    rule: Option<String>,
    params: Vec<(String, String)>,
    interrupt: Interrupt,
}

/// Why a call failed: its input, or the solve.
enum Failure {
    Input(String),
    Solve(String),
}

impl From<Failure> for PyErr {
    fn from(failure: Failure) -> PyErr {
        match failure {
            Failure::Input(message) => InputError::new_err(message),
            Failure::Solve(message) => SolveError::new_err(message),
        }
    }
}

/// One puzzle solved: the report as JSON (the fields of `solve --format json`).
struct Solved {
    json: serde_json::Value,
}

impl Visit for &Ask {
    type Output = Result<Solved, Failure>;
    fn visit<P: Source + Generate>(self) -> Result<Solved, Failure> {
        let mut puzzle = read::<P>(self)?;
        let (formulation, backend) = masu_core::choose::<P>(
            self.formulation.as_deref(),
            self.backend
                .as_deref()
                .map(str::parse)
                .transpose()
                .map_err(|e: masu_core::UnknownName| Failure::Input(e.to_string()))?,
        )
        .map_err(Failure::Input)?;
        if let Some(rule) = &self.rule {
            puzzle.set_rule(rule.parse::<P::Rule>().map_err(Failure::Input)?);
        }
        let mut options = SolveOptions {
            solution_limit: usize::try_from(self.count).unwrap_or(usize::MAX),
            time_limit: self.time_limit,
            threads: self.threads,
            keep: self.keep,
            interrupt: self.interrupt.clone(),
            ..SolveOptions::default()
        };
        options.read =
            masu_core::check_parameters::<P>(backend, &self.params).map_err(|e| Failure::Input(e.to_string()))?;
        options.parameters = self.params.clone();
        let report = puzzle.solve(formulation, backend, &options).map_err(|e| Failure::Solve(e.to_string()))?;
        let solutions: Vec<serde_json::Value> = report.solutions.iter().map(P::to_json).collect();
        let json = serde_json::json!({
            "kind": P::KIND,
            "status": report.status.to_string(),
            "formulation": report.formulation,
            "backend": report.backend.name(),
            "count": report.count.to_string().parse::<serde_json::Number>().ok(),
            "complete": report.complete,
            "solutions": solutions,
            "stats": serde_json::to_value(&report.stats).unwrap_or_default(),
            "puzzle": puzzle.to_text(),
            "url": puzzle.url(),
        });
        Ok(Solved { json })
    }
}

/// The one puzzle `ask` names: a file (its first puzzle) or the text of one puzzle.
fn read<P: Puzzle>(ask: &Ask) -> Result<P, Failure> {
    let items = match &ask.name {
        Some(name) => P::read(Path::new(name), &ask.text),
        None if Path::new(&ask.text).exists() => {
            masu_harness::input::read_inputs::<P>(&[PathBuf::from(&ask.text)]).into_iter().map(|l| l.item).collect()
        }
        None => P::read(Path::new("-"), &ask.text),
    };
    let first =
        items.into_iter().next().ok_or_else(|| Failure::Input(format!("no {} puzzle in the input", P::KIND)))?;
    first.puzzle.map_err(|e| Failure::Input(e.to_string()))
}

/// The kind named `name`.
fn kind_named(name: &str) -> PyResult<<Kinds as Registry>::Kind> {
    <<Kinds as Registry>::Kind as clap::ValueEnum>::from_str(name, false)
        .map_err(|_| InputError::new_err(format!("unknown kind '{name}' (expected {})", kinds().join(", "))))
}

/// A time limit in seconds, or why it is none (negative, not a number, too large).
fn seconds(limit: Option<f64>) -> PyResult<Option<std::time::Duration>> {
    limit
        .map(|s| {
            std::time::Duration::try_from_secs_f64(s)
                .map_err(|_| InputError::new_err(format!("{s} is not a time limit in seconds")))
        })
        .transpose()
}

/// A JSON value as the Python object `json.loads` gives.
fn to_python(py: Python<'_>, value: &serde_json::Value) -> PyResult<Py<PyAny>> {
    Ok(match value {
        serde_json::Value::Null => py.None(),
        serde_json::Value::Bool(b) => b.into_pyobject(py)?.to_owned().into_any().unbind(),
        serde_json::Value::Number(n) => match (n.as_u64(), n.as_i64()) {
            (Some(u), _) => u.into_pyobject(py)?.into_any().unbind(),
            (None, Some(i)) => i.into_pyobject(py)?.into_any().unbind(),
            _ => n.as_f64().unwrap_or(f64::NAN).into_pyobject(py)?.into_any().unbind(),
        },
        serde_json::Value::String(s) => s.into_pyobject(py)?.into_any().unbind(),
        serde_json::Value::Array(items) => {
            let list = PyList::empty(py);
            for item in items {
                list.append(to_python(py, item)?)?;
            }
            list.into_any().unbind()
        }
        serde_json::Value::Object(map) => {
            let dict = PyDict::new(py);
            for (key, item) in map {
                dict.set_item(key, to_python(py, item)?)?;
            }
            dict.into_any().unbind()
        }
    })
}

/// A Python object as JSON, through Python's own `json.dumps`.
fn from_python(py: Python<'_>, value: &Bound<'_, PyAny>) -> PyResult<String> {
    py.import("json")?.call_method1("dumps", (value,))?.extract()
}

/// Solves one puzzle of `kind`; the report as a dict. `puzzle` is a file path or a puzzle's text, or lists and dicts in the JSON
/// format of the kind.
#[pyfunction]
#[pyo3(signature = (kind, puzzle, formulation=None, backend=None, count=2, solutions=100, time_limit=None, threads=None, rule=None, params=None))]
#[allow(clippy::too_many_arguments)]
fn solve(
    py: Python<'_>,
    kind: &str,
    puzzle: &Bound<'_, PyAny>,
    formulation: Option<String>,
    backend: Option<String>,
    count: u64,
    solutions: usize,
    time_limit: Option<f64>,
    threads: Option<u32>,
    rule: Option<String>,
    params: Option<Vec<(String, String)>>,
) -> PyResult<Py<PyAny>> {
    let (text, name) = match puzzle.extract::<String>() {
        Ok(text) => (text, None),
        Err(_) => (from_python(py, puzzle)?, Some("puzzle.json".to_string())),
    };
    if count == 0 {
        return Err(InputError::new_err("count must be 1 or more"));
    }
    let interrupt = Interrupt::new();
    let params = params.unwrap_or_default();
    let (keep, time_limit) = (solutions, seconds(time_limit)?);
    let ask = Ask { text, name, formulation, backend, count, keep, time_limit, threads, rule, params, interrupt };
    let kind = kind_named(kind)?;
    let interrupt = ask.interrupt.clone();
    let solved = stoppable(py, &interrupt, move || Kinds::visit(kind, &ask))??;
    to_python(py, &solved.json)
}

/// Runs `work` on a worker thread with the GIL released, while this thread answers Python's
/// signals: Ctrl-C (`KeyboardInterrupt`) fires `interrupt`, which stops the solve as it stops
/// the command line's, and is raised once the work has ended. The workers are kept between
/// calls (starting a thread costs more than a small solve).
fn stoppable<T: Send + 'static>(
    py: Python<'_>,
    interrupt: &Interrupt,
    work: impl FnOnce() -> T + Send + 'static,
) -> PyResult<T> {
    let (send, receive) = std::sync::mpsc::channel();
    on_worker(Box::new(move || {
        let _ = send.send(work());
    }));
    // Behind a lock, to be read from inside `detach`, which needs what it borrows shareable.
    let receive = std::sync::Mutex::new(receive);
    let wait = || {
        let receive = receive.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        // A small solve ends within microseconds: look for it a moment before sleeping,
        // which costs a wake-up on its own.
        let spin = std::time::Instant::now();
        while spin.elapsed() < std::time::Duration::from_micros(200) {
            match receive.try_recv() {
                Ok(done) => return Ok(done),
                Err(std::sync::mpsc::TryRecvError::Disconnected) => {
                    return Err(std::sync::mpsc::RecvTimeoutError::Disconnected);
                }
                Err(std::sync::mpsc::TryRecvError::Empty) => std::hint::spin_loop(),
            }
        }
        receive.recv_timeout(std::time::Duration::from_millis(50))
    };
    let mut stopped: Option<PyErr> = None;
    loop {
        match py.detach(wait) {
            Ok(done) => return stopped.map_or(Ok(done), Err),
            Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {
                if stopped.is_none() {
                    if let Err(signal) = py.check_signals() {
                        interrupt.interrupt();
                        stopped = Some(signal);
                    }
                }
            }
            Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => {
                return Err(stopped.unwrap_or_else(|| SolveError::new_err("the solve ended without an answer")));
            }
        }
    }
}

/// A job for a worker.
type Job = Box<dyn FnOnce() + Send>;

/// The workers waiting for a job, each by the sender of its queue.
static IDLE: std::sync::Mutex<Vec<std::sync::mpsc::Sender<Job>>> = std::sync::Mutex::new(Vec::new());

/// Hands `job` to an idle worker, or to a new one; a worker done with its job waits for the
/// next (a job that panics ends its worker, and the caller sees the result channel closed).
fn on_worker(job: Job) {
    let idle = IDLE.lock().unwrap_or_else(std::sync::PoisonError::into_inner).pop();
    let worker = idle.unwrap_or_else(|| {
        let (send, receive) = std::sync::mpsc::channel::<Job>();
        let again = send.clone();
        std::thread::spawn(move || {
            for job in receive {
                job();
                IDLE.lock().unwrap_or_else(std::sync::PoisonError::into_inner).push(again.clone());
            }
        });
        send
    });
    if let Err(std::sync::mpsc::SendError(job)) = worker.send(job) {
        // The worker is gone: run the job on a thread of its own.
        std::thread::spawn(job);
    }
}

/// Makes puzzles of `kind` with a proven-unique solution: `flags` are the kind's own flags
/// of `masu generate KIND` (`{"size": 9, "minimal": True}`); each puzzle a dict, as the
/// command prints it.
#[pyfunction]
#[pyo3(signature = (kind, flags, count=1, seed=1, time_limit=None, threads=None))]
fn generate(
    py: Python<'_>,
    kind: &str,
    flags: Vec<(String, Py<PyAny>)>,
    count: u64,
    seed: u64,
    time_limit: Option<f64>,
    threads: Option<u32>,
) -> PyResult<Py<PyAny>> {
    kind_named(kind)?;
    let mut argv = vec!["generate".to_string(), kind.to_string()];
    for (name, value) in &flags {
        let value = value.bind(py);
        let flag = format!("--{}", name.replace('_', "-"));
        match value.extract::<bool>() {
            Ok(true) => argv.push(flag),
            Ok(false) => {}
            Err(_) => argv.extend([flag, value.str()?.to_string()]),
        }
    }
    let command =
        <Kinds as Registry>::Generate::augment_subcommands(clap::Command::new("generate").no_binary_name(false));
    let matches = command.try_get_matches_from(&argv).map_err(|e| InputError::new_err(e.render().to_string()))?;
    let chosen = <Kinds as Registry>::Generate::from_arg_matches(&matches)
        .map_err(|e| InputError::new_err(e.render().to_string()))?;
    let options = SolveOptions {
        time_limit: seconds(time_limit)?,
        threads,
        interrupt: Interrupt::new(),
        ..SolveOptions::default()
    };
    let run = Run { count, seed, options };
    let interrupt = run.options.interrupt.clone();
    let made = stoppable(py, &interrupt, move || Kinds::generate(&chosen, Generating(&run)))??;
    let list = PyList::empty(py);
    for json in &made {
        list.append(to_python(py, json)?)?;
    }
    Ok(list.into_any().unbind())
}

/// A run of a kind's generator, collecting what it makes.
struct Generating<'a>(&'a Run);

impl VisitGenerate for Generating<'_> {
    type Output = Result<Vec<serde_json::Value>, Failure>;
    fn visit<P: Source + Generate>(self, args: &P::Args) -> Result<Vec<serde_json::Value>, Failure> {
        let mut made = Vec::new();
        let mut missed = Vec::new();
        P::generate(args, self.0, &mut |m| match m {
            Made::Puzzle { json, .. } => made.push(json),
            Made::Missed { index, why } => missed.push(format!("puzzle {index}: {why}")),
        })
        .map_err(Failure::Input)?;
        if made.is_empty() && !missed.is_empty() {
            return Err(Failure::Solve(missed.join("; ")));
        }
        Ok(made)
    }
}

/// What `compare` asks.
struct Comparing {
    inputs: Vec<PathBuf>,
    formulations: Option<Vec<String>>,
    backends: Option<Vec<String>>,
    options: SolveOptions,
    jobs: usize,
}

/// A comparison: the records (as `compare --format jsonl`), the summary lines and the
/// findings (runners disagreeing), with the inputs that could not be read.
type Compared = Result<(Vec<serde_json::Value>, serde_json::Value, serde_json::Value, Vec<String>), Failure>;

impl Visit for &Comparing {
    type Output = Compared;
    fn visit<P: Source + Generate>(self) -> Compared {
        let mut errors = Vec::new();
        let mut instances = Vec::new();
        for located in masu_harness::input::read_inputs::<P>(&self.inputs) {
            match &located.item.puzzle {
                Ok(puzzle) => instances.push(Instance::new(located.id(), puzzle.clone())),
                Err(e) => errors.push(located.error(e).to_string()),
            }
        }
        if instances.is_empty() {
            return Err(Failure::Input(format!("no {} puzzle to compare: {}", P::KIND, errors.join("; "))));
        }
        let formulations: Vec<P::Formulation> = match &self.formulations {
            Some(names) => names
                .iter()
                .map(|n| n.parse().map_err(|e: masu_core::UnknownName| Failure::Input(e.to_string())))
                .collect::<Result<_, _>>()?,
            None => P::Formulation::ALL.to_vec(),
        };
        let backends: Vec<Backend> = match &self.backends {
            Some(names) => names
                .iter()
                .map(|n| n.parse().map_err(|e: masu_core::UnknownName| Failure::Input(e.to_string())))
                .collect::<Result<_, _>>()?,
            None => Backend::ALL.to_vec(),
        };
        let runners: Vec<Runner<P>> = formulations
            .iter()
            .flat_map(|&f| {
                backends
                    .iter()
                    .filter(move |b| f.backends().contains(b) && b.is_compiled())
                    .map(move |&b| Runner::new(f, b))
            })
            .collect();
        if runners.is_empty() {
            return Err(Failure::Input(
                "no formulation runs on the backends asked for (or they are not compiled in)".into(),
            ));
        }
        let comparison = masu_harness::compare(&instances, &runners, &self.options, 1, self.jobs, &|| {});
        let setting = Setting::of(&self.options, None);
        let mut records = Vec::new();
        for (i, row) in comparison.rows.iter().enumerate() {
            let instance = &instances[i / runners.len()];
            records.push(serde_json::to_value(Record::new(instance, row, Vec::new(), &setting)).unwrap_or_default());
        }
        let summary = masu_harness::write::summary_lines(&comparison.rows, masu_harness::stats::DEFAULT_SHIFT);
        let summary = serde_json::to_value(&summary).unwrap_or_default();
        let findings = serde_json::to_value(&comparison.findings).unwrap_or_default();
        Ok((records, summary, findings, errors))
    }
}

/// Runs every formulation on every backend (or those named) on the same puzzles: each
/// answer re-checked, all cross-checked. Returns a dict: `records` (the fields of `masu
/// compare --format jsonl`), `summary` (a dict per runner and the virtual best: solved,
/// statuses, sgm, median, max), `findings`, and `input_errors` (inputs not read).
#[pyfunction]
#[pyo3(signature = (kind, puzzles, formulations=None, backends=None, count=2, time_limit=Some(60.0), threads=None, jobs=1))]
#[allow(clippy::too_many_arguments)]
fn compare(
    py: Python<'_>,
    kind: &str,
    puzzles: Vec<String>,
    formulations: Option<Vec<String>>,
    backends: Option<Vec<String>>,
    count: u64,
    time_limit: Option<f64>,
    threads: Option<u32>,
    jobs: usize,
) -> PyResult<Py<PyAny>> {
    let kind = kind_named(kind)?;
    let options = SolveOptions {
        solution_limit: usize::try_from(count.max(1)).unwrap_or(usize::MAX),
        time_limit: seconds(time_limit)?,
        threads,
        interrupt: Interrupt::new(),
        ..SolveOptions::default()
    };
    let ask = Comparing {
        inputs: puzzles.into_iter().map(PathBuf::from).collect(),
        formulations,
        backends,
        options,
        jobs: jobs.max(1),
    };
    let interrupt = ask.options.interrupt.clone();
    let (records, summary, findings, errors) = stoppable(py, &interrupt, move || Kinds::visit(kind, &ask))??;
    let compared =
        serde_json::json!({"records": records, "summary": summary, "findings": findings, "input_errors": errors});
    to_python(py, &compared)
}

/// A puzzle (its `to_text` form) and a solution (its JSON form), drawn.
struct Drawing(String, serde_json::Value);

impl Visit for &Drawing {
    type Output = Result<Option<String>, Failure>;
    fn visit<P: Source + Generate>(self) -> Result<Option<String>, Failure> {
        let puzzle = P::from_text(&self.0).map_err(Failure::Input)?;
        let solution = match &self.1 {
            serde_json::Value::Null => None,
            value => Some(P::solution_from_json(value.clone()).map_err(Failure::Input)?),
        };
        Ok(puzzle.svg(solution.as_ref()))
    }
}

/// The SVG picture of a puzzle of `kind` (as a result's `puzzle` field has it) and of a
/// solution (as its `solutions` list it, or None), where the kind draws one.
#[pyfunction]
fn svg(py: Python<'_>, kind: &str, puzzle: String, solution: &Bound<'_, PyAny>) -> PyResult<Option<String>> {
    let kind = kind_named(kind)?;
    let solution: serde_json::Value =
        serde_json::from_str(&from_python(py, solution)?).map_err(|e| InputError::new_err(e.to_string()))?;
    Ok(Kinds::visit(kind, &Drawing(puzzle, solution))?)
}

/// Opens OR-Tools from `dir` (a Python environment's `ortools/.libs`) at the first CP-SAT
/// solve, so that masu and the `ortools` package share one copy of the library: two copies
/// in one process abort inside it. `False` once the library is open or a folder was named.
#[pyfunction]
fn prefer_ortools(dir: String) -> bool {
    #[cfg(feature = "cp-sat")]
    return masu_cpsat::prefer_library_dir(PathBuf::from(dir));
    #[cfg(not(feature = "cp-sat"))]
    {
        let _ = dir;
        false
    }
}

/// Where masu opened the OR-Tools library from (None before the first CP-SAT solve).
#[pyfunction]
fn ortools_library() -> Option<String> {
    #[cfg(feature = "cp-sat")]
    return masu_cpsat::library_path().map(|p| p.display().to_string());
    #[cfg(not(feature = "cp-sat"))]
    None
}

/// The kinds masu knows.
#[pyfunction]
fn kinds() -> Vec<String> {
    <<Kinds as Registry>::Kind as clap::ValueEnum>::value_variants()
        .iter()
        .filter_map(|k| clap::ValueEnum::to_possible_value(k).map(|v| v.get_name().to_string()))
        .collect()
}

/// The module.
#[pymodule]
fn _masu(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(solve, m)?)?;
    m.add_function(wrap_pyfunction!(generate, m)?)?;
    m.add_function(wrap_pyfunction!(compare, m)?)?;
    m.add_function(wrap_pyfunction!(svg, m)?)?;
    m.add_function(wrap_pyfunction!(prefer_ortools, m)?)?;
    m.add_function(wrap_pyfunction!(ortools_library, m)?)?;
    m.add_function(wrap_pyfunction!(kinds, m)?)?;
    m.add("InputError", m.py().get_type::<InputError>())?;
    m.add("SolveError", m.py().get_type::<SolveError>())?;
    Ok(())
}
