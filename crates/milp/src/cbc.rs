//! CBC 2.10 (COIN-OR branch and cut, the solver of article 003's PuLP) over the C API of the
//! OR-Tools wheel's `libCbcSolver.so.2`, opened at the first solve.
//!
//! A solve loads the matrix column by column (`Cbc_loadProblem`), marks the integers, and
//! runs CBC's own driver (`Cbc_solve`, which is `cbc`'s command line) with the time limit and
//! the raw parameters, which are that command line's (`cbc -?` lists them). This build of CBC
//! has no threads: it solves on one. It stops at its time limit, and when the stop flag is
//! set: CBC's C API has no stop call, so a watcher calls the Ctrl-C handler that CBC installs
//! for its search (which asks the search to stop at its next node) until the solve returns.
//! Before that handler is installed (while CBC preprocesses and solves the root LP) nothing
//! can stop it but its time limit. The process's own SIGINT handler is put back after.
#![allow(unsafe_code)]

use std::ffi::{CStr, CString, c_char, c_double, c_int, c_void};

use crate::dylib::{StdoutToStderr, call_solver_sigint_handler, keeping_sigint};
use crate::{Error, Model, Outcome, Settings};
use masu_native::library_api;
use masu_native::watched;

const FILE: &str = "libCbcSolver.so.2";

type Ptr = *mut c_void;

// The functions of CBC 2.10's `Cbc_C_Interface.h` that masu calls (CoinBigIndex is `int`
// in the wheel's build).
library_api!(FILE, masu_cp::library_candidates(FILE), {
    new_model = "Cbc_newModel": unsafe extern "C" fn() -> Ptr,
    delete_model = "Cbc_deleteModel": unsafe extern "C" fn(Ptr),
    // model, columns, rows, column starts, row indices, values, column bounds, objective, row
    // bounds.
    load_problem = "Cbc_loadProblem": unsafe extern "C" fn(
        Ptr, c_int, c_int, *const c_int, *const c_int, *const c_double,
        *const c_double, *const c_double, *const c_double, *const c_double, *const c_double,
    ),
    set_integer = "Cbc_setInteger": unsafe extern "C" fn(Ptr, c_int),
    set_parameter = "Cbc_setParameter": unsafe extern "C" fn(Ptr, *const c_char, *const c_char),
    set_log_level = "Cbc_setLogLevel": unsafe extern "C" fn(Ptr, c_int),
    set_maximum_seconds = "Cbc_setMaximumSeconds": unsafe extern "C" fn(Ptr, c_double),
    solve = "Cbc_solve": unsafe extern "C" fn(Ptr) -> c_int,
    status = "Cbc_status": unsafe extern "C" fn(Ptr) -> c_int,
    is_proven_optimal = "Cbc_isProvenOptimal": unsafe extern "C" fn(Ptr) -> c_int,
    is_proven_infeasible = "Cbc_isProvenInfeasible": unsafe extern "C" fn(Ptr) -> c_int,
    best_solution = "Cbc_bestSolution": unsafe extern "C" fn(Ptr) -> *const c_double,
    get_version = "Cbc_getVersion": unsafe extern "C" fn() -> *const c_char,
});

/// CBC's version, e.g. `CBC 2.10.12`.
pub fn version() -> Result<String, Error> {
    let api = api()?;
    // SAFETY: Cbc_getVersion returns a static NUL-terminated string.
    let text = unsafe { CStr::from_ptr((api.get_version)()) };
    Ok(format!("CBC {}", text.to_string_lossy()))
}

/// A CBC model, deleted on drop.
struct Handle<'a> {
    api: &'a Api,
    model: Ptr,
}

impl Drop for Handle<'_> {
    fn drop(&mut self) {
        // SAFETY: `model` came from Cbc_newModel and is deleted once.
        unsafe { (self.api.delete_model)(self.model) }
    }
}

fn c_string(text: &str, what: &str) -> Result<CString, Error> {
    CString::new(text).map_err(|_| Error::Library(format!("{what} '{text}' holds a NUL byte")))
}

