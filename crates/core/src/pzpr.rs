//! puzz.link (pzprjs) URLs: `https://puzz.link/p?GENRE/COLS/ROWS/BODY`, and the "number 16"
//! cell encoding its sudoku and numberlink (`numlin`) bodies use.
//!
//! The body lists the cells row by row: `0`–`9`, `a`–`f` a number below 16 (hexadecimal);
//! `-` and two hexadecimal digits a number below 256; `+` and three digits one below 4096;
//! `.` a cell with an unknown number (a `?`); `g`–`z` a run of 1 to 20 empty cells.

use crate::Invalid;

/// The address puzzles are written with.
pub const SITE: &str = "https://puzz.link/p?";

/// A puzzle URL taken apart.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Url {
    /// The genre (pzprjs's `pid`): `sudoku`, `numlin`, ...
    pub genre: String,
    /// Columns.
    pub cols: usize,
    /// Rows.
    pub rows: usize,
    /// What follows the size.
    pub body: String,
}

/// The most cells a URL may give (a 2000×2000 board): past it the size is refused before
/// anything is allocated.
pub const MAX_CELLS: usize = 4_000_000;

/// Takes `text` apart when it is a pzprjs URL (`...?GENRE/[FLAGS/]COLS/ROWS/BODY`, from
/// puzz.link, pzv.jp or any other host); `None` when it is not one (well formed).
pub fn parse_url(text: &str) -> Option<Url> {
    read_url(text)?.ok()
}

/// `None` when `text` is no web address; else the URL taken apart, or what is wrong with it:
/// no query, no genre, the size missing, zero or past [`MAX_CELLS`], or no body.
pub fn read_url(text: &str) -> Option<Result<Url, Invalid>> {
    let text = text.trim();
    if !(text.starts_with("http://") || text.starts_with("https://")) {
        return None;
    }
    Some(take_apart(text))
}

fn take_apart(text: &str) -> Result<Url, Invalid> {
    let query = text.find('?').map(|at| &text[at + 1..]).ok_or("no '?' before the genre (…/p?GENRE/COLS/ROWS/BODY)")?;
    let mut parts = query.split('/');
    let genre = parts.next().filter(|g| !g.is_empty()).ok_or("no genre after the '?'")?.to_string();
    // Flags (letters) may come before the size.
    let mut numbers = parts.by_ref().skip_while(|p| !p.is_empty() && p.parse::<usize>().is_err());
    let size = "the size is missing (GENRE/COLS/ROWS/BODY)";
    let number = |part: Option<&str>| part.filter(|p| !p.is_empty()).ok_or(size)?.parse::<usize>().map_err(|_| size);
    let cols = number(numbers.next())?;
    let rows = number(numbers.next())?;
    if cols == 0 || rows == 0 {
        return Err(Invalid(format!("a {cols}×{rows} board has no cells")));
    }
    if cols.saturating_mul(rows) > MAX_CELLS {
        return Err(Invalid(format!("{cols}×{rows} is too large to read (at most {MAX_CELLS} cells)")));
    }
    let body = numbers.collect::<Vec<_>>().join("/");
    if body.is_empty() {
        return Err(Invalid(format!("no body after the size {cols}/{rows}")));
    }
    Ok(Url { genre, cols, rows, body })
}

/// A cell of a number-16 body.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cell {
    /// No number.
    Empty,
    /// A number.
    Number(u32),
    /// A number not given (`?`).
    Unknown,
}

/// The `cells` cells of a number-16 body; an error names the character where it is wrong.
pub fn decode_number16(body: &str, cells: usize) -> Result<Vec<Cell>, Invalid> {
    let chars: Vec<char> = body.chars().collect();
    // A character stands for 20 cells at the most.
    if chars.len().saturating_mul(20) < cells {
        return Err(Invalid(format!("the body is too short: {} characters for {cells} cells", chars.len())));
    }
    let mut out = Vec::with_capacity(cells);
    let mut i = 0;
    while out.len() < cells {
        let Some(&c) = chars.get(i) else {
            return Err(Invalid(format!("the body ends after {} of {cells} cells", out.len())));
        };
        let hex = |from: usize, digits: usize| -> Result<u32, Invalid> {
            let text: String = chars.get(from..from + digits).map(|d| d.iter().collect()).unwrap_or_default();
            u32::from_str_radix(&text, 16)
                .map_err(|_| Invalid(format!("character {}: '{c}' wants {digits} hexadecimal digits", from)))
        };
        match c {
            '0'..='9' | 'a'..='f' => {
                out.push(Cell::Number(c.to_digit(16).unwrap_or(0)));
                i += 1;
            }
            '-' => {
                out.push(Cell::Number(hex(i + 1, 2)?));
                i += 3;
            }
            '+' => {
                out.push(Cell::Number(hex(i + 1, 3)?));
                i += 4;
            }
            '.' => {
                out.push(Cell::Unknown);
                i += 1;
            }
            'g'..='z' => {
                let run = c as usize - 'g' as usize + 1;
                out.extend(std::iter::repeat_n(Cell::Empty, run.min(cells - out.len())));
                i += 1;
            }
            _ => return Err(Invalid(format!("character {}: '{c}' is not a cell", i + 1))),
        }
    }
    Ok(out)
}

