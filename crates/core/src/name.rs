//! An unknown name: a backend, a formulation or another word that names nothing of its sort,
//! with the names there are.

/// A name that names nothing of its sort: a backend, a kind's formulation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownName {
    /// What was named: `backend`, `sudoku formulation`, ...
    pub what: String,
    /// The name given.
    pub name: String,
    /// The names there are.
    pub expected: Vec<&'static str>,
}

impl std::fmt::Display for UnknownName {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "unknown {} '{}' (expected {})", self.what, self.name, self.expected.join(", "))
    }
}

impl std::error::Error for UnknownName {}
