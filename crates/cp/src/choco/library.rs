//! Choco's C API: the entry points of `libchoco_capi.so` that masu calls, the one GraalVM
//! isolate of the process, and each thread's attachment to it — the only `unsafe` of the
//! Choco binding.
//!
//! Every entry point takes the calling thread's `graal_isolatethread_t*` first; objects are
//! Java objects behind global handles (`ObjectHandle`, a pointer-sized integer), kept alive
//! until [`Handles`] destroys them. The signatures are those of `choco-solver-capi`'s
//! `@CEntryPoint` methods in the build pychoco 0.4.0 ships (Choco 6.0.2); the custom
//! constraint's (`create_custom_constraint`: variables, the propagator's id and C function,
//! the entailment's id and C function, a priority; the functions get the calling thread and
//! the id) is the one pychoco's own binding calls.
#![allow(unsafe_code)]

use std::cell::Cell;
use std::ffi::{CStr, CString, c_char, c_int, c_void};
use std::path::PathBuf;
use std::sync::OnceLock;

/// A GraalVM isolate, an attached thread, or a Java object's handle.
pub(super) type Ptr = *mut c_void;
/// `ConstraintApi_create_custom_constraint`'s propagator: thread, id, the variables' array.
pub(super) type Propagate = unsafe extern "C" fn(Ptr, i64, Ptr) -> c_int;
/// Its entailment check: thread, id.
pub(super) type Entailed = unsafe extern "C" fn(Ptr, i64) -> c_int;

const FILE: &str = "libchoco_capi.so";
/// The variable naming another build of the library.
const LIBRARY: &str = "MASU_CHOCO_LIBRARY";

macro_rules! entry_points {
    ($($field:ident = $symbol:literal: fn($($arg:ty),*) $(-> $ret:ty)?),* $(,)?) => {
        /// The open library and the entry points masu calls.
        pub(super) struct Api {
            _library: libloading::Library,
            pub(super) path: PathBuf,
            create_isolate: unsafe extern "C" fn(Ptr, *mut Ptr, *mut Ptr) -> c_int,
            attach_thread: unsafe extern "C" fn(Ptr, *mut Ptr) -> c_int,
            detach_thread: unsafe extern "C" fn(Ptr) -> c_int,
            $(pub(super) $field: unsafe extern "C" fn(Ptr $(, $arg)*) $(-> $ret)?),*
        }

        fn open() -> Result<Api, String> {
            let mut tried = Vec::new();
            for path in candidates() {
                // SAFETY: loading the library runs no code of its own beyond the C runtime's
                // initialisers; GraalVM starts only with `graal_create_isolate`.
                let library = match unsafe { libloading::Library::new(&path) } {
                    Ok(library) => library,
                    Err(e) => {
                        tried.push(format!("{}: {e}", path.display()));
                        continue;
                    }
                };
                // SAFETY: each symbol is declared with the signature of its `@CEntryPoint`
                // (the module doc); the pointers are copied out while `library` is kept beside
                // them, in a static, for the life of the process.
                return unsafe {
                    Ok(Api {
                        create_isolate: *library.get(b"graal_create_isolate\0").map_err(|e| e.to_string())?,
                        attach_thread: *library.get(b"graal_attach_thread\0").map_err(|e| e.to_string())?,
                        detach_thread: *library.get(b"graal_detach_thread\0").map_err(|e| e.to_string())?,
                        $($field: *library
                            .get(concat!("Java_org_chocosolver_capi_", $symbol, "\0").as_bytes())
                            .map_err(|e| format!("{FILE}: {e}"))?,)*
                        _library: library,
                        path,
                    })
                };
            }
            Err(format!("cannot load {FILE}; tried: {}", tried.join("; ")))
        }
    };
}

entry_points! {
    create_model = "ModelApi_createModel": fn() -> Ptr,
    get_solver = "ModelApi_getSolver": fn(Ptr) -> Ptr,
    int_var = "IntVarApi_intVar_ii": fn(Ptr, c_int, c_int) -> Ptr,
    int_var_values = "IntVarApi_intVar_arr": fn(Ptr, Ptr) -> Ptr,
    constant = "IntVarApi_intVar_i": fn(Ptr, c_int) -> Ptr,
    value = "IntVarApi_getValue": fn(Ptr) -> c_int,
    int_array = "ArrayApi_int_create": fn(c_int) -> Ptr,
    int_array_set = "ArrayApi_int_set": fn(Ptr, c_int, c_int),
    int_2d_array = "ArrayApi_int_2d_array_create": fn(c_int) -> Ptr,
    int_2d_array_set = "ArrayApi_int_2d_array_set": fn(Ptr, Ptr, c_int),
    var_array = "ArrayApi_intVar_create": fn(c_int) -> Ptr,
    var_array_set = "ArrayApi_intVar_set": fn(Ptr, Ptr, c_int),
    criteria = "ArrayApi_criterion_create": fn(c_int) -> Ptr,
    arithm = "ConstraintApi_arithm_iv_cst": fn(Ptr, Ptr, *const c_char, c_int) -> Ptr,
    not_member = "ConstraintApi_not_member_iv_i_i": fn(Ptr, Ptr, c_int, c_int) -> Ptr,
    scalar = "ConstraintApi_scalar_i": fn(Ptr, Ptr, Ptr, *const c_char, c_int) -> Ptr,
    all_different = "ConstraintApi_allDifferent": fn(Ptr, Ptr, *const c_char) -> Ptr,
    element = "ConstraintApi_element_iv_ivarray_iv_i": fn(Ptr, Ptr, Ptr, Ptr, c_int) -> Ptr,
    maximum = "ConstraintApi_max_iv_ivarray": fn(Ptr, Ptr, Ptr) -> Ptr,
    table = "ConstraintApi_table": fn(Ptr, Ptr, Ptr, bool, *const c_char) -> Ptr,
    custom = "ConstraintApi_create_custom_constraint": fn(Ptr, i64, Propagate, i64, Entailed, c_int) -> Ptr,
    post = "ConstraintApi_post": fn(Ptr),
    reify = "ConstraintApi_reify": fn(Ptr) -> Ptr,
    solve = "SolverApi_solve": fn(Ptr, Ptr) -> bool,
    limit_time_ms = "SolverApi_limit_time_ms": fn(Ptr, i64),
    search_state = "SolverApi_get_search_state": fn(Ptr) -> *const c_char,
    destroy = "HandlesApi_destroy": fn(Ptr),
}

