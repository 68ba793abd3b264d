//! What each article printed, reproduced by running its model. The `article_*` examples print
//! these; the workspace tests compare them with the articles' text.

use std::error::Error;

use masu_core::{Backend, SolveOptions};
use masu_kinds::nonogram::render::{Style, with_clues};
use masu_kinds::nonogram::{Grid, Nonogram};
use masu_kinds::sudoku::{Formulation, Sudoku};

/// An example's whole `main`: prints what an article printed, or the error on stderr with
/// exit status 1.
pub fn print(printed: Result<String, Box<dyn Error>>) -> std::process::ExitCode {
    match printed {
        Ok(text) => {
            print!("{text}");
            std::process::ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e}");
            std::process::ExitCode::FAILURE
        }
    }
}

/// Article 002's puzzle, as the article's `given` array.
pub const SUDOKU_002_JSON: &str = include_str!("../examples/data/article_002_sudoku.json");

/// Article 002: solve its puzzle with its model (AllDifferent on CP-SAT), enumerating every
/// solution, and print as the article's program does: `解けました`, then each solution
/// numbered, rows of space-separated digits.
pub fn sudoku_002() -> Result<String, Box<dyn Error>> {
    let puzzle: Sudoku = masu_kinds::sudoku::format::parse_json(SUDOKU_002_JSON)?;
    // The article enumerates all solutions; 1000 is far beyond what a proper sudoku has,
    // and the report says whether the enumeration was complete.
    let options = SolveOptions { solution_limit: 1000, ..SolveOptions::default() };
    let report = masu_core::solve(&puzzle, Formulation::AllDifferent, Backend::CpSat, &options)?;
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

/// Article 003's 10×10 puzzle: row clues, column clues.
pub const NONOGRAM_003: (&str, &str) =
    ("2 | 3,2 | 2,3 | 2,2 | 8 | 7 | 1,4 | 3,3 | 1,1 | 3", "2 | 1,2 | 1,5 | 5,2 | 1,2,1 | 3 | 6 | 1,3,2,1 | 3,4 | 1,1");

/// Article 004's 5×5 sample: row clues, column clues.
pub const NONOGRAM_004: (&str, &str) = ("1 | 1 | 5 | 1 | 1", "1 | 3 | 1,1,1 | 1 | 1");

/// A puzzle from clues written `a,b | c | ...` (rows, then columns).
pub fn nonogram_from_clues(rows: &str, cols: &str) -> Result<masu_kinds::nonogram::Nonogram, Box<dyn Error>> {
    let parse = |text: &str| -> Result<Vec<Vec<usize>>, std::num::ParseIntError> {
        text.split('|').map(|line| line.split(',').map(|n| n.trim().parse()).collect()).collect()
    };
    Ok(masu_kinds::nonogram::Nonogram::new(parse(rows)?, parse(cols)?)?)
}

#[cfg(feature = "cp-sat")]
/// Python's repr of a list of `{'A': 0, 'B': 3}` dicts, wrapped as pprint wraps it at 80
/// columns (the article prints with a notebook's pretty printer).
fn python_dicts(rows: &[Vec<i64>]) -> String {
    let dicts: Vec<String> = rows
        .iter()
        .map(|row| {
            let items: Vec<String> =
                row.iter().enumerate().map(|(j, v)| format!("'{}': {v}", (b'A' + j as u8) as char)).collect();
            format!("{{{}}}", items.join(", "))
        })
        .collect();
    let flat = format!("[{}]", dicts.join(", "));
    if flat.len() <= 80 { flat } else { format!("[{}]", dicts.join(",\n ")) }
}

/// Article 000: `show_all_locations` and `show_all_fills` on its two lines, enumerated by
/// CP-SAT with the article's `place_numbers` and `fill_pattern`, printed in the article's
/// order (by start indices), then its model solving article 004's sample.
#[cfg(feature = "cp-sat")]
pub fn nonogram_000() -> Result<String, Box<dyn Error>> {
    use masu_core::cp::{CpRun, enumerate};
    use masu_core::{Backend, SolveOptions};
    use masu_cp::{BoolVar, CpModel, IntVar};
    use masu_kinds::nonogram::start_index::{fill_pattern, place_numbers};
    let all = SolveOptions { solution_limit: 10_000, ..SolveOptions::default() };
    let mut out = String::new();
    for (numbers, width) in [(vec![2, 1], 5), (vec![3, 2, 2], 10)] {
        let mut model = CpModel::new();
        let locations = place_numbers(&mut model, &numbers, width);
        let found = enumerate(Backend::CpSat, &model, &locations, &all, CpRun::default())?;
        let mut rows: Vec<Vec<i64>> =
            found.solutions.iter().map(|s| locations.iter().map(|l| s[l.index()]).collect()).collect();
        rows.sort();
        out.push_str(&format!("show_all_locations({numbers:?}, {width})\n{}\n", python_dicts(&rows)));
    }
    for (numbers, width) in [(vec![2, 1], 5), (vec![3, 2, 2], 10)] {
        let mut model = CpModel::new();
        let targets: Vec<BoolVar> = (0..width).map(|i| model.new_bool_var_named(&i.to_string())).collect();
        let locations = fill_pattern(&mut model, &numbers, &targets);
        let projection: Vec<IntVar> = targets.iter().map(|t| t.variable()).collect();
        let found = enumerate(Backend::CpSat, &model, &projection, &all, CpRun::default())?;
        let mut rows: Vec<(Vec<i64>, Vec<i64>)> = found
            .solutions
            .iter()
            .map(|s| {
                (locations.iter().map(|l| s[l.index()]).collect(), projection.iter().map(|t| s[t.index()]).collect())
            })
            .collect();
        rows.sort();
        out.push_str(&format!("show_all_fills({numbers:?}, {width})\n"));
        for (_, fills) in rows {
            out.push_str(&format!("{fills:?}\n"));
        }
    }
    let puzzle = nonogram_from_clues(NONOGRAM_004.0, NONOGRAM_004.1)?;
    let options = masu_core::SolveOptions::default();
    let report = masu_core::solve(&puzzle, masu_kinds::nonogram::Formulation::StartIndex, Backend::CpSat, &options)?;
    out.push_str(&format!("solve_nonogram (article 004's sample): {}\n", report.status));
    out.push_str(&drawn(&puzzle, &report.solutions, masu_kinds::nonogram::render::Style::Ascii));
    Ok(out)
}

/// Article 003: its 10×10 puzzle with its pattern-selection MILP, on CBC as the article ran
/// it (PuLP's solver) when compiled in, else the first MILP backend compiled in, drawn as text.
pub fn nonogram_003() -> Result<String, Box<dyn Error>> {
    let puzzle = nonogram_from_clues(NONOGRAM_003.0, NONOGRAM_003.1)?;
    let order = [Backend::Cbc, Backend::Highs, Backend::Scip, Backend::CpSat, Backend::Microlp];
    let backend = order.into_iter().find(|b| b.is_compiled()).ok_or("no MILP backend compiled in")?;
    let report =
        masu_core::solve(&puzzle, masu_kinds::nonogram::Formulation::Patterns, backend, &SolveOptions::default())?;
    let mut out = format!("patterns on {backend}: {}\n", report.status);
    out.push_str(&drawn(&puzzle, &report.solutions, masu_kinds::nonogram::render::Style::Blocks));
    Ok(out)
}

/// Each of `grids` drawn with `puzzle`'s clues in `style`.
fn drawn(puzzle: &Nonogram, grids: &[Grid], style: Style) -> String {
    grids.iter().map(|grid| with_clues(puzzle, grid, style)).collect()
}

/// Article 004: its line solver on its 5×5 sample, printing each iteration's board as the
/// article's program does, then `Finished!`.
pub fn nonogram_004() -> Result<String, Box<dyn Error>> {
    use masu_kinds::nonogram::line_solver::{board_to_article_text, run_article};
    let puzzle = nonogram_from_clues(NONOGRAM_004.0, NONOGRAM_004.1)?;
    let run = run_article(&puzzle, 1_000_000)?;
    let mut out = String::from("Creating all patterns...\nDrawing board...\n");
    for (i, board) in run.boards.iter().enumerate() {
        out.push_str(&format!("iter={}\n{}\n", i + 1, board_to_article_text(board)));
    }
    out.push_str("Finished!\n");
    Ok(out)
}

/// Article 001's board (rows, 0 blank), in the article's own numbering.
pub const NUMBERLINK_001: [[u32; 5]; 5] =
    [[0, 1, 0, 3, 2], [0, 0, 0, 0, 0], [0, 0, 2, 0, 1], [0, 0, 0, 3, 0], [0, 0, 0, 0, 0]];

/// Article 001: its solver on its board with `m = 5` (cells in `1..5`, its code's domain),
/// printed as its program prints it (each row's digits, then a blank line); then its
/// generator at 5×5 with 3 numbers over `candidates` candidate boards.
#[cfg(feature = "cp-sat")]
pub fn numberlink_001(candidates: usize) -> Result<String, Box<dyn Error>> {
    use masu_kinds::numberlink::{Numberlink, Rule, generate, reified};
    let board = Numberlink::new(NUMBERLINK_001.iter().map(|r| r.to_vec()).collect(), Rule::Fill)?;
    let built = reified::build(&board, 5, false, None).expect("no deadline");
    let options = SolveOptions { solution_limit: 2, ..SolveOptions::default() };
    // The article's callback gives up at a second solution: count up to 2.
    let run = masu_core::cp::CpRun::default();
    let found = masu_core::cp::enumerate(masu_core::Backend::CpSat, &built.model, &built.cells, &options, run)?;
    let mut out = String::new();
    if found.solutions.len() == 1 {
        let paths = reified::paths_of(&board, &found.solutions[0], &built.cells);
        for row in &paths.numbers {
            out.extend(row.iter().map(|k| k.to_string()));
            out.push('\n');
        }
        out.push('\n');
    }
    let run = generate::article(5, 3, Rule::Fill, candidates, &options)?;
    out.push_str(&format!(
        "generate(5, 3): {} candidates, {} unique ({:.0}%)\n",
        run.candidates,
        run.unique.len(),
        100.0 * run.unique.len() as f64 / run.candidates.max(1) as f64
    ));
    for puzzle in run.unique.iter().take(1) {
        out.push_str("---\n");
        for (problem, solution) in puzzle.puzzle.iter().zip(&puzzle.solution) {
            let p: String = problem.iter().map(|k| k.to_string()).collect();
            let s: String = solution.iter().map(|k| k.to_string()).collect();
            out.push_str(&format!("{p}  {s}\n"));
        }
    }
    Ok(out)
}
