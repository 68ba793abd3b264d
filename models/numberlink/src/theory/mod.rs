//! What the engines may use, proven once: which solutions a search may keep and still settle
//! uniqueness (canonical ones, induced ones first, the reroute check: [`uniqueness`]).

pub(crate) mod uniqueness;
