//! webpbn's XML export (`<puzzleset>` of `<puzzle type="grid">`): the column and row clues
//! (`<clues type="columns">`, `<line>` of `<count>`), the `<id>` or `<title>` as the name, and
//! the `goal` solution's `<image>` (rows between `|`, the white colour's character blank).
//! Black-and-white puzzles only: a count of another colour is refused, naming its line.
//!
//! Parsed by `roxmltree`, so entities are decoded, comments and CDATA read as XML has them,
//! and attribute names matched whole; the document type declaration webpbn writes is
//! allowed (and not fetched).

use masu_core::Item;
use roxmltree::{Document, Node, ParsingOptions};

use super::{Sourced, error, known, plain};
use crate::puzzle::{Clue, Grid, Nonogram};

/// Every puzzle of an XML export.
pub(super) fn parse(text: &str) -> Vec<Sourced> {
    let options = ParsingOptions { allow_dtd: true, ..ParsingOptions::default() };
    let document = match Document::parse_with_options(text, options) {
        Ok(document) => document,
        Err(e) => return vec![plain(error(e.pos().row as usize, format!("not well-formed XML: {e}")))],
    };
    let line_of = |node: Node| document.text_pos_at(node.range().start).row as usize;
    let mut entries = Vec::new();
    for node in document.descendants().filter(|n| n.has_tag_name("puzzle")) {
        let entry = match puzzle(node, &line_of) {
            Ok((puzzle, name, solution)) => {
                let mut item = Item::read(line_of(node), Ok(puzzle));
                item.name = name;
                (item, known(solution, None))
            }
            Err((at, message)) => plain(error(at, message)),
        };
        entries.push(entry);
    }
    if entries.is_empty() {
        entries.push(plain(error(1, "no <puzzle> in this XML")));
    }
    entries
}

type Parsed = (Nonogram, Option<String>, Option<Grid>);

/// The child elements of `node` named `name`.
fn children<'a, 'i>(node: Node<'a, 'i>, name: &'static str) -> impl Iterator<Item = Node<'a, 'i>> {
    node.children().filter(move |n| n.has_tag_name(name))
}

/// The text of `node` and of everything inside it (CDATA included, comments left out).
fn text_of(node: Node) -> String {
    node.descendants().filter(Node::is_text).filter_map(|n| n.text()).collect()
}

/// One `<puzzle>` element.
fn puzzle(node: Node, line_of: &dyn Fn(Node) -> usize) -> Result<Parsed, (usize, String)> {
    if let Some(kind) = node.attribute("type").filter(|&t| t != "grid") {
        return Err((line_of(node), format!("a puzzle of type {kind}: only grids are nonograms")));
    }
    let default = node.attribute("defaultcolor").unwrap_or("black");
    let mut clues: [Option<Vec<Clue>>; 2] = [None, None];
    for set in children(node, "clues") {
        let which = match set.attribute("type") {
            Some("columns") => 0,
            Some("rows") => 1,
            other => return Err((line_of(set), format!("<clues type={other:?}>: expected columns or rows"))),
        };
        clues[which] = Some(lines(set, default, line_of)?);
    }
    let [Some(cols), Some(rows)] = clues else {
        return Err((line_of(node), "a puzzle needs <clues type=\"columns\"> and <clues type=\"rows\">".into()));
    };
    let puzzle = Nonogram::new(rows, cols).map_err(|e| (line_of(node), e.to_string()))?;
    let named = |tag| node.descendants().find(|n| n.has_tag_name(tag)).map(|n| text_of(n).trim().to_string());
    let name = named("id").or_else(|| named("title"));
    let solution = goal(node, &puzzle);
    Ok((puzzle, name, solution))
}

/// The `<line>`s of a `<clues>` element: each its `<count>`s.
fn lines(set: Node, default: &str, line_of: &dyn Fn(Node) -> usize) -> Result<Vec<Clue>, (usize, String)> {
    let mut clues = Vec::new();
    for line in children(set, "line") {
        let mut clue = Vec::new();
        for count in children(line, "count") {
            if let Some(color) = count.attribute("color").filter(|&c| c != default) {
                return Err((
                    line_of(count),
                    format!("a count of colour {color}: only black-and-white puzzles are read"),
                ));
            }
            let text = text_of(count);
            let text = text.trim();
            let n: usize =
                text.parse().map_err(|_| (line_of(count), format!("<count>{text}</count> is not a number")))?;
            if n > 0 {
                clue.push(n);
            }
        }
        clues.push(clue);
    }
    Ok(clues)
}

/// The `goal` solution's picture, when there is one that fits the puzzle.
fn goal(node: Node, puzzle: &Nonogram) -> Option<Grid> {
    let white = children(node, "color").find(|c| c.attribute("name") == Some("white"));
    let blank = white.and_then(|c| c.attribute("char")).and_then(|c| c.chars().next()).unwrap_or('.');
    let solution = children(node, "solution").find(|s| s.attribute("type").is_none_or(|t| t == "goal"))?;
    let image = text_of(children(solution, "image").next()?);
    let grid: Grid = image
        .lines()
        .map(str::trim)
        .filter(|l| l.starts_with('|'))
        .map(|l| l.trim_matches('|').chars().map(|c| c != blank).collect())
        .collect();
    let fits = grid.len() == puzzle.height() && grid.iter().all(|r: &Vec<bool>| r.len() == puzzle.width());
    fits.then_some(grid)
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
        let goal = vec![vec![true, false, true], vec![true, false, false], vec![false, false, true]];
        assert_eq!(crate::puzzle::check::check(puzzle, &goal), Ok(()));
        let is_goal = entries[0].1.solution.as_ref().unwrap();
        assert!(is_goal(&goal) && !is_goal(&vec![vec![false; 3]; 3]));
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
        let unclosed = parse("<puzzleset>\n<puzzle>\n</puzzleset>");
        let error = unclosed[0].0.puzzle.as_ref().unwrap_err();
        assert!(error.message.contains("not well-formed XML") && error.line == 3, "{error:?}");
    }

    /// What XML allows is read as XML means it: entities decoded, comments skipped, CDATA
    /// read, attribute names matched whole (`xtype` is not `type`).
    #[test]
    fn entities_comments_cdata_and_exact_attribute_names() {
        let xml = DEMO
            .replace("<id>#7</id>", "<id>#7 &amp; &#56;</id>")
            .replace("<line><count>2</count></line>", "<line><!-- two --><count><![CDATA[2]]></count></line>")
            .replace("<clues type=\"rows\">", "<clues xtype=\"columns\" type=\"rows\">");
        let entries = parse(&xml);
        let puzzle = entries[0].0.puzzle.as_ref().unwrap();
        assert_eq!(puzzle.cols(), &[vec![2], vec![], vec![1, 1]]);
        assert_eq!(puzzle.rows(), &[vec![1, 1], vec![1], vec![1]]);
        assert_eq!(entries[0].0.name.as_deref(), Some("#7 & 8"));
        assert!(entries[0].1.solution.is_some());
    }
}
