//! A picture of a sudoku as SVG: the grid with thin cell lines and thick box lines, the givens
//! in black and, with a solution, the digits it fills in blue.

use masu_core::svg::{self, Picture};

use crate::puzzle::{Grid, Sudoku};

/// An SVG of `puzzle`, and of `solution`'s filled cells when one is given.
pub fn svg(puzzle: &Sudoku, solution: Option<&Grid>) -> String {
    let (side, n) = (puzzle.side(), puzzle.box_size());
    let cell = if side > 16 { 24 } else { 32 };
    let size = side * cell + 4;
    let attributes = format!(
        "font-family=\"sans-serif\" font-size=\"{}\" text-anchor=\"middle\" dominant-baseline=\"central\"",
        cell * 3 / 5
    );
    let mut picture = Picture::new(size, size, &attributes);
    let grid = svg::Grid { x: 2, y: 2, cell, rows: side, cols: side };
    picture.lines(grid, |k| Some(if k % n == 0 { ("black", 2.5) } else { ("#999", 1.0) }));
    for r in 0..side {
        for c in 0..side {
            let given = puzzle.given(r, c);
            let (value, colour) = match (given, solution) {
                (0, Some(grid)) => (grid.get(r).and_then(|row| row.get(c)).copied().unwrap_or(0), " fill=\"#1f5fbf\""),
                (given, _) => (given, ""),
            };
            if value != 0 {
                let (x, y) = grid.centre(r, c);
                picture.text(x, y, colour, puzzle.alphabet().symbol(value));
            }
        }
    }
    picture.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn givens_are_black_and_filled_cells_blue() {
        let puzzle = Sudoku::new(vec![1, 0, 0, 0, 0, 0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 1]).unwrap();
        let grid = vec![vec![1, 2, 3, 4], vec![3, 4, 1, 2], vec![2, 1, 4, 3], vec![4, 3, 2, 1]];
        let bare = svg(&puzzle, None);
        assert_eq!(bare.matches("<text").count(), 4, "{bare}");
        let solved = svg(&puzzle, Some(&grid));
        assert_eq!(solved.matches("<text").count(), 16);
        assert_eq!(solved.matches("#1f5fbf").count(), 12, "the 12 cells filled in");
        assert!(solved.starts_with("<svg") && solved.ends_with("</svg>\n"));
    }
}
