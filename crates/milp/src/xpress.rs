//! FICO Xpress 9.9 (Optimizer 47) over its C API (`libxprs.so.47`), opened at the first solve:
//! from the vendor's installation when `XPRESSDIR` names one (any size, under the licence
//! `XPRSinit` finds there), else from the `xpresslibs` wheel on PyPI that the build fetched,
//! with the community licence it ships (at most 5,000 rows and columns together).
//!
//! A solve loads the matrix column by column (`XPRSloadlp`: rows as `L`, `G`, `E` or a range
//! `R`), marks binary and integer columns (`XPRSchgcoltype`), sets the time limit
//! (`TIMELIMIT`), the threads (`THREADS`) and the raw parameters (Xpress's control names,
//! `MAXNODE=100`, `MIPRELSTOP=0.01`), and runs `XPRSoptimize`. A model past the community
//! licence's size is refused before anything is sent to the library ([`Error::Licence`]). It
//! stops at its time limit, and when the stop flag is set through `XPRSinterrupt`, called by
//! a watcher. The log (`--log`) is Xpress's message callback, written to standard error.
#![allow(unsafe_code)]

use std::ffi::{CStr, c_char, c_double, c_int, c_longlong, c_void};
use std::io::Write;
use std::path::PathBuf;
use std::sync::OnceLock;

use crate::{Error, Model, Outcome, Settings};
use masu_native::library_api;
use masu_native::{c_string, watched};

const FILE: &str = "libxprs.so.47";

/// The variable naming an Xpress installation, and the library's place in it.
const INSTALLATION: &str = "XPRESSDIR";
/// The community licence's limit: rows and columns together.
const COMMUNITY_SIZE: usize = 5_000;
/// The licence file the wheel ships, beside its `lib/` folder.
const COMMUNITY_LICENCE: &str = "../bin/community-xpauth.xpr";

/// Xpress's bound for infinity.
const INFINITY: f64 = 1e20;
/// Control types (`XPRSgetcontrolinfo`).
const TYPE_INT: c_int = 1;
const TYPE_INT64: c_int = 2;
const TYPE_DOUBLE: c_int = 3;
const TYPE_STRING: c_int = 4;
/// `XPRSoptimize`'s solve status: failed.
const SOLVE_FAILED: c_int = 2;
/// `XPRSoptimize`'s solution statuses.
const SOLUTION_OPTIMAL: c_int = 1;
const SOLUTION_FEASIBLE: c_int = 2;
const SOLUTION_INFEASIBLE: c_int = 3;
const SOLUTION_UNBOUNDED: c_int = 4;
/// The error of a problem past the licence's size.
const ERROR_SIZE: c_int = 120;
/// `XPRSinterrupt`'s reason: the user's.
const STOP_USER: c_int = 9;
/// Message buffers: `XPRSgetlasterror` writes at most 512 bytes.
const MESSAGE: usize = 512;

type Ptr = *mut c_void;
/// The message callback: problem, data, message, its length, its type.
type OnMessage = unsafe extern "C" fn(Ptr, *mut c_void, *const c_char, c_int, c_int);

