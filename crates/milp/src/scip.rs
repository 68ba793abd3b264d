//! SCIP 10 over the C API of the OR-Tools wheel's `libscip.so.10.0`, opened at the first
//! solve.
//!
//! A solve creates a SCIP instance with its default plugins, one variable per column
//! (binary, integer or continuous) and one linear constraint per row, sets the time limit
//! (`limits/time`) and the raw parameters (SCIP's own names, e.g. `limits/gap`, values as
//! SCIP's settings files write them), and solves. SCIP solves on one thread. Ctrl-C: SCIP's
//! own handler is off (`misc/catchctrlc`); a watcher interrupts the solve when masu's stop
//! flag is set. The log (`--log`) goes to standard error through SCIP's log file.
#![allow(unsafe_code)]

use std::ffi::{c_char, c_double, c_int, c_uint, c_void};
use std::sync::atomic::AtomicBool;

use crate::{Error, Model, Outcome, Settings};
use masu_native::c_string;
use masu_native::library_api;

const FILE: &str = "libscip.so.10.0";

/// SCIP_RETCODE's success.
const OKAY: c_int = 1;
/// SCIP_STATUS values of SCIP 10.
const STATUS_OPTIMAL: c_int = 1;
const STATUS_INFEASIBLE: c_int = 2;
/// SCIP_VARTYPE values.
const BINARY: c_int = 0;
const INTEGER: c_int = 1;
const CONTINUOUS: c_int = 3;

type Ptr = *mut c_void;

// The functions of SCIP 10's C API (`scip/scip.h` and its family) that masu calls;
// `SCIPsetParam` takes the value as text, as SCIP's settings files write it.
library_api!(FILE, masu_cp::library_candidates(FILE), {
    create = "SCIPcreate": unsafe extern "C" fn(*mut Ptr) -> c_int,
    include_default_plugins = "SCIPincludeDefaultPlugins": unsafe extern "C" fn(Ptr) -> c_int,
    free = "SCIPfree": unsafe extern "C" fn(*mut Ptr) -> c_int,
    set_quiet = "SCIPsetMessagehdlrQuiet": unsafe extern "C" fn(Ptr, c_uint),
    set_logfile = "SCIPsetMessagehdlrLogfile": unsafe extern "C" fn(Ptr, *const c_char),
    get_param = "SCIPgetParam": unsafe extern "C" fn(Ptr, *const c_char) -> Ptr,
    set_param = "SCIPsetParam": unsafe extern "C" fn(Ptr, *const c_char, *const c_char) -> c_int,
    create_prob_basic = "SCIPcreateProbBasic": unsafe extern "C" fn(Ptr, *const c_char) -> c_int,
    // scip, var (out), name, lower, upper, objective, vartype.
    create_var_basic = "SCIPcreateVarBasic": unsafe extern "C" fn(
        Ptr, *mut Ptr, *const c_char, c_double, c_double, c_double, c_int,
    ) -> c_int,
    add_var = "SCIPaddVar": unsafe extern "C" fn(Ptr, Ptr) -> c_int,
    release_var = "SCIPreleaseVar": unsafe extern "C" fn(Ptr, *mut Ptr) -> c_int,
    // scip, cons (out), name, terms, vars, values, lhs, rhs.
    create_cons_basic_linear = "SCIPcreateConsBasicLinear": unsafe extern "C" fn(
        Ptr, *mut Ptr, *const c_char, c_int, *mut Ptr, *mut c_double, c_double, c_double,
    ) -> c_int,
    add_cons = "SCIPaddCons": unsafe extern "C" fn(Ptr, Ptr) -> c_int,
    release_cons = "SCIPreleaseCons": unsafe extern "C" fn(Ptr, *mut Ptr) -> c_int,
    solve = "SCIPsolve": unsafe extern "C" fn(Ptr) -> c_int,
    interrupt_solve = "SCIPinterruptSolve": unsafe extern "C" fn(Ptr) -> c_int,
    get_status = "SCIPgetStatus": unsafe extern "C" fn(Ptr) -> c_int,
    get_n_sols = "SCIPgetNSols": unsafe extern "C" fn(Ptr) -> c_int,
    get_best_sol = "SCIPgetBestSol": unsafe extern "C" fn(Ptr) -> Ptr,
    get_sol_val = "SCIPgetSolVal": unsafe extern "C" fn(Ptr, Ptr, Ptr) -> c_double,
    infinity = "SCIPinfinity": unsafe extern "C" fn(Ptr) -> c_double,
    major_version = "SCIPmajorVersion": unsafe extern "C" fn() -> c_int,
    minor_version = "SCIPminorVersion": unsafe extern "C" fn() -> c_int,
    tech_version = "SCIPtechVersion": unsafe extern "C" fn() -> c_int,
});

