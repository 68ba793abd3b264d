//! IBM CPLEX 22.2 over its C API (`libcplex2220.so`), opened at the first solve: from the
//! vendor's installation when `CPLEX_STUDIO_DIR2220` names one (any size, under its licence),
//! else from the `cplex` wheel on PyPI that the build fetched (the Community Edition: at most
//! 1,000 variables and 1,000 constraints).
//!
//! A solve opens a CPLEX environment, adds one column per model column (binary, integer or
//! continuous, `CPXnewcols`) and the rows (`CPXaddrows`; a row bounded on both sides is a
//! range row), sets the time limit (`CPXPARAM_TimeLimit`), the threads and the raw
//! parameters (CPLEX's own names, `CPXPARAM_MIP_Limits_Nodes` or `CPX_PARAM_NODELIM`), and
//! runs `CPXmipopt`. A model past the Community Edition's limits is refused before anything
//! is sent to the library ([`Error::Licence`], naming the limit and the model's size). It
//! stops at its time limit, and when the stop flag is set through CPLEX's terminate flag
//! (`CPXsetterminate`), which CPLEX polls during the search. The log (`--log`) is CPLEX's
//! screen output, sent to standard error. A pool ([`pool`]) loads the model the same way and
//! runs `CPXpopulate` instead of `CPXmipopt`.
#![allow(unsafe_code)]

use std::ffi::{CStr, c_char, c_double, c_int, c_longlong, c_void};
use std::path::PathBuf;
use std::sync::atomic::{AtomicI32, Ordering};

use crate::dylib::StdoutToStderr;
use crate::{Error, Model, Outcome, Settings, Several};
use masu_native::library_api;
use masu_native::{c_string, watched};

const FILE: &str = "libcplex2220.so";

/// The variable naming a CPLEX Studio 22.1.2 installation, and the library's place in it.
const STUDIO: &str = "CPLEX_STUDIO_DIR2220";
const STUDIO_LIBRARY: &str = "cplex/bin/x86-64_linux";

/// The Community Edition's limits (the `cplex` wheel without a licence).
const COMMUNITY_COLUMNS: usize = 1_000;
const COMMUNITY_ROWS: usize = 1_000;

/// CPLEX's bound for infinity.
const INFINITY: f64 = 1e20;
/// Parameters masu sets: time limit (s), threads, screen output, presolve.
const PARAM_TIME_LIMIT: c_int = 1039;
const PARAM_THREADS: c_int = 1067;
const PARAM_SCREEN: c_int = 1035;
const PARAM_PRESOLVE: c_int = 1030;
/// Parameter types (`CPXgetparamtype`).
const TYPE_INT: c_int = 1;
const TYPE_DOUBLE: c_int = 2;
const TYPE_STRING: c_int = 3;
const TYPE_LONG: c_int = 4;
/// MIP statuses (`CPXgetstat`).
const MIP_OPTIMAL: c_int = 101;
const MIP_OPTIMAL_TOLERANCE: c_int = 102;
const MIP_INFEASIBLE: c_int = 103;
const MIP_INFEASIBLE_OR_UNBOUNDED: c_int = 119;
/// `CPXsolninfo`'s solution type when there is none.
const NO_SOLUTION: c_int = 0;
/// The error of a model past the Community Edition's limits.
const ERROR_RESTRICTED: c_int = 1016;
/// The most points a pool takes (its parameters are ints).
const POOL_MOST: usize = c_int::MAX as usize;
/// `CPXMESSAGEBUFSIZE`.
const MESSAGE: usize = 1024;

type Ptr = *mut c_void;

