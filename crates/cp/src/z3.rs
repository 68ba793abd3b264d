//! Z3 4.15 (feature `z3`): the SMT solver's C API from the `libz3.so` of its PyPI wheel
//! `z3-solver` (fetched by the build into the target folder, opened at the first solve;
//! `MASU_Z3_LIBRARY` names another build of the library), on a model in SMT-LIB 2 text.
//!
//! [`solve`] makes one context and one solver for Z3's finite-domain logic (`QF_FD`: bounded
//! integers and their linear arithmetic, bit-blasted to Z3's SAT solver: on the norvig
//! sudokus a median of about 0.1 s a puzzle, against 0.8 s on Z3's default solver), or, where
//! that solver gives up (an integer it finds no bounds for), Z3's default solver on the same
//! text; it parses the text (`Z3_solver_from_string`) and checks it once (`Z3_solver_check`)
//! under the settings' time limit (the solver's `timeout` parameter) and raw parameters
//! (`Z3_params`, each checked against the solver's own descriptions), stopped by
//! `Z3_interrupt` from a watcher once the stop flag is set or the time limit has passed. The
//! values of `v0 … v<n−1>` are read from the model by `Z3_model_eval` with model completion.
//! Z3's default error handler ends the process: every context gets one that only records the
//! error, and every call is followed by a look at the error code.
//!
//! As a backend ([`open`]): the model written once as SMT-LIB 2 ([`CpModel::to_smtlib`],
//! `--export` writes it as `.smt2`), each point excluded by an assertion of its own appended
//! to the text ([`SmtLib::exclude`]), and each check a Z3 solver of the whole text (its
//! finite-domain logic takes no arithmetic once it has checked, so it is not added to). The
//! text adds no variable, so Z3's models are assignments of the model's own variables, and
//! one point a check is found.
#![allow(unsafe_code)]

use std::ffi::{CStr, CString, c_char, c_double, c_int, c_uint, c_void};
use std::path::PathBuf;

use crate::runner::{Opened, Rereads, not_written};
use crate::{Answer, CpModel, SmtLib};
use masu_native::library_api;
use masu_native::{c_string, watched};

use masu_native::{Error, Settings};

const FILE: &str = "libz3.so";
/// The variable naming another build of the library.
const LIBRARY: &str = "MASU_Z3_LIBRARY";

type Ptr = *mut c_void;
/// `Z3_error_handler`: context, error code.
type OnError = unsafe extern "C" fn(Ptr, c_int);

/// `Z3_lbool`.
const L_FALSE: c_int = -1;
const L_TRUE: c_int = 1;
/// `Z3_param_kind`.
const PK_UINT: c_int = 0;
const PK_BOOL: c_int = 1;
const PK_DOUBLE: c_int = 2;
const PK_SYMBOL: c_int = 3;
const PK_STRING: c_int = 4;

