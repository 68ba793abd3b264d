//! The answer of a solve: status, solutions, and the numbers that make runs comparable.

use std::collections::BTreeMap;
use std::time::Duration;

use serde::{Serialize, Serializer};

use crate::{Backend, Engine, Error, SolveOptions};

/// What a solve established.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Status {
    /// Exactly one solution, proven.
    Unique,
    /// Two or more solutions found.
    Multiple,
    /// A solution found with a solution limit of 1: uniqueness was not asked.
    Solved,
    /// Proven to have no solution.
    Infeasible,
    /// The time limit came before the search finished (any solution found is still
    /// reported, checked).
    TimedOut,
    /// Stopped by the user before the search finished.
    Interrupted,
    /// A method without search (a line solver) ended with cells it could not decide.
    Stuck,
    /// A solver's licence refused the model as a count's no-good rows grew it, before the
    /// search finished: the solutions found are reported (checked), the count is a lower bound.
    LicenceLimit,
}

impl Status {
    /// The status of `found` solutions out of a `limit`, `complete` when the search proved
    /// there are no others; `interrupted` tells a user stop from a time limit. A search that
    /// stopped short of its limit without proof timed out (or was interrupted), even when it
    /// found solutions: the question asked (uniqueness, a count up to `limit`) is not
    /// settled, and the count says how far it went.
    pub fn of(found: u128, complete: bool, limit: usize, interrupted: bool) -> Status {
        let limit = limit as u128;
        match (found, complete) {
            (0, true) => Status::Infeasible,
            (1, true) => Status::Unique,
            (2.., true) => Status::Multiple,
            (2.., false) if found >= limit => Status::Multiple,
            (_, false) if found >= limit => Status::Solved,
            (_, false) if interrupted => Status::Interrupted,
            (_, false) => Status::TimedOut,
        }
    }
    /// The name used in text and JSON output.
    pub fn name(self) -> &'static str {
        match self {
            Status::Unique => "unique",
            Status::Multiple => "multiple",
            Status::Solved => "solved",
            Status::Infeasible => "infeasible",
            Status::TimedOut => "timed-out",
            Status::Interrupted => "interrupted",
            Status::Stuck => "stuck",
            Status::LicenceLimit => "licence-limit",
        }
    }
}

impl std::fmt::Display for Status {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

fn seconds<S: Serializer>(d: &Duration, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_f64(d.as_secs_f64())
}

fn optional_seconds<S: Serializer>(d: &Option<Duration>, s: S) -> Result<S::Ok, S::Error> {
    match d {
        Some(d) => s.serialize_some(&d.as_secs_f64()),
        None => s.serialize_none(),
    }
}

/// Model size and timings of one solve.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Stats {
    /// Variables of the model.
    pub variables: usize,
    /// Constraints of the model.
    pub constraints: usize,
    /// Constraints by kind.
    pub constraints_by_kind: BTreeMap<String, usize>,
    /// Building the model from the puzzle (seconds in JSON).
    #[serde(serialize_with = "seconds")]
    pub build_time: Duration,
    /// Wall time of the backend calls, as masu measures it: encoding, the backend, decoding.
    #[serde(serialize_with = "seconds")]
    pub solve_time: Duration,
    /// The time the backend itself reports (CP-SAT's `wall_time`; for HiGHS the time inside
    /// its solve call), summed over the solves.
    #[serde(serialize_with = "optional_seconds")]
    pub backend_time: Option<Duration>,
    /// Solves run (counting re-solves with a no-good after each solution).
    pub solves: usize,
    /// Threads the backend ran with (`None`: its default).
    pub threads: Option<u32>,
    /// What masu's own engine did (left out of the JSON when it says nothing).
    #[serde(skip_serializing_if = "Engine::is_empty")]
    pub engine: Engine,
    /// The check of a proof that no other solution is left, where one was logged (left out
    /// of the JSON where none was).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub certificate: Option<Certificate>,
}

/// An independent checker's word on a proof of the verdict: a count is certified only where
/// the proof is [`Proof::Accepted`].
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Certificate {
    /// The checker, with its version.
    pub checker: String,
    /// What became of the proof (in JSON: `accepted`, `proof` and, but where accepted, `detail`).
    #[serde(flatten)]
    pub proof: Proof,
    /// The proof's size.
    pub proof_bytes: u64,
    /// What writing the proof took, where it was written for the certificate (zero where the
    /// solve wrote it; seconds in JSON).
    #[serde(serialize_with = "seconds")]
    pub prove_time: Duration,
    /// What the check of the refutation took (seconds in JSON; the dominance stage's check is
    /// its own).
    #[serde(serialize_with = "seconds")]
    pub check_time: Duration,
    /// Clauses the encoding added while it was refuted (numberlink's cycles), each checked
    /// by the kind's lemma check before it went into the clauses refuted.
    pub lemmas: u64,
    /// The first stage of a two-stage certificate, where the clauses refuted include some
    /// added by dominance (numberlink's canonical clauses and loops): its checker's word
    /// comes before the refutation's (left out of the JSON where there was none).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dominance: Option<Box<Stage>>,
}