// The functions of Xpress 9.9's `xprs.h` that masu calls.
library_api!(FILE, candidates(), {
    init = "XPRSinit": unsafe extern "C" fn(*const c_char) -> c_int,
    licence_message = "XPRSgetlicerrmsg": unsafe extern "C" fn(*mut c_char, c_int) -> c_int,
    get_version = "XPRSgetversion": unsafe extern "C" fn(*mut c_char) -> c_int,
    create_prob = "XPRScreateprob": unsafe extern "C" fn(*mut Ptr) -> c_int,
    destroy_prob = "XPRSdestroyprob": unsafe extern "C" fn(Ptr) -> c_int,
    // prob, name, columns, rows, row types, rhs, ranges, objective, column starts, column
    // lengths, row indices, values, lower, upper.
    load_lp = "XPRSloadlp": unsafe extern "C" fn(
        Ptr, *const c_char, c_int, c_int, *const c_char, *const c_double, *const c_double, *const c_double,
        *const c_int, *const c_int, *const c_int, *const c_double, *const c_double, *const c_double,
    ) -> c_int,
    change_types = "XPRSchgcoltype": unsafe extern "C" fn(Ptr, c_int, *const c_int, *const c_char) -> c_int,
    optimize = "XPRSoptimize": unsafe extern "C" fn(Ptr, *const c_char, *mut c_int, *mut c_int) -> c_int,
    get_solution = "XPRSgetsolution": unsafe extern "C" fn(Ptr, *mut c_int, *mut c_double, c_int, c_int) -> c_int,
    control_info = "XPRSgetcontrolinfo": unsafe extern "C" fn(Ptr, *const c_char, *mut c_int, *mut c_int) -> c_int,
    set_int = "XPRSsetintcontrol": unsafe extern "C" fn(Ptr, c_int, c_int) -> c_int,
    set_int64 = "XPRSsetintcontrol64": unsafe extern "C" fn(Ptr, c_int, c_longlong) -> c_int,
    set_double = "XPRSsetdblcontrol": unsafe extern "C" fn(Ptr, c_int, c_double) -> c_int,
    set_string = "XPRSsetstrcontrol": unsafe extern "C" fn(Ptr, c_int, *const c_char) -> c_int,
    interrupt = "XPRSinterrupt": unsafe extern "C" fn(Ptr, c_int) -> c_int,
    last_error = "XPRSgetlasterror": unsafe extern "C" fn(Ptr, *mut c_char) -> c_int,
    add_message_callback = "XPRSaddcbmessage": unsafe extern "C" fn(Ptr, OnMessage, *mut c_void, c_int) -> c_int,
});

/// Where the library is looked for: the vendor's installation, the wheel the build fetched,
/// the system's search path.
fn candidates() -> Vec<PathBuf> {
    let installed = std::env::var_os(INSTALLATION).map(|dir| PathBuf::from(dir).join("lib").join(FILE));
    masu_native::candidates(installed, option_env!("MASU_XPRESS_DIR"), FILE)
}

/// Whether the library opened is the wheel's, under its community licence.
fn community(api: &Api) -> bool {
    option_env!("MASU_XPRESS_DIR").is_some_and(|dir| api.path.starts_with(dir))
}

/// The library, initialised once for the process: with the wheel's community licence, or
/// with the licence an installation's `XPRSinit` finds.
fn ready() -> Result<&'static Api, Error> {
    let api = api()?;
    static INIT: OnceLock<Result<(), String>> = OnceLock::new();
    INIT.get_or_init(|| {
        let licence = community(api)
            .then(|| api.path.parent().map(|lib| lib.join(COMMUNITY_LICENCE)))
            .flatten()
            .map(|path| c_string(&path.to_string_lossy()))
            .transpose()
            .map_err(|e| e.to_string())?;
        // SAFETY: XPRSinit takes a NUL-terminated path or null (its own search); the string
        // outlives the call.
        let code = unsafe { (api.init)(licence.as_ref().map_or(std::ptr::null(), |l| l.as_ptr())) };
        if code == 0 {
            return Ok(());
        }
        let mut buffer = [0 as c_char; MESSAGE];
        // SAFETY: the buffer holds MESSAGE bytes, the length given.
        unsafe { (api.licence_message)(buffer.as_mut_ptr(), MESSAGE as c_int) };
        // SAFETY: XPRSgetlicerrmsg writes a NUL-terminated message within the buffer.
        let message = unsafe { CStr::from_ptr(buffer.as_ptr()) }.to_string_lossy().into_owned();
        Err(format!("Xpress: no licence ({code}): {message}"))
    })
    .clone()
    .map_err(Error::Library)?;
    Ok(api)
}

