//! The puzzle itself, apart from any way of solving it: the clues (`board.rs`,
//! [`Nonogram`]), the collections' files and URLs ([`mod@format`]), the independent
//! checker ([`check`]) and the solution as text or a picture ([`render`]).

pub(crate) mod board;
pub mod check;
pub mod format;
pub mod render;

pub use board::{Clue, Grid, InvalidPuzzle, Line, Nonogram};

/// What a formulation found, before checking: the grid.
pub(crate) type Found = masu_core::Found<Grid>;
