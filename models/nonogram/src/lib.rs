//! Nonograms (ののぐらむ, お絵描きロジック): three articles' models side by side, a complete
//! native solver, the formats of the public collections, an independent checker, and
//! pictures.
//!
//! | formulation | article | backends (`CP`, `MILP`, `SAT`: every backend of the family) | file |
//! |---|---|---|---|
//! | [`Formulation::StartIndex`] | 000 | CP, MILP | [`start_index`] |
//! | [`Formulation::Patterns`] | 003 | MILP | [`patterns`] |
//! | [`Formulation::LineSolver`] | 004 | native | [`line_solver`] |
//! | [`Formulation::LineSolverDp`] | 004, with DP | native | [`line_solver`] |
//! | [`Formulation::Automaton`] | — | cp-sat | [`automaton`] |
//! | [`Formulation::Native`] | — | native | [`native`] |
//! | [`Formulation::Cnf`] | — (the order encoding as clauses) | SAT | [`cnf`] |
//!
//! The files, by role (the puzzle uses no model, engine or generator; every engine builds on
//! the line solver):
//!
//! | folder or file | role |
//! |---|---|
//! | `lib.rs` | the kind: [`Puzzle`] for [`Nonogram`], the formulations and their dispatch |
//! | `cnf.rs` | the puzzle as clauses (the order encoding), for the clause-learning stage, certified verdicts and the `cnf` formulation |
//! | `line.rs` | one line: its clue's placements, counted and enumerated, and the dynamic-programming line solver |
//! | `puzzle/` | the puzzle alone: `board.rs` (the clues), `format/` (the collections' files: `mod.rs`, `url.rs` puzz.link, `webpbn_xml.rs`), `check.rs` (the independent checker), `render.rs` (text, SVG) |
//! | `picture.rs` | pictures as grids (PNG, PBM), for judging a picture as a nonogram |
//! | `models/` | the articles' models: `start_index.rs` (000), `patterns.rs` (003), `line_solver.rs` (004), `automaton.rs` (CP-SAT's automata) |
//! | `native/` | the native solver by stage: `search.rs` (line solving and branching), `probe.rs` (probing), `cache.rs` (the line cache), `restarts.rs` (restarts, then the hand-over), `cdcl.rs` (clause learning, CaDiCaL) |
//! | `generate/` | making puzzles and judging pictures (`mod.rs`); `command.rs` the command's flags |
//! | `corpus.rs` | what a collection's files know |
//! | `examples.rs` | small puzzles with exact counts, for the conformance suite |

pub mod cnf;
mod corpus;
mod examples;
pub mod generate;
pub mod line;
pub mod models;
pub mod native;
pub mod picture;
pub mod puzzle;

use puzzle::Found;
pub use puzzle::{Clue, Grid, InvalidPuzzle, Line, Nonogram};
pub use puzzle::{check, format, render};

#[cfg(feature = "cp-sat")]
pub use models::automaton;
pub use models::{line_solver, patterns, start_index};

use std::path::Path;

use masu_core::{Backend, Error, Format, Invalid, Item, Puzzle, SolveOptions};

masu_core::formulations! {
    /// How the puzzle becomes a model (or an algorithm).
    pub enum Formulation for "nonogram": Nonogram => Found {
        /// Article 000: a start-index integer per block, reified placements, fill Booleans
        /// (CP); as a MILP, one binary per block and start.
        StartIndex = "start-index" on [CP, MILP] => start_index::solve,
        /// Article 003: one binary per placement of each line's clue (a MILP).
        Patterns = "patterns" on [MILP] => patterns::solve,
        /// Article 004: enumerate every pattern, intersect, filter, repeat; no search.
        LineSolver = "line-solver" on [Native] =>
            |puzzle, _, options| line_solver::solve(puzzle, line_solver::Method::Enumeration, options),
        /// Article 004's fix-point with a dynamic-programming line solver instead of enumeration.
        LineSolverDp = "line-solver-dp" on [Native] =>
            |puzzle, _, options| line_solver::solve(puzzle, line_solver::Method::DynamicProgramming, options),
        /// Each line a regular-language (automaton) constraint (CP-SAT).
        Automaton = "automaton" on [CpSat] needs "cp-sat" => |puzzle, _, options| automaton::solve(puzzle, options),
        /// Complete native solver: DP line solving, probing, backtracking; counts solutions.
        Native = "native" on [Native] => |puzzle, _, options| native::solve(puzzle, options),
        /// Each line's block starts in the order encoding, as clauses (`--certify`'s
        /// encoding), on a SAT solver; counts by blocking clauses.
        Cnf = "cnf" on [SAT] => cnf::solve,
    }
}

