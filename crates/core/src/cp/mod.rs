//! One CP model, built once with [`masu_cp::CpModel`], enumerated on every CP backend
//! ([`Backend::CP`]): the formulations of CP models call [`enumerate`] with the backend
//! asked for, and it goes to the backend's solver as its row in `backends!` says, never by
//! an arm of its own.
//!
//! A CP backend is a `CpBackend` that opens the model in the solver's own terms as a
//! `Search`: one solve within the time left, and the exclusion of a point. A solver run once
//! a solve (CP Optimizer, Gecode, Z3, Pumpkin, Choco) is masu-cp's, a file or folder each
//! with its `open` (`masu_cp::runner`: the model in the solver's language, which `--export`
//! writes, and a `Runner`), which its row names (`cp_backend!`); here it is a `RunOnce`,
//! whose runs are timed, given the time left, and their points kept once on the projection.
//! CP-SAT's search is driven here (`cp_sat.rs`). Counting is core's no-goods (`crate::nogood`), the same loop for every
//! backend; a solver that enumerates itself hands several points a solve (Gecode's `-n`),
//! and CP-SAT first tries one short run of its own enumeration. Every backend is held by the
//! CP conformance suite (`cp_conformance!`, invoked in `conformance.rs`, CP-SAT's in its
//! file) to the same counts, statuses, stops and refusals.
//!
//! Invariants: the solutions are pairwise different on the projection (every variable when
//! it is empty); a count is complete only when a solve proved nothing else is left.

use std::time::Duration;

use masu_cp::{CpModel, Enumeration, IntVar};

use crate::nogood::Excluding;
use crate::nogood::Step;
use crate::{Backend, Error, SolveOptions};

/// How a formulation runs its model on a CP backend.
#[derive(Clone, Copy, Debug, Default)]
pub struct CpRun {
    /// Counting starts with one short run of CP-SAT's own enumeration (every variable must
    /// follow from the projection).
    pub short_run_first: bool,
    /// Each re-solve is hinted with the solution just found (the model's own hint is
    /// replaced). Where solutions differ in a few places, as a nonogram's often do, the next
    /// one is found near the last.
    pub hint_last_solution: bool,
}

/// A CP backend: the one CP model opened in the solver's terms, and (where the solver does
/// better than one no-good a solve) its own way to enumerate.
pub(crate) trait CpBackend: Sync {
    /// The model ready for its first solve, with the points of `projection` (the model's
    /// variables when empty) excluded as they are found.
    fn open<'a>(
        &self,
        model: &'a CpModel,
        projection: &'a [IntVar],
        options: &'a SolveOptions,
        run: CpRun,
    ) -> Result<Box<dyn Search + 'a>, Error>;

    /// Up to `options.solution_limit` solutions, by no-goods (`crate::nogood`).
    fn enumerate(
        &self,
        model: &CpModel,
        projection: &[IntVar],
        options: &SolveOptions,
        run: CpRun,
    ) -> Result<Enumeration, Error> {
        counted(&mut *self.open(model, projection, options, run)?, options.solution_limit, &options.clock())
    }
}

/// Up to `limit` points of `search` within `clock`, by no-goods, with what its solves took.
fn counted(search: &mut dyn Search, limit: usize, clock: &crate::Clock) -> Result<Enumeration, Error> {
    let counted = crate::nogood::count(search, limit, clock)?;
    let Figures { wall_time, solves, workers } = search.figures();
    Ok(Enumeration {
        solutions: counted.points,
        complete: counted.complete,
        wall_time,
        solves,
        workers,
        certificate: search.certificate(),
    })
}

/// One backend's solves of an opened model, each excluding what was found before it.
pub(crate) trait Search: Excluding<Point = Vec<i64>, Error = Error> {
    /// What the solves so far took.
    fn figures(&self) -> Figures;

    /// The check of a proof that nothing is left, where the solver logged one (Pumpkin).
    fn certificate(&self) -> Option<masu_cp::Checked> {
        None
    }
}

/// What a search's solves took.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Figures {
    /// The solver's time over the solves.
    pub wall_time: Duration,
    /// The solves run.
    pub solves: usize,
    /// The workers of the solves (`None`: the solver's default).
    pub workers: Option<u32>,
}

