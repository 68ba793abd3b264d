//! What every masu model shares: the [`Backend`] choice, [`SolveOptions`], the [`Report`] a
//! solve returns, [`Error`], the [`Puzzle`] interface every kind implements with the one
//! [`solve`] path, and the MILP glue ([`milp`]) that runs one good_lp model on HiGHS or on
//! CP-SAT.
//!
//! A model crate turns a puzzle into a model (a formulation), hands it to a backend, and
//! [`solve`] re-checks every solution with the kind's own checker before it reports it.

pub mod fuzz;
pub mod milp;
pub mod puzzle;
pub mod pzpr;
mod random;
mod report;

use std::fmt;
use std::str::FromStr;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

pub use puzzle::{Formulation, Found, Item, ParseError, Puzzle, backend_for, choose, runnable, solve, timed};
pub use random::Random;
pub use report::{Report, Stats, Status};

/// A solver backend.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Backend {
    /// Google OR-Tools CP-SAT (feature `cp-sat`).
    CpSat,
    /// HiGHS through good_lp (feature `highs`).
    Highs,
    /// A solver written in Rust inside masu, needing no library.
    Native,
    /// CBC 2.10 from the OR-Tools wheel (feature `cbc`).
    Cbc,
    /// SCIP 10 from the OR-Tools wheel (feature `scip`).
    Scip,
    /// microlp, pure Rust (feature `microlp`).
    Microlp,
}

impl Backend {
    /// Every backend, compiled in or not.
    pub const ALL: [Backend; 6] =
        [Backend::CpSat, Backend::Highs, Backend::Native, Backend::Cbc, Backend::Scip, Backend::Microlp];

    /// The backends a MILP runs on ([`milp::Milp::solve`]).
    pub const MILP: [Backend; 5] = [Backend::Highs, Backend::CpSat, Backend::Cbc, Backend::Scip, Backend::Microlp];

    /// The name used on the command line and in reports.
    pub fn name(self) -> &'static str {
        match self {
            Backend::CpSat => "cp-sat",
            Backend::Highs => "highs",
            Backend::Native => "native",
            Backend::Cbc => "cbc",
            Backend::Scip => "scip",
            Backend::Microlp => "microlp",
        }
    }

    /// Whether this build of masu includes the backend (its Cargo feature is on).
    pub fn is_compiled(self) -> bool {
        match self {
            Backend::CpSat => cfg!(feature = "cp-sat"),
            Backend::Highs => cfg!(feature = "highs"),
            Backend::Native => true,
            Backend::Cbc => cfg!(feature = "cbc"),
            Backend::Scip => cfg!(feature = "scip"),
            Backend::Microlp => cfg!(feature = "microlp"),
        }
    }

    /// The solver and its version, as records of runs carry it: the OR-Tools wheel masu's
    /// build fetches, HiGHS's, CBC's and SCIP's as their libraries report them, or masu's
    /// own.
    pub fn version(self) -> String {
        let loaded = |version: Result<String, masu_mip::Error>, name: &str| {
            version.unwrap_or_else(|e| format!("{name} (not loaded: {e})"))
        };
        match self {
            Backend::CpSat => "OR-Tools CP-SAT 9.15.6755".into(),
            #[cfg(feature = "highs")]
            Backend::Highs => masu_mip::highs::version(),
            Backend::Native => format!("masu {}", env!("CARGO_PKG_VERSION")),
            #[cfg(feature = "cbc")]
            Backend::Cbc => loaded(masu_mip::cbc::version(), "CBC"),
            #[cfg(feature = "scip")]
            Backend::Scip => loaded(masu_mip::scip::version(), "SCIP"),
            #[cfg(feature = "microlp")]
            Backend::Microlp => masu_mip::microlp::version(),
            #[allow(unreachable_patterns)]
            other => loaded(Err(masu_mip::Error::Library("not compiled in".into())), other.name()),
        }
    }

    /// Checks raw solver parameters (`--param KEY=VALUE`) by the backend's own definitions,
    /// before any solve: an unknown name or a refused value is [`Error::Parameter`].
    pub fn check_parameters(self, parameters: &[(String, String)]) -> Result<(), Error> {
        if parameters.is_empty() {
            return Ok(());
        }
        match self.require()? {
            #[cfg(feature = "cp-sat")]
            Backend::CpSat => masu_cpsat::check_parameters(parameters).map_err(|(name, reason)| Error::Parameter {
                backend: self,
                name,
                reason,
            }),
            #[cfg(feature = "highs")]
            Backend::Highs => milp::check_highs_parameters(parameters),
            #[cfg(feature = "cbc")]
            Backend::Cbc => masu_mip::cbc::check_parameters(parameters).map_err(|e| milp::backend_error(self, e)),
            #[cfg(feature = "scip")]
            Backend::Scip => masu_mip::scip::check_parameters(parameters).map_err(|e| milp::backend_error(self, e)),
            #[cfg(feature = "microlp")]
            Backend::Microlp => {
                masu_mip::microlp::check_parameters(parameters).map_err(|e| milp::backend_error(self, e))
            }
            Backend::Native => check_native_parameters(parameters),
            #[allow(unreachable_patterns)]
            _ => Err(Error::NotCompiled(self)),
        }
    }

    /// `Ok(self)` when compiled in, else [`Error::NotCompiled`].
    pub fn require(self) -> Result<Backend, Error> {
        if self.is_compiled() { Ok(self) } else { Err(Error::NotCompiled(self)) }
    }
}

