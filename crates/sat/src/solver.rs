//! The interface every SAT backend implements: clauses in, a model, a refutation or a stop
//! out, as often as asked (a solver that solves only once is given its clauses again).
//!
//! Invariants: a model holds for every clause added before the solve; [`Answer::Stopped`]
//! only when the stop test said so (or the solver's own resource limit ended it); after a
//! stop the solver may answer every later solve with a stop too.

use std::sync::Arc;

/// The stop test a solver polls while it searches (a deadline, an interrupt).
pub type Stop = Arc<dyn Fn() -> bool + Send + Sync>;

/// What a solve answered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// A model: the value of each variable `1..=variables`, at `variable - 1`.
    Satisfied(Vec<bool>),
    /// No model.
    Unsatisfiable,
    /// Stopped before either.
    Stopped,
    /// The solver failed, saying why.
    Failed(String),
}

/// A SAT solver of the family.
pub trait Solver: Send {
    /// The solver and its version, as it reports them.
    fn version(&self) -> String;
    /// Adds the clause `∨ clause` for every solve from now on.
    fn add(&mut self, clause: &[i32]);
    /// Solves the clauses added so far; a model gives the variables `1..=variables`.
    fn solve(&mut self, variables: i32) -> Answer;
}
