//! Counting by no-goods, written once: solve, exclude what was found, solve again, until the
//! limit, the clock, or a solve that finds nothing (which proves the count complete).
//!
//! Each backend is an [`Excluding`]: one solve within the time left, and the exclusion of a
//! point in its own terms (a row over the projection for a MILP, a constraint for CP-SAT, a
//! disjunction of CP Optimizer's). A solver that enumerates itself (CPLEX's populate,
//! Gurobi's pool) hands several points at once and may say they are all.
//!
//! Invariants: the points are pairwise different on the projection (each is excluded before
//! the next solve); the count is complete only when a solve proved no point is left, or a
//! solver said it handed every point and they are fewer than the limit.

use std::time::Duration;

use crate::Clock;

/// What one solve gave.
#[derive(Debug)]
pub(crate) enum Step<P> {
    /// Points found, new on the projection: one, or several from a solver that enumerates
    /// itself; `all` when they are every point left.
    Found { points: Vec<P>, all: bool },
    /// No point is left.
    Infeasible,
    /// Stopped before either (time, interrupt, or the solver's own reason).
    Stopped,
}

/// A backend's solves, each excluding the points found before it.
pub(crate) trait Excluding {
    /// A point, as the backend gives it.
    type Point;
    /// Why a solve failed.
    type Error;
    /// One solve within `left` (`None`: no limit), `wanted` more points being asked for.
    fn solve(&mut self, left: Option<Duration>, wanted: usize) -> Result<Step<Self::Point>, Self::Error>;
    /// Excludes `point` from every solve that follows.
    fn exclude(&mut self, point: &Self::Point);
}

/// What a count found.
#[derive(Debug)]
pub(crate) struct Counted<P> {
    /// The points, in the order found.
    pub points: Vec<P>,
    /// No other point exists.
    pub complete: bool,
}

/// Up to `limit` points of `solver`, within `clock`.
pub(crate) fn count<S: Excluding + ?Sized>(
    solver: &mut S,
    limit: usize,
    clock: &Clock,
) -> Result<Counted<S::Point>, S::Error> {
    let mut counted = Counted { points: Vec::new(), complete: false };
    while counted.points.len() < limit && !clock.reached() {
        let wanted = limit - counted.points.len();
        match solver.solve(clock.left(), wanted)? {
            Step::Found { points, all } => {
                for point in points.into_iter().take(wanted) {
                    solver.exclude(&point);
                    counted.points.push(point);
                }
                if all {
                    counted.complete = counted.points.len() < limit;
                    break;
                }
            }
            Step::Infeasible => {
                counted.complete = true;
                break;
            }
            Step::Stopped => break,
        }
    }
    Ok(counted)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Interrupt, SolveOptions};

    /// The points 0..n, one a solve (or all at once), excluded as found.
    struct Range {
        n: u32,
        excluded: Vec<u32>,
        pool: bool,
        solves: usize,
    }

    impl Excluding for Range {
        type Point = u32;
        type Error = ();
        fn solve(&mut self, _: Option<Duration>, wanted: usize) -> Result<Step<u32>, ()> {
            self.solves += 1;
            let left: Vec<u32> = (0..self.n).filter(|p| !self.excluded.contains(p)).collect();
            Ok(match (left.first(), self.pool) {
                (None, _) => Step::Infeasible,
                (Some(&p), false) => Step::Found { points: vec![p], all: false },
                (Some(_), true) => Step::Found { all: left.len() <= wanted, points: left },
            })
        }
        fn exclude(&mut self, point: &u32) {
            self.excluded.push(*point);
        }
    }

    fn range(n: u32, pool: bool) -> Range {
        Range { n, excluded: Vec::new(), pool, solves: 0 }
    }

    #[test]
    fn a_count_is_complete_only_when_nothing_is_left() {
        let clock = SolveOptions::default().clock();
        for pool in [false, true] {
            let counted = count(&mut range(3, pool), 10, &clock).unwrap();
            assert_eq!((counted.points, counted.complete), (vec![0, 1, 2], true), "pool {pool}");
            let counted = count(&mut range(3, pool), 3, &clock).unwrap();
            assert_eq!((counted.points, counted.complete), (vec![0, 1, 2], false), "pool {pool}");
            let counted = count(&mut range(5, pool), 2, &clock).unwrap();
            assert_eq!((counted.points, counted.complete), (vec![0, 1], false), "pool {pool}");
        }
        let mut one_by_one = range(3, false);
        count(&mut one_by_one, 10, &clock).unwrap();
        assert_eq!(one_by_one.solves, 4, "three points, then the proof");
        let interrupt = Interrupt::new();
        interrupt.interrupt();
        let stopped = Clock::within(None).stopped_by(&interrupt).start();
        let counted = count(&mut range(3, false), 10, &stopped).unwrap();
        assert_eq!((counted.points.len(), counted.complete), (0, false));
    }
}
