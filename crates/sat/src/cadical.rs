//! CaDiCaL 1.9.5, built by `./masu` beside cargo (`scripts/build-cadical`, from the `cadical`
//! crate's bundled source, which Cargo.lock pins, into `.tools/cadical/`) and opened at the
//! first solver: no library to install, and no compile of it on cargo's path. It serves the
//! clause-learning stages of the native solvers (nonogram and numberlink), the refutations of
//! `--certify`, and the SAT family's `cadical` backend ([`Cadical`]).
//!
//! [`Sat`] is the solver they use: CaDiCaL, stopped by a callback, which can also keep the
//! clauses it is given to write them as DIMACS (`--export`), and can have a [`Propagator`]
//! inside its search (CaDiCaL's external-propagator interface, IPASIR-UP): told of every
//! assignment to the variables it observes, it adds clauses during the search, and judges
//! each complete model before the solver answers with it. `src/shim.cpp` (C++ as C, compiled
//! into the same library as CaDiCaL, against its own header) is what this crate calls.
//!
//! Where the library cannot be opened (built by no `./masu`, and `MASU_CADICAL_LIB` names
//! none), a [`Sat`] is still made, and its first solve answers [`Outcome::Failed`] with how
//! to get it: no clause is lost silently, since nothing was solved.
//!
//! CaDiCaL aborts the process when a value is read outside its satisfied state (after a
//! stop, after an unsatisfiable answer, or once a clause was added since the last solve).
//! Here a value can only be read from the [`Model`] a satisfiable [`Sat::solve`] returns,
//! and that model borrows the solver: no clause can be added while it is alive, so the
//! state it reads is always the satisfied one. Literals are never 0 or `i32::MIN` (the
//! callers number their variables from 1). A panic inside a callback is caught there (it
//! cannot unwind through C++), stops the search, and is raised again once `solve` returns.

#![allow(unsafe_code)]

use std::any::Any;
use std::ffi::CString;
use std::os::raw::{c_char, c_int, c_void};
use std::panic::{AssertUnwindSafe, catch_unwind, resume_unwind};

use std::path::PathBuf;
use std::time::Duration;

use masu_native::library_api;

/// A theory inside CaDiCaL's search, over the variables the solver was told to observe
/// ([`Sat::observe`]). Its clauses must hold in every solution it admits: they are kept as
/// the solver's own. What it does not write does nothing: no clause, every model accepted.
pub trait Propagator {
    /// `lit` became true; `fixed`: at the root, for good (never backtracked).
    fn assigned(&mut self, lit: i32, fixed: bool);
    /// A decision opened a new level.
    fn new_level(&mut self) {}
    /// The levels above `level` were undone, with their assignments.
    fn backtrack(&mut self, _level: usize) {}
    /// A clause to add under the current assignment (one it falsifies, or one that makes
    /// a literal true), or `None`.
    fn clause(&mut self) -> Option<Vec<i32>> {
        None
    }
    /// A literal that the current assignment implies, or 0: CaDiCaL makes it true and asks
    /// for its [`Propagator::reason`] only when its conflict analysis needs one. It reports
    /// the assignment later and asks again before: give each literal once (note it as
    /// assigned yourself), or the search never moves on.
    fn propagate(&mut self) -> i32 {
        0
    }
    /// The clause that made `lit` true when [`Propagator::propagate`] gave it: `lit` and
    /// literals that were false then (and stay false while `lit` is assigned).
    fn reason(&mut self, lit: i32) -> Vec<i32> {
        vec![lit]
    }
    /// Judges a complete model, given as the literals of the observed variables that hold
    /// in it: `None` accepts it; a clause, false in the model, rejects it.
    fn check(&mut self, _model: &[i32]) -> Option<Vec<i32>> {
        None
    }
}

/// No theory: a solver that is never given one.
#[derive(Debug, Default)]
pub struct Plain;

impl Propagator for Plain {
    fn assigned(&mut self, _: i32, _: bool) {}
}

