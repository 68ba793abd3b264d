//! A picture of a sudoku as SVG: the grid with thin cell lines and thick box lines, the givens
//! in black and, with a solution, the digits it fills in blue.

use std::fmt::Write as _;

use crate::{Grid, Sudoku};

/// An SVG of `puzzle`, and of `solution`'s filled cells when one is given.
pub fn svg(puzzle: &Sudoku, solution: Option<&Grid>) -> String {
    let (side, n) = (puzzle.side(), puzzle.box_size());
    let cell = if side > 16 { 24 } else { 32 };
    let size = side * cell + 4;
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{size}\" height=\"{size}\" viewBox=\"0 0 {size} {size}\" \
         font-family=\"sans-serif\" font-size=\"{}\" text-anchor=\"middle\" dominant-baseline=\"central\">\n\
         <rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n",
        cell * 3 / 5
    );
    // Every line across the grid, from the offset `k` cells in: `thick` picks box lines.
    let lines = |thick: bool| {
        let mut d = String::new();
        for k in (0..=side).filter(|k| (k % n == 0) == thick) {
            let at = k * cell + 2;
            let end = side * cell + 2;
            let _ = write!(d, "M{at} 2V{end}M2 {at}H{end}");
        }
        d
    };
    let _ = writeln!(out, "<path d=\"{}\" stroke=\"#999\" stroke-width=\"1\"/>", lines(false));
    let _ = writeln!(out, "<path d=\"{}\" stroke=\"black\" stroke-width=\"2.5\" fill=\"none\"/>", lines(true));
    for r in 0..side {
        for c in 0..side {
            let given = puzzle.given(r, c);
            let (value, colour) = match (given, solution) {
                (0, Some(grid)) => (grid.get(r).and_then(|row| row.get(c)).copied().unwrap_or(0), " fill=\"#1f5fbf\""),
                (given, _) => (given, ""),
            };
            if value != 0 {
                let (x, y) = (c * cell + cell / 2 + 2, r * cell + cell / 2 + 2);
                let _ = writeln!(out, "<text x=\"{x}\" y=\"{y}\"{colour}>{}</text>", puzzle.alphabet().symbol(value));
            }
        }
    }
    out.push_str("</svg>\n");
    out
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
