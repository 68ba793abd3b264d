//! Reading and writing nonograms in the formats of the public collections.
//!
//! - **JSON** (the article's, and `shared/data`'s): `{"rows": [[..], ..], "cols": [[..], ..]}`,
//!   an empty line `[]` or `[0]`; optional `id`, `solution` (`["#..#", ..]`), `unique`.
//! - **janko dataset JSON**: `{"data": {"<id>": {"problem": "H W\n<W column clues>\n<H row clues>",
//!   "solution": "H W\n<rows of x/->"}}}`, many puzzles in one file.
//! - **`.non`** (Steve Simpson): `width`, `height`, `rows` and `columns` blocks of
//!   comma-separated clues, optional `goal` (the solution, row by row, 0/1).
//! - **`.nin`** (webpbn export): `W H`, then H row clues, then W column clues, `0` empty.
//! - **text** (webpbn via gramcracker): row clues one per line, a blank line, column clues.
//! - **TAAI/TCGA batch** (`.txt` starting with `$`): blocks `$n`, then the column clues and
//!   then the row clues of a square puzzle, tab-separated; solution files have `$n` and rows
//!   of 0/1.
//! - **webpbn XML** (`.xml`, or text starting with `<`): the export's `<puzzleset>`, black and
//!   white puzzles, with the `goal` solution where given.
//! - **puzz.link URLs** (`https://puzz.link/p?nonogram/COLS/ROWS/BODY`), one per line
//!   ([`parse_url`]).

mod url;
mod webpbn_xml;

pub use url::{parse_url, to_url};

use std::fmt::Write as _;
use std::path::Path;

use masu_core::{Expected, Format, Invalid, Item};

use crate::puzzle::{Clue, Grid, InvalidPuzzle, Line, Nonogram};

/// One puzzle of a file and what the file says of it (a solution, uniqueness).
pub type Sourced = (Item<Nonogram>, Expected<Grid>);

/// What a source says of a puzzle: its solution grid where it gives one, and its word on
/// uniqueness (`Some(false)`: several solutions).
pub(crate) fn known(solution: Option<Grid>, unique: Option<bool>) -> Expected<Grid> {
    Expected {
        several: unique == Some(false),
        ..Expected::solution(solution, |answer: &Grid, source| answer == source)
    }
}

fn error(line: usize, message: impl Into<String>) -> Item<Nonogram> {
    Item::error(line, None, message)
}

/// An item of a source that says nothing more of it.
fn plain(item: Item<Nonogram>) -> Sourced {
    (item, Expected::default())
}

/// The puzzle built from clues read at `row_lines` and `col_lines`: an invalid clue is
/// reported at its own line, a whole-puzzle problem at `line`.
fn built(
    line: usize,
    puzzle: Result<Nonogram, InvalidPuzzle>,
    row_lines: &[usize],
    col_lines: &[usize],
) -> Item<Nonogram> {
    match puzzle {
        Ok(p) => Item::read(line, Ok(p)),
        Err(e) => {
            let at = match e.line {
                Some(Line::Row(i)) => row_lines.get(i),
                Some(Line::Column(i)) => col_lines.get(i),
                None => None,
            };
            error(at.copied().unwrap_or(line), e.message)
        }
    }
}

/// Every puzzle in `text`, the format told by `format` (a file's extension) and the text
/// itself.
pub fn parse(format: Format, text: &str) -> Vec<Item<Nonogram>> {
    parse_sourced(format, text).into_iter().map(|(item, _)| item).collect()
}

/// As [`parse`], with what the file says of each puzzle.
pub fn parse_sourced(format: Format, text: &str) -> Vec<Sourced> {
    if text.trim().is_empty() {
        return vec![plain(error(1, "empty file: no puzzle"))];
    }
    if text.lines().find(|l| !l.trim().is_empty()).and_then(masu_core::pzpr::read_url).is_some() {
        return parse_urls(text).into_iter().map(plain).collect();
    }
    match format.extension().as_str() {
        "json" => parse_json(text),
        "non" => vec![parse_non(text)],
        "nin" => vec![plain(parse_nin(text))],
        "xml" => webpbn_xml::parse(text),
        _ if text.trim_start().starts_with('<') => webpbn_xml::parse(text),
        _ if text.trim_start().starts_with('$') => parse_taai(text).into_iter().map(plain).collect(),
        _ if text.trim_start().starts_with('{') => parse_json(text),
        _ => vec![plain(parse_text(text))],
    }
}

