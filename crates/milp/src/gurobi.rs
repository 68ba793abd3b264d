//! Gurobi 13 through `gurobipy`, its Python package: the `gurobipy` wheel on PyPI that the
//! build fetched, run by the build's Python (`MASU_GUROBI_PYTHON` names another). Without a
//! licence file the wheel's own licence serves only gurobipy (its C library refuses other
//! callers) and only models of at most 2,000 variables and 2,000 constraints; with one
//! (`GRB_LICENSE_FILE`), the same route takes any size the licence allows.
//!
//! A solve writes the model as MPS ([`Model::to_mps`]) into a temporary file and runs a
//! short gurobipy script in a child process: it reads the file, sets the time limit
//! (`TimeLimit`), the threads (`Threads`) and the raw parameters (Gurobi's names, `MIPGap`,
//! `NodeLimit`), optimizes (again without dual reductions when presolve cannot tell infeasible
//! from unbounded), and prints the status and the values as one JSON line. A model past the
//! wheel's licence is refused before the child starts ([`Error::Licence`]). It stops at its
//! time limit, and when the stop flag is set: the child gets SIGINT, which Gurobi turns into an
//! interrupted optimization that keeps its incumbent, and is killed 2 s later if it still
//! runs. The log (`--log`) is Gurobi's console output, on standard error. A pool ([`pool`])
//! is the same solve with `PoolSearchMode` 2: one child process for many points, where a
//! count by no-goods would start one per point.

use std::process::{Command, Stdio};
use std::sync::OnceLock;
use std::time::Duration;

use crate::{Error, Model, Outcome, Settings, Several};
use masu_native::program::{self, Stop};

/// The wheel's licence's limits (no licence file).
const PIP_COLUMNS: usize = 2_000;
const PIP_ROWS: usize = 2_000;
/// Gurobi's error of a model past a size-limited licence.
const ERROR_SIZE: i64 = 10010;
/// Gurobi's statuses.
const OPTIMAL: i64 = 2;
const INFEASIBLE: i64 = 3;
const UNBOUNDED: i64 = 5;
/// The most points Gurobi keeps in its pool (`PoolSolutions`' maximum).
const POOL_MOST: usize = 2_000_000_000;
/// How long a child asked to stop may take before it is killed.
const STOP_GRACE: Duration = Duration::from_secs(2);

/// The child's script ([`Task`] in, [`Answer`] out).
const SCRIPT: &str = include_str!("gurobi.py");

/// What the child is asked to do: its JSON is `argv[1]`.
#[derive(serde::Serialize)]
#[serde(tag = "do", rename_all = "lowercase")]
enum Task<'a> {
    /// Say gurobipy's version.
    Version,
    /// Check raw parameters on a fresh model.
    Check { parameters: &'a [(String, String)] },
    /// Solve the model in the MPS file, for one point or a pool of them.
    Solve {
        mps: &'a std::path::Path,
        log: bool,
        time_limit: Option<f64>,
        threads: Option<u32>,
        parameters: &'a [(String, String)],
        pool: Option<usize>,
    },
}

/// The Python that runs gurobipy, and the folder holding the fetched package.
fn python() -> (String, Option<&'static str>) {
    let python = std::env::var("MASU_GUROBI_PYTHON")
        .ok()
        .or_else(|| option_env!("MASU_GUROBI_PYTHON").map(String::from))
        .unwrap_or_else(|| "python3".into());
    (python, option_env!("MASU_GUROBI_DIR"))
}

/// Whether a licence file is named (else the wheel's size-limited licence serves).
fn licensed() -> bool {
    std::env::var_os("GRB_LICENSE_FILE").is_some()
}

/// What the script answered.
#[derive(Default, serde::Deserialize)]
struct Answer {
    version: Option<String>,
    status: Option<i64>,
    /// The values by column name (a range row read from MPS adds a column of Gurobi's own).
    x: Option<std::collections::HashMap<String, f64>>,
    /// A pool's variables, in Gurobi's order.
    names: Option<Vec<String>>,
    /// A pool's points: the nonzero values, by index into `names`.
    points: Option<Vec<Vec<(usize, f64)>>>,
    parameter: Option<String>,
    error: Option<String>,
    errno: Option<i64>,
}

