//! The SAT family: solvers of clauses in conjunctive normal form (DIMACS literals: ±variable,
//! variables numbered from 1), each behind the one interface [`Solver`].
//!
//! | backend | file | feature | how it is built |
//! |---|---|---|---|
//! | CaDiCaL 1.9 | `cadical.rs` | always | the `cadical` crate's bundled source, with masu's shim for its external propagator |
//! | Kissat 4.0 | `kissat.rs` | `kissat` | `rustsat-kissat`'s bundled source |
//! | MiniSat 2.2 | `minisat.rs` | `minisat` | `rustsat-minisat`'s bundled source (its core solver: no elimination, so clauses can follow a solve) |
//! | Glucose 4.2 | `glucose.rs` | `glucose` | `rustsat-glucose`'s bundled source (its core solver) |
//!
//! CaDiCaL also serves the native solvers' clause-learning stages ([`Sat`], with a
//! [`Propagator`] inside its search) and `--certify`'s refutations ([`refute`]). The other
//! three come through the `rustsat` crates (`rustsat.rs`, one adapter for all three), whose
//! builds run cmake and bindgen (libclang): they are off by default, and `./masu` provisions
//! both for the commands that build them.
//!
//! A solver's conformance suite is one macro (`conformance!`, `conformance.rs`), invoked from
//! each solver's own file.

mod cadical;
#[cfg(test)]
mod conformance;
#[cfg(feature = "glucose")]
pub mod glucose;
#[cfg(feature = "kissat")]
pub mod kissat;
#[cfg(feature = "minisat")]
pub mod minisat;
#[cfg(feature = "rustsat")]
mod rustsat;
mod solver;

pub use cadical::*;
pub use solver::{Answer, Solver, Stop};
