//! What every command reads: a file in one of the kind's formats, or a stream of JSON lines
//! as masu writes them (what `generate` prints, and the records of `solve --format json` and
//! `compare --format jsonl`), mixed with one-line puzzles and URLs. So that what masu writes,
//! masu reads back, with the same verdict.

use crate::{Format, Invalid, Item, ParseError, Puzzle};

/// Every puzzle of `text`, in `format`: as JSON lines when its first line that is not blank
/// or a `#` comment is a JSON object with a `puzzle`, else by the kind's readers.
pub fn read<P: Puzzle>(format: Format, text: &str) -> Vec<Item<P>> {
    if json_lines(text) { read_lines::<P>(format, text) } else { P::read(format, text) }
}

/// Whether `text` is a stream of JSON lines as masu writes them: its first line that is not
/// blank or a `#` comment is a JSON object with a `puzzle` (what `generate` prints, and the
/// records of `solve --format json` and `compare --format jsonl`).
pub fn json_lines(text: &str) -> bool {
    let first = text.lines().map(str::trim).find(|l| !l.is_empty() && !l.starts_with('#'));
    first.is_some_and(|line| {
        line.starts_with('{')
            && serde_json::from_str::<serde_json::Value>(line).is_ok_and(|v| v.get("puzzle").is_some())
    })
}

/// A stream read line by line: a JSON line is one puzzle (its `puzzle`, with its `rule`
/// where it has one); any other line is read by the kind's readers alone (a one-line sudoku,
/// a puzz.link URL); blank lines and `#` comments are skipped. Each item and error carries
/// its own line.
fn read_lines<P: Puzzle>(format: Format, text: &str) -> Vec<Item<P>> {
    let mut items = Vec::new();
    for (at, line) in text.lines().enumerate() {
        let (number, line) = (at + 1, line.trim());
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if line.starts_with('{') {
            items.push(Item::read(number, json_line::<P>(line)));
            continue;
        }
        for mut item in P::read(format, line) {
            item.line = number;
            item.puzzle = item.puzzle.map_err(|e| ParseError { line: number, ..e });
            items.push(item);
        }
    }
    items
}

/// The puzzle of one JSON line: its `puzzle` as the kind's text ([`Puzzle::from_text`]) or as
/// any input the kind reads (a one-line sudoku, a nonogram's clues, a numberlink grid), and
/// its `rule` where it has one.
fn json_line<P: Puzzle>(line: &str) -> Result<P, Invalid> {
    let value: serde_json::Value = serde_json::from_str(line).map_err(|e| format!("not a JSON line: {e}"))?;
    let puzzle = value.get("puzzle").ok_or("a JSON line without \"puzzle\"")?;
    let text = match puzzle {
        serde_json::Value::String(text) => text.clone(),
        other => other.to_string(),
    };
    let mut read = P::from_text(&text).or_else(|first| {
        let mut items = P::read(Format::Json, &text);
        match (items.len(), items.pop()) {
            (1, Some(item)) => item.puzzle.map_err(|e| Invalid(e.message)),
            _ => Err(first),
        }
    })?;
    if let Some(rule) = value.get("rule").and_then(serde_json::Value::as_str) {
        read.set_rule(rule.parse::<P::Rule>().map_err(|e| Invalid(format!("\"rule\": {e}")))?);
    }
    Ok(read)
}