/// The dominance stage of a certificate ([`crate::certify::Dominance`]): the clauses added,
/// and the check of their proof.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Stage {
    /// The checker, with its version.
    pub checker: String,
    /// Clauses added by dominance.
    pub steps: u64,
    /// The proof's size.
    pub proof_bytes: u64,
    /// What the check took (seconds in JSON).
    #[serde(serialize_with = "seconds")]
    pub check_time: Duration,
}

/// What became of a certificate's proof.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Proof {
    /// The checker accepted it: the verdict is certified.
    Accepted,
    /// The checker read it and rejected it, saying why.
    Rejected(String),
    /// No proof reached the checker, and why: no encoding, out of time or interrupted, a
    /// model beyond the solutions found, a lemma refused, no checker to run.
    Unchecked(String),
}

impl Proof {
    /// Whether the checker accepted it.
    pub fn accepted(&self) -> bool {
        matches!(self, Proof::Accepted)
    }
    /// Why it was rejected or not checked (`None`: accepted).
    pub fn why(&self) -> Option<&str> {
        match self {
            Proof::Accepted => None,
            Proof::Rejected(why) | Proof::Unchecked(why) => Some(why),
        }
    }
}

impl Serialize for Proof {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("accepted", &self.accepted())?;
        let name = match self {
            Proof::Accepted => "accepted",
            Proof::Rejected(_) => "rejected",
            Proof::Unchecked(_) => "unchecked",
        };
        map.serialize_entry("proof", name)?;
        if let Some(why) = self.why() {
            map.serialize_entry("detail", why)?;
        }
        map.end()
    }
}

impl Certificate {
    /// Whether the checker accepted the proof: the verdict is certified.
    pub fn accepted(&self) -> bool {
        self.proof.accepted()
    }
}

#[cfg(feature = "cp-sat")]
impl From<masu_cp::Checked> for Certificate {
    fn from(c: masu_cp::Checked) -> Certificate {
        let why = c.detail.unwrap_or_else(|| "the checker rejected the proof".into());
        let proof = match (c.accepted, c.read) {
            (true, _) => Proof::Accepted,
            (false, true) => Proof::Rejected(why),
            (false, false) => Proof::Unchecked(why),
        };
        Certificate {
            checker: c.checker.into(),
            proof,
            proof_bytes: c.proof_bytes,
            prove_time: Duration::ZERO,
            check_time: c.check_time,
            lemmas: 0,
            dominance: None,
        }
    }
}

impl Stats {
    /// The stats of a CP-SAT enumeration over `model`.
    #[cfg(feature = "cp-sat")]
    pub fn of_cp_sat(
        model: &masu_cp::CpModel,
        found: &masu_cp::Enumeration,
        build_time: Duration,
        solve_time: Duration,
    ) -> Stats {
        let size = model.stats();
        Stats {
            variables: size.variables,
            constraints: size.constraints,
            constraints_by_kind: size.constraints_by_kind.into_iter().map(|(k, v)| (k.to_string(), v)).collect(),
            build_time,
            solve_time,
            backend_time: Some(found.wall_time),
            solves: found.solves,
            threads: found.workers,
            engine: Engine::default(),
            certificate: found.certificate.clone().map(Certificate::from),
        }
    }

    /// Two stages of one solve, one after the other (a search in phases, a portfolio's
    /// members): the one merge rule. Times and solves add up; the model size is the later
    /// stage's unless it built none (out of time while building, or an engine with no model),
    /// and its constraints by kind are the earlier's with the later's over them; threads and
    /// the certificate are the later's where it has them; engine figures merge by
    /// [`Engine::and`].
    pub fn then(self, later: Stats) -> Stats {
        let sized = later.variables > 0;
        let mut constraints_by_kind = self.constraints_by_kind;
        constraints_by_kind.extend(later.constraints_by_kind);
        Stats {
            variables: if sized { later.variables } else { self.variables },
            constraints: if sized { later.constraints } else { self.constraints },
            constraints_by_kind,
            build_time: self.build_time + later.build_time,
            solve_time: self.solve_time + later.solve_time,
            backend_time: match (self.backend_time, later.backend_time) {
                (Some(a), Some(b)) => Some(a + b),
                (a, b) => a.or(b),
            },
            solves: self.solves + later.solves,
            threads: later.threads.or(self.threads),
            engine: self.engine.and(later.engine),
            certificate: later.certificate.or(self.certificate),
        }
    }

    /// [`Stats::then`] in place: these stats, of a stage that ran after `earlier`'s.
    pub fn after(&mut self, earlier: Stats) {
        *self = earlier.then(std::mem::take(self));
    }

