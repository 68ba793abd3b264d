//! Article 000 (パズルで学ぶ CP-SAT, ノノグラム): one start-index integer per clue block.
//!
//! On CP-SAT, exactly as the article builds it, for a line of `n` cells with blocks
//! `b_0..b_{k−1}` and the line's cells `t_0..t_{n−1}` (Booleans shared by row and column):
//!
//! ```text
//! loc_j ∈ [0, n−1]
//! loc_{j+1} > loc_j + b_j                         blocks in order, a gap between them
//! loc_{k−1} ≤ n − b_{k−1}
//! fills[i, j] ∈ {0, 1}                            cell i covered by block j
//! for every start s ∈ 0..=n−b_j:  p ⇔ (loc_j = s),
//!     p ⇒ ∧_i (fills[i, j] if s ≤ i < s + b_j else ¬fills[i, j])
//! t_i ⇒ ∨_j fills[i, j]          ¬t_i ⇒ ∧_j ¬fills[i, j]
//! ```
//!
//! An empty line (the article's code breaks on it) has every cell false.
//!
//! As a MILP ([`build_milp`], HiGHS and CP-SAT), the same idea with one binary per block and
//! start, so the model grows with blocks × width (not with placements like `patterns`):
//!
//! ```text
//! Σ_s x[j][s] = 1                                       each block starts once
//! Σ_s s·x[j+1][s] ≥ Σ_s s·x[j][s] + b_j + 1             order and gap
//! t_i = Σ_j Σ_{s ≤ i < s + b_j} x[j][s]                  a cell is filled iff covered
//! ```

use good_lp::{Expression, Variable, variable};
use masu_core::milp::Milp;
use masu_core::{Backend, Error, SolveOptions};

use crate::puzzle::{Found, Grid, Nonogram};

use masu_core::timed;

/// Cell `i` (row-major) as article 000 names it, `T_r_c`: in the CP-SAT model, and in the
/// MILPs so that exported files (`--export`) name the cells alike.
pub(crate) fn cell_name(puzzle: &Nonogram, i: usize) -> String {
    let w = puzzle.width();
    format!("T_{}_{}", i / w, i % w)
}

/// One named binary per cell of `puzzle`, row-major: the cells of the MILPs.
pub(crate) fn milp_cells(puzzle: &Nonogram, milp: &mut Milp) -> Vec<Variable> {
    let cells = puzzle.width() * puzzle.height();
    (0..cells).map(|i| milp.variables.add(variable().binary().name(cell_name(puzzle, i)))).collect()
}

/// The lines of the puzzle: rows then columns, each as (clue, cell indices row-major).
pub(crate) fn lines(puzzle: &Nonogram) -> Vec<(&[usize], Vec<usize>)> {
    let (w, h) = (puzzle.width(), puzzle.height());
    let rows = puzzle.rows().iter().enumerate().map(|(r, c)| (c.as_slice(), (0..w).map(|x| r * w + x).collect()));
    let cols = puzzle.cols().iter().enumerate().map(|(c, clue)| (clue.as_slice(), (0..h).map(|y| y * w + c).collect()));
    rows.chain(cols).collect()
}

#[cfg(feature = "cp-sat")]
pub use cp_sat::{StartIndexModel, build, fill_pattern, place_numbers};

#[cfg(feature = "cp-sat")]
mod cp_sat {
    use masu_core::Stats;
    use masu_cp::{BoolVar, CpModel, IntVar, LinearExpr};

    use super::*;

    /// Article 000's `place_numbers`: one start index per block, in order.
    pub fn place_numbers(model: &mut CpModel, numbers: &[usize], width: usize) -> Vec<IntVar> {
        let names = |j: usize| ((b'A' + (j % 26) as u8) as char).to_string();
        let locations: Vec<IntVar> = (0..numbers.len())
            .map(|j| model.new_int_var_in(&masu_cp::Domain::new(0, width as i64 - 1), &names(j)))
            .collect();
        for j in 1..numbers.len() {
            model.add_gt(locations[j], LinearExpr::from(locations[j - 1]) + numbers[j - 1] as i64);
        }
        if let (Some(&last), Some(&length)) = (locations.last(), numbers.last()) {
            model.add_le(last, (width - length) as i64);
        }
        locations
    }

    /// Article 000's `fill_pattern`: ties the line's cells `targets` to the blocks.
    pub fn fill_pattern(model: &mut CpModel, numbers: &[usize], targets: &[BoolVar]) -> Vec<IntVar> {
        let width = targets.len();
        if numbers.is_empty() {
            model.add_bool_and(targets.iter().map(|&t| !t));
            return Vec::new();
        }
        let locations = place_numbers(model, numbers, width);
        let fills: Vec<Vec<BoolVar>> =
            (0..width).map(|_| (0..numbers.len()).map(|_| model.new_bool_var()).collect()).collect();
        for (j, &length) in numbers.iter().enumerate() {
            for start in 0..=width - length {
                let placed = model.new_bool_var();
                model.add_eq(locations[j], start as i64).only_enforce_if([placed]);
                model.add_ne(locations[j], start as i64).only_enforce_if([!placed]);
                let pattern: Vec<BoolVar> = (0..width)
                    .map(|i| if (start..start + length).contains(&i) { fills[i][j] } else { !fills[i][j] })
                    .collect();
                model.add_bool_and(pattern).only_enforce_if([placed]);
            }
        }
        for (i, &target) in targets.iter().enumerate() {
            model.add_bool_or(fills[i].clone()).only_enforce_if([target]);
            model.add_bool_and(fills[i].iter().map(|&f| !f)).only_enforce_if([!target]);
        }
        locations
    }

