//! The puzzle itself, apart from any way of solving it: the grid and its givens
//! (`board.rs`, [`Sudoku`]), its files and URLs ([`mod@format`]), the independent
//! checker ([`check`]) and the solution as text or a picture ([`render`]).

pub(crate) mod board;
pub mod check;
pub mod format;
pub mod render;

pub use board::{Grid, Sudoku};

/// What a formulation found, before checking: each solution's cells row by row.
pub(crate) type Found = masu_core::Found<Vec<u8>>;