/// A puzzle per non-blank line, each a puzz.link URL.
fn parse_urls(text: &str) -> Vec<Item<Nonogram>> {
    let lines = text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty());
    lines
        .map(|(i, line)| match masu_core::pzpr::read_url(line) {
            Some(Ok(url)) => Item::read(i + 1, parse_url(&url)),
            Some(Err(wrong)) => error(i + 1, format!("URL: {wrong}")),
            None => error(i + 1, "not a puzz.link URL (a file of URLs holds one per line)"),
        })
        .collect()
}

/// Whether a file in a directory walk holds puzzles (and not, say, solutions or notes).
pub fn is_puzzle_file(path: &Path) -> bool {
    let extension = path.extension().and_then(|e| e.to_str()).unwrap_or("");
    let in_solution_dir = path.components().any(|c| c.as_os_str() == "solution" || c.as_os_str() == "solutions");
    matches!(extension, "json" | "non" | "nin" | "txt" | "xml") && !in_solution_dir
}

/// What is wrong with one line of a file.
struct BadLine {
    line: usize,
    message: String,
}

impl From<BadLine> for Item<Nonogram> {
    fn from(bad: BadLine) -> Item<Nonogram> {
        error(bad.line, bad.message)
    }
}

fn bad(line: usize, message: impl Into<String>) -> BadLine {
    BadLine { line, message: message.into() }
}

/// Clue lines `(line number, text)` read as clues.
fn parse_clues(lines: &[(usize, &str)]) -> Result<Vec<Clue>, BadLine> {
    lines.iter().map(|&(n, l)| parse_clue(l, n)).collect()
}

/// A clue from numbers separated by commas, spaces or tabs; `0` alone (or nothing) is empty.
fn parse_clue(text: &str, line: usize) -> Result<Clue, BadLine> {
    let mut clue = Vec::new();
    for (i, token) in text.split([',', ' ', '\t']).enumerate().filter(|(_, t)| !t.trim().is_empty()) {
        let token = token.trim();
        let value: i64 = token.parse().map_err(|_| bad(line, format!("'{token}' is not a number (clue {})", i + 1)))?;
        if value < 0 {
            return Err(bad(line, format!("negative clue {value}")));
        }
        if value > 0 {
            clue.push(value as usize);
        }
    }
    Ok(clue)
}

fn json_clues(value: &serde_json::Value, key: &str) -> Result<Vec<Clue>, Invalid> {
    let lines = value.get(key).and_then(|v| v.as_array()).ok_or_else(|| Invalid(format!("no \"{key}\" array")))?;
    lines
        .iter()
        .enumerate()
        .map(|(i, line)| {
            let numbers = line.as_array().ok_or_else(|| Invalid(format!("{key}[{i}] is not an array")))?;
            numbers
                .iter()
                .map(|n| match n.as_i64() {
                    Some(v) if v >= 0 => Ok(v as usize),
                    Some(v) => Err(Invalid(format!("{key}[{i}] has the negative clue {v}"))),
                    None => Err(Invalid(format!("{key}[{i}] has a clue that is not a whole number: {n}"))),
                })
                .collect()
        })
        .collect()
}

fn grid_from_rows<'a>(rows: impl IntoIterator<Item = &'a str>, filled: &[char]) -> Grid {
    rows.into_iter().map(|r| r.chars().filter(|c| !c.is_whitespace()).map(|c| filled.contains(&c)).collect()).collect()
}

/// The article's JSON, or the janko dataset JSON (many puzzles).
pub fn parse_json(text: &str) -> Vec<Sourced> {
    let value: serde_json::Value = match serde_json::from_str(text) {
        Ok(v) => v,
        Err(e) => {
            let item = Item::error(e.line(), Some(e.column()), format!("not valid JSON: {e}"));
            return vec![(item, Expected::default())];
        }
    };
    if let Some(data) = value.get("data").and_then(|d| d.as_object()) {
        return data
            .iter()
            .map(|(id, item)| {
                let line = text.find(&format!("\"{id}\"")).map_or(1, |at| text[..at].lines().count().max(1));
                let problem = item.get("problem").and_then(|p| p.as_str()).unwrap_or("");
                let solution =
                    item.get("solution").and_then(|s| s.as_str()).map(|s| grid_from_rows(s.lines().skip(1), &['x']));
                (parse_janko_problem(problem, line).named(id), known(solution, None))
            })
            .collect();
    }
    let puzzle = json_clues(&value, "rows").and_then(|rows| Ok(Nonogram::new(rows, json_clues(&value, "cols")?)?));
    let solution = value
        .get("solution")
        .and_then(|s| s.as_array())
        .map(|rows| grid_from_rows(rows.iter().filter_map(|r| r.as_str()), &['#']));
    let mut item = Item::read(1, puzzle);
    item.name = value.get("id").and_then(|i| i.as_str()).map(str::to_string);
    vec![(item, known(solution, value.get("unique").and_then(|u| u.as_bool())))]
}

