//! webpbn's XML export (`<puzzleset>` of `<puzzle type="grid">`): the column and row clues
//! (`<clues type="columns">`, `<line>` of `<count>`), the `<id>` or `<title>` as the name, and
//! the `goal` solution's `<image>` (rows between `|`, the white colour's character blank).
//! Black-and-white puzzles only: a count of another colour is refused, naming its line.

use masu_core::{Item, Known};

use super::{Sourced, error, plain};
use crate::{Clue, Grid, Nonogram};

/// Every puzzle of an XML export.
pub(super) fn parse(text: &str) -> Vec<Sourced> {
    let line_of = |offset: usize| text[..offset.min(text.len())].matches('\n').count() + 1;
    let mut entries = Vec::new();
    let mut from = 0;
    while let Some(start) = find_tag(text, from, "puzzle") {
        let end = text[start..].find("</puzzle>").map_or(text.len(), |e| start + e);
        let line = line_of(start);
        let entry = match puzzle(&text[start..end], start, &line_of) {
            Ok((puzzle, name, solution)) => {
                let mut item = Item::read(line, Ok(puzzle));
                item.name = name;
                (item, Known { solution, unique: None })
            }
            Err((at, message)) => plain(error(at, message)),
        };
        entries.push(entry);
        from = end + 1;
    }
    if entries.is_empty() {
        entries.push(plain(error(1, "no <puzzle> in this XML")));
    }
    entries
}

type Parsed = (Nonogram, Option<String>, Option<Grid>);

/// One `<puzzle>` element's text, which starts at `offset` in the file.
fn puzzle(xml: &str, offset: usize, line_of: &dyn Fn(usize) -> usize) -> Result<Parsed, (usize, String)> {
    let here = |at: usize| line_of(offset + at);
    let open = &xml[..xml.find('>').unwrap_or(xml.len())];
    if let Some(kind) = attribute(open, "type").filter(|t| t != "grid") {
        return Err((here(0), format!("a puzzle of type {kind}: only grids are nonograms")));
    }
    let default = attribute(open, "defaultcolor").unwrap_or_else(|| "black".into());
    let mut clues: [Option<Vec<Clue>>; 2] = [None, None];
    let mut from = 0;
    while let Some(at) = find_tag(xml, from, "clues") {
        let close =
            xml[at..].find("</clues>").map(|e| at + e).ok_or((here(at), "<clues> is not closed".to_string()))?;
        let open = &xml[at..at + xml[at..].find('>').unwrap_or(0)];
        let which = match attribute(open, "type").as_deref() {
            Some("columns") => 0,
            Some("rows") => 1,
            other => return Err((here(at), format!("<clues type={other:?}>: expected columns or rows"))),
        };
        clues[which] = Some(lines(&xml[at..close], &default).map_err(|(o, m)| (here(at + o), m))?);
        from = close;
    }
    let [Some(cols), Some(rows)] = clues else {
        return Err((here(0), "a puzzle needs <clues type=\"columns\"> and <clues type=\"rows\">".into()));
    };
    let puzzle = Nonogram::new(rows, cols).map_err(|e| (here(0), e.to_string()))?;
    let name = element(xml, "id").or_else(|| element(xml, "title")).map(|n| n.trim().to_string());
    let solution = goal(xml, &puzzle);
    Ok((puzzle, name, solution))
}

/// The `<line>`s of a `<clues>` element: each its `<count>`s.
fn lines(xml: &str, default: &str) -> Result<Vec<Clue>, (usize, String)> {
    let mut clues = Vec::new();
    let mut from = 0;
    while let Some(at) = find_tag(xml, from, "line") {
        let open_end = at + xml[at..].find('>').ok_or((at, "<line is not closed".to_string()))?;
        if xml[..open_end].ends_with('/') {
            clues.push(Vec::new());
            from = open_end;
            continue;
        }
        let close = xml[at..].find("</line>").map(|e| at + e).ok_or((at, "<line> is not closed".to_string()))?;
        let mut clue = Vec::new();
        let mut inner = open_end;
        while let Some(count) = find_tag(&xml[..close], inner, "count") {
            let open = &xml[count..count + xml[count..].find('>').unwrap_or(0)];
            if let Some(color) = attribute(open, "color").filter(|c| c != default) {
                return Err((count, format!("a count of colour {color}: only black-and-white puzzles are read")));
            }
            let body_start = count + open.len() + 1;
            let body_end = xml[body_start..close].find('<').map_or(close, |e| body_start + e);
            let text = xml[body_start..body_end].trim();
            let n: usize = text.parse().map_err(|_| (count, format!("<count>{text}</count> is not a number")))?;
            if n > 0 {
                clue.push(n);
            }
            inner = body_end;
        }
        clues.push(clue);
        from = close;
    }
    Ok(clues)
}

