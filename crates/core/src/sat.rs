//! The SAT family's glue: a kind's clauses on a SAT backend (`cnf` formulations), counted by
//! core's no-good loop with blocking clauses.
//!
//! The clauses are the kind's encoding for `--certify` ([`Puzzle::cnf`] with no solution
//! excluded, and its lemmas): one boolean a decision, the rules as clauses, the givens as
//! units. A kind also says which variables fix a model, `1..=shown` (sudoku's cell values,
//! a nonogram's cells, a numberlink's links), and reads its solution from them. A solve is
//! the SAT solver's model; where the kind's lemmas break it (numberlink's closed loops),
//! those lemmas join the clauses and it solves again; otherwise it is a point, and the
//! clause "some variable of `1..=shown` differs" excludes it from the solves that follow.
//!
//! Invariants: every point is a model of the clauses closed under the lemmas, which the
//! kind's encoding makes exactly one solution ([`crate::certify`]'s invariant, tested in
//! each kind against enumeration); the points are pairwise different on `1..=shown`; the
//! count is complete only when the solver answered unsatisfiable.

use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::certify::{Encoding, Lemmas};
use crate::nogood::{Excluding, Step};
use crate::{Backend, Error, Found, Puzzle, SolveOptions, Stats};

/// The comment lines of an exported CNF.
const DIMACS_COMMENT: &str = "masu cnf: the puzzle's clauses as --certify states them (no solution excluded)";

/// Up to `options.solution_limit` models of `puzzle`'s clauses on the SAT `backend`, each
/// given as the values of the variables `1..=shown` (`shown[v - 1]`: variable `v`).
pub fn solve<P: Puzzle>(
    puzzle: &P,
    shown: i32,
    backend: Backend,
    options: &SolveOptions,
) -> Result<Found<Vec<bool>>, Error> {
    let clock = options.clock();
    let built = Instant::now();
    let not_applicable = |reason: String| Error::NotApplicable { formulation: "cnf".into(), backend, reason };
    let Encoding { cnf, lemmas, .. } =
        puzzle.cnf(&[]).ok_or_else(|| not_applicable(format!("{} has no encoding as clauses", P::KIND)))?;
    let open = backend.sat_solver().ok_or_else(|| not_applicable(format!("{backend} is not a SAT backend")))?;
    if let Some(export) = &options.export {
        export.write("cnf", cnf.dimacs(DIMACS_COMMENT).as_bytes())?;
    }
    let stop = {
        let clock = clock.clone();
        Arc::new(move || clock.reached())
    };
    let mut counting = Counting {
        solver: open(stop),
        backend,
        variables: cnf.variables(),
        shown: shown.min(cnf.variables()),
        lemmas,
        time: Duration::ZERO,
        solves: 0,
    };
    cnf.clauses().iter().for_each(|clause| counting.solver.add(clause));
    if let Some(lemmas) = &counting.lemmas {
        lemmas.upfront().iter().for_each(|lemma| counting.solver.add(lemma));
    }
    let build_time = built.elapsed();
    let started = Instant::now();
    let counted = crate::nogood::count(&mut counting, options.solution_limit, &clock)?;
    let stats = Stats {
        variables: cnf.variables() as usize,
        constraints: cnf.clauses().len(),
        constraints_by_kind: [("clause".to_string(), cnf.clauses().len())].into(),
        build_time,
        solve_time: started.elapsed(),
        backend_time: Some(counting.time),
        solves: counting.solves,
        threads: Some(1),
        ..Stats::default()
    };
    Ok(Found::new(counted.points, counted.complete, stats))
}

/// One SAT solver's solves, each excluding the points found before it.
struct Counting {
    solver: Box<dyn masu_sat::Solver>,
    backend: Backend,
    /// The encoding's variables.
    variables: i32,
    /// The variables that fix a model: `1..=shown`.
    shown: i32,
    lemmas: Option<Box<dyn Lemmas>>,
    /// The solver's time over the solves.
    time: Duration,
    solves: usize,
}

impl Excluding for Counting {
    type Point = Vec<bool>;
    type Error = Error;

    /// Solves until a model the lemmas keep: the stop test reads the clock, so `left` is
    /// not needed.
    fn solve(&mut self, _left: Option<Duration>, _wanted: usize) -> Result<Step<Vec<bool>>, Error> {
        loop {
            let started = Instant::now();
            let answer = self.solver.solve(self.variables);
            self.time += started.elapsed();
            self.solves += 1;
            let model = match answer {
                masu_sat::Answer::Satisfied(model) => model,
                masu_sat::Answer::Unsatisfiable => return Ok(Step::Infeasible),
                masu_sat::Answer::Stopped => return Ok(Step::Stopped),
                masu_sat::Answer::Failed(message) => return Err(Error::Backend { backend: self.backend, message }),
            };
            let broken = self.lemmas.as_ref().map_or_else(Vec::new, |lemmas| {
                let trues: Vec<i32> = (1..=self.variables).filter(|&v| model[v as usize - 1]).collect();
                lemmas.separate(&trues)
            });
            if broken.is_empty() {
                return Ok(Step::Found { points: vec![model[..self.shown as usize].to_vec()], all: false });
            }
            broken.iter().for_each(|lemma| self.solver.add(lemma));
        }
    }

    fn exclude(&mut self, point: &Vec<bool>) {
        let clause: Vec<i32> = (1..=self.shown).map(|v| if point[v as usize - 1] { -v } else { v }).collect();
        self.solver.add(&clause);
    }
}
