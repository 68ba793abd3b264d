//! The CP family: one CP model ([`CpModel`]) and the solvers that read it, a module each —
//! Google OR-Tools CP-SAT (below), Pumpkin (`pumpkin`, posted call by call), Choco
//! (`choco`), Gecode (`gecode`, its FlatZinc program on [`FlatZinc`]), Z3 (`z3`, its C API
//! on [`SmtLib`]) and CP Optimizer (`cp_optimizer`, its program on the `.cpo` text). Each
//! answers a solve in the one [`Answer`].
//!
//! CP-SAT runs from Rust over the C ABI of the `libortools.so.9` that the PyPI wheel
//! `ortools==9.15.6755` ships: no C++ SDK, no protoc, no C++ shim.
//!
//! A model is built with [`CpModel`], encoded as a `CpModelProto` (prost messages holding
//! only the fields used, with 9.15's field numbers), solved by `SolveCpInterruptible`, and
//! the `CpSolverResponse` decoded. The build script finds the library (`ORTOOLS_LIB_DIR`, an
//! installed Python `ortools`, else a download of the pinned wheel) and compiles its folder
//! in; the library is opened there at the first solve (`ffi`), so binaries run with no
//! environment variable and never load it when they solve nothing on CP-SAT.
//!
//! ```
//! use masu_cp::{CpModel, CpSolver, Status};
//! let mut model = CpModel::new();
//! let x = model.new_int_var(0, 10);
//! let y = model.new_int_var(0, 10);
//! model.add_eq(x + y, 12);
//! model.add_gt(x, y);
//! model.maximize(y);
//! let response = CpSolver::default().solve(&model).unwrap();
//! assert_eq!(response.status, Status::Optimal);
//! assert_eq!((response.value(x), response.value(y)), (7, 5));
//! ```

mod answer;
#[cfg(feature = "choco")]
pub mod choco;
#[cfg(feature = "cp-optimizer")]
pub mod cp_optimizer;
mod cpo;
mod enumerate;
mod ffi;
mod fzn;
#[cfg(feature = "gecode")]
pub mod gecode;
mod model;
mod params;
mod proto;
#[cfg(feature = "pumpkin")]
pub mod pumpkin;
pub mod runner;
mod smt;
mod solver;
#[cfg(test)]
mod tests;
#[cfg(feature = "z3")]
pub mod z3;

pub use answer::Answer;
pub use cpo::NotExpressible;
pub use enumerate::{Checked, Enumeration};
pub use ffi::{library_candidates, library_path, prefer_library_dir};
pub use fzn::FlatZinc;
pub use model::{BoolVar, ConstraintKind, ConstraintRef, CpModel, Domain, IntVar, LinearExpr, ModelStats, Transition};
pub use params::{check_parameters, field_names};
pub use smt::SmtLib;
pub use solver::{CpSolver, Exporter, Parameters, Response, Status, StopHandle};

/// What can go wrong between a model and CP-SAT's answer.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum Error {
    /// CP-SAT's validator rejected the model; the text is CP-SAT's reason.
    #[error("CP-SAT rejected the model: {0}")]
    ModelInvalid(String),
    /// The model cannot be handed to the library (e.g. its encoding exceeds 2 GiB).
    #[error("model too large for CP-SAT: {0}")]
    TooLarge(String),
    /// The library misbehaved (no response, undecodable response).
    #[error("CP-SAT library error: {0}")]
    Library(String),
    /// The model could not be exported (`--export`).
    #[error("cannot export the model: {0}")]
    Export(String),
}

/// The OR-Tools version whose wheel the build links (`9.15.6755`).
pub const VERSION: &str = env!("MASU_ORTOOLS_VERSION");

/// The folder where the build found `libortools.so.9` and the libraries shipped beside it
/// (CBC, SCIP), when it found one.
pub const LIBRARY_DIR: Option<&str> = option_env!("MASU_ORTOOLS_DIR");
