//! Parameters, solving and stopping (enumerating is `enumerate.rs`).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use prost::Message;

use crate::Error;
use crate::ffi::Env;
use crate::model::{BoolVar, CpModel, IntVar};
use crate::proto::{self, CpSolverStatus};

/// The least memory CP-SAT takes per byte of the encoded model, measured with numberlink's
/// `connected` (clauses, no presolve: 21 to 25 times the encoding); its `milp` translated
/// (linear rows) and article 001's model (presolve on) took 50 and 90 times.
const MEMORY_PER_ENCODED_BYTE: u64 = 20;

/// Refuses, with [`Error::TooLarge`], a model that CP-SAT cannot load in `available` bytes:
/// the operating system would kill the whole process mid-load, with every other answer of
/// its batch (thomasahle's 1002×1002 numberlink board, 29 million clauses, 1 GB encoded, went
/// past 24 GB on a machine of 23).
fn fits_in_memory(encoded: usize, available: u64) -> Result<(), Error> {
    let needed = (encoded as u64).saturating_mul(MEMORY_PER_ENCODED_BYTE);
    if needed > available {
        return Err(Error::TooLarge(format!(
            "the model is {} MB encoded; CP-SAT needs {} GB or more to load it, and {:.1} GB are free",
            encoded >> 20,
            needed >> 30,
            available as f64 / f64::from(1 << 30)
        )));
    }
    Ok(())
}

/// Solver parameters (a subset of `SatParameters`).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Parameters {
    /// Wall-clock limit for one solve; for an enumeration, for all its solves together.
    pub time_limit: Option<Duration>,
    /// Parallel search workers (CP-SAT's default: one per core).
    pub workers: Option<u32>,
    /// Seed of the search's random choices.
    pub random_seed: Option<i32>,
    /// Collect CP-SAT's search log into [`Response::log`].
    pub log: bool,
    /// Run CP-SAT's presolve (its default: on). Small models that are solved many times
    /// (enumeration by re-solving) can spend most of their time there.
    pub presolve: Option<bool>,
    /// How much of the model goes into CP-SAT's LP relaxation: 0 none, 1 (its default) the
    /// linear constraints and some others, 2 more with cuts. Pure clause models with a
    /// `circuit` can search several times faster without it.
    pub linearization_level: Option<i32>,
    /// Simplify the clause database between restarts (its default: on). Where each solve
    /// is a fraction of a second, the work may not pay for itself.
    pub sat_inprocessing: Option<bool>,
    /// The memory a solve may take, in bytes: a model whose loading needs more (at least 20
    /// times its encoding, as measured) is refused with [`Error::TooLarge`] instead of
    /// being killed by the operating system mid-load. `None`: no check.
    pub memory_limit: Option<u64>,
    /// Any other `SatParameters` fields, by proto name and value as text
    /// ([`check_parameters`](crate::check_parameters)); they override the fields above.
    pub raw: Vec<(String, String)>,
}

impl Parameters {
    /// The workers a solve uses: a raw `num_workers` if given, else [`Parameters::workers`].
    pub fn effective_workers(&self) -> Option<u32> {
        let raw = self.raw.iter().rev().find(|(name, _)| name == "num_workers");
        raw.and_then(|(_, value)| value.trim().parse().ok()).or(self.workers)
    }

    /// `parameters` encoded, then the raw fields, then what masu cannot give up: signals
    /// stay the caller's, the log stays off stdout, and an enumeration keeps its own
    /// settings (on several workers CP-SAT's enumeration misses solutions).
    fn encode(&self, parameters: &proto::SatParameters) -> Result<Vec<u8>, Error> {
        let mut bytes = parameters.encode_to_vec();
        let raw = crate::params::encode(&self.raw)
            .map_err(|(name, reason)| Error::Library(format!("parameter '{name}': {reason}")))?;
        bytes.extend_from_slice(&raw);
        let enumerating = parameters.enumerate_all_solutions == Some(true);
        let kept = proto::SatParameters {
            catch_sigint_signal: Some(false),
            log_to_stdout: Some(false),
            log_to_response: parameters.log_to_response,
            num_workers: parameters.num_workers.filter(|_| enumerating),
            enumerate_all_solutions: parameters.enumerate_all_solutions,
            fill_additional_solutions_in_response: parameters.fill_additional_solutions_in_response,
            solution_pool_size: parameters.solution_pool_size,
            ..Default::default()
        };
        bytes.extend_from_slice(&kept.encode_to_vec());
        Ok(bytes)
    }