    /// The article's whole-puzzle model and one Boolean per cell, row by row.
    pub type StartIndexModel = masu_core::Built<CpModel, BoolVar>;

    /// Article 000's `solve_nonogram` model.
    pub fn build(puzzle: &Nonogram) -> StartIndexModel {
        let mut model = CpModel::new();
        let cells = puzzle.width() * puzzle.height();
        let cells: Vec<BoolVar> = (0..cells).map(|i| model.new_bool_var_named(&cell_name(puzzle, i))).collect();
        for (clue, indices) in lines(puzzle) {
            let targets: Vec<BoolVar> = indices.iter().map(|&i| cells[i]).collect();
            fill_pattern(&mut model, clue, &targets);
        }
        StartIndexModel { model, vars: cells }
    }

    pub(crate) fn solve_cp(puzzle: &Nonogram, backend: Backend, options: &SolveOptions) -> Result<Found, Error> {
        let (built, build_time) = timed(|| build(puzzle));
        // No short enumeration first: on this model it costs more than it saves
        // (docs/tuning.md).
        found_from_cp(puzzle, backend, &built.model, &built.vars, options, build_time, false)
    }

    /// Enumerates on the CP backend `backend`, distinct on the cells, and reads the
    /// grids (shared with the automaton formulation). With `short_run_first`, counting starts with one short run of
    /// CP-SAT's own enumeration (`CpSolver::enumerate_first`; every other variable of both
    /// models follows from the cells, so counting over all of them is exact).
    pub(crate) fn found_from_cp(
        puzzle: &Nonogram,
        backend: Backend,
        model: &CpModel,
        cells: &[BoolVar],
        options: &SolveOptions,
        build_time: std::time::Duration,
        short_run_first: bool,
    ) -> Result<Found, Error> {
        let projection: Vec<IntVar> = cells.iter().map(|c| c.variable()).collect();
        let started = std::time::Instant::now();
        // A nonogram's solutions often differ in a few cells: each re-solve starts from the
        // last solution (see `masu_core::cp::CpRun::hint_last_solution`).
        let run = masu_core::cp::CpRun { short_run_first, hint_last_solution: true };
        let found = masu_core::cp::enumerate(backend, model, &projection, options, run)?;
        let stats = Stats::of_cp_sat(model, &found, build_time, started.elapsed());
        let w = puzzle.width();
        let grids = found
            .solutions
            .iter()
            .map(|values| cells.chunks(w).map(|row| row.iter().map(|c| c.value_in(values)).collect()).collect())
            .collect();
        Ok(Found::new(grids, found.complete, stats))
    }
}

#[cfg(feature = "cp-sat")]
pub(crate) use cp_sat::{found_from_cp, solve_cp};

/// The start-index model in `backend`'s family: the article's CP model on a CP backend, its
/// MILP form on a MILP backend.
pub(crate) fn solve(puzzle: &Nonogram, backend: Backend, options: &SolveOptions) -> Result<Found, Error> {
    #[cfg(feature = "cp-sat")]
    if backend.is(masu_core::Family::Cp) {
        return solve_cp(puzzle, backend, options);
    }
    solve_milp(puzzle, backend, options)
}

/// The MILP form and one binary per cell, row-major.
pub type StartIndexMilp = masu_core::Built<Milp, Variable>;

/// The start-index idea as a MILP (see the module documentation).
pub fn build_milp(puzzle: &Nonogram) -> StartIndexMilp {
    let mut milp = Milp::new();
    let cells = milp_cells(puzzle, &mut milp);
    for (clue, indices) in lines(puzzle) {
        let n = indices.len();
        let mut cover: Vec<Expression> = vec![Expression::from(0.0); n];
        let mut starts: Vec<Expression> = Vec::with_capacity(clue.len());
        for &length in clue {
            let x: Vec<Variable> = (0..=n - length).map(|_| milp.variables.add(variable().binary())).collect();
            milp.add(x.iter().copied().sum::<Expression>().eq(1));
            starts.push(x.iter().enumerate().map(|(s, &v)| s as f64 * v).sum());
            for (s, &v) in x.iter().enumerate() {
                for c in cover.iter_mut().skip(s).take(length) {
                    *c += v;
                }
            }
        }
        for j in 1..clue.len() {
            milp.add((starts[j].clone() - starts[j - 1].clone()).geq((clue[j - 1] + 1) as f64));
        }
        for (i, covered) in cover.into_iter().enumerate() {
            milp.add((covered - cells[indices[i]]).eq(0));
        }
    }
    StartIndexMilp { model: milp, vars: cells }
}

/// Reads cell binaries into grids and wraps a MILP outcome (shared with `patterns`).
pub(crate) fn found_from_milp(
    puzzle: &Nonogram,
    milp: &Milp,
    cells: &[Variable],
    backend: Backend,
    options: &SolveOptions,
    build_time: std::time::Duration,
) -> Result<Found, Error> {
    let found = milp.solve(backend, options, cells)?;
    let w = puzzle.width();
    let grids: Vec<Grid> = found
        .solutions
        .iter()
        .map(|values| cells.chunks(w).map(|row| row.iter().map(|v| values[v] > 0.5).collect()).collect())
        .collect();
    Ok(found.found(grids, found.stats(milp, build_time)))
}

pub(crate) fn solve_milp(puzzle: &Nonogram, backend: Backend, options: &SolveOptions) -> Result<Found, Error> {
    let (built, build_time) = timed(|| build_milp(puzzle));
    found_from_milp(puzzle, &built.model, &built.vars, backend, options, build_time)
}
