//! The flaw of article 001 removed: all paths are pieces of one circuit, so no loop can be
//! detached from the endpoints.
//!
//! Nodes are the cells. For every pair of neighbours `c, d`, arcs `a_cd` and `a_dc`; for
//! every pair `k` with endpoints `s_k, t_k`, a virtual arc `t_k → s_{k+1}` (cyclically) that
//! is always taken; with the blanks rule, a self-loop `u_c` on every non-endpoint cell
//! (taken = the cell is unused). Each cell has one Boolean `b_ck` per number `k` (constants
//! at the endpoints):
//!
//! ```text
//! circuit(all arcs)                         one Hamiltonian circuit over the used cells
//! Σ_k b_ck (+ u_c) = 1                      a cell has one number, or none (blanks)
//! a_cd ∧ b_ck ⇒ b_dk                        a path keeps its number
//! ```
//!
//! Entering `s_k` by the virtual arc, the circuit must leave it by real arcs of number `k`,
//! and can only take the next virtual arc at `t_k`: so the piece between is the path of `k`,
//! and every used cell lies on some pair's path. Arcs into a start or out of an end are left
//! out (the circuit could not take them). Solutions are counted on the arcs, so two that
//! differ only in which cells stay unused are the same only if their paths are.
//!
//! With the blanks rule, [`crate::induced_first`] first counts *induced* solutions, with
//! `b_ck ∧ b_dk ⇒ a_cd ∨ a_dc` for neighbours: two neighbouring cells of one number are
//! consecutive on its path.
//!
//! Under the blanks rule the induced model is hinted with an induced solution of the fill
//! rule's model, when one turns up within a quarter of the time left: that model is far
//! easier (flow-solver levels take milliseconds) and 348 of janko's 352 solutions fill
//! their boards. On the 40 largest janko boards this finds a first solution in 0.2–0.7 s
//! where the blanks model alone took 2–12 s or more. The hint only guides the search; the
//! count is the blanks model's.
//!
//! The numbers are Booleans and every constraint but the circuit a clause, and CP-SAT runs
//! on one worker, without presolve or LP ([`parameters`]): measured on the 17 flow-solver
//! levels, that is several times faster than integer cell numbers (`a_cd ⇒ x_c = x_d`) on
//! CP-SAT's defaults (extreme_12x12_30: 1 s instead of 6 s, counting the proof of
//! uniqueness; two workers or the LP each made it slower).
//!
//! Tried and dropped: `a_cd + a_dc ≤ 1`, `Σ_d b_dk ≥ 2` around a middle cell of number
//! `k`, and undirected degree constraints, all implied by the circuit: none helped.

use std::time::{Duration, Instant};

use masu_core::{Error, SolveOptions, Stats};
use masu_cpsat::{BoolVar, CpModel, CpSolver, IntVar};

use crate::{Cell, Found, Numberlink, Paths, Rule};

/// The model, its cell numbers, and the real arcs `(from, to, literal)`.
#[derive(Debug)]
pub struct ConnectedModel {
    /// The CP-SAT model.
    pub model: CpModel,
    /// `numbers[c][k - 1]` = `b_ck`, cells row-major.
    pub numbers: Vec<Vec<BoolVar>>,
    /// The arcs between neighbours.
    pub arcs: Vec<(Cell, Cell, BoolVar)>,
}

/// Builds the circuit model; `induced` adds that neighbours of one number are linked.
pub fn build(puzzle: &Numberlink, induced: bool) -> ConnectedModel {
    let mut model = CpModel::new();
    let pairs = puzzle.pairs() as usize;
    let cells = puzzle.width() * puzzle.height();
    let yes = model.new_bool_var();
    model.add_bool_and([yes]);
    let clue = |i: usize| puzzle.at((i / puzzle.width(), i % puzzle.width()));
    let mut circuit: Vec<(i32, i32, BoolVar)> = Vec::new();
    let mut numbers = Vec::with_capacity(cells);
    for i in 0..cells {
        if clue(i) != 0 {
            numbers.push((1..=pairs).map(|k| if k == clue(i) as usize { yes } else { !yes }).collect());
            continue;
        }
        let ks: Vec<BoolVar> = (0..pairs).map(|_| model.new_bool_var()).collect();
        let mut one_of = ks.clone();
        if puzzle.rule == Rule::Blanks {
            let unused = model.new_bool_var();
            circuit.push((i as i32, i as i32, unused));
            one_of.push(unused);
        }
        model.add_exactly_one(one_of);
        numbers.push(ks);
    }
    let mut starts = vec![false; cells];
    let mut ends = vec![false; cells];
    for k in 1..=puzzle.pairs() {
        let (s, t) = puzzle.endpoints(k);
        starts[puzzle.index(s)] = true;
        ends[puzzle.index(t)] = true;
        let (s_next, _) = puzzle.endpoints(k % puzzle.pairs() + 1);
        circuit.push((puzzle.index(t) as i32, puzzle.index(s_next) as i32, yes));
    }
    // A number that cannot hold at a cell: the other numbers' endpoints.
    let never = |i: usize, k: usize| clue(i) != 0 && clue(i) as usize != k + 1;
    let mut arcs = Vec::new();
    let mut arc_at = std::collections::HashMap::new();
    for (a, b) in puzzle.edges() {
        for (from, to) in [(a, b), (b, a)] {
            let (f, t) = (puzzle.index(from), puzzle.index(to));
            if ends[f] || starts[t] {
                continue;
            }
            let arc = model.new_bool_var();
            for k in (0..pairs).filter(|&k| !never(f, k)) {
                model.add_bool_or([!arc, !numbers[f][k], numbers[t][k]]);
            }
            circuit.push((f as i32, t as i32, arc));
            arcs.push((from, to, arc));
            arc_at.insert((f, t), arc);
        }
    }
    if induced {
        for (a, b) in puzzle.edges() {
            let (i, j) = (puzzle.index(a), puzzle.index(b));
            let links: Vec<BoolVar> = [(i, j), (j, i)].iter().filter_map(|e| arc_at.get(e).copied()).collect();
            for k in (0..pairs).filter(|&k| !never(i, k) && !never(j, k)) {
                model.add_bool_or([!numbers[i][k], !numbers[j][k]].into_iter().chain(links.iter().copied()));
            }
        }
    }
    model.add_circuit(&circuit);
    ConnectedModel { model, numbers, arcs }
}

