//! Pictures of a board and its paths: text (the numbered grid) and SVG, each path drawn in a
//! colour of its own from endpoint to endpoint.

use masu_core::svg::{self, Picture};

use crate::puzzle::{Numberlink, Paths};

/// A palette of distinguishable colours, cycled.
const COLOURS: [&str; 16] = [
    "#e6194b", "#3cb44b", "#4363d8", "#f58231", "#911eb4", "#42d4f4", "#f032e6", "#bfef45", "#fabed4", "#469990",
    "#dcbeff", "#9a6324", "#800000", "#aaffc3", "#808000", "#000075",
];

/// The board with the solution's numbers, endpoints in brackets-free base 36, `.` unused.
pub fn text(paths: &Paths) -> String {
    crate::puzzle::format::to_text(paths)
}

/// An SVG of the board: grid, each path as a coloured line, endpoints as labelled discs.
pub fn svg(puzzle: &Numberlink, paths: Option<&Paths>) -> String {
    let cell = 32;
    let grid = svg::Grid { x: 1, y: 1, cell, rows: puzzle.height(), cols: puzzle.width() };
    let mut picture =
        Picture::new(grid.cols * cell + 2, grid.rows * cell + 2, "font-family=\"sans-serif\" font-size=\"14\"");
    picture.lines(grid, |_| Some(("#bbb", 1.0)));
    if let Some(paths) = paths {
        for (k, path) in paths.paths.iter().enumerate() {
            let points: Vec<String> =
                path.iter().map(|&(r, c)| grid.centre(r, c)).map(|(x, y)| format!("{x},{y}")).collect();
            picture.element(format_args!(
                "<polyline points=\"{}\" fill=\"none\" stroke=\"{}\" stroke-width=\"{}\" stroke-linecap=\"round\" stroke-linejoin=\"round\"/>",
                points.join(" "),
                COLOURS[k % COLOURS.len()],
                cell / 3
            ));
        }
    }
    for r in 0..grid.rows {
        for c in 0..grid.cols {
            let k = puzzle.at((r, c));
            if k != 0 {
                let (x, y) = grid.centre(r, c);
                let colour = COLOURS[(k as usize - 1) % COLOURS.len()];
                picture
                    .element(format_args!("<circle cx=\"{x}\" cy=\"{y}\" r=\"{}\" fill=\"{colour}\"/>", cell * 2 / 5));
                picture.text(x, y + 5, " text-anchor=\"middle\" fill=\"white\"", k);
            }
        }
    }
    picture.finish()
}
