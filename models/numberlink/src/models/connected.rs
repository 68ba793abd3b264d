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
//! low ≤ Σ_c u_c ≤ high                      blanks: a slice of the count (below)
//! ```
//!
//! Entering `s_k` by the virtual arc, the circuit must leave it by real arcs of number `k`,
//! and can only take the next virtual arc at `t_k`: so the piece between is the path of `k`,
//! and every used cell lies on some pair's path. Arcs into a start or out of an end are left
//! out (the circuit could not take them). Solutions are counted on the arcs, so two that
//! differ only in which cells stay unused are the same only if their paths are.
//!
//! With the blanks rule, `crate::theory::uniqueness::induced_first` first counts *induced* solutions, with
//! `b_ck ∧ b_dk ⇒ a_cd ∨ a_dc` for neighbours: two neighbouring cells of one number are
//! consecutive on its path. With Booleans, also `¬b_ak ∨ ¬b_bk ∨ ¬b_ck ∨ ¬b_dk` for every
//! 2×2 block `a, b, c, d` ([`Numberlink::squares`]): implied (four cells of one number there
//! would be pairwise linked, a loop of four), but said at once instead of learnt.
//!
//! The induced count runs in disjoint slices by the number of blank cells
//! (`crate::theory::uniqueness::by_blanks`): none first, which is the fill rule's model (the easiest search),
//! then `low ≤ Σ_c u_c ≤ high` for one possible count at a time. It asks for two at most,
//! so it keeps only *canonical* solutions (`docs/counting.md`), and `crate::theory::uniqueness::reroute`
//! settles a single one: none with a shortcut through a blank cell `b`,
//! `u_b ⇒ ¬b_ck ∨ ¬b_dk` for two neighbours `c, d` of `b` opposite each other,
//! `u_b ⇒ ¬b_ck ∨ ¬b_dk ∨ b_ek` for two around a corner `e` (Booleans only), and none with
//! a ┌ or ┐ corner that could move down into the blank cell across its 2×2 block.
//!
//! On boards with long paths ([`booleans_pay`]) the numbers are Booleans and every
//! constraint but the circuit a clause; on others each cell has an integer `x_c` with
//! `a_cd ⇒ x_c = x_d` (and, induced, `x_c ≠ x_d` for neighbours neither linked nor unused),
//! whose smaller model wins where the search is easy. CP-SAT runs on one worker, without
//! presolve, LP or clause inprocessing ([`parameters`]): solves on this model are short, and
//! that work does not pay for itself in them. Constraints implied by the circuit
//! (`a_cd + a_dc ≤ 1`, undirected degrees) are left out.

use std::time::Instant;

use masu_core::{Clock, Error, SolveOptions, Stats};
use masu_cp::{BoolVar, CpModel, CpSolver, Domain, IntVar, LinearExpr};

use crate::puzzle::{Cell, Found, Numberlink, Paths, Rule};
use crate::theory::uniqueness::Slice;

/// A cell's number in the model.
#[derive(Clone, Debug)]
pub enum Number {
    /// `b_ck` for `k = 1..=K` (constants at the endpoints).
    Booleans(Vec<BoolVar>),
    /// `x_c` in `1..=K`, or `0..=K` with blanks (0: unused; a constant at the endpoints).
    Integer(IntVar),
}

impl Number {
    /// The number in an assignment (0: unused).
    pub fn value(&self, values: &[i64]) -> u32 {
        match self {
            Number::Booleans(ks) => ks.iter().position(|b| b.value_in(values)).map_or(0, |k| k as u32 + 1),
            Number::Integer(x) => values[x.index()] as u32,
        }
    }
}

/// The model, its cell numbers, and the real arcs `(from, to, literal)`.
#[derive(Debug)]
pub struct ConnectedModel {
    /// The CP-SAT model.
    pub model: CpModel,
    /// Each cell's number, row-major.
    pub numbers: Vec<Number>,
    /// The arcs between neighbours.
    pub arcs: Vec<(Cell, Cell, BoolVar)>,
    /// Each cell's self-loop `u_c` (taken: the cell is blank), where it can be blank.
    pub unused: Vec<Option<BoolVar>>,
}

