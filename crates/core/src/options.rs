//! How to solve: the limits every backend shares ([`SolveOptions`]), the interrupt that stops
//! a solve from another thread, and where models are exported.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use crate::{Error, Parameter, ParameterValue, Value, available_memory};

/// Stops running and later solves from any thread (the CLI wires Ctrl-C and SIGTERM to it).
/// Each backend turns it into its own stop request: CP-SAT's stop call, HiGHS's interrupt
/// callback, SCIP's `SCIPinterruptSolve`, CBC's Ctrl-C handler called by a watcher, the native
/// solvers' polled flag; microlp, which has none, stops between two solves of a count. A
/// solve then ends with what it found.
#[derive(Clone, Debug, Default)]
pub struct Interrupt {
    flag: Arc<AtomicBool>,
    #[cfg(feature = "cp-sat")]
    cp_sat: masu_cp::StopHandle,
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
    pub fn cp_sat_handle(&self) -> masu_cp::StopHandle {
        self.cp_sat.clone()
    }
}

/// A solve's clock: its time limit and its interrupt, and, once the solve starts
/// ([`Clock::start`]), when it started and so when it must stop. Every engine asks it
/// ([`SolveOptions::clock`]) instead of computing a deadline of its own; a stage given part
/// of the time gets a clock of its own ([`Clock::share`]), handed on in its options
/// ([`SolveOptions::with_clock`]).
///
/// A clock not started yet ([`Clock::within`], the options' default) reads as one started
/// when it was made; [`Clock::start`] starts it anew. A started clock stays as it is.
#[derive(Clone, Debug)]
pub struct Clock {
    started: Instant,
    deadline: Option<Instant>,
    interrupt: Interrupt,
    /// Whether [`Clock::start`] fixed `started` (else a solve starting it starts it anew).
    running: bool,
}

impl Default for Clock {
    /// No limit, a fresh interrupt, not started.
    fn default() -> Clock {
        Clock::within(None)
    }
}

impl Clock {
    /// Starts now, with `time_limit` to run.
    pub fn new(time_limit: Option<Duration>, interrupt: Interrupt) -> Clock {
        let started = Instant::now();
        Clock { started, deadline: time_limit.map(|t| started + t), interrupt, running: true }
    }
    /// Not started: `time_limit` from when a solve starts it, and a fresh interrupt.
    pub fn within(time_limit: Option<Duration>) -> Clock {
        Clock { running: false, ..Clock::new(time_limit, Interrupt::new()) }
    }
    /// The same clock with `time_limit`: a clock not started takes it as its limit, a running
    /// one stops at most `time_limit` from now.
    pub fn limited(&self, time_limit: Option<Duration>) -> Clock {
        match self.running {
            true => self.for_at_most(time_limit),
            false => Clock::within(time_limit).stopped_by(&self.interrupt),
        }
    }
    /// The same clock, stopped by `interrupt` instead of its own.
    pub fn stopped_by(&self, interrupt: &Interrupt) -> Clock {
        Clock { interrupt: interrupt.clone(), ..self.clone() }
    }
    /// Started: this clock if it runs, else one with its limit and interrupt starting now.
    pub fn start(&self) -> Clock {
        match self.running {
            true => self.clone(),
            false => Clock::new(self.limit(), self.interrupt.clone()),
        }
    }
    /// The deadline has passed or the interrupt was triggered.
    pub fn reached(&self) -> bool {
        self.deadline.is_some_and(|d| Instant::now() >= d) || self.interrupt.is_interrupted()
    }
    /// The interrupt was triggered (Ctrl-C, or a caller's stop), whatever the deadline.
    pub fn interrupted(&self) -> bool {
        self.interrupt.is_interrupted()
    }
    /// The interrupt that stops it.
    pub fn interrupt(&self) -> &Interrupt {
        &self.interrupt
    }
    /// When it must stop, if it has a limit.
    pub fn deadline(&self) -> Option<Instant> {
        self.deadline
    }
    /// The time left (`None`: no limit).
    pub fn left(&self) -> Option<Duration> {
        self.deadline.map(|d| d.saturating_duration_since(Instant::now()))
    }
    /// The whole time it was given (`None`: no limit).
    pub fn limit(&self) -> Option<Duration> {
        self.deadline.map(|d| d.saturating_duration_since(self.started))
    }
    /// The time since it started.
    pub fn elapsed(&self) -> Duration {
        self.started.elapsed()
    }
    /// When it started.
    pub fn started(&self) -> Instant {
        self.started
    }
    /// The same clock, its deadline the earlier of its own and `deadline`.
    pub fn until(&self, deadline: Option<Instant>) -> Clock {
        let deadline = match (self.deadline, deadline) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        Clock { deadline, ..self.clone() }
    }
    /// The same clock, stopping at most `time` from now (`None`: as it would).
    pub fn for_at_most(&self, time: Option<Duration>) -> Clock {
        self.until(time.map(|t| Instant::now() + t))
    }
    /// A stage's clock, started now, with `fraction` of the time left (no limit without one).
    pub fn share(&self, fraction: f64) -> Clock {
        Clock::new(self.left().map(|t| t.mul_f64(fraction)), self.interrupt.clone())
    }
}