/// The table of callbacks `src/shim.cpp` calls: `data` is the [`Bridge`].
#[repr(C)]
struct Callbacks {
    data: *mut c_void,
    terminate: extern "C" fn(*mut c_void) -> c_int,
    assigned: extern "C" fn(*mut c_void, c_int, c_int),
    new_level: extern "C" fn(*mut c_void),
    backtrack: extern "C" fn(*mut c_void, usize),
    check: extern "C" fn(*mut c_void, *const c_int, usize) -> c_int,
    has_clause: extern "C" fn(*mut c_void) -> c_int,
    clause_lit: extern "C" fn(*mut c_void) -> c_int,
    propagate: extern "C" fn(*mut c_void) -> c_int,
    reason_lit: extern "C" fn(*mut c_void, c_int) -> c_int,
}

/// The library's file name.
const FILE: &str = "libmasu_cadical.so";

/// The longest the first solver waits for the library while `./masu` is still building it
/// (about a minute on 2 cores).
pub const BUILD_WAIT: Duration = Duration::from_secs(10 * 60);

/// A solver of the shim, as `masu_sat_new` returns it.
type Ptr = *mut c_void;

// The shim's functions (src/shim.cpp), with its signatures.
library_api!(FILE, candidates(), {
    new = "masu_sat_new": unsafe extern "C" fn(*const c_char) -> Ptr,
    delete = "masu_sat_delete": unsafe extern "C" fn(Ptr),
    connect = "masu_sat_connect": unsafe extern "C" fn(Ptr, *const Callbacks, c_int),
    observe = "masu_sat_observe": unsafe extern "C" fn(Ptr, c_int),
    add = "masu_sat_add": unsafe extern "C" fn(Ptr, c_int),
    solve = "masu_sat_solve": unsafe extern "C" fn(Ptr) -> c_int,
    val = "masu_sat_val": unsafe extern "C" fn(Ptr, c_int) -> c_int,
    error = "masu_sat_error": unsafe extern "C" fn(Ptr) -> *const c_char,
    trace = "masu_sat_trace": unsafe extern "C" fn(Ptr, *const c_char) -> c_int,
    close_proof = "masu_sat_close_proof": unsafe extern "C" fn(Ptr),
    signature = "masu_sat_signature": unsafe extern "C" fn() -> *const c_char,
});

/// Where the library is looked for: `MASU_CADICAL_LIB`, else where `scripts/build-cadical`
/// puts it for this checkout (compiled in), after waiting for a build of it under way.
fn candidates() -> Vec<PathBuf> {
    if let Some(path) = std::env::var_os("MASU_CADICAL_LIB") {
        return vec![PathBuf::from(path)];
    }
    let path = PathBuf::from(env!("MASU_CADICAL_LIB"));
    masu_native::wait_for_build(&path, "CaDiCaL's library", BUILD_WAIT);
    vec![path]
}

/// The library's functions, or why it cannot be opened and how to get it.
fn library() -> Result<&'static Api, String> {
    api().map_err(|e| {
        format!("{e}; ./masu builds it (scripts/build-cadical, about a minute on 2 cores), or MASU_CADICAL_LIB names a libmasu_cadical.so that script built")
    })
}

/// CaDiCaL's version as the library reports it, e.g. `CaDiCaL 1.9.5`.
pub fn version() -> Result<String, String> {
    let api = library()?;
    // SAFETY: the shim returns CaDiCaL's static NUL-terminated signature.
    let said = unsafe { std::ffi::CStr::from_ptr((api.signature)()) };
    Ok(format!("CaDiCaL {}", said.to_string_lossy().trim_start_matches("cadical-")))
}

/// What the callbacks reach: the stop test, the propagator, the clause and the reason being
/// handed over (their literals and how many were given), and a panic caught in a callback.
struct Bridge<P> {
    stop: Box<dyn FnMut() -> bool + Send>,
    propagator: P,
    handing: Option<(Vec<i32>, usize)>,
    explaining: Option<(Vec<i32>, usize)>,
    panic: Option<Box<dyn Any + Send>>,
}