impl Figures {
    /// One solve more, which took `time`.
    fn add(&mut self, time: Duration) {
        self.wall_time += time;
        self.solves += 1;
    }
}

/// A backend whose solver runs once a solve, and how it opens that solver on a model with the
/// count's options: each run given the time left, and timed; its workers one, or those asked
/// for, as its row in `backends!` says.
struct RunOnce(Backend, masu_cp::runner::Open);

impl CpBackend for RunOnce {
    fn open<'a>(
        &self,
        model: &'a CpModel,
        projection: &'a [IntVar],
        options: &'a SolveOptions,
        _: CpRun,
    ) -> Result<Box<dyn Search + 'a>, Error> {
        let RunOnce(backend, open) = *self;
        let workers = match backend.threads() {
            crate::backend::Threads::Asked => options.threads,
            crate::backend::Threads::One => Some(1),
        };
        let figures = Figures { workers, ..Figures::default() };
        let opened = open(model, &options.parameters).map_err(|e| Error::of_solver(backend, e))?;
        if let (Some(export), Some((extension, text))) = (&options.export, &opened.text) {
            export.write(extension, text.as_bytes())?;
        }
        let projection = indices(model, projection);
        Ok(Box::new(Runs { backend, runner: opened.runner, projection, options, figures }))
    }
}

/// The runs of a backend's [`Runner`](masu_cp::runner::Runner) within a count.
struct Runs<'a> {
    backend: Backend,
    runner: Box<dyn masu_cp::runner::Runner + 'a>,
    projection: Vec<usize>,
    options: &'a SolveOptions,
    figures: Figures,
}

impl Search for Runs<'_> {
    fn figures(&self) -> Figures {
        self.figures
    }

    fn certificate(&self) -> Option<masu_cp::Checked> {
        self.runner.certificate()
    }
}

impl Excluding for Runs<'_> {
    type Point = Vec<i64>;
    type Error = Error;

    fn solve(&mut self, left: Option<Duration>, wanted: usize) -> Result<Step<Vec<i64>>, Error> {
        let settings = self.options.settings(left);
        let started = std::time::Instant::now();
        let answer = self.runner.run(&self.projection, &settings, wanted);
        self.figures.add(started.elapsed());
        Ok(match answer.map_err(|e| Error::of_solver(self.backend, e))? {
            masu_cp::Answer::Found { solutions, all } => {
                Step::Found { points: distinct_on(&self.projection, solutions), all }
            }
            masu_cp::Answer::Infeasible => Step::Infeasible,
            masu_cp::Answer::Unknown => Step::Stopped,
        })
    }

    fn exclude(&mut self, values: &Vec<i64>) {
        self.runner.exclude(&self.projection, values);
    }
}

/// `solutions` with each point of `projection` kept once.
fn distinct_on(projection: &[usize], solutions: Vec<Vec<i64>>) -> Vec<Vec<i64>> {
    let mut seen = std::collections::HashSet::new();
    solutions.into_iter().filter(|s| seen.insert(projection.iter().map(|&x| s[x]).collect::<Vec<i64>>())).collect()
}

/// The projection as indices of the model's variables (every variable when it is empty).
fn indices(model: &CpModel, projection: &[IntVar]) -> Vec<usize> {
    if projection.is_empty() {
        (0..model.num_variables()).collect()
    } else {
        projection.iter().map(|x| x.index()).collect()
    }
}

/// Up to `options.solution_limit` solutions of `model` that differ on `projection` (every
/// variable when it is empty), on the CP backend `backend`.
pub fn enumerate(
    backend: Backend,
    model: &CpModel,
    projection: &[IntVar],
    options: &SolveOptions,
    run: CpRun,
) -> Result<Enumeration, Error> {
    if backend == Backend::CpSat {
        return CpSat.enumerate(model, projection, options, run);
    }
    match backend.run_once() {
        Some(open) => RunOnce(backend, open).enumerate(model, projection, options, run),
        None if backend.is(crate::Family::Cp) => Err(Error::NotCompiled(backend)),
        None => Err(Error::Backend { backend, message: "it does not solve CP models".into() }),
    }
}