/// How to solve: limits shared by every backend.
#[derive(Clone, Debug)]
pub struct SolveOptions {
    /// Threads the backend may use (CP-SAT workers, HiGHS threads); `None`: its default.
    pub threads: Option<u32>,
    /// Stop after this many solutions: 1 solves, 2 decides uniqueness, N counts up to N.
    pub solution_limit: usize,
    /// How many of them a report lists (at least the two that uniqueness needs): the count
    /// goes on past them, and methods that honour it keep no more, so a count's memory does
    /// not grow with `solution_limit`. Default: all.
    pub keep: usize,
    /// The largest model a formulation may build, in its own unit (for nonogram `patterns`:
    /// placements); past it the formulation refuses with [`Error::TooLarge`] before building.
    pub size_limit: u64,
    /// The most memory this solve may take, in bytes (`None`: what the system has available
    /// when it starts); a harness running several solves at once gives each its share.
    pub memory: Option<u64>,
    /// Raw backend parameters (`--param KEY=VALUE`), by the backend's own names, checked by
    /// [`check_parameters`](crate::check_parameters); they come after masu's own settings, so they win.
    pub parameters: Vec<(String, String)>,
    /// The parameters masu itself acts on (a kind's native ones, and those of a backend's
    /// own that its glue reads), each read once from its text by
    /// [`check_parameters`](crate::check_parameters).
    pub read: Vec<(&'static str, ParameterValue)>,
    /// Write the backend's own log to stderr.
    pub log: bool,
    /// Write each model built, in the backend's format, before solving it.
    pub export: Option<Export>,
    /// Certify each verdict that claims no further solution ([`crate::certify`]).
    pub certify: Option<Certify>,
    /// The solve's time limit (wall clock, counting included) and its interrupt, which stops
    /// it from another thread: not started ([`Clock::within`]) until the solve starts
    /// ([`SolveOptions::started`]), then carried whole from stage to stage.
    pub clock: Clock,
}

/// What `--certify` asks: certify each verdict that claims no further solution, keeping the
/// clauses and the proof in `keep`'s folder (`ID.cnf`, `ID.drat`) when given.
#[derive(Clone, Debug, Default)]
pub struct Certify {
    /// Where the clauses and the proof are kept (else a temporary folder, removed).
    pub keep: Option<Export>,
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
        self.time_limit().and_then(|limit| wall.checked_sub(limit)).filter(|over| !over.is_zero())
    }
    /// The whole time the solve is given (`None`: no limit).
    pub fn time_limit(&self) -> Option<Duration> {
        self.clock.limit()
    }
    /// The interrupt that stops the solve.
    pub fn interrupt(&self) -> &Interrupt {
        self.clock.interrupt()
    }
    /// Whether the solve's interrupt was triggered.
    pub fn interrupted(&self) -> bool {
        self.clock.interrupted()
    }
    /// These options with a time limit of `time_limit` from when the solve starts (options
    /// whose clock runs keep it, stopping at most `time_limit` from now).
    pub fn within(&self, time_limit: Option<Duration>) -> SolveOptions {
        SolveOptions { clock: self.clock.limited(time_limit), ..self.clone() }
    }
    /// These options with their own time limit, else `default`'s.
    pub fn within_or(&self, default: Duration) -> SolveOptions {
        self.within(Some(self.time_limit().unwrap_or(default)))
    }
    /// These options stopped by `interrupt` instead of their own.
    pub fn stopped_by(&self, interrupt: &Interrupt) -> SolveOptions {
        SolveOptions { clock: self.clock.stopped_by(interrupt), ..self.clone() }
    }
    /// The solve's clock: the one carried, started if it was not (so a clock not started
    /// reads the time from now).
    pub fn clock(&self) -> Clock {
        self.clock.start()
    }
    /// These options with their clock started, if it was not: every stage of the solve then
    /// reads one deadline.
    pub fn started(&self) -> SolveOptions {
        SolveOptions { clock: self.clock(), ..self.clone() }
    }
    /// These options for a stage run on `clock` (the solve's, or a share of it): its
    /// deadline and its interrupt.
    pub fn with_clock(&self, clock: &Clock) -> SolveOptions {
        SolveOptions { clock: clock.clone(), ..self.clone() }
    }
    /// How many solutions a method keeps to list: [`SolveOptions::keep`], never fewer than
    /// the two that settle uniqueness.
    pub fn kept(&self) -> usize {
        self.keep.max(2)
    }
    /// Parameter `parameter` as given (the last, as masu read it), else its default.
    pub fn get<T: Value>(&self, parameter: &Parameter<T>) -> T {
        let given = self.read.iter().rev().find(|(name, _)| *name == parameter.name);
        given.and_then(|&(_, value)| T::of(value)).unwrap_or(parameter.default)
    }

