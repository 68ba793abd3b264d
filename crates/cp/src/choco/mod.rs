//! A model solved on Choco ([`CpModel::solve_on_choco`]): IMT Atlantique's constraint solver
//! (Choco 6.0.2, Java compiled to a native library by GraalVM: `libchoco_capi.so` from the
//! PyPI wheel `pychoco` 0.4.0, fetched by the build, opened at the first solve), its own
//! search enumerating the solutions.
//!
//! Variable `i` is a Choco integer over its domain (the values listed where it has holes);
//! CP-SAT's literal `l` is the 0/1 variable `l`, its negation `1 − l`. A linear constraint is
//! Choco's `scalar` (`=`, `≥`, `≤`), a union of intervals a variable equal to the sum with a
//! `not_member` per hole; `bool_or`, `bool_and`, `at_most_one` and `exactly_one` are sums of
//! literals; `all_different`, `element`, `lin_max` (`max`) and tables (`CT+`, forbidden rows
//! `GAC3rm`) are Choco's own, over one variable per expression (an expression of several
//! variables gets a variable equal to it). Enforcement literals `e₁ … eₙ` reify the
//! constraint as `r` with the sum `¬e₁ ∨ … ∨ ¬eₙ ∨ r`. `bool_xor`, `circuit`, `automaton`,
//! objectives and values past 32 bits are refused by name ([`NotExpressible`]). Every
//! auxiliary variable is a function of the model's, so Choco's enumeration lists each
//! solution of the model once.
//!
//! Choco has no call to stop a search from another thread. A propagator of masu's own (a
//! custom constraint on every variable, called back whenever one changes) fails each node
//! once the stop is asked for or the deadline has passed, so the search unwinds within a node;
//! a solve that saw it is reported stopped, never complete. Choco's own time limit runs beside
//! it. The points already found are excluded by one table of forbidden rows.
//!
//! As a backend ([`open`]): the model posted anew at each solve, Choco's own search
//! enumerating as many solutions as the count still wants; one run hands several points, and
//! "all" is Choco's word that its search went through the whole space.
//!
//! The calls into the library are `unsafe` (the Choco binding's, as `ffi` is CP-SAT's): each
//! passes handles the library made on the same thread and not yet destroyed.
#![allow(unsafe_code)]

mod library;
mod post;
#[cfg(test)]
mod tests;

use std::cell::Cell;
use std::ffi::c_int;
use std::time::Instant;

use library::{Handles, Ptr};
use post::Posting;

use crate::CpModel;
use crate::cpo::NotExpressible;

/// The pychoco release whose library masu opens, and the Choco inside it.
pub const VERSION: &str = "Choco 6.0.2 (pychoco 0.4.0)";

use crate::Answer;
use crate::runner::{Opened, Runner};
use masu_native::{Error, Settings};

/// Why a model was not solved on Choco.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Refused {
    /// The model holds what the translation lacks.
    #[error("{0}")]
    Model(#[from] NotExpressible),
    /// The library could not be opened or answered nothing.
    #[error("{0}")]
    Library(String),
}

/// The stop and the deadline, as the propagator reads them.
struct Watch<'a> {
    deadline: Option<Instant>,
    stop: &'a dyn Fn() -> bool,
    /// The propagator failed a node because of them.
    tripped: Cell<bool>,
}

/// The propagator's callback: fails the node once a stop is asked for or the deadline has
/// passed.
unsafe extern "C" fn check_stop(_thread: Ptr, id: i64, _variables: Ptr) -> c_int {
    // SAFETY: `id` is the address of the `Watch` of the solve that is running on this thread
    // (the library calls back only from inside `solve`, on the calling thread); it outlives
    // the solve.
    let watch = unsafe { &*(id as usize as *const Watch) };
    if watch.tripped.get() || (watch.stop)() || watch.deadline.is_some_and(|d| Instant::now() >= d) {
        watch.tripped.set(true);
        return -1;
    }
    0
}

/// The propagator's entailment: never decided (a solution is checked by the other
/// constraints).
unsafe extern "C" fn undecided(_thread: Ptr, _id: i64) -> c_int {
    0
}