/// The CP conformance suite for one backend, invoked from the backend's own file: counts
/// (complete, at a limit, none), a projection, enforcement literals and a table, a stop, a
/// time limit of nothing, and raw parameters refused by name. A backend whose program is
/// missing here must refuse with [`Error::NotInstalled`] (and CI, which installs it, sets
/// `MASU_EXPECT_<NAME>` so that a missing program fails). With `, stops`, also a search
/// that no propagation settles (thirteen pigeons in twelve holes, pairwise different), ended
/// by the time limit and by a stop request within a few seconds.
macro_rules! cp_conformance {
    ($backend:expr, stops) => {
        cp_conformance!($backend);

        #[cfg(test)]
        mod stops {
            use std::time::{Duration, Instant};

            use masu_cp::{CpModel, IntVar};

            use crate::cp::{CpRun, enumerate};
            use crate::{Backend, Interrupt, SolveOptions};

            const BACKEND: Backend = $backend;

            fn pigeons() -> (CpModel, Vec<IntVar>) {
                let mut model = CpModel::new();
                let xs: Vec<IntVar> = (0..13).map(|_| model.new_int_var(1, 12)).collect();
                for (i, &x) in xs.iter().enumerate() {
                    for &y in &xs[i + 1..] {
                        model.add_ne(x, y);
                    }
                }
                (model, xs)
            }

            #[test]
            fn the_time_limit_and_a_stop_end_a_hopeless_search() {
                if BACKEND.missing().is_some() {
                    return; // the conformance suite says why, and fails where CI installed it
                }
                let (model, xs) = pigeons();
                let limited = SolveOptions { clock: crate::Clock::within(Some(Duration::from_millis(500))), ..SolveOptions::default() };
                let started = Instant::now();
                let found = enumerate(BACKEND, &model, &xs, &limited, CpRun::default()).unwrap();
                assert_eq!((found.solutions.len(), found.complete), (0, false));
                assert!(started.elapsed() < Duration::from_secs(5), "{:?}", started.elapsed());
                let interrupt = Interrupt::new();
                let stopped = SolveOptions::default().stopped_by(&interrupt);
                let started = Instant::now();
                let found = std::thread::scope(|scope| {
                    scope.spawn(|| {
                        std::thread::sleep(Duration::from_millis(300));
                        interrupt.interrupt();
                    });
                    enumerate(BACKEND, &model, &xs, &stopped, CpRun::default()).unwrap()
                });
                assert_eq!((found.solutions.len(), found.complete), (0, false));
                assert!(started.elapsed() < Duration::from_secs(5), "{:?}", started.elapsed());
            }
        }
    };
    ($backend:expr) => {
        #[cfg(test)]
        mod conformance {
            use masu_cp::{CpModel, Domain, IntVar, LinearExpr};

            use crate::cp::{CpRun, enumerate};
            use crate::{Backend, Error, Interrupt, SolveOptions};

            const BACKEND: Backend = $backend;

            /// A minute bounds each run (a solver run as a program is killed past it).
            fn options(limit: usize) -> SolveOptions {
                SolveOptions {
                    solution_limit: limit,
                    clock: crate::Clock::within(Some(std::time::Duration::from_secs(60))),
                    ..SolveOptions::default()
                }
            }

            /// Whether the backend can run here; when it cannot, its refusal is typed (and
            /// the test fails where CI installed it).
            fn ready() -> bool {
                let Some(why) = BACKEND.missing() else { return true };
                let expected = format!("MASU_EXPECT_{}", BACKEND.name().to_uppercase().replace('-', "_"));
                assert!(std::env::var_os(&expected).is_none(), "{expected} is set, yet {BACKEND} is missing: {why}");
                let (model, xs) = two_of_three();
                let err = enumerate(BACKEND, &model, &xs, &options(2), CpRun::default()).unwrap_err();
                assert!(matches!(err, Error::NotInstalled { .. }), "{err}");
                eprintln!("{BACKEND} is not installed here: {why}");
                false
            }

            /// x + y + z = 2 over 0..2 with x ≤ y: (0,0,2) (0,1,1) (0,2,0) (1,1,0).
            fn two_of_three() -> (CpModel, Vec<IntVar>) {
                let mut model = CpModel::new();
                let xs: Vec<IntVar> = (0..3).map(|_| model.new_int_var(0, 2)).collect();
                model.add_eq(xs.iter().map(|&x| LinearExpr::from(x)).sum::<LinearExpr>(), 2);
                model.add_le(xs[0], xs[1]);
                (model, xs)
            }

            fn count(model: &CpModel, projection: &[IntVar], limit: usize) -> (usize, bool) {
                let found = enumerate(BACKEND, model, projection, &options(limit), CpRun::default()).unwrap();
                let mut distinct: Vec<Vec<i64>> =
                    found.solutions.iter().map(|s| projection.iter().map(|x| s[x.index()]).collect()).collect();
                distinct.sort();
                distinct.dedup();
                assert_eq!(distinct.len(), found.solutions.len(), "a point counted twice");
                (found.solutions.len(), found.complete)
            }

            #[test]
            fn counts_are_complete_limited_or_none() {
                if !ready() {
                    return;
                }
                let (model, xs) = two_of_three();
                assert_eq!(count(&model, &xs, 10), (4, true));
                assert_eq!(count(&model, &xs, 2), (2, false));
                assert_eq!(count(&model, &xs, 4), (4, false), "four found, a fifth not yet ruled out");
                let mut none = model.clone();
                none.add_ge(xs[0], 2);
                assert_eq!(count(&none, &xs, 10), (0, true));
                let mut orderings = CpModel::new();
                let q: Vec<IntVar> = (0..4).map(|_| orderings.new_int_var(0, 3)).collect();
                orderings.add_all_different(q.iter().copied());
                assert_eq!(count(&orderings, &q, 100), (24, true));
            }

            #[test]
            fn a_projection_counts_each_point_once() {
                if !ready() {
                    return;
                }
                let mut model = CpModel::new();
                let x = model.new_int_var(0, 2);
                let _free = model.new_int_var(0, 9);
                assert_eq!(count(&model, &[x], 100), (3, true));
            }

            /// Reified placements as the formulations write them: `b ⇒ x = 1`, `¬b ⇒ x ≠ 1`,
            /// a domain with holes, `exactly_one`, a bool_or with a negation, a table.
            #[test]
            fn enforcement_literals_holes_and_tables() {
                if !ready() {
                    return;
                }
                let mut model = CpModel::new();
                let x = model.new_int_var_in(&Domain::from_values([0, 1, 3]), "x");
                let bs: Vec<_> = (0..3).map(|_| model.new_bool_var()).collect();
                model.add_eq(x, 1).only_enforce_if([bs[0]]);
                model.add_ne(x, 1).only_enforce_if([!bs[0]]);
                model.add_exactly_one([bs[1], bs[2]]);
                model.add_bool_or([!bs[1], bs[0]]);
                let y = model.new_int_var(0, 3);
                model.add_allowed_assignments([x, y], &[vec![0, 0], vec![1, 2], vec![3, 3], vec![3, 1]]);
                // b0 = 1: x = 1, y = 2, b1 ∈ {0, 1} (b0 holds the clause): 2.
                // b0 = 0: x ∈ {0, 3}, b1 = 0 (the clause), b2 = 1: (0,0), (3,3), (3,1): 3.
                let mut every: Vec<IntVar> = vec![x, y];
                every.extend(bs.iter().map(|b| b.variable()));
                assert_eq!(count(&model, &every, 100), (5, true));
            }

            #[test]
            fn a_stop_or_no_time_left_solves_nothing() {
                if !ready() {
                    return;
                }
                let (model, xs) = two_of_three();
                let interrupt = Interrupt::new();
                interrupt.interrupt();
                let stopped = options(10).stopped_by(&interrupt);
                let found = enumerate(BACKEND, &model, &xs, &stopped, CpRun::default()).unwrap();
                assert_eq!((found.solutions.len(), found.complete), (0, false));
                let late = options(10).within(Some(std::time::Duration::ZERO));
                let found = enumerate(BACKEND, &model, &xs, &late, CpRun::default()).unwrap();
                assert_eq!((found.solves, found.solutions.len(), found.complete), (0, 0, false));
            }

            #[test]
            fn unknown_parameters_are_refused_by_name() {
                if !ready() {
                    return;
                }
                let bad = [("no_such_parameter".to_string(), "1".to_string())];
                let err = BACKEND.check_parameters(&bad).unwrap_err();
                assert!(matches!(&err, Error::Parameter { name, .. } if name == "no_such_parameter"), "{err}");
            }
        }
    };
}

mod cp_sat;
use cp_sat::CpSat;
pub use cp_sat::on_cp_sat;
#[cfg(test)]
mod conformance;