    /// A CP-SAT solver with these limits, stopped by this interrupt.
    #[cfg(feature = "cp-sat")]
    pub fn cp_sat_solver(&self) -> masu_cp::CpSolver {
        let parameters = masu_cp::Parameters {
            time_limit: self.clock().left(),
            workers: self.threads,
            memory_limit: self.memory_limit(),
            log: self.log,
            raw: self.parameters.clone(),
            ..Default::default()
        };
        let mut solver = masu_cp::CpSolver::with_stop_handle(parameters, self.interrupt().cp_sat_handle());
        if let Some(export) = self.export.clone() {
            let write = move |bytes: &[u8]| export.write("pb", bytes).map(|_| ()).map_err(|e| e.to_string());
            solver.export = Some(masu_cp::Exporter::new(write));
        }
        solver
    }

    /// The settings of one solve of a solver in `masu_milp` within `left`: the log, the raw
    /// parameters, the threads and the stop flag of these options.
    pub fn settings(&self, left: Option<Duration>) -> masu_milp::Settings<'_> {
        masu_milp::Settings {
            time_limit: left,
            log: self.log,
            parameters: &self.parameters,
            stop: Some(self.interrupt().flag()),
            threads: self.threads,
        }
    }

    /// The memory one solve may take: [`SolveOptions::memory`], else what is available
    /// ([`available_memory`]). Backends refuse models that need more.
    pub fn memory_limit(&self) -> Option<u64> {
        self.memory.or_else(available_memory)
    }
}

impl Default for SolveOptions {
    fn default() -> Self {
        SolveOptions {
            threads: None,
            solution_limit: 2,
            keep: usize::MAX,
            size_limit: 100_000,
            memory: None,
            parameters: Vec::new(),
            read: Vec::new(),
            log: false,
            export: None,
            certify: None,
            clock: Clock::default(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Options carry their clock whole: a stage reads the solve's deadline however late it
    /// asks, a time limit set on the way can shorten it but not lengthen it, and a stage's
    /// own interrupt stops its clock.
    #[test]
    fn the_clock_travels_whole() {
        let pending = SolveOptions::default().within(Some(Duration::from_secs(60)));
        std::thread::sleep(Duration::from_millis(20));
        assert_eq!(pending.clock().limit(), Some(Duration::from_secs(60)), "a clock not started starts whole");
        let options = pending.started();
        let deadline = options.clock().deadline().unwrap();
        std::thread::sleep(Duration::from_millis(20));
        assert_eq!(options.clock().deadline(), Some(deadline));
        let stage = options.with_clock(&options.clock());
        std::thread::sleep(Duration::from_millis(20));
        assert_eq!(stage.clock().deadline(), Some(deadline));
        assert_eq!(stage.clock().limit(), Some(Duration::from_secs(60)));
        assert_eq!(stage.within(None).clock().deadline(), Some(deadline));
        assert!(stage.within(Some(Duration::from_secs(1))).clock().deadline().unwrap() < deadline);
        assert!(stage.within(Some(Duration::from_secs(600))).clock().deadline().unwrap() == deadline);
        let own = stage.stopped_by(&Interrupt::new());
        own.interrupt().interrupt();
        assert!(own.clock().reached() && !options.clock().reached());
        assert!(SolveOptions::default().clock().deadline().is_none());
    }
}
