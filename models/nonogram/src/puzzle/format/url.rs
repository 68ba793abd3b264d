//! puzz.link nonogram URLs: `https://puzz.link/p?nonogram/COLS/ROWS/BODY`.
//!
//! The body is pzprjs's number-16 encoding ([`masu_core::pzpr`]) of the clue cells outside the
//! grid: first `⌈rows/2⌉` slots per column, column by column, then `⌈cols/2⌉` slots per row,
//! row by row. Slot 0 is the one beside the grid, so a line's clue `[c1, …, ck]` reads from
//! its farthest filled slot inward: slot 0 holds `ck`, slot 1 `ck−1`, and so on; pzprjs writes
//! the clues pushed against the grid ("flushed"), and reads any slots left empty in between
//! as absent. An empty line has no number; `.` (a clue not given) is refused.

use masu_core::Invalid;
use masu_core::pzpr::{self, Cell};

use crate::puzzle::{Clue, Nonogram};

/// The nonogram of a puzz.link URL.
pub fn parse_url(url: &pzpr::Url) -> Result<Nonogram, Invalid> {
    if url.genre != "nonogram" {
        return Err(Invalid(format!("a puzz.link URL of {}, not of a nonogram", url.genre)));
    }
    let (cols, rows) = (url.cols, url.rows);
    if cols == 0 || rows == 0 || cols > 1000 || rows > 1000 {
        return Err(Invalid(format!("{cols}×{rows} is no nonogram (1 to 1000 cells a side)")));
    }
    let (per_col, per_row) = (rows.div_ceil(2), cols.div_ceil(2));
    let cells = pzpr::decode_number16(&url.body, cols * per_col + rows * per_row)
        .map_err(|e| Invalid(format!("URL body: {e}")))?;
    let (col_cells, row_cells) = cells.split_at(cols * per_col);
    // Each line's `per` slots, read from the farthest inward.
    let clues = |slots: &[Cell], per: usize, what: &str| -> Result<Vec<Clue>, Invalid> {
        slots
            .chunks(per)
            .enumerate()
            .map(|(i, line)| {
                line.iter()
                    .rev()
                    .filter_map(|cell| match cell {
                        Cell::Empty => None,
                        Cell::Number(0) => Some(Err(Invalid(format!("{what} {}: a clue of 0", i + 1)))),
                        Cell::Number(n) => Some(Ok(*n as usize)),
                        Cell::Unknown => Some(Err(Invalid(format!("{what} {}: a clue not given ('.')", i + 1)))),
                    })
                    .collect()
            })
            .collect()
    };
    let col_clues = clues(col_cells, per_col, "column")?;
    let row_clues = clues(row_cells, per_row, "row")?;
    Nonogram::new(row_clues, col_clues).map_err(|e| Invalid(e.message))
}

/// The puzzle as a puzz.link URL; `None` when a clue is over 255, which pzprjs cannot read
/// outside the grid.
pub fn to_url(puzzle: &Nonogram) -> Option<String> {
    let (cols, rows) = (puzzle.width(), puzzle.height());
    let slots = |lines: &[Clue], per: usize| -> Option<Vec<Cell>> {
        let mut out = Vec::with_capacity(lines.len() * per);
        for line in lines {
            if line.len() > per || line.iter().any(|&n| n > 255) {
                return None;
            }
            out.extend(line.iter().rev().map(|&n| Cell::Number(n as u32)));
            out.extend(std::iter::repeat_n(Cell::Empty, per - line.len()));
        }
        Some(out)
    };
    let mut cells = slots(puzzle.cols(), rows.div_ceil(2))?;
    cells.extend(slots(puzzle.rows(), cols.div_ceil(2))?);
    Some(pzpr::url("nonogram", cols, rows, &pzpr::encode_number16(&cells)))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// pzprjs's own test puzzle (`test/script/nonogram.js`), with its clues as its file format
    /// shows them.
    const PZPRJS: &str = "https://puzz.link/p?nonogram/6/6/12g1111h11112j12g11g21j11g3h";

    #[test]
    fn pzprjs_example_reads_as_its_board_shows() {
        let puzzle = parse_url(&pzpr::parse_url(PZPRJS).unwrap()).unwrap();
        let rows: Vec<Clue> = vec![vec![2, 1], vec![1, 1], vec![1, 2], vec![], vec![1, 1], vec![3]];
        let cols: Vec<Clue> = vec![vec![2, 1], vec![1, 1, 1], vec![1], vec![1, 1, 1], vec![2, 1], vec![]];
        assert_eq!(puzzle.rows(), rows.as_slice());
        assert_eq!(puzzle.cols(), cols.as_slice());
        assert_eq!(to_url(&puzzle).as_deref(), Some(PZPRJS), "written back as pzprjs writes it");
    }

    #[test]
    fn slots_left_empty_between_clues_are_skipped() {
        // 4×4, column 1's clue 2 in its far slot, the near one empty; pzprjs writes it flushed.
        let url = pzpr::parse_url("https://puzz.link/p?nonogram/4/4/g2l1g1k").unwrap();
        let puzzle = parse_url(&url).unwrap();
        assert_eq!(puzzle.cols(), [vec![2], vec![], vec![], vec![]]);
        assert_eq!(puzzle.rows(), [vec![1], vec![1], vec![], vec![]]);
        assert_eq!(to_url(&puzzle).unwrap(), "https://puzz.link/p?nonogram/4/4/2m1g1k");
    }

    #[test]
    fn bad_urls_are_named() {
        let read = |text: &str| parse_url(&pzpr::parse_url(text).unwrap()).unwrap_err().0;
        assert!(read("https://puzz.link/p?sudoku/4/4/g").contains("not of a nonogram"));
        assert!(read("https://puzz.link/p?nonogram/2/2/1").contains("the body ends"));
        assert!(read("https://puzz.link/p?nonogram/2/2/.hhh").contains("column 1: a clue not given"));
        assert!(read("https://puzz.link/p?nonogram/2/2/3hhh").contains("3"), "a clue longer than its line");
    }
}
