//! Small puzzles of a kind with their exact number of solutions: what the conformance suite
//! (`masu-testkit`) holds every formulation × backend of every registered kind to, so that a
//! kind added to a registry is held by it without a change to the tests.

use crate::Puzzle;

/// A kind's examples.
pub trait Examples: Puzzle + PartialEq {
    /// A name, a puzzle and its exact number of solutions, for each example; among them one
    /// without a solution, one unique and one with three or more.
    fn examples() -> Vec<(String, Self, usize)>;
    /// Whether `formulation` counts exactly (searches to exhaustion and admits only
    /// solutions): not so for a line solver, or a model that admits what the checker refuses.
    fn counts_exactly(formulation: Self::Formulation) -> bool {
        let _ = formulation;
        true
    }
}
