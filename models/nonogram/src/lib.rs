//! Nonograms (ののぐらむ, お絵描きロジック): three articles' models side by side, a complete
//! native solver, the formats of the public collections, an independent checker, and
//! pictures.
//!
//! | formulation | article | backends (`CP`, `MILP`: every backend of the family) | file |
//! |---|---|---|---|
//! | [`Formulation::StartIndex`] | 000 | CP, MILP | [`start_index`] |
//! | [`Formulation::Patterns`] | 003 | MILP | [`patterns`] |
//! | [`Formulation::LineSolver`] | 004 | native | [`line_solver`] |
//! | [`Formulation::LineSolverDp`] | 004, with DP | native | [`line_solver`] |
//! | [`Formulation::Automaton`] | — | cp-sat | [`automaton`] |
//! | [`Formulation::Native`] | — | native | [`native`] |

pub mod check;
mod corpus;
mod examples;
pub mod format;
pub mod generate;
pub mod line;
pub mod models;
pub mod native;
pub mod picture;
pub mod render;

#[cfg(feature = "cp-sat")]
pub use models::automaton;
pub use models::{line_solver, patterns, start_index};

use std::fmt;
use std::path::Path;

use masu_core::{Backend, Error, Format, Invalid, Item, Puzzle, SolveOptions};

/// A clue: the lengths of the blocks of one line, in order (empty for an empty line).
pub type Clue = Vec<usize>;

/// A solution: rows of cells, `true` filled.
pub type Grid = Vec<Vec<bool>>;

/// Why clues do not make a puzzle; `line` names the row or column at fault, if one is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InvalidPuzzle {
    /// The row (`Line::Row(i)`) or column at fault, 0-based; `None` for the whole puzzle.
    pub line: Option<Line>,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for InvalidPuzzle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for InvalidPuzzle {}

impl From<InvalidPuzzle> for String {
    fn from(e: InvalidPuzzle) -> String {
        e.message
    }
}

impl From<InvalidPuzzle> for Invalid {
    fn from(e: InvalidPuzzle) -> Invalid {
        Invalid(e.message)
    }
}

/// A row or a column, 0-based.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Line {
    /// Row `i`, top to bottom.
    Row(usize),
    /// Column `i`, left to right.
    Column(usize),
}

/// A puzzle: the clues of its rows (top to bottom) and columns (left to right), checked to
/// be consistent (every clue fits its line, and the rows and columns fill as many cells).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Nonogram {
    rows: Vec<Clue>,
    cols: Vec<Clue>,
}

impl Nonogram {
    /// A puzzle from its clues; a `[0]` clue is read as an empty line.
    pub fn new(rows: Vec<Clue>, cols: Vec<Clue>) -> Result<Nonogram, InvalidPuzzle> {
        let whole = |message: String| InvalidPuzzle { line: None, message };
        let normalise = |clues: Vec<Clue>| -> Vec<Clue> {
            clues.into_iter().map(|c| c.into_iter().filter(|&b| b > 0).collect()).collect()
        };
        let (rows, cols) = (normalise(rows), normalise(cols));
        if rows.is_empty() || cols.is_empty() {
            return Err(whole(format!(
                "a nonogram needs rows and columns ({} rows, {} columns)",
                rows.len(),
                cols.len()
            )));
        }
        for (kind, clues, length) in [("row", &rows, cols.len()), ("column", &cols, rows.len())] {
            for (i, clue) in clues.iter().enumerate() {
                let needed = clue.iter().sum::<usize>() + clue.len().saturating_sub(1);
                if needed > length {
                    return Err(InvalidPuzzle {
                        line: Some(if kind == "row" { Line::Row(i) } else { Line::Column(i) }),
                        message: format!(
                            "{kind} {} clue {clue:?} needs {needed} cells (blocks and gaps) but the line has {length}",
                            i + 1
                        ),
                    });
                }
            }
        }
        let (row_total, col_total): (usize, usize) = (rows.iter().flatten().sum(), cols.iter().flatten().sum());
        if row_total != col_total {
            return Err(whole(format!("the row clues fill {row_total} cells but the column clues fill {col_total}")));
        }
        Ok(Nonogram { rows, cols })
    }
    /// Row clues, top to bottom.
    pub fn rows(&self) -> &[Clue] {
        &self.rows
    }
    /// Column clues, left to right.
    pub fn cols(&self) -> &[Clue] {
        &self.cols
    }
    /// Cells per row.
    pub fn width(&self) -> usize {
        self.cols.len()
    }
    /// Cells per column.
    pub fn height(&self) -> usize {
        self.rows.len()
    }
}

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
    }
}

/// What a formulation found, before checking.
pub(crate) type Found = masu_core::Found<Grid>;
pub(crate) use masu_core::timed;

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