impl fmt::Display for Backend {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Backend {
    type Err = String;
    fn from_str(s: &str) -> Result<Backend, String> {
        Backend::ALL
            .into_iter()
            .find(|b| b.name() == s)
            .ok_or_else(|| format!("unknown backend '{s}' (expected cp-sat, highs, native, cbc, scip or microlp)"))
    }
}

/// Stops running and later solves from any thread (the CLI wires Ctrl-C and SIGTERM to it).
/// Each backend turns it into its own stop request: CP-SAT's stop call, HiGHS's interrupt
/// callback, SCIP's `SCIPinterruptSolve`, CBC's Ctrl-C handler called by a watcher, the native
/// solvers' polled flag; microlp, which has none, stops between two solves of a count. A
/// solve then ends with what it found.
#[derive(Clone, Debug, Default)]
pub struct Interrupt {
    flag: Arc<AtomicBool>,
    #[cfg(feature = "cp-sat")]
    cp_sat: masu_cpsat::StopHandle,
}

impl Interrupt {
    /// Not interrupted.
    pub fn new() -> Interrupt {
        Interrupt::default()
    }
    /// Interrupts.
    pub fn interrupt(&self) {
        self.flag.store(true, Ordering::SeqCst);
        #[cfg(feature = "cp-sat")]
        self.cp_sat.stop();
    }
    /// Whether [`Interrupt::interrupt`] was called.
    pub fn is_interrupted(&self) -> bool {
        self.flag.load(Ordering::SeqCst)
    }
    /// The flag [`Interrupt::interrupt`] sets, for solvers that watch one.
    pub fn flag(&self) -> &AtomicBool {
        &self.flag
    }
    /// The CP-SAT stop handle that this interrupt triggers.
    #[cfg(feature = "cp-sat")]
    pub fn cp_sat_handle(&self) -> masu_cpsat::StopHandle {
        self.cp_sat.clone()
    }
}

/// When a long search must stop: at a deadline, or on an interrupt (for solvers polled
/// from inside, such as CaDiCaL's terminate callback in `masu-sat`).
#[derive(Clone, Debug)]
pub struct StopAt {
    /// Stop at this instant, if any.
    pub deadline: Option<std::time::Instant>,
    /// Stop when interrupted.
    pub interrupt: Interrupt,
}

impl StopAt {
    /// The deadline has passed or the interrupt was triggered.
    pub fn reached(&self) -> bool {
        self.deadline.is_some_and(|d| std::time::Instant::now() >= d) || self.interrupt.is_interrupted()
    }
}

/// How to solve: limits shared by every backend.
#[derive(Clone, Debug)]
pub struct SolveOptions {
    /// Wall-clock limit for the whole solve, counting included.
    pub time_limit: Option<Duration>,
    /// Threads the backend may use (CP-SAT workers, HiGHS threads); `None`: its default.
    pub threads: Option<u32>,
    /// Stop after this many solutions: 1 solves, 2 decides uniqueness, N counts up to N.
    pub solution_limit: usize,
    /// Stops the solve from another thread.
    pub interrupt: Interrupt,
    /// The largest model a formulation may build, in its own unit (for nonogram `patterns`:
    /// placements); past it the formulation refuses with [`Error::TooLarge`] before building.
    pub size_limit: u64,
    /// Solves running at once (`--jobs`), which share the free memory: each may take this
    /// fraction of it ([`SolveOptions::memory_limit`]). 0 counts as 1.
    pub parallel_solves: u32,
    /// Raw backend parameters (`--param KEY=VALUE`), by the backend's own names, checked by
    /// [`Backend::check_parameters`]; they come after masu's own settings, so they win.
    pub parameters: Vec<(String, String)>,
    /// Write the backend's own log to stderr.
    pub log: bool,
    /// Write each model built, in the backend's format, before solving it.
    pub export: Option<Export>,
}

/// Where models are exported: `DIR/STEM.EXT` for a solve's first model of each format, then
/// `DIR/STEM.2.EXT`, ... (a formulation may build several, as numberlink's `connected` does).
#[derive(Clone, Debug)]
pub struct Export {
    /// The folder.
    pub dir: std::path::PathBuf,
    /// The file name without extension (a puzzle's id).
    pub stem: String,
    written: Arc<std::sync::Mutex<std::collections::HashMap<String, usize>>>,
}

impl Export {
    /// Files named after `stem` in `dir`.
    pub fn new(dir: impl Into<std::path::PathBuf>, stem: &str) -> Export {
        let stem: String =
            stem.chars().map(|c| if c.is_alphanumeric() || "-_.".contains(c) { c } else { '_' }).collect();
        Export { dir: dir.into(), stem, written: Arc::default() }
    }

