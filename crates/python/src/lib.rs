//! masu from Python: the `masu._masu` extension module under the `masu` package
//! (`python/masu/__init__.py`). Each call goes through the same registry of kinds
//! ([`masu_kinds`]), readers and solve path as the command line, so the answers are the
//! same and every solution is re-checked before it is returned; the solve runs with the
//! GIL released, so two Python threads solve at once.

mod answer;
mod compare;
mod given;
mod json;
mod stop;

use masu_core::generate::{Failed, Made, Run};
use masu_core::{Generate, SolveOptions, Source};
use masu_kinds::{Kinds, Registry, Visit};
use pyo3::create_exception;
use pyo3::exceptions::PyException;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use serde::Deserialize;
use std::path::PathBuf;

use crate::given::{Given, first, given, read};
use crate::json::{from_python, to_python};
use crate::stop::stoppable;
use masu_harness::params::ScopedParam;
use masu_harness::request::{Answer, Request};

create_exception!(_masu, InputError, PyException, "A puzzle, a kind or an option masu cannot read.");
create_exception!(_masu, SolveError, PyException, "A solve that failed: a backend's error, a refused model.");

/// What a call asks of a solve: the puzzle as Python gave it, and the request every front
/// end builds.
struct Ask {
    puzzle: Given,
    request: Request,
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

impl Visit for &Ask {
    type Output = Result<Answer, Failure>;
    fn visit<P: Source + Generate>(self) -> Result<Answer, Failure> {
        let prepared = self.request.prepare::<P>().map_err(|e| Failure::Input(e.to_string()))?;
        let located = first::<P>(&self.puzzle)?;
        let mut puzzle = located.item.puzzle.clone().map_err(|e| Failure::Input(located.error(&e)))?;
        prepared.set_rule(&mut puzzle);
        let started = std::time::Instant::now();
        let report = prepared.solve(&puzzle, &prepared.options).map_err(|e| Failure::Solve(e.to_string()))?;
        Ok(prepared.answer(&located, &puzzle, Ok(&report), started.elapsed()))
    }
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
/// Solves one puzzle of `kind`; its answer, read field by field (`masu.Result`). `puzzle` is a file path or a puzzle's text, or lists and dicts in the JSON
/// format of the kind.
#[pyfunction]
#[pyo3(signature = (kind, puzzle, formulation=None, backend=None, count=2, solutions=100, time_limit=None, threads=None, rule=None, params=None, main=false, certify=None))]
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
    main: bool,
    certify: Option<std::path::PathBuf>,
) -> PyResult<Py<PyAny>> {
    let puzzle = given(py, puzzle)?;
    if count == 0 {
        return Err(InputError::new_err("count must be 1 or more"));
    }
    let backend = backend
        .map(|b| b.parse())
        .transpose()
        .map_err(|e: masu_core::UnknownName| InputError::new_err(e.to_string()))?;
    let request = Request {
        formulation,
        backend,
        rule,
        count,
        keep: solutions,
        time_limit: seconds(time_limit)?,
        threads,
        params: params.unwrap_or_default().into_iter().map(|(k, v)| ScopedParam::unscoped(k, v)).collect(),
        // An empty folder: certify, keeping nothing; another: keep `puzzle.cnf`, `puzzle.drat`.
        certify: certify.map(|dir| masu_core::Certify {
            keep: (!dir.as_os_str().is_empty()).then(|| masu_core::Export::new(&dir, "puzzle")),
        }),
        ..Request::default()
    };
    let kind = kind_named(kind)?;
    let interrupt = request.interrupt.clone();
    let ask = Ask { puzzle, request };
    let answer = stoppable(py, &interrupt, main, move || Kinds::visit(kind, &ask))??;
    Ok(Py::new(py, answer::Fields(answer))?.into_any())
}
/// Makes puzzles of `kind` with a proven-unique solution: `flags` are the kind's own flags
/// of `masu generate KIND` as a dict (`{"size": 9, "minimal": True}`), read into the same
/// typed struct the command line reads; each puzzle a dict, as the command prints it.
#[pyfunction]
#[pyo3(signature = (kind, flags, count=1, seed=1, time_limit=None, threads=None, main=false))]
#[allow(clippy::too_many_arguments)]
fn generate(
    py: Python<'_>,
    kind: &str,
    flags: &Bound<'_, PyDict>,
    count: u64,
    seed: u64,
    time_limit: Option<f64>,
    threads: Option<u32>,
    main: bool,
) -> PyResult<Py<PyAny>> {
    let kind = kind_named(kind)?;
    let flags: serde_json::Value = pythonize::depythonize(flags).map_err(|e| InputError::new_err(e.to_string()))?;
    let options =
        SolveOptions { clock: masu_core::Clock::within(seconds(time_limit)?), threads, ..SolveOptions::default() };
    let interrupt = options.interrupt().clone();
    let generating = Generating { flags, run: Run { count, seed, options } };
    let made = stoppable(py, &interrupt, main, move || Kinds::visit(kind, &generating))??;
    let list = PyList::empty(py);
    for json in &made {
        list.append(to_python(py, json)?)?;
    }
    Ok(list.into_any().unbind())
}

/// A run of a kind's generator with the flags Python gave, collecting what it makes.
struct Generating {
    flags: serde_json::Value,
    run: Run,
}

impl Visit for &Generating {
    type Output = Result<Vec<serde_json::Value>, Failure>;
    fn visit<P: Source + Generate>(self) -> Result<Vec<serde_json::Value>, Failure> {
        let args =
            P::Args::deserialize(&self.flags).map_err(|e| Failure::Input(format!("generate {}: {e}", P::KIND)))?;
        let mut made = Vec::new();
        let mut missed = Vec::new();
        P::generate(&args, &self.run, &mut |m| match m {
            Made::Puzzle { json, .. } => made.push(json),
            Made::Missed { index, why } => missed.push(format!("puzzle {index}: {why}")),
            Made::Working { .. } => {}
        })
        .map_err(|e| match e {
            Failed::Flags(why) => Failure::Input(format!("generate {}: {why}", P::KIND)),
            Failed::Making(why) => Failure::Solve(why),
        })?;
        if made.is_empty() && !missed.is_empty() {
            return Err(Failure::Solve(missed.join("; ")));
        }
        Ok(made)
    }
}
/// A puzzle and a solution (its JSON form, or null), drawn.
struct Drawing(Given, serde_json::Value);

impl Visit for &Drawing {
    type Output = Result<Option<String>, Failure>;
    fn visit<P: Source + Generate>(self) -> Result<Option<String>, Failure> {
        // A result's `puzzle` field is the kind's own text form (`Puzzle::to_text`).
        let from_text = match &self.0 {
            Given::Text(text) => P::from_text(text).ok(),
            _ => None,
        };
        let puzzle = match from_text {
            Some(puzzle) => puzzle,
            None => read::<P>(&self.0)?,
        };
        let solution = match &self.1 {
            serde_json::Value::Null => None,
            value => Some(P::solution_from_json(value.clone()).map_err(|e| Failure::Input(e.0))?),
        };
        // A solution is drawn only where it solves the puzzle.
        if let Some(solution) = &solution {
            puzzle
                .check(solution)
                .map_err(|v| Failure::Input(format!("the solution does not solve the puzzle: {v}")))?;
        }
        Ok(puzzle.svg(solution.as_ref()))
    }
}

/// The SVG picture of a puzzle of `kind` (given as to `solve`, or as a result's `puzzle`
/// field has it) and of a solution (as a result's `solutions` list it, or None), where the
/// kind draws one.
#[pyfunction]
fn svg(py: Python<'_>, kind: &str, puzzle: &Bound<'_, PyAny>, solution: &Bound<'_, PyAny>) -> PyResult<Option<String>> {
    let kind = kind_named(kind)?;
    let solution: serde_json::Value =
        serde_json::from_str(&from_python(py, solution)?).map_err(|e| InputError::new_err(e.to_string()))?;
    Ok(Kinds::visit(kind, &Drawing(given(py, puzzle)?, solution))?)
}

/// Opens OR-Tools from `dir` (a Python environment's `ortools/.libs`) at the first CP-SAT
/// solve, so that masu and the `ortools` package share one copy of the library: two copies
/// in one process abort inside it. `False` once the library is open or a folder was named.
#[pyfunction]
fn prefer_ortools(dir: String) -> bool {
    #[cfg(feature = "cp-sat")]
    return masu_cp::prefer_library_dir(PathBuf::from(dir));
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
    return masu_cp::library_path().map(|p| p.display().to_string());
    #[cfg(not(feature = "cp-sat"))]
    None
}

/// The kinds masu knows.
#[pyfunction]
fn kinds() -> Vec<String> {
    Kinds::kinds()
        .iter()
        .filter_map(|k| clap::ValueEnum::to_possible_value(k).map(|v| v.get_name().to_string()))
        .collect()
}

/// The module.
#[pymodule]
fn _masu(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(solve, m)?)?;
    m.add_function(wrap_pyfunction!(generate, m)?)?;
    m.add_function(wrap_pyfunction!(compare::compare, m)?)?;
    m.add_function(wrap_pyfunction!(svg, m)?)?;
    m.add_function(wrap_pyfunction!(prefer_ortools, m)?)?;
    m.add_function(wrap_pyfunction!(ortools_library, m)?)?;
    m.add_function(wrap_pyfunction!(kinds, m)?)?;
    m.add_function(wrap_pyfunction!(stop::stop_main, m)?)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add("InputError", m.py().get_type::<InputError>())?;
    m.add("SolveError", m.py().get_type::<SolveError>())?;
    Ok(())
}