/// Refuses names CBC's command line does not know, and values it rejects, by solving a model
/// of one variable with them, CBC's output read back: CBC itself only prints such errors.
pub fn check_parameters(parameters: &[(String, String)]) -> Result<(), Error> {
    if parameters.is_empty() {
        return Ok(());
    }
    let mut model = Model::default();
    model.add_column(crate::Column::binary("x"));
    for (name, value) in parameters {
        let one = [(name.clone(), value.clone())];
        let settings = Settings { parameters: &one, ..Settings::default() };
        let printed = crate::dylib::capture_stdout(|| solve(&model, &settings))
            .map_err(|e| Error::Library(format!("cannot read CBC's answer to its parameters: {e}")))?;
        let (result, text) = printed;
        result?;
        let complaint = text.lines().find(|l| {
            l.contains("No match for")
                || l.contains("Possible options")
                || l.contains("llegal")
                || l.contains("not valid")
                || l.contains("out of range")
        });
        if let Some(line) = complaint {
            return Err(Error::Parameter { solver: "CBC", name: name.clone(), reason: line.trim().to_string() });
        }
    }
    Ok(())
}

/// One CBC solve at a time in the process: CBC's driver keeps process-wide state (the model
/// its Ctrl-C handler stops, the handler itself, the driver's statics), so two solves at once
/// on two threads crashed the process (a segmentation fault in the differential suite's big
/// tier, where solves run beside each other and one is stopped).
static ONE_AT_A_TIME: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// One solve of `model`: after any CBC solve running on another thread, its time limit
/// counted from the call (the wait included), a stop while waiting ending it unsolved.
pub fn solve(model: &Model, settings: &Settings) -> Result<Outcome, Error> {
    let called = std::time::Instant::now();
    let _turn = loop {
        match ONE_AT_A_TIME.try_lock() {
            Ok(turn) => break turn,
            Err(std::sync::TryLockError::Poisoned(e)) => break e.into_inner(),
            Err(std::sync::TryLockError::WouldBlock) => {
                let late = settings.time_limit.is_some_and(|t| called.elapsed() >= t);
                if late || settings.stopped() {
                    return Ok(Outcome::Unknown);
                }
                std::thread::sleep(std::time::Duration::from_millis(2));
            }
        }
    };
    let time_limit = settings.time_limit.map(|t| t.saturating_sub(called.elapsed()));
    let settings = &Settings { time_limit, ..*settings };
    let api = api()?;
    let too_large = |what: &str| Error::TooLarge(format!("CBC: more than 2^31 {what}"));
    let columns = c_int::try_from(model.columns.len()).map_err(|_| too_large("columns"))?;
    let rows = c_int::try_from(model.rows.len()).map_err(|_| too_large("rows"))?;
    let (starts, indices, values) = model.by_columns();
    let starts: Vec<c_int> =
        starts.iter().map(|&s| c_int::try_from(s)).collect::<Result<_, _>>().map_err(|_| too_large("nonzeros"))?;
    let indices: Vec<c_int> = indices.iter().map(|&i| i as c_int).collect();
    let finite = |x: f64| x.clamp(f64::MIN, f64::MAX);
    let col_lower: Vec<f64> = model.columns.iter().map(|c| finite(c.lower)).collect();
    let col_upper: Vec<f64> = model.columns.iter().map(|c| finite(c.upper)).collect();
    let objective: Vec<f64> = model.columns.iter().map(|c| c.objective).collect();
    let row_lower: Vec<f64> = model.rows.iter().map(|r| finite(r.lower)).collect();
    let row_upper: Vec<f64> = model.rows.iter().map(|r| finite(r.upper)).collect();
    let parameters: Vec<(CString, CString)> = settings
        .parameters
        .iter()
        .map(|(name, value)| Ok((c_string(name, "name")?, c_string(value, "value")?)))
        .collect::<Result<_, Error>>()?;

    // SAFETY: Cbc_newModel returns a fresh model (checked for null), owned by `handle`.
    let handle = Handle { api, model: unsafe { (api.new_model)() } };
    if handle.model.is_null() {
        return Err(Error::Library("CBC: Cbc_newModel failed".into()));
    }
    // SAFETY: the arrays live until the end of this function and have the lengths CBC reads:
    // `starts` columns + 1 entries, `indices`/`values` starts[columns] entries, bounds and
    // objective one per column, row sides one per row; every index is in range (built by
    // `by_columns` from the model's own rows).
    unsafe {
        (api.load_problem)(
            handle.model,
            columns,
            rows,
            starts.as_ptr(),
            indices.as_ptr(),
            values.as_ptr(),
            col_lower.as_ptr(),
            col_upper.as_ptr(),
            objective.as_ptr(),
            row_lower.as_ptr(),
            row_upper.as_ptr(),
        );
        for (i, column) in model.columns.iter().enumerate() {
            if column.integer {
                (api.set_integer)(handle.model, i as c_int);
            }
        }
        (api.set_log_level)(handle.model, if settings.log { 1 } else { 0 });
        if let Some(limit) = settings.time_limit {
            (api.set_maximum_seconds)(handle.model, limit.as_secs_f64().max(0.001));
        }
        // CBC's clock is the process's CPU time by default, which every thread of the
        // process advances: beside other solves its limit came early. Wall-clock time, as
        // masu's limits are.
        (api.set_parameter)(handle.model, c"timeMode".as_ptr(), c"elapsed".as_ptr());
        for (name, value) in &parameters {
            (api.set_parameter)(handle.model, name.as_ptr(), value.as_ptr());
        }
    }
    if settings.stopped() {
        return Ok(Outcome::Unknown);
    }
    let _log = settings.log.then(StdoutToStderr::new);
    let (started, cpu_started) = (std::time::Instant::now(), process_cpu_seconds());
    // Cbc_status 5: stopped by an event (its Ctrl-C handler); 2: abandoned.
    let status = keeping_sigint(
        |before| {
            watched(
                settings.stop,
                None,
                || call_solver_sigint_handler(before),
                || {
                    // SAFETY: the model is loaded; Cbc_solve runs CBC's driver on it and
                    // returns.
                    unsafe {
                        (api.solve)(handle.model);
                        (api.status)(handle.model)
                    }
                },
            )
        },
        |&status| status == 5 && !settings.stopped(),
    );
    // CBC's preprocessing, stopped by the time limit or the stop event, says "infeasible" (a
    // 20×20 nonogram's start-index model at 0.3 s: "Pre-processing says infeasible or
    // unbounded" as the clock runs out, though the puzzle has solutions), and parts of it
    // read the process's CPU time, which other threads advance: a proof of infeasibility
    // counts only from a solve that ended, unstopped, well before the limit by both clocks.
    let spent = started.elapsed().as_secs_f64().max(process_cpu_seconds() - cpu_started);
    let cut_short = settings.stopped() || settings.time_limit.is_some_and(|limit| spent >= 0.9 * limit.as_secs_f64());
    // SAFETY: the model was solved; the queries read its state, and the solution (when not
    // null) has one value per column.
    unsafe {
        if (api.is_proven_infeasible)(handle.model) != 0 {
            return Ok(if cut_short { Outcome::Unknown } else { Outcome::Infeasible });
        }
        let best = (api.best_solution)(handle.model);
        if best.is_null() {
            if status == 2 {
                return Err(Error::Library("CBC abandoned the solve (numerical difficulties)".into()));
            }
            return Ok(Outcome::Unknown);
        }
        let values = std::slice::from_raw_parts(best, model.columns.len()).to_vec();
        Ok(Outcome::Solved { values, optimal: (api.is_proven_optimal)(handle.model) != 0 })
    }
}

/// The CPU time of the whole process, in seconds (every thread's).
fn process_cpu_seconds() -> f64 {
    let mut now = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: clock_gettime writes one timespec into `now`, which lives across the call.
    let read = unsafe { libc::clock_gettime(libc::CLOCK_PROCESS_CPUTIME_ID, &mut now) };
    if read == 0 { now.tv_sec as f64 + now.tv_nsec as f64 * 1e-9 } else { 0.0 }
}

conformance!();

#[cfg(test)]
mod tests {
    use super::{check_parameters, version};

    #[test]
    fn cbc_takes_its_command_line_parameters() {
        check_parameters(&[("maxNodes".into(), "100".into())]).unwrap();
        assert!(version().unwrap().starts_with("CBC 2.10"));
    }
}