/// Runs the script on `task` until it answers, or (stop flag set) until it stops; `None`
/// when it was stopped before it answered.
fn run(task: &Task, settings: &Settings) -> Result<Option<Answer>, Error> {
    let (python, dir) = python();
    let mut command = Command::new(&python);
    let task = serde_json::to_string(task).map_err(|e| Error::Library(format!("Gurobi: the task: {e}")))?;
    command.args(["-c", SCRIPT]).arg(task);
    command.stderr(if settings.log { Stdio::inherit() } else { Stdio::piped() });
    if let Some(dir) = dir {
        command.env("PYTHONPATH", dir);
    }
    let ran = program::run(&mut command, settings, Stop::Interrupt(STOP_GRACE), false)
        .map_err(|e| Error::Library(format!("Gurobi: running {python}: {e}")))?;
    let Some(line) = ran.stdout.lines().last() else {
        if ran.stopped {
            return Ok(None);
        }
        let tail: String = ran.stderr.chars().rev().take(2000).collect::<Vec<_>>().into_iter().rev().collect();
        return Err(Error::Library(format!(
            "Gurobi: {python} ended ({}) without an answer: {}",
            ran.status,
            tail.trim()
        )));
    };
    serde_json::from_str(line).map(Some).map_err(|e| Error::Library(format!("Gurobi: an answer masu cannot read: {e}")))
}

/// Gurobi's version and route, e.g. `Gurobi 13.0.3 (gurobipy, the wheel's size-limited
/// licence)`.
pub fn version() -> Result<String, Error> {
    static VERSION: OnceLock<Result<String, Error>> = OnceLock::new();
    VERSION
        .get_or_init(|| {
            let answer = run(&Task::Version, &program::quick())?.unwrap_or_default();
            let version = answer.version.ok_or_else(|| Error::Library(answer.error.unwrap_or_default()))?;
            let licence = if licensed() { "GRB_LICENSE_FILE" } else { "the wheel's size-limited licence" };
            Ok(format!("Gurobi {version} (gurobipy, {licence})"))
        })
        .clone()
}

/// The error a parameter answer says.
fn refused(answer: &Answer) -> Option<Error> {
    let name = answer.parameter.clone()?;
    Some(Error::Parameter { solver: "Gurobi", name, reason: answer.error.clone().unwrap_or_default() })
}

/// Refuses parameter names Gurobi does not know and values it rejects, in a fresh model.
pub fn check_parameters(parameters: &[(String, String)]) -> Result<(), Error> {
    if parameters.is_empty() {
        return Ok(());
    }
    let task = Task::Check { parameters };
    let answer = run(&task, &program::quick())?.unwrap_or_default();
    match (refused(&answer), answer.error) {
        (Some(error), _) => Err(error),
        (None, Some(error)) => Err(Error::Library(format!("Gurobi: {error}"))),
        (None, None) => Ok(()),
    }
}

/// Runs the script's solve of `model`, asking for a pool of `pool` points (`None`: one
/// solve); `None` when stopped before it answered.
fn answer(model: &Model, settings: &Settings, pool: Option<usize>) -> Result<Option<Answer>, Error> {
    let (columns, rows) = (model.columns.len(), model.rows.len());
    if !licensed() && (columns > PIP_COLUMNS || rows > PIP_ROWS) {
        return Err(Error::Licence(format!(
            "Gurobi's pip licence (gurobipy without a licence file) takes at most {PIP_COLUMNS} variables and \
             {PIP_ROWS} constraints; this model has {columns} variables and {rows} constraints (a licence named by \
             GRB_LICENSE_FILE takes any size it allows)"
        )));
    }
    if settings.stopped() {
        return Ok(None);
    }
    let file = program::temporary("mps", model.to_mps("masu").as_bytes())
        .map_err(|e| Error::Library(format!("Gurobi: the model's file: {e}")))?;
    let task = Task::Solve {
        mps: &file,
        log: settings.log,
        time_limit: settings.time_limit.map(|t| t.as_secs_f64().max(0.001)),
        threads: settings.threads,
        parameters: settings.parameters,
        pool: pool.map(|n| n.clamp(1, POOL_MOST)),
    };
    let Some(answer) = run(&task, settings)? else { return Ok(None) };
    if let Some(error) = refused(&answer) {
        return Err(error);
    }
    if let Some(error) = answer.error {
        return Err(if answer.errno == Some(ERROR_SIZE) {
            Error::Licence(format!("Gurobi refused the model for its size: {error}"))
        } else {
            Error::Library(format!("Gurobi: {error}"))
        });
    }
    if answer.status == Some(UNBOUNDED) {
        return Err(Error::Library("Gurobi: the model is unbounded".into()));
    }
    Ok(Some(answer))
}

