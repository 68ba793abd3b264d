//! The puzzle as a model for a backend: article 001's reified equalities on CP-SAT
//! ([`reified`]), one circuit through the used cells on CP-SAT ([`connected`]), and edge and
//! cell binaries with lazy cycle cuts on any MILP backend ([`milp`]).

#[cfg(feature = "cp-sat")]
pub mod connected;
pub mod milp;
#[cfg(feature = "cp-sat")]
pub mod reified;
