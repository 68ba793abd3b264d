//! The puzzle as a model for a backend: article 002's AllDifferent on CP-SAT
//! ([`all_different`]), and the assignment MILP `x[r][c][v]` on any MILP backend ([`binary`]).

#[cfg(feature = "cp-sat")]
pub mod all_different;
pub mod binary;
