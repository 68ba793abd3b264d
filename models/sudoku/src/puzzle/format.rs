//! Reading and writing sudokus: one puzzle per line, the article's JSON array, text grids.
//!
//! - **One line**: `n⁴` cells row by row (81 for 9×9, 16, 256, 625), `.` or `0` blank,
//!   `1-9` then letters for larger sizes (16×16: `1-9A-G`, A = 10); 25×25 lines written
//!   with letters only use `A-Y` (A = 1), the convention of the public 25×25 sets.
//!   `#` starts a comment.
//! - **JSON**: the article's array of rows, `0` blank (`[[0,0,8,...],...]`).
//! - **Grid**: a block of `k` lines of `k` cells (spaces, `|` and `-+` rulings ignored),
//!   blocks separated by blank lines.
//! - **puzz.link URL** on a line of its own: `https://puzz.link/p?sudoku/9/9/BODY`
//!   ([`masu_core::pzpr`]).

use masu_core::{Invalid, Item, ParseError, pzpr};

use crate::puzzle::Sudoku;

/// The symbols of a puzzle's values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Alphabet {
    /// `1-9`, then `A` = 10, `B` = 11, ...
    #[default]
    DigitsThenLetters,
    /// `A` = 1 ... `Y` = 25.
    Letters,
}

impl Alphabet {
    /// The symbol of `value` (0 is `.`).
    pub fn symbol(self, value: u8) -> char {
        match (self, value) {
            (_, 0) => '.',
            (Alphabet::DigitsThenLetters, 1..=9) => (b'0' + value) as char,
            (Alphabet::DigitsThenLetters, _) => (b'A' + value - 10) as char,
            (Alphabet::Letters, _) => (b'A' + value - 1) as char,
        }
    }
    fn value(self, c: char) -> Option<u8> {
        let c = c.to_ascii_uppercase();
        match (self, c) {
            (_, '.' | '0') => Some(0),
            (Alphabet::DigitsThenLetters, '1'..='9') => Some(c as u8 - b'0'),
            (Alphabet::DigitsThenLetters, 'A'..='Z') => Some(c as u8 - b'A' + 10),
            (Alphabet::Letters, 'A'..='Z') => Some(c as u8 - b'A' + 1),
            _ => None,
        }
    }
}

fn error(line: usize, column: Option<usize>, message: impl Into<String>) -> ParseError {
    ParseError::new(line, column, message)
}

/// The item of a puzzle read at `line`.
fn item(line: usize, puzzle: Result<Sudoku, ParseError>) -> Item<Sudoku> {
    Item { line, name: None, puzzle }
}

const SIDES: [usize; 4] = [4, 9, 16, 25];

fn box_size(side: usize) -> Option<usize> {
    SIDES.contains(&side).then(|| (side as f64).sqrt() as usize)
}

/// Every puzzle of `text`, in order, in whichever of the three formats it is written.
/// A bad puzzle is an `Err` entry; the others are still read.
pub fn parse_puzzles(text: &str) -> Vec<Item<Sudoku>> {
    if text.trim_start().starts_with('[') {
        return vec![item(1, parse_json(text))];
    }
    let mut entries = Vec::new();
    let mut block: Vec<(usize, &str)> = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.split('#').next().unwrap_or("").trim();
        if raw.trim_start().starts_with('#') {
            continue;
        }
        if line.is_empty() {
            read_block(&block, &mut entries);
            block.clear();
        } else {
            block.push((i + 1, line));
        }
    }
    read_block(&block, &mut entries);
    entries
}

/// A grid row without its rulings; `None` for a pure ruling line like `------+-----`.
fn grid_cells(line: &str) -> Option<String> {
    if line.chars().all(|c| "-+=|".contains(c) || c.is_whitespace()) {
        return None;
    }
    Some(line.chars().filter(|c| !c.is_whitespace() && *c != '|').collect())
}

fn read_block(block: &[(usize, &str)], entries: &mut Vec<Item<Sudoku>>) {
    let Some(&(first, _)) = block.first() else { return };
    let rows: Vec<(usize, String)> = block.iter().filter_map(|&(n, l)| grid_cells(l).map(|cells| (n, cells))).collect();
    let k = rows.len();
    // k lines of k cells is a grid, unless k is a one-line length (81 one-line 9×9
    // puzzles in a row are not an 81×81 grid).
    if k >= 2 && rows.iter().all(|(_, r)| r.chars().count() == k) && ![81, 256, 625].contains(&k) {
        entries.push(item(first, parse_grid(first, &rows)));
        return;
    }
    for &(n, line) in block {
        entries.push(item(n, parse_line(line).map_err(|e| ParseError { line: n, ..e })));
    }
}

