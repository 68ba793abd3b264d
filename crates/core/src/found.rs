//! What a search found, written once for every engine: [`Kept`] records solutions as a
//! search meets them (the first N kept to list, the rest only counted, stopping at the
//! solution limit), and becomes the [`Found`] a formulation returns, which
//! [`solve`](crate::solve) checks and reports.
//!
//! Invariants: `count ≥ solutions.len()`; a [`Kept`] holds at most `keep` solutions, in the
//! order met; once `count` reaches `limit` the search is asked to stop ([`Kept::full`]). The
//! count is a `u128` everywhere, as [`Report`](crate::Report) holds it.

use crate::{Backend, Clock, SolveOptions, Stats, Status};

/// What a formulation found, before checking.
#[derive(Clone, Debug)]
pub struct Found<S> {
    /// The solutions kept to list, pairwise different (a method that honours
    /// [`SolveOptions::keep`] keeps no more than that).
    pub solutions: Vec<S>,
    /// How many solutions it found: those kept and those counted past them (never fewer
    /// than `solutions`).
    pub count: u128,
    /// Whether `count` is all there is (the search was exhausted).
    pub complete: bool,
    /// Model size and timings.
    pub stats: Stats,
    /// How it ended where the count and completeness do not tell: [`Status::Stuck`] (a
    /// method without search left cells undecided), [`Status::LicenceLimit`] (a solver's
    /// licence refused the model grown by a count's no-good rows); `None`: they tell.
    pub ended: Option<Status>,
    /// The backend whose engine settled it, where a portfolio's member on another backend
    /// did (`None`: the backend asked for): the report names it.
    pub by: Option<Backend>,
}

impl<S> Found<S> {
    /// What a search found, every solution kept.
    pub fn new(solutions: Vec<S>, complete: bool, stats: Stats) -> Found<S> {
        Found { count: solutions.len() as u128, solutions, complete, stats, ended: None, by: None }
    }
    /// What a search found that counted `count` solutions and kept `solutions` of them.
    pub fn counted(solutions: Vec<S>, count: u128, complete: bool, stats: Stats) -> Found<S> {
        Found { count: count.max(solutions.len() as u128), solutions, complete, stats, ended: None, by: None }
    }
    /// The same, each solution mapped (e.g. from a model's values to the kind's grid).
    pub fn map<T>(self, f: impl FnMut(S) -> T) -> Found<T> {
        let solutions = self.solutions.into_iter().map(f).collect();
        Found {
            solutions,
            count: self.count,
            complete: self.complete,
            stats: self.stats,
            ended: self.ended,
            by: self.by,
        }
    }
    /// The same, settled by `backend`'s engine (a portfolio's member).
    pub fn by(self, backend: Backend) -> Found<S> {
        Found { by: Some(backend), ..self }
    }
    /// Whether it answers a request for `limit` solutions: exhausted, or `limit` found.
    pub fn settles(&self, limit: usize) -> bool {
        self.complete || self.count >= limit as u128
    }
    /// The same, its solve time (and the backend's, for a method that is its own backend)
    /// the time `clock` has run.
    pub fn finish(mut self, clock: &Clock) -> Found<S> {
        self.stats.solve_time = clock.elapsed();
        self.stats.backend_time = Some(self.stats.solve_time);
        self
    }
}

/// How a search ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ended {
    /// Every branch tried: what it recorded is all there is.
    Exhausted,
    /// The solution limit was reached.
    Limit,
    /// Its own budget (of nodes, of memory) ran out.
    Budget,
    /// The clock or the user stopped it.
    Stopped,
}

/// The recorder of a search: keeps the first `keep` solutions it is given, counts every one,
/// and is [`full`](Kept::full) at `limit`.
#[derive(Clone, Debug)]
pub struct Kept<S> {
    solutions: Vec<S>,
    keep: usize,
    limit: u128,
    count: u128,
}

impl<S> Kept<S> {
    /// Stops at `limit` solutions, lists at most `keep`.
    pub fn new(limit: usize, keep: usize) -> Kept<S> {
        Kept { solutions: Vec::new(), keep, limit: limit as u128, count: 0 }
    }
    /// As `options` asks: [`SolveOptions::solution_limit`], keeping [`SolveOptions::kept`].
    pub fn of(options: &SolveOptions) -> Kept<S> {
        Kept::new(options.solution_limit, options.kept())
    }
    /// The same recorder with another limit (a stage asked for fewer, or more).
    pub fn up_to(mut self, limit: usize) -> Kept<S> {
        self.limit = limit as u128;
        self
    }
    /// The same recorder with nothing recorded yet.
    pub fn emptied(self) -> Kept<S> {
        Kept { solutions: Vec::new(), count: 0, ..self }
    }
    /// Records one solution, built only when it is kept; whether the limit is reached.
    #[inline]
    pub fn record(&mut self, solution: impl FnOnce() -> S) -> bool {
        self.count = self.count.saturating_add(1);
        if self.solutions.len() < self.keep {
            self.solutions.push(solution());
        }
        self.full()
    }
    /// The limit is reached: the search stops.
    #[inline]
    pub fn full(&self) -> bool {
        self.count >= self.limit
    }
    /// How many were recorded.
    pub fn count(&self) -> u128 {
        self.count
    }
    /// Whether every recorded solution is kept (none was only counted).
    pub fn kept_all(&self) -> bool {
        self.count == self.solutions.len() as u128
    }
    /// The solutions kept, in the order recorded.
    pub fn solutions(&self) -> &[S] {
        &self.solutions
    }
    /// What the search found: `complete` when it was exhausted below the limit.
    pub fn found(self, complete: bool, stats: Stats) -> Found<S> {
        Found { count: self.count, solutions: self.solutions, complete, stats, ended: None, by: None }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_the_first_counts_the_rest_and_fills_at_the_limit() {
        let mut kept = Kept::new(5, 2);
        let mut built = 0;
        for i in 0..4 {
            assert!(!kept.record(|| {
                built += 1;
                i
            }));
        }
        assert!(kept.record(|| 4));
        assert_eq!((kept.count(), kept.solutions(), built), (5, &[0, 1][..], 2));
        assert!(!kept.kept_all());
        let found = kept.found(false, Stats::default());
        assert_eq!((found.count, found.solutions.len()), (5, 2));
        assert!(!found.settles(6) && found.settles(5));
    }

    #[test]
    fn a_limit_of_zero_is_full_before_any_solution() {
        let kept = Kept::<u8>::new(0, 2);
        assert!(kept.full() && kept.kept_all());
    }
}
