//! masu — published puzzle formulations (nonogram, numberlink, sudoku) as Rust code, run on
//! Google OR-Tools CP-SAT and on HiGHS.
//!
//! This facade re-exports the workspace crates and holds what the articles printed
//! ([`articles`]). The command-line tool is the `masu` binary of `crates/cli`.

pub use masu_core as core;
#[cfg(feature = "cp-sat")]
pub use masu_cp as cp;
pub use masu_harness as harness;
pub use masu_kinds as kinds;
pub use masu_kinds::{nonogram, numberlink, sudoku};

pub mod articles;

/// The README's code blocks, run as doctests so that its library example cannot drift.
#[cfg(all(doctest, feature = "cp-sat", feature = "highs"))]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
