//! What the C solvers share beside opening their libraries (`masu_native::library_api!`): sending the C
//! library's standard output to standard error (the solvers log to stdout, where masu writes
//! answers), and keeping the process's Ctrl-C handler
//! through a solver that installs its own.
#![allow(unsafe_code)]

#[cfg(any(feature = "cbc", feature = "cplex"))]
use std::ffi::c_int;
#[cfg(any(feature = "cbc", feature = "cplex"))]
use std::io::Write;

#[cfg(any(feature = "highs", feature = "scip", feature = "cplex", feature = "xpress"))]
/// `parameters` (`--param`) checked one by one by `set` on a handle `fresh` opens (HiGHS's
/// or SCIP's instance, CPLEX's environment, Xpress's problem), opened only when there is one.
pub(crate) fn check_each<T>(
    parameters: &[(String, String)],
    fresh: impl FnOnce() -> Result<T, crate::Error>,
    set: impl Fn(&T, &str, &str) -> Result<(), crate::Error>,
) -> Result<(), crate::Error> {
    if parameters.is_empty() {
        return Ok(());
    }
    let handle = fresh()?;
    parameters.iter().try_for_each(|(name, value)| set(&handle, name, value))
}

/// While alive, file descriptor 1 (standard output) is standard error: what a C library
/// prints goes there. Only for a solve that logs, one at a time (the CLI's `--log`): the
/// swap is process-wide.
#[cfg(any(feature = "cbc", feature = "cplex"))]
pub(crate) struct StdoutToStderr {
    saved: c_int,
}

#[cfg(any(feature = "cbc", feature = "cplex"))]
impl StdoutToStderr {
    pub(crate) fn new() -> Option<StdoutToStderr> {
        let _ = std::io::stdout().flush();
        // SAFETY: fflush(NULL) flushes every C stream; dup and dup2 take and return plain
        // descriptors, checked before use.
        unsafe {
            libc::fflush(std::ptr::null_mut());
            let saved = libc::dup(1);
            if saved < 0 {
                return None;
            }
            if libc::dup2(2, 1) < 0 {
                libc::close(saved);
                return None;
            }
            Some(StdoutToStderr { saved })
        }
    }
}

#[cfg(any(feature = "cbc", feature = "cplex"))]
impl Drop for StdoutToStderr {
    fn drop(&mut self) {
        // SAFETY: `saved` is the descriptor dup returned in `new`, still open; it is closed
        // once, here.
        unsafe {
            libc::fflush(std::ptr::null_mut());
            libc::dup2(self.saved, 1);
            libc::close(self.saved);
        }
    }
}

/// The process's SIGINT disposition, as `sigaction` reads it.
#[cfg(feature = "cbc")]
fn sigint_action() -> Option<libc::sigaction> {
    // SAFETY: sigaction with a null new action only reads the current one into `old`, a
    // valid, writable sigaction.
    unsafe {
        let mut old: libc::sigaction = std::mem::zeroed();
        (libc::sigaction(libc::SIGINT, std::ptr::null(), &mut old) == 0).then_some(old)
    }
}

/// Calls the SIGINT handler that a C solver installed for its solve (one that differs from
/// `before`, the handler when the solve began), as the kernel would on a Ctrl-C: CBC's stops
/// its search. Nothing when the solver has installed none (yet).
#[cfg(feature = "cbc")]
pub(crate) fn call_solver_sigint_handler(before: libc::sighandler_t) {
    let Some(action) = sigint_action() else { return };
    let handler = action.sa_sigaction;
    if action.sa_flags & libc::SA_SIGINFO != 0
        || handler == before
        || handler == libc::SIG_DFL
        || handler == libc::SIG_IGN
    {
        return;
    }
    // SAFETY: `handler` is a one-argument signal handler (not SA_SIGINFO, not a special
    // value) that the solver installed with signal(); calling it with SIGINT from a thread is
    // what delivery of the signal to that thread would do.
    unsafe {
        let handler: extern "C" fn(c_int) = std::mem::transmute(handler);
        handler(libc::SIGINT);
    }
}

/// Runs `solve`, given the SIGINT handler it starts with, and puts back the SIGINT
/// disposition it found: CBC installs its own Ctrl-C handler and leaves it. When a real signal
/// stopped the solve (`interrupted`), it is raised again for the restored handler, so a
/// program that handles SIGINT itself still sees it. (The masu CLI takes signals on a thread
/// of its own: none reaches CBC.) Where the disposition cannot be read, `solve` gets
/// `SIG_DFL` and nothing is put back.
#[cfg(feature = "cbc")]
pub(crate) fn keeping_sigint<T>(
    solve: impl FnOnce(libc::sighandler_t) -> T,
    interrupted: impl FnOnce(&T) -> bool,
) -> T {
    let old = sigint_action();
    let result = solve(old.map_or(libc::SIG_DFL, |old| old.sa_sigaction));
    if let Some(old) = old {
        // SAFETY: `old` is the disposition read above, put back unchanged.
        unsafe { libc::sigaction(libc::SIGINT, &old, std::ptr::null_mut()) };
        if interrupted(&result) {
            // SAFETY: raising SIGINT runs the restored handler (or the default action, which
            // is what the process had chosen).
            unsafe { libc::raise(libc::SIGINT) };
        }
    }
    result
}

/// Runs `f` with standard output going to a temporary file, and returns what was printed
/// there (for a library that reports errors only by printing them).
#[cfg(feature = "cbc")]
pub(crate) fn capture_stdout<T>(f: impl FnOnce() -> T) -> std::io::Result<(T, String)> {
    use std::io::{Read, Seek};
    use std::os::fd::AsRawFd;
    // A file with no name (unlinked at once): nobody else can open or replace it.
    let mut file = tempfile::tempfile()?;
    let _ = std::io::stdout().flush();
    // SAFETY: as in StdoutToStderr::new, with the temporary file's descriptor, open until
    // the end of this function, in place of standard error.
    let saved = unsafe {
        libc::fflush(std::ptr::null_mut());
        let saved = libc::dup(1);
        if saved < 0 || libc::dup2(file.as_raw_fd(), 1) < 0 {
            if saved >= 0 {
                libc::close(saved);
            }
            return Err(std::io::Error::last_os_error());
        }
        saved
    };
    let result = f();
    // SAFETY: `saved` is the original standard output, duplicated above and closed once.
    unsafe {
        libc::fflush(std::ptr::null_mut());
        libc::dup2(saved, 1);
        libc::close(saved);
    }
    let mut text = String::new();
    file.rewind()?;
    file.read_to_string(&mut text)?;
    Ok((result, text))
}
