//! Pictures of a board and its paths: text (the numbered grid) and SVG, each path drawn in a
//! colour of its own from endpoint to endpoint.

use std::fmt::Write as _;

use crate::{Numberlink, Paths};

/// A palette of distinguishable colours, cycled.
const COLOURS: [&str; 16] = [
    "#e6194b", "#3cb44b", "#4363d8", "#f58231", "#911eb4", "#42d4f4", "#f032e6", "#bfef45", "#fabed4", "#469990",
    "#dcbeff", "#9a6324", "#800000", "#aaffc3", "#808000", "#000075",
];

/// The board with the solution's numbers, endpoints in brackets-free base 36, `.` unused.
pub fn text(paths: &Paths) -> String {
    crate::format::to_text(paths)
}

/// An SVG of the board: grid, each path as a coloured line, endpoints as labelled discs.
pub fn svg(puzzle: &Numberlink, paths: Option<&Paths>) -> String {
    let cell = 32;
    let (w, h) = (puzzle.width(), puzzle.height());
    let (width, height) = (w * cell + 2, h * cell + 2);
    let centre = |(r, c): (usize, usize)| (c * cell + cell / 2 + 1, r * cell + cell / 2 + 1);
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" viewBox=\"0 0 {width} {height}\" \
         font-family=\"sans-serif\" font-size=\"14\">\n<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
    );
    for i in 0..=w {
        let _ = writeln!(
            out,
            "<line x1=\"{0}\" y1=\"1\" x2=\"{0}\" y2=\"{1}\" stroke=\"#bbb\"/>",
            i * cell + 1,
            h * cell + 1
        );
    }
    for i in 0..=h {
        let _ = writeln!(
            out,
            "<line x1=\"1\" y1=\"{0}\" x2=\"{1}\" y2=\"{0}\" stroke=\"#bbb\"/>",
            i * cell + 1,
            w * cell + 1
        );
    }
    if let Some(paths) = paths {
        for (k, path) in paths.paths.iter().enumerate() {
            let points: Vec<String> = path.iter().map(|&p| centre(p)).map(|(x, y)| format!("{x},{y}")).collect();
            let _ = writeln!(
                out,
                "<polyline points=\"{}\" fill=\"none\" stroke=\"{}\" stroke-width=\"{}\" stroke-linecap=\"round\" stroke-linejoin=\"round\"/>",
                points.join(" "),
                COLOURS[k % COLOURS.len()],
                cell / 3
            );
        }
    }
    for r in 0..h {
        for c in 0..w {
            let k = puzzle.at((r, c));
            if k != 0 {
                let (x, y) = centre((r, c));
                let colour = COLOURS[(k as usize - 1) % COLOURS.len()];
                let _ = writeln!(out, "<circle cx=\"{x}\" cy=\"{y}\" r=\"{}\" fill=\"{colour}\"/>", cell * 2 / 5);
                let _ =
                    writeln!(out, "<text x=\"{x}\" y=\"{}\" text-anchor=\"middle\" fill=\"white\">{k}</text>", y + 5);
            }
        }
    }
    out.push_str("</svg>\n");
    out
}