/// The `goal` solution's picture, when there is one that fits the puzzle.
fn goal(xml: &str, puzzle: &Nonogram) -> Option<Grid> {
    let blank = colour_char(xml, "white").unwrap_or('.');
    let mut from = 0;
    while let Some(at) = find_tag(xml, from, "solution") {
        let open = &xml[at..at + xml[at..].find('>')?];
        from = at + 1;
        if attribute(open, "type").is_some_and(|t| t != "goal") {
            continue;
        }
        let image = element(&xml[at..], "image")?;
        let grid: Grid = image
            .lines()
            .map(str::trim)
            .filter(|l| l.starts_with('|'))
            .map(|l| l.trim_matches('|').chars().map(|c| c != blank).collect())
            .collect();
        let fits = grid.len() == puzzle.height() && grid.iter().all(|r: &Vec<bool>| r.len() == puzzle.width());
        return fits.then_some(grid);
    }
    None
}

/// The character of the colour `name` in the `<color>` declarations.
fn colour_char(xml: &str, name: &str) -> Option<char> {
    let mut from = 0;
    while let Some(at) = find_tag(xml, from, "color") {
        let open = &xml[at..at + xml[at..].find('>')?];
        if attribute(open, "name").as_deref() == Some(name) {
            return attribute(open, "char").and_then(|c| c.chars().next());
        }
        from = at + 1;
    }
    None
}

/// Where the next `<name` tag (followed by `>`, `/` or whitespace) starts, from `from` on.
fn find_tag(xml: &str, from: usize, name: &str) -> Option<usize> {
    let pattern = format!("<{name}");
    let mut at = from;
    while let Some(found) = xml.get(at..)?.find(&pattern) {
        let start = at + found;
        let next = xml[start + pattern.len()..].chars().next();
        if matches!(next, Some('>' | '/') | Some(' ' | '\t' | '\n' | '\r')) {
            return Some(start);
        }
        at = start + pattern.len();
    }
    None
}

/// The value of `name="..."` in an opening tag.
fn attribute(open: &str, name: &str) -> Option<String> {
    let at = open.find(&format!("{name}="))? + name.len() + 1;
    let quote = open[at..].chars().next().filter(|q| *q == '"' || *q == '\'')?;
    let rest = &open[at + 1..];
    rest.find(quote).map(|end| rest[..end].to_string())
}

/// The text inside the first `<name>...</name>`.
fn element(xml: &str, name: &str) -> Option<String> {
    let at = find_tag(xml, 0, name)?;
    let start = at + xml[at..].find('>')? + 1;
    let end = start + xml[start..].find(&format!("</{name}>"))?;
    Some(xml[start..end].to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    const DEMO: &str = r#"<?xml version="1.0"?>
<!DOCTYPE pbn SYSTEM "https://webpbn.com/pbn-0.3.dtd">
<puzzleset>
<puzzle type="grid" defaultcolor="black">
<id>#7</id>
<color name="white" char=".">fff</color>
<color name="black" char="X">000</color>
<clues type="columns">
<line><count>2</count></line>
<line/>
<line><count>1</count><count>1</count></line>
</clues>
<clues type="rows">
<line><count>1</count><count>1</count></line>
<line><count>1</count></line>
<line><count>1</count></line>
</clues>
<solution type="goal">
<image>
|X.X|
|X..|
|..X|
</image>
</solution>
</puzzle>
</puzzleset>
"#;

    #[test]
    fn reads_clues_name_and_goal() {
        let entries = parse(DEMO);
        assert_eq!(entries.len(), 1);
        let puzzle = entries[0].0.puzzle.as_ref().unwrap();
        assert_eq!(puzzle.cols(), &[vec![2], vec![], vec![1, 1]]);
        assert_eq!(puzzle.rows(), &[vec![1, 1], vec![1], vec![1]]);
        assert_eq!(entries[0].0.name.as_deref(), Some("#7"));
        let goal = entries[0].1.solution.clone().unwrap();
        assert_eq!(crate::check::check(puzzle, &goal), Ok(()));
        assert_eq!(entries[0].0.line, 4);
    }

    #[test]
    fn refuses_colours_and_says_where() {
        let coloured = DEMO.replace(
            "<line><count>1</count></line>\n<line><count>1</count></line>",
            "<line><count color=\"red\">1</count></line>\n<line><count>1</count></line>",
        );
        let entries = parse(&coloured);
        let error = &entries[0].0.puzzle.as_ref().unwrap_err().message;
        assert!(error.contains("colour red"), "{error}");
        assert_eq!(entries[0].0.line, 15);
        let broken = DEMO.replace("<count>2</count>", "<count>two</count>");
        assert!(
            parse(&broken)[0].0.puzzle.as_ref().unwrap_err().message.contains("<count>two</count> is not a number")
        );
        assert!(parse("<puzzleset></puzzleset>")[0].0.puzzle.as_ref().unwrap_err().message.contains("no <puzzle>"));
    }
}
