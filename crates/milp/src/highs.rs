//! HiGHS 1.16 over its C API (`interfaces/highs_c_api.h`), from the shared library that
//! `scripts/build-highs` compiles out of the highs-sys crate's source (the version Cargo.lock
//! pins) into `.tools/highs/VERSION/libhighs.so`; `MASU_HIGHS_LIB` names another build. The
//! library is opened at the first solve, so a build of masu never waits for HiGHS's compile:
//! `./masu` starts it in the background on its first run, and a solve that needs HiGHS while
//! that build is still going waits for it ([`BUILD_WAIT`] at most), saying so on stderr.
//!
//! A solve passes the matrix by columns (`Highs_passMip`), sets masu's options, then the raw
//! ones (HiGHS's own names, values as its options files write them; all through
//! `Highs_setStringOptionValue`, which parses the text by the option's type), and runs.
//! Presolve is on unless the raw options say `off` (HiGHS's "choose" measured slower on
//! sudoku); a run that fails after presolve (HiGHS reduced an infeasible model to an empty one
//! and erred: ERGO-Code/HiGHS#1710, #2402) is run again without it. An infeasibility presolve
//! claims is not decided again: 1.15's could be wrong on models with no-good rows
//! (ERGO-Code/HiGHS#3216, fixed in 1.16 by #3220, which is why masu builds 1.16), and deciding
//! it again without presolve costs about three times a 9×9 sudoku's whole uniqueness proof;
//! the differential tests check it instead. HiGHS stops on request through its callbacks: masu registers one for the
//! MIP, simplex and interior-point interrupt points, and it answers "interrupt" once the stop
//! flag is set. HiGHS calls it at every node of its branch and bound and every few simplex
//! iterations, so a solve stops within milliseconds of the request (presolve, which calls none
//! of them, is bounded by the time limit alone). The log (`--log`) goes to standard error
//! through HiGHS's log file; its console, which is standard output, stays off.
#![allow(unsafe_code)]

use std::ffi::{CStr, c_char, c_double, c_int, c_void};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use crate::{Error, Model, Outcome, Settings};
use masu_native::c_string;
use masu_native::library_api;

const FILE: &str = "libhighs.so";

/// `HighsInt`: HiGHS is built without `HIGHSINT64`.
type HighsInt = c_int;
type Ptr = *mut c_void;

/// `kHighsStatusError`.
const STATUS_ERROR: HighsInt = -1;
/// `kHighsMatrixFormatColwise`, `kHighsObjSenseMinimize`, `kHighsVarTypeContinuous` and
/// `kHighsVarTypeInteger`.
const COLUMN_WISE: HighsInt = 1;
const MINIMIZE: HighsInt = 1;
const CONTINUOUS: HighsInt = 0;
const INTEGER: HighsInt = 1;
/// `kHighsSolutionStatusFeasible`.
const FEASIBLE: HighsInt = 2;
/// The interrupt points (`kHighsCallbackSimplexInterrupt`, `kHighsCallbackIpmInterrupt`,
/// `kHighsCallbackMipInterrupt`).
const INTERRUPT_POINTS: [HighsInt; 3] = [1, 2, 6];

/// The longest a solve waits for the library while `./masu` is still building it (about two
/// minutes on 2 cores).
pub const BUILD_WAIT: Duration = Duration::from_secs(15 * 60);

/// `HighsCallbackDataIn` of `lp_data/HighsCallbackStruct.h`: masu writes `user_interrupt`.
#[repr(C)]
struct CallbackDataIn {
    user_interrupt: c_int,
    user_solution: *mut c_double,
    cbdata: *mut c_void,
    user_has_solution: c_int,
    user_solution_size: HighsInt,
}

/// `HighsCCallbackType`.
type Callback = unsafe extern "C" fn(c_int, *const c_char, *const c_void, *mut CallbackDataIn, *mut c_void);

