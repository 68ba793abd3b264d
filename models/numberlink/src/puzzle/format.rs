//! Reading and writing numberlink boards.
//!
//! - **JSON**: the article's array of rows (`[[0,1,0,3,2],...]`, 0 blank), or `shared/data`'s
//!   object `{"grid": [[..]], "solution": [[..]], "notes": ".."}` (a note saying every cell
//!   must be covered means the fill rule).
//! - **`W H` text** (thomasahle/numberlink): `W H`, then H rows, `.` blank and any other
//!   symbol an endpoint; several puzzles per file; `#` comments; `0 0` ends the file.
//! - **Flow Free boards** (mzucker/flow_solver): one row per line, letters are colours,
//!   anything else blank; every cell must be covered.
//! - **puzz.link URLs** (`https://puzz.link/p?numlin/W/H/BODY`), one board per line; cells
//!   may stay empty, as in pzprjs's numberlink.
//!
//! Symbols are numbered 1..k in order of first appearance.

use masu_core::{Expected, Invalid, Item, pzpr};

use crate::puzzle::{Numberlink, Paths, Rule};

fn entry(line: usize, puzzle: Result<Numberlink, Invalid>) -> Item<Numberlink> {
    Item::read(line, puzzle)
}

/// Every board of a text (the content tells its format: JSON, puzz.link URLs, grids with or
/// without a header); `rule` overrides what the format implies.
pub fn parse(text: &str, rule: Option<Rule>) -> Vec<Item<Numberlink>> {
    if text.trim().is_empty() {
        return vec![entry(1, Err(Invalid("empty file: no board".into())))];
    }
    let trimmed = text.trim_start();
    if trimmed.starts_with('[') || trimmed.starts_with('{') {
        return vec![parse_json(text, rule).0];
    }
    let first = text.lines().find(|l| !l.trim().is_empty() && !l.trim_start().starts_with('#')).unwrap_or("");
    if pzpr::read_url(first).is_some() {
        return text
            .lines()
            .enumerate()
            .filter(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
            .map(|(i, l)| {
                let url = pzpr::read_url(l).unwrap_or_else(|| Err(Invalid("not a puzz.link URL".into())));
                let url = url.map_err(|e| Invalid(format!("URL: {e}")));
                let board = url
                    .and_then(|url| parse_url(&url))
                    .map(|board| Numberlink { rule: rule.unwrap_or(Rule::Blanks), ..board });
                entry(i + 1, board)
            })
            .collect();
    }
    let is_header =
        first.split_whitespace().count() == 2 && first.split_whitespace().all(|t| t.parse::<usize>().is_ok());
    if is_header {
        parse_sized(text, rule.unwrap_or(Rule::Blanks))
    } else {
        vec![parse_flow(text, rule.unwrap_or(Rule::Fill))]
    }
}

/// A puzz.link numberlink URL (`https://puzz.link/p?numlin/W/H/BODY`), under the blanks rule.
pub fn parse_url(url: &pzpr::Url) -> Result<Numberlink, Invalid> {
    if url.genre != "numlin" {
        return Err(Invalid(format!("a puzz.link URL of {}, not of numberlink (numlin)", url.genre)));
    }
    let (width, height) = (url.cols, url.rows);
    if width == 0 || height == 0 || width.saturating_mul(height) > 1_000_000 {
        return Err(Invalid(format!("{width}×{height} is no board (at most a million cells)")));
    }
    let cells = pzpr::decode_number16(&url.body, width * height).map_err(|e| Invalid(format!("URL body: {e}")))?;
    if let Some(i) = cells.iter().position(|c| *c == pzpr::Cell::Unknown) {
        return Err(Invalid(format!("r{}c{}: a '?' is no number", i / width + 1, i % width + 1)));
    }
    let numbers: Vec<u32> = cells.iter().map(|c| if let pzpr::Cell::Number(n) = c { *n } else { 0 }).collect();
    board(numbers.chunks(width).map(<[u32]>::to_vec), |v| v == 0, |v| format!("number {v}"), Rule::Blanks)
}

/// The board as a puzz.link URL (its numbers 1..k).
pub fn to_url(puzzle: &Numberlink) -> String {
    let cells: Vec<pzpr::Cell> = puzzle
        .rows()
        .into_iter()
        .flatten()
        .map(|v| if v == 0 { pzpr::Cell::Empty } else { pzpr::Cell::Number(v) })
        .collect();
    pzpr::url("numlin", puzzle.width(), puzzle.height(), &pzpr::encode_number16(&cells))
}

/// The article's JSON array, or `shared/data`'s object with the source's solution as a
/// numbered grid (0 unused) where it gives one (an answer is the source's when it numbers
/// every cell the same).
pub fn parse_json(text: &str, rule: Option<Rule>) -> (Item<Numberlink>, Expected<Paths>) {
    let value: serde_json::Value = match serde_json::from_str(text) {
        Ok(v) => v,
        Err(e) => {
            let item = Item::error(e.line(), Some(e.column()), format!("not valid JSON: {e}"));
            return (item, Expected::default());
        }
    };
    let grid = |v: &serde_json::Value| -> Result<Vec<Vec<u32>>, Invalid> {
        let rows = v.as_array().ok_or("the board is not an array of rows")?;
        rows.iter()
            .enumerate()
            .map(|(r, row)| {
                let row = row.as_array().ok_or(format!("row {} is not an array", r + 1))?;
                row.iter()
                    .enumerate()
                    .map(|(c, x)| match x.as_u64() {
                        Some(x) if x <= u64::from(u32::MAX) => Ok(x as u32),
                        _ => Err(Invalid(format!("r{}c{}: {x} is not a number 0..", r + 1, c + 1))),
                    })
                    .collect()
            })
            .collect()
    };
    let (board, solution, notes, name) = match &value {
        serde_json::Value::Array(_) => (grid(&value), None, String::new(), None),
        serde_json::Value::Object(o) => (
            o.get("grid").ok_or_else(|| Invalid("no \"grid\"".into())).and_then(grid),
            o.get("solution").and_then(|s| grid(s).ok()),
            o.get("notes").and_then(|n| n.as_str()).unwrap_or("").to_string(),
            o.get("id").and_then(|i| i.as_str()).map(str::to_string),
        ),
        _ => (Err(Invalid("not a board".into())), None, String::new(), None),
    };
    let stated = value.get("rule").and_then(|r| r.as_str()).and_then(|r| r.parse().ok());
    let implied = if notes.contains("every cell must be covered") { Rule::Fill } else { Rule::Blanks };
    let implied = stated.unwrap_or(implied);
    let puzzle =
        board.and_then(|rows| self::board(rows, |v| v == 0, |v| format!("number {v}"), rule.unwrap_or(implied)));
    let expected = Expected::solution(solution, |answer: &Paths, source: &Vec<Vec<u32>>| answer.numbers == *source);
    (Item { name, ..entry(1, puzzle) }, expected)
}

/// The board of `rows` with their symbols renumbered 1..k in order of first appearance
/// (sources skip numbers or use letters; `blank` symbols are 0), its errors naming each
/// number as `name` writes the source's symbol.
fn board<T: Copy + PartialEq>(
    rows: impl IntoIterator<Item = impl IntoIterator<Item = T>>,
    blank: impl Fn(T) -> bool,
    name: impl Fn(T) -> String,
    rule: Rule,
) -> Result<Numberlink, Invalid> {
    let mut symbols: Vec<T> = Vec::new();
    let mut number = |s: T| -> u32 {
        if blank(s) {
            return 0;
        }
        let k = symbols.iter().position(|&t| t == s).unwrap_or_else(|| {
            symbols.push(s);
            symbols.len() - 1
        });
        k as u32 + 1
    };
    let rows: Vec<Vec<u32>> = rows.into_iter().map(|row| row.into_iter().map(&mut number).collect()).collect();
    Numberlink::labelled(rows, rule, |k| name(symbols[k as usize - 1]))
}

/// `W H` then H rows; several boards; `0 0` ends.
pub fn parse_sized(text: &str, rule: Rule) -> Vec<Item<Numberlink>> {
    let lines: Vec<(usize, &str)> = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim_end()))
        .filter(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        .collect();
    let mut entries = Vec::new();
    let mut i = 0;
    let mut number = 0;
    while i < lines.len() {
        let (at, header) = lines[i];
        let size: Vec<usize> = header.split_whitespace().filter_map(|t| t.parse().ok()).collect();
        let [w, h] = size[..] else {
            entries.push(entry(at, Err(Invalid(format!("expected 'WIDTH HEIGHT', found '{header}'")))));
            break;
        };
        if w == 0 && h == 0 {
            break;
        }
        number += 1;
        let rows: Vec<(usize, Vec<char>)> =
            lines[i + 1..].iter().take(h).map(|&(n, l)| (n, l.chars().collect())).collect();
        i += 1 + rows.len();
        let bad_row = rows.iter().find(|(_, r)| r.len() != w);
        let puzzle = if rows.len() != h {
            Err(Invalid(format!("a {w}×{h} board with {} rows", rows.len())))
        } else if let Some((n, r)) = bad_row {
            let message = format!("{} cells in a row of a board {w} wide: not a rectangle", r.len());
            entries.push(entry(*n, Err(Invalid(message))).named(format!("puzzle {number}")));
            continue;
        } else {
            symbol_board(&rows, rule)
        };
        entries.push(entry(at, puzzle).named(format!("puzzle {number}")));
    }
    entries
}