/// Runs `f` on the bridge behind `data`; after a panic (kept for [`Sat::solve`] to raise),
/// answers `otherwise`.
fn on<P: Propagator, T>(data: *mut c_void, otherwise: T, f: impl FnOnce(&mut Bridge<P>) -> T) -> T {
    // SAFETY: `data` is the `Box<Bridge<P>>` the `Sat` owns, handed to the shim by `Sat::new`
    // and only called back during `masu_sat_solve`, while `Sat::solve` holds `&mut Sat` and
    // does not touch the bridge itself: this is the only reference to it.
    let bridge = unsafe { &mut *data.cast::<Bridge<P>>() };
    if bridge.panic.is_some() {
        return otherwise;
    }
    match catch_unwind(AssertUnwindSafe(|| f(&mut *bridge))) {
        Ok(value) => value,
        Err(panic) => {
            bridge.panic = Some(panic);
            otherwise
        }
    }
}

extern "C" fn terminate<P: Propagator>(data: *mut c_void) -> c_int {
    on::<P, _>(data, 1, |b| c_int::from((b.stop)()))
}

extern "C" fn assigned<P: Propagator>(data: *mut c_void, lit: c_int, fixed: c_int) {
    on::<P, _>(data, (), |b| b.propagator.assigned(lit, fixed != 0));
}

extern "C" fn new_level<P: Propagator>(data: *mut c_void) {
    on::<P, _>(data, (), |b| b.propagator.new_level());
}

extern "C" fn backtrack<P: Propagator>(data: *mut c_void, level: usize) {
    on::<P, _>(data, (), |b| b.propagator.backtrack(level));
}

extern "C" fn check<P: Propagator>(data: *mut c_void, model: *const c_int, len: usize) -> c_int {
    on::<P, _>(data, 1, |b| {
        // SAFETY: the shim passes a `std::vector<int>`'s data and size, alive for this call.
        let model = if len == 0 { &[][..] } else { unsafe { std::slice::from_raw_parts(model, len) } };
        match b.propagator.check(model) {
            None => 1,
            Some(clause) => {
                b.handing = Some((clause, 0));
                0
            }
        }
    })
}

extern "C" fn has_clause<P: Propagator>(data: *mut c_void) -> c_int {
    on::<P, _>(data, 0, |b| {
        if b.handing.is_none() {
            b.handing = b.propagator.clause().map(|clause| (clause, 0));
        }
        c_int::from(b.handing.is_some())
    })
}

extern "C" fn clause_lit<P: Propagator>(data: *mut c_void) -> c_int {
    on::<P, _>(data, 0, |b| next(&mut b.handing))
}

extern "C" fn propagate<P: Propagator>(data: *mut c_void) -> c_int {
    on::<P, _>(data, 0, |b| b.propagator.propagate())
}

extern "C" fn reason_lit<P: Propagator>(data: *mut c_void, lit: c_int) -> c_int {
    on::<P, _>(data, 0, |b| {
        if b.explaining.is_none() {
            b.explaining = Some((b.propagator.reason(lit), 0));
        }
        next(&mut b.explaining)
    })
}

/// The next literal of a clause being handed over, or the 0 that ends it (and the handing).
fn next(handing: &mut Option<(Vec<i32>, usize)>) -> c_int {
    match handing {
        Some((clause, at)) if *at < clause.len() => {
            *at += 1;
            clause[*at - 1]
        }
        _ => {
            *handing = None;
            0
        }
    }
}