    pub(crate) fn to_proto(&self, remaining: Option<Duration>) -> proto::SatParameters {
        proto::SatParameters {
            max_time_in_seconds: remaining.map(|d| d.as_secs_f64()),
            num_workers: self.workers.map(|w| w.min(i32::MAX as u32) as i32),
            random_seed: self.random_seed,
            cp_model_presolve: self.presolve,
            linearization_level: self.linearization_level,
            use_sat_inprocessing: self.sat_inprocessing,
            log_search_progress: Some(self.log),
            log_to_stdout: Some(false),
            log_to_response: Some(self.log),
            // CP-SAT would replace the process's SIGINT handler during a solve and not give
            // it back; stopping is the caller's (StopHandle), so leave signals alone.
            catch_sigint_signal: Some(false),
            ..Default::default()
        }
    }
}

/// What a solve concluded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// A solution, proven optimal (for a model without objective: any solution).
    Optimal,
    /// A solution, not proven optimal (the limit came first).
    Feasible,
    /// Proven to have no solution.
    Infeasible,
    /// Stopped (time limit or stop request) before finding a solution or a proof.
    Unknown,
}

/// The answer of one solve.
#[derive(Clone, Debug)]
pub struct Response {
    /// What the solve concluded.
    pub status: Status,
    /// The value of every variable (empty unless a solution was found).
    pub values: Vec<i64>,
    /// The objective value of the solution, if the model has an objective.
    pub objective: Option<f64>,
    /// Wall time CP-SAT reports for the solve.
    pub wall_time: Duration,
    /// Deterministic time (CP-SAT's machine-independent work measure).
    pub deterministic_time: f64,
    /// Conflicts during search.
    pub conflicts: i64,
    /// Branches during search.
    pub branches: i64,
    /// The search log (when [`Parameters::log`] is set).
    pub log: String,
}

impl Response {
    /// Whether the response carries a solution.
    pub fn has_solution(&self) -> bool {
        matches!(self.status, Status::Optimal | Status::Feasible)
    }
    /// The value of `var` in the solution.
    pub fn value(&self, var: IntVar) -> i64 {
        self.values[var.index()]
    }
    /// The truth value of `literal` in the solution.
    pub fn bool_value(&self, literal: BoolVar) -> bool {
        literal.value_in(&self.values)
    }
}

/// Stops a running solve (and every later solve of the same solver) from any thread.
/// Cloning gives another handle on the same solver.
#[derive(Clone, Debug, Default)]
pub struct StopHandle(Arc<StopState>);

#[derive(Debug, Default)]
struct StopState {
    stopped: AtomicBool,
    running: Mutex<Option<Arc<Env>>>,
}

impl StopHandle {
    /// A handle that is not stopped.
    pub fn new() -> StopHandle {
        StopHandle::default()
    }
    /// Stops the running solve, which returns within milliseconds with the best solution
    /// found so far, and makes later solves return at once with [`Status::Unknown`].
    pub fn stop(&self) {
        self.0.stopped.store(true, Ordering::SeqCst);
        if let Some(env) = self.0.running.lock().unwrap_or_else(PoisonError::into_inner).as_ref() {
            env.stop();
        }
    }
    /// Whether [`StopHandle::stop`] was called.
    pub fn is_stopped(&self) -> bool {
        self.0.stopped.load(Ordering::SeqCst)
    }
}

/// Receives each model a solver is given, encoded as a `CpModelProto`, before it is solved
/// (`--export`); an error stops the solve.
#[derive(Clone)]
pub struct Exporter(Arc<WriteModel>);

/// What an [`Exporter`] calls with a model's bytes.
type WriteModel = dyn Fn(&[u8]) -> Result<(), String> + Send + Sync;

impl Exporter {
    /// An exporter calling `write` with each model's bytes.
    pub fn new(write: impl Fn(&[u8]) -> Result<(), String> + Send + Sync + 'static) -> Exporter {
        Exporter(Arc::new(write))
    }
}

impl std::fmt::Debug for Exporter {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Exporter")
    }
}

/// Solves models with the given parameters; stoppable through [`CpSolver::stop_handle`].
#[derive(Clone, Debug, Default)]
pub struct CpSolver {
    /// Parameters for every solve.
    pub parameters: Parameters,
    /// Where each model given to [`CpSolver::solve`] or an enumeration goes first.
    pub export: Option<Exporter>,
    pub(crate) stop: StopHandle,
}