/// SCIP's version, e.g. `SCIP 10.0.0`.
pub fn version() -> Result<String, Error> {
    let api = api()?;
    // SAFETY: the version functions take nothing and return numbers.
    let (major, minor, tech) = unsafe { ((api.major_version)(), (api.minor_version)(), (api.tech_version)()) };
    Ok(format!("SCIP {major}.{minor}.{tech}"))
}

fn check(code: c_int, what: &str) -> Result<(), Error> {
    if code == OKAY { Ok(()) } else { Err(Error::Library(format!("SCIP: {what} failed (SCIP_RETCODE {code})"))) }
}

/// A SCIP instance with its default plugins, quiet, freed on drop.
struct Instance<'a> {
    api: &'a Api,
    scip: Ptr,
}

impl<'a> Instance<'a> {
    fn new(api: &'a Api) -> Result<Instance<'a>, Error> {
        let mut scip: Ptr = std::ptr::null_mut();
        // SAFETY: SCIPcreate writes a new instance into `scip` (checked by its return code).
        check(unsafe { (api.create)(&mut scip) }, "SCIPcreate")?;
        let instance = Instance { api, scip };
        // SAFETY: `scip` is a fresh instance.
        unsafe {
            (api.set_quiet)(scip, 1);
            check((api.include_default_plugins)(scip), "SCIPincludeDefaultPlugins")?;
        }
        instance.set("misc/catchctrlc", "FALSE").map_err(|e| Error::Library(e.to_string()))?;
        Ok(instance)
    }

    /// Sets a parameter by name from its text: an unknown name or a refused value is an error.
    fn set(&self, name: &str, value: &str) -> Result<(), Error> {
        let refuse = |reason: &str| Error::Parameter { solver: "SCIP", name: name.into(), reason: reason.into() };
        let (c_name, c_value) = (c_string(name)?, c_string(value)?);
        // SAFETY: both strings are NUL-terminated and outlive the calls; SCIPgetParam returns
        // null for an unknown name (SCIPsetParam would accept it silently).
        unsafe {
            if (self.api.get_param)(self.scip, c_name.as_ptr()).is_null() {
                return Err(refuse("no such parameter (`scip -c \"set\"` lists them)"));
            }
            if (self.api.set_param)(self.scip, c_name.as_ptr(), c_value.as_ptr()) != OKAY {
                return Err(refuse(&format!("SCIP refuses the value '{value}'")));
            }
        }
        Ok(())
    }
}

impl Drop for Instance<'_> {
    fn drop(&mut self) {
        // SAFETY: `scip` came from SCIPcreate and is freed once, with everything it holds.
        unsafe { (self.api.free)(&mut self.scip) };
    }
}

/// Refuses parameter names SCIP does not know and values it rejects, on a fresh instance.
pub fn check_parameters(parameters: &[(String, String)]) -> Result<(), Error> {
    crate::dylib::check_each(parameters, || Instance::new(api()?), Instance::set)
}