/// The paths of an assignment: the taken arcs, traced.
pub fn paths_of(puzzle: &Numberlink, built: &ConnectedModel, values: &[i64]) -> Paths {
    let taken = |literal: BoolVar| (values[literal.index()] != 0) != literal.is_negated();
    let links: Vec<(Cell, Cell)> =
        built.arcs.iter().filter(|&&(_, _, arc)| taken(arc)).map(|&(a, b, _)| (a, b)).collect();
    Paths::trace(puzzle, &links, |cell| {
        let ks = &built.numbers[puzzle.index(cell)];
        ks.iter().position(|&b| taken(b)).map_or(0, |k| k as u32 + 1)
    })
}

/// The solver settings this model runs with: one worker unless `options.threads` says
/// otherwise, no presolve, no LP relaxation (see the module notes for the measurements).
pub fn parameters(options: &SolveOptions) -> CpSolver {
    let mut solver = options.cp_sat_solver();
    solver.parameters.workers = Some(options.threads.unwrap_or(1));
    solver.parameters.presolve = Some(false);
    solver.parameters.linearization_level = Some(0);
    solver
}

/// An induced solution that fills the board, for a board under the blanks rule: the fill
/// rule's induced model solved within `budget`, as `(built model, values)`.
fn filling(
    puzzle: &Numberlink,
    solver: &CpSolver,
    budget: Duration,
) -> Result<Option<(ConnectedModel, Vec<i64>)>, Error> {
    let mut fill = puzzle.clone();
    fill.rule = Rule::Fill;
    let built = build(&fill, true);
    let mut solver = solver.clone();
    solver.parameters.time_limit = Some(solver.parameters.time_limit.map_or(budget, |t| t.min(budget)));
    let response = solver.solve(&built.model)?;
    Ok(response.has_solution().then_some((built, response.values)))
}

/// Hints `built` with the solution `values` of `fill` (built for the same board).
fn hint(puzzle: &Numberlink, built: &mut ConnectedModel, fill: &ConnectedModel, values: &[i64]) {
    for (&(_, _, from), &(_, _, to)) in fill.arcs.iter().zip(&built.arcs) {
        built.model.add_hint(to.variable(), values[from.index()]);
    }
    for (i, (from, to)) in fill.numbers.iter().zip(&built.numbers).enumerate() {
        if puzzle.at((i / puzzle.width(), i % puzzle.width())) == 0 {
            for (&from, &to) in from.iter().zip(to) {
                built.model.add_hint(to.variable(), values[from.index()]);
            }
        }
    }
}

pub(crate) fn solve(puzzle: &Numberlink, options: &SolveOptions) -> Result<Found, Error> {
    let deadline = options.time_limit.map(|t| Instant::now() + t);
    let mut solver = parameters(options);
    let mut stats = Stats::default();
    let (solutions, complete) = crate::induced_first(puzzle, options.solution_limit, |induced, limit| {
        let started = Instant::now();
        let mut built = build(puzzle, induced);
        let build_time = started.elapsed();
        let started = Instant::now();
        let mut hinted = 0;
        solver.parameters.time_limit = deadline.map(|d| d.saturating_duration_since(Instant::now()));
        if induced && puzzle.rule == Rule::Blanks {
            let budget = solver.parameters.time_limit.map_or(Duration::from_secs(10), |t| t / 4);
            hinted = 1;
            if let Some((fill, values)) = filling(puzzle, &solver, budget)? {
                hint(puzzle, &mut built, &fill, &values);
            }
            solver.parameters.time_limit = deadline.map(|d| d.saturating_duration_since(Instant::now()));
        }
        let projection: Vec<IntVar> = built.arcs.iter().map(|(_, _, arc)| arc.variable()).collect();
        let found = solver.enumerate(&built.model, limit, &projection)?;
        let mut run = Stats::of_cp_sat(&built.model, &found, build_time, started.elapsed(), solver.parameters.workers);
        run.solves += hinted;
        stats = std::mem::take(&mut stats).then(run);
        let solutions = found.solutions.iter().map(|values| paths_of(puzzle, &built, values)).collect();
        Ok::<_, Error>((solutions, found.complete))
    })?;
    Ok(Found { solutions, complete, stats })
}
