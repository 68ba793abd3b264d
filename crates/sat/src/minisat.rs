//! MiniSat 2.2 (Eén and Sörensson), its core solver, from `rustsat-minisat`'s bundled
//! source: incremental, clauses taken after a solve.

use crate::rustsat::{Rustsat, Takes};
use crate::{Solver, Stop};

/// A MiniSat solver stopped by `stop`.
pub fn new(stop: Stop) -> impl Solver {
    Rustsat::<rustsat_minisat::core::Minisat>::new(stop, Takes::More)
}

#[cfg(test)]
crate::conformance!(super::new);