    /// Writes the next file of format `extension`; its path.
    pub fn write(&self, extension: &str, bytes: &[u8]) -> Result<std::path::PathBuf, Error> {
        let n = {
            let mut written = self.written.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
            let n = written.entry(extension.to_string()).or_default();
            *n += 1;
            *n
        };
        let name = if n == 1 { format!("{}.{extension}", self.stem) } else { format!("{}.{n}.{extension}", self.stem) };
        let path = self.dir.join(name);
        std::fs::create_dir_all(&self.dir)
            .and_then(|()| std::fs::write(&path, bytes))
            .map_err(|e| Error::Export(format!("{}: {e}", path.display())))?;
        Ok(path)
    }
}

impl SolveOptions {
    /// How far a solve that took `wall` went past the time limit (`None`: no limit, or
    /// within it).
    pub fn overrun(&self, wall: Duration) -> Option<Duration> {
        self.time_limit.and_then(|limit| wall.checked_sub(limit)).filter(|over| !over.is_zero())
    }
    /// The last value given to raw parameter `name`, parsed (`None` when absent or not a
    /// `T`: [`Backend::check_parameters`] refuses such values before a solve).
    pub fn parameter<T: FromStr>(&self, name: &str) -> Option<T> {
        self.parameters.iter().rev().find(|(n, _)| n == name).and_then(|(_, v)| v.trim().parse().ok())
    }

