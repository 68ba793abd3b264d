//! Article 001 (「OR-Toolsでナンバーリンクを解く」): reified equalities between neighbours.
//!
//! As the article's code runs (`zero = false`), on an `n`-cell board with `m` numbers:
//!
//! ```text
//! x_c ∈ [1, m]                                   (prose variant: [0, m], 0 = unused)
//! x_c = k                                        for every endpoint c of k
//! e_cd ⇔ (x_c = x_d)                             for every cell c and neighbour d
//! f_c ⇔ (x_c ≠ 0),   f_c ⇒ Σ_d e_cd = (1 if c is an endpoint else 2)
//! ```
//!
//! The degree constraints are local: a closed loop of one number, detached from its
//! endpoints, satisfies them, and so does a loop of a number beyond the pairs when `m` is
//! larger. Faithful means faithful: the flaw is kept, and such an answer fails the checker.
//! Solutions are counted on the cell values, as the article's callback counts them.

use std::time::Instant;

use masu_core::{Backend, Error, SolveOptions, Stats};
use masu_cp::{BoolVar, CpModel, IntVar, LinearExpr};

use crate::puzzle::{Cell, Found, Numberlink, Paths};

/// The article's model and its cell variables, row-major.
#[derive(Debug)]
pub struct ReifiedModel {
    /// The CP-SAT model.
    pub model: CpModel,
    /// `x_c`, row-major.
    pub cells: Vec<IntVar>,
}

/// Builds the article's model with numbers `1..=m` (`0..=m` with `zero`). `None` once past
/// `deadline`: on thomasahle's 1002×1002 board the build alone takes 10 s.
pub fn build(puzzle: &Numberlink, m: u32, zero: bool, deadline: Option<Instant>) -> Option<ReifiedModel> {
    let mut model = CpModel::new();
    let (w, h) = (puzzle.width(), puzzle.height());
    let lower = if zero { 0 } else { 1 };
    let cells: Vec<IntVar> = (0..w * h)
        .map(|i| model.new_int_var_in(&masu_cp::Domain::new(lower, i64::from(m)), &format!("cell_{}_{}", i / w, i % w)))
        .collect();
    for r in 0..h {
        // Looks at the clock every row.
        if deadline.is_some_and(|d| Instant::now() >= d) {
            return None;
        }
        for c in 0..w {
            let here = cells[r * w + c];
            let clue = puzzle.at((r, c));
            if clue != 0 {
                model.add_eq(here, i64::from(clue));
            }
            let mut same: Vec<BoolVar> = Vec::new();
            for (nr, nc) in puzzle.neighbours((r, c)) {
                let e = model.new_bool_var();
                model.add_eq(here, cells[nr * w + nc]).only_enforce_if([e]);
                model.add_ne(here, cells[nr * w + nc]).only_enforce_if([!e]);
                same.push(e);
            }
            let degree = if clue == 0 { 2 } else { 1 };
            let used = model.new_bool_var();
            model.add_ne(here, 0).only_enforce_if([used]);
            model.add_eq(here, 0).only_enforce_if([!used]);
            model.add_eq(same.into_iter().map(LinearExpr::from).sum::<LinearExpr>(), degree).only_enforce_if([used]);
        }
    }
    Some(ReifiedModel { model, cells })
}

/// The paths an assignment draws: links between equal non-zero neighbours.
pub fn paths_of(puzzle: &Numberlink, values: &[i64], cells: &[IntVar]) -> Paths {
    let w = puzzle.width();
    let value = |(r, c): Cell| values[cells[r * w + c].index()] as u32;
    let links: Vec<(Cell, Cell)> =
        puzzle.edges().into_iter().filter(|&(a, b)| value(a) != 0 && value(a) == value(b)).collect();
    let mut paths = Paths::trace(puzzle, &links, value);
    // Cells the article's model fills without any link (impossible with degree ≥ 1) or with
    // a number of its own stay in the grid as the model set them.
    for r in 0..puzzle.height() {
        for c in 0..w {
            if paths.numbers[r][c] == 0 {
                paths.numbers[r][c] = value((r, c));
            }
        }
    }
    paths
}

pub(crate) fn solve(puzzle: &Numberlink, backend: Backend, zero: bool, options: &SolveOptions) -> Result<Found, Error> {
    let clock = options.clock();
    let started = clock.started();
    let Some(built) = build(puzzle, puzzle.pairs(), zero, clock.deadline()) else {
        let stats = Stats { build_time: started.elapsed(), ..Stats::default() }; // out of time while building
        return Ok(Found::new(Vec::new(), false, stats));
    };
    let build_time = started.elapsed();
    let started = Instant::now();
    let found = masu_core::cp::enumerate(backend, &built.model, &built.cells, options, Default::default())?;
    let stats = Stats::of_cp_sat(&built.model, &found, build_time, started.elapsed());
    let solutions = found.solutions.iter().map(|values| paths_of(puzzle, values, &built.cells)).collect();
    Ok(Found::new(solutions, found.complete, stats))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::Rule;

    /// Out of time, no model is built, and the solve ends without an answer.
    #[test]
    fn the_build_stops_at_the_deadline() {
        let rows = [[0, 1, 0, 3, 2], [0, 0, 0, 0, 0], [0, 0, 2, 0, 1], [0, 0, 0, 3, 0], [0, 0, 0, 0, 0]]; // article 001's
        let puzzle = &Numberlink::new(rows.iter().map(|r| r.to_vec()).collect(), Rule::Fill).unwrap();
        assert!(build(puzzle, puzzle.pairs(), false, Some(Instant::now())).is_none());
        assert!(build(puzzle, puzzle.pairs(), false, None).is_some());
        let late = SolveOptions {
            clock: masu_core::Clock::within(Some(std::time::Duration::ZERO)),
            ..SolveOptions::default()
        };
        let found = solve(puzzle, Backend::CpSat, false, &late).unwrap();
        assert!(found.solutions.is_empty() && !found.complete);
        assert!(!solve(puzzle, Backend::CpSat, false, &SolveOptions::default()).unwrap().solutions.is_empty());
    }
}