// The functions of Z3 4.15's `z3_api.h` that masu calls.
library_api!(FILE, candidates(), {
    mk_config = "Z3_mk_config": unsafe extern "C" fn() -> Ptr,
    del_config = "Z3_del_config": unsafe extern "C" fn(Ptr),
    mk_context = "Z3_mk_context": unsafe extern "C" fn(Ptr) -> Ptr,
    del_context = "Z3_del_context": unsafe extern "C" fn(Ptr),
    set_error_handler = "Z3_set_error_handler": unsafe extern "C" fn(Ptr, OnError),
    get_error_code = "Z3_get_error_code": unsafe extern "C" fn(Ptr) -> c_int,
    get_error_msg = "Z3_get_error_msg": unsafe extern "C" fn(Ptr, c_int) -> *const c_char,
    get_version = "Z3_get_version": unsafe extern "C" fn(*mut c_uint, *mut c_uint, *mut c_uint, *mut c_uint),
    mk_solver = "Z3_mk_solver": unsafe extern "C" fn(Ptr) -> Ptr,
    mk_solver_for_logic = "Z3_mk_solver_for_logic": unsafe extern "C" fn(Ptr, Ptr) -> Ptr,
    solver_inc_ref = "Z3_solver_inc_ref": unsafe extern "C" fn(Ptr, Ptr),
    solver_dec_ref = "Z3_solver_dec_ref": unsafe extern "C" fn(Ptr, Ptr),
    solver_from_string = "Z3_solver_from_string": unsafe extern "C" fn(Ptr, Ptr, *const c_char),
    solver_check = "Z3_solver_check": unsafe extern "C" fn(Ptr, Ptr) -> c_int,
    solver_get_model = "Z3_solver_get_model": unsafe extern "C" fn(Ptr, Ptr) -> Ptr,
    solver_set_params = "Z3_solver_set_params": unsafe extern "C" fn(Ptr, Ptr, Ptr),
    solver_param_descrs = "Z3_solver_get_param_descrs": unsafe extern "C" fn(Ptr, Ptr) -> Ptr,
    param_descrs_inc_ref = "Z3_param_descrs_inc_ref": unsafe extern "C" fn(Ptr, Ptr),
    param_descrs_dec_ref = "Z3_param_descrs_dec_ref": unsafe extern "C" fn(Ptr, Ptr),
    param_descrs_kind = "Z3_param_descrs_get_kind": unsafe extern "C" fn(Ptr, Ptr, Ptr) -> c_int,
    model_inc_ref = "Z3_model_inc_ref": unsafe extern "C" fn(Ptr, Ptr),
    model_dec_ref = "Z3_model_dec_ref": unsafe extern "C" fn(Ptr, Ptr),
    model_eval = "Z3_model_eval": unsafe extern "C" fn(Ptr, Ptr, Ptr, bool, *mut Ptr) -> bool,
    get_numeral_int64 = "Z3_get_numeral_int64": unsafe extern "C" fn(Ptr, Ptr, *mut i64) -> bool,
    mk_string_symbol = "Z3_mk_string_symbol": unsafe extern "C" fn(Ptr, *const c_char) -> Ptr,
    mk_int_sort = "Z3_mk_int_sort": unsafe extern "C" fn(Ptr) -> Ptr,
    mk_const = "Z3_mk_const": unsafe extern "C" fn(Ptr, Ptr, Ptr) -> Ptr,
    mk_params = "Z3_mk_params": unsafe extern "C" fn(Ptr) -> Ptr,
    params_inc_ref = "Z3_params_inc_ref": unsafe extern "C" fn(Ptr, Ptr),
    params_dec_ref = "Z3_params_dec_ref": unsafe extern "C" fn(Ptr, Ptr),
    params_set_uint = "Z3_params_set_uint": unsafe extern "C" fn(Ptr, Ptr, Ptr, c_uint),
    params_set_bool = "Z3_params_set_bool": unsafe extern "C" fn(Ptr, Ptr, Ptr, bool),
    params_set_double = "Z3_params_set_double": unsafe extern "C" fn(Ptr, Ptr, Ptr, c_double),
    params_set_symbol = "Z3_params_set_symbol": unsafe extern "C" fn(Ptr, Ptr, Ptr, Ptr),
    interrupt = "Z3_interrupt": unsafe extern "C" fn(Ptr),
    solver_reason_unknown = "Z3_solver_get_reason_unknown": unsafe extern "C" fn(Ptr, Ptr) -> *const c_char,
});

/// Where the library is looked for: the build named, the wheel the build fetched, the
/// system's search path.
fn candidates() -> Vec<PathBuf> {
    masu_native::candidates(std::env::var_os(LIBRARY).map(PathBuf::from), option_env!("MASU_Z3_DIR"), FILE)
}

/// Records nothing: the error code stays in the context, where each call's caller reads it.
unsafe extern "C" fn keep_going(_: Ptr, _: c_int) {}

/// What one check of one solver found: an answer, or that the finite-domain solver gave up
/// (it bit-blasts only integers it finds bounds for).
enum Checked {
    Answer(Answer),
    GaveUp,
}

/// One Z3 context and its solver over `v0 … v<variables − 1>`.
struct Solver {
    api: &'static Api,
    context: Ptr,
    solver: Ptr,
    variables: usize,
}

impl std::fmt::Debug for Solver {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Solver({} variables)", self.variables)
    }
}

impl Drop for Solver {
    fn drop(&mut self) {
        // SAFETY: the solver was created in this context and referenced once (`new`); the
        // context is deleted last, once.
        unsafe {
            (self.api.solver_dec_ref)(self.context, self.solver);
            (self.api.del_context)(self.context);
        }
    }
}

