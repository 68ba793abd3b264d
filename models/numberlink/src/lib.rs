//! Numberlink (ナンバーリンク, Arukone, Flow Free): connect each pair of equal numbers by a path
//! through orthogonally adjacent cells; paths do not cross or share cells.
//!
//! | formulation | article | backends | file |
//! |---|---|---|---|
//! | [`Formulation::Reified`] | 001, as its code runs (cells in `1..m`) | cp-sat | [`reified`] |
//! | [`Formulation::ReifiedZero`] | 001, as its prose says (0 = unused) | cp-sat | [`reified`] |
//! | [`Formulation::Connected`] | — (the flaw removed: one circuit) | cp-sat | [`connected`] |
//! | [`Formulation::Milp`] | — (edges, degrees, lazy cycle cuts) | highs, cp-sat | [`milp`] |
//! | [`Formulation::Native`] | — (paths grown cell by cell, flow solvers' cuts) | native | [`native`] |
//! | [`Formulation::Auto`] | — (the default: `links`, `frontier`, `connected` or `native`, by stated rules) | cp-sat, native | `auto` |
//! | [`Formulation::Frontier`] | — (the board swept cell by cell: search, then exact count) | native | [`frontier`] |
//! | [`Formulation::Links`] | — (links decided one at a time, each decision propagated) | native | `links` |
//!
//! Rules are explicit ([`Rule`]): `fill` (every cell on a path: Flow Free) or `blanks`
//! (cells may stay empty: Janko's Arukone). Paths may touch themselves: no source here makes
//! that a rule. A solution is the paths themselves ([`Paths`]); the numbered grid follows from
//! them, and the [`check`]er verifies both.

mod auto;
mod board;
mod cdcl;
pub mod check;
#[cfg(feature = "cp-sat")]
pub mod connected;
mod corpus;
pub mod format;
pub mod frontier;
pub mod generate;
pub mod generator;
mod links;
pub mod milp;
pub mod native;
mod paths;
#[cfg(feature = "cp-sat")]
pub mod reified;
pub mod render;
mod uniqueness;

use std::path::Path;

use masu_core::{Backend, Error, Item, Puzzle, SolveOptions};

pub(crate) use board::Shortcut;
pub use board::{Cell, Numberlink, Rule};
pub use paths::Paths;
pub(crate) use paths::detached_loops;

masu_core::formulations! {
    /// How the puzzle becomes a model.
    pub enum Formulation for "numberlink" {
        /// The default: `links` for uniqueness under the blanks rule and for one answer,
        /// `frontier`'s count with `connected` (on cp-sat) or `native` beside it otherwise
        /// and for what `links` leaves open.
        Auto = "auto" on [CpSat, Native],
        /// One circuit through every used cell: no detached loops.
        Connected = "connected" on [CpSat],
        /// Cell-number and edge binaries, degrees, lazy cycle cuts.
        Milp = "milp" on [MILP],
        /// A complete search growing paths cell by cell; no backend.
        Native = "native" on [Native],
        /// The board swept cell by cell: a depth-first search for answers, then an exact
        /// count by merging equal frontiers; no backend.
        Frontier = "frontier" on [Native],
        /// Links decided one at a time, each decision propagated (degrees, chain ends,
        /// canonical corners, reachability); no backend.
        Links = "links" on [Native],
        /// Article 001 as its code runs: cells in `1..m`, degree by reified equalities.
        Reified = "reified" on [CpSat],
        /// Article 001 as its prose says: cells in `0..m`, 0 = unused.
        ReifiedZero = "reified-zero" on [CpSat],
    }
}

/// Whether paths may run beside themselves (`--param touch=false`: only paths that never do
/// are solutions, for `frontier`, `links` and `auto`).
pub const TOUCH: masu_core::Parameter<bool> =
    masu_core::Parameter::switch("touch", true, "false: only paths that never run beside themselves count");

/// What a formulation found, before checking.
pub(crate) type Found = masu_core::Found<Paths>;

impl Puzzle for Numberlink {
    type Solution = Paths;
    type Formulation = Formulation;
    type Violation = check::Violation;
    type Rule = Rule;
    const KIND: &'static str = "numberlink";
    const DEFAULT: Formulation = Formulation::Auto;
    const RULES: &'static str = "fill (every cell on a path) or blanks (cells may stay empty); default: what the file implies (Flow Free boards: fill), else blanks";
    const PARAMETERS: &'static [&'static dyn masu_core::Declared] = &[&native::HANDOVER, &frontier::CANONICAL, &TOUCH];
    const READER_FILE_NAMES: &'static [&'static str] = &["puzzle.json", "puzzle.txt", "puzzle"];

    /// JSON and text files (or none with no extension), outside `solutions/` folders.
    fn is_puzzle_file(path: &Path) -> bool {
        let in_solutions = path.components().any(|c| c.as_os_str() == "solutions");
        !in_solutions && path.extension().is_none_or(|e| e == "json" || e == "txt")
    }
    /// The rule is the one the file implies (Flow Free boards: fill; otherwise blanks);
    /// [`Puzzle::set_rule`] changes it.
    fn read(path: &Path, text: &str) -> Vec<Item<Numberlink>> {
        format::parse_file(path, text, None)
    }
    fn find(&self, formulation: Formulation, backend: Backend, options: &SolveOptions) -> Result<Found, Error> {
        match formulation {
            #[cfg(feature = "cp-sat")]
            Formulation::Reified => reified::solve(self, false, options),
            #[cfg(feature = "cp-sat")]
            Formulation::ReifiedZero => reified::solve(self, true, options),
            #[cfg(feature = "cp-sat")]
            Formulation::Connected => connected::solve(self, options),
            Formulation::Milp => milp::solve(self, backend, options),
            Formulation::Native => native::solve(self, options),
            Formulation::Frontier => frontier::solve(self, options),
            Formulation::Links => links::solve(self, options),
            #[cfg(feature = "cp-sat")]
            Formulation::Auto if backend == Backend::CpSat => {
                auto::solve(self, options, connected::solve, Some(native::solve))
            }
            Formulation::Auto => auto::solve(self, options, native::solve, None),
            #[allow(unreachable_patterns)]
            _ => Err(Error::NotCompiled(backend)),
        }
    }
    fn check(&self, solution: &Paths) -> Result<(), check::Violation> {
        check::check(self, solution)
    }
    fn solution_from_json(value: serde_json::Value) -> Result<Paths, String> {
        serde_json::from_value(value).map_err(|e| format!("not numberlink paths: {e}"))
    }
    fn to_text(&self) -> String {
        serde_json::json!({ "grid": self.rows(), "rule": self.rule.to_string() }).to_string()
    }
    fn from_text(text: &str) -> Result<Numberlink, String> {
        format::parse_json(text, None).0.puzzle.map_err(|e| e.message)
    }
    fn url(&self) -> Option<String> {
        Some(format::to_url(self))
    }
    fn from_url(url: &masu_core::pzpr::Url) -> Result<Numberlink, String> {
        format::parse_url(url)
    }
    fn render(&self, solution: &Paths) -> String {
        render::text(solution)
    }
    fn one_line(&self, solution: &Paths) -> String {
        render::text(solution).trim_end().replace('\n', "/")
    }
    fn svg(&self, solution: Option<&Paths>) -> Option<String> {
        Some(render::svg(self, solution))
    }
    fn set_rule(&mut self, rule: Rule) {
        self.rule = rule;
    }
}
