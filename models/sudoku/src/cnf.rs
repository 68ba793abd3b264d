//! The sudoku as clauses, for certified verdicts (`--certify`, [`masu_core::certify`]).
//!
//! One boolean `x[r][c][v]` a cell and value (`v` from 1 to the side `s`), numbered
//! `(r·s + c)·s + v` from 1. The rules:
//!
//! - every cell holds exactly one value: `∨_v x[r][c][v]`, and `¬x[r][c][v] ∨ ¬x[r][c][w]`
//!   for `v < w`;
//! - every row, column and box holds each value exactly once (the same two kinds of clause
//!   over the unit's cells);
//! - every given is a unit clause `x[r][c][g]`;
//! - each solution found is excluded by the clause `∨_{r,c} ¬x[r][c][solution[r][c]]`.
//!
//! Its models are exactly the solutions not excluded (`tests::models_are_the_solutions`,
//! against the exhaustive enumeration on 4×4 grids).
//!
//! The `cnf` formulation ([`solve`]) runs these clauses on a SAT backend
//! ([`masu_core::sat`]): every variable fixes the model, and a grid is read from it.

use masu_core::certify::Cnf;
use masu_core::{Backend, Error, SolveOptions};

use crate::puzzle::{Found, Grid, Sudoku};

/// The variable of value `v` (1-based) in cell `(r, c)` of a grid of side `side`.
fn var(side: usize, r: usize, c: usize, v: usize) -> i32 {
    ((r * side + c) * side + v) as i32
}

/// `sudoku`'s clauses, with each of `solutions` excluded (the module doc).
pub fn cnf(sudoku: &Sudoku, solutions: &[Grid]) -> Cnf {
    let s = sudoku.side();
    let mut cnf = Cnf::new();
    for _ in 0..s * s * s {
        cnf.variable();
    }
    for r in 0..s {
        for c in 0..s {
            cnf.exactly_one(&(1..=s).map(|v| var(s, r, c, v)).collect::<Vec<_>>());
        }
    }
    for (_, cells) in sudoku.units() {
        for v in 1..=s {
            cnf.exactly_one(&cells.iter().map(|&(r, c)| var(s, r, c, v)).collect::<Vec<_>>());
        }
    }
    for r in 0..s {
        for c in 0..s {
            match usize::from(sudoku.given(r, c)) {
                0 => {}
                g => cnf.clause([var(s, r, c, g)]),
            }
        }
    }
    for solution in solutions {
        cnf.clause((0..s).flat_map(|r| (0..s).map(move |c| -var(s, r, c, usize::from(solution[r][c])))));
    }
    cnf
}

/// The `cnf` formulation: the clauses on the SAT `backend`, each model read as the cells'
/// values in reading order.
pub fn solve(sudoku: &Sudoku, backend: Backend, options: &SolveOptions) -> Result<Found, Error> {
    let s = sudoku.side();
    let found = masu_core::sat::solve(sudoku, (s * s * s) as i32, backend, options)?;
    Ok(found.map(|model| {
        let value = |r, c| (1..=s).find(|&v| model[var(s, r, c, v) as usize - 1]).unwrap_or(0) as u8;
        (0..s).flat_map(|r| (0..s).map(move |c| (r, c))).map(|(r, c)| value(r, c)).collect()
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every 4×4 grid whose rows each hold 1 to 4 once (24⁴ of them): what the row clauses
    /// alone admit, so every model of the clauses is among them.
    fn latin_rows() -> Vec<Vec<u8>> {
        let mut perms = Vec::new();
        for a in 1..=4u8 {
            for b in (1..=4).filter(|&b| b != a) {
                for c in (1..=4).filter(|&c| c != a && c != b) {
                    perms.push([a, b, c, 10 - a - b - c]);
                }
            }
        }
        let mut grids = Vec::new();
        for r0 in &perms {
            for r1 in &perms {
                for r2 in &perms {
                    for r3 in &perms {
                        grids.push([r0, r1, r2, r3].iter().flat_map(|r| r.iter().copied()).collect());
                    }
                }
            }
        }
        grids
    }

    /// The assignment that puts `cells` into the grid: each variable's value, by number.
    fn assignment(cells: &[u8]) -> [bool; 65] {
        let mut on = [false; 65];
        (0..16).for_each(|i| on[var(4, i / 4, i % 4, usize::from(cells[i])) as usize] = true);
        on
    }

    /// On 4×4 grids with few givens (many solutions), one, and none: the assignments that
    /// satisfy the clauses are exactly the solutions (the grids the kind's checker passes),
    /// and with some excluded, exactly the rest.
    #[test]
    fn models_are_the_solutions() {
        let grids = latin_rows();
        for text in ["1...............", "12..34..........", "1234341221434321", "..........4.32.1"] {
            let cells: Vec<u8> = text.bytes().map(|b| if b == b'.' { 0 } else { b - b'0' }).collect();
            let sudoku = Sudoku::new(cells).unwrap();
            let given = |g: &Vec<u8>| g.iter().zip(sudoku.cells()).all(|(&v, &c)| c == 0 || c == v);
            let all: Vec<Grid> = grids
                .iter()
                .filter(|g| given(g) && crate::puzzle::check::check(&sudoku, g).is_ok())
                .map(|g| g.chunks(4).map(<[u8]>::to_vec).collect())
                .collect();
            assert_eq!(all.is_empty(), text == "..........4.32.1", "{text}");
            // The whole of `grids` for the first board; for the others, those that keep the
            // givens (`rows_and_cells_are_exactly_one` holds a grid against its givens).
            let candidates: Vec<&Vec<u8>> = grids.iter().filter(|g| text == "1..............." || given(g)).collect();
            for excluded in [0, all.len() / 2, all.len()] {
                let cnf = cnf(&sudoku, &all[..excluded]);
                let models: Vec<Grid> = candidates
                    .iter()
                    .filter(|g| {
                        let on = assignment(g);
                        cnf.satisfied_by(|v| on[v as usize])
                    })
                    .map(|g| g.chunks(4).map(<[u8]>::to_vec).collect())
                    .collect();
                assert_eq!(models, all[excluded..].to_vec(), "{text}, {excluded} excluded");
            }
        }
    }

    /// No assignment with a row that misses a value, a cell with two values or none, or a
    /// given changed satisfies the clauses (so the models are among [`latin_rows`], and
    /// keep the givens).
    #[test]
    fn rows_cells_and_givens_are_kept() {
        let sudoku = Sudoku::new(vec![0; 16]).unwrap();
        let cnf = cnf(&sudoku, &[]);
        let solved: Vec<u8> = b"1234341221434321".iter().map(|b| b - b'0').collect();
        let holds = |on: [bool; 65]| cnf.satisfied_by(|v| on[v as usize]);
        assert!(holds(assignment(&solved)));
        let mut twice = solved.clone();
        twice[1] = 1;
        assert!(!holds(assignment(&twice)), "a row with 1 twice");
        let mut two = assignment(&solved);
        two[var(4, 0, 0, 2) as usize] = true;
        assert!(!holds(two), "a cell with two values");
        let mut none = assignment(&solved);
        none[var(4, 0, 0, 1) as usize] = false;
        assert!(!holds(none), "a cell with none");
        let mut given = vec![0; 16];
        given[0] = 2;
        let other = super::cnf(&Sudoku::new(given).unwrap(), &[]);
        assert!(!other.satisfied_by(|v| assignment(&solved)[v as usize]), "a given changed");
    }
}
