//! Sudoku of any n²×n² size (4×4, 9×9, 16×16, 25×25): formats ([`format`](mod@format)), three
//! formulations, an independent [`check`]er, and counting.
//!
//! | formulation | article | backends (`CP`, `MILP`, `SAT`: every backend of the family) | file |
//! |---|---|---|---|
//! | [`Formulation::AllDifferent`] | 002 | CP | [`all_different`] |
//! | [`Formulation::Binary`] | — (the assignment MILP `x[r][c][v]`) | MILP | [`binary`] |
//! | [`Formulation::Native`] | — (candidates as bit sets, singles, branching) | native | [`native`] |
//! | [`Formulation::Cnf`] | — (the assignment as clauses) | SAT | [`cnf`] |
//!
//! [`masu_core::solve`] builds the chosen model, runs it on the chosen backend, re-checks every
//! solution, and reports whether it is unique (`solution_limit` 2) or counts up to N.
//!
//! The files, by role (the puzzle uses no model, engine or generator):
//!
//! | folder or file | role |
//! |---|---|
//! | `lib.rs` | the kind: [`Puzzle`] for [`Sudoku`], the formulations and their dispatch |
//! | `puzzle/` | the puzzle alone: `board.rs` (the grid and its givens), `format.rs` (one-line files, JSON, text grids, puzz.link URLs), `check.rs` (the independent checker), `render.rs` (text, SVG) |
//! | `models/` | the backends' models: `all_different.rs` (article 002), `binary.rs` (the assignment MILP) |
//! | `native/` | the native solver: `board.rs` (the generic engine, any size), `bands.rs` (the 9×9 band engine, the portable path), `triads/` (the 9×9 engine on AVX2: `engine.rs` the state, propagation and search, `lanes.rs` the vector operations, `tables.rs` their constants), `agree.rs` (the three held to each other) |
//! | `generate/` | making puzzles (`mod.rs`); `command.rs` the command's flags |
//! | `cnf.rs` | the puzzle as clauses, for certified verdicts and the `cnf` formulation |
//! | `corpus.rs` | what a collection's files know |
//! | `examples.rs` | small grids with exact counts, for the conformance suite |

pub mod cnf;
mod corpus;
mod examples;
pub mod generate;
pub mod models;
pub mod native;
pub mod puzzle;

use puzzle::Found;
pub use puzzle::{Grid, Sudoku};
pub use puzzle::{check, format, render};

#[cfg(feature = "cp-sat")]
pub use models::all_different;
pub use models::binary;

use std::path::Path;

use masu_core::{Backend, Error, Invalid, Item, Puzzle, SolveOptions};

pub use format::{Alphabet, parse_puzzles};
pub use masu_core::ParseError;

masu_core::formulations! {
    /// How the puzzle becomes a model.
    pub enum Formulation for "sudoku": Sudoku => Found {
        /// Article 002: one integer per cell, AllDifferent per row, column and box (CP-SAT).
        AllDifferent = "all-different" on [CP] needs "cp-sat" => all_different::solve,
        /// One binary per cell and value, exactly-one constraints (a MILP).
        Binary = "binary" on [MILP] => binary::solve,
        /// Candidates as bit sets, naked and hidden singles, branching on the fewest
        /// candidates; counts solutions.
        Native = "native" on [Native] => |puzzle, _, options| native::solve(puzzle, options),
        /// One boolean per cell and value, the rules as clauses (`--certify`'s encoding), on
        /// a SAT solver; counts by blocking clauses.
        Cnf = "cnf" on [SAT] => cnf::solve,
    }
}

impl Puzzle for Sudoku {
    type Solution = Grid;
    type Formulation = Formulation;
    type Violation = check::Violation;
    type Rule = masu_core::NoRule;
    const KIND: &'static str = "sudoku";
    const DEFAULT: Formulation = Formulation::AllDifferent;
    const PARAMETERS: &'static [&'static dyn masu_core::Declared] = &[&native::SIMD];

    /// One-line files (`.txt`, `.sdk`) and JSON, leaving out solution files and `counts.json`.
    fn is_puzzle_file(path: &Path) -> bool {
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        (name.ends_with(".txt") || name.ends_with(".json") || name.ends_with(".sdk"))
            && !name.ends_with(".solutions.txt")
            && name != "counts.json"
    }
    fn read(_: masu_core::Format, text: &str) -> Vec<Item<Sudoku>> {
        parse_puzzles(text)
    }
    fn find(
        &self,
        formulation: Formulation,
        backend: Backend,
        options: &SolveOptions,
    ) -> Result<masu_core::Found<Grid>, Error> {
        let found = formulation.find(self, backend, options)?;
        Ok(found.map(|cells| cells.chunks(self.side()).map(<[u8]>::to_vec).collect()))
    }
    fn check(&self, solution: &Grid) -> Result<(), check::Violation> {
        check::check(self, &solution.concat())
    }
    fn cnf(&self, solutions: &[Grid]) -> Option<masu_core::certify::Encoding> {
        Some(cnf::cnf(self, solutions).into())
    }
    fn render(&self, solution: &Grid) -> String {
        Sudoku::render(self, solution)
    }
    fn one_line(&self, solution: &Grid) -> String {
        self.render_line(&solution.concat())
    }
    fn solution_from_json(value: serde_json::Value) -> Result<Grid, Invalid> {
        serde_json::from_value(value).map_err(|e| Invalid(format!("not a sudoku grid: {e}")))
    }
    fn to_text(&self) -> String {
        self.to_line()
    }
    fn from_text(text: &str) -> Result<Sudoku, Invalid> {
        format::parse_line(text).map_err(|e| Invalid(e.message))
    }
    fn url(&self) -> Option<String> {
        Some(format::to_url(self))
    }
    fn from_url(url: &masu_core::pzpr::Url) -> Result<Sudoku, Invalid> {
        format::parse_url(url)
    }
    fn svg(&self, solution: Option<&Grid>) -> Option<String> {
        Some(render::svg(self, solution))
    }
}