// The functions of HiGHS's C API that masu calls, with the header's signatures.
library_api!(FILE, candidates(), {
    create = "Highs_create": unsafe extern "C" fn() -> Ptr,
    destroy = "Highs_destroy": unsafe extern "C" fn(Ptr),
    version_text = "Highs_version": unsafe extern "C" fn() -> *const c_char,
    set_option = "Highs_setStringOptionValue": unsafe extern "C" fn(Ptr, *const c_char, *const c_char) -> HighsInt,
    // highs, columns, rows, nonzeros, format, sense, offset, cost, column lower, column upper,
    // row lower, row upper, starts, indices, values, integrality.
    pass_mip = "Highs_passMip": unsafe extern "C" fn(
        Ptr, HighsInt, HighsInt, HighsInt, HighsInt, HighsInt, c_double,
        *const c_double, *const c_double, *const c_double, *const c_double, *const c_double,
        *const HighsInt, *const HighsInt, *const c_double, *const HighsInt,
    ) -> HighsInt,
    run = "Highs_run": unsafe extern "C" fn(Ptr) -> HighsInt,
    model_status = "Highs_getModelStatus": unsafe extern "C" fn(Ptr) -> HighsInt,
    int_info = "Highs_getIntInfoValue": unsafe extern "C" fn(Ptr, *const c_char, *mut HighsInt) -> HighsInt,
    // highs, column values, column duals, row values, row duals.
    solution = "Highs_getSolution": unsafe extern "C" fn(Ptr, *mut c_double, *mut c_double, *mut c_double, *mut c_double) -> HighsInt,
    set_callback = "Highs_setCallback": unsafe extern "C" fn(Ptr, Option<Callback>, *mut c_void) -> HighsInt,
    start_callback = "Highs_startCallback": unsafe extern "C" fn(Ptr, HighsInt) -> HighsInt,
});

/// Where the library is looked for: `MASU_HIGHS_LIB`, else where `scripts/build-highs` puts it
/// for this checkout (compiled in), after waiting for a build of it that is under way.
fn candidates() -> Vec<PathBuf> {
    if let Some(path) = std::env::var_os("MASU_HIGHS_LIB") {
        return vec![PathBuf::from(path)];
    }
    let Some(path) = option_env!("MASU_HIGHS_LIB").map(PathBuf::from) else { return Vec::new() };
    masu_native::wait_for_build(&path, "HiGHS's library", BUILD_WAIT);
    vec![path]
}

/// HiGHS's version as the library reports it, e.g. `HiGHS 1.16.0`.
pub fn version() -> Result<String, Error> {
    let api = installed()?;
    // SAFETY: Highs_version returns a static NUL-terminated string.
    let text = unsafe { CStr::from_ptr((api.version_text)()) };
    Ok(format!("HiGHS {}", text.to_string_lossy().trim_start_matches('v')))
}

/// Why HiGHS cannot run here (its library is missing: how to get it), or `None`.
pub fn missing() -> Option<String> {
    installed().err().map(|e| e.to_string())
}

/// The library's functions, or [`Error::NotInstalled`] with how to build it.
fn installed() -> Result<&'static Api, Error> {
    api().map_err(|e| {
        Error::NotInstalled(format!(
            "{e}; ./masu builds it (scripts/build-highs, about two minutes on 2 cores), or MASU_HIGHS_LIB names a libhighs.so of HiGHS 1.16"
        ))
    })
}

/// A HiGHS instance, freed on drop.
struct Instance<'a> {
    api: &'a Api,
    highs: Ptr,
}