// The functions of CPLEX 22's `cplex.h` that masu calls (CPXINT is `int`, CPXLONG `long long`).
library_api!(FILE, candidates(), {
    open_cplex = "CPXopenCPLEX": unsafe extern "C" fn(*mut c_int) -> Ptr,
    close_cplex = "CPXcloseCPLEX": unsafe extern "C" fn(*mut Ptr) -> c_int,
    create_prob = "CPXcreateprob": unsafe extern "C" fn(Ptr, *mut c_int, *const c_char) -> Ptr,
    free_prob = "CPXfreeprob": unsafe extern "C" fn(Ptr, *mut Ptr) -> c_int,
    // env, lp, columns, objective, lower, upper, types, names.
    new_cols = "CPXnewcols": unsafe extern "C" fn(
        Ptr, Ptr, c_int, *const c_double, *const c_double, *const c_double, *const c_char, *mut *mut c_char,
    ) -> c_int,
    // env, lp, new columns, rows, nonzeros, rhs, senses, row starts, indices, values, column
    // names, row names.
    add_rows = "CPXaddrows": unsafe extern "C" fn(
        Ptr, Ptr, c_int, c_int, c_int, *const c_double, *const c_char, *const c_int, *const c_int,
        *const c_double, *mut *mut c_char, *mut *mut c_char,
    ) -> c_int,
    change_ranges = "CPXchgrngval": unsafe extern "C" fn(Ptr, Ptr, c_int, *const c_int, *const c_double) -> c_int,
    mip_opt = "CPXmipopt": unsafe extern "C" fn(Ptr, Ptr) -> c_int,
    populate = "CPXpopulate": unsafe extern "C" fn(Ptr, Ptr) -> c_int,
    pool_count = "CPXgetsolnpoolnumsolns": unsafe extern "C" fn(Ptr, Ptr) -> c_int,
    // env, lp, solution, x, first column, last column.
    pool_x = "CPXgetsolnpoolx": unsafe extern "C" fn(Ptr, Ptr, c_int, *mut c_double, c_int, c_int) -> c_int,
    get_stat = "CPXgetstat": unsafe extern "C" fn(Ptr, Ptr) -> c_int,
    solution_info = "CPXsolninfo": unsafe extern "C" fn(Ptr, Ptr, *mut c_int, *mut c_int, *mut c_int, *mut c_int) -> c_int,
    get_x = "CPXgetx": unsafe extern "C" fn(Ptr, Ptr, *mut c_double, c_int, c_int) -> c_int,
    set_int = "CPXsetintparam": unsafe extern "C" fn(Ptr, c_int, c_int) -> c_int,
    set_long = "CPXsetlongparam": unsafe extern "C" fn(Ptr, c_int, c_longlong) -> c_int,
    set_double = "CPXsetdblparam": unsafe extern "C" fn(Ptr, c_int, c_double) -> c_int,
    set_string = "CPXsetstrparam": unsafe extern "C" fn(Ptr, c_int, *const c_char) -> c_int,
    param_number = "CPXgetparamnum": unsafe extern "C" fn(Ptr, *const c_char, *mut c_int) -> c_int,
    param_type = "CPXgetparamtype": unsafe extern "C" fn(Ptr, c_int, *mut c_int) -> c_int,
    set_terminate = "CPXsetterminate": unsafe extern "C" fn(Ptr, *mut c_int) -> c_int,
    error_string = "CPXgeterrorstring": unsafe extern "C" fn(Ptr, c_int, *mut c_char) -> *const c_char,
    version_text = "CPXversion": unsafe extern "C" fn(Ptr) -> *const c_char,
});

/// Where the library is looked for: the vendor's installation, the wheel the build fetched,
/// the system's search path.
fn candidates() -> Vec<PathBuf> {
    let installed = std::env::var_os(STUDIO).map(|dir| PathBuf::from(dir).join(STUDIO_LIBRARY).join(FILE));
    masu_native::candidates(installed, option_env!("MASU_CPLEX_DIR"), FILE)
}

/// Whether the library opened is the wheel's Community Edition (not a named installation).
fn community(api: &Api) -> bool {
    option_env!("MASU_CPLEX_DIR").is_some_and(|dir| api.path.starts_with(dir))
}