/// A janko dataset problem: `H W`, W column clues, H row clues.
fn parse_janko_problem(problem: &str, line: usize) -> Item<Nonogram> {
    let mut lines = problem.lines();
    let header: Vec<usize> = lines.next().unwrap_or("").split_whitespace().filter_map(|t| t.parse().ok()).collect();
    let [h, w] = header[..] else { return error(line, "problem does not start with 'H W'") };
    let clues: Result<Vec<Clue>, BadLine> = lines.map(|l| parse_clue(l, line)).collect();
    match clues {
        Err(e) => e.into(),
        Ok(clues) if clues.len() != w + h => {
            error(line, format!("{h}×{w} puzzle with {} clue lines, expected {}", clues.len(), w + h))
        }
        Ok(mut clues) => {
            let rows = clues.split_off(w);
            built(line, Nonogram::new(rows, clues), &[], &[])
        }
    }
}

/// `.nin`: `W H`, then H row clues, then W column clues.
pub fn parse_nin(text: &str) -> Item<Nonogram> {
    let lines: Vec<(usize, &str)> =
        text.lines().enumerate().map(|(i, l)| (i + 1, l)).filter(|(_, l)| !l.trim().is_empty()).collect();
    let Some(&(first, header)) = lines.first() else { return error(1, "empty file: no puzzle") };
    let size: Vec<usize> = header.split_whitespace().filter_map(|t| t.parse().ok()).collect();
    let [w, h] = size[..] else { return error(first, format!("expected 'WIDTH HEIGHT', found '{header}'")) };
    if w.checked_add(h) != Some(lines.len() - 1) {
        return error(
            first,
            format!("a {w}×{h} puzzle needs {h} row and {w} column clue lines, found {} clue lines", lines.len() - 1),
        );
    }
    match parse_clues(&lines[1..]) {
        Err(e) => e.into(),
        Ok(mut clues) => {
            let cols = clues.split_off(h);
            let numbers: Vec<usize> = lines[1..].iter().map(|&(n, _)| n).collect();
            built(first, Nonogram::new(clues, cols), &numbers[..h], &numbers[h..])
        }
    }
}

/// Row clues, a blank line, column clues.
pub fn parse_text(text: &str) -> Item<Nonogram> {
    let mut blocks: Vec<Vec<(usize, &str)>> = vec![Vec::new()];
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            if !blocks.last().is_some_and(Vec::is_empty) {
                blocks.push(Vec::new());
            }
        } else {
            if let Some(block) = blocks.last_mut() {
                block.push((i + 1, line));
            }
        }
    }
    blocks.retain(|b| !b.is_empty());
    if blocks.len() != 2 {
        return error(1, format!("expected row clues, a blank line, then column clues; found {} blocks", blocks.len()));
    }
    match (parse_clues(&blocks[0]), parse_clues(&blocks[1])) {
        (Err(e), _) | (_, Err(e)) => e.into(),
        (Ok(rows), Ok(cols)) => {
            let numbers = |b: &[(usize, &str)]| b.iter().map(|&(n, _)| n).collect::<Vec<_>>();
            built(blocks[0][0].0, Nonogram::new(rows, cols), &numbers(&blocks[0]), &numbers(&blocks[1]))
        }
    }
}