impl<'a> Instance<'a> {
    fn new(api: &'a Api) -> Result<Instance<'a>, Error> {
        // SAFETY: Highs_create takes nothing and returns a new instance (null on failure).
        let highs = unsafe { (api.create)() };
        if highs.is_null() {
            return Err(Error::Library("HiGHS: Highs_create failed".into()));
        }
        let instance = Instance { api, highs };
        instance.set("output_flag", "false")?;
        Ok(instance)
    }

    /// Sets an option by name from its text: an unknown name or a refused value is an error.
    fn set(&self, name: &str, value: &str) -> Result<(), Error> {
        let (c_name, c_value) = (c_string(name)?, c_string(value)?);
        // SAFETY: `highs` is live; both strings are NUL-terminated and outlive the call.
        let status = unsafe { (self.api.set_option)(self.highs, c_name.as_ptr(), c_value.as_ptr()) };
        if status == STATUS_ERROR {
            return Err(Error::Parameter {
                solver: "highs",
                name: name.into(),
                reason: format!("HiGHS has no such option, or refuses the value '{value}'"),
            });
        }
        Ok(())
    }
}

impl Drop for Instance<'_> {
    fn drop(&mut self) {
        // SAFETY: `highs` came from Highs_create and is destroyed once.
        unsafe { (self.api.destroy)(self.highs) };
    }
}

/// Checks HiGHS options (`--param`) on a fresh instance: each name must be an option and its
/// value one HiGHS takes.
pub fn check_parameters(parameters: &[(String, String)]) -> Result<(), Error> {
    crate::dylib::check_each(parameters, || Instance::new(installed()?), Instance::set)
}

/// One solve of `model`: presolve on unless the raw options turn it off, and again without it
/// where a run after presolve failed.
pub fn solve(model: &Model, settings: &Settings) -> Result<Outcome, Error> {
    let api = installed()?;
    if settings.stopped() {
        return Ok(Outcome::Unknown);
    }
    let off = settings.parameters.iter().rev().find(|(name, _)| name == "presolve").is_some_and(|(_, v)| v == "off");
    let started = Instant::now();
    match run(api, model, settings, !off, settings.time_limit)? {
        Ran::Done(outcome) => Ok(outcome),
        Ran::Failed(_) if !off => {
            let left = settings.time_limit.map(|limit| limit.saturating_sub(started.elapsed()));
            match run(api, model, settings, false, left)? {
                Ran::Done(outcome) => Ok(outcome),
                Ran::Failed(status) => Err(failed(status)),
            }
        }
        Ran::Failed(status) => Err(failed(status)),
    }
}

/// What one run gave: an outcome, or the model status of a run that failed.
enum Ran {
    Done(Outcome),
    Failed(HighsInt),
}

fn failed(status: HighsInt) -> Error {
    Error::Library(format!("HiGHS failed to solve the model (model status {status})"))
}

/// One run of `model` with `presolve` on or off, within `limit`.
fn run(api: &Api, model: &Model, settings: &Settings, presolve: bool, limit: Option<Duration>) -> Result<Ran, Error> {
    let instance = Instance::new(api)?;
    pass(&instance, model)?;
    if settings.log {
        instance.set("output_flag", "true")?;
        instance.set("log_to_console", "false")?;
        instance.set("log_file", "/dev/stderr")?;
    }
    if let Some(limit) = limit {
        instance.set("time_limit", &format!("{}", limit.as_secs_f64()))?;
    }
    if let Some(threads) = settings.threads {
        instance.set("threads", &threads.min(i32::MAX as u32).to_string())?;
    }
    for (name, value) in settings.parameters {
        instance.set(name, value)?;
    }
    instance.set("presolve", if presolve { "on" } else { "off" })?;
    let flag = settings.stop.map_or(std::ptr::null_mut(), |s| s as *const AtomicBool as *mut c_void);
    // SAFETY: `highs` holds a complete model; the callback only reads `flag` (null: no stop),
    // which outlives this run, the only time HiGHS calls back (the instance is dropped after).
    unsafe {
        if !flag.is_null() {
            (api.set_callback)(instance.highs, Some(interrupt_when_stopped), flag);
            for point in INTERRUPT_POINTS {
                (api.start_callback)(instance.highs, point);
            }
        }
        (api.run)(instance.highs);
    }
    // SAFETY: the instance is live and has run; the buffer holds one value per column (HiGHS
    // writes no duals or row values where their pointers are null).
    unsafe {
        let status = (api.model_status)(instance.highs);
        match status {
            // Infeasible, unbounded or infeasible.
            8 | 9 => return Ok(Ran::Done(Outcome::Infeasible)),
            // Optimal, objective bound or target, time, iteration, solution or memory limit,
            // interrupt (masu's or HiGHS's own).
            7 | 11..=14 | 16..=19 => {}
            other => return Ok(Ran::Failed(other)),
        }
        let mut primal: HighsInt = 0;
        (api.int_info)(instance.highs, c"primal_solution_status".as_ptr(), &mut primal);
        if primal != FEASIBLE {
            return Ok(Ran::Done(Outcome::Unknown));
        }
        let mut values = vec![0.0; model.columns.len()];
        let null = std::ptr::null_mut();
        (api.solution)(instance.highs, values.as_mut_ptr(), null, null, null);
        Ok(Ran::Done(Outcome::Solved { values, optimal: status == 7 }))
    }
}