impl CpModel {
    /// Up to `wanted` solutions of the model on Choco, none of them a point of `excluded` on
    /// `projection` (indices of the model's variables), until `deadline` or `stop()`.
    pub fn solve_on_choco(
        &self,
        projection: &[usize],
        excluded: &[Vec<i64>],
        wanted: usize,
        deadline: Option<Instant>,
        stop: &dyn Fn() -> bool,
    ) -> Result<Answer, Refused> {
        let model = &self.proto;
        if model.objective.as_ref().is_some_and(|o| !o.vars.is_empty()) {
            return Err(NotExpressible("masu runs satisfaction models on Choco; this one has an objective".into()))?;
        }
        let mut handles = Handles::new().map_err(Refused::Library)?;
        let (api, thread) = (handles.api, handles.thread);
        // SAFETY: a fresh model, and its solver, on this thread.
        let choco = unsafe { (api.create_model)(thread) };
        let choco = handles.kept(choco, "model").map_err(Refused::Library)?;
        // SAFETY: a live model handle.
        let solver = unsafe { (api.get_solver)(thread, choco) };
        let solver = handles.kept(solver, "solver").map_err(Refused::Library)?;
        let watch = Watch { deadline, stop, tripped: Cell::new(false) };
        let mut posting = Posting { handles: &mut handles, model: choco, variables: Vec::new(), bounds: Vec::new() };
        for (i, variable) in model.variables.iter().enumerate() {
            let d = &variable.domain;
            let (Some(&lower), Some(&upper)) = (d.first(), d.last()) else {
                return Err(NotExpressible(format!("variable {i} has an empty domain")))?;
            };
            let x = if d.len() == 2 {
                posting.int_var(lower, upper)?
            } else {
                let size: i64 = d.chunks(2).map(|p| p[1] - p[0] + 1).sum();
                if size > 1 << 20 {
                    return Err(NotExpressible(format!("variable {i} has {size} values in pieces")))?;
                }
                let values: Vec<i64> = d.chunks(2).flat_map(|p| p[0]..=p[1]).collect();
                posting.int_var_values(&values)?
            };
            posting.variables.push(x);
            posting.bounds.push((lower, upper));
        }
        for constraint in &model.constraints {
            let Some(body) = &constraint.constraint else { continue };
            posting.post(body, &constraint.enforcement_literal)?;
        }
        if !excluded.is_empty() && !projection.is_empty() {
            let xs: Vec<Ptr> = projection.iter().map(|&x| posting.variables[x]).collect();
            // A value past 32 bits is outside every domain: such a point is excluded already.
            let rows: Vec<Vec<i64>> = excluded
                .iter()
                .map(|p| projection.iter().map(|&x| p[x]).collect::<Vec<i64>>())
                .filter(|row| row.iter().all(|&v| post::small(v).is_ok()))
                .collect();
            if !rows.is_empty() {
                let table = posting.table(&xs, &rows, false)?;
                posting.post_handle(table);
            }
        }
        let variables = std::mem::take(&mut posting.variables);
        if !variables.is_empty() {
            let array = posting.vars(&variables)?;
            let id = &watch as *const Watch as usize as i64;
            // SAFETY: a live IntVar[] handle; the callbacks have the signatures the library
            // calls them with (the module doc of `library`), and `id` is read only during
            // this function's solves. Priority 1: scheduled before the other propagators.
            let c = unsafe { (api.custom)(thread, array, id, check_stop, 0, undecided, 1) };
            let c = handles.kept(c, "stop propagator").map_err(Refused::Library)?;
            // SAFETY: a live constraint handle, posted once.
            unsafe { (api.post)(thread, c) };
        }
        if let Some(deadline) = deadline {
            let ms = deadline.saturating_duration_since(Instant::now()).as_millis().max(1);
            // SAFETY: a live solver handle.
            unsafe { (api.limit_time_ms)(thread, solver, i64::try_from(ms).unwrap_or(i64::MAX)) };
        }
        // SAFETY: a fresh, empty Criterion[].
        let none = unsafe { (api.criteria)(thread, 0) };
        let none = handles.kept(none, "criteria").map_err(Refused::Library)?;
        let mut solutions = Vec::new();
        let mut exhausted = false;
        while solutions.len() < wanted {
            // SAFETY: live solver and Criterion[] handles; the stop propagator's `watch` is
            // alive.
            if !unsafe { (api.solve)(thread, solver, none) } {
                exhausted = true;
                break;
            }
            // SAFETY: live variable handles, each fixed at a solution.
            solutions.push(variables.iter().map(|&x| unsafe { (api.value)(thread, x) } as i64).collect());
        }
        let all = exhausted && !watch.tripped.get() && handles.search_state(solver) == "TERMINATED";
        Ok(match (solutions.is_empty(), all) {
            (true, true) => Answer::Infeasible,
            (true, false) => Answer::Unknown,
            (false, all) => Answer::Found { solutions, all },
        })
    }
}

/// Whether Choco's library opens here, and its version.
pub fn version() -> Result<String, Error> {
    let (api, _) = library::attached().map_err(Error::Library)?;
    Ok(format!("{VERSION} ({})", api.path.display()))
}

/// Choco takes no raw parameter: the first is refused.
pub fn check_parameters(parameters: &[(String, String)]) -> Result<(), Error> {
    masu_native::takes_none("choco", parameters)
}

/// `model` opened on Choco (which takes no raw parameter).
pub fn open<'a>(model: &'a CpModel, parameters: &[(String, String)]) -> Result<Opened<'a>, Error> {
    check_parameters(parameters)?;
    Ok(Opened { text: None, runner: Box::new(Enumerations { model, excluded: Vec::new() }) })
}

/// Choco's runs of the model, the points found so far excluded.
struct Enumerations<'a> {
    model: &'a CpModel,
    excluded: Vec<Vec<i64>>,
}

impl Runner for Enumerations<'_> {
    fn run(&mut self, projection: &[usize], settings: &Settings, wanted: usize) -> Result<Answer, Error> {
        let (excluded, deadline) = (&self.excluded, settings.deadline());
        let answer = self.model.solve_on_choco(projection, excluded, wanted, deadline, &|| settings.stopped());
        answer.map_err(|refused| match refused {
            Refused::Model(reason) => Error::Library(format!("the model cannot be given to Choco: {reason}")),
            Refused::Library(message) => Error::Library(message),
        })
    }

    fn exclude(&mut self, _projection: &[usize], values: &[i64]) {
        self.excluded.push(values.to_vec());
    }
}
