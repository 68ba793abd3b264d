//! Article 003 (「組合せ最適化でののぐらむを解く」): MILP pattern selection.
//!
//! For every line `ℓ`, every placement `k` of its clue (a 0/1 pattern `b^k`), a binary `r_k`:
//!
//! ```text
//! v_ij ∈ {0, 1}                      cell (i, j) is filled
//! r_k ∈ {0, 1}                       line ℓ takes its k-th pattern
//! Σ_{k ∈ ℓ} r_k = 1                  every line takes one pattern
//! (1 − 2·b^k_x)·v_x ≤ 1 − b^k_x − r_k    for every pattern k and cell x of its line
//!                                    (b = 1: v ≥ r_k;  b = 0: v ≤ 1 − r_k)
//! ```
//!
//! The article solves it with PuLP's CBC; masu runs it on HiGHS and CP-SAT. Placements
//! explode on real puzzles (10^20 on some 30×30 lines): they are counted first without
//! enumerating ([`crate::line::count_placements`]), and past `SolveOptions::size_limit`
//! placements the formulation refuses with [`Error::TooLarge`] instead of running out of
//! memory.

use good_lp::{Expression, Variable, variable};
use masu_core::milp::Milp;
use masu_core::{Backend, Error, SolveOptions};

use crate::line::{fill, placements};
use crate::models::line_solver::pattern_count;
use crate::models::start_index::{found_from_milp, lines, milp_cells};
use crate::puzzle::{Found, Nonogram};
use masu_core::timed;

/// The model and its cell binaries, row-major.
#[derive(Debug)]
pub struct PatternsModel {
    /// The MILP.
    pub milp: Milp,
    /// `v`, one binary per cell, row-major.
    pub cells: Vec<Variable>,
    /// Placements in all (one `r` binary each).
    pub placements: u128,
}

/// Builds article 003's model, refusing past `size_limit` placements.
pub fn build(puzzle: &Nonogram, size_limit: u64) -> Result<PatternsModel, Error> {
    let total = pattern_count(puzzle, size_limit)?;
    let mut milp = Milp::new();
    let cells = milp_cells(puzzle, &mut milp);
    for (clue, indices) in lines(puzzle) {
        let n = indices.len();
        let mut chosen = Vec::new();
        for starts in placements(clue, n) {
            let r = milp.variables.add(variable().binary());
            chosen.push(r);
            for (x, b) in fill(clue, &starts, n).into_iter().enumerate() {
                let b = f64::from(u8::from(b));
                // (1 − 2b)·v ≤ 1 − b − r
                milp.add(((1.0 - 2.0 * b) * cells[indices[x]] + r).leq(1.0 - b));
            }
        }
        milp.add(chosen.into_iter().sum::<Expression>().eq(1));
    }
    Ok(PatternsModel { milp, cells, placements: total })
}

pub(crate) fn solve(puzzle: &Nonogram, backend: Backend, options: &SolveOptions) -> Result<Found, Error> {
    let (built, build_time) = timed(|| build(puzzle, options.size_limit));
    let built = built?;
    found_from_milp(puzzle, &built.milp, &built.cells, backend, options, build_time)
}