/// Where the library is looked for: the build named, the wheel the build fetched, the
/// system's search path.
fn candidates() -> Vec<PathBuf> {
    masu_native::candidates(std::env::var_os(LIBRARY).map(PathBuf::from), option_env!("MASU_CHOCO_DIR"), FILE)
}

/// The library and the process's isolate, made at the first use.
struct Vm {
    api: Api,
    isolate: usize,
}

/// The library and isolate, once made (`Attached`'s drop reads it without making it).
static VM: OnceLock<Result<Vm, String>> = OnceLock::new();

fn vm() -> Result<&'static Vm, String> {
    VM.get_or_init(|| {
        let api = open()?;
        let (mut isolate, mut thread): (Ptr, Ptr) = (std::ptr::null_mut(), std::ptr::null_mut());
        // SAFETY: null parameters ask for GraalVM's defaults; both out-pointers are valid.
        // The creating thread is attached by the call; it is recorded as this thread's.
        let code = unsafe { (api.create_isolate)(std::ptr::null_mut(), &mut isolate, &mut thread) };
        if code != 0 || isolate.is_null() {
            return Err(format!("{FILE}: graal_create_isolate failed ({code})"));
        }
        ATTACHED.with(|a| a.thread.set(thread));
        Ok(Vm { api, isolate: isolate as usize })
    })
    .as_ref()
    .map_err(Clone::clone)
}

/// This thread's attachment to the isolate, detached when the thread ends.
struct Attached {
    thread: Cell<Ptr>,
}

impl Drop for Attached {
    fn drop(&mut self) {
        let thread = self.thread.get();
        if let (false, Some(Ok(vm))) = (thread.is_null(), VM.get()) {
            // SAFETY: the thread was attached to the isolate on this OS thread and is not
            // used again.
            unsafe { (vm.api.detach_thread)(thread) };
        }
    }
}

thread_local! {
    static ATTACHED: Attached = const { Attached { thread: Cell::new(std::ptr::null_mut()) } };
}

/// The library and this thread in the isolate (attached at its first call).
pub(super) fn attached() -> Result<(&'static Api, Ptr), String> {
    let vm = vm()?;
    let thread = ATTACHED.with(|a| {
        if a.thread.get().is_null() {
            let mut thread: Ptr = std::ptr::null_mut();
            // SAFETY: a live isolate; the out-pointer is valid.
            let code = unsafe { (vm.api.attach_thread)(vm.isolate as Ptr, &mut thread) };
            if code != 0 || thread.is_null() {
                return Err(format!("{FILE}: graal_attach_thread failed ({code})"));
            }
            a.thread.set(thread);
        }
        Ok(a.thread.get())
    })?;
    Ok((&vm.api, thread))
}

/// The handles made for one model, destroyed with it (the Java objects are then collected).
pub(super) struct Handles {
    pub(super) api: &'static Api,
    pub(super) thread: Ptr,
    made: Vec<Ptr>,
}

impl Drop for Handles {
    fn drop(&mut self) {
        for &handle in &self.made {
            // SAFETY: each handle was returned by the library on this thread and is destroyed
            // once.
            unsafe { (self.api.destroy)(self.thread, handle) };
        }
    }
}

impl Handles {
    pub(super) fn new() -> Result<Handles, String> {
        let (api, thread) = attached()?;
        Ok(Handles { api, thread, made: Vec::new() })
    }

    /// Keeps `handle` for destruction; a null one (the library's answer to a call it could
    /// not serve) is an error.
    pub(super) fn kept(&mut self, handle: Ptr, what: &str) -> Result<Ptr, String> {
        if handle.is_null() {
            return Err(format!("Choco made no {what}"));
        }
        self.made.push(handle);
        Ok(handle)
    }

    /// A C string for an operator or a name.
    pub(super) fn text(text: &str) -> CString {
        CString::new(text).unwrap_or_default()
    }

    /// The solver's search state (`RUNNING`, `TERMINATED`, `STOPPED`, `KILLED`, …).
    pub(super) fn search_state(&self, solver: Ptr) -> String {
        // SAFETY: a live solver handle; the text is the library's, read at once.
        unsafe {
            let state = (self.api.search_state)(self.thread, solver);
            if state.is_null() { String::new() } else { CStr::from_ptr(state).to_string_lossy().into_owned() }
        }
    }
}