/// Xpress's version and route, e.g. `Xpress Optimizer 47.01.02 (community licence, the
/// xpresslibs wheel)`.
pub fn version() -> Result<String, Error> {
    let api = ready()?;
    let mut buffer = [0 as c_char; 64];
    // SAFETY: XPRSgetversion writes a short NUL-terminated version into the buffer.
    unsafe { (api.get_version)(buffer.as_mut_ptr()) };
    // SAFETY: as above.
    let text = unsafe { CStr::from_ptr(buffer.as_ptr()) }.to_string_lossy().into_owned();
    let route =
        if community(api) { "community licence, the xpresslibs wheel".into() } else { api.path.display().to_string() };
    Ok(format!("Xpress Optimizer {text} ({route})"))
}

/// An Xpress problem, destroyed on drop.
struct Problem<'a> {
    api: &'a Api,
    prob: Ptr,
}

impl<'a> Problem<'a> {
    fn new(api: &'a Api) -> Result<Problem<'a>, Error> {
        let mut prob: Ptr = std::ptr::null_mut();
        // SAFETY: XPRScreateprob writes a new problem into `prob` (checked by its code).
        let code = unsafe { (api.create_prob)(&mut prob) };
        if code != 0 || prob.is_null() {
            return Err(Error::Library(format!("Xpress: cannot create a problem (error {code})")));
        }
        Ok(Problem { api, prob })
    }

    /// Xpress's last error on this problem.
    fn message(&self) -> String {
        let mut buffer = [0 as c_char; MESSAGE];
        // SAFETY: XPRSgetlasterror writes at most 512 bytes, NUL-terminated.
        unsafe { (self.api.last_error)(self.prob, buffer.as_mut_ptr()) };
        // SAFETY: as above.
        unsafe { CStr::from_ptr(buffer.as_ptr()) }.to_string_lossy().trim().to_string()
    }

    fn check(&self, code: c_int, what: &str) -> Result<(), Error> {
        match code {
            0 => Ok(()),
            ERROR_SIZE => Err(Error::Licence(format!("Xpress refused the model for its size: {}", self.message()))),
            _ => Err(Error::Library(format!("Xpress: {what} failed ({code}): {}", self.message()))),
        }
    }

    /// Sets control `name` (Xpress's name, any case) from its text, by its type.
    fn set(&self, name: &str, value: &str) -> Result<(), Error> {
        let refuse = |reason: String| Error::Parameter { solver: "Xpress", name: name.into(), reason };
        let c_name = c_string(name)?;
        let (mut id, mut kind): (c_int, c_int) = (0, 0);
        // SAFETY: the name is NUL-terminated; both out-pointers are valid ints.
        let code = unsafe { (self.api.control_info)(self.prob, c_name.as_ptr(), &mut id, &mut kind) };
        if code != 0 || id == 0 {
            return Err(refuse("no such control (Xpress's names: MAXNODE, MIPRELSTOP, PRESOLVE)".into()));
        }
        let unreadable = || refuse(format!("'{value}' is not a value of its type"));
        // SAFETY: each setter takes the problem, the control's id and a value of the
        // control's own type; the string outlives its call.
        let code = unsafe {
            match kind {
                TYPE_INT => (self.api.set_int)(self.prob, id, value.parse().map_err(|_| unreadable())?),
                TYPE_INT64 => (self.api.set_int64)(self.prob, id, value.parse().map_err(|_| unreadable())?),
                TYPE_DOUBLE => (self.api.set_double)(self.prob, id, value.parse().map_err(|_| unreadable())?),
                TYPE_STRING => (self.api.set_string)(self.prob, id, c_string(value)?.as_ptr()),
                _ => return Err(refuse("a control masu cannot set".into())),
            }
        };
        if code != 0 {
            return Err(refuse(format!("Xpress refuses the value '{value}': {}", self.message())));
        }
        Ok(())
    }
}

impl Drop for Problem<'_> {
    fn drop(&mut self) {
        // SAFETY: the problem came from XPRScreateprob and is destroyed once.
        unsafe { (self.api.destroy_prob)(self.prob) };
    }
}

