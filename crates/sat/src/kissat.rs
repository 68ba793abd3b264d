//! Kissat 4.0 (Armin Biere's solver, SAT Competition winner) from `rustsat-kissat`'s bundled
//! source. It solves once: for every solve after the first it is built afresh and given
//! every clause again (`rustsat.rs`).

use crate::rustsat::{Rustsat, Takes};
use crate::{Solver, Stop};

/// A Kissat solver stopped by `stop`.
pub fn new(stop: Stop) -> impl Solver {
    Rustsat::<rustsat_kissat::Kissat<'static>>::new(stop, Takes::Once)
}

#[cfg(test)]
crate::conformance!(super::new);