/// A CaDiCaL solver with a propagator `P` ([`Plain`]: none), and the clauses given to it
/// when recording.
pub struct Sat<P: Propagator = Plain> {
    /// The library and a solver of it (never null), or why the library cannot be opened.
    solver: Result<(&'static Api, Ptr), String>,
    bridge: Box<Bridge<P>>,
    recorded: Option<Vec<Vec<i32>>>,
    variables: i32,
}

// SAFETY: the solver and its bridge are owned by this value alone and used through `&mut`;
// CaDiCaL keeps no thread-local state, so moving both to another thread is sound when the
// propagator may move.
unsafe impl<P: Propagator + Send> Send for Sat<P> {}

impl<P: Propagator> std::fmt::Debug for Sat<P> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Sat({} variables)", self.variables)
    }
}

impl<P: Propagator> Drop for Sat<P> {
    fn drop(&mut self) {
        if let Ok((api, solver)) = self.solver {
            // SAFETY: `solver` came from `masu_sat_new` and is deleted once, here; the bridge
            // it points to is dropped after it.
            unsafe { (api.delete)(solver) }
        }
    }
}

/// What [`Sat::solve`] ended with.
#[derive(Debug)]
pub enum Outcome<'a> {
    /// The clauses are satisfiable: the model found.
    Satisfied(Model<'a>),
    /// They are not.
    Unsatisfiable,
    /// The stop callback ended the search first.
    Stopped,
    /// CaDiCaL threw (out of memory, while adding a clause or solving): what it said. The
    /// solver is of no further use.
    Failed(String),
}

/// The model of a satisfiable solve. It borrows the solver, so it can be read only while the
/// solver stays in the satisfied state: no clause is added and no solve runs meanwhile.
pub struct Model<'a> {
    api: &'static Api,
    solver: Ptr,
    _solver: std::marker::PhantomData<&'a ()>,
}

impl std::fmt::Debug for Model<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Model")
    }
}

impl Model<'_> {
    /// Whether `lit` is true in the model (a literal that no clause mentions is false).
    pub fn value(&self, lit: i32) -> bool {
        assert!(lit != 0 && lit != i32::MIN, "literal {lit}");
        // SAFETY: the model borrows its `Sat`, which answered satisfiable and has had no
        // clause added since: CaDiCaL is in its satisfied state, where `val` is allowed.
        unsafe { (self.api.val)(self.solver, lit) > 0 }
    }
}

/// A CaDiCaL solver with its options for satisfiable instances (on the TAAI/TCGA puzzles
/// whose search hands over, faster than its defaults), stopping once `stop` returns true.
pub fn solver(stop: impl FnMut() -> bool + Send + 'static) -> Sat {
    Sat::new(stop, Plain, false, "sat")
}

/// [`solver`] with `propagator` inside its search, over the variables given to
/// [`Sat::observe`].
pub fn propagating<P: Propagator>(stop: impl FnMut() -> bool + Send + 'static, propagator: P) -> Sat<P> {
    Sat::new(stop, propagator, true, "sat")
}

/// What [`refute`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refutation {
    /// The clauses are unsatisfiable, and the proof file holds CaDiCaL's DRAT proof of it.
    Refuted,
    /// They are satisfiable: the variables true in the model found (from 1 to the largest
    /// in a clause).
    Satisfied(Vec<i32>),
    /// The stop callback ended the search first.
    Stopped,
}

/// Solves `clauses` on CaDiCaL in its configuration for unsatisfiable instances, writing
/// every clause it derives to `proof` as a DRAT proof in text, so that a checker can replay
/// it against the clauses; the proof is complete and closed when this returns. An error
/// when the proof file cannot be opened or CaDiCaL fails.
pub fn refute(
    clauses: &[Vec<i32>],
    proof: &std::path::Path,
    stop: impl FnMut() -> bool + Send + 'static,
) -> Result<Refutation, String> {
    let mut sat = Sat::new(stop, Plain, false, "unsat");
    let path = CString::new(proof.as_os_str().as_encoded_bytes())
        .map_err(|_| format!("{}: a NUL in the path", proof.display()))?;
    let (api, solver) = *sat.solver.as_ref()?;
    // SAFETY: a fresh solver (no clause added yet, as tracing requires); `path` is
    // NUL-terminated and alive for the call.
    if unsafe { (api.trace)(solver, path.as_ptr()) } == 0 {
        return Err(format!("{}: CaDiCaL could not open it for its proof", proof.display()));
    }
    clauses.iter().for_each(|clause| sat.add_clause(clause.iter().copied()));
    let variables = clauses.iter().flatten().fold(0, |m, l| m.max(l.abs()));
    let found = match sat.solve() {
        Outcome::Satisfied(model) => Refutation::Satisfied((1..=variables).filter(|&v| model.value(v)).collect()),
        Outcome::Unsatisfiable => Refutation::Refuted,
        Outcome::Stopped => Refutation::Stopped,
        Outcome::Failed(said) => return Err(said),
    };
    // SAFETY: a valid solver that traces a proof, between solves (the model is dropped).
    unsafe { (api.close_proof)(solver) };
    Ok(found)
}