/// CPLEX's version and route, e.g. `CPLEX 22.2.0.0 (Community Edition, the cplex wheel)`.
pub fn version() -> Result<String, Error> {
    let api = api()?;
    let env = Env::open(api)?;
    // SAFETY: CPXversion returns a NUL-terminated string owned by the live environment,
    // copied before the environment closes.
    let text = unsafe { CStr::from_ptr((api.version_text)(env.env)) }.to_string_lossy().into_owned();
    let route =
        if community(api) { "Community Edition, the cplex wheel".to_string() } else { api.path.display().to_string() };
    Ok(format!("CPLEX {text} ({route})"))
}

/// A CPLEX environment and its problem, freed and closed on drop.
struct Env<'a> {
    api: &'a Api,
    env: Ptr,
    lp: Ptr,
}

impl<'a> Env<'a> {
    fn open(api: &'a Api) -> Result<Env<'a>, Error> {
        let mut status: c_int = 0;
        // SAFETY: CPXopenCPLEX writes its status into `status` and returns an environment or
        // null.
        let env = unsafe { (api.open_cplex)(&mut status) };
        if env.is_null() {
            return Err(Error::Library(format!("CPLEX: cannot open an environment (error {status})")));
        }
        Ok(Env { api, env, lp: std::ptr::null_mut() })
    }

    /// CPLEX's message for error `code`.
    fn message(&self, code: c_int) -> String {
        let mut buffer = [0 as c_char; MESSAGE];
        // SAFETY: the buffer holds CPXMESSAGEBUFSIZE bytes, as CPXgeterrorstring asks; it
        // returns null or the buffer, NUL-terminated.
        let text = unsafe { (self.api.error_string)(self.env, code, buffer.as_mut_ptr()) };
        if text.is_null() {
            return format!("CPLEX error {code}");
        }
        // SAFETY: as above: a NUL-terminated string in `buffer`.
        unsafe { CStr::from_ptr(text) }.to_string_lossy().trim().to_string()
    }

    fn check(&self, code: c_int, what: &str) -> Result<(), Error> {
        match code {
            0 => Ok(()),
            ERROR_RESTRICTED => {
                Err(Error::Licence(format!("CPLEX refused the model for its size: {}", self.message(code))))
            }
            _ => Err(Error::Library(format!("CPLEX: {what}: {}", self.message(code)))),
        }
    }

    /// Sets parameter `name` (CPLEX's name) from its text, by its type.
    fn set(&self, name: &str, value: &str) -> Result<(), Error> {
        let refuse = |reason: String| Error::Parameter { solver: "CPLEX", name: name.into(), reason };
        let c_name = c_string(name)?;
        let (mut number, mut kind): (c_int, c_int) = (0, 0);
        // SAFETY: the name is NUL-terminated; both out-pointers are valid ints.
        if unsafe { (self.api.param_number)(self.env, c_name.as_ptr(), &mut number) } != 0 {
            return Err(refuse(
                "no such parameter (CPLEX's names: CPXPARAM_MIP_Limits_Nodes, CPX_PARAM_NODELIM)".into(),
            ));
        }
        // SAFETY: as above.
        self.check(unsafe { (self.api.param_type)(self.env, number, &mut kind) }, "CPXgetparamtype")?;
        let unreadable = || refuse(format!("'{value}' is not a value of its type"));
        // SAFETY: each setter takes the environment, the parameter's number and a value of
        // the parameter's own type; the string outlives its call.
        let code = unsafe {
            match kind {
                TYPE_INT => (self.api.set_int)(self.env, number, value.parse().map_err(|_| unreadable())?),
                TYPE_LONG => (self.api.set_long)(self.env, number, value.parse().map_err(|_| unreadable())?),
                TYPE_DOUBLE => (self.api.set_double)(self.env, number, value.parse().map_err(|_| unreadable())?),
                TYPE_STRING => (self.api.set_string)(self.env, number, c_string(value)?.as_ptr()),
                _ => return Err(refuse("a parameter masu cannot set".into())),
            }
        };
        if code != 0 {
            return Err(refuse(format!("CPLEX refuses the value '{value}': {}", self.message(code))));
        }
        Ok(())
    }
}

impl Drop for Env<'_> {
    fn drop(&mut self) {
        // SAFETY: the problem (if any) and the environment were made by this Env and are
        // freed once, the problem first.
        unsafe {
            if !self.lp.is_null() {
                (self.api.free_prob)(self.env, &mut self.lp);
            }
            (self.api.close_cplex)(&mut self.env);
        }
    }
}

