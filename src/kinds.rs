//! The puzzle kinds behind one interface, so that the command-line tool (and comparisons)
//! treat sudoku and nonogram alike: read files, choose a formulation and a backend, solve,
//! show the answer.

use std::fmt::Display;
use std::path::Path;
use std::str::FromStr;

use masu_core::{Backend, Error, Report, SolveOptions};

/// One puzzle of an input file, or why it could not be read.
#[derive(Clone, Debug)]
pub struct Item<P> {
    /// 1-based line where it starts (0 when the file could not be read at all).
    pub line: usize,
    /// 1-based column of an error, where known.
    pub column: Option<usize>,
    /// Its name inside the file, where the format gives one.
    pub name: Option<String>,
    /// The puzzle, or what is wrong with it.
    pub puzzle: Result<P, String>,
}

/// A kind of puzzle as the tools see it.
pub trait PuzzleKind {
    /// The puzzle.
    type Puzzle;
    /// One solution.
    type Solution: serde::Serialize;
    /// Its formulations.
    type Formulation: Copy + PartialEq + Display + FromStr<Err = String> + 'static;
    /// The name on the command line.
    const NAME: &'static str;
    /// Every formulation, in the order the defaults are chosen.
    fn formulations() -> &'static [Self::Formulation];
    /// The formulation used when none is asked for.
    fn default_formulation() -> Self::Formulation;
    /// The backends a formulation runs on, its own first.
    fn backends(formulation: Self::Formulation) -> &'static [Backend];
    /// Whether a file met in a directory walk holds puzzles.
    fn is_puzzle_file(path: &Path) -> bool;
    /// Every puzzle of a file.
    fn read(path: &Path, text: &str) -> Vec<Item<Self::Puzzle>>;
    /// Solves, re-checking every solution.
    fn solve(
        puzzle: &Self::Puzzle,
        formulation: Self::Formulation,
        backend: Backend,
        options: &SolveOptions,
    ) -> Result<Report<Self::Solution>, Error>;
    /// The kind's independent checker: `Ok` when `solution` solves `puzzle`.
    fn check(puzzle: &Self::Puzzle, solution: &Self::Solution) -> Result<(), String>;
    /// The solution as text lines (a grid, with clues where the puzzle has them).
    fn render(puzzle: &Self::Puzzle, solution: &Self::Solution) -> String;
    /// The solution on one line, for batch output.
    fn one_line(puzzle: &Self::Puzzle, solution: &Self::Solution) -> String;
    /// The solution in JSON output.
    fn to_json(solution: &Self::Solution) -> serde_json::Value {
        serde_json::to_value(solution).unwrap_or(serde_json::Value::Null)
    }
}

/// Every formulation × backend this build can run, in the kind's order.
pub fn runnable<K: PuzzleKind>() -> Vec<(K::Formulation, Backend)> {
    K::formulations()
        .iter()
        .flat_map(|&f| K::backends(f).iter().map(move |&b| (f, b)))
        .filter(|(_, b)| b.is_compiled())
        .collect()
}

/// The formulation and backend to run from what the user asked: a formulation alone runs
/// on its first compiled backend; a backend alone with the first formulation that runs on
/// it; neither, the kind's default (or the first formulation whose backend is compiled).
pub fn choose<K: PuzzleKind>(
    formulation: Option<&str>,
    backend: Option<Backend>,
) -> Result<(K::Formulation, Backend), String> {
    let compiled = |f: K::Formulation| K::backends(f).iter().copied().find(|b| b.is_compiled());
    let runs_on = |f: K::Formulation, b: Backend| K::backends(f).contains(&b);
    let formulation = formulation.map(str::parse::<K::Formulation>).transpose()?;
    match (formulation, backend) {
        (Some(f), Some(b)) if !runs_on(f, b) => {
            let names: Vec<&str> = K::backends(f).iter().map(|b| b.name()).collect();
            Err(format!("formulation '{f}' cannot run on {b} (it runs on {})", names.join(" and ")))
        }
        (Some(f), Some(b)) => b.require().map(|b| (f, b)).map_err(|e| e.to_string()),
        (Some(f), None) => compiled(f).map(|b| (f, b)).ok_or_else(|| format!("no backend of '{f}' is compiled in")),
        (None, Some(b)) => {
            b.require().map_err(|e| e.to_string())?;
            K::formulations()
                .iter()
                .copied()
                .find(|&f| runs_on(f, b))
                .map(|f| (f, b))
                .ok_or_else(|| format!("no {} formulation runs on {b}", K::NAME))
        }
        (None, None) => std::iter::once(K::default_formulation())
            .chain(K::formulations().iter().copied())
            .find_map(|f| compiled(f).map(|b| (f, b)))
            .ok_or_else(|| format!("no {} formulation has a compiled backend", K::NAME)),
    }
}

