//! Article 004 (「お絵描きロジックを解くプログラム」): pure line solving, no search.
//!
//! Faithful method ([`Method::Enumeration`]), for every line `ℓ` with clue `(b₁..b_k)` and
//! length `n`:
//!
//! ```text
//! 1. P_ℓ = every pattern: the n − Σb − (k−1) free cells distributed over the k+1 gaps
//! 2. fixed_ℓ[x] = v  if p[x] = v for every p ∈ P_ℓ, else unknown
//!    board = fixed_rows, where unknown: fixed_cols
//! 3. P_ℓ ← { p ∈ P_ℓ : p agrees with board on ℓ }
//! 4. repeat 2–3 until the board stops changing
//! ```
//!
//! It may stop with undecided cells (it has no search) and says so. Pattern lists explode
//! on large puzzles: they are counted first ([`crate::line::count_placements`]) and the
//! method refuses past `SolveOptions::size_limit` patterns.
//!
//! [`Method::DynamicProgramming`] reaches the same fix-point with the DP line solver: no
//! enumeration, so it runs on every puzzle.

use std::time::Instant;

use masu_core::{Error, SolveOptions, Stats, Status};

use crate::line::{Cell, count_placements, fill, placements};
use crate::puzzle::{Found, Grid, Nonogram};

/// How each line is solved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// The article's: enumerate every pattern, intersect, filter.
    Enumeration,
    /// The dynamic-programming line solver.
    DynamicProgramming,
}

/// The article's run: the board after each iteration (as printed), and whether it ended
/// with every cell decided.
#[derive(Clone, Debug)]
pub struct ArticleRun {
    /// The board after iterations 1, 2, ... (the boards the article prints), row by row.
    pub boards: Vec<Vec<Vec<Cell>>>,
    /// Patterns enumerated in step 1.
    pub patterns: u128,
}

/// Refuses, before enumerating, when the puzzle has more than `limit` patterns in all.
pub fn pattern_count(puzzle: &Nonogram, limit: u64) -> Result<u128, Error> {
    let total = puzzle
        .rows()
        .iter()
        .map(|c| count_placements(c, puzzle.width()))
        .chain(puzzle.cols().iter().map(|c| count_placements(c, puzzle.height())))
        .fold(0u128, u128::saturating_add);
    if total > u128::from(limit) {
        return Err(Error::TooLarge(format!(
            "{} patterns to enumerate (limit {limit}; raise it with --size-limit)",
            if total == u128::MAX { "over 10^38".to_string() } else { total.to_string() }
        )));
    }
    Ok(total)
}

/// Article 004's algorithm, board by board.
pub fn run_article(puzzle: &Nonogram, size_limit: u64) -> Result<ArticleRun, Error> {
    let patterns = pattern_count(puzzle, size_limit)?;
    let (w, h) = (puzzle.width(), puzzle.height());
    let enumerate =
        |clue: &[usize], n: usize| -> Vec<Vec<bool>> { placements(clue, n).iter().map(|s| fill(clue, s, n)).collect() };
    let mut rows: Vec<Vec<Vec<bool>>> = puzzle.rows().iter().map(|c| enumerate(c, w)).collect();
    let mut cols: Vec<Vec<Vec<bool>>> = puzzle.cols().iter().map(|c| enumerate(c, h)).collect();
    let intersect = |patterns: &[Vec<bool>], n: usize| -> Vec<Cell> {
        (0..n)
            .map(|x| match patterns.first() {
                Some(p) if patterns.iter().all(|q| q[x] == p[x]) => {
                    if p[x] {
                        Cell::Filled
                    } else {
                        Cell::Empty
                    }
                }
                _ => Cell::Unknown,
            })
            .collect()
    };
    let agrees =
        |line: &[Cell], p: &[bool]| line.iter().zip(p).all(|(&c, &f)| c == Cell::Unknown || (c == Cell::Filled) == f);
    let mut board = vec![vec![Cell::Unknown; w]; h];
    let mut boards = Vec::new();
    loop {
        let fixed_rows: Vec<Vec<Cell>> = rows.iter().map(|p| intersect(p, w)).collect();
        let fixed_cols: Vec<Vec<Cell>> = cols.iter().map(|p| intersect(p, h)).collect();
        let next: Vec<Vec<Cell>> = (0..h)
            .map(|r| {
                (0..w)
                    .map(|c| if fixed_rows[r][c] != Cell::Unknown { fixed_rows[r][c] } else { fixed_cols[c][r] })
                    .collect()
            })
            .collect();
        if next == board {
            return Ok(ArticleRun { boards, patterns });
        }
        board = next;
        boards.push(board.clone());
        for (r, p) in rows.iter_mut().enumerate() {
            p.retain(|p| agrees(&board[r], p));
        }
        for (c, p) in cols.iter_mut().enumerate() {
            let column: Vec<Cell> = board.iter().map(|row| row[c]).collect();
            p.retain(|p| agrees(&column, p));
        }
    }
}

