//! What masu's tests share, so that no test keeps a copy: the conformance suite every kind of
//! a registry is held to ([`conformance`], run over the registry by [`every_kind`]), and a
//! process a test starts, every wait on it bounded ([`Started`]).

pub mod conformance;
mod started;

pub use conformance::Check;
pub use started::Started;

/// Runs `check` on every kind registry `R` registers: a kind added to it is held by the suite
/// with no change to the tests.
pub fn every_kind<R: masu_kinds::Registry>(check: Check) {
    let kinds = R::kinds();
    assert!(!kinds.is_empty(), "a registry without kinds");
    for &kind in kinds {
        R::visit(kind, check);
    }
}