/// The number-16 body of `cells` (numbers up to 4095).
pub fn encode_number16(cells: &[Cell]) -> String {
    use std::fmt::Write;
    let mut out = String::with_capacity(cells.len());
    let mut empty = 0;
    let flush = |out: &mut String, empty: &mut usize| {
        if *empty > 0 {
            out.push((b'g' + (*empty - 1) as u8) as char);
            *empty = 0;
        }
    };
    for cell in cells {
        match *cell {
            Cell::Empty => {
                empty += 1;
                if empty == 20 {
                    flush(&mut out, &mut empty);
                }
            }
            Cell::Unknown => {
                flush(&mut out, &mut empty);
                out.push('.');
            }
            Cell::Number(n) => {
                flush(&mut out, &mut empty);
                // Written into `out` (writing to a String cannot fail): no string per cell.
                let _ = match n {
                    0..16 => write!(out, "{n:x}"),
                    16..256 => write!(out, "-{n:02x}"),
                    _ => write!(out, "+{:03x}", n.min(4095)),
                };
            }
        }
    }
    flush(&mut out, &mut empty);
    out
}

/// The URL of a `cols × rows` puzzle of `genre` whose body is `body`.
pub fn url(genre: &str, cols: usize, rows: usize, body: &str) -> String {
    format!("{SITE}{genre}/{cols}/{rows}/{body}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn number16_round_trips_and_reads_runs() {
        let cells = [
            vec![Cell::Number(3), Cell::Empty, Cell::Empty, Cell::Number(15), Cell::Number(16), Cell::Unknown],
            vec![Cell::Empty; 23],
            vec![Cell::Number(300)],
        ]
        .concat();
        let body = encode_number16(&cells);
        assert_eq!(body, "3hf-10.zi+12c");
        assert_eq!(decode_number16(&body, cells.len()).unwrap(), cells);
        assert!(decode_number16("3h", 5).unwrap_err().0.contains("ends after 3 of 5"));
        assert!(decode_number16("3-x1", 5).unwrap_err().0.contains("hexadecimal"));
        assert!(decode_number16("3#", 5).unwrap_err().0.contains("'#' is not a cell"));
    }

    #[test]
    fn urls_from_any_host_with_flags() {
        let url = parse_url("https://puzz.link/p?numlin/5/4/1g2h").unwrap();
        assert_eq!((url.genre.as_str(), url.cols, url.rows, url.body.as_str()), ("numlin", 5, 4, "1g2h"));
        let flagged = parse_url("http://pzv.jp/p.html?sudoku/b/9/9/3.g").unwrap();
        assert_eq!((flagged.cols, flagged.rows, flagged.body.as_str()), (9, 9, "3.g"));
        assert_eq!(parse_url("sudoku/9/9/abc"), None);
        assert_eq!(parse_url("https://puzz.link/p?sudoku"), None);
    }

    /// What is wrong with a web address that is no puzzle URL, said.
    #[test]
    fn malformed_urls_say_what_is_wrong() {
        let wrong = |text: &str| read_url(text).unwrap().unwrap_err().0;
        assert!(wrong("https://puzz.link/sudoku/9/9/abc").contains("no '?'"));
        assert!(wrong("https://puzz.link/p?").contains("no genre"));
        assert!(wrong("https://puzz.link/p?sudoku").contains("size is missing"));
        assert!(wrong("https://puzz.link/p?sudoku/9").contains("size is missing"));
        assert!(wrong("https://puzz.link/p?sudoku/9/9/").contains("no body"));
        assert!(wrong("https://puzz.link/p?sudoku/0/9/abc").contains("no cells"));
        assert!(wrong("https://puzz.link/p?numlin/100000/100000/g").contains("too large"));
        assert!(decode_number16("zz", 100).unwrap_err().0.contains("too short: 2 characters for 100 cells"));
        assert_eq!(read_url("9/9/abc"), None);
    }
}