/// One solve of `model`.
pub fn solve(model: &Model, settings: &Settings) -> Result<Outcome, Error> {
    let api = api()?;
    let instance = Instance::new(api)?;
    let scip = instance.scip;
    if let Some(limit) = settings.time_limit {
        instance.set("limits/time", &format!("{}", limit.as_secs_f64().max(0.001)))?;
    }
    for (name, value) in settings.parameters {
        instance.set(name, value)?;
    }
    let log = c_string("/dev/stderr")?;
    // SAFETY: `scip` is a live instance; every string is NUL-terminated and outlives the
    // call that reads it; each variable and constraint is released once after SCIP took its
    // own reference (SCIPaddVar, SCIPaddCons), and `vars` holds live variables until SCIP is
    // freed (variables are released at the end, after the solution is read).
    unsafe {
        if settings.log {
            (api.set_logfile)(scip, log.as_ptr());
        }
        check((api.create_prob_basic)(scip, c_string("masu")?.as_ptr()), "SCIPcreateProbBasic")?;
        let infinity = (api.infinity)(scip);
        let bound = |x: f64| x.clamp(-infinity, infinity);
        let mut vars: Vec<Ptr> = Vec::with_capacity(model.columns.len());
        let release = Releaser { api, scip, vars: &mut vars };
        for column in &model.columns {
            let kind = match (column.integer, column.lower >= 0.0 && column.upper <= 1.0) {
                (true, true) => BINARY,
                (true, false) => INTEGER,
                (false, _) => CONTINUOUS,
            };
            let mut var: Ptr = std::ptr::null_mut();
            let name = c_string(&column.name)?;
            let (lower, upper) = (bound(column.lower), bound(column.upper));
            check(
                (api.create_var_basic)(scip, &mut var, name.as_ptr(), lower, upper, column.objective, kind),
                "SCIPcreateVarBasic",
            )?;
            release.vars.push(var);
            check((api.add_var)(scip, var), "SCIPaddVar")?;
        }
        for row in &model.rows {
            let mut row_vars: Vec<Ptr> = row.terms.iter().map(|&(c, _)| release.vars[c]).collect();
            let mut row_values: Vec<f64> = row.terms.iter().map(|&(_, v)| v).collect();
            let count = c_int::try_from(row_vars.len())
                .map_err(|_| Error::TooLarge("SCIP: a row of more than 2^31 terms".into()))?;
            let mut cons: Ptr = std::ptr::null_mut();
            let name = c_string(&row.name)?;
            check(
                (api.create_cons_basic_linear)(
                    scip,
                    &mut cons,
                    name.as_ptr(),
                    count,
                    row_vars.as_mut_ptr(),
                    row_values.as_mut_ptr(),
                    bound(row.lower),
                    bound(row.upper),
                ),
                "SCIPcreateConsBasicLinear",
            )?;
            let added = (api.add_cons)(scip, cons);
            (api.release_cons)(scip, &mut cons);
            check(added, "SCIPaddCons")?;
        }
        if settings.stopped() {
            return Ok(Outcome::Unknown);
        }
        let solved = solve_watched(api, scip, settings.stop);
        check(solved, "SCIPsolve")?;
        let status = (api.get_status)(scip);
        if status == STATUS_INFEASIBLE {
            return Ok(Outcome::Infeasible);
        }
        if (api.get_n_sols)(scip) == 0 {
            return Ok(Outcome::Unknown);
        }
        let best = (api.get_best_sol)(scip);
        let values = release.vars.iter().map(|&var| (api.get_sol_val)(scip, best, var)).collect();
        Ok(Outcome::Solved { values, optimal: status == STATUS_OPTIMAL })
    }
}

/// Releases the variables (SCIP keeps its own references) when the solve ends, however.
struct Releaser<'a> {
    api: &'a Api,
    scip: Ptr,
    vars: &'a mut Vec<Ptr>,
}

impl Drop for Releaser<'_> {
    fn drop(&mut self) {
        for var in self.vars.iter_mut() {
            // SAFETY: each variable was created by SCIPcreateVarBasic on this live instance
            // and is released once.
            unsafe { (self.api.release_var)(self.scip, var) };
        }
    }
}

/// A SCIP instance pointer that a watcher thread may use to interrupt the solve.
struct Shared(Ptr);
// SAFETY: the watcher only calls SCIPinterruptSolve, which sets a flag SCIP polls (the same
// call its own Ctrl-C handler makes from a signal), while the instance is alive: the scope
// below joins the watcher before returning.
unsafe impl Send for Shared {}
// SAFETY: as above.
unsafe impl Sync for Shared {}

/// SCIPsolve, interrupted by a watcher when `stop` is set.
fn solve_watched(api: &Api, scip: Ptr, stop: Option<&AtomicBool>) -> c_int {
    let shared = Shared(scip);
    let shared = &shared;
    masu_native::watched(
        stop,
        None,
        // SAFETY: see `Shared`: the instance is solving and outlives the watcher.
        || unsafe {
            (api.interrupt_solve)(shared.0);
        },
        // SAFETY: `scip` holds a complete problem.
        || unsafe { (api.solve)(scip) },
    )
}

conformance!();

#[cfg(test)]
mod tests {
    use super::{check_parameters, version};

    #[test]
    fn scip_takes_its_parameters_and_refuses_bad_values() {
        check_parameters(&[("limits/gap".into(), "0.01".into())]).unwrap();
        let err = check_parameters(&[("limits/gap".into(), "lots".into())]).unwrap_err();
        assert!(err.to_string().contains("refuses the value 'lots'"), "{err}");
        assert_eq!(version().unwrap(), "SCIP 10.0.0");
    }
}