/// Refuses parameter names CPLEX does not know and values it rejects, in a fresh environment.
pub fn check_parameters(parameters: &[(String, String)]) -> Result<(), Error> {
    crate::dylib::check_each(parameters, || Env::open(api()?), Env::set)
}

/// Refuses a model the Community Edition cannot take, before the library sees it.
fn within_edition(api: &Api, model: &Model) -> Result<(), Error> {
    let (columns, rows) = (model.columns.len(), model.rows.len());
    if community(api) && (columns > COMMUNITY_COLUMNS || rows > COMMUNITY_ROWS) {
        return Err(Error::Licence(format!(
            "CPLEX Community Edition (the cplex wheel) takes at most {COMMUNITY_COLUMNS} variables and \
             {COMMUNITY_ROWS} constraints; this model has {columns} variables and {rows} constraints \
             (an installation named by {STUDIO} takes any size)"
        )));
    }
    Ok(())
}

/// The model's rows in CPLEX's form: right-hand sides, senses, ranges (by row), and the
/// matrix row by row.
struct Rows {
    rhs: Vec<f64>,
    sense: Vec<c_char>,
    ranged: Vec<(c_int, f64)>,
    starts: Vec<c_int>,
    indices: Vec<c_int>,
    values: Vec<f64>,
}

/// A count or an index as CPLEX's `int`.
fn int(n: usize) -> Result<c_int, Error> {
    c_int::try_from(n).map_err(|_| Error::TooLarge("CPLEX: a model past 2^31 rows, columns or nonzeros".into()))
}

fn rows(model: &Model) -> Result<Rows, Error> {
    let mut rows = Rows { rhs: vec![], sense: vec![], ranged: vec![], starts: vec![], indices: vec![], values: vec![] };
    for (r, row) in model.rows.iter().enumerate() {
        let (lower, upper) = (row.lower.max(-INFINITY), row.upper.min(INFINITY));
        let (sense, rhs) = match (lower > -INFINITY, upper < INFINITY) {
            (true, true) if lower == upper => (b'E', lower),
            (true, true) => {
                rows.ranged.push((int(r)?, upper - lower));
                (b'R', lower)
            }
            (true, false) => (b'G', lower),
            (false, _) => (b'L', upper),
        };
        rows.sense.push(sense as c_char);
        rows.rhs.push(rhs);
        rows.starts.push(int(rows.indices.len())?);
        for &(column, value) in &row.terms {
            rows.indices.push(int(column)?);
            rows.values.push(value);
        }
    }
    Ok(rows)
}

