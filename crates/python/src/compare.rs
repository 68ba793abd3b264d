//! `masu.compare`: every formulation on every backend (or those named) on the same puzzles.

use masu_core::{Backend, Generate, Instance, SolveOptions, Source};
use masu_harness::Finding;
use masu_harness::params::ScopedParam;
use masu_harness::record::{Record, Setting};
use masu_harness::request::Request;
use masu_harness::write::SummaryLine;
use masu_kinds::{Kinds, Registry, Visit};
use pyo3::prelude::*;

use crate::given::{Given, given, located};
use crate::json::to_python;
use crate::stop::stoppable;
use crate::{Failure, InputError, kind_named, seconds};

/// What `compare` asks.
struct Comparing {
    inputs: Vec<Given>,
    formulations: Option<Vec<String>>,
    backends: Option<Vec<String>>,
    params: Vec<ScopedParam>,
    options: SolveOptions,
    jobs: usize,
}

/// A comparison, the dict `compare` returns (`masu.Comparison` in `__init__.pyi`).
#[derive(serde::Serialize)]
struct Compared {
    /// A record per puzzle and runner, as `compare --format jsonl` writes it.
    records: Vec<Record>,
    /// A line per runner and the virtual best.
    summary: Vec<SummaryLine>,
    /// Runners disagreeing.
    findings: Vec<Finding>,
    /// The inputs that could not be read, each at its place.
    input_errors: Vec<String>,
}

impl Visit for &Comparing {
    type Output = Result<Compared, Failure>;
    fn visit<P: Source + Generate>(self) -> Result<Compared, Failure> {
        let mut errors = Vec::new();
        let mut instances = Vec::new();
        for located in located::<P>(&self.inputs) {
            match &located.item.puzzle {
                Ok(puzzle) => instances.push(Instance::new(located.id(), puzzle.clone())),
                Err(e) => errors.push(located.error(e).to_string()),
            }
        }
        if instances.is_empty() {
            let why = if errors.is_empty() { String::new() } else { format!(": {}", errors.join("; ")) };
            return Err(Failure::Input(format!("no {} puzzle to compare{why}", P::KIND)));
        }
        let backends =
            self.backends.as_deref().map(|names| names.iter().map(|n| n.parse()).collect::<Result<Vec<Backend>, _>>());
        let backends = backends.transpose().map_err(|e: masu_core::UnknownName| Failure::Input(e.to_string()))?;
        let (runners, _not_run) =
            masu_harness::runners::asked::<P>(self.formulations.as_deref(), backends.as_deref(), &self.params)
                .map_err(|e| Failure::Input(e.to_string()))?;
        let comparison = masu_harness::Comparison::of(masu_harness::run_matrix(
            &instances,
            &runners,
            &self.options,
            1,
            self.jobs,
            None,
            |_, _| {},
        ));
        let setting = Setting::of_batch(&self.options, &self.params, None);
        let records = (comparison.rows.iter().enumerate())
            .map(|(i, row)| Record::new(&instances[i / runners.len()], row.clone(), Vec::new(), &setting))
            .collect();
        let summary = masu_harness::write::summary_lines(&comparison.rows, masu_harness::stats::DEFAULT_SHIFT);
        Ok(Compared { records, summary, findings: comparison.findings, input_errors: errors })
    }
}

/// Runs every formulation on every backend (or those named) on the same puzzles: each
/// answer re-checked, all cross-checked. Returns a dict: `records` (the fields of `masu
/// compare --format jsonl`), `summary` (a dict per runner and the virtual best: solved,
/// statuses, sgm, median, max), `findings`, and `input_errors` (inputs not read).
#[pyfunction]
#[pyo3(signature = (kind, puzzles, formulations=None, backends=None, count=2, time_limit=Some(60.0), threads=None, jobs=1, params=None, main=false, certify=false))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn compare(
    py: Python<'_>,
    kind: &str,
    puzzles: Vec<Bound<'_, PyAny>>,
    formulations: Option<Vec<String>>,
    backends: Option<Vec<String>>,
    count: u64,
    time_limit: Option<f64>,
    threads: Option<u32>,
    jobs: usize,
    params: Option<Vec<String>>,
    main: bool,
    certify: bool,
) -> PyResult<Py<PyAny>> {
    let kind = kind_named(kind)?;
    let params = params.unwrap_or_default().iter().map(|p| p.parse()).collect::<Result<Vec<ScopedParam>, _>>();
    let params = params.map_err(|e| InputError::new_err(format!("params: {e}")))?;
    let request = Request {
        count: count.max(1),
        time_limit: seconds(time_limit)?,
        threads,
        certify: certify.then(masu_core::Certify::default),
        ..Request::default()
    };
    let options = request.options();
    let ask = Comparing {
        inputs: puzzles.iter().map(|p| given(py, p)).collect::<PyResult<_>>()?,
        formulations,
        backends,
        params,
        options,
        jobs: jobs.max(1),
    };
    let interrupt = ask.options.interrupt().clone();
    let compared = stoppable(py, &interrupt, main, move || Kinds::visit(kind, &ask))??;
    to_python(py, &serde_json::to_value(&compared).map_err(|e| Failure::Solve(e.to_string()))?)
}