    /// A CP-SAT solver with these limits, stopped by this interrupt.
    #[cfg(feature = "cp-sat")]
    pub fn cp_sat_solver(&self) -> masu_cpsat::CpSolver {
        let parameters = masu_cpsat::Parameters {
            time_limit: self.time_limit,
            workers: self.threads,
            memory_limit: self.memory_limit(),
            log: self.log,
            raw: self.parameters.clone(),
            ..Default::default()
        };
        let mut solver = masu_cpsat::CpSolver::with_stop_handle(parameters, self.interrupt.cp_sat_handle());
        if let Some(export) = self.export.clone() {
            let write = move |bytes: &[u8]| export.write("pb", bytes).map(|_| ()).map_err(|e| e.to_string());
            solver.export = Some(masu_cpsat::Exporter::new(write));
        }
        solver
    }

    /// The memory one solve may take: its share of [`available_memory`] among
    /// [`SolveOptions::parallel_solves`]. Backends refuse models that need more.
    pub fn memory_limit(&self) -> Option<u64> {
        available_memory().map(|free| free / u64::from(self.parallel_solves.max(1)))
    }
}

/// The native solvers' parameters: `handover`, the search's budget before it hands over to
/// clause learning (nonogram: probes, 200,000 by default; numberlink: nodes, 20,000), and
/// numberlink `frontier`'s `touch` (`false`: only paths that never run beside themselves).
fn check_native_parameters(parameters: &[(String, String)]) -> Result<(), Error> {
    for (name, value) in parameters {
        let refuse =
            |reason: &str| Error::Parameter { backend: Backend::Native, name: name.clone(), reason: reason.into() };
        match name.as_str() {
            "handover" => {
                value.trim().parse::<u64>().map_err(|_| refuse(&format!("'{value}' is not a number of steps")))?;
            }
            "touch" => {
                value.trim().parse::<bool>().map_err(|_| refuse(&format!("'{value}' is not true or false")))?;
            }
            _ => return Err(refuse("the native solvers take two parameters, handover and touch")),
        }
    }
    Ok(())
}

/// The memory this process may still take, in bytes: the system's `MemAvailable`, or less
/// under a cgroup (container) limit; `None` where neither can be read (not Linux). Solves
/// refuse models their backend could not load in it ([`Error::TooLarge`]).
pub fn available_memory() -> Option<u64> {
    let read = |path: &str| std::fs::read_to_string(path).ok();
    let system = read("/proc/meminfo").and_then(|info| {
        let line = info.lines().find(|l| l.starts_with("MemAvailable:"))?;
        Some(line.split_whitespace().nth(1)?.parse::<u64>().ok()? * 1024)
    });
    let number = |path: &str| read(path)?.trim().parse::<u64>().ok();
    let cgroup = number("/sys/fs/cgroup/memory.max")
        .map(|max| max.saturating_sub(number("/sys/fs/cgroup/memory.current").unwrap_or(0)));
    match (system, cgroup) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

/// `Ok` when `formulation` (which runs on `backends`) can run on `backend` in this build;
/// else the typed reason: [`Error::NotApplicable`] or [`Error::NotCompiled`].
pub fn check_backend(formulation: &str, backends: &[Backend], backend: Backend) -> Result<(), Error> {
    if !backends.contains(&backend) {
        let names: Vec<&str> = backends.iter().map(|b| b.name()).collect();
        return Err(Error::NotApplicable {
            formulation: formulation.into(),
            backend,
            reason: format!("it runs on {}", names.join(" and ")),
        });
    }
    backend.require().map(|_| ())
}

/// Runs `search` on a thread of its own whose stack holds `depth` levels of `frame_bytes`
/// each (plus 1 MiB), for native searches that recurse once per step: a large puzzle then
/// cannot overflow the caller's stack. A stack the system cannot give is
/// [`Error::TooLarge`]; a panic in `search` is resumed on the caller's thread.
pub fn on_sized_stack<T: Send>(
    name: &str,
    depth: usize,
    frame_bytes: usize,
    search: impl FnOnce() -> Result<T, Error> + Send,
) -> Result<T, Error> {
    let stack = depth.saturating_mul(frame_bytes).saturating_add(1 << 20);
    std::thread::scope(|scope| {
        let thread = std::thread::Builder::new()
            .name(name.into())
            .stack_size(stack)
            .spawn_scoped(scope, search)
            .map_err(|e| Error::TooLarge(format!("{name} needs a {} MiB stack: {e}", stack >> 20)))?;
        thread.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic))
    })
}

