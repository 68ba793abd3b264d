//! Runs puzzles × formulations × backends and reports what happened, for every kind alike:
//! `compare`, `corpus` and `bench` are configurations of it.
//!
//! - [`input`]: the puzzles of files and directories, bad ones named.
//! - [`pool`]: a job pool that hands results back as they finish.
//! - [`run`]: runners (a formulation on a backend), one [`Row`] per instance and runner,
//!   every answer re-checked by the kind's checker, typed verdicts.
//! - [`runners`]: the runners a comparison asks for, and the pairs that cannot run.
//! - [`params`]: raw parameters scoped to a backend, checked and set in one place.
//! - [`request`]: what a front end asks of a solve ([`request::Request`], checked against a
//!   kind), and what one solve answers ([`request::Answer`]).
//! - [`row`]: one instance on one runner ([`Row`]) and how it ended ([`Verdict`]).
//! - [`expectations`]: answers held to what a source expects ([`masu_core::Expected`]), and
//!   cross-checks between runners.
//! - [`stats`]: medians and quantiles.
//! - [`write`](mod@write): tables, summaries, CSV, Markdown sections.
//! - `plot`: cactus plots, performance profiles, scatter plots (SVG), and `html`: one
//!   self-contained HTML report of a comparison (feature `plots`).
//! - `progress`: a progress bar, or a line per 5% when piped (feature `progress`).

pub mod expectations;
#[cfg(feature = "plots")]
pub mod html;
pub mod input;
pub mod merge;
pub mod params;
#[cfg(feature = "plots")]
pub mod plot;
pub mod pool;
#[cfg(feature = "progress")]
pub mod progress;
pub mod record;
pub mod request;
pub mod row;
pub mod run;
pub mod runners;
pub mod shard;
pub mod stats;
pub mod write;

pub use expectations::{Finding, cross_check, failures};
pub use row::{Row, Verdict};
pub use run::{Comparison, Runner, run_matrix};