/// `model` in a fresh environment, with the time limit, threads, log and raw parameters of
/// `settings`.
fn load<'a>(api: &'a Api, model: &Model, settings: &Settings) -> Result<Env<'a>, Error> {
    within_edition(api, model)?;
    let mut env = Env::open(api)?;
    let (columns, row_count) = (int(model.columns.len())?, model.rows.len());
    let objective: Vec<f64> = model.columns.iter().map(|c| c.objective).collect();
    let lower: Vec<f64> = model.columns.iter().map(|c| c.lower.max(-INFINITY)).collect();
    let upper: Vec<f64> = model.columns.iter().map(|c| c.upper.min(INFINITY)).collect();
    let types: Vec<c_char> = model
        .columns
        .iter()
        .map(|c| match (c.integer, c.lower >= 0.0 && c.upper <= 1.0) {
            (true, true) => b'B',
            (true, false) => b'I',
            (false, _) => b'C',
        } as c_char)
        .collect();
    let rows = rows(model)?;
    // SAFETY: `env.env` is a live environment; every array holds the count its call is
    // given (columns, rows, nonzeros) and outlives the call; names are null (CPLEX names
    // them itself); the problem is stored in `env` and freed with it.
    unsafe {
        let mut status: c_int = 0;
        env.lp = (api.create_prob)(env.env, &mut status, c_string("masu")?.as_ptr());
        if env.lp.is_null() {
            return Err(Error::Library(format!("CPLEX: cannot create a problem: {}", env.message(status))));
        }
        let (e, lp) = (env.env, env.lp);
        let none = std::ptr::null_mut();
        let added =
            (api.new_cols)(e, lp, columns, objective.as_ptr(), lower.as_ptr(), upper.as_ptr(), types.as_ptr(), none);
        env.check(added, "CPXnewcols")?;
        let nonzeros = int(rows.indices.len())?;
        let count = int(row_count)?;
        let added = (api.add_rows)(
            e,
            lp,
            0,
            count,
            nonzeros,
            rows.rhs.as_ptr(),
            rows.sense.as_ptr(),
            rows.starts.as_ptr(),
            rows.indices.as_ptr(),
            rows.values.as_ptr(),
            none,
            none,
        );
        env.check(added, "CPXaddrows")?;
        if !rows.ranged.is_empty() {
            let (which, ranges): (Vec<c_int>, Vec<f64>) = rows.ranged.iter().copied().unzip();
            let count = int(which.len())?;
            env.check((api.change_ranges)(e, lp, count, which.as_ptr(), ranges.as_ptr()), "CPXchgrngval")?;
        }
        env.check((api.set_int)(e, PARAM_SCREEN, c_int::from(settings.log)), "CPXsetintparam")?;
        if let Some(limit) = settings.time_limit {
            env.check((api.set_double)(e, PARAM_TIME_LIMIT, limit.as_secs_f64().max(0.001)), "CPXsetdblparam")?;
        }
        if let Some(threads) = settings.threads {
            env.check((api.set_int)(e, PARAM_THREADS, c_int::try_from(threads).unwrap_or(c_int::MAX)), "threads")?;
        }
    }
    for (name, value) in settings.parameters {
        env.set(name, value)?;
    }
    Ok(env)
}

/// One solve of `model`.
pub fn solve(model: &Model, settings: &Settings) -> Result<Outcome, Error> {
    let api = api()?;
    let env = load(api, model, settings)?;
    if settings.stopped() {
        return Ok(Outcome::Unknown);
    }
    let columns = int(model.columns.len())?;
    let _log = settings.log.then(StdoutToStderr::new);
    let mut status = optimize(&env, settings, api.mip_opt)?;
    if status == MIP_INFEASIBLE_OR_UNBOUNDED {
        // Presolve could not tell the two apart: decided again without it.
        // SAFETY: a live environment and an int parameter.
        env.check(unsafe { (api.set_int)(env.env, PARAM_PRESOLVE, 0) }, "CPXsetintparam")?;
        status = optimize(&env, settings, api.mip_opt)?;
    }
    if status == MIP_INFEASIBLE {
        return Ok(Outcome::Infeasible);
    }
    let (mut method, mut kind, mut primal, mut dual) = (0, 0, 0, 0);
    // SAFETY: a live environment and problem; four valid out-pointers.
    let info = unsafe { (api.solution_info)(env.env, env.lp, &mut method, &mut kind, &mut primal, &mut dual) };
    env.check(info, "CPXsolninfo")?;
    if kind == NO_SOLUTION || primal == 0 {
        return Ok(Outcome::Unknown);
    }
    let mut values = vec![0.0; model.columns.len()];
    if !values.is_empty() {
        // SAFETY: `values` holds one double per column, 0 to columns − 1.
        env.check(unsafe { (api.get_x)(env.env, env.lp, values.as_mut_ptr(), 0, columns - 1) }, "CPXgetx")?;
    }
    Ok(Outcome::Solved { values, optimal: matches!(status, MIP_OPTIMAL | MIP_OPTIMAL_TOLERANCE) })
}