/// A Flow Free board: letters are colours, anything else blank.
pub fn parse_flow(text: &str, rule: Rule) -> Item<Numberlink> {
    let rows: Vec<(usize, Vec<char>)> = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, l)| (i + 1, l.trim_end().chars().map(|c| if c.is_ascii_alphabetic() { c } else { '.' }).collect()))
        .collect();
    let Some(width) = rows.first().map(|(_, r)| r.len()) else {
        return entry(1, Err(Invalid("empty file: no board".into())));
    };
    if let Some((n, r)) = rows.iter().find(|(_, r)| r.len() != width) {
        return entry(*n, Err(Invalid(format!("{} cells in a row of a board {width} wide: not a rectangle", r.len()))));
    }
    entry(rows[0].0, symbol_board(&rows, rule))
}

/// The board of text rows: `.` (or `0`) blank, any other symbol an endpoint.
fn symbol_board(rows: &[(usize, Vec<char>)], rule: Rule) -> Result<Numberlink, Invalid> {
    let cells = rows.iter().map(|(_, row)| row.iter().copied());
    board(cells, |s| s == '.' || s == '0', |s| format!("symbol '{s}'"), rule)
}

/// A solution as text: the numbered grid, numbers in base 36 (`.` unused).
pub fn to_text(paths: &Paths) -> String {
    let mut out = String::new();
    for row in &paths.numbers {
        out.extend(row.iter().map(|&k| if k == 0 { '.' } else { std::char::from_digit(k % 36, 36).unwrap_or('?') }));
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_format_reads_the_same_board() {
        let json = parse_json("[[0,1,0,3,2],[0,0,0,0,0],[0,0,2,0,1],[0,0,0,3,0],[0,0,0,0,0]]", None);
        let sized = parse_sized("5 5\n.A.BC\n.....\n..C.A\n...B.\n.....\n0 0\n", Rule::Blanks);
        let article = json.0.puzzle.unwrap();
        assert_eq!(article.pairs(), 3);
        assert_eq!(sized[0].puzzle.as_ref().unwrap().rows(), article.rows());
        let flow = parse_flow(".A.BC\n.....\n..C.A\n...B.\n.....\n", Rule::Fill);
        assert_eq!(flow.puzzle.unwrap().rows(), article.rows());
    }

    #[test]
    fn errors_name_the_cell_or_line() {
        let once = parse_json("[[1,0],[0,2],[2,0]]", None);
        assert_eq!(
            once.0.puzzle.unwrap_err().message,
            "number 1 appears 1 time(s) (at r1c1); each number must appear exactly twice"
        );
        let thrice = parse_flow("A.A\n..A\n", Rule::Fill);
        assert!(thrice.puzzle.unwrap_err().message.contains("symbol 'A' appears 3 time(s) (at r1c1, r1c3, r2c3)"));
        // Numbers as the file writes them, though renumbered inside; every one at fault.
        let skipped = parse_json("[[5,0,7],[0,0,7],[9,0,0]]", None);
        assert_eq!(
            skipped.0.puzzle.unwrap_err().message,
            "number 5 appears 1 time(s) (at r1c1); number 9 appears 1 time(s) (at r3c1); \
             each number must appear exactly twice"
        );
        let sized = parse_sized("3 2\nB.C\nCB.\n3 1\nAxA\n", Rule::Blanks);
        assert!(sized[0].puzzle.is_ok());
        assert!(sized[1].puzzle.as_ref().unwrap_err().message.starts_with("symbol 'x' appears 1 time(s) (at r1c2)"));
        let ragged = parse_flow("A.B\nAB\n", Rule::Fill);
        assert_eq!((ragged.line, ragged.puzzle.unwrap_err().message.contains("not a rectangle")), (2, true));
        let none = parse_json("[[0,0],[0,0]]", None);
        assert!(none.0.puzzle.unwrap_err().message.contains("no pairs"));
        let symbol = parse_json("[[1,\"x\"],[1,0]]", None);
        assert!(symbol.0.puzzle.unwrap_err().message.contains("r1c2"));
    }
}