/// Refuses control names Xpress does not know and values it rejects, on a fresh problem.
pub fn check_parameters(parameters: &[(String, String)]) -> Result<(), Error> {
    crate::dylib::check_each(parameters, || Problem::new(ready()?), Problem::set)
}

/// Writes Xpress's log messages to standard error.
unsafe extern "C" fn to_stderr(_: Ptr, _: *mut c_void, message: *const c_char, length: c_int, _: c_int) {
    if message.is_null() || length < 0 {
        return;
    }
    // SAFETY: Xpress hands a message of `length` bytes (a null message with a negative
    // length asks for a flush, handled above).
    let bytes = unsafe { std::slice::from_raw_parts(message.cast::<u8>(), length as usize) };
    let mut err = std::io::stderr().lock();
    let _ = err.write_all(bytes);
    let _ = err.write_all(b"\n");
}

/// One solve of `model`.
pub fn solve(model: &Model, settings: &Settings) -> Result<Outcome, Error> {
    let api = ready()?;
    let size = model.columns.len() + model.rows.len();
    if community(api) && size > COMMUNITY_SIZE {
        return Err(Error::Licence(format!(
            "Xpress's community licence (the xpresslibs wheel) takes at most {COMMUNITY_SIZE} rows and columns \
             together; this model has {} variables and {} constraints (an installation named by {INSTALLATION} \
             takes any size its licence allows)",
            model.columns.len(),
            model.rows.len()
        )));
    }
    let large = |_| Error::TooLarge("Xpress: a model past 2^31 rows, columns or nonzeros".into());
    let columns = c_int::try_from(model.columns.len()).map_err(large)?;
    let row_count = c_int::try_from(model.rows.len()).map_err(large)?;
    let (starts, indices, values) = model.by_columns();
    let starts: Vec<c_int> = starts.into_iter().map(c_int::try_from).collect::<Result<_, _>>().map_err(large)?;
    let indices: Vec<c_int> = indices.into_iter().map(c_int::try_from).collect::<Result<_, _>>().map_err(large)?;
    let (mut kinds, mut rhs, mut ranges) = (Vec::new(), Vec::new(), Vec::new());
    for row in &model.rows {
        let (lower, upper) = (row.lower.max(-INFINITY), row.upper.min(INFINITY));
        let (kind, side, range) = match (lower > -INFINITY, upper < INFINITY) {
            (true, true) if lower == upper => (b'E', lower, 0.0),
            (true, true) => (b'R', upper, upper - lower),
            (true, false) => (b'G', lower, 0.0),
            (false, true) => (b'L', upper, 0.0),
            (false, false) => (b'N', 0.0, 0.0),
        };
        kinds.push(kind as c_char);
        rhs.push(side);
        ranges.push(range);
    }
    let objective: Vec<f64> = model.columns.iter().map(|c| c.objective).collect();
    let lower: Vec<f64> = model.columns.iter().map(|c| c.lower.max(-INFINITY)).collect();
    let upper: Vec<f64> = model.columns.iter().map(|c| c.upper.min(INFINITY)).collect();
    let (mut integers, mut types) = (Vec::new(), Vec::new());
    for (i, c) in model.columns.iter().enumerate() {
        if c.integer {
            integers.push(c_int::try_from(i).map_err(large)?);
            types.push(if c.lower >= 0.0 && c.upper <= 1.0 { b'B' } else { b'I' } as c_char);
        }
    }
    let problem = Problem::new(api)?;
    let p = problem.prob;
    problem.set("OUTPUTLOG", if settings.log { "1" } else { "0" })?;
    if let Some(limit) = settings.time_limit {
        problem.set("TIMELIMIT", &format!("{}", limit.as_secs_f64().max(0.001)))?;
    }
    if let Some(threads) = settings.threads {
        problem.set("THREADS", &threads.to_string())?;
    }
    for (name, value) in settings.parameters {
        problem.set(name, value)?;
    }
    // SAFETY: `p` is a live problem; every array holds the count its call is given (columns
    // + 1 starts, nonzeros, rows, columns, integers) and outlives the call; the message
    // callback is a plain function that touches only its arguments.
    unsafe {
        if settings.log {
            problem.check((api.add_message_callback)(p, to_stderr, std::ptr::null_mut(), 0), "XPRSaddcbmessage")?;
        }
        let loaded = (api.load_lp)(
            p,
            c_string("masu")?.as_ptr(),
            columns,
            row_count,
            kinds.as_ptr(),
            rhs.as_ptr(),
            ranges.as_ptr(),
            objective.as_ptr(),
            starts.as_ptr(),
            std::ptr::null(),
            indices.as_ptr(),
            values.as_ptr(),
            lower.as_ptr(),
            upper.as_ptr(),
        );
        problem.check(loaded, "XPRSloadlp")?;
        if !integers.is_empty() {
            let count = c_int::try_from(integers.len()).map_err(large)?;
            problem.check((api.change_types)(p, count, integers.as_ptr(), types.as_ptr()), "XPRSchgcoltype")?;
        }
    }
    if settings.stopped() {
        return Ok(Outcome::Unknown);
    }
    let shared = Shared(p);
    let shared = &shared;
    let (mut solve_status, mut solution_status) = (0, 0);
    let flags = c_string("")?;
    let code = watched(
        settings.stop,
        None,
        // SAFETY: see `Shared`: the problem is solving and outlives the watcher.
        || unsafe {
            (api.interrupt)(shared.0, STOP_USER);
        },
        // SAFETY: a live problem holding a complete model; two valid out-pointers.
        || unsafe { (api.optimize)(p, flags.as_ptr(), &mut solve_status, &mut solution_status) },
    );
    problem.check(code, "XPRSoptimize")?;
    if solve_status == SOLVE_FAILED {
        return Err(Error::Library(format!("Xpress: the solve failed: {}", problem.message())));
    }
    match solution_status {
        SOLUTION_INFEASIBLE => Ok(Outcome::Infeasible),
        SOLUTION_UNBOUNDED => Err(Error::Library("Xpress: the model is unbounded".into())),
        SOLUTION_OPTIMAL | SOLUTION_FEASIBLE => {
            let mut values = vec![0.0; model.columns.len()];
            if !values.is_empty() {
                let mut status = 0;
                // SAFETY: `values` holds one double per column, 0 to columns − 1.
                let code = unsafe { (api.get_solution)(p, &mut status, values.as_mut_ptr(), 0, columns - 1) };
                problem.check(code, "XPRSgetsolution")?;
            }
            Ok(Outcome::Solved { values, optimal: solution_status == SOLUTION_OPTIMAL })
        }
        _ => Ok(Outcome::Unknown),
    }
}

/// A problem pointer that a watcher thread may use to interrupt the solve.
struct Shared(Ptr);
// SAFETY: the watcher only calls XPRSinterrupt, which Xpress documents as callable while the
// problem solves (it sets a flag the solve polls), while the problem is alive: the scope of
// `watched` joins the watcher before `solve` returns.
unsafe impl Send for Shared {}
// SAFETY: as above.
unsafe impl Sync for Shared {}

conformance!();
commercial_test!(xpress_takes_its_controls_names_its_route_and_refuses_a_model_past_its_licence; [("MAXNODE", "100"), ("miprelstop", "0.01")]; "THREADS"; ("NO_SUCH_CONTROL", "no such control"); "XPRESSDIR"; "Xpress Optimizer 47.01.02 (community licence, the xpresslibs wheel)"; 5000; "at most 5000 rows and columns");