/// `.non` (Steve Simpson's format).
pub fn parse_non(text: &str) -> Sourced {
    let lines: Vec<&str> = text.lines().collect();
    let (mut width, mut height, mut goal) = (None, None, None);
    let mut blocks: [(usize, Vec<(usize, &str)>); 2] = [(0, Vec::new()), (0, Vec::new())];
    let mut current: Option<usize> = None;
    for (i, raw) in lines.iter().enumerate() {
        let line = raw.trim();
        let mut words = line.splitn(2, char::is_whitespace);
        let key = words.next().unwrap_or("");
        let rest = words.next().unwrap_or("").trim();
        let number = || rest.parse::<usize>().map_err(|_| bad(i + 1, format!("'{rest}' is not a size")));
        match key {
            "width" => match number() {
                Ok(n) => width = Some(n),
                Err(e) => return plain(e.into()),
            },
            "height" => match number() {
                Ok(n) => height = Some(n),
                Err(e) => return plain(e.into()),
            },
            "rows" | "columns" => {
                let which = usize::from(key == "columns");
                blocks[which].0 = i + 1;
                current = Some(which);
            }
            "goal" => goal = Some(rest.trim_matches('"').to_string()),
            _ if current.is_some()
                && (line.is_empty() || line.starts_with(|c: char| c.is_ascii_digit() || c == '-')) =>
            {
                let which = current.unwrap_or(0);
                let expected = if which == 0 { height } else { width };
                if line.is_empty() && expected.is_none_or(|n| blocks[which].1.len() >= n) {
                    current = None;
                } else {
                    blocks[which].1.push((i + 1, line));
                    if expected.is_some_and(|n| blocks[which].1.len() >= n) {
                        current = None;
                    }
                }
            }
            _ => current = None,
        }
    }
    let (Some(w), Some(h)) = (width, height) else { return plain(error(1, "no 'width' and 'height' lines")) };
    for (which, name, expected) in [(0, "rows", h), (1, "columns", w)] {
        let (at, ref block) = blocks[which];
        if at == 0 {
            return plain(error(1, format!("no '{name}' block")));
        }
        if block.len() != expected {
            return plain(error(at, format!("'{name}' has {} clues, expected {expected}", block.len())));
        }
    }
    let puzzle = match (parse_clues(&blocks[0].1), parse_clues(&blocks[1].1)) {
        (Err(e), _) | (_, Err(e)) => return plain(e.into()),
        (Ok(rows), Ok(cols)) => Nonogram::new(rows, cols),
    };
    let numbers = |b: &[(usize, &str)]| b.iter().map(|&(n, _)| n).collect::<Vec<_>>();
    let entry = built(blocks[0].0, puzzle, &numbers(&blocks[0].1), &numbers(&blocks[1].1));
    let solution = goal.filter(|g| g.len() == w * h).map(|g| {
        let cells: Vec<bool> = g.chars().map(|c| c == '1').collect();
        cells.chunks(w).map(<[bool]>::to_vec).collect()
    });
    (entry, known(solution, None))
}

/// One `$n` block of a TAAI file: where it starts, its name, its clue lines.
type TaaiBlock<'a> = (usize, String, Vec<(usize, &'a str)>);

/// TAAI/TCGA batch: `$n`, then the column clues and the row clues of a square puzzle.
pub fn parse_taai(text: &str) -> Vec<Item<Nonogram>> {
    let mut entries: Vec<Item<Nonogram>> = Vec::new();
    let mut block: Option<TaaiBlock> = None;
    let finish = |block: Option<TaaiBlock>, entries: &mut Vec<Item<Nonogram>>| {
        let Some((at, name, lines)) = block else { return };
        let entry = if lines.len() % 2 != 0 || lines.is_empty() {
            error(at, format!("{name}: {} clue lines; a square puzzle has as many column as row clues", lines.len()))
        } else {
            match parse_clues(&lines) {
                Err(e) => e.into(),
                Ok(mut cols) => {
                    let rows = cols.split_off(lines.len() / 2);
                    let numbers: Vec<usize> = lines.iter().map(|&(n, _)| n).collect();
                    let half = numbers.len() / 2;
                    built(at, Nonogram::new(rows, cols), &numbers[half..], &numbers[..half])
                }
            }
        };
        entries.push(entry.named(name));
    };
    for (i, line) in text.lines().enumerate() {
        if let Some(name) = line.trim().strip_prefix('$') {
            finish(block.take(), &mut entries);
            block = Some((i + 1, format!("${}", name.trim()), Vec::new()));
        } else if let Some((_, _, lines)) = block.as_mut() {
            lines.push((i + 1, line));
        } else if !line.trim().is_empty() {
            entries.push(error(i + 1, "text before the first '$n' header"));
        }
    }
    finish(block, &mut entries);
    entries
}

/// TAAI/TCGA solutions: `$n` then rows of 0/1; as (name, grid).
pub fn parse_taai_solutions(text: &str) -> Vec<(String, Grid)> {
    let mut out: Vec<(String, Grid)> = Vec::new();
    for line in text.lines() {
        if let Some(name) = line.trim().strip_prefix('$') {
            out.push((format!("${}", name.trim()), Vec::new()));
        } else if let Some((_, grid)) = out.last_mut() {
            let row: Vec<bool> = line.split_whitespace().map(|t| t == "1").collect();
            if !row.is_empty() {
                grid.push(row);
            }
        }
    }
    out
}

