//! The clause-learning stage of the [native](crate::native) search: the puzzle as CNF,
//! searched by CaDiCaL (compiled into masu from the `cadical` crate, as for nonograms), with
//! connectivity propagated inside its search.
//!
//! Depth-first path growing repeats the same failure in one subtree after another on boards
//! with long winding paths; a conflict-driven search learns a clause from each failure. The
//! native search hands over to this stage past a budget of nodes ([`crate::native`]).
//!
//! For cells `c`, numbers `k = 1..K` and neighbours `c, d`:
//!
//! ```text
//! x_ck                   cell c has number k;  exactly one of x_c1..x_cK (and u_c, unused,
//!                        with the blanks rule); x_ck fixed at the endpoints
//! e_cd                   c and d are consecutive on a path
//! e_cd ∧ x_ck ⇒ x_dk,   e_cd ⇒ ¬u_c ∧ ¬u_d
//! Σ_d e_cd = 1           at an endpoint;   Σ_d e_cd = 2 at a used cell, 0 at an unused one
//! induced: x_ck ∧ x_dk ⇒ e_cd,  ¬x_ak ∨ ¬x_bk ∨ ¬x_ck ∨ ¬x_dk   for every 2×2 block a, b, c, d
//! canonical: ¬e_cr ∨ ¬e_cs ∨ ¬u_d    for every ┌ or ┐ corner c (r beside it, s below it)
//!                                    whose cell d across the 2×2 block may stay blank
//!            ¬u_b ∨ ¬x_ck ∨ ¬x_dk        c, d opposite each other around b
//!            ¬u_b ∨ ¬x_ck ∨ ¬x_dk ∨ x_ek  c, d around a corner of b, e the fourth cell
//! square:    ¬e_1 ∨ ¬e_2 ∨ ¬e_3          any three of the four links around a 2×2 block
//! nested:    ¬e_cr ∨ ¬e_cs ∨ f           a ┌ or ┐ corner c, f each link of d (across the
//!                                        block) away from r and s: d turns the same way;
//!                                        an endpoint at d: one clause, all of them in it;
//!                                        with u_d in it where d may stay blank (induced)
//! ```
//!
//! `square` and `nested` (induced and canonical) are implied by the clauses above them;
//! stated on the links alone, a link set propagates at once instead of through the `x` of
//! every number. Measured on the 352 shared janko boards (`--formulation native --threads
//! 1`, 30 s): the two take the summed time of the 335 boards settled either way from 506 s
//! to 117 s, and settle janko-arukone-540 and 557 (16 s and 14 s, out of reach without them
//! in 60 s); on 430, 540 and 557 each alone comes within 1.5× of both
//! (`docs/hard-instances.md`).
//!
//! The canonical clauses (blanks rule, induced) keep only solutions that no move reduces: no
//! path goes from `c` to `d` the long way while a blank cell `b` joins them, and no corner
//! could move down a diagonal into a blank cell. Every solution reduces to such a one by
//! those moves and the shortcuts where a path touches itself (`docs/counting.md`), so they
//! count 0, 1 or 2 where the solutions do, and one canonical solution is settled by
//! [`crate::theory::uniqueness::reroute`].
//!
//! These clauses admit closed loops away from the endpoints, and numbers cut off from their
//! partners: [`super::connectivity`] forbids both inside CaDiCaL's search (its external
//! propagator, on the link variables), each with a clause that every solution satisfies,
//! so every model CaDiCaL returns is a solution. A solution found is excluded by
//! `∨_{e_cd used} ¬e_cd`: another solution using every link of this one would give some
//! cell a third link or close a loop, so answers differ in their links, and those that
//! differ only in unused cells are one.

use std::time::Duration;

use masu_core::{Clock, Error, Kept, SolveOptions, Stats};
use masu_sat::{Outcome, Sat};

use super::connectivity::Connectivity;

use crate::puzzle::{Cell, Found, Numberlink, Paths, Rule};
use crate::theory::uniqueness::Admit;

