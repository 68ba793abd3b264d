//! The puzzle itself, apart from any way of solving it: the board and its rules
//! ([`board`]) and geometry ([`geometry`]: one `Side` type for every engine), its files and
//! URLs ([`format`]), the independent checker ([`check`]), the solution as paths ([`paths`])
//! and as text or a picture ([`render`]).

pub(crate) mod board;
pub mod check;
pub mod format;
pub(crate) mod geometry;
pub(crate) mod paths;
pub mod render;
