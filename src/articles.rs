//! What each article printed, reproduced by running its model. The `article_*` examples print
//! these; the workspace tests compare them with the articles' text.

use std::error::Error;

use masu_core::{Backend, SolveOptions};
use masu_sudoku::{Formulation, Sudoku};

/// Article 002's puzzle, as the article's `given` array.
pub const SUDOKU_002_JSON: &str = include_str!("../examples/data/article_002_sudoku.json");

/// Article 002: solve its puzzle with its model (AllDifferent on CP-SAT), enumerating every
/// solution, and print as the article's program does: `解けました`, then each solution
/// numbered, rows of space-separated digits.
pub fn sudoku_002() -> Result<String, Box<dyn Error>> {
    let puzzle: Sudoku = masu_sudoku::format::parse_json(SUDOKU_002_JSON)?;
    // The article enumerates all solutions; 1000 is far beyond what a proper sudoku has,
    // and the report says whether the enumeration was complete.
    let options = SolveOptions { solution_limit: 1000, ..SolveOptions::default() };
    let report = masu_sudoku::solve(&puzzle, Formulation::AllDifferent, Backend::CpSat, &options)?;
    if report.solutions.is_empty() {
        return Ok("解けませんでした\n".to_string());
    }
    let mut out = String::from("解けました\n");
    for (i, solution) in report.solutions.iter().enumerate() {
        out.push_str(&format!(" {}\n", i + 1));
        for row in solution {
            let row: Vec<String> = row.iter().map(u8::to_string).collect();
            out.push_str(&row.join(" "));
            out.push('\n');
        }
    }
    Ok(out)
}