    /// masu's own share of the time: building the model plus everything around the
    /// backend's reported time (encoding, FFI, decoding, checking).
    pub fn overhead(&self) -> Duration {
        self.build_time + self.solve_time.saturating_sub(self.backend_time.unwrap_or(self.solve_time))
    }
}

/// The answer of a solve: every solution found (each already re-checked), whether the
/// count is complete, and the stats.
#[derive(Clone, Debug, Serialize)]
pub struct Report<S> {
    /// What the solve established.
    pub status: Status,
    /// The backend that ran.
    pub backend: Backend,
    /// The formulation that was built.
    pub formulation: String,
    /// The solutions listed (at most [`SolveOptions::keep`]), pairwise different, each passed
    /// by the puzzle's checker.
    pub solutions: Vec<S>,
    /// How many solutions were found: `solutions` and those counted past them.
    pub count: u128,
    /// Whether `count` is all there is (the search was exhausted).
    pub complete: bool,
    /// Model size and timings.
    pub stats: Stats,
}

impl<S> Report<S> {
    /// The report of what a formulation found on `backend`: `count` solutions, of which it
    /// lists `solutions` (trimmed to [`SolveOptions::keep`]); every listed solution re-checked
    /// by the puzzle's own `check` (one that fails is [`Error::WrongAnswer`], never a
    /// solution), and the status from the count, the limit and completeness.
    #[allow(clippy::too_many_arguments)]
    pub fn checked<V: std::fmt::Display>(
        backend: Backend,
        formulation: &str,
        mut solutions: Vec<S>,
        count: u128,
        complete: bool,
        stats: Stats,
        options: &SolveOptions,
        check: impl Fn(&S) -> Result<(), V>,
    ) -> Result<Report<S>, Error> {
        for solution in &solutions {
            check(solution).map_err(|violation| Error::WrongAnswer { backend, reason: violation.to_string() })?;
        }
        let count = count.max(solutions.len() as u128);
        solutions.truncate(options.keep);
        let status = Status::of(count, complete, options.solution_limit, options.interrupted());
        Ok(Report { status, backend, formulation: formulation.into(), solutions, count, complete, stats })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn status_follows_count_and_completeness() {
        assert_eq!(Status::of(0, true, 2, false), Status::Infeasible);
        assert_eq!(Status::of(1, true, 2, false), Status::Unique);
        assert_eq!(Status::of(1, false, 1, false), Status::Solved);
        assert_eq!(Status::of(1, false, 2, false), Status::TimedOut);
        assert_eq!(Status::of(2, false, 2, false), Status::Multiple);
        assert_eq!(Status::of(3, true, 9, false), Status::Multiple);
        assert_eq!(Status::of(0, false, 2, false), Status::TimedOut);
        assert_eq!(Status::of(0, false, 2, true), Status::Interrupted);
        // A count stopped short of its limit settles nothing, whatever it found.
        assert_eq!(Status::of(5, false, 9, false), Status::TimedOut);
        assert_eq!(Status::of(5, false, 9, true), Status::Interrupted);
        assert_eq!(Status::of(9, false, 9, false), Status::Multiple);
        assert_eq!(Status::of(1 << 70, true, 9, false), Status::Multiple);
    }

    #[test]
    fn overhead_is_what_the_backend_does_not_report() {
        let stats = Stats {
            build_time: Duration::from_millis(2),
            solve_time: Duration::from_millis(10),
            backend_time: Some(Duration::from_millis(7)),
            ..Stats::default()
        };
        assert_eq!(stats.overhead(), Duration::from_millis(5));
    }

    /// A stats' engine is left out of the JSON when no engine set a figure, and phases merge
    /// their engines (`engine.rs` holds the merge rules).
    #[test]
    fn engine_figures_merge_over_phases_and_are_left_out_when_empty() {
        assert!(serde_json::to_value(Stats::default()).unwrap().get("engine").is_none());
        let phased = Stats { engine: Engine { sat_solves: Some(2), ..Engine::default() }, ..Stats::default() }
            .then(Stats { engine: Engine { sat_solves: Some(1), ..Engine::default() }, ..Stats::default() });
        assert_eq!(phased.engine.sat_solves, Some(3));
        assert_eq!(serde_json::to_value(&phased).unwrap()["engine"], serde_json::json!({"sat_solves": 3}));
    }

    #[test]
    fn phases_add_times_and_keep_the_last_model_built() {
        let ms = Duration::from_millis;
        let run = |variables, build| Stats { variables, build_time: ms(build), solves: 1, ..Stats::default() };
        let both = run(10, 1).then(run(20, 2));
        assert_eq!((both.variables, both.build_time, both.solves), (20, ms(3), 2));
        // Out of time while building: no model, only the time spent.
        let cut = both.then(Stats { build_time: ms(4), ..Stats::default() });
        assert_eq!((cut.variables, cut.build_time, cut.solves), (20, ms(7), 2));
    }
}
