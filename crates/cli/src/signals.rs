//! Ctrl-C (SIGINT) and SIGTERM, taken by one thread of masu's and turned into the
//! [`Interrupt`] every solve watches.
//!
//! [`install`] blocks both signals in the main thread before any other thread exists. Every
//! thread started later — masu's, and the C libraries' own (CP-SAT's workers, HiGHS's, CBC's,
//! SCIP's) — inherits the block, so the kernel never runs a handler for them, whatever
//! handler a library installs: the signal stays pending until the watcher thread takes it
//! with `sigwait`. The watcher then sets the interrupt, which each backend turns into its own
//! stop request (CP-SAT's `StopSearch`, HiGHS's interrupt callback, SCIP's
//! `SCIPinterruptSolve`, CBC's event flag, the native solvers' polled flag; microlp, which has
//! no stop request, stops between two solves of a count). The batch prints what finished and exits with 130.
//!
//! The bound: if the process has not ended [`STOP_BOUND`] after the signal (a backend busy in
//! a phase that reads no stop request, such as CBC's preprocessing), the watcher ends it with
//! exit status 130; the lines already printed stay. A second signal ends it at once; signals
//! that arrive within [`TOGETHER`] of the first are that one stop (GNU `timeout` signals the
//! child and then its process group, so one stop can come twice at once). Child processes
//! start with an empty signal mask (the standard library resets it).
#![allow(unsafe_code)]

use std::process::ExitCode;
use std::sync::OnceLock;
use std::time::Duration;

use anyhow::{Context, Result};
use masu_core::Interrupt;
use nix::sys::signal::{SigSet, Signal};

/// How long after a signal the process may still run.
pub(crate) const STOP_BOUND: Duration = Duration::from_secs(3);

/// Signals this close to the first are the same stop; a person pressing Ctrl-C again takes
/// longer.
pub(crate) const TOGETHER: Duration = Duration::from_millis(100);

static INTERRUPT: OnceLock<Interrupt> = OnceLock::new();

/// What to print when the process must end before its work winds down (a backend that heeds
/// no stop): a batch shows what finished.
type LastWords = Box<dyn FnOnce() + Send>;
static LAST_WORDS: std::sync::Mutex<Option<LastWords>> = std::sync::Mutex::new(None);

/// Sets what the process prints when a stop is not heeded within the bound (replacing any
/// before); [`quiet`] clears it once the work has ended by itself.
pub(crate) fn last_words(words: impl FnOnce() + Send + 'static) {
    *LAST_WORDS.lock().unwrap_or_else(std::sync::PoisonError::into_inner) = Some(Box::new(words));
}

/// Clears [`last_words`].
pub(crate) fn quiet() {
    LAST_WORDS.lock().unwrap_or_else(std::sync::PoisonError::into_inner).take();
}

/// Runs the last words, if any, on a thread of their own for at most `bound`.
fn say_last_words(bound: Duration) {
    let Some(words) = LAST_WORDS.try_lock().ok().and_then(|mut w| w.take()) else { return };
    let (done, wait) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        words();
        let _ = done.send(());
    });
    let _ = wait.recv_timeout(bound);
}

/// Blocks SIGINT and SIGTERM in this thread (call it first in `main`, before any thread is
/// started) and starts the watcher.
pub(crate) fn install() -> Result<()> {
    let interrupt = INTERRUPT.get_or_init(Interrupt::new).clone();
    let mut signals = SigSet::empty();
    signals.add(Signal::SIGINT);
    signals.add(Signal::SIGTERM);
    signals.thread_block().context("cannot block SIGINT and SIGTERM")?;
    std::thread::Builder::new()
        .name("masu-signals".into())
        .spawn(move || watch(&signals, &interrupt))
        .context("cannot start the signal watcher")?;
    Ok(())
}

/// The interrupt that Ctrl-C and SIGTERM trigger.
pub(crate) fn interrupt() -> Interrupt {
    INTERRUPT.get_or_init(Interrupt::new).clone()
}

fn watch(signals: &SigSet, interrupt: &Interrupt) {
    let Ok(signal) = signals.wait() else { return };
    let first = std::time::Instant::now();
    interrupt.interrupt();
    std::thread::spawn(move || {
        // The last second of the bound is for printing what finished.
        std::thread::sleep(STOP_BOUND - Duration::from_secs(1));
        say_last_words(Duration::from_secs(1));
        eprintln!("masu: still running {} s after {signal}: stopped", STOP_BOUND.as_secs());
        exit_now(130);
    });
    while let Ok(again) = signals.wait() {
        if first.elapsed() >= TOGETHER {
            eprintln!("masu: {again} again: stopped");
            exit_now(130);
        }
    }
}

/// Ends the process at once, running no exit handler: the C++ libraries' static destructors
/// must not run while their threads are still solving.
fn exit_now(code: i32) -> ! {
    // SAFETY: _exit ends the process without touching its memory; it is async-signal-safe and
    // may be called from any thread.
    unsafe { libc::_exit(code) }
}

/// The exit status of a batch: 130 when interrupted, 1 when anything failed, else 0.
pub(crate) fn exit_status(interrupt: &Interrupt, failed: bool) -> ExitCode {
    if interrupt.is_interrupted() {
        ExitCode::from(130)
    } else if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}