/// Hands `model` to the instance, by columns.
fn pass(instance: &Instance, model: &Model) -> Result<(), Error> {
    let too_large = |what: &str| Error::TooLarge(format!("HiGHS: {what} past 2^31"));
    let (starts, indices, values) = model.by_columns();
    let index = |x: usize| HighsInt::try_from(x).map_err(|_| too_large("an index"));
    let starts: Vec<HighsInt> = starts.into_iter().map(index).collect::<Result<_, _>>()?;
    let indices: Vec<HighsInt> = indices.into_iter().map(index).collect::<Result<_, _>>()?;
    let columns = &model.columns;
    let cost: Vec<f64> = columns.iter().map(|c| c.objective).collect();
    let lower: Vec<f64> = columns.iter().map(|c| c.lower).collect();
    let upper: Vec<f64> = columns.iter().map(|c| c.upper).collect();
    let integrality: Vec<HighsInt> = columns.iter().map(|c| if c.integer { INTEGER } else { CONTINUOUS }).collect();
    let row_lower: Vec<f64> = model.rows.iter().map(|r| r.lower).collect();
    let row_upper: Vec<f64> = model.rows.iter().map(|r| r.upper).collect();
    // SAFETY: every array has the length its count says (columns, rows, nonzeros, and one
    // start per column: HiGHS reads `num_col` starts), and outlives the call, which copies them.
    let status = unsafe {
        (instance.api.pass_mip)(
            instance.highs,
            index(columns.len())?,
            index(model.rows.len())?,
            index(values.len())?,
            COLUMN_WISE,
            MINIMIZE,
            0.0,
            cost.as_ptr(),
            lower.as_ptr(),
            upper.as_ptr(),
            row_lower.as_ptr(),
            row_upper.as_ptr(),
            starts.as_ptr(),
            indices.as_ptr(),
            values.as_ptr(),
            integrality.as_ptr(),
        )
    };
    if status == STATUS_ERROR {
        return Err(Error::Library("HiGHS refused the model (Highs_passMip)".into()));
    }
    Ok(())
}

/// Answers HiGHS's interrupt points: `user_data` is the stop flag.
unsafe extern "C" fn interrupt_when_stopped(
    _callback_type: c_int,
    _message: *const c_char,
    _data_out: *const c_void,
    data_in: *mut CallbackDataIn,
    user_data: *mut c_void,
) {
    // SAFETY: `user_data` is the `&AtomicBool` that `run` registered, alive for the whole run
    // (the only time HiGHS calls back).
    let stop = unsafe { &*(user_data as *const AtomicBool) };
    if stop.load(Ordering::SeqCst) && !data_in.is_null() {
        // SAFETY: HiGHS passes a valid, writable input block for interrupt callbacks.
        unsafe { (*data_in).user_interrupt = 1 };
    }
}

conformance!();
