//! The puzzle as the articles model it: one start-index integer per block on CP-SAT or as a
//! MILP (article 000, [`start_index`]), pattern selection as a MILP (article 003,
//! [`patterns`]), pure line solving (article 004, [`line_solver`]), and each line as a
//! regular language on CP-SAT ([`automaton`]).

#[cfg(feature = "cp-sat")]
pub mod automaton;
pub mod line_solver;
pub mod patterns;
pub mod start_index;
