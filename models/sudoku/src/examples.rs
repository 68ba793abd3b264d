//! Sudoku's examples for the conformance suite: 4×4 grids from the square 1234/3412/2143/4321
//! — blanks it forces, a rectangle of two boxes that swaps (two solutions), a first row alone
//! (12 of the 288 grids), and givens that leave row 1 no cell for a 3 (none).

use crate::puzzle::Sudoku;

impl masu_core::Examples for Sudoku {
    fn examples() -> Vec<(String, Sudoku, usize)> {
        let grid = |text: &str| crate::puzzle::format::parse_line(text).expect("an example reads");
        vec![
            ("forced".into(), grid("1.34341.21.34.21"), 1),
            ("rectangle".into(), grid("..3434120.434321"), 2),
            ("first row".into(), grid("1234............"), 12),
            ("no 3 in row 1".into(), grid("12.....3........"), 0),
        ]
    }
}