impl Solver {
    /// A solver over `variables` integer constants, asserting `text` (SMT-LIB 2): for the
    /// finite-domain logic, or Z3's default solver.
    fn new(text: &str, variables: usize, finite: bool) -> Result<Solver, Error> {
        let api = api()?;
        // SAFETY: a fresh configuration makes a fresh context, and is deleted after; the
        // context's error handler is set before any other call in it.
        let context = unsafe {
            let config = (api.mk_config)();
            if config.is_null() {
                return Err(Error::Library("Z3: no configuration".into()));
            }
            let context = (api.mk_context)(config);
            (api.del_config)(config);
            if context.is_null() {
                return Err(Error::Library("Z3: no context".into()));
            }
            (api.set_error_handler)(context, keep_going);
            context
        };
        // SAFETY: the context is live; the solver is referenced once, released in `drop`.
        // SAFETY: the context is live; the logic's name is a static C string. The solver is
        // referenced once, released in `drop`.
        let solver = unsafe {
            if finite {
                let logic = (api.mk_string_symbol)(context, c"QF_FD".as_ptr());
                (api.mk_solver_for_logic)(context, logic)
            } else {
                (api.mk_solver)(context)
            }
        };
        if solver.is_null() {
            // SAFETY: the context was made above and is not used again.
            unsafe { (api.del_context)(context) };
            return Err(Error::Library("Z3: no solver".into()));
        }
        // SAFETY: as above.
        unsafe { (api.solver_inc_ref)(context, solver) };
        let solver = Solver { api, context, solver, variables };
        solver.error("creating a solver")?;
        solver.add(text)?;
        Ok(solver)
    }

    /// The error the last call left in the context, if any.
    fn error(&self, doing: &str) -> Result<(), Error> {
        // SAFETY: the context is live; the message is Z3's static text for the code.
        unsafe {
            let code = (self.api.get_error_code)(self.context);
            if code == 0 {
                return Ok(());
            }
            let message = CStr::from_ptr((self.api.get_error_msg)(self.context, code)).to_string_lossy();
            Err(Error::Library(format!("Z3: {doing}: {message} (error {code})")))
        }
    }

    /// A symbol of `name` in this context.
    fn symbol(&self, name: &str) -> Result<Ptr, Error> {
        let name = c_string(name)?;
        // SAFETY: the context is live; Z3 copies the name.
        Ok(unsafe { (self.api.mk_string_symbol)(self.context, name.as_ptr()) })
    }

    /// Asserts `text` (SMT-LIB 2 declarations and assertions). Once the solver has checked,
    /// its finite-domain logic takes no more arithmetic: a count builds a solver anew.
    fn add(&self, text: &str) -> Result<(), Error> {
        let text = CString::new(text).map_err(|_| Error::Library("Z3: the model's text holds a NUL byte".into()))?;
        // SAFETY: the context and solver are live; the text outlives the call.
        unsafe { (self.api.solver_from_string)(self.context, self.solver, text.as_ptr()) };
        self.error("reading the model")
    }

    /// The solver's parameters: the time limit and the raw parameters, each by the kind
    /// the solver describes it with (an unknown name or a value of the wrong kind refused).
    fn set_parameters(&self, settings: &Settings) -> Result<(), Error> {
        let api = self.api;
        // SAFETY: the context and solver are live; the descriptions and the parameters are
        // referenced once each and released below.
        let (descrs, params) = unsafe {
            let descrs = (api.solver_param_descrs)(self.context, self.solver);
            (api.param_descrs_inc_ref)(self.context, descrs);
            let params = (api.mk_params)(self.context);
            (api.params_inc_ref)(self.context, params);
            (descrs, params)
        };
        let set = || -> Result<(), Error> {
            if let Some(limit) = settings.time_limit {
                let ms = c_uint::try_from(limit.as_millis().max(1)).unwrap_or(c_uint::MAX);
                // SAFETY: live context and parameters; the symbol is the context's.
                unsafe { (api.params_set_uint)(self.context, params, self.symbol("timeout")?, ms) };
            }
            for (name, value) in settings.parameters {
                let key = self.symbol(name)?;
                let refuse = |reason: String| Error::Parameter { solver: "Z3", name: name.clone(), reason };
                // SAFETY: live context and descriptions; the symbol is the context's.
                let kind = unsafe { (api.param_descrs_kind)(self.context, descrs, key) };
                match kind {
                    PK_UINT => {
                        let v: c_uint = value.parse().map_err(|_| refuse(format!("'{value}' is not a count")))?;
                        // SAFETY: live context and parameters; the key is the context's.
                        unsafe { (api.params_set_uint)(self.context, params, key, v) };
                    }
                    PK_BOOL => {
                        let v: bool = value.parse().map_err(|_| refuse(format!("'{value}' is not true or false")))?;
                        // SAFETY: as above.
                        unsafe { (api.params_set_bool)(self.context, params, key, v) };
                    }
                    PK_DOUBLE => {
                        let v: f64 = value.parse().map_err(|_| refuse(format!("'{value}' is not a number")))?;
                        // SAFETY: as above.
                        unsafe { (api.params_set_double)(self.context, params, key, v) };
                    }
                    PK_SYMBOL | PK_STRING => {
                        let v = self.symbol(value)?;
                        // SAFETY: as above; the value is a symbol of the context's.
                        unsafe { (api.params_set_symbol)(self.context, params, key, v) };
                    }
                    _ => return Err(refuse("no such parameter of Z3's solver".into())),
                }
            }
            // SAFETY: live context, solver and parameters.
            unsafe { (api.solver_set_params)(self.context, self.solver, params) };
            self.error("setting the parameters")
        };
        let result = set();
        // SAFETY: each was referenced once above.
        unsafe {
            (api.params_dec_ref)(self.context, params);
            (api.param_descrs_dec_ref)(self.context, descrs);
        }
        result
    }