/// The encoding: the solver, and the variables of cells and links.
struct Cnf {
    solver: Sat<Connectivity>,
    next: i32,
    /// `x[c][k - 1]`, cells row-major.
    x: Vec<Vec<i32>>,
    /// The neighbour pairs `(c, d)`, `c < d`, and `e_cd`.
    links: Vec<(usize, usize, i32)>,
}

impl Cnf {
    fn fresh(&mut self) -> i32 {
        self.next += 1;
        self.next
    }

    /// At most one of `lits`: pairwise for a few, else a sequential counter.
    fn at_most_one(&mut self, lits: &[i32]) {
        if lits.len() <= 5 {
            for (i, &a) in lits.iter().enumerate() {
                for &b in &lits[i + 1..] {
                    self.solver.add_clause([-a, -b]);
                }
            }
            return;
        }
        // s_i: one of the first i + 1 is true.
        let mut before = self.fresh();
        self.solver.add_clause([-lits[0], before]);
        for &lit in &lits[1..] {
            let now = self.fresh();
            self.solver.add_clause([-lit, now]);
            self.solver.add_clause([-before, now]);
            self.solver.add_clause([-before, -lit]);
            before = now;
        }
    }
}

/// How [`encode`] builds: CaDiCaL's clauses recorded (to export them), the propagator's
/// bridges, and which local rules are stated (the module doc).
#[derive(Clone, Copy, Debug)]
struct Build {
    record: bool,
    bridges: bool,
    local: [bool; 2],
}

impl Build {
    fn of(options: &SolveOptions) -> Build {
        let local = [options.get(&super::SQUARE_RULE), options.get(&super::NESTED_RULE)];
        Build { record: options.export.is_some(), bridges: options.get(&super::BRIDGES), local }
    }
}

/// Builds the clauses of `puzzle`, for the solutions it admits.
fn encode(puzzle: &Numberlink, admit: Admit, stop: Clock, build: Build) -> Cnf {
    let Build { record, bridges, local } = build;
    let induced = admit != Admit::All;
    let (w, h) = (puzzle.width(), puzzle.height());
    let cells = w * h;
    let pairs = puzzle.pairs() as usize;
    let blanks = puzzle.rule == Rule::Blanks;
    let mut solver = masu_sat::propagating(move || stop.reached(), Connectivity::new(puzzle, bridges));
    if record {
        solver.record();
    }
    let mut cnf = Cnf { solver, next: 0, x: Vec::with_capacity(cells), links: Vec::new() };
    let clue = |i: usize| puzzle.at((i / w, i % w)) as usize;
    let mut unused = vec![None; cells];
    for (i, slot) in unused.iter_mut().enumerate() {
        let ks: Vec<i32> = (0..pairs).map(|_| cnf.fresh()).collect();
        if clue(i) != 0 {
            for (k, &x) in ks.iter().enumerate() {
                cnf.solver.add_clause([if k + 1 == clue(i) { x } else { -x }]);
            }
        } else {
            let u = blanks.then(|| cnf.fresh());
            *slot = u;
            let mut one: Vec<i32> = ks.clone();
            one.extend(u);
            cnf.solver.add_clause(one.iter().copied());
            cnf.at_most_one(&one);
        }
        cnf.x.push(ks);
    }
    let mut incident: Vec<Vec<i32>> = vec![Vec::new(); cells];
    for (a, b) in puzzle.edges() {
        let (c, d) = (puzzle.index(a).min(puzzle.index(b)), puzzle.index(a).max(puzzle.index(b)));
        let e = cnf.fresh();
        cnf.solver.observe(e);
        cnf.solver.propagator_mut().link(e, c, d);
        for k in 0..pairs {
            let (xc, xd) = (cnf.x[c][k], cnf.x[d][k]);
            cnf.solver.add_clause([-e, -xc, xd]);
            cnf.solver.add_clause([-e, xc, -xd]);
            if induced {
                cnf.solver.add_clause([e, -xc, -xd]);
            }
        }
        for u in [unused[c], unused[d]].into_iter().flatten() {
            cnf.solver.add_clause([-e, -u]);
        }
        incident[c].push(e);
        incident[d].push(e);
        cnf.links.push((c, d, e));
    }
    // Canonical solutions are induced ones: every clause below is of the induced models.
    if induced {
        let link: std::collections::HashMap<(usize, usize), i32> =
            cnf.links.iter().map(|&(c, d, e)| ((c, d), e)).collect();
        let between = |a: usize, b: usize| link[&(a.min(b), a.max(b))];
        for square in puzzle.squares() {
            for k in 0..pairs {
                cnf.solver.add_clause(square.map(|i| -cnf.x[i][k]));
            }
        }
        if admit == Admit::Canonical {
            for (b, c, d, e) in puzzle.shortcuts() {
                let Some(u) = unused[b] else { continue };
                for k in 0..pairs {
                    let mut clause = vec![-u, -cnf.x[c][k], -cnf.x[d][k]];
                    clause.extend(e.map(|e| cnf.x[e][k]));
                    cnf.solver.add_clause(clause);
                }
            }
            for (here, side, below, across) in puzzle.corners_down() {
                if let Some(u) = unused[across] {
                    cnf.solver.add_clause([-between(here, side), -between(here, below), -u]);
                }
            }
        }
        for (rule, clause) in super::local::rules(puzzle, admit, &unused, between) {
            if local[rule as usize] {
                cnf.solver.add_clause(clause);
            }
        }
    }
    for (i, es) in incident.iter().enumerate() {
        if clue(i) != 0 {
            cnf.solver.add_clause(es.iter().copied());
            cnf.at_most_one(es);
            continue;
        }
        // At most two: no three together. At least two when used: any all but one include
        // a link (an unused cell has none, by the clauses above).
        for (i1, &a) in es.iter().enumerate() {
            for (i2, &b) in es.iter().enumerate().skip(i1 + 1) {
                for &c in &es[i2 + 1..] {
                    cnf.solver.add_clause([-a, -b, -c]);
                }
            }
        }
        for skip in 0..es.len() {
            let rest = es.iter().enumerate().filter(|&(j, _)| j != skip).map(|(_, &e)| e);
            cnf.solver.add_clause(rest.chain(unused[i]));
        }
    }
    cnf
}