/// Sudoku.
#[derive(Debug)]
pub struct Sudoku;

impl PuzzleKind for Sudoku {
    type Puzzle = masu_sudoku::Sudoku;
    type Solution = masu_sudoku::Grid;
    type Formulation = masu_sudoku::Formulation;
    const NAME: &'static str = "sudoku";
    fn formulations() -> &'static [Self::Formulation] {
        &masu_sudoku::Formulation::ALL
    }
    fn default_formulation() -> Self::Formulation {
        masu_sudoku::Formulation::AllDifferent
    }
    fn backends(formulation: Self::Formulation) -> &'static [Backend] {
        formulation.backends()
    }
    fn is_puzzle_file(path: &Path) -> bool {
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        (name.ends_with(".txt") || name.ends_with(".json") || name.ends_with(".sdk"))
            && !name.ends_with(".solutions.txt")
            && name != "counts.json"
    }
    fn read(_path: &Path, text: &str) -> Vec<Item<Self::Puzzle>> {
        masu_sudoku::parse_puzzles(text)
            .into_iter()
            .map(|(line, entry)| match entry {
                Ok(p) => Item { line, column: None, name: None, puzzle: Ok(p) },
                Err(e) => Item { line: e.line, column: e.column, name: None, puzzle: Err(e.message) },
            })
            .collect()
    }
    fn solve(
        puzzle: &Self::Puzzle,
        formulation: Self::Formulation,
        backend: Backend,
        options: &SolveOptions,
    ) -> Result<Report<Self::Solution>, Error> {
        masu_sudoku::solve(puzzle, formulation, backend, options)
    }
    fn check(puzzle: &Self::Puzzle, solution: &Self::Solution) -> Result<(), String> {
        masu_sudoku::check::check(puzzle, &solution.concat())
    }
    fn render(puzzle: &Self::Puzzle, solution: &Self::Solution) -> String {
        puzzle.render(solution)
    }
    fn one_line(puzzle: &Self::Puzzle, solution: &Self::Solution) -> String {
        masu_sudoku::format::to_line(puzzle.side(), puzzle.alphabet(), &solution.concat())
    }
}

/// Nonogram.
#[derive(Debug)]
pub struct Nonogram;

