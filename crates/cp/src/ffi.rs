//! The C ABI of `libortools.so.9` (`ortools/sat/c_api/cp_solver_c.h`) and the only `unsafe`
//! code of masu's CP-SAT binding. Requests are bytes that prost encoded from typed messages,
//! so they always parse (bytes that do not parse abort the process inside the library).
//!
//! The library is opened at the first solve that needs it, not at process start: a run that
//! only uses native solvers never loads OR-Tools and its hundred dependencies. It is looked
//! for in the folder a host asked for first ([`prefer_library_dir`]: the Python package
//! names its environment's `ortools`, so that one process holds one copy), then where the
//! build found it (the path is compiled in), then in `ORTOOLS_LIB_DIR`, then on the system's
//! search path; once open it stays open for the life of the process. Two copies of the
//! library from two folders in one process abort inside it (protobuf registers its files
//! twice), which is why a host that loads OR-Tools itself must name its folder.
#![allow(unsafe_code)]

use std::ffi::{c_int, c_void};
use std::path::PathBuf;
use std::ptr::NonNull;
use std::sync::OnceLock;

use crate::Error;

/// The file name of the library.
const LIBRARY: &str = "libortools.so.9";

unsafe extern "C" {
    /// The response is allocated with `malloc`.
    fn free(ptr: *mut c_void);
}

type NewEnv = unsafe extern "C" fn() -> *mut c_void;
type DestroyEnv = unsafe extern "C" fn(*mut c_void);
type StopSearch = unsafe extern "C" fn(*mut c_void);
type Interruptible =
    unsafe extern "C" fn(*mut c_void, *const c_void, c_int, *const c_void, c_int, *mut *mut c_void, *mut c_int);

/// The open library and the four functions masu calls.
struct Library {
    /// Kept open (never dropped: it lives in a static) so that the pointers stay valid.
    _library: libloading::Library,
    /// Where it was opened from.
    path: PathBuf,
    new_env: NewEnv,
    destroy_env: DestroyEnv,
    stop_search: StopSearch,
    interruptible: Interruptible,
}

/// The folder a host asked the library to be opened from first.
static PREFERRED: OnceLock<PathBuf> = OnceLock::new();

/// Opens the library from `dir` first, at the first solve: for a host that loads OR-Tools
/// itself (a Python environment's `ortools` package), so that the process holds one copy.
/// `false` when a folder was named already or the library is open.
pub fn prefer_library_dir(dir: PathBuf) -> bool {
    OPENED.get().is_none() && PREFERRED.set(dir).is_ok()
}

/// Where the library was opened from, once it is open.
pub fn library_path() -> Option<PathBuf> {
    OPENED.get().and_then(|opened| opened.as_ref().ok()).map(|library| library.path.clone())
}

/// Where to look for `file` (libortools, or a library that ships beside it in the wheel: CBC,
/// SCIP), in order: the folder a host named, the build's folder, `ORTOOLS_LIB_DIR`, and the
/// bare name (the system's search path).
pub fn library_candidates(file: &str) -> Vec<PathBuf> {
    let mut paths = Vec::new();
    if let Some(dir) = PREFERRED.get() {
        paths.push(dir.join(file));
    }
    if let Some(dir) = crate::LIBRARY_DIR {
        paths.push(PathBuf::from(dir).join(file));
    }
    if let Some(dir) = std::env::var_os("ORTOOLS_LIB_DIR") {
        paths.push(PathBuf::from(dir).join(file));
    }
    paths.push(PathBuf::from(file));
    paths
}

fn open() -> Result<Library, String> {
    let mut tried = Vec::new();
    for path in library_candidates(LIBRARY) {
        // SAFETY: libortools' initialisers only set up its own globals (abseil, protobuf);
        // they do not depend on the caller's state.
        match unsafe { libloading::Library::new(&path) } {
            // SAFETY: the names and signatures are those of OR-Tools 9.15's C API
            // (`cp_solver_c.h`), the version the build pins; the fn pointers are copied out
            // while `library` is kept open beside them for the rest of the process.
            Ok(library) => unsafe {
                let new_env = *library.get::<NewEnv>(b"SolveCpNewEnv\0").map_err(|e| e.to_string())?;
                let destroy_env = *library.get::<DestroyEnv>(b"SolveCpDestroyEnv\0").map_err(|e| e.to_string())?;
                let stop_search = *library.get::<StopSearch>(b"SolveCpStopSearch\0").map_err(|e| e.to_string())?;
                let interruptible =
                    *library.get::<Interruptible>(b"SolveCpInterruptible\0").map_err(|e| e.to_string())?;
                return Ok(Library { _library: library, path, new_env, destroy_env, stop_search, interruptible });
            },
            Err(e) => tried.push(format!("{}: {e}", path.display())),
        }
    }
    Err(format!(
        "cannot load {LIBRARY} (OR-Tools 9.15.6755); set ORTOOLS_LIB_DIR to a folder holding it. Tried: {}",
        tried.join("; ")
    ))
}

/// The library once opened, or why it could not be.
static OPENED: OnceLock<Result<Library, String>> = OnceLock::new();

/// The library, opened on first use; the reason it cannot be opened, every time after.
fn library() -> Result<&'static Library, Error> {
    OPENED.get_or_init(open).as_ref().map_err(|e| Error::Library(e.clone()))
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
    /// A new environment, opening the library if it is not open yet.
    pub(crate) fn new() -> Result<Self, Error> {
        let library = library()?;
        // SAFETY: no preconditions; the result is checked for null.
        let env = unsafe { (library.new_env)() };
        NonNull::new(env).map(Env).ok_or_else(|| Error::Library("SolveCpNewEnv returned null".into()))
    }

    pub(crate) fn stop(&self) {
        // An Env exists only once the library is open.
        if let Ok(library) = library() {
            // SAFETY: `self.0` is a live environment (destroyed only in Drop).
            unsafe { (library.stop_search)(self.0.as_ptr()) }
        }
    }

    pub(crate) fn solve(&self, model: &[u8], parameters: &[u8]) -> Result<Vec<u8>, Error> {
        let library = library()?;
        let (model_len, parameters_len) = (length(model, "model")?, length(parameters, "parameters")?);
        let mut response: *mut c_void = std::ptr::null_mut();
        let mut response_len: c_int = 0;
        // SAFETY: `self.0` is live; the inputs are valid for their lengths for the whole
        // call; the out-pointers point at live locals.
        unsafe {
            (library.interruptible)(
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
        if let Ok(library) = library() {
            // SAFETY: created by SolveCpNewEnv and destroyed once; dropping needs the last
            // reference, so no solve or stop is running on it.
            unsafe { (library.destroy_env)(self.0.as_ptr()) }
        }
    }
}
