//! The puzzle itself, apart from any way of solving it: the board and its rules
//! (`board.rs`, [`crate::puzzle::Numberlink`]) and geometry (`geometry.rs`: one `Side` type for
//! every engine), random covers of the board by paths (`cover.rs`, which the generators grow
//! puzzles from and the tests draw boards from), its files and URLs ([`mod@format`]), the independent checker ([`check`]),
//! the solution as paths (`paths.rs`, [`crate::puzzle::Paths`]) and as text or a picture
//! ([`render`]).

pub(crate) mod board;
pub mod check;
pub(crate) mod cover;
pub mod format;
pub(crate) mod geometry;
pub(crate) mod paths;
pub mod render;

pub(crate) use board::Shortcut;
pub use board::{Cell, Numberlink, Rule};
pub use paths::Paths;
pub(crate) use paths::detached_loops;

/// What a formulation found, before checking.
pub(crate) type Found = masu_core::Found<Paths>;