impl<P: Propagator> Sat<P> {
    fn new(stop: impl FnMut() -> bool + Send + 'static, propagator: P, propagate: bool, config: &str) -> Sat<P> {
        let mut bridge =
            Box::new(Bridge { stop: Box::new(stop), propagator, handing: None, explaining: None, panic: None });
        let callbacks = Callbacks {
            data: (&raw mut *bridge).cast(),
            terminate: terminate::<P>,
            assigned: assigned::<P>,
            new_level: new_level::<P>,
            backtrack: backtrack::<P>,
            check: check::<P>,
            has_clause: has_clause::<P>,
            clause_lit: clause_lit::<P>,
            propagate: self::propagate::<P>,
            reason_lit: reason_lit::<P>,
        };
        let solver = library().map(|api| {
            let config = CString::new(config).expect("no NUL");
            // SAFETY: `config` is a NUL-terminated string alive for the call; the shim returns
            // a fresh solver (configured before any clause) or null.
            let solver = unsafe { (api.new)(config.as_ptr()) };
            if solver.is_null() {
                // No memory for the solver: what Rust does when its own allocation fails.
                std::alloc::handle_alloc_error(std::alloc::Layout::new::<[u64; 1024]>());
            }
            // SAFETY: `solver` is a fresh solver, not null; the shim copies the table, whose
            // `data` stays valid as long as the box, which the `Sat` keeps until after the
            // solver is deleted.
            unsafe { (api.connect)(solver, &callbacks, c_int::from(propagate)) };
            (api, solver)
        });
        Sat { solver, bridge, recorded: None, variables: 0 }
    }

    /// The propagator, between solves.
    pub fn propagator(&self) -> &P {
        &self.bridge.propagator
    }

    /// The propagator, between solves, to change.
    pub fn propagator_mut(&mut self) -> &mut P {
        &mut self.bridge.propagator
    }

    /// Tells the propagator of the assignments to `var` (positive) from now on.
    pub fn observe(&mut self, var: i32) {
        assert!(var > 0, "variable {var}");
        if let Ok((api, solver)) = self.solver {
            // SAFETY: a valid solver with a propagator connected (`propagating`); observing
            // is allowed between solves, and `var` is a variable (fresh ones are allowed).
            unsafe { (api.observe)(solver, var) }
        }
    }

    /// Keeps every clause added from now on, for [`Sat::dimacs`].
    pub fn record(&mut self) {
        self.recorded.get_or_insert_with(Vec::new);
    }

    /// Adds the clause `∨ lits` (DIMACS literals: ±variable, variables from 1).
    pub fn add_clause(&mut self, lits: impl IntoIterator<Item = i32>) {
        let solver = self.solver.as_ref().ok().copied();
        let add = |lit: i32| {
            if let Some((api, solver)) = solver {
                // SAFETY: a valid solver between solves (no `Model` borrows it); `lit` is a
                // literal (never `i32::MIN`) or the 0 that closes the clause.
                unsafe { (api.add)(solver, lit) }
            }
        };
        match &mut self.recorded {
            Some(clauses) => {
                let clause: Vec<i32> = lits.into_iter().collect();
                self.variables = clause.iter().fold(self.variables, |m, l| m.max(l.abs()));
                clause.iter().for_each(|&lit| add(literal(lit)));
                clauses.push(clause);
            }
            None => lits.into_iter().for_each(|lit| add(literal(lit))),
        }
        add(0);
    }