impl Puzzle for Nonogram {
    type Solution = Grid;
    type Formulation = Formulation;
    type Violation = check::Violation;
    type Rule = masu_core::NoRule;
    const KIND: &'static str = "nonogram";
    const DEFAULT: Formulation = Formulation::Native;
    const PARAMETERS: &'static [&'static dyn masu_core::Declared] = &[&native::HANDOVER];
    const READER_FORMATS: &'static [Format<'static>] = &[
        Format::Json,
        Format::Extension("non"),
        Format::Extension("nin"),
        Format::Extension("txt"),
        Format::Extension("xml"),
        Format::Content,
    ];

    fn is_puzzle_file(path: &Path) -> bool {
        format::is_puzzle_file(path)
    }
    fn read(read_as: Format, text: &str) -> Vec<Item<Nonogram>> {
        format::parse(read_as, text)
    }
    /// The line solvers do no search: when they stop with undecided cells the status is
    /// [`Status::Stuck`](masu_core::Status::Stuck); when they decide every cell the solution
    /// is unique (line logic only deduces what holds in every solution).
    fn find(&self, formulation: Formulation, backend: Backend, options: &SolveOptions) -> Result<Found, Error> {
        formulation.find(self, backend, options)
    }
    fn check(&self, solution: &Grid) -> Result<(), check::Violation> {
        check::check(self, solution)
    }
    fn cnf(&self, solutions: &[Grid]) -> Option<masu_core::certify::Encoding> {
        Some(cnf::cnf(self, solutions).into())
    }
    fn render(&self, solution: &Grid) -> String {
        render::with_clues(self, solution, render::Style::Blocks)
    }
    fn one_line(&self, solution: &Grid) -> String {
        let rows: Vec<String> =
            solution.iter().map(|r| r.iter().map(|&f| if f { '#' } else { '.' }).collect()).collect();
        rows.join("/")
    }
    fn to_json(solution: &Grid) -> serde_json::Value {
        solution.iter().map(|r| r.iter().map(|&f| if f { '#' } else { '.' }).collect::<String>()).collect()
    }
    fn solution_from_json(value: serde_json::Value) -> Result<Grid, Invalid> {
        let rows: Vec<String> =
            serde_json::from_value(value).map_err(|e| Invalid(format!("not rows of # and .: {e}")))?;
        rows.iter()
            .enumerate()
            .map(|(r, row)| {
                row.chars()
                    .map(|c| match c {
                        '#' => Ok(true),
                        '.' => Ok(false),
                        _ => Err(Invalid(format!("row {}: '{c}' is neither # nor .", r + 1))),
                    })
                    .collect()
            })
            .collect()
    }
    fn to_text(&self) -> String {
        format::to_json(self)
    }
    fn from_text(text: &str) -> Result<Nonogram, Invalid> {
        format::parse_json(text).into_iter().next().ok_or("no puzzle")?.0.puzzle.map_err(|e| Invalid(e.message))
    }
    fn url(&self) -> Option<String> {
        format::to_url(self)
    }
    fn from_url(url: &masu_core::pzpr::Url) -> Result<Nonogram, Invalid> {
        format::parse_url(url)
    }
    fn svg(&self, solution: Option<&Grid>) -> Option<String> {
        Some(render::svg(self, solution))
    }
}
