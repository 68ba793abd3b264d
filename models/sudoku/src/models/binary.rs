//! The assignment MILP: one binary per cell and value.
//!
//! For an `s × s` sudoku, `x[r][c][v] = 1` iff cell `(r, c)` holds `v`:
//!
//! ```text
//! Σ_v x[r][c][v] = 1                    every cell holds one value
//! Σ_c x[r][c][v] = 1                    every row holds v once
//! Σ_r x[r][c][v] = 1                    every column holds v once
//! Σ_{(r,c) ∈ b} x[r][c][v] = 1          every box holds v once
//! x[r][c][g] = 1                        for every given g at (r, c)
//! minimise 0
//! ```
//!
//! Written once against good_lp; runs on HiGHS as it is and on CP-SAT translated.

use good_lp::{Expression, Variable, variable};
use masu_core::milp::Milp;
use masu_core::{Backend, Error, SolveOptions};

use masu_core::timed;

use crate::puzzle::{Found, Sudoku};

/// The MILP and its binaries `x[(r * side + c) * side + (v - 1)]`, one per cell and value.
pub type BinaryModel = masu_core::Built<Milp, Variable>;

/// Builds the assignment MILP of `puzzle`.
pub fn build(puzzle: &Sudoku) -> BinaryModel {
    let s = puzzle.side();
    let mut milp = Milp::new();
    // x_r_c_v, 1-based as the article writes them, which exported files (`--export`) show.
    let name = |i: usize| format!("x_{}_{}_{}", i / (s * s) + 1, i / s % s + 1, i % s + 1);
    let x: Vec<Variable> = (0..s * s * s).map(|i| milp.variables.add(variable().binary().name(name(i)))).collect();
    let at = |r: usize, c: usize, v: usize| x[(r * s + c) * s + v];
    for r in 0..s {
        for c in 0..s {
            milp.add((0..s).map(|v| at(r, c, v)).sum::<Expression>().eq(1));
        }
    }
    for (_, unit) in puzzle.units() {
        for v in 0..s {
            milp.add(unit.iter().map(|&(r, c)| at(r, c, v)).sum::<Expression>().eq(1));
        }
    }
    for r in 0..s {
        for c in 0..s {
            let given = usize::from(puzzle.given(r, c));
            if given != 0 {
                milp.add(Expression::from(at(r, c, given - 1)).eq(1));
            }
        }
    }
    BinaryModel { model: milp, vars: x }
}

pub(crate) fn solve(puzzle: &Sudoku, backend: Backend, options: &SolveOptions) -> Result<Found, Error> {
    let (built, build_time) = timed(|| build(puzzle));
    let s = puzzle.side();
    let found = built.model.solve(backend, options, &built.vars)?;
    let solutions = found
        .solutions
        .iter()
        .map(|values| {
            (0..s * s)
                .map(|cell| {
                    let ones: Vec<usize> = (0..s).filter(|&v| values[&built.vars[cell * s + v]] > 0.5).collect();
                    // Not exactly one value: 0 makes the checker reject the answer.
                    if ones.len() == 1 { ones[0] as u8 + 1 } else { 0 }
                })
                .collect()
        })
        .collect();
    let stats = found.stats(&built.model, build_time);
    Ok(found.found(solutions, stats))
}
