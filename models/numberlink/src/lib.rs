//! Numberlink (ナンバーリンク, Arukone, Flow Free): connect each pair of equal numbers by a path
//! through orthogonally adjacent cells; paths do not cross or share cells.
//!
//! | formulation | article | backends (`CP`, `MILP`, `SAT`: every backend of the family) | file |
//! |---|---|---|---|
//! | [`Formulation::Reified`] | 001, as its code runs (cells in `1..m`) | CP | [`reified`] |
//! | [`Formulation::ReifiedZero`] | 001, as its prose says (0 = unused) | CP | [`reified`] |
//! | [`Formulation::Connected`] | — (the flaw removed: one circuit) | cp-sat | [`connected`] |
//! | [`Formulation::Milp`] | — (edges, degrees, lazy cycle cuts) | MILP | [`milp`] |
//! | [`Formulation::Native`] | — (paths grown cell by cell, flow solvers' cuts) | native | [`native`] |
//! | [`Formulation::Auto`] | — (the default: `links`, `frontier`, `connected` or `native`, by stated rules) | cp-sat, native | `auto` |
//! | [`Formulation::Frontier`] | — (the board swept cell by cell: search, then exact count) | native | [`frontier`] |
//! | [`Formulation::Links`] | — (links decided one at a time, each decision propagated) | native | `links` |
//! | [`Formulation::Cnf`] | — (links, cell numbers and degrees as clauses, loops cut lazily) | SAT | [`cnf`] |
//!
//! Rules are explicit ([`Rule`]): `fill` (every cell on a path: Flow Free) or `blanks`
//! (cells may stay empty: Janko's Arukone). Paths may touch themselves: no source here makes
//! that a rule. A solution is the paths themselves ([`Paths`]); the numbered grid follows from
//! them, and the [`check`]er verifies both.
//!
//! The files, by role (an engine may use the puzzle and the theory, never another engine;
//! only the portfolio composes engines):
//!
//! | folder or file | role |
//! |---|---|
//! | `lib.rs` | the kind: [`Puzzle`] for [`Numberlink`], the formulations and their dispatch |
//! | `puzzle/` | the puzzle alone: `board.rs` (cells, pairs, rule, blocks, shortcuts), `geometry.rs` (one `Side` type: indices, bits, steps), `format.rs` (files, puzz.link URLs), `check.rs` (the independent checker), `paths.rs` (the solution), `render.rs` (text, SVG), `cover.rs` (random covers by paths, for the generators and the tests) |
//! | `theory/` | what the engines share, proven once: `uniqueness.rs` (canonical solutions, induced first, the reroute check; `docs/counting.md`) |
//! | `models/` | the backends' models: `reified.rs` (article 001), `connected.rs` (one circuit, CP-SAT), `milp.rs` (edges and lazy cycle cuts) |
//! | `native/` | the path-growing search (`mod.rs`) and its clause-learning stage (`cdcl.rs`, CaDiCaL; `connectivity.rs` its propagator, `forcing.rs` what that propagator forces, `local.rs` its two rules on the links) |
//! | `frontier/` | the frontier sweep: `sweep.rs` (one step), `search.rs` (depth first), `count.rs` (exact count), `tests.rs` |
//! | `links/` | the link-by-link search: `state.rs` (links, propagation; `cups.rs`), `search.rs` (decisions), `tests.rs` |
//! | `auto/` | the portfolio: which engines run, in which order or raced, on each backend; `tests.rs` |
//! | `generate/` | making puzzles (`mod.rs`): `fast.rs` (masu's), `grow.rs` (large boards, grown and repaired in place from `cover.rs`'s induced covers), `article.rs` (article 001's); `command.rs` the command's flags |
//! | `cnf.rs` | the puzzle as clauses, its loops ruled out by cut lemmas, for certified verdicts (apart from the engines) |
//! | `cnf/` | `canonical.rs`: the two-stage certificate's canonical clauses and their witnesses (blanks rule); `tests.rs`: the clauses against every set of links of small boards, the lemma check, the certificates against enumeration, tampered proofs |
//! | `figures.rs` | what the engines report of their work (`stats.engine`), beside the nodes every engine has |
//! | `corpus.rs` | what a collection's files know |
//! | `examples.rs` | small boards with exact counts, for the conformance suite |
//! | `testkit.rs` | the engines' shared test boards and assertions |
//!
//! A new engine is a folder beside `native/`: its stages inside it, a `solve(puzzle,
//! options) -> Found` that records through [`masu_core::Kept`] and stops on
//! [`masu_core::Clock`], a row in [`Formulation`] naming it, and a member's place in
//! `auto/` if it earns one.

// The puzzle: the board and its rules, files and URLs, the checker, pictures, the paths.
pub mod puzzle;
// What the engines share: canonical solutions and uniqueness, the board's geometry.
mod theory;
// What the engines report of their work (`stats.engine`).
pub mod figures;
// The CP-SAT and MILP models (articles 001's and masu's own).
pub mod models;
// The native engines, each with its stages inside it.
pub mod frontier;
mod links;
pub mod native;
// The portfolio of them all (`auto`), which owns its choice of members.
mod auto;
// Making puzzles; what a collection knows; the examples the conformance suite holds every
// formulation to; the `generate` command's flags.
mod corpus;
mod examples;
pub mod generate;
#[cfg(test)]
mod testkit;
// The puzzle as clauses, for certified verdicts.
pub mod cnf;

