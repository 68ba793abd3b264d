//! The C ABI of `libortools.so.9` (`ortools/sat/c_api/cp_solver_c.h`) and the only `unsafe`
//! code of masu. Requests are bytes that prost encoded from typed messages, so they always
//! parse (bytes that do not parse abort the process inside the library).
#![allow(unsafe_code)]

use std::ffi::{c_int, c_void};
use std::ptr::NonNull;

use crate::Error;

unsafe extern "C" {
    fn SolveCpNewEnv() -> *mut c_void;
    fn SolveCpDestroyEnv(env: *mut c_void);
    fn SolveCpStopSearch(env: *mut c_void);
    fn SolveCpInterruptible(
        env: *mut c_void,
        creq: *const c_void,
        creq_len: c_int,
        cparams: *const c_void,
        cparams_len: c_int,
        cres: *mut *mut c_void,
        cres_len: *mut c_int,
    );
    /// The response is allocated with `malloc`.
    fn free(ptr: *mut c_void);
}

fn length(bytes: &[u8], what: &str) -> Result<c_int, Error> {
    c_int::try_from(bytes.len())
        .map_err(|_| Error::TooLarge(format!("the encoded {what} is {} bytes, over 2 GiB", bytes.len())))
}

/// Copies the response out of the library's buffer and frees the buffer.
fn take_response(response: *mut c_void, response_len: c_int) -> Result<Vec<u8>, Error> {
    let Some(response) = NonNull::new(response) else {
        return Err(Error::Library("CP-SAT returned no response".into()));
    };
    let bytes = match usize::try_from(response_len) {
        // SAFETY: the library wrote `response_len` bytes at `response`, a live malloc'd
        // buffer that we own until the `free` below.
        Ok(len) => Ok(unsafe { std::slice::from_raw_parts(response.as_ptr().cast::<u8>(), len) }.to_vec()),
        Err(_) => Err(Error::Library(format!("CP-SAT returned a response of length {response_len}"))),
    };
    // SAFETY: `response` came from the library's malloc, is freed exactly once, and the
    // slice borrowed above has been copied out.
    unsafe { free(response.as_ptr()) };
    bytes
}

/// A solve environment that another thread can stop. One per solve: a stopped environment
/// stays stopped.
#[derive(Debug)]
pub(crate) struct Env(NonNull<c_void>);

// SAFETY: the environment is an opaque heap object of the library whose stop function is
// documented for use from another thread while a solve runs on it.
unsafe impl Send for Env {}
// SAFETY: as above; `stop` is the only method usable concurrently with `solve`.
unsafe impl Sync for Env {}

impl Env {
    pub(crate) fn new() -> Result<Self, Error> {
        // SAFETY: no preconditions; the result is checked for null.
        let env = unsafe { SolveCpNewEnv() };
        NonNull::new(env).map(Env).ok_or_else(|| Error::Library("SolveCpNewEnv returned null".into()))
    }

    pub(crate) fn stop(&self) {
        // SAFETY: `self.0` is a live environment (destroyed only in Drop).
        unsafe { SolveCpStopSearch(self.0.as_ptr()) }
    }

    pub(crate) fn solve(&self, model: &[u8], parameters: &[u8]) -> Result<Vec<u8>, Error> {
        let (model_len, parameters_len) = (length(model, "model")?, length(parameters, "parameters")?);
        let mut response: *mut c_void = std::ptr::null_mut();
        let mut response_len: c_int = 0;
        // SAFETY: `self.0` is live; the inputs are valid for their lengths for the whole
        // call; the out-pointers point at live locals.
        unsafe {
            SolveCpInterruptible(
                self.0.as_ptr(),
                model.as_ptr().cast(),
                model_len,
                parameters.as_ptr().cast(),
                parameters_len,
                &mut response,
                &mut response_len,
            );
        }
        take_response(response, response_len)
    }
}

impl Drop for Env {
    fn drop(&mut self) {
        // SAFETY: created by SolveCpNewEnv and destroyed once; dropping needs the last
        // reference, so no solve or stop is running on it.
        unsafe { SolveCpDestroyEnv(self.0.as_ptr()) }
    }
}
