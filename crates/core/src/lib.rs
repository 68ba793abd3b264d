//! What every masu model shares: the [`Backend`] choice, [`SolveOptions`], the [`Report`] a
//! solve returns, [`Error`], the [`Puzzle`] interface every kind implements with the one
//! [`solve`] path, the MILP glue ([`milp`]) that runs one good_lp model on every MILP backend
//! ([`Backend::MILP`]), the CP glue ([`cp`]) that runs one CP model on every CP backend, and
//! the SAT glue ([`sat`]) that runs a kind's clauses on every SAT backend.
//!
//! A model crate turns a puzzle into a model (a formulation), hands it to a backend, and
//! [`solve`] re-checks every solution with the kind's own checker before it reports it.
//!
//! - [`backend`]: the backends and one table of their facts.
//! - [`options`]: limits, the interrupt, the [`Clock`], exports.
//! - [`error`]: what can go wrong.
//! - [`puzzle`]: the kind interface and the solve path; [`found`]: what a search records
//!   and returns ([`Kept`], [`Found`]); [`report`]: what a solve returns.
//! - [`formulation`]: how a kind declares its formulations and the backends each runs on;
//!   [`examples`]: a kind's small puzzles with exact counts, for the conformance suite.
//! - [`input`]: what is read (items, parse errors, what a source knows of a puzzle);
//!   [`corpus`]: how a kind's collections are read ([`Source`]).
//! - [`generate`]: a kind that makes puzzles, with its own flags.
//! - [`parameter`]: the parameters masu itself reads, declared once, and their check.
//! - [`sys`]: memory and stacks; [`fuzz`]: what every reader must do with any input;
//!   [`pzpr`]: puzz.link URLs; [`lines`]: a file or a stream of JSON lines, as every command
//!   reads them; [`Random`]: the seeded generator of every generator.

pub mod backend;
pub mod certify;
pub mod check;
pub mod corpus;
#[cfg(feature = "cp-sat")]
pub mod cp;
pub mod engine;
pub mod error;
pub mod examples;
pub mod formulation;
pub mod found;
pub mod fuzz;
pub mod generate;
pub mod input;
pub mod lines;
pub mod milp;
pub mod name;
pub(crate) mod nogood;
pub mod options;
pub mod parameter;
pub mod puzzle;
pub mod pzpr;
mod random;
pub mod report;
pub mod sat;
pub mod svg;
pub mod sys;

pub use backend::{Backend, Family};
pub use check::check_backend;
pub use corpus::{Instance, Source};
pub use engine::{Engine, Figure, Figures};
pub use error::Error;
pub use examples::Examples;
pub use formulation::{Built, Formulation, backend_for};
pub use found::{Ended, Found, Kept};
pub use generate::Generate;
pub use input::{At, Expected, Format, Invalid, Item, ParseError};
pub use name::UnknownName;
pub use options::{Certify, Clock, Export, Interrupt, SolveOptions};
pub use parameter::{Declared, Parameter, ParameterKind, ParameterValue, Value};
pub use puzzle::{NoRule, Puzzle, Unchosen, check_parameters, choose, runnable, solve, timed};
pub use random::Random;
pub use report::{Certificate, Proof, Report, Stage, Stats, Status};
pub use sys::{available_memory, on_sized_stack};