/// Whether cell numbers are Booleans: on boards with at least 8 cells per pair (long
/// paths, a hard search; with shorter paths the search is easy and the Booleans' size
/// dominates). Their clauses grow with cells × pairs, so past 200,000 of those integers are
/// used unless the pairs are few (8 or fewer): thomasahle's 122×123 board with 62 pairs is
/// proven unique in seconds with integers, where Booleans (6.4 million clauses) do not load
/// in time.
pub fn booleans_pay(puzzle: &Numberlink) -> bool {
    let (cells, pairs) = (puzzle.width() * puzzle.height(), puzzle.pairs() as usize);
    cells >= 8 * pairs && (cells * pairs <= 200_000 || pairs <= 8)
}

/// Builds the circuit model; `induced` adds that neighbours of one number are linked;
/// `booleans` picks the encoding of the numbers (see [`booleans_pay`]). `None` once past
/// `deadline`: on thomasahle's 1002×1002 board the build alone takes 9 s.
pub fn build(puzzle: &Numberlink, induced: bool, booleans: bool, deadline: Option<Instant>) -> Option<ConnectedModel> {
    // Looks at the clock every 4096 steps of a loop.
    let late = |step: usize| step.is_multiple_of(4096) && deadline.is_some_and(|d| Instant::now() >= d);
    let mut model = CpModel::new();
    let pairs = puzzle.pairs() as usize;
    let cells = puzzle.width() * puzzle.height();
    let yes = model.new_bool_var();
    model.add_bool_and([yes]);
    let clue = |i: usize| puzzle.at((i / puzzle.width(), i % puzzle.width()));
    let mut circuit: Vec<(i32, i32, BoolVar)> = Vec::new();
    let mut numbers = Vec::with_capacity(cells);
    let mut unused = Vec::with_capacity(cells);
    for i in 0..cells {
        if late(i) {
            return None;
        }
        if clue(i) != 0 {
            numbers.push(if booleans {
                Number::Booleans((1..=pairs).map(|k| if k == clue(i) as usize { yes } else { !yes }).collect())
            } else {
                Number::Integer(model.new_constant(i64::from(clue(i))))
            });
            unused.push(None);
            continue;
        }
        let u = (puzzle.rule == Rule::Blanks).then(|| model.new_bool_var());
        if let Some(u) = u {
            circuit.push((i as i32, i as i32, u));
        }
        unused.push(u);
        if booleans {
            let ks: Vec<BoolVar> = (0..pairs).map(|_| model.new_bool_var()).collect();
            model.add_exactly_one(ks.iter().copied().chain(u));
            numbers.push(Number::Booleans(ks));
        } else {
            let x = model.new_int_var(if u.is_some() { 0 } else { 1 }, pairs as i64);
            if let Some(u) = u {
                model.add_eq(x, 0).only_enforce_if([u]);
                model.add_ne(x, 0).only_enforce_if([!u]);
            }
            numbers.push(Number::Integer(x));
        }
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
    for (step, (a, b)) in puzzle.edges().into_iter().enumerate() {
        if late(step) {
            return None;
        }
        for (from, to) in [(a, b), (b, a)] {
            let (f, t) = (puzzle.index(from), puzzle.index(to));
            if ends[f] || starts[t] {
                continue;
            }
            let arc = model.new_bool_var();
            match (&numbers[f], &numbers[t]) {
                (Number::Booleans(here), Number::Booleans(there)) => {
                    for k in (0..pairs).filter(|&k| !never(f, k)) {
                        model.add_bool_or([!arc, !here[k], there[k]]);
                    }
                }
                (&Number::Integer(here), &Number::Integer(there)) => {
                    model.add_eq(here, there).only_enforce_if([arc]);
                }
                _ => {} // one encoding per model
            }
            circuit.push((f as i32, t as i32, arc));
            arcs.push((from, to, arc));
            arc_at.insert((f, t), arc);
        }
    }
    if induced {
        for (step, (a, b)) in puzzle.edges().into_iter().enumerate() {
            if late(step) {
                return None;
            }
            let (i, j) = (puzzle.index(a), puzzle.index(b));
            let links: Vec<BoolVar> = [(i, j), (j, i)].iter().filter_map(|e| arc_at.get(e).copied()).collect();
            match (&numbers[i], &numbers[j]) {
                (Number::Booleans(here), Number::Booleans(there)) => {
                    for k in (0..pairs).filter(|&k| !never(i, k) && !never(j, k)) {
                        model.add_bool_or([!here[k], !there[k]].into_iter().chain(links.iter().copied()));
                    }
                }
                (&Number::Integer(here), &Number::Integer(there)) => {
                    // Not linked and `i` used: different numbers.
                    let enforced = links.iter().map(|&l| !l).chain(unused[i].map(|u| !u));
                    model.add_ne(here, there).only_enforce_if(enforced);
                }
                _ => {} // one encoding per model
            }
        }
        for (step, square) in puzzle.squares().into_iter().enumerate() {
            if late(step) {
                return None;
            }
            if let [Number::Booleans(a), Number::Booleans(b), Number::Booleans(c), Number::Booleans(d)] =
                square.map(|i| &numbers[i])
            {
                for k in (0..pairs).filter(|&k| square.iter().all(|&i| !never(i, k))) {
                    model.add_bool_or([!a[k], !b[k], !c[k], !d[k]]);
                }
            }
        }
    }
    model.add_circuit(&circuit);
    Some(ConnectedModel { model, numbers, arcs, unused })
}

/// No path can be shortcut through a blank cell `b` (`crate::theory::uniqueness::by_blanks`): for its
/// neighbours `c, d` and number `k`, `u_b ⇒ ¬b_ck ∨ ¬b_dk` (`∨ b_ek` around a corner `e`).
/// With Booleans only: integer numbers are used where paths are short and the search easy.
fn forbid_shortcuts(puzzle: &Numberlink, built: &mut ConnectedModel) {
    let ConnectedModel { model, numbers, unused, .. } = built;
    let booleans = |i: usize| match &numbers[i] {
        Number::Booleans(ks) => Some(ks.as_slice()),
        Number::Integer(_) => None,
    };
    for (b, c, d, e) in puzzle.shortcuts() {
        let Some(u) = unused[b] else { continue };
        let (Some(cs), Some(ds)) = (booleans(c), booleans(d)) else { return };
        let es = e.and_then(booleans);
        for k in 0..cs.len() {
            model.add_bool_or([!u, !cs[k], !ds[k]].into_iter().chain(es.map(|es| es[k])));
        }
    }
}

/// No ┌ or ┐ corner has a blank cell across its 2×2 block (it could move down into it):
/// `¬l_cr ∨ ¬l_cs ∨ ¬u_d` for a corner `c`, `r` beside it, `s` below it, `d` across, each
/// link `l` either of its arcs.
fn forbid_corners_moving_down(puzzle: &Numberlink, built: &mut ConnectedModel) {
    let ConnectedModel { model, arcs, unused, .. } = built;
    let mut arcs_of: std::collections::HashMap<(usize, usize), Vec<BoolVar>> = std::collections::HashMap::new();
    for &(a, b, arc) in arcs.iter() {
        let (i, j) = (puzzle.index(a), puzzle.index(b));
        arcs_of.entry((i.min(j), i.max(j))).or_default().push(arc);
    }
    let none = Vec::new();
    for (here, side, below, across) in puzzle.corners_down() {
        let Some(u) = unused[across] else { continue };
        let down = arcs_of.get(&(here, below)).unwrap_or(&none);
        let beside = arcs_of.get(&(here.min(side), here.max(side))).unwrap_or(&none);
        for &a in down {
            for &b in beside {
                model.add_bool_or([!a, !b, !u]);
            }
        }
    }
}

/// The paths of an assignment: the taken arcs, traced.
pub fn paths_of(puzzle: &Numberlink, built: &ConnectedModel, values: &[i64]) -> Paths {
    let links: Vec<(Cell, Cell)> =
        built.arcs.iter().filter(|(_, _, arc)| arc.value_in(values)).map(|&(a, b, _)| (a, b)).collect();
    Paths::trace(puzzle, &links, |cell| built.numbers[puzzle.index(cell)].value(values))
}

/// The solver settings this model runs with: one worker unless `options.threads` says
/// otherwise, no presolve, no LP relaxation, no clause inprocessing (see the module doc).
pub fn parameters(options: &SolveOptions) -> CpSolver {
    let mut solver = options.cp_sat_solver();
    solver.parameters.workers = Some(options.threads.unwrap_or(1));
    solver.parameters.presolve = Some(false);
    solver.parameters.linearization_level = Some(0);
    solver.parameters.sat_inprocessing = Some(false);
    solver
}

pub(crate) fn solve(puzzle: &Numberlink, options: &SolveOptions) -> Result<Found, Error> {
    solve_with(puzzle, options, booleans_pay(puzzle))
}

fn solve_with(puzzle: &Numberlink, options: &SolveOptions, booleans: bool) -> Result<Found, Error> {
    let clock = options.clock();
    let mut solver = parameters(options);
    let mut stats = Stats::default();
    let found = crate::theory::uniqueness::induced_first(puzzle, options.solution_limit, |induced, limit| {
        if !induced {
            return count(puzzle, None, false, booleans, &mut solver, &clock, limit, &mut stats);
        }
        // The induced stage asks for two at most: canonical solutions settle that.
        crate::theory::uniqueness::by_blanks(puzzle, limit, |slice, limit| {
            count(puzzle, Some(slice), true, booleans, &mut solver, &clock, limit, &mut stats)
        })
    })?;
    Ok(Found { stats, ..found }.by(masu_core::Backend::CpSat))
}

/// Counts up to `limit` solutions before `clock` says stop: all of them (`slice` none), or the
/// induced ones in `slice` (the fill rule's model for no blanks), only canonical ones with
/// `canonical`.
#[allow(clippy::too_many_arguments)]
fn count(
    puzzle: &Numberlink,
    slice: Option<Slice>,
    canonical: bool,
    booleans: bool,
    solver: &mut CpSolver,
    clock: &Clock,
    limit: usize,
    stats: &mut Stats,
) -> Result<Found, Error> {
    let started = Instant::now();
    let fill = Numberlink { rule: Rule::Fill, ..puzzle.clone() };
    let board = if slice.as_ref().is_some_and(|s| s.blanks == (0..=0)) { &fill } else { puzzle };
    let Some(mut built) = build(board, slice.is_some(), booleans, clock.deadline()) else {
        let run = Stats { build_time: started.elapsed(), ..Stats::default() }; // out of time while building
        *stats = std::mem::take(stats).then(run);
        return Ok(Found::new(Vec::new(), false, Stats::default()));
    };
    if let Some(Slice { blanks, shortcut_free }) = slice.filter(|_| board.rule == Rule::Blanks) {
        let unused: LinearExpr = built.unused.iter().flatten().copied().sum();
        built.model.add_linear_in(unused, &Domain::new(*blanks.start() as i64, *blanks.end() as i64));
        if shortcut_free || canonical {
            forbid_shortcuts(board, &mut built);
        }
        if canonical {
            forbid_corners_moving_down(board, &mut built);
        }
    }
    let build_time = started.elapsed();
    let started = Instant::now();
    solver.parameters.time_limit = clock.left();
    let projection: Vec<IntVar> = built.arcs.iter().map(|(_, _, arc)| arc.variable()).collect();
    let found = masu_core::cp::on_cp_sat(solver, &built.model, &projection, limit, clock, Default::default())?;
    let run = Stats::of_cp_sat(&built.model, &found, build_time, started.elapsed());
    *stats = std::mem::take(stats).then(run);
    let solutions = found.solutions.iter().map(|values| paths_of(board, &built, values)).collect();
    Ok(Found::new(solutions, found.complete, Stats::default()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testkit::{assert_same_count, boards, with_blank_row};

    /// Booleans on long paths unless cells × pairs is large with many pairs.
    #[test]
    fn booleans_where_they_pay() {
        let board = |side: usize, pairs: usize| {
            let mut cells = vec![0; side * side];
            for (i, cell) in cells.iter_mut().take(2 * pairs).enumerate() {
                *cell = i as u32 / 2 + 1;
            }
            Numberlink::new(cells.chunks(side).map(<[u32]>::to_vec).collect(), Rule::Blanks).unwrap()
        };
        let pay = |side, pairs| booleans_pay(&board(side, pairs));
        assert!(pay(48, 40) && pay(1002, 4));
        assert!(!pay(15, 40) && !pay(123, 62));
    }

    /// Out of time, no model is built.
    #[test]
    fn the_build_stops_at_the_deadline() {
        let puzzle = &boards(4..5, Rule::Blanks)[0];
        for booleans in [true, false] {
            assert!(build(puzzle, true, booleans, Some(Instant::now())).is_none());
            assert!(build(puzzle, true, booleans, None).is_some());
        }
    }

    /// The slices by blank count (`crate::theory::uniqueness::by_blanks`) count exactly the induced solutions
    /// the native search finds, up to 1, 2 and 10, though the last slices leave out
    /// solutions with a shortcut when one more solution settles the count.
    #[test]
    fn slices_count_the_induced_solutions() {
        let all = SolveOptions { solution_limit: 100, ..SolveOptions::default() };
        let (mut checked, mut shortcuts) = (0, 0);
        let odd = boards(3..4, Rule::Blanks).iter().map(with_blank_row).collect::<Vec<_>>();
        for puzzle in boards(3..5, Rule::Blanks).into_iter().chain(odd) {
            let (induced, exhausted) = crate::native::count_by_search(&puzzle, true, 100, &all);
            if !exhausted {
                continue;
            }
            for limit in [1, 2, 10] {
                let (mut solver, mut stats) = (parameters(&all), Stats::default());
                let clock = all.clock();
                let found = crate::theory::uniqueness::by_blanks(&puzzle, limit, |slice, limit| {
                    shortcuts += usize::from(slice.shortcut_free && *slice.blanks.start() > 0);
                    count(&puzzle, Some(slice), false, true, &mut solver, &clock, limit, &mut stats)
                })
                .unwrap();
                let (ours, exhausted) = (found.solutions, found.complete);
                assert_eq!(ours.len(), induced.len().min(limit), "limit {limit}: {puzzle:?}");
                assert!(ours.len() == limit || exhausted, "limit {limit}: {puzzle:?}");
                assert!(ours.iter().all(|p| induced.contains(p)), "limit {limit}: {puzzle:?}");
                checked += 1;
            }
        }
        assert!(checked > 50 && shortcuts > 20, "{checked} counts, {shortcuts} slices without shortcuts");
    }

    /// Both encodings of the numbers count alike up to 30 and, where that is every solution,
    /// find the same ones (under the blanks rule through the induced model and its fill-rule
    /// hint too).
    #[test]
    fn integer_and_boolean_numbers_agree() {
        let options = SolveOptions { solution_limit: 30, ..SolveOptions::default() };
        let (mut encodings, mut complete) = ([0, 0], 0);
        for (rule, sizes) in [(Rule::Fill, 3..7), (Rule::Blanks, 3..5)] {
            let odd =
                if rule == Rule::Blanks { boards(3..4, rule).iter().map(with_blank_row).collect() } else { vec![] };
            for puzzle in boards(sizes, rule).into_iter().chain(odd) {
                encodings[usize::from(booleans_pay(&puzzle))] += 1;
                let [a, b] = [true, false].map(|booleans| solve_with(&puzzle, &options, booleans).unwrap());
                assert_same_count(&a, &b, &format!("{puzzle:?}"));
                complete += usize::from(a.complete);
            }
        }
        // The boards exercise both defaults.
        assert!(encodings.iter().all(|&n| n > 0), "{encodings:?}");
        assert!(complete > 20, "{complete}");
    }
}