    /// Solves the clauses added so far: a model to read, unsatisfiable, or stopped (by the
    /// callback, at a deadline or an interrupt).
    pub fn solve(&mut self) -> Outcome<'_> {
        let (api, solver) = match &self.solver {
            Ok(solver) => *solver,
            Err(missing) => return Outcome::Failed(format!("CaDiCaL cannot run: {missing}")),
        };
        // SAFETY: a valid solver; the callbacks reach the bridge, which nothing else touches
        // during the call.
        let answer = unsafe { (api.solve)(solver) };
        if let Some(panic) = self.bridge.panic.take() {
            resume_unwind(panic);
        }
        match answer {
            10 => Outcome::Satisfied(Model { api, solver, _solver: std::marker::PhantomData }),
            20 => Outcome::Unsatisfiable,
            -1 => {
                // SAFETY: a valid solver; the shim's message lives until the solver is deleted
                // and is read (copied) at once.
                let said = unsafe { std::ffi::CStr::from_ptr((api.error)(solver)) };
                let said = if said.is_empty() { "a C++ exception".into() } else { said.to_string_lossy() };
                Outcome::Failed(format!("CaDiCaL failed: {said}"))
            }
            _ => Outcome::Stopped,
        }
    }

    /// The recorded clauses in DIMACS CNF, with `comment` lines first (`None` unless
    /// recording).
    pub fn dimacs(&self, comment: &str) -> Option<String> {
        let clauses = self.recorded.as_ref()?;
        let mut out = String::new();
        for line in comment.lines() {
            out.push_str(&format!("c {line}\n"));
        }
        out.push_str(&format!("p cnf {} {}\n", self.variables, clauses.len()));
        for clause in clauses {
            for lit in clause {
                out.push_str(&format!("{lit} "));
            }
            out.push_str("0\n");
        }
        Some(out)
    }
}

/// `lit`, checked to be a literal: CaDiCaL aborts on 0 inside a clause or on `i32::MIN`.
fn literal(lit: i32) -> i32 {
    assert!(lit != 0 && lit != i32::MIN, "literal {lit}");
    lit
}

/// CaDiCaL as a backend of the SAT family: [`Sat`] in its configuration for satisfiable
/// instances, reading each model over the variables asked for.
pub struct Cadical {
    sat: Sat,
    /// The largest variable in a clause: CaDiCaL knows no other.
    largest: i32,
}

impl std::fmt::Debug for Cadical {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Cadical").field("largest", &self.largest).finish_non_exhaustive()
    }
}

impl Cadical {
    /// A solver stopped by `stop`.
    pub fn new(stop: crate::Stop) -> Cadical {
        Cadical { sat: solver(move || stop()), largest: 0 }
    }
}

impl crate::Solver for Cadical {
    fn version(&self) -> String {
        version().unwrap_or_else(|_| "CaDiCaL (library missing)".into())
    }
    fn add(&mut self, clause: &[i32]) {
        self.largest = clause.iter().fold(self.largest, |m, l| m.max(l.abs()));
        self.sat.add_clause(clause.iter().copied());
    }
    fn solve(&mut self, variables: i32) -> crate::Answer {
        let largest = self.largest;
        match self.sat.solve() {
            Outcome::Satisfied(model) => {
                crate::Answer::Satisfied((1..=variables).map(|v| v <= largest && model.value(v)).collect())
            }
            Outcome::Unsatisfiable => crate::Answer::Unsatisfiable,
            Outcome::Stopped => crate::Answer::Stopped,
            Outcome::Failed(said) => crate::Answer::Failed(said),
        }
    }
}

#[cfg(test)]
mod tests;

#[cfg(test)]
crate::conformance!(super::Cadical::new);
