//! Glucose 4.2 (Audemard and Simon), its core solver, from `rustsat-glucose`'s bundled
//! source: incremental, clauses taken after a solve.

use crate::rustsat::{Rustsat, Takes};
use crate::{Solver, Stop};

/// A Glucose solver stopped by `stop`.
pub fn new(stop: Stop) -> impl Solver {
    Rustsat::<rustsat_glucose::core::Glucose>::new(stop, Takes::More)
}

#[cfg(test)]
crate::conformance!(super::new);