/// The links of a solution, as `(c, d)` with `c < d`.
fn links_of(puzzle: &Numberlink, paths: &Paths) -> Vec<(usize, usize)> {
    let mut links = Vec::new();
    for path in &paths.paths {
        for pair in path.windows(2) {
            let (c, d) = (puzzle.index(pair[0]), puzzle.index(pair[1]));
            links.push((c.min(d), c.max(d)));
        }
    }
    links
}

/// The first lines of an exported CNF: what its variables mean.
const DIMACS_COMMENT: &str = "masu numberlink, native solver's clause-learning stage. A line 'x R C K V' below:\n\
    variable V is 'cell (R, C) holds number K' (0-based cell, numbers from 1); the other\n\
    variables are links and auxiliaries. Loops, and numbers cut off from their\n\
    partners, are forbidden by a propagator inside the search: a model of this CNF alone may\n\
    hold them.";

/// Counts on into `kept` (what was recorded already excluded: where it counted solutions
/// it did not keep, it counts from the start instead) the solutions of `puzzle` it admits,
/// until the limit or `clock` says stop; with `options.export`, its clauses are written as
/// DIMACS before the first solve. Its stats: CaDiCaL's solves, the clauses of the
/// connectivity propagator (`figures::CONNECTIVITY_CLAUSES`) and the links it forced
/// (`figures::FORCED_LINKS`, with `--param bridges=true`).
pub(crate) fn count(
    puzzle: &Numberlink,
    admit: Admit,
    kept: Kept<Paths>,
    clock: &Clock,
    options: &SolveOptions,
) -> Result<Found, Error> {
    let mut kept = if kept.kept_all() { kept } else { kept.emptied() };
    let mut stats = Stats::default();
    if clock.reached() {
        // Out of time: encoding a large board would take time of its own.
        return Ok(kept.found(false, stats));
    }
    if admit != Admit::All
        && puzzle.rule == Rule::Blanks
        && kept.count() == 0
        && !kept.full()
        && let Some(filled) = filling(puzzle, clock, options)
    {
        kept.record(|| filled);
    }
    let stop = clock.clone();
    let mut cnf = encode(puzzle, admit, stop, Build::of(options));
    let w = puzzle.width();
    if let Some(export) = &options.export {
        let mut comment = DIMACS_COMMENT.to_string();
        for (i, ks) in cnf.x.iter().enumerate() {
            for (k, v) in ks.iter().enumerate() {
                comment.push_str(&format!("\nx {} {} {} {v}", i / w, i % w, k + 1));
            }
        }
        if let Some(text) = cnf.solver.dimacs(&comment) {
            export.write("cnf", text.as_bytes())?;
        }
    }
    let link_at: std::collections::HashMap<(usize, usize), i32> =
        cnf.links.iter().map(|&(c, d, e)| ((c, d), e)).collect();
    let exclude = |cnf: &mut Cnf, links: &[(usize, usize)]| {
        cnf.solver.add_clause(links.iter().map(|l| -link_at[l]));
    };
    for paths in kept.solutions() {
        exclude(&mut cnf, &links_of(puzzle, paths));
    }
    let mut complete = false;
    while !kept.full() {
        stats.solves += 1;
        // The model's values, read before any clause is added (which ends the model).
        let value: Vec<bool> = match cnf.solver.solve() {
            Outcome::Satisfied(model) => (0..=cnf.next).map(|v| v > 0 && model.value(v)).collect(),
            Outcome::Unsatisfiable => {
                complete = true;
                break;
            }
            Outcome::Stopped => break,
            Outcome::Failed(message) => return Err(Error::Backend { backend: masu_core::Backend::Native, message }),
        };
        let used: Vec<(usize, usize)> =
            cnf.links.iter().filter(|&&(_, _, e)| value[e as usize]).map(|&(c, d, _)| (c, d)).collect();
        if !crate::puzzle::detached_loops(puzzle, &used).is_empty() {
            // The propagator judged this model: a loop here is a defect, never an answer.
            let message = "the clause-learning stage returned a model with a loop".into();
            return Err(Error::Backend { backend: masu_core::Backend::Native, message });
        }
        kept.record(|| {
            let cells: Vec<(Cell, Cell)> = used.iter().map(|&(c, d)| ((c / w, c % w), (d / w, d % w))).collect();
            let number =
                |(r, c): Cell| cnf.x[r * w + c].iter().position(|&x| value[x as usize]).map_or(0, |k| k as u32 + 1);
            Paths::trace(puzzle, &cells, number)
        });
        exclude(&mut cnf, &used);
    }
    stats.engine.sat_solves = Some(stats.solves as u64);
    stats.engine.figures.set(crate::figures::CONNECTIVITY_CLAUSES, cnf.solver.propagator().clauses as u64);
    if options.get(&super::BRIDGES) {
        stats.engine.figures.set(crate::figures::FORCED_LINKS, cnf.solver.propagator().forced as u64);
    }
    Ok(kept.found(complete, stats))
}