/// The article's JSON form.
pub fn to_json(puzzle: &Nonogram) -> String {
    serde_json::json!({ "rows": puzzle.rows(), "cols": puzzle.cols() }).to_string()
}

/// `.non`, with the solution as `goal` when given.
pub fn to_non(puzzle: &Nonogram, solution: Option<&Grid>) -> String {
    let mut out = format!("width {}\nheight {}\n\nrows\n", puzzle.width(), puzzle.height());
    let clue = |c: &Clue| {
        if c.is_empty() { "0".to_string() } else { c.iter().map(usize::to_string).collect::<Vec<_>>().join(",") }
    };
    for c in puzzle.rows() {
        let _ = writeln!(out, "{}", clue(c));
    }
    out.push_str("\ncolumns\n");
    for c in puzzle.cols() {
        let _ = writeln!(out, "{}", clue(c));
    }
    if let Some(grid) = solution {
        let goal: String = grid.iter().flatten().map(|&f| if f { '1' } else { '0' }).collect();
        let _ = writeln!(out, "\ngoal \"{goal}\"");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Nonogram {
        Nonogram::new(
            vec![vec![1], vec![1], vec![5], vec![1], vec![1]],
            vec![vec![1], vec![3], vec![1, 1, 1], vec![1], vec![1]],
        )
        .unwrap()
    }

    #[test]
    fn every_format_reads_the_same_puzzle() {
        let p = sample();
        let json = parse_json(r#"{"rows": [[1],[1],[5],[1],[1]], "cols": [[1],[3],[1,1,1],[1],[1]]}"#);
        assert_eq!(json[0].0.puzzle.as_ref().unwrap(), &p);
        // `[0]` and `[]` are both an empty line.
        let empty = parse_json(r#"{"rows": [[1],[0]], "cols": [[1],[]]}"#);
        assert_eq!(
            empty[0].0.puzzle.as_ref().unwrap(),
            &Nonogram::new(vec![vec![1], vec![]], vec![vec![1], vec![]]).unwrap()
        );
        let nin = parse_nin("5 5\n1\n1\n5\n1\n1\n1\n3\n1 1 1\n1\n1\n");
        assert_eq!(nin.puzzle.unwrap(), p);
        let text = parse_text("1\n1\n5\n1\n1\n\n1\n3\n1 1 1\n1\n1\n");
        assert_eq!(text.puzzle.unwrap(), p);
        let non = parse_non(&to_non(&p, None));
        assert_eq!(non.0.puzzle.unwrap(), p);
        let taai = parse_taai("$7\n1\n3\n1\t1\t1\n1\n1\n1\n1\n5\n1\n1\n");
        assert_eq!((taai[0].name.as_deref(), taai[0].puzzle.as_ref().unwrap()), (Some("$7"), &p));
        let again = parse_json(&to_json(&p));
        assert_eq!(again[0].0.puzzle.as_ref().unwrap(), &p);
    }

    #[test]
    fn errors_name_the_line() {
        let e = parse_nin("5 5\n1\n1\n5\n1\nx\n1\n3\n1 1 1\n1\n1\n");
        assert_eq!((e.line, e.puzzle.unwrap_err().message), (6, "'x' is not a number (clue 1)".to_string()));
        let e = parse_nin("5 5\n1\n1\n5\n1\n1\n1\n3\n1 1 1\n1\n");
        assert!(e.puzzle.unwrap_err().message.contains("found 9 clue lines"));
        let e = parse_text("1\n-2\n\n1\n1\n");
        assert_eq!((e.line, e.puzzle.unwrap_err().message), (2, "negative clue -2".to_string()));
        let e = parse_text("3 3\n\n1\n1\n1\n1\n1\n1\n");
        assert!(
            e.puzzle
                .unwrap_err()
                .message
                .contains("row 1 clue [3, 3] needs 7 cells (blocks and gaps) but the line has 6")
        );
        let e = parse_text("1\n1\n\n1\n");
        assert!(e.puzzle.unwrap_err().message.contains("the row clues fill 2 cells but the column clues fill 1"));
        let e = parse(Format::Extension("nin"), "  \n");
        assert_eq!(e[0].puzzle.as_ref().unwrap_err().message, "empty file: no puzzle");
    }
}