impl PuzzleKind for Nonogram {
    type Puzzle = masu_nonogram::Nonogram;
    type Solution = masu_nonogram::Grid;
    type Formulation = masu_nonogram::Formulation;
    const NAME: &'static str = "nonogram";
    fn formulations() -> &'static [Self::Formulation] {
        &masu_nonogram::Formulation::ALL
    }
    fn default_formulation() -> Self::Formulation {
        masu_nonogram::Formulation::Native
    }
    fn backends(formulation: Self::Formulation) -> &'static [Backend] {
        formulation.backends()
    }
    fn is_puzzle_file(path: &Path) -> bool {
        masu_nonogram::format::is_puzzle_file(path)
    }
    fn read(path: &Path, text: &str) -> Vec<Item<Self::Puzzle>> {
        masu_nonogram::format::parse_file(path, text)
            .into_iter()
            .map(|e| Item { line: e.line, column: e.column, name: e.name, puzzle: e.puzzle })
            .collect()
    }
    fn solve(
        puzzle: &Self::Puzzle,
        formulation: Self::Formulation,
        backend: Backend,
        options: &SolveOptions,
    ) -> Result<Report<Self::Solution>, Error> {
        masu_nonogram::solve(puzzle, formulation, backend, options)
    }
    fn check(puzzle: &Self::Puzzle, solution: &Self::Solution) -> Result<(), String> {
        masu_nonogram::check::check(puzzle, solution)
    }
    fn render(puzzle: &Self::Puzzle, solution: &Self::Solution) -> String {
        masu_nonogram::render::with_clues(puzzle, solution, masu_nonogram::render::Style::Blocks)
    }
    fn one_line(_puzzle: &Self::Puzzle, solution: &Self::Solution) -> String {
        let rows: Vec<String> =
            solution.iter().map(|r| r.iter().map(|&f| if f { '#' } else { '.' }).collect()).collect();
        rows.join("/")
    }
    fn to_json(solution: &Self::Solution) -> serde_json::Value {
        solution.iter().map(|r| r.iter().map(|&f| if f { '#' } else { '.' }).collect::<String>()).collect()
    }
}

/// Numberlink. The rule is the one the file implies (Flow Free boards: fill; otherwise
/// blanks allowed); a caller may change `puzzle.rule` after reading.
#[derive(Debug)]
pub struct Numberlink;

impl PuzzleKind for Numberlink {
    type Puzzle = masu_numberlink::Numberlink;
    type Solution = masu_numberlink::Paths;
    type Formulation = masu_numberlink::Formulation;
    const NAME: &'static str = "numberlink";
    fn formulations() -> &'static [Self::Formulation] {
        &masu_numberlink::Formulation::ALL
    }
    fn default_formulation() -> Self::Formulation {
        masu_numberlink::Formulation::Connected
    }
    fn backends(formulation: Self::Formulation) -> &'static [Backend] {
        formulation.backends()
    }
    fn is_puzzle_file(path: &Path) -> bool {
        let in_solutions = path.components().any(|c| c.as_os_str() == "solutions");
        !in_solutions && path.extension().is_none_or(|e| e == "json" || e == "txt")
    }
    fn read(path: &Path, text: &str) -> Vec<Item<Self::Puzzle>> {
        masu_numberlink::format::parse_file(path, text, None)
            .into_iter()
            .map(|e| Item { line: e.line, column: None, name: e.name, puzzle: e.puzzle })
            .collect()
    }
    fn solve(
        puzzle: &Self::Puzzle,
        formulation: Self::Formulation,
        backend: Backend,
        options: &SolveOptions,
    ) -> Result<Report<Self::Solution>, Error> {
        masu_numberlink::solve(puzzle, formulation, backend, options)
    }
    fn check(puzzle: &Self::Puzzle, solution: &Self::Solution) -> Result<(), String> {
        masu_numberlink::check::check(puzzle, solution)
    }
    fn render(_puzzle: &Self::Puzzle, solution: &Self::Solution) -> String {
        masu_numberlink::render::text(solution)
    }
    fn one_line(_puzzle: &Self::Puzzle, solution: &Self::Solution) -> String {
        masu_numberlink::render::text(solution).trim_end().replace('\n', "/")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_follow_what_is_compiled() {
        let (f, b) = choose::<Sudoku>(None, None).unwrap();
        if Backend::CpSat.is_compiled() {
            assert_eq!((f.name(), b), ("all-different", Backend::CpSat));
        } else {
            assert_eq!((f.name(), b), ("binary", Backend::Highs));
        }
        assert_eq!(choose::<Nonogram>(None, None).unwrap().1, Backend::Native);
        assert!(
            choose::<Sudoku>(Some("all-different"), Some(Backend::Highs)).unwrap_err().contains("cannot run on highs")
        );
        assert!(choose::<Sudoku>(Some("nope"), None).unwrap_err().contains("unknown sudoku formulation"));
        if Backend::Highs.is_compiled() {
            assert_eq!(choose::<Sudoku>(None, Some(Backend::Highs)).unwrap().0.name(), "binary");
        }
    }
}