    /// One check of what is asserted, within the settings.
    fn check(&self, settings: &Settings) -> Result<Checked, Error> {
        self.set_parameters(settings)?;
        let context = self.context as usize;
        let interrupt = self.api.interrupt;
        // Z3's `timeout` is kept by a timer thread of Z3's own, which can fail to fire while
        // other contexts solve in other threads: the watcher interrupts at the limit as well.
        let deadline = settings.time_limit.map(|limit| std::time::Instant::now() + limit);
        let status = watched(
            settings.stop,
            deadline,
            // SAFETY: the context is live until `watched` returns (the watcher ends first),
            // and Z3_interrupt may be called from another thread while a check runs.
            || unsafe { interrupt(context as Ptr) },
            // SAFETY: live context and solver.
            || unsafe { (self.api.solver_check)(self.context, self.solver) },
        );
        self.error("checking")?;
        match status {
            L_FALSE => Ok(Checked::Answer(Answer::Infeasible)),
            L_TRUE => self.values().map(|values| Checked::Answer(Answer::solved(values))),
            _ => {
                // SAFETY: live context and solver; the reason is Z3's text, read at once.
                let reason = unsafe { CStr::from_ptr((self.api.solver_reason_unknown)(self.context, self.solver)) };
                // Z3's other reasons (`timeout`, `canceled`) are a stop.
                Ok(if reason.to_string_lossy().contains("giveup") {
                    Checked::GaveUp
                } else {
                    Checked::Answer(Answer::Unknown)
                })
            }
        }
    }

    /// The values of `v0 … v<n−1>` in the solver's model.
    fn values(&self) -> Result<Vec<i64>, Error> {
        let api = self.api;
        // SAFETY: live context and solver after a satisfiable check; the model is
        // referenced once and released below.
        let model = unsafe { (api.solver_get_model)(self.context, self.solver) };
        self.error("reading the model")?;
        // SAFETY: as above.
        unsafe { (api.model_inc_ref)(self.context, model) };
        let read = || -> Result<Vec<i64>, Error> {
            // SAFETY: live context.
            let int = unsafe { (api.mk_int_sort)(self.context) };
            (0..self.variables)
                .map(|i| {
                    let symbol = self.symbol(&format!("v{i}"))?;
                    let mut value: Ptr = std::ptr::null_mut();
                    let mut number = 0_i64;
                    // SAFETY: live context and model; the constant is the one the text
                    // declared (same name, same sort); the out-pointers are valid.
                    let read = unsafe {
                        let constant = (api.mk_const)(self.context, symbol, int);
                        (api.model_eval)(self.context, model, constant, true, &mut value)
                            && (api.get_numeral_int64)(self.context, value, &mut number)
                    };
                    if read { Ok(number) } else { Err(Error::Library(format!("Z3: no integer value of v{i}"))) }
                })
                .collect()
        };
        let values = read();
        // SAFETY: referenced once above.
        unsafe { (api.model_dec_ref)(self.context, model) };
        values
    }
}

/// One check of the SMT-LIB 2 `text` over `v0 … v<variables − 1>`, within the settings: by
/// Z3's finite-domain solver, and where it gives up (an integer it finds no bounds for, as
/// when the bounds contradict each other), by Z3's default solver on the same text.
pub fn solve(text: &str, variables: usize, settings: &Settings) -> Result<Answer, Error> {
    if settings.stopped() {
        return Ok(Answer::Unknown);
    }
    if let Checked::Answer(answer) = Solver::new(text, variables, true)?.check(settings)? {
        return Ok(answer);
    }
    match Solver::new(text, variables, false)?.check(settings)? {
        Checked::Answer(answer) => Ok(answer),
        Checked::GaveUp => Ok(Answer::Unknown),
    }
}

