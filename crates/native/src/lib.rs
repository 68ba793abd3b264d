//! What the solver bindings of every family share, below them all:
//!
//! - a C library opened at its first call ([`library_api!`]: one function pointer a symbol,
//!   read once for the process), from the first of its candidate paths that opens ([`open`]),
//!   and the wait for a library that `./masu` builds beside cargo (HiGHS's, CaDiCaL's) and is
//!   still building ([`wait_for_build`]);
//! - a solver run as a program ([`program`]: Gurobi's Python child, CP Optimizer's and
//!   Gecode's programs), to its end or to the stop flag, its output read whole;
//! - a C solver stopped from a watcher thread ([`watched`]);
//! - what a solve is given ([`Settings`]) and what can go wrong ([`Error`]), one type each for
//!   the MILP and CP solvers alike.
//!
//! Invariant: a library once opened stays open for the life of the process (it sits in a
//! static beside the pointers read from it), so a pointer read from it never dangles.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

pub use libloading;

mod library;
pub mod program;

pub use library::{LoadError, candidates, open, wait_for_build};

/// How to solve.
#[derive(Clone, Debug, Default)]
pub struct Settings<'a> {
    /// Wall-clock limit of this solve.
    pub time_limit: Option<Duration>,
    /// Write the solver's own log to stderr.
    pub log: bool,
    /// Raw solver options, by the solver's own names, checked by `check_parameters`.
    pub parameters: &'a [(String, String)],
    /// Set from another thread to stop the solve.
    pub stop: Option<&'a AtomicBool>,
    /// Threads, for a solver that runs on several (`None`: its default).
    pub threads: Option<u32>,
}

impl Settings<'_> {
    /// Whether the stop flag is set.
    pub fn stopped(&self) -> bool {
        self.stop.is_some_and(|s| s.load(Ordering::SeqCst))
    }

    /// When the time limit runs out, counted from now (`None`: no limit).
    pub fn deadline(&self) -> Option<Instant> {
        self.time_limit.map(|limit| Instant::now() + limit)
    }
}

/// What can go wrong.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum Error {
    /// The library could not be opened, or failed.
    #[error("{0}")]
    Library(String),
    /// A raw parameter the solver does not know, or a value it refuses.
    #[error("{solver} parameter '{name}': {reason}")]
    Parameter {
        /// The solver.
        solver: &'static str,
        /// The parameter's name as given.
        name: String,
        /// Why it was refused.
        reason: String,
    },
    /// The model cannot be handed to the solver (e.g. past its index type).
    #[error("{0}")]
    TooLarge(String),
    /// The solver's licence does not take a model of this size (CPLEX's Community Edition):
    /// said before the model is sent.
    #[error("{0}")]
    Licence(String),
    /// The solver's program is not on this machine: how to install it.
    #[error("{0}")]
    NotInstalled(String),
}

impl From<LoadError> for Error {
    fn from(e: LoadError) -> Error {
        Error::Library(e.0)
    }
}

/// The check of raw parameters for a backend that takes none (`solver`: its name): the first
/// is refused.
pub fn takes_none(solver: &'static str, parameters: &[(String, String)]) -> Result<(), Error> {
    match parameters.first() {
        Some((name, _)) => Err(Error::Parameter {
            solver,
            name: name.clone(),
            reason: format!("masu's {solver} backend takes no parameters"),
        }),
        None => Ok(()),
    }
}

/// `text` as a C string, for a solver's names and values (a NUL byte inside is an error).
pub fn c_string(text: &str) -> Result<std::ffi::CString, Error> {
    std::ffi::CString::new(text).map_err(|_| Error::Library(format!("'{text}' holds a NUL byte")))
}

/// Runs `solve` while a watcher thread calls `request` every 10 ms once `stop` is set or
/// `deadline` has passed, until `solve` returns: how a C solver whose stop request comes from
/// another thread is stopped. The request is repeated because a solver may not be listening
/// yet when it first comes. A `deadline` backs up a solver's own time limit where that limit
/// hangs on a timer of the solver's that can fail to fire. (HiGHS needs none: it asks a
/// callback.)
pub fn watched<T>(
    stop: Option<&AtomicBool>,
    deadline: Option<Instant>,
    request: impl Fn() + Sync,
    solve: impl FnOnce() -> T,
) -> T {
    if stop.is_none() && deadline.is_none() {
        return solve();
    }
    let done = AtomicBool::new(false);
    std::thread::scope(|scope| {
        scope.spawn(|| {
            while !done.load(Ordering::SeqCst) {
                if stop.is_some_and(|s| s.load(Ordering::SeqCst)) || deadline.is_some_and(|d| Instant::now() >= d) {
                    request();
                }
                std::thread::sleep(Duration::from_millis(10));
            }
        });
        let result = solve();
        done.store(true, Ordering::SeqCst);
        result
    })
}
