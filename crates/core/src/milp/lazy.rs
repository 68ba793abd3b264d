//! A MILP with rows added lazily ([`Milp::solve_lazily`]): a model whose constraints are too
//! many to state (numberlink's cycle cuts) is solved without them, each answer is handed to
//! a separation function, and the rows it returns are added and the model solved again,
//! until an answer breaks none. That answer is a point of the count, excluded by a no-good
//! row over the projection, and the count goes on by the one no-good loop
//! (`crate::nogood::count`).
//!
//! Invariants: every point returned passed the separation (it adds nothing for it); a count
//! is complete only when a solve with every row found so far is infeasible; the rows added
//! are kept for every later solve, so no cut is found twice.

use std::time::{Duration, Instant};

use good_lp::{Constraint, Variable};

use super::{Milp, MilpOutcome, MilpSolution, no_good};
use crate::nogood::{self, Step};
use crate::{Backend, Error, SolveOptions};

/// What the separation says of an answer: the rows it breaks (none: it is a point).
pub type Separate<'a> = dyn FnMut(&MilpSolution) -> Vec<Constraint> + 'a;

impl Milp {
    /// Finds up to `options.solution_limit` solutions that differ on `projection` (binary
    /// variables), on `backend`, each passing `separate`: an answer it returns rows for is
    /// cut off by them and the model solved again. The rows added are counted in
    /// [`MilpOutcome::lazy_rows`]. With `options.export`, the model is written first as MPS,
    /// without the lazy rows. The rows are added to this model while it counts (no copy of a
    /// large model is made) and taken off again before it returns.
    pub fn solve_lazily(
        &mut self,
        backend: Backend,
        options: &SolveOptions,
        projection: &[Variable],
        separate: &mut Separate<'_>,
    ) -> Result<MilpOutcome, Error> {
        super::binary_projection(self, projection, backend)?;
        let clock = options.clock();
        let stated = self.constraints.len();
        let mut lazy = Lazy {
            milp: self,
            backend,
            options: options.with_clock(&clock),
            projection,
            separate,
            outcome: MilpOutcome::default(),
            export: options.export.clone(),
        };
        let counted = nogood::count(&mut lazy, options.solution_limit, &clock);
        lazy.milp.constraints.truncate(stated);
        let counted = counted?;
        Ok(MilpOutcome { solutions: counted.points, complete: counted.complete, ..lazy.outcome })
    }
}

/// The model growing its lazy rows and a no-good row a point.
struct Lazy<'a, 's> {
    milp: &'a mut Milp,
    backend: Backend,
    /// The count's options, carrying its clock.
    options: SolveOptions,
    projection: &'a [Variable],
    separate: &'a mut Separate<'s>,
    /// The solves, times and rows so far.
    outcome: MilpOutcome,
    /// Written by the first solve alone: the model as built.
    export: Option<crate::Export>,
}

impl nogood::Excluding for Lazy<'_, '_> {
    type Point = MilpSolution;
    type Error = Error;

    fn solve(&mut self, left: Option<Duration>, _wanted: usize) -> Result<Step<MilpSolution>, Error> {
        let clock = self.options.clock().for_at_most(left);
        loop {
            if clock.reached() {
                return Ok(Step::Stopped);
            }
            let one = SolveOptions { solution_limit: 1, export: self.export.take(), ..self.options.with_clock(&clock) };
            let call = Instant::now();
            // One answer a solve: the no-goods over the projection are this loop's rows.
            let out = self.milp.solve(self.backend, &one, &[])?;
            self.outcome.solves += out.solves;
            self.outcome.solve_time += call.elapsed();
            self.outcome.backend_time += out.backend_time;
            self.outcome.threads = out.threads;
            self.outcome.licence_limit |= out.licence_limit;
            let Some(answer) = out.solutions.into_iter().next() else {
                return Ok(if out.complete { Step::Infeasible } else { Step::Stopped });
            };
            let rows = (self.separate)(&answer);
            if rows.is_empty() {
                return Ok(Step::Found { points: vec![answer], all: false });
            }
            self.outcome.lazy_rows += rows.len();
            self.milp.constraints.extend(rows);
        }
    }

    fn exclude(&mut self, point: &MilpSolution) {
        self.milp.add(no_good(self.projection, |x| point[&x] > 0.5));
    }
}

#[cfg(test)]
mod tests {
    use good_lp::{Expression, Solution, variable};

    use super::*;

    /// Three binaries, at least one set, with "not x0 alone" and "not all three" added
    /// lazily: the points are the five others, on every backend, and the rows were added
    /// only as answers broke them.
    #[test]
    fn lazy_rows_cut_off_what_the_separation_refuses() {
        let mut milp = Milp::new();
        let xs: Vec<Variable> = (0..3).map(|_| milp.variables.add(variable().binary())).collect();
        milp.add((xs[0] + xs[1] + xs[2]).geq(1));
        let stated = milp.constraints.len();
        let refused = |s: &MilpSolution| {
            let on: Vec<bool> = xs.iter().map(|&x| s.value(x) > 0.5).collect();
            match on.as_slice() {
                [true, false, false] => vec![(Expression::from(xs[0]) - xs[1] - xs[2]).leq(0)],
                [true, true, true] => vec![(xs[0] + xs[1] + xs[2]).leq(2)],
                _ => Vec::new(),
            }
        };
        for backend in Backend::MILP.into_iter().filter(|b| b.is_compiled()) {
            let all = SolveOptions { solution_limit: 10, ..SolveOptions::default() };
            let out = milp.solve_lazily(backend, &all, &xs, &mut |s| refused(s)).unwrap();
            assert_eq!((out.solutions.len(), out.complete), (5, true), "{backend}");
            assert!(out.solutions.iter().all(|s| refused(s).is_empty()), "{backend}");
            assert!(out.lazy_rows <= 2, "{backend}: {} rows", out.lazy_rows);
            let two = SolveOptions { solution_limit: 2, ..SolveOptions::default() };
            let out = milp.solve_lazily(backend, &two, &xs, &mut |s| refused(s)).unwrap();
            assert_eq!((out.solutions.len(), out.complete), (2, false), "{backend}");
            let late = all.within(Some(Duration::ZERO));
            let out = milp.solve_lazily(backend, &late, &xs, &mut |s| refused(s)).unwrap();
            assert_eq!((out.solutions.len(), out.complete, out.solves), (0, false, 0), "{backend}");
            assert_eq!(milp.constraints.len(), stated, "{backend}: the lazy rows and no-goods are taken off");
        }
    }
}
