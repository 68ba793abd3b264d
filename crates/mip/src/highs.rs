//! What masu needs of HiGHS beyond good_lp's binding: its version, read from the library, and
//! a solve that stops when a flag is set.
//!
//! HiGHS stops on request through its callbacks: masu registers one for the MIP, simplex and
//! interior-point interrupt points, and it answers "interrupt" once the flag is set. HiGHS
//! calls it at every node of its branch and bound and every few simplex iterations, so a
//! solve stops within milliseconds of the request (presolve, which calls none of them, is
//! bounded by the time limit alone).
#![allow(unsafe_code)]

use std::ffi::{CStr, c_char, c_int, c_void};
use std::sync::atomic::{AtomicBool, Ordering};

use highs_sys::{HighsCallbackDataIn, HighsCallbackDataOut};

/// The interrupt points of `highs_c_api.h` (`kHighsCallbackSimplexInterrupt`,
/// `kHighsCallbackIpmInterrupt`, `kHighsCallbackMipInterrupt`).
const INTERRUPT_POINTS: [c_int; 3] = [1, 2, 6];

/// HiGHS's version as the linked library reports it, e.g. `HiGHS 1.16.0`.
pub fn version() -> String {
    // SAFETY: Highs_version returns a static NUL-terminated string.
    let text = unsafe { CStr::from_ptr(highs_sys::Highs_version()) };
    format!("HiGHS {}", text.to_string_lossy())
}

/// Checks HiGHS options (`--param`) on a fresh HiGHS instance: each name must be an option
/// and its value one HiGHS takes.
pub fn check_parameters(parameters: &[(String, String)]) -> Result<(), crate::Error> {
    let mut model = ::highs::RowProblem::default().optimise(::highs::Sense::Minimise);
    model.set_option("output_flag", false);
    for (name, value) in parameters {
        if model.try_set_option(name.as_str(), value.as_str()).is_err() {
            return Err(crate::Error::Parameter {
                solver: "highs",
                name: name.clone(),
                reason: format!("HiGHS has no such option, or refuses the value '{value}'"),
            });
        }
    }
    Ok(())
}

/// Answers HiGHS's interrupt points: `user_data` is the stop flag.
extern "C" fn interrupt_when_stopped(
    _callback_type: c_int,
    _message: *const c_char,
    _data_out: *const HighsCallbackDataOut,
    data_in: *mut HighsCallbackDataIn,
    user_data: *mut c_void,
) {
    // SAFETY: `user_data` is the `&AtomicBool` that `solve` registered, alive for the whole
    // solve (the only time HiGHS calls back).
    let stop = unsafe { &*(user_data as *const AtomicBool) };
    if stop.load(Ordering::SeqCst) && !data_in.is_null() {
        // SAFETY: HiGHS passes a valid, writable input block for interrupt callbacks.
        unsafe { (*data_in).user_interrupt = 1 };
    }
}

/// Solves `model`, stopped (status "reached interrupt") once `stop` is set.
pub fn solve(mut model: highs::Model, stop: &AtomicBool) -> Result<highs::SolvedModel, highs::HighsStatus> {
    let highs = model.as_mut_ptr();
    let flag = stop as *const AtomicBool as *mut c_void;
    // SAFETY: `highs` is the model's live instance; the callback only reads `flag`, which
    // outlives the solve below (the only time HiGHS calls back: the instance is not run again).
    unsafe {
        highs_sys::Highs_setCallback(highs, Some(interrupt_when_stopped), flag);
        for point in INTERRUPT_POINTS {
            highs_sys::Highs_startCallback(highs, point);
        }
    }
    model.try_solve()
}
