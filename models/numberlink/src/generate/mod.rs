//! Generating puzzles with a proven-unique solution.
//!
//! - [`Method::Article`] — article 001's generator: a CP-SAT model of a valid full board
//!   (cells in `1..m`; per number exactly two cells with one same-number neighbour and at
//!   least one with two; every cell with one or two; no 2×2 block of one number), whose
//!   solutions are enumerated as candidates; each candidate's endpoints are the puzzle, kept
//!   when the article's solver finds exactly one solution (fill rule; under the blanks rule
//!   also when `auto` proves it unique with cells allowed to stay empty). Both enumerate as the article
//!   does, in one search ([`masu_cp::CpSolver::enumerate_all`]), so candidates are
//!   neighbours in one enumeration (the rates beside the article's own code are in
//!   BENCHMARKS.md, `just bench numberlink`).
//! - [`Method::Fast`] — masu's own: grow random paths until they cover the board (every cell
//!   starts as a path of its own; random adjacent ends are joined when the joined path would
//!   not touch itself), keep the endpoints, and prove uniqueness under the rule asked for
//!   (fill, or blanks: cells may stay empty) with the `native` search (50 ms at most) or
//!   else the `connected` model; where it does not
//!   hold, cut the drawn path at a cell where the solver's other solution differs (a new
//!   pair) and check again, drawing anew after `3n` cuts. Each puzzle is drawn independently
//!   from `(seed, index)`.
//! - [`Method::Grow`] — masu's for large boards (the default above 9×9): paths that never
//!   run beside themselves, proven unique under the blanks rule (so under both) by the link
//!   search within a budget of nodes, cut where the proof fails, joined back where it holds
//!   (`grow.rs`).
//!
//! Every puzzle returned is proven unique by a solver, never by a heuristic.

/// `masu generate numberlink`: its flags, and each puzzle made as a JSON line.
pub mod command;

mod article;
#[cfg(feature = "cp-sat")]
mod cover;
#[cfg(feature = "cp-sat")]
mod fast;
mod grow;

pub use crate::puzzle::cover::random_cover;
#[cfg(feature = "cp-sat")]
pub use article::article;
#[cfg(feature = "cp-sat")]
pub use fast::fast;
pub use grow::Progress;
#[cfg(feature = "cp-sat")]
pub use grow::grow;

/// How to generate.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Method {
    /// Article 001's: enumerate candidate boards with CP-SAT, keep the unique ones.
    Article,
    /// masu's: grow random paths, prove uniqueness (native search, else the connected model).
    Fast,
    /// masu's for large boards: grow paths that never run beside themselves, prove them
    /// unique under the blanks rule (so under both) with the link search, cut where not.
    Grow,
}

/// The pairs a puzzle is made toward, and the most it may have.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pairs {
    /// Paths are joined down toward this many.
    pub toward: usize,
    /// A puzzle with more is never returned (`--pairs`): the generator draws again until its
    /// time limit. `None`: repairs may add pairs beyond `toward`.
    pub most: Option<usize>,
}

impl Pairs {
    /// Whether a unique board of `pairs` pairs may be returned.
    pub fn allow(&self, pairs: usize) -> bool {
        self.most.is_none_or(|most| pairs <= most)
    }

    /// The fewest pairs of the unique boards refused so far, `fewest`, with one of `pairs`
    /// more refused.
    #[cfg(feature = "cp-sat")]
    pub(crate) fn refused(fewest: Option<usize>, pairs: usize) -> Option<usize> {
        Some(fewest.map_or(pairs, |f| f.min(pairs)))
    }
}

/// What the attempts at one puzzle came to.
#[derive(Clone, Debug)]
pub enum Outcome {
    /// A puzzle within the pairs asked.
    Made(Generated),
    /// The time limit came first; `fewest`: the fewest pairs of a unique board made on the
    /// way, over the most asked (`None`: no unique board was made).
    OutOfTime {
        /// The fewest pairs reached.
        fewest: Option<usize>,
    },
}

impl Outcome {
    /// The puzzle made, if one was.
    pub fn made(self) -> Option<Generated> {
        match self {
            Outcome::Made(g) => Some(g),
            Outcome::OutOfTime { .. } => None,
        }
    }
}

/// One generated puzzle with its unique solution.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Generated {
    /// The board: endpoints only, 0 blank.
    pub puzzle: Vec<Vec<u32>>,
    /// Its unique solution (0 where the blanks rule leaves a cell empty).
    pub solution: Vec<Vec<u32>>,
    /// The rule its uniqueness is proven under.
    pub rule: crate::puzzle::Rule,
    /// Its number of pairs (repairs may add some to those drawn, never past [`Pairs::most`]).
    pub pairs: usize,
    /// Boards drawn (fast) or candidates examined (article) for this puzzle.
    pub attempts: usize,
    /// Seconds spent on this puzzle.
    pub seconds: f64,
    /// Proven unique under the blanks rule too.
    #[serde(skip)]
    pub blanks_unique: bool,
}

/// What a run of the article's method produced.
#[derive(Clone, Debug, serde::Serialize)]
pub struct ArticleRun {
    /// Candidate boards enumerated.
    pub candidates: usize,
    /// The unique puzzles among them.
    pub unique: Vec<Generated>,
    /// Seconds enumerating candidates.
    pub generate_seconds: f64,
    /// Seconds checking them.
    pub check_seconds: f64,
}

pub use masu_core::Random;
