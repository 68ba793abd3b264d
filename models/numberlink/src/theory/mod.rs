//! What the engines may use, proven once: which solutions a search may keep and still settle
//! uniqueness (canonical ones, induced ones first, the reroute check: [`uniqueness`]), and
//! which solutions count at all ([`TOUCH`]).

pub(crate) mod uniqueness;

/// Whether paths may run beside themselves (`--param touch=false`: only paths that never do
/// are solutions, for `frontier`, `links` and `auto`).
pub const TOUCH: masu_core::Parameter<bool> =
    masu_core::Parameter::switch("touch", true, "false: only paths that never run beside themselves count");