impl Default for SolveOptions {
    fn default() -> Self {
        SolveOptions {
            time_limit: None,
            threads: None,
            solution_limit: 2,
            interrupt: Interrupt::new(),
            size_limit: 100_000,
            parallel_solves: 1,
            parameters: Vec::new(),
            log: false,
            export: None,
        }
    }
}

/// What can go wrong from a model to a report.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum Error {
    /// The formulation cannot be expressed on the backend (e.g. AllDifferent on HiGHS).
    #[error("formulation '{formulation}' cannot run on {backend}: {reason}")]
    NotApplicable {
        /// The formulation's name.
        formulation: String,
        /// The backend asked for.
        backend: Backend,
        /// Why not.
        reason: String,
    },
    /// This build of masu leaves the backend out.
    #[error("backend {0} is not compiled in (enable the Cargo feature '{0}')")]
    NotCompiled(Backend),
    /// The model is too large: past the formulation's `size_limit` (which can be raised), or
    /// for the memory left to the backend.
    #[error("model too large: {0}")]
    TooLarge(String),
    /// CP-SAT rejected the model or failed (a model too large for it is [`Error::TooLarge`]).
    #[cfg(feature = "cp-sat")]
    #[error(transparent)]
    CpSat(masu_cpsat::Error),
    /// HiGHS failed (not: infeasible, which is a status).
    #[error("HiGHS: {0}")]
    Highs(String),
    /// CBC, SCIP or microlp failed (not: infeasible, which is a status).
    #[error("{backend}: {message}")]
    Backend {
        /// The backend.
        backend: Backend,
        /// What it said.
        message: String,
    },
    /// A raw parameter (`--param`) the backend does not know, or a value it refuses.
    #[error("{backend} parameter '{name}': {reason}")]
    Parameter {
        /// The backend.
        backend: Backend,
        /// The parameter's name as given.
        name: String,
        /// Why it was refused.
        reason: String,
    },
    /// A model could not be written (`--export`).
    #[error("cannot export the model: {0}")]
    Export(String),
    /// A backend returned a solution that the puzzle's checker rejects: a bug, never hidden.
    #[error("the {backend} answer fails the checker: {reason}")]
    WrongAnswer {
        /// The backend that answered.
        backend: Backend,
        /// What the checker found.
        reason: String,
    },
}

#[cfg(feature = "cp-sat")]
impl From<masu_cpsat::Error> for Error {
    fn from(e: masu_cpsat::Error) -> Error {
        match e {
            masu_cpsat::Error::TooLarge(why) => Error::TooLarge(format!("CP-SAT: {why}")),
            masu_cpsat::Error::Export(why) => Error::Export(why),
            e => Error::CpSat(e),
        }
    }
}

#[cfg(all(test, feature = "highs"))]
mod version_tests {
    /// The linked HiGHS reports the version of the `highs-sys` that Cargo.lock pins.
    #[test]
    fn the_highs_version_is_read_from_the_library_cargo_lock_builds() {
        let lock = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../Cargo.lock")).unwrap();
        let at = lock.find("name = \"highs-sys\"\nversion = \"").expect("highs-sys in Cargo.lock");
        let version = lock[at..].split('"').nth(3).unwrap();
        assert_eq!(crate::Backend::Highs.version(), format!("HiGHS {version}"));
    }
}