/// One puzzle on one line (reported as line 1): its cells, or a puzz.link URL.
pub fn parse_line(line: &str) -> Result<Sudoku, ParseError> {
    match pzpr::read_url(line) {
        Some(Ok(url)) => return parse_url(&url).map_err(|e| error(1, None, e)),
        Some(Err(wrong)) => return Err(error(1, None, format!("URL: {wrong}"))),
        None => {}
    }
    let cells: Vec<char> = line.trim().chars().collect();
    let side = match cells.len() {
        16 => 4,
        81 => 9,
        256 => 16,
        625 => 25,
        n => {
            return Err(error(
                1,
                None,
                format!("{n} cells; a one-line sudoku has 81 (9×9), 16 (4×4), 256 (16×16) or 625 (25×25)"),
            ));
        }
    };
    let alphabet = if side == 25 && !cells.iter().any(|c| ('1'..='9').contains(c)) {
        Alphabet::Letters
    } else {
        Alphabet::DigitsThenLetters
    };
    let mut values = Vec::with_capacity(cells.len());
    for (i, &c) in cells.iter().enumerate() {
        values.push(symbol_value(c, side, alphabet).ok_or_else(|| error(1, Some(i + 1), bad_symbol(c, side)))?);
    }
    Sudoku::with_alphabet(values, alphabet).map_err(|e| error(1, None, e))
}

fn symbol_value(c: char, side: usize, alphabet: Alphabet) -> Option<u8> {
    alphabet.value(c).filter(|&v| usize::from(v) <= side)
}

fn bad_symbol(c: char, side: usize) -> String {
    let range = match side {
        4 => "1-4",
        9 => "1-9",
        16 => "1-9 and A-G",
        _ => "1-9 and A-P, or A-Y",
    };
    format!("unknown symbol '{c}' for a {side}×{side} sudoku (expected {range}, '.' or '0' for a blank)")
}

fn parse_grid(first: usize, rows: &[(usize, String)]) -> Result<Sudoku, ParseError> {
    let side = rows.len();
    if box_size(side).is_none() {
        return Err(error(first, None, format!("{side}×{side} grid: a sudoku grid is 4×4, 9×9, 16×16 or 25×25")));
    }
    let alphabet = if side == 25 && !rows.iter().any(|(_, r)| r.chars().any(|c| ('1'..='9').contains(&c))) {
        Alphabet::Letters
    } else {
        Alphabet::DigitsThenLetters
    };
    let mut values = Vec::with_capacity(side * side);
    for (n, row) in rows {
        for (i, c) in row.chars().enumerate() {
            values.push(symbol_value(c, side, alphabet).ok_or_else(|| error(*n, Some(i + 1), bad_symbol(c, side)))?);
        }
    }
    Sudoku::with_alphabet(values, alphabet).map_err(|e| {
        // Point at the first line of the row that holds the conflict when we can.
        error(first, None, e)
    })
}

/// The article's JSON: an array of rows, 0 blank.
pub fn parse_json(text: &str) -> Result<Sudoku, ParseError> {
    let rows: Vec<Vec<i64>> = serde_json::from_str(text)
        .map_err(|e| error(e.line(), Some(e.column()), format!("not a JSON array of rows of numbers: {e}")))?;
    let side = rows.len();
    if box_size(side).is_none() {
        return Err(error(1, None, format!("{side} rows: a sudoku has 4, 9, 16 or 25")));
    }
    let mut values = Vec::with_capacity(side * side);
    for (r, row) in rows.iter().enumerate() {
        if row.len() != side {
            return Err(error(1, None, format!("row {} has {} cells, expected {side}", r + 1, row.len())));
        }
        for (c, &v) in row.iter().enumerate() {
            if !(0..=side as i64).contains(&v) {
                return Err(error(1, None, format!("row {}, column {}: {v} is not 0..{side}", r + 1, c + 1)));
            }
            values.push(v as u8);
        }
    }
    Sudoku::with_alphabet(values, Alphabet::DigitsThenLetters).map_err(|e| error(1, None, e))
}

/// A puzz.link sudoku (`https://puzz.link/p?sudoku/9/9/BODY`), its givens in the body.
pub fn parse_url(url: &pzpr::Url) -> Result<Sudoku, Invalid> {
    if url.genre != "sudoku" {
        return Err(Invalid(format!("a puzz.link URL of {}, not of sudoku", url.genre)));
    }
    let side = url.cols;
    if url.rows != side || box_size(side).is_none() {
        return Err(Invalid(format!("{}×{}: a sudoku is 4×4, 9×9, 16×16 or 25×25", url.cols, url.rows)));
    }
    let cells = pzpr::decode_number16(&url.body, side * side).map_err(|e| Invalid(format!("URL body: {e}")))?;
    let mut values = Vec::with_capacity(cells.len());
    for (i, cell) in cells.into_iter().enumerate() {
        let place = format!("row {}, column {}", i / side + 1, i % side + 1);
        values.push(match cell {
            pzpr::Cell::Empty => 0,
            pzpr::Cell::Number(n) if (1..=side as u32).contains(&n) => n as u8,
            pzpr::Cell::Number(n) => return Err(Invalid(format!("{place}: {n} is not 1..{side}"))),
            pzpr::Cell::Unknown => return Err(Invalid(format!("{place}: a '?' is no given"))),
        });
    }
    Sudoku::with_alphabet(values, Alphabet::DigitsThenLetters)
}