pub use models::milp;
#[cfg(feature = "cp-sat")]
pub use models::{connected, reified};
pub use puzzle::{check, format, render};

use std::path::Path;

use masu_core::{Backend, Error, Format, Invalid, Item, Puzzle, SolveOptions};

use puzzle::Found;
pub use puzzle::{Cell, Numberlink, Paths, Rule};
pub use theory::TOUCH;

masu_core::formulations! {
    /// How the puzzle becomes a model.
    pub enum Formulation for "numberlink": Numberlink => Found {
        /// The default: `links` for uniqueness under the blanks rule and for one answer,
        /// `frontier`'s count with `connected` (on cp-sat) or `native` beside it otherwise
        /// and for what `links` leaves open.
        Auto = "auto" on [CpSat, Native] => auto::solve,
        /// One circuit through every used cell: no detached loops.
        Connected = "connected" on [CpSat] needs "cp-sat" => |puzzle, _, options| connected::solve(puzzle, options),
        /// Cell-number and edge binaries, degrees, lazy cycle cuts.
        Milp = "milp" on [MILP] => milp::solve,
        /// A complete search growing paths cell by cell; no backend.
        Native = "native" on [Native] => |puzzle, _, options| native::solve(puzzle, options),
        /// The board swept cell by cell: a depth-first search for answers, then an exact
        /// count by merging equal frontiers; no backend.
        Frontier = "frontier" on [Native] => |puzzle, _, options| frontier::solve(puzzle, options),
        /// Links decided one at a time, each decision propagated (degrees, chain ends,
        /// canonical corners, reachability); no backend.
        Links = "links" on [Native] => |puzzle, _, options| links::solve(puzzle, options),
        /// Article 001 as its code runs: cells in `1..m`, degree by reified equalities.
        Reified = "reified" on [CP] needs "cp-sat" =>
            |puzzle, backend, options| reified::solve(puzzle, backend, false, options),
        /// Article 001 as its prose says: cells in `0..m`, 0 = unused.
        ReifiedZero = "reified-zero" on [CP] needs "cp-sat" =>
            |puzzle, backend, options| reified::solve(puzzle, backend, true, options),
        /// Link booleans, cell numbers and degrees as clauses (`--certify`'s encoding), on a
        /// SAT solver, closed loops cut as they appear; counts by blocking clauses.
        Cnf = "cnf" on [SAT] => cnf::solve,
    }
}

impl Puzzle for Numberlink {
    type Solution = Paths;
    type Formulation = Formulation;
    type Violation = check::Violation;
    type Rule = Rule;
    const KIND: &'static str = "numberlink";
    const DEFAULT: Formulation = Formulation::Auto;
    const RULES: &'static str = "fill (every cell on a path) or blanks (cells may stay empty); default: what the file implies (Flow Free boards: fill), else blanks";
    const PARAMETERS: &'static [&'static dyn masu_core::Declared] = &[
        &native::HANDOVER,
        &native::BRIDGES,
        &native::SQUARE_RULE,
        &native::NESTED_RULE,
        &frontier::CANONICAL,
        &TOUCH,
        &links::SOUTH_FIRST,
    ];
    const READER_FORMATS: &'static [Format<'static>] = &[Format::Json, Format::Extension("txt"), Format::Content];

    /// JSON and text files (or none with no extension), outside `solutions/` folders.
    fn is_puzzle_file(path: &Path) -> bool {
        let in_solutions = path.components().any(|c| c.as_os_str() == "solutions");
        !in_solutions && path.extension().is_none_or(|e| e == "json" || e == "txt")
    }
    /// The rule is the one the file implies (Flow Free boards: fill; otherwise blanks);
    /// [`Puzzle::set_rule`] changes it.
    fn read(_: Format, text: &str) -> Vec<Item<Numberlink>> {
        format::parse(text, None)
    }
    fn find(&self, formulation: Formulation, backend: Backend, options: &SolveOptions) -> Result<Found, Error> {
        formulation.find(self, backend, options)
    }
    fn check(&self, solution: &Paths) -> Result<(), check::Violation> {
        check::check(self, solution)
    }
    fn cnf(&self, solutions: &[Paths]) -> Option<masu_core::certify::Encoding> {
        Some(cnf::encoding(self, solutions))
    }
    fn solution_from_json(value: serde_json::Value) -> Result<Paths, Invalid> {
        serde_json::from_value(value).map_err(|e| Invalid(format!("not numberlink paths: {e}")))
    }
    fn to_text(&self) -> String {
        serde_json::json!({ "grid": self.rows(), "rule": self.rule.to_string() }).to_string()
    }
    fn from_text(text: &str) -> Result<Numberlink, Invalid> {
        format::parse_json(text, None).0.puzzle.map_err(|e| Invalid(e.message))
    }
    fn url(&self) -> Option<String> {
        Some(format::to_url(self))
    }
    fn from_url(url: &masu_core::pzpr::Url) -> Result<Numberlink, Invalid> {
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
