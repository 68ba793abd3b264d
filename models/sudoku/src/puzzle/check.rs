//! The independent checker: a solution keeps every given and holds each value once in every
//! row, column and box. It shares nothing with the models.

use std::fmt;

use masu_core::At;

use crate::puzzle::Sudoku;

/// A row, a column or a box.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unit {
    /// A row.
    Row,
    /// A column.
    Column,
    /// A box.
    Box,
}

/// What the checker finds wrong with a sudoku solution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Violation {
    /// The solution has `cells` cells where the puzzle has `expected`.
    Size {
        /// Ats in the solution.
        cells: usize,
        /// Ats of the puzzle.
        expected: usize,
    },
    /// A cell holds no value of the puzzle's range `1..=side`.
    NotAValue {
        /// The cell.
        cell: At,
        /// What it holds.
        value: u8,
        /// The side of the grid.
        side: usize,
    },
    /// A cell differs from its given.
    Given {
        /// The cell.
        cell: At,
        /// What it holds.
        value: u8,
        /// The given.
        given: u8,
    },
    /// A unit holds a value twice.
    Repeat {
        /// Which kind of unit.
        unit: Unit,
        /// 0-based index of the unit.
        index: usize,
        /// The value, as the puzzle spells it.
        symbol: char,
        /// Where it is first.
        first: At,
        /// Where it is again.
        second: At,
    },
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Violation::Size { cells, expected } => write!(f, "{cells} cells, expected {expected}"),
            Violation::NotAValue { cell, value, side } => write!(f, "{cell} holds {value}, not a value in 1..{side}"),
            Violation::Given { cell, value, given } => write!(f, "{cell} holds {value} but the given is {given}"),
            Violation::Repeat { unit, index, symbol, first, second } => {
                let unit = match unit {
                    Unit::Row => "row",
                    Unit::Column => "column",
                    Unit::Box => "box",
                };
                write!(f, "{unit} {} has two {symbol}s ({first} and {second})", index + 1)
            }
        }
    }
}

impl std::error::Error for Violation {}

/// The first value seen twice in a unit (ignoring blanks). Units are walked by index (row
/// `k`, column `k`, box `k`), with no allocation: the checker runs on every answer, so its
/// cost is part of every solve's time.
pub fn first_repeat(puzzle: &Sudoku, cells: &[u8]) -> Option<Violation> {
    let (side, n) = (puzzle.side(), puzzle.box_size());
    let member = |unit: Unit, k: usize, i: usize| match unit {
        Unit::Row => At(k, i),
        Unit::Column => At(i, k),
        Unit::Box => At((k / n) * n + i / n, (k % n) * n + i % n),
    };
    for unit in [Unit::Row, Unit::Column, Unit::Box] {
        for k in 0..side {
            // Bit v: the value v was seen in this unit.
            let mut seen = 0u32;
            for i in 0..side {
                let second = member(unit, k, i);
                let v = cells[second.0 * side + second.1];
                if v == 0 {
                    continue;
                }
                if seen >> v & 1 == 1 {
                    let first = (0..i).map(|j| member(unit, k, j)).find(|&At(r, c)| cells[r * side + c] == v)?;
                    let symbol = puzzle.alphabet().symbol(v);
                    return Some(Violation::Repeat { unit, index: k, symbol, first, second });
                }
                seen |= 1 << v;
            }
        }
    }
    None
}

/// `Ok` when `cells` (row by row) solves `puzzle`, else the first thing wrong.
pub fn check(puzzle: &Sudoku, cells: &[u8]) -> Result<(), Violation> {
    let side = puzzle.side();
    if cells.len() != side * side {
        return Err(Violation::Size { cells: cells.len(), expected: side * side });
    }
    for (i, (&given, &value)) in puzzle.cells().iter().zip(cells).enumerate() {
        let cell = At(i / side, i % side);
        if value == 0 || usize::from(value) > side {
            return Err(Violation::NotAValue { cell, value, side });
        }
        if given != 0 && given != value {
            return Err(Violation::Given { cell, value, given });
        }
    }
    match first_repeat(puzzle, cells) {
        Some(repeat) => Err(repeat),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn article() -> (Sudoku, Vec<u8>) {
        let puzzle = crate::puzzle::format::parse_line(
            "008009200000010000100003904002007040047000000030140006000090100005000483020300570",
        )
        .unwrap();
        let solution = "358469217294715638176823954612937845847652391539148726783594162965271483421386579"
            .bytes()
            .map(|b| b - b'0')
            .collect();
        (puzzle, solution)
    }

    #[test]
    fn accepts_the_article_solution() {
        let (puzzle, solution) = article();
        assert_eq!(check(&puzzle, &solution), Ok(()));
    }

    #[test]
    fn rejects_changed_givens_repeats_and_blanks() {
        let (puzzle, solution) = article();
        let mut swapped = solution.clone();
        swapped.swap(0, 1); // r1c1 and r1c2 are blanks: still a row permutation, broken column
        let repeat = check(&puzzle, &swapped).unwrap_err();
        assert!(matches!(repeat, Violation::Repeat { unit: Unit::Column, index: 0, .. }), "{repeat:?}");
        assert_eq!(repeat.to_string(), "column 1 has two 5s (r1c1 and r6c1)");
        let mut given_changed = solution.clone();
        given_changed.swap(2, 3); // r1c3 is the given 8
        assert_eq!(check(&puzzle, &given_changed), Err(Violation::Given { cell: At(0, 2), value: 4, given: 8 }));
        let mut blank = solution;
        blank[40] = 0;
        assert_eq!(check(&puzzle, &blank), Err(Violation::NotAValue { cell: At(4, 4), value: 0, side: 9 }));
    }
}