/// The board as the article prints it: `+` and a ruling, then `| ` and the cells, `.`
/// undecided, `o` filled, `-` crossed.
pub fn board_to_article_text(board: &[Vec<Cell>]) -> String {
    let width = board.first().map_or(0, Vec::len);
    let mut out = format!("+{}\n", "-".repeat(2 * width));
    for row in board {
        let cells: Vec<&str> = row
            .iter()
            .map(|c| match c {
                Cell::Unknown => ".",
                Cell::Filled => "o",
                Cell::Empty => "-",
            })
            .collect();
        out.push_str(&format!("| {}\n", cells.join(" ")));
    }
    out
}

pub(crate) fn solve(puzzle: &Nonogram, method: Method, options: &SolveOptions) -> Result<Found, Error> {
    let started = Instant::now();
    let (w, h) = (puzzle.width(), puzzle.height());
    let (board, contradiction): (Vec<Cell>, bool) = match method {
        Method::Enumeration => {
            let run = run_article(puzzle, options.size_limit)?;
            (run.boards.last().map_or_else(|| vec![Cell::Unknown; w * h], |b| b.concat()), false)
        }
        Method::DynamicProgramming => match crate::native::line_fix_point(puzzle) {
            Some(board) => (board, false),
            None => (Vec::new(), true),
        },
    };
    let elapsed = started.elapsed();
    let decided = !contradiction && !board.contains(&Cell::Unknown);
    let grid: Option<Grid> =
        decided.then(|| board.chunks(w).map(|r| r.iter().map(|&c| c == Cell::Filled).collect()).collect());
    // Line deductions are sound: a fully decided board is the only candidate, and it is the
    // solution exactly when it spells the clues (the faithful method can also end in a full
    // board that contradicts them, on a puzzle without solution).
    let solution = grid.filter(|g| crate::puzzle::check::check(puzzle, g).is_ok());
    let stuck = !contradiction && solution.is_none();
    let stats = Stats {
        variables: w * h,
        constraints: w + h,
        constraints_by_kind: [("line".to_string(), w + h)].into(),
        solve_time: elapsed,
        backend_time: Some(elapsed),
        solves: 1,
        threads: Some(1),
        ..Stats::default()
    };
    // A DP contradiction proves there is no solution; a decided board is the unique one.
    Ok(Found { ended: stuck.then_some(Status::Stuck), ..Found::new(solution.into_iter().collect(), !stuck, stats) })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Article 004's 5×5 sample: three printed iterations, board by board.
    #[test]
    fn article_004_iterations() {
        let puzzle = Nonogram::new(
            vec![vec![1], vec![1], vec![5], vec![1], vec![1]],
            vec![vec![1], vec![3], vec![1, 1, 1], vec![1], vec![1]],
        )
        .unwrap();
        let run = run_article(&puzzle, 1000).unwrap();
        let shown: Vec<String> = run.boards.iter().map(|b| board_to_article_text(b)).collect();
        let board = |rows: &str| {
            let mut out = "+----------\n".to_string();
            for row in rows.split(' ') {
                let cells: Vec<String> = row.chars().map(String::from).collect();
                out.push_str(&format!("| {}\n", cells.join(" ")));
            }
            out
        };
        assert_eq!(
            shown,
            vec![
                board("..o.. ..-.. ooooo ..-.. ..o.."),
                board("--o-- -.--- ooooo -.--- --o--"),
                board("--o-- -o--- ooooo -o--- --o--"),
            ]
        );
    }
}