/// One solve of `model`.
pub fn solve(model: &Model, settings: &Settings) -> Result<Outcome, Error> {
    let Some(answer) = answer(model, settings, None)? else { return Ok(Outcome::Unknown) };
    match (answer.status, answer.x) {
        (Some(INFEASIBLE), _) => Ok(Outcome::Infeasible),
        (Some(status), Some(by_name)) => {
            let value = |name: &String| {
                by_name.get(name).copied().ok_or_else(|| Error::Library(format!("Gurobi: no value of {name}")))
            };
            let values = model.columns.iter().map(|c| value(&c.name)).collect::<Result<_, _>>()?;
            Ok(Outcome::Solved { values, optimal: status == OPTIMAL })
        }
        _ => Ok(Outcome::Unknown),
    }
}

/// Up to `n` points of `model` in one solve: Gurobi's systematic search for the `n` best
/// (`PoolSearchMode` 2, `PoolSolutions` n). Finished (status optimal) with fewer than `n`,
/// it found every feasible point of the model (Gurobi's reference manual, "Solution Pool").
pub fn pool(model: &Model, n: usize, settings: &Settings) -> Result<Several, Error> {
    let Some(answer) = answer(model, settings, Some(n))? else { return Ok(Several::Unknown) };
    let (Some(status), Some(names), Some(points)) = (answer.status, answer.names, answer.points) else {
        return Err(Error::Library("Gurobi: an answer without its pool".into()));
    };
    if status == INFEASIBLE {
        return Ok(Several::Infeasible);
    }
    if points.is_empty() {
        return Ok(Several::Unknown);
    }
    // Gurobi's column of each of its variables (one it added for a range row: none).
    let by_name: std::collections::HashMap<&str, usize> =
        model.columns.iter().enumerate().map(|(i, c)| (c.name.as_str(), i)).collect();
    let ours: Vec<Option<usize>> = names.iter().map(|name| by_name.get(name.as_str()).copied()).collect();
    let points = points
        .iter()
        .map(|nonzeros| {
            let mut values = vec![0.0; model.columns.len()];
            for &(i, x) in nonzeros {
                if let Some(&Some(column)) = ours.get(i) {
                    values[column] = x;
                }
            }
            values
        })
        .collect::<Vec<_>>();
    let all = status == OPTIMAL && points.len() < n.min(POOL_MOST);
    Ok(Several::Solved { points, all })
}

conformance!();
pool_conformance!(true);
commercial_test!(gurobi_takes_its_parameters_names_its_route_and_refuses_a_model_past_its_licence; [("NodeLimit", "100"), ("MIPGap", "0.01")]; "Threads"; ("NoSuchParameter", "no such parameter"); "GRB_LICENSE_FILE"; "Gurobi 13.0.3 (gurobipy, the wheel's size-limited licence)"; 2001; "at most 2000 variables");

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicBool;

    use super::solve;
    use crate::conformance::{binaries, bounded};
    use crate::{Outcome, Row, Settings};

    #[test]
    fn gurobi_stops_when_asked() {
        // A count's no-goods aside, a hard enough model: 60 binaries, x_i + x_j ≤ 1 on a
        // dense random graph, maximise the set (a maximum independent set).
        let mut model = binaries(60, -1.0);
        let mut seed = 7_u64;
        for i in 0..60 {
            for j in i + 1..60 {
                seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                if seed >> 62 == 0 {
                    model.rows.push(Row {
                        name: format!("e{i}_{j}"),
                        lower: f64::NEG_INFINITY,
                        upper: 1.0,
                        terms: vec![(i, 1.0), (j, 1.0)],
                    });
                }
            }
        }
        model.rows.truncate(2_000);
        let stop = AtomicBool::new(false);
        let settings = Settings { stop: Some(&stop), ..bounded() };
        let started = std::time::Instant::now();
        std::thread::scope(|scope| {
            scope.spawn(|| {
                std::thread::sleep(std::time::Duration::from_millis(300));
                stop.store(true, std::sync::atomic::Ordering::SeqCst);
            });
            let outcome = solve(&model, &settings).unwrap();
            assert!(matches!(outcome, Outcome::Solved { .. } | Outcome::Unknown), "{outcome:?}");
        });
        assert!(started.elapsed() < std::time::Duration::from_secs(10), "{:?}", started.elapsed());
    }
}
