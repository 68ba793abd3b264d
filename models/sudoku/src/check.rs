//! The independent checker: a solution keeps every given and holds each value once in every
//! row, column and box. It shares nothing with the models.

use crate::Sudoku;

/// The first value seen twice in a unit (ignoring blanks), described for a person. Units
/// are walked by index (row `k`, column `k`, box `k`), with no allocation: the checker runs
/// on every answer, so its cost is part of every solve's time.
pub fn first_repeat(puzzle: &Sudoku, cells: &[u8]) -> Option<String> {
    let (side, n) = (puzzle.side(), puzzle.box_size());
    let member = |kind: usize, k: usize, i: usize| match kind {
        0 => (k, i),
        1 => (i, k),
        _ => ((k / n) * n + i / n, (k % n) * n + i % n),
    };
    for kind in 0..3 {
        for k in 0..side {
            // Bit v: the value v was seen in this unit.
            let mut seen = 0u32;
            for i in 0..side {
                let (r, c) = member(kind, k, i);
                let v = cells[r * side + c];
                if v == 0 {
                    continue;
                }
                if seen >> v & 1 == 1 {
                    let (r0, c0) = (0..i).map(|j| member(kind, k, j)).find(|&(r0, c0)| cells[r0 * side + c0] == v)?;
                    let unit = ["row", "column", "box"][kind];
                    let symbol = puzzle.alphabet().symbol(v);
                    return Some(format!(
                        "{unit} {} has two {symbol}s (r{}c{} and r{}c{})",
                        k + 1,
                        r0 + 1,
                        c0 + 1,
                        r + 1,
                        c + 1
                    ));
                }
                seen |= 1 << v;
            }
        }
    }
    None
}

/// `Ok` when `cells` (row by row) solves `puzzle`, else what is wrong.
pub fn check(puzzle: &Sudoku, cells: &[u8]) -> Result<(), String> {
    let side = puzzle.side();
    if cells.len() != side * side {
        return Err(format!("{} cells, expected {}", cells.len(), side * side));
    }
    for (i, (&given, &value)) in puzzle.cells().iter().zip(cells).enumerate() {
        let (r, c) = (i / side + 1, i % side + 1);
        if value == 0 || usize::from(value) > side {
            return Err(format!("r{r}c{c} holds {value}, not a value in 1..{side}"));
        }
        if given != 0 && given != value {
            return Err(format!("r{r}c{c} holds {value} but the given is {given}"));
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
        let puzzle = crate::format::parse_line(
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
        assert!(check(&puzzle, &swapped).unwrap_err().contains("column"));
        let mut given_changed = solution.clone();
        given_changed.swap(2, 3); // r1c3 is the given 8
        assert!(check(&puzzle, &given_changed).unwrap_err().contains("given"));
        let mut blank = solution;
        blank[40] = 0;
        assert!(check(&puzzle, &blank).unwrap_err().contains("r5c5"));
    }
}