impl CpSolver {
    /// A solver with the given parameters.
    pub fn new(parameters: Parameters) -> CpSolver {
        CpSolver { parameters, export: None, stop: StopHandle::new() }
    }
    /// A solver that shares `stop` with others (one Ctrl-C stops them all).
    pub fn with_stop_handle(parameters: Parameters, stop: StopHandle) -> CpSolver {
        CpSolver { parameters, export: None, stop }
    }
    /// A handle to stop this solver from another thread.
    pub fn stop_handle(&self) -> StopHandle {
        self.stop.clone()
    }

    /// Solves `model` once.
    pub fn solve(&self, model: &CpModel) -> Result<Response, Error> {
        self.export(model)?;
        self.solve_proto(&model.proto, self.parameters.time_limit)
    }

    /// Solves `model` once within `time_limit` (`None`: none), not exported: a solve of a
    /// model growing no-goods ([`CpModel::exclude`]) after its first export.
    pub fn solve_within(&self, model: &CpModel, time_limit: Option<Duration>) -> Result<Response, Error> {
        self.solve_proto(&model.proto, time_limit)
    }

    /// Hands `model` to the exporter, if any.
    pub fn export(&self, model: &CpModel) -> Result<(), Error> {
        match &self.export {
            Some(exporter) => (exporter.0)(&model.proto.encode_to_vec()).map_err(Error::Export),
            None => Ok(()),
        }
    }

    pub(crate) fn solve_proto(
        &self,
        model: &proto::CpModelProto,
        time_limit: Option<Duration>,
    ) -> Result<Response, Error> {
        Ok(self.solve_with(model, &self.parameters.to_proto(time_limit))?.0)
    }

    /// Solves `model` with `parameters`: the response, and the response's additional
    /// solutions (CP-SAT's solution pool, where the parameters ask for it).
    pub(crate) fn solve_with(
        &self,
        model: &proto::CpModelProto,
        parameters: &proto::SatParameters,
    ) -> Result<(Response, Vec<Vec<i64>>), Error> {
        let parameters = self.parameters.encode(parameters)?;
        if let Some(limit) = self.parameters.memory_limit {
            fits_in_memory(model.encoded_len(), limit)?;
        }
        let request = model.encode_to_vec();
        let env = Arc::new(Env::new()?);
        {
            let mut running = self.stop.0.running.lock().unwrap_or_else(PoisonError::into_inner);
            if self.stop.is_stopped() {
                return Ok((stopped_response(), Vec::new()));
            }
            *running = Some(Arc::clone(&env));
        }
        let bytes = env.solve(&request, &parameters);
        self.stop.0.running.lock().unwrap_or_else(PoisonError::into_inner).take();
        let response = proto::CpSolverResponse::decode(bytes?.as_slice())
            .map_err(|e| Error::Library(format!("cannot decode CP-SAT's response: {e}")))?;
        let status = match CpSolverStatus::try_from(response.status) {
            Ok(CpSolverStatus::Optimal) => Status::Optimal,
            Ok(CpSolverStatus::Feasible) => Status::Feasible,
            Ok(CpSolverStatus::Infeasible) => Status::Infeasible,
            Ok(CpSolverStatus::Unknown) => Status::Unknown,
            Ok(CpSolverStatus::ModelInvalid) => return Err(Error::ModelInvalid(response.solution_info)),
            Err(_) => return Err(Error::Library(format!("unknown CP-SAT status {}", response.status))),
        };
        let has_solution = matches!(status, Status::Optimal | Status::Feasible);
        let pool = response.additional_solutions.into_iter().map(|s| s.values).collect();
        if self.parameters.log {
            eprint!("{}", response.solve_log);
        }
        let response = Response {
            status,
            objective: (has_solution && model.objective.is_some()).then_some(response.objective_value),
            values: if has_solution { response.solution } else { Vec::new() },
            wall_time: Duration::from_secs_f64(response.wall_time.max(0.0)),
            deterministic_time: response.deterministic_time,
            conflicts: response.num_conflicts,
            branches: response.num_branches,
            log: response.solve_log,
        };
        Ok((response, pool))
    }
}

pub(crate) fn stopped_response() -> Response {
    Response {
        status: Status::Unknown,
        values: Vec::new(),
        objective: None,
        wall_time: Duration::ZERO,
        deterministic_time: 0.0,
        conflicts: 0,
        branches: 0,
        log: String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn models_too_large_for_the_memory_limit_are_refused() {
        let gb = 1 << 30;
        assert!(fits_in_memory(100 << 20, gb).is_err()); // needs 2 GB
        assert!(fits_in_memory(40 << 20, gb).is_ok());
        let Err(Error::TooLarge(message)) = fits_in_memory(1 << 30, 16 * gb) else { panic!("not refused") };
        assert!(message.contains("1024 MB encoded") && message.contains("20 GB"), "{message}");
    }
}
