//! A solve on Python's main thread, stopped by Ctrl-C as the command line's is.

use masu_core::Interrupt;
use pyo3::prelude::*;

/// The interrupt of the solve running on Python's main thread, for [`stop_main`].
static MAIN: std::sync::Mutex<Option<Interrupt>> = std::sync::Mutex::new(None);

/// Runs `work` on this thread with the GIL released. On Python's main thread (`main`), the
/// package's watcher (`masu._Stop`) sees each signal Python's handler records while the
/// work runs and calls [`stop_main`], which fires `interrupt`: the solve stops as the command
/// line's does on Ctrl-C, and the signal's handler (`KeyboardInterrupt`) runs once the
/// work has ended.
pub(crate) fn stoppable<T: Send>(
    py: Python<'_>,
    interrupt: &Interrupt,
    main: bool,
    work: impl FnOnce() -> T + Send,
) -> PyResult<T> {
    if !main {
        return Ok(py.detach(work));
    }
    *MAIN.lock().unwrap_or_else(std::sync::PoisonError::into_inner) = Some(interrupt.clone());
    let ended = Ended;
    // A signal that came before the interrupt was in place is answered now.
    py.check_signals()?;
    let done = py.detach(work);
    drop(ended);
    py.check_signals()?;
    Ok(done)
}

/// Takes the main thread's interrupt away when its work ends, however it ends.
struct Ended;

impl Drop for Ended {
    fn drop(&mut self) {
        MAIN.lock().unwrap_or_else(std::sync::PoisonError::into_inner).take();
    }
}

/// Stops the solve running on Python's main thread, if one is: the package's signal
/// watcher calls it when Python's handler has recorded a signal.
#[pyfunction]
pub(crate) fn stop_main() {
    if let Some(interrupt) = MAIN.lock().unwrap_or_else(std::sync::PoisonError::into_inner).as_ref() {
        interrupt.interrupt();
    }
}
