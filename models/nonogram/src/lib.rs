//! Nonograms (ののぐらむ, お絵描きロジック): three articles' models side by side, a complete
//! native solver, the formats of the public collections, an independent checker, and
//! pictures.
//!
//! | formulation | article | backends | file |
//! |---|---|---|---|
//! | [`Formulation::StartIndex`] | 000 | cp-sat; highs and cp-sat as a MILP | [`start_index`] |
//! | [`Formulation::Patterns`] | 003 | highs, cp-sat | [`patterns`] |
//! | [`Formulation::LineSolver`] | 004 | native | [`line_solver`] |
//! | [`Formulation::LineSolverDp`] | 004, with DP | native | [`line_solver`] |
//! | [`Formulation::Automaton`] | — | cp-sat | [`automaton`] |
//! | [`Formulation::Native`] | — | native | [`native`] |

#[cfg(feature = "cp-sat")]
pub mod automaton;
mod cdcl;
pub mod check;
pub mod format;
pub mod line;
pub mod line_solver;
pub mod native;
pub mod patterns;
pub mod render;
pub mod start_index;

use std::fmt;
use std::str::FromStr;
use std::time::{Duration, Instant};

use masu_core::{Backend, Error, Report, SolveOptions, Stats, Status};

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

/// How the puzzle becomes a model (or an algorithm).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Formulation {
    /// Article 000: a start-index integer per block, reified placements, fill Booleans
    /// (CP-SAT); as a MILP, one binary per block and start (HiGHS, CP-SAT).
    StartIndex,
    /// Article 003: one binary per placement of each line's clue (HiGHS, CP-SAT).
    Patterns,
    /// Article 004: enumerate every pattern, intersect, filter, repeat; no search.
    LineSolver,
    /// Article 004's fix-point with a dynamic-programming line solver instead of enumeration.
    LineSolverDp,
    /// Each line a regular-language (automaton) constraint (CP-SAT).
    Automaton,
    /// Complete native solver: DP line solving, probing, backtracking; counts solutions.
    Native,
}

impl Formulation {
    /// Every formulation.
    pub const ALL: [Formulation; 6] = [
        Formulation::StartIndex,
        Formulation::Patterns,
        Formulation::LineSolver,
        Formulation::LineSolverDp,
        Formulation::Automaton,
        Formulation::Native,
    ];
    /// The name used on the command line and in reports.
    pub fn name(self) -> &'static str {
        match self {
            Formulation::StartIndex => "start-index",
            Formulation::Patterns => "patterns",
            Formulation::LineSolver => "line-solver",
            Formulation::LineSolverDp => "line-solver-dp",
            Formulation::Automaton => "automaton",
            Formulation::Native => "native",
        }
    }
    /// The backends it runs on, the first being its own (compiled in or not).
    pub fn backends(self) -> &'static [Backend] {
        match self {
            Formulation::StartIndex => &[Backend::CpSat, Backend::Highs],
            Formulation::Patterns => &[Backend::Highs, Backend::CpSat],
            Formulation::Automaton => &[Backend::CpSat],
            Formulation::LineSolver | Formulation::LineSolverDp | Formulation::Native => &[Backend::Native],
        }
    }
}

impl fmt::Display for Formulation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Formulation {
    type Err = String;
    fn from_str(s: &str) -> Result<Formulation, String> {
        Formulation::ALL.into_iter().find(|f| f.name() == s).ok_or_else(|| {
            let names: Vec<&str> = Formulation::ALL.iter().map(|f| f.name()).collect();
            format!("unknown nonogram formulation '{s}' (expected {})", names.join(", "))
        })
    }
}

/// What a formulation found, before checking.
pub(crate) struct Found {
    pub(crate) solutions: Vec<Grid>,
    pub(crate) complete: bool,
    pub(crate) stats: Stats,
    /// A line solver that stopped with undecided cells.
    pub(crate) stuck: bool,
}

/// Solves `puzzle` with `formulation` on `backend`, finding up to
/// `options.solution_limit` solutions, each re-checked by [`check::check`]. The line
/// solvers do no search: when they stop with undecided cells the status is
/// [`Status::Stuck`]; when they decide every cell the solution is unique (line logic only
/// deduces what holds in every solution).
pub fn solve(
    puzzle: &Nonogram,
    formulation: Formulation,
    backend: Backend,
    options: &SolveOptions,
) -> Result<Report<Grid>, Error> {
    masu_core::check_backend(formulation.name(), formulation.backends(), backend)?;
    let found = match (formulation, backend) {
        #[cfg(feature = "cp-sat")]
        (Formulation::StartIndex, Backend::CpSat) => start_index::solve_cp_sat(puzzle, options)?,
        (Formulation::StartIndex, _) => start_index::solve_milp(puzzle, backend, options)?,
        (Formulation::Patterns, _) => patterns::solve(puzzle, backend, options)?,
        #[cfg(feature = "cp-sat")]
        (Formulation::Automaton, _) => automaton::solve(puzzle, options)?,
        (Formulation::LineSolver, _) => line_solver::solve(puzzle, line_solver::Method::Enumeration, options)?,
        (Formulation::LineSolverDp, _) => line_solver::solve(puzzle, line_solver::Method::DynamicProgramming, options)?,
        (Formulation::Native, _) => native::solve(puzzle, options)?,
        #[allow(unreachable_patterns)]
        (_, backend) => return Err(Error::NotCompiled(backend)),
    };
    let mut report = Report::checked(
        backend,
        formulation.name(),
        found.solutions,
        found.complete,
        found.stats,
        options,
        |grid: &Grid| check::check(puzzle, grid),
    )?;
    if found.stuck {
        report.status = Status::Stuck;
    }
    Ok(report)
}

/// Times `build`.
pub(crate) fn timed<T>(build: impl FnOnce() -> T) -> (T, Duration) {
    let started = Instant::now();
    let built = build();
    (built, started.elapsed())
}