/// Refuses parameter names Z3's solvers do not describe and values of the wrong kind, by
/// setting them on a fresh solver of each kind masu runs.
pub fn check_parameters(parameters: &[(String, String)]) -> Result<(), Error> {
    if parameters.is_empty() {
        return Ok(());
    }
    for finite in [true, false] {
        Solver::new("", 0, finite)?.set_parameters(&Settings { parameters, ..Settings::default() })?;
    }
    Ok(())
}

/// Z3's version and route, e.g. `Z3 4.15.4 (the z3-solver wheel)`.
pub fn version() -> Result<String, Error> {
    let api = api()?;
    let (mut major, mut minor, mut build, mut revision) = (0, 0, 0, 0);
    // SAFETY: four valid out-pointers.
    unsafe { (api.get_version)(&mut major, &mut minor, &mut build, &mut revision) };
    let route = match option_env!("MASU_Z3_DIR") {
        Some(dir) if api.path.starts_with(dir) => "the z3-solver wheel".to_string(),
        _ => api.path.display().to_string(),
    };
    Ok(format!("Z3 {major}.{minor}.{build} ({route})"))
}

/// `model` opened on Z3 (no raw parameter is read here: each check takes them): each check
/// a solver of the whole text.
pub fn open<'a>(model: &'a CpModel, _: &[(String, String)]) -> Result<Opened<'a>, Error> {
    let smt = model.to_smtlib().map_err(|r| not_written("SMT-LIB", r))?;
    let text = Some(("smt2", smt.text().to_string()));
    let solve = |smt: &SmtLib, settings: &Settings, _: usize| solve(smt.text(), smt.variables(), settings);
    Ok(Opened { text, runner: Box::new(Rereads { text: smt, solve }) })
}

#[cfg(test)]
mod tests {
    use std::time::{Duration, Instant};

    use super::*;

    #[test]
    fn z3_solves_refuses_and_proves() {
        let text = "(declare-const v0 Int)\n(declare-const v1 Int)\n(assert (and (>= v0 0) (<= v0 9) (>= v1 0) \
                    (<= v1 9)))\n(assert (= (+ v0 v1) 12))\n(assert (>= (- v0 v1) 4))\n";
        let Answer::Found { solutions, .. } = solve(text, 2, &Settings::default()).unwrap() else { panic!("no model") };
        let values = &solutions[0];
        assert!(values[0] + values[1] == 12 && values[0] - values[1] >= 4, "{values:?}");
        // Bounds that contradict each other: the finite-domain solver gives up, the default
        // one proves it.
        let none = format!("{text}(assert (> v0 20))\n");
        assert_eq!(solve(&none, 2, &Settings::default()).unwrap(), Answer::Infeasible);
        let err = solve("(assert (= v7 1))", 1, &Settings::default()).unwrap_err();
        assert!(err.to_string().starts_with("Z3: reading the model"), "{err}");
        let bad = [("no_such_parameter".to_string(), "1".to_string())];
        assert!(check_parameters(&bad).unwrap_err().to_string().contains("no_such_parameter"));
        check_parameters(&[("random_seed".into(), "3".into())]).unwrap();
        let err = check_parameters(&[("random_seed".into(), "many".into())]).unwrap_err();
        assert!(err.to_string().contains("'many' is not a count"), "{err}");
        assert!(version().unwrap().starts_with("Z3 4.15.4 (the z3-solver wheel)"), "{}", version().unwrap());
    }

    /// Thirteen pigeons in twelve holes: no clause learning proves it soon.
    fn pigeons() -> String {
        let (pigeons, holes) = (13, 12);
        let mut text = String::new();
        for i in 0..pigeons {
            text += &format!("(declare-const v{i} Int)\n(assert (and (>= v{i} 0) (< v{i} {holes})))\n");
        }
        for i in 0..pigeons {
            for j in i + 1..pigeons {
                text += &format!("(assert (not (= v{i} v{j})))\n");
            }
        }
        text
    }

    #[test]
    fn the_time_limit_holds_without_z3s_timer() {
        // A raw `timeout` is set after masu's limit and replaces it in Z3's parameters, as a
        // timer that does not fire would: the watcher's interrupt still ends the check.
        let parameters = [("timeout".to_string(), "600000".to_string())];
        let limit = Duration::from_millis(300);
        let settings = Settings { time_limit: Some(limit), parameters: &parameters, ..Settings::default() };
        let started = Instant::now();
        assert_eq!(solve(&pigeons(), 13, &settings).unwrap(), Answer::Unknown);
        assert!(started.elapsed() < limit + Duration::from_secs(2), "{:?}", started.elapsed());
    }
}