/// An induced solution that fills the board, for a board under the blanks rule: the fill
/// rule's induced model counted up to one within a quarter of the time left (10 s without a
/// deadline). It is a solution of the blanks rule's induced model too, and found far faster
/// there (janko-arukone-543, 15×15: 0.03 s, where the blanks model took 8 s for its first
/// answer), so the blanks model only has to prove that there is no other.
fn filling(puzzle: &Numberlink, clock: &Clock, options: &SolveOptions) -> Option<Paths> {
    let mut fill = puzzle.clone();
    fill.rule = Rule::Fill;
    let budget = clock.left().map_or(Duration::from_secs(10), |t| t / 4);
    let own = clock.for_at_most(Some(budget));
    let unexported = SolveOptions { export: None, ..options.clone() };
    count(&fill, Admit::Induced, Kept::new(1, 1), &own, &unexported).ok()?.solutions.pop()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::Found;
    use crate::testkit::{assert_same_count, boards};
    use masu_core::{SolveOptions, Stats};

    fn unlimited() -> Clock {
        SolveOptions::default().clock()
    }

    /// Options with bridges forced or not.
    fn bridges(on: bool) -> SolveOptions {
        SolveOptions { read: vec![("bridges", masu_core::ParameterValue::Switch(on))], ..SolveOptions::default() }
    }

    fn built(bridges: bool, local: [bool; 2]) -> Build {
        Build { record: false, bridges, local }
    }

    /// Every model of the stage's encoding, as its sets of links.
    fn models(puzzle: &Numberlink, admit: Admit, local: [bool; 2]) -> std::collections::BTreeSet<Vec<i32>> {
        let mut cnf = encode(puzzle, admit, unlimited(), built(false, local));
        let mut all = std::collections::BTreeSet::new();
        while let Outcome::Satisfied(model) = cnf.solver.solve() {
            let used: Vec<i32> = cnf.links.iter().map(|l| l.2).filter(|&e| model.value(e)).collect();
            cnf.solver.add_clause(used.iter().map(|&e| -e));
            all.insert(used);
        }
        all
    }

    /// The local rules are implied: with each of them, both or neither, the induced model
    /// (both rules) and the canonical one (blanks) have the same models, board by board
    /// (covers, covers with a blank row, scattered endpoints); a rule that cut one model would
    /// fail here.
    #[test]
    fn local_rules_keep_every_model() {
        let blanks = boards(3..6, Rule::Blanks).into_iter().flat_map(|p| [crate::testkit::with_blank_row(&p), p]);
        let blanks: Vec<Numberlink> = blanks.chain(crate::testkit::scattered(9, 120, 4, 3)).collect();
        let mut compared = 0;
        for (puzzle, admit) in boards(3..6, Rule::Fill)
            .into_iter()
            .map(|p| (p, Admit::Induced))
            .chain(blanks.iter().flat_map(|p| [(p.clone(), Admit::Induced), (p.clone(), Admit::Canonical)]))
        {
            let without = models(&puzzle, admit, [false; 2]);
            for local in [[true, false], [false, true], [true, true]] {
                assert_eq!(models(&puzzle, admit, local), without, "{puzzle:?} {admit:?} {local:?}");
            }
            compared += usize::from(!without.is_empty());
        }
        assert!(compared > 100, "{compared}");
    }

    /// On random boards of both rules, the clause-learning stage alone (from nothing, and
    /// from a solution the search found; bridges forced and not) counts what the search
    /// counts, up to 10, and every answer passes the checker.
    #[test]
    fn counts_equal_the_search() {
        let options = SolveOptions { solution_limit: 10, ..SolveOptions::default() };
        let mut compared = 0;
        for (rule, sizes) in [(Rule::Fill, 3..7), (Rule::Blanks, 3..6)] {
            for puzzle in boards(sizes, rule) {
                for induced in [false, true] {
                    if induced && rule == Rule::Fill {
                        continue;
                    }
                    let (solutions, complete) = crate::native::count_by_search(&puzzle, induced, 10, &options);
                    if !complete {
                        continue;
                    }
                    let theirs = Found::new(solutions, complete, Stats::default());
                    for (known, on) in [(0, false), (0, true), (1, true)] {
                        let mut kept = Kept::new(10, usize::MAX);
                        for paths in theirs.solutions.iter().take(known) {
                            kept.record(|| paths.clone());
                        }
                        let admit = if induced { Admit::Induced } else { Admit::All };
                        let ours = count(&puzzle, admit, kept, &unlimited(), &bridges(on)).unwrap();
                        assert_same_count(&ours, &theirs, &format!("{puzzle:?} induced {induced} bridges {on}"));
                        for paths in &ours.solutions {
                            crate::puzzle::check::check(&puzzle, paths).unwrap();
                        }
                        compared += 1;
                    }
                }
            }
        }
        assert!(compared > 50, "{compared}");
    }

    /// Every clause the connectivity propagator adds, and the reason of every link it
    /// forces, holds in every solution of its board: on small boards of both rules (covers,
    /// and scattered endpoints with many solutions), the stage enumerates all its models
    /// while each clause is checked against the links of every solution the exhaustive
    /// search finds. A wrong clause would cut solutions and could turn "several" into
    /// "unique".
    #[test]
    fn every_connectivity_clause_holds_in_every_solution() {
        let options = SolveOptions::default();
        let covers = [boards(3..7, Rule::Fill), boards(3..6, Rule::Blanks)].concat();
        let (mut boards_seen, mut clauses, mut forced) = (0, 0, 0);
        for puzzle in covers.into_iter().chain(crate::testkit::scattered(5, 300, 4, 3)) {
            let (solutions, complete) = crate::native::count_by_search(&puzzle, false, 2000, &options);
            if !complete {
                continue;
            }
            let mut cnf = encode(&puzzle, Admit::All, unlimited(), built(boards_seen % 2 == 0, [true; 2]));
            let var: std::collections::HashMap<(usize, usize), i32> =
                cnf.links.iter().map(|&(c, d, e)| ((c, d), e)).collect();
            let mut models = 0;
            while let Outcome::Satisfied(model) = cnf.solver.solve() {
                let used: Vec<i32> = cnf.links.iter().map(|l| l.2).filter(|&e| model.value(e)).collect();
                cnf.solver.add_clause(used.iter().map(|&e| -e));
                models += 1;
            }
            assert_eq!(models, solutions.len(), "{puzzle:?}");
            for paths in &solutions {
                let used: std::collections::HashSet<i32> = links_of(&puzzle, paths).iter().map(|l| var[l]).collect();
                for clause in &cnf.solver.propagator().added {
                    let holds = clause.iter().any(|&lit| used.contains(&lit.abs()) == (lit > 0));
                    assert!(holds, "{puzzle:?}: {clause:?} cuts {paths:?}");
                }
            }
            boards_seen += 1;
            clauses += cnf.solver.propagator().added.len();
            forced += cnf.solver.propagator().forced;
        }
        assert!(
            boards_seen > 200 && clauses > 1000 && forced > 200,
            "{boards_seen} boards, {clauses} clauses, {forced} forced"
        );
    }

    /// Under the blanks rule, on random boards (endpoints of covers, with a blank row added,
    /// and endpoints scattered): the canonical model's count up to two, with
    /// [`crate::theory::uniqueness::reroute`] on a single answer, says none, one or several exactly where the
    /// full search does.
    #[test]
    fn canonical_solutions_and_reroutes_settle_what_the_search_settles() {
        let options = SolveOptions::default();
        let scattered = crate::testkit::scattered(7, 300, 4, 4);
        let covers = boards(3..6, Rule::Blanks).into_iter().flat_map(|p| [crate::testkit::with_blank_row(&p), p]);
        let (mut seen, mut rerouted) = ([0; 3], 0);
        for puzzle in covers.chain(scattered) {
            let (all, exhausted) = crate::native::count_by_search(&puzzle, false, 2, &options);
            if !exhausted && all.len() < 2 {
                continue;
            }
            let canonical = count(&puzzle, Admit::Canonical, Kept::new(2, 2), &unlimited(), &options).unwrap();
            assert!(canonical.complete || canonical.solutions.len() == 2, "{puzzle:?}");
            let settled = match canonical.solutions.len() {
                1 => {
                    let second = crate::theory::uniqueness::reroute(&puzzle, &canonical.solutions[0]);
                    rerouted += usize::from(second.is_some());
                    1 + usize::from(second.is_some())
                }
                n => n,
            };
            assert_eq!(settled, all.len(), "{puzzle:?}");
            seen[settled] += 1;
        }
        assert!(seen.iter().all(|&n| n > 10) && rerouted > 20, "none, one, several: {seen:?}; {rerouted} rerouted");
    }
}
