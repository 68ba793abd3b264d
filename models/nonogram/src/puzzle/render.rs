//! Pictures of a puzzle and its answer: text with the clues (`#`/`.` or Unicode blocks), and
//! SVG (like article 003's plot: black cells on white, clues in the margins).

use std::fmt::Write as _;

use masu_core::svg::{self, Picture};

use crate::puzzle::{Grid, Nonogram};

/// Which characters draw a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    /// `#` filled, `.` empty.
    Ascii,
    /// `██` filled, `· ` empty (two columns per cell, so the picture keeps its shape).
    Blocks,
}

fn clue_text(clue: &[usize]) -> String {
    if clue.is_empty() { "0".into() } else { clue.iter().map(usize::to_string).collect::<Vec<_>>().join(" ") }
}

/// The grid alone, one text line per row.
pub fn grid(grid: &Grid, style: Style) -> String {
    let mut out = String::new();
    for row in grid {
        for &filled in row {
            out.push_str(match (style, filled) {
                (Style::Ascii, true) => "#",
                (Style::Ascii, false) => ".",
                (Style::Blocks, true) => "██",
                (Style::Blocks, false) => "· ",
            });
        }
        out.push('\n');
    }
    out
}

/// The grid with the row clues on the right and the column clues below, read top to bottom.
pub fn with_clues(puzzle: &Nonogram, solution: &Grid, style: Style) -> String {
    let cell_width = if style == Style::Blocks { 2 } else { 1 };
    let mut out = String::new();
    for (row, line) in grid(solution, style).lines().zip(puzzle.rows()) {
        let _ = writeln!(out, "{row}  {}", clue_text(line));
    }
    let depth = puzzle.cols().iter().map(Vec::len).max().unwrap_or(0);
    for k in 0..depth {
        let mut line = String::new();
        for clue in puzzle.cols() {
            let text = clue.get(k).map_or(String::new(), usize::to_string);
            // Numbers of two digits take two columns; with one column per cell they are
            // shown modulo nothing but may run into the next: mark them with a '+'.
            let shown = if text.len() > cell_width { "+".to_string() } else { text };
            let _ = write!(line, "{shown:<cell_width$}");
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// An SVG picture: the clues in the margins and the solution's cells (or an empty grid).
pub fn svg(puzzle: &Nonogram, solution: Option<&Grid>) -> String {
    svg_marked(puzzle, solution, &[])
}

/// As [`svg()`], with the `marked` cells (row, column; 0-based) outlined in red and shaded:
/// the cells a picture's clues leave ambiguous.
pub fn svg_marked(puzzle: &Nonogram, solution: Option<&Grid>, marked: &[(usize, usize)]) -> String {
    let cell = 16;
    let left = puzzle.rows().iter().map(|c| clue_text(c).len()).max().unwrap_or(1) * 7 + 8;
    let top = puzzle.cols().iter().map(Vec::len).max().unwrap_or(1).max(1) * 14 + 6;
    let grid = svg::Grid { x: left, y: top, cell, rows: puzzle.height(), cols: puzzle.width() };
    let mut picture = Picture::new(
        left + grid.cols * cell + 2,
        top + grid.rows * cell + 2,
        "font-family=\"monospace\" font-size=\"11\"",
    );
    for (r, clue) in puzzle.rows().iter().enumerate() {
        picture.text(left - 4, top + r * cell + cell - 4, " text-anchor=\"end\"", clue_text(clue));
    }
    for (c, clue) in puzzle.cols().iter().enumerate() {
        let x = left + c * cell + cell / 2;
        let lines: Vec<String> =
            if clue.is_empty() { vec!["0".into()] } else { clue.iter().map(usize::to_string).collect() };
        for (k, number) in lines.iter().enumerate() {
            picture.text(x, top - 4 - (lines.len() - 1 - k) * 14, " text-anchor=\"middle\"", number);
        }
    }
    if let Some(solution) = solution {
        for (r, row) in solution.iter().enumerate() {
            for (c, _) in row.iter().enumerate().filter(|(_, filled)| **filled) {
                let (x, y) = grid.corner(r, c);
                picture.element(format_args!(
                    "<rect x=\"{x}\" y=\"{y}\" width=\"{cell}\" height=\"{cell}\" fill=\"black\"/>"
                ));
            }
        }
    }
    for &(r, c) in marked {
        let (x, y) = grid.corner(r, c);
        picture.element(format_args!(
            "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"red\" fill-opacity=\"0.35\" stroke=\"red\" stroke-width=\"2\"/>",
            x + 1,
            y + 1,
            cell - 2,
            cell - 2
        ));
    }
    picture.lines(grid, |k| Some(("gray", if k % 5 == 0 { 1.2 } else { 0.4 })));
    picture.finish()
}
