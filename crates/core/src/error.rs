//! What can go wrong from a model to a report.

use crate::Backend;

/// What can go wrong from a model to a report.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum Error {
    /// The formulation cannot be expressed on the backend (e.g. AllDifferent on HiGHS).
    #[error("formulation '{formulation}' cannot run on {backend}: {reason}")]
    NotApplicable {
        /// The formulation's name.
        formulation: String,
        /// The backend asked for.
        backend: Backend,
        /// Why not.
        reason: String,
    },
    /// This build of masu leaves the backend out.
    #[error("backend {0} is not compiled in (enable the Cargo feature '{feature}')", feature = .0.feature().unwrap_or("default"))]
    NotCompiled(Backend),
    /// The model is too large: past the formulation's `size_limit` (which can be raised), or
    /// for the memory left to the backend.
    #[error("model too large: {0}")]
    TooLarge(String),
    /// The backend's licence does not take a model of this size (CPLEX's Community
    /// Edition): refused before the model was sent; runs as [`Error::TooLarge`] does.
    #[error("model too large for the licence: {0}")]
    Licence(String),
    /// The backend is compiled in but cannot run on this machine: a program it runs is
    /// missing (`how` says how to install it).
    #[error("{backend} is not installed: {how}")]
    NotInstalled {
        /// The backend.
        backend: Backend,
        /// What is missing and how to install it.
        how: String,
    },
    /// CP-SAT rejected the model or failed (a model too large for it is [`Error::TooLarge`]).
    #[cfg(feature = "cp-sat")]
    #[error(transparent)]
    CpSat(masu_cp::Error),
    /// A backend failed (not: infeasible, which is a status).
    #[error("{backend}: {message}")]
    Backend {
        /// The backend.
        backend: Backend,
        /// What it said.
        message: String,
    },
    /// A raw parameter (`--param`) the backend does not know, or a value it refuses.
    #[error("{backend} parameter '{name}': {reason}")]
    Parameter {
        /// The backend.
        backend: Backend,
        /// The parameter's name as given.
        name: String,
        /// Why it was refused.
        reason: String,
    },
    /// A model could not be written (`--export`).
    #[error("cannot export the model: {0}")]
    Export(String),
    /// A backend returned a solution that the puzzle's checker rejects: a bug, never hidden.
    #[error("the {backend} answer fails the checker: {reason}")]
    WrongAnswer {
        /// The backend that answered.
        backend: Backend,
        /// What the checker found.
        reason: String,
    },
}

#[cfg(feature = "cp-sat")]
impl From<masu_cp::Error> for Error {
    fn from(e: masu_cp::Error) -> Error {
        match e {
            masu_cp::Error::TooLarge(why) => Error::TooLarge(format!("CP-SAT: {why}")),
            masu_cp::Error::Export(why) => Error::Export(why),
            e => Error::CpSat(e),
        }
    }
}

impl Error {
    /// What a solver library of `masu_milp` refused or failed at, as masu says it of `backend`.
    pub(crate) fn of_solver(backend: Backend, e: masu_milp::Error) -> Error {
        match e {
            masu_milp::Error::TooLarge(why) => Error::TooLarge(why),
            masu_milp::Error::Licence(why) => Error::Licence(why),
            masu_milp::Error::Parameter { name, reason, .. } => Error::Parameter { backend, name, reason },
            masu_milp::Error::Library(message) => Error::Backend { backend, message },
            masu_milp::Error::NotInstalled(how) => Error::NotInstalled { backend, how },
        }
    }
}
