//! The flaw of article 001 removed: all paths are pieces of one circuit, so no loop can be
//! detached from the endpoints.
//!
//! Nodes are the cells. For every pair of neighbours `c, d`, arcs `a_cd` and `a_dc`; for
//! every pair `k` with endpoints `s_k, t_k`, a virtual arc `t_k → s_{k+1}` (cyclically) that
//! is always taken; with the blanks rule, a self-loop `u_c` on every non-endpoint cell
//! (taken = the cell is unused). Each cell has a number `x_c`:
//!
//! ```text
//! circuit(all arcs)                         one Hamiltonian circuit over the used cells
//! a_cd ⇒ x_c = x_d                          a path keeps its number
//! x_{s_k} = x_{t_k} = k                      endpoints;   u_c ⇒ x_c = 0
//! ```
//!
//! Entering `s_k` by the virtual arc, the circuit must leave it by real arcs of number `k`,
//! and can only take the next virtual arc at `t_k`: so the piece between is the path of `k`,
//! and every used cell lies on some pair's path. Solutions are counted on the arcs, so two
//! that differ only in which cells stay unused are the same only if their paths are.
//!
//! Tried and dropped: solving first for *induced* solutions (`x_c = x_d ∧ ¬u_c ⇒ a_cd ∨ a_dc`
//! for neighbours: no path touches itself), as the native search does under the blanks rule.
//! On the 40 largest janko boards it settled the same 3 at 10 s (on the others CP-SAT finds
//! no solution at all in that time, with or without it); under the fill rule, run with cells
//! free to stay unused, it made the flow-solver levels slower (median 0.74 s against 0.19 s).

use masu_core::{Error, SolveOptions, Stats};
use masu_cpsat::{BoolVar, CpModel, IntVar};

use crate::{Cell, Found, Numberlink, Paths, Rule};

/// The model, its cell numbers, and the real arcs `(from, to, literal)`.
#[derive(Debug)]
pub struct ConnectedModel {
    /// The CP-SAT model.
    pub model: CpModel,
    /// `x_c`, row-major.
    pub numbers: Vec<IntVar>,
    /// The arcs between neighbours.
    pub arcs: Vec<(Cell, Cell, BoolVar)>,
}

/// Builds the circuit model.
pub fn build(puzzle: &Numberlink) -> ConnectedModel {
    let mut model = CpModel::new();
    let (w, h) = (puzzle.width(), puzzle.height());
    let lower = if puzzle.rule == Rule::Fill { 1 } else { 0 };
    let numbers: Vec<IntVar> = (0..w * h)
        .map(|i| {
            let clue = puzzle.at((i / w, i % w));
            if clue != 0 {
                model.new_constant(i64::from(clue))
            } else {
                model.new_int_var(lower, i64::from(puzzle.pairs()))
            }
        })
        .collect();
    let mut circuit: Vec<(i32, i32, BoolVar)> = Vec::new();
    let mut arcs = Vec::new();
    for (a, b) in puzzle.edges() {
        for (from, to) in [(a, b), (b, a)] {
            let arc = model.new_bool_var();
            model.add_eq(numbers[puzzle.index(from)], numbers[puzzle.index(to)]).only_enforce_if([arc]);
            circuit.push((puzzle.index(from) as i32, puzzle.index(to) as i32, arc));
            arcs.push((from, to, arc));
        }
    }
    let taken = model.new_bool_var();
    model.add_bool_and([taken]);
    for k in 1..=puzzle.pairs() {
        let (_, t) = puzzle.endpoints(k);
        let (s_next, _) = puzzle.endpoints(k % puzzle.pairs() + 1);
        circuit.push((puzzle.index(t) as i32, puzzle.index(s_next) as i32, taken));
    }
    if puzzle.rule == Rule::Blanks {
        for (i, &number) in numbers.iter().enumerate() {
            if puzzle.at((i / w, i % w)) == 0 {
                let unused = model.new_bool_var();
                model.add_eq(number, 0).only_enforce_if([unused]);
                model.add_ne(number, 0).only_enforce_if([!unused]);
                circuit.push((i as i32, i as i32, unused));
            }
        }
    }
    model.add_circuit(&circuit);
    ConnectedModel { model, numbers, arcs }
}

/// The paths of an assignment: the taken arcs, traced.
pub fn paths_of(puzzle: &Numberlink, built: &ConnectedModel, values: &[i64]) -> Paths {
    let links: Vec<(Cell, Cell)> =
        built.arcs.iter().filter(|(_, _, arc)| values[arc.index()] != 0).map(|&(a, b, _)| (a, b)).collect();
    Paths::trace(puzzle, &links, |cell| values[built.numbers[puzzle.index(cell)].index()] as u32)
}

pub(crate) fn solve(puzzle: &Numberlink, options: &SolveOptions) -> Result<Found, Error> {
    let started = std::time::Instant::now();
    let built = build(puzzle);
    let build_time = started.elapsed();
    let projection: Vec<IntVar> = built.arcs.iter().map(|(_, _, arc)| arc.variable()).collect();
    let started = std::time::Instant::now();
    let found = options.cp_sat_solver().enumerate(&built.model, options.solution_limit, &projection)?;
    let stats = Stats::of_cp_sat(&built.model, &found, build_time, started.elapsed(), options.threads);
    let solutions = found.solutions.iter().map(|values| paths_of(puzzle, &built, values)).collect();
    Ok(Found { solutions, complete: found.complete, stats })
}