/// The puzzle as a puzz.link URL.
pub fn to_url(puzzle: &Sudoku) -> String {
    let cells: Vec<pzpr::Cell> = puzzle
        .cells()
        .iter()
        .map(|&v| if v == 0 { pzpr::Cell::Empty } else { pzpr::Cell::Number(u32::from(v)) })
        .collect();
    pzpr::url("sudoku", puzzle.side(), puzzle.side(), &pzpr::encode_number16(&cells))
}

/// The grid as one line (`.` for blanks).
pub fn to_line(side: usize, alphabet: Alphabet, cells: &[u8]) -> String {
    debug_assert_eq!(cells.len(), side * side);
    cells.iter().map(|&v| alphabet.symbol(v)).collect()
}

/// The grid as text rows, a space between symbols and box rulings.
pub fn to_grid(side: usize, alphabet: Alphabet, cells: &[u8]) -> String {
    let n = box_size(side).unwrap_or(side);
    let mut out = String::new();
    for r in 0..side {
        if r > 0 && r % n == 0 {
            let ruling = vec!["-".repeat(2 * n - 1); n].join("-+-");
            out.push_str(&ruling);
            out.push('\n');
        }
        let row: Vec<String> = (0..n)
            .map(|b| {
                (0..n).map(|i| alphabet.symbol(cells[r * side + b * n + i]).to_string()).collect::<Vec<_>>().join(" ")
            })
            .collect();
        out.push_str(&row.join(" | "));
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const ARTICLE: &str = "008009200000010000100003904002007040047000000030140006000090100005000483020300570";

    #[test]
    fn one_line_json_and_grid_read_the_same_puzzle() {
        let line = parse_line(ARTICLE).unwrap();
        let json = parse_json(
            "[[0,0,8,0,0,9,2,0,0],[0,0,0,0,1,0,0,0,0],[1,0,0,0,0,3,9,0,4],[0,0,2,0,0,7,0,4,0],\
             [0,4,7,0,0,0,0,0,0],[0,3,0,1,4,0,0,0,6],[0,0,0,0,9,0,1,0,0],[0,0,5,0,0,0,4,8,3],\
             [0,2,0,3,0,0,5,7,0]]",
        )
        .unwrap();
        let grid_text = to_grid(9, Alphabet::DigitsThenLetters, line.cells());
        let grid = parse_puzzles(&grid_text);
        assert_eq!(grid.len(), 1);
        assert_eq!(line, json);
        assert_eq!(&line, grid[0].puzzle.as_ref().unwrap());
        assert_eq!(to_line(9, Alphabet::DigitsThenLetters, line.cells()), ARTICLE.replace('0', "."));
    }

    #[test]
    fn many_lines_with_comments_and_errors() {
        let text = format!("# a comment\n{ARTICLE}\n123\n\n{}\n", ARTICLE.replace('8', "x"));
        let entries = parse_puzzles(&text);
        assert_eq!(entries.len(), 3);
        assert!(entries[0].puzzle.is_ok() && entries[0].line == 2);
        let e = entries[1].puzzle.as_ref().unwrap_err();
        assert_eq!((e.line, e.column), (3, None));
        assert!(e.message.contains("3 cells"), "{e}");
        let e = entries[2].puzzle.as_ref().unwrap_err();
        assert_eq!((e.line, e.column), (5, Some(3)));
        assert!(e.message.contains("unknown symbol 'x'"), "{e}");
    }

    #[test]
    fn ten_by_ten_grid_is_named_as_such() {
        let text = (0..10).map(|_| "1234567890\n").collect::<String>();
        let entries = parse_puzzles(&format!("\n\n{text}"));
        assert_eq!(entries.len(), 1);
        let e = entries[0].puzzle.as_ref().unwrap_err();
        assert_eq!(e.line, 3);
        assert!(e.message.contains("10×10"), "{e}");
    }

    #[test]
    fn contradictory_givens_are_rejected() {
        let two_fives = format!("55{}", &ARTICLE[2..]);
        let e = parse_line(&two_fives).unwrap_err();
        assert!(e.message.contains("row 1") && e.message.contains('5'), "{e}");
    }

    #[test]
    fn larger_alphabets() {
        let mut cells = vec!['.'; 256];
        cells[0] = 'G';
        cells[1] = 'a';
        let s = parse_line(&cells.iter().collect::<String>()).unwrap();
        assert_eq!((s.side(), s.cells()[0], s.cells()[1]), (16, 16, 10));
        let e = parse_line(&format!("H{}", ".".repeat(255))).unwrap_err();
        assert_eq!(e.column, Some(1));
        let mut letters = vec!['.'; 625];
        letters[0] = 'Y';
        let s = parse_line(&letters.iter().collect::<String>()).unwrap();
        assert_eq!((s.side(), s.cells()[0], s.alphabet()), (25, 25, Alphabet::Letters));
    }
}