/// Up to `n` points of `model` in one solve: CPLEX's `populate` at pool intensity 4 (its
/// exhaustive enumeration), the populate limit and the pool's capacity `n`. CPLEX says its
/// enumeration covers "all solutions it could enumerate", not that none is left, so the
/// points are never said to be all: the caller proves the rest by a solve with no-goods.
pub fn pool(model: &Model, n: usize, settings: &Settings) -> Result<Several, Error> {
    let api = api()?;
    let env = load(api, model, settings)?;
    if settings.stopped() {
        return Ok(Several::Unknown);
    }
    let columns = int(model.columns.len())?;
    let n = n.clamp(1, POOL_MOST).to_string();
    env.set("CPXPARAM_MIP_Pool_Intensity", "4")?;
    env.set("CPXPARAM_MIP_Limits_Populate", &n)?;
    env.set("CPXPARAM_MIP_Pool_Capacity", &n)?;
    let _log = settings.log.then(StdoutToStderr::new);
    let status = optimize(&env, settings, api.populate)?;
    if matches!(status, MIP_INFEASIBLE | MIP_INFEASIBLE_OR_UNBOUNDED) {
        // Populate, unlike a solve, is not retried without presolve: no point either way.
        return Ok(Several::Infeasible);
    }
    // SAFETY: a live environment and problem.
    let found = unsafe { (api.pool_count)(env.env, env.lp) };
    let mut points = Vec::with_capacity(usize::try_from(found).unwrap_or(0));
    for k in 0..found {
        let mut values = vec![0.0; model.columns.len()];
        if columns > 0 {
            // SAFETY: `values` holds one double per column, 0 to columns − 1; k is below the
            // pool's size.
            let read = unsafe { (api.pool_x)(env.env, env.lp, k, values.as_mut_ptr(), 0, columns - 1) };
            env.check(read, "CPXgetsolnpoolx")?;
        }
        points.push(values);
    }
    Ok(if points.is_empty() { Several::Unknown } else { Several::Solved { points, all: false } })
}

/// `run` (CPXmipopt or CPXpopulate), stopped through CPLEX's terminate flag when the stop
/// flag is set; the status.
fn optimize(env: &Env, settings: &Settings, run: unsafe extern "C" fn(Ptr, Ptr) -> c_int) -> Result<c_int, Error> {
    let terminate = AtomicI32::new(0);
    // SAFETY: the flag lives until after the solve and the terminate pointer is taken away
    // before it goes; CPLEX only reads it (an AtomicI32 has an int's layout).
    env.check(unsafe { (env.api.set_terminate)(env.env, terminate.as_ptr()) }, "CPXsetterminate")?;
    let solved = watched(
        settings.stop,
        None,
        || terminate.store(1, Ordering::SeqCst),
        // SAFETY: a live environment holding a complete problem; `run` is one of its
        // library's functions taking them.
        || unsafe { run(env.env, env.lp) },
    );
    // SAFETY: a null pointer takes the terminate flag away.
    unsafe { (env.api.set_terminate)(env.env, std::ptr::null_mut()) };
    env.check(solved, "CPXmipopt")?;
    // SAFETY: a live environment and problem.
    Ok(unsafe { (env.api.get_stat)(env.env, env.lp) })
}

conformance!();
pool_conformance!(false);
commercial_test!(cplex_takes_its_parameters_names_its_route_and_refuses_a_model_past_its_edition; [("CPXPARAM_MIP_Limits_Nodes", "100"), ("CPX_PARAM_EPGAP", "0.01")]; "CPXPARAM_Threads"; ("CPX_NO_SUCH_PARAMETER", "no such parameter"); "CPLEX_STUDIO_DIR2220"; "CPLEX 22.2.0.0 (Community Edition, the cplex wheel)"; 1001; "at most 1000 variables");
