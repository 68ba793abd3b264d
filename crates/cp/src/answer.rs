//! What one run of a CP solver found, for every CP backend that runs a solve at a time (CP
//! Optimizer's and Gecode's programs, a Z3 check, a Pumpkin solve, a Choco search): one type,
//! which core's count reads the same way for each.

/// What one run found: each solution as the value of every variable `v0 … v<n−1>` of the
/// model, or none.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// Solutions, in the order found; `all` when the search went through the whole space (no
    /// solution is left beyond these).
    Found {
        /// The solutions.
        solutions: Vec<Vec<i64>>,
        /// Whether they are all.
        all: bool,
    },
    /// Proven to have none.
    Infeasible,
    /// Stopped (time limit, stop flag, or the solver's own reason) before either.
    Unknown,
}

impl Answer {
    /// One solution, from a solver that finds one a run (more may exist).
    pub fn solved(values: Vec<i64>) -> Answer {
        Answer::Found { solutions: vec![values], all: false }
    }
}
