//! Article 002 (「CPでパズルを解く - ナンプレ(数独)」): CP-SAT with AllDifferent.
//!
//! For an `s × s` sudoku (`s = n²`), one integer per cell and three families of
//! AllDifferent, the givens as equalities, all solutions enumerated:
//!
//! ```text
//! cell[r][c] ∈ {1..s}
//! AllDifferent(cell[r][0..s])                         for every row r
//! AllDifferent(cell[0..s][c])                         for every column c
//! AllDifferent(cell[r][c] : (r, c) in box b)          for every n×n box b
//! cell[r][c] = given[r][c]                            for every given
//! ```
//!
//! The article collects every solution with a callback; masu counts up to the solution
//! limit with one short enumeration first, which settles a 9×9 puzzle in one search as the
//! callback does, else by re-solving with a no-good (`masu_cp::CpSolver::enumerate_first`).
//! The same model runs on CP Optimizer (`masu_core::cp`), by no-goods.

use masu_core::cp::CpRun;
use masu_core::{Backend, Error, SolveOptions, Stats};
use masu_cp::{CpModel, IntVar};

use masu_core::timed;

use crate::puzzle::{Found, Sudoku};

/// The article's model: the CP-SAT model and the cell variables `cell[r * side + c]`.
pub type AllDifferentModel = masu_core::Built<CpModel, IntVar>;

/// Builds the article's model of `puzzle`.
pub fn build(puzzle: &Sudoku) -> AllDifferentModel {
    let side = puzzle.side();
    let mut model = CpModel::new();
    let cells: Vec<IntVar> = (0..side * side)
        .map(|i| {
            model.new_int_var_in(&masu_cp::Domain::new(1, side as i64), &format!("cell_{}_{}", i % side, i / side))
        })
        .collect();
    for (_, unit) in puzzle.units() {
        model.add_all_different(unit.iter().map(|&(r, c)| cells[r * side + c]));
    }
    for (i, &given) in puzzle.cells().iter().enumerate() {
        if given != 0 {
            model.add_eq(cells[i], i64::from(given));
        }
    }
    AllDifferentModel { model, vars: cells }
}

pub(crate) fn solve(puzzle: &Sudoku, backend: Backend, options: &SolveOptions) -> Result<Found, Error> {
    let (built, build_time) = timed(|| build(puzzle));
    let started = std::time::Instant::now();
    // The cells are the only variables: solutions differ on them whenever they differ.
    let run = CpRun { short_run_first: true, ..CpRun::default() };
    let found = masu_core::cp::enumerate(backend, &built.model, &built.vars, options, run)?;
    let stats = Stats::of_cp_sat(&built.model, &found, build_time, started.elapsed());
    let solutions =
        found.solutions.iter().map(|values| built.vars.iter().map(|&x| values[x.index()] as u8).collect()).collect();
    Ok(Found::new(solutions, found.complete, stats))
}
