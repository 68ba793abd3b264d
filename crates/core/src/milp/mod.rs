//! One MILP, written once against good_lp, run on every MILP backend ([`Backend::MILP`]).
//!
//! A formulation fills a [`Milp`] with good_lp variables, constraints and an objective. On
//! the matrix solvers (HiGHS among them) it is read into matrix form ([`masu_milp::Model`],
//! also what `--export` writes as MPS); on CP-SAT it is translated (every
//! variable integer with finite bounds, every coefficient an integer — else a typed
//! [`Error::NotApplicable`]). good_lp's `Solver` trait cannot be implemented outside good_lp
//! (`UnsolvedProblem`'s fields are crate-private), so the translation reads the model
//! through good_lp's public accessors instead.
//!
//! Counting: HiGHS keeps no pool of solutions reachable from Rust, so every backend
//! enumerates by solving, adding a no-good cut over the projection variables, and solving
//! again until the limit or infeasibility (which proves the count complete); CPLEX and Gurobi
//! are asked for the solutions still wanted at once, from their own pools (`matrix`).

use std::collections::HashMap;
use std::time::Duration;

use good_lp::{Constraint, Expression, IntoAffineExpression, ProblemVariables, Variable};

use crate::{Backend, Error, SolveOptions};

/// One solution: the value of every variable (integers rounded).
pub type MilpSolution = HashMap<Variable, f64>;

/// A mixed-integer linear model: variables, constraints, and an objective to minimise
/// (zero for a pure feasibility model).
#[derive(Clone, Default)]
pub struct Milp {
    /// The variables, with bounds and integrality.
    pub variables: ProblemVariables,
    /// The constraints.
    pub constraints: Vec<Constraint>,
    /// The objective, minimised.
    pub objective: Expression,
}

impl std::fmt::Debug for Milp {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Milp({} variables, {} constraints)", self.variables.len(), self.constraints.len())
    }
}

/// What an enumeration over a [`Milp`] found.
#[derive(Clone, Debug, Default)]
pub struct MilpOutcome {
    /// Solutions, pairwise different on the projection.
    pub solutions: Vec<MilpSolution>,
    /// Whether the search proved there are no more.
    pub complete: bool,
    /// Solves run.
    pub solves: usize,
    /// Wall time around the backend calls (model passing, solving, reading back).
    pub solve_time: Duration,
    /// The backend's own time.
    pub backend_time: Duration,
    /// The threads the backend ran on (`None`: its default).
    pub threads: Option<u32>,
    /// The solver's licence refused the model grown by the no-good rows before the count
    /// ended: `solutions` are those found before.
    pub licence_limit: bool,
    /// Rows a lazy solve added ([`Milp::solve_lazily`]).
    pub lazy_rows: usize,
}

impl MilpOutcome {
    /// What a formulation found: the `solutions` read from this outcome's, with its
    /// completeness, `stats`, and how it ended where a licence stopped it.
    pub fn found<S>(&self, solutions: Vec<S>, stats: crate::Stats) -> crate::Found<S> {
        let ended = self.licence_limit.then_some(crate::Status::LicenceLimit);
        crate::Found { ended, ..crate::Found::new(solutions, self.complete, stats) }
    }

    /// The stats of this outcome over `milp` (all rows linear), built in `build_time`.
    pub fn stats(&self, milp: &Milp, build_time: Duration) -> crate::Stats {
        crate::Stats {
            variables: milp.variables.len(),
            constraints: milp.constraints.len(),
            constraints_by_kind: [("linear".to_string(), milp.constraints.len())].into(),
            build_time,
            solve_time: self.solve_time,
            backend_time: Some(self.backend_time),
            solves: self.solves,
            threads: self.threads,
            engine: crate::Engine {
                lazy_rows: (self.lazy_rows > 0).then_some(self.lazy_rows as u64),
                ..crate::Engine::default()
            },
            ..crate::Stats::default()
        }
    }
}

impl Milp {
    /// An empty model.
    pub fn new() -> Milp {
        Milp::default()
    }

    /// Adds a constraint.
    pub fn add(&mut self, constraint: Constraint) {
        self.constraints.push(constraint);
    }

    /// The same model as a CP-SAT model, with the CP-SAT variable of each good_lp variable
    /// (a typed [`Error::NotApplicable`] when a variable is continuous or unbounded, or a
    /// coefficient is not an integer).
    #[cfg(feature = "cp-sat")]
    pub fn to_cp_sat(&self) -> Result<(masu_cp::CpModel, HashMap<Variable, masu_cp::IntVar>), Error> {
        Ok(cp_sat::translate(self, None)?.expect("no deadline"))
    }

    /// The model as free MPS text (columns named as good_lp names them where usable, else
    /// `x<index>`; rows `r<index>`), readable by HiGHS, CBC, SCIP and OR-Tools.
    pub fn to_mps(&self, name: &str) -> String {
        matrix::to_model(self).0.to_mps(name)
    }

    /// Finds up to `options.solution_limit` solutions that differ on `projection` (binary
    /// variables), on `backend`. With `options.export`, the model is written first as MPS.
    pub fn solve(
        &self,
        backend: Backend,
        options: &SolveOptions,
        projection: &[Variable],
    ) -> Result<MilpOutcome, Error> {
        let backend = backend.require()?;
        if let Some(available) = options.memory_limit() {
            let nonzeros = self.constraints.iter().map(|c| c.expression().linear_coefficients().count()).sum();
            fits_in_memory(backend, nonzeros, available)?;
        }
        if let Some(export) = &options.export {
            export.write("mps", self.to_mps(&export.stem).as_bytes())?;
        }
        if let Some(solve) = backend.matrix_solver() {
            return matrix::enumerate(self, backend, solve, options, projection);
        }
        match backend {
            #[cfg(feature = "cp-sat")]
            Backend::CpSat => cp_sat::enumerate(self, options, projection),
            other => Err(Error::NotApplicable {
                formulation: "milp".into(),
                backend: other,
                reason: format!("a MILP runs on {}", Backend::listed(&Backend::MILP, "or")),
            }),
        }
    }
}

/// The least memory a solve took per nonzero of the constraint matrix, counting the model, its
/// copy for the backend and the backend's own: numberlink's `milp` on thomasahle's 1002×1002
/// board took 22.6 GB for its 100 million nonzeros on HiGHS (225 bytes each), and more on
/// CP-SAT; on blank 200×200 and 350×350 boards, 260 to 280 bytes on HiGHS.
const MEMORY_PER_NONZERO: u64 = 200;

/// Refuses, with [`Error::TooLarge`], a model whose solve on `backend` needs more than
/// `available` bytes (see [`MEMORY_PER_NONZERO`]), before the backend or the operating system
/// (killing the process) would.
fn fits_in_memory(backend: Backend, nonzeros: usize, available: u64) -> Result<(), Error> {
    let needed = (nonzeros as u64).saturating_mul(MEMORY_PER_NONZERO);
    if needed > available {
        return Err(Error::TooLarge(format!(
            "{backend}: the model has {nonzeros} nonzeros; solving it needs {} GB or more, and {:.1} GB are free",
            needed >> 30,
            available as f64 / f64::from(1 << 30)
        )));
    }
    Ok(())
}

/// Σ_{x on} (1 − x) + Σ_{x off} x ≥ 1 over the projection: some variable differs from a
/// point whose projection variables `on` says are set.
fn no_good(projection: &[Variable], on: impl Fn(Variable) -> bool) -> Constraint {
    let mut differs = Expression::from(0.0);
    for &x in projection {
        if on(x) {
            differs += 1.0 - x;
        } else {
            differs += x;
        }
    }
    differs.geq(1.0)
}

/// Refuses a projection with a variable that is not binary: no-good rows need binaries. One
/// pass over the variables, then one lookup per projection variable.
fn binary_projection(milp: &Milp, projection: &[Variable], backend: Backend) -> Result<(), Error> {
    if projection.is_empty() {
        return Ok(());
    }
    let binaries: std::collections::HashSet<Variable> = milp
        .variables
        .iter_variables_with_def()
        .filter(|(_, d)| d.is_integer() && d.get_min() >= 0.0 && d.get_max() <= 1.0)
        .map(|(v, _)| v)
        .collect();
    match projection.iter().find(|x| !binaries.contains(x)) {
        Some(x) => Err(Error::Backend {
            backend,
            message: format!("no-good cuts need binary projection variables, not {x:?}"),
        }),
        None => Ok(()),
    }
}

/// Reads a solution vector (in variable order) into a map, rounding integer variables.
fn solution_map(variables: &ProblemVariables, values: impl IntoIterator<Item = f64>) -> MilpSolution {
    variables
        .iter_variables_with_def()
        .zip(values)
        .map(|((var, def), value)| (var, if def.is_integer() { value.round() } else { value }))
        .collect()
}

#[cfg(feature = "cp-sat")]
mod cp_sat;
mod lazy;
pub(crate) mod matrix;

pub use lazy::Separate;

#[cfg(test)]
mod tests {
    use good_lp::{Solution, variable};

    use super::*;

    /// x + y + z = 2 over binaries: three solutions.
    fn two_of_three() -> (Milp, Vec<Variable>) {
        let mut milp = Milp::new();
        let xs: Vec<Variable> = (0..3).map(|_| milp.variables.add(variable().binary())).collect();
        milp.add((xs[0] + xs[1] + xs[2]).eq(2));
        (milp, xs)
    }

    fn backends() -> Vec<Backend> {
        Backend::MILP.into_iter().filter(|b| b.is_compiled()).collect()
    }

    #[test]
    fn models_too_large_for_the_memory_are_refused() {
        let gb = 1 << 30;
        assert!(fits_in_memory(Backend::Highs, 10_000_000, gb).is_err()); // needs 2 GB
        assert!(fits_in_memory(Backend::Highs, 1_000_000, gb).is_ok());
        let Err(Error::TooLarge(message)) = fits_in_memory(Backend::CpSat, 100_000_000, 16 * gb) else { panic!() };
        assert!(message.starts_with("cp-sat: ") && message.contains("18 GB or more"), "{message}");
    }

    /// A solve's memory share (`--jobs` solves side by side each take a share): with a
    /// few bytes, even a tiny model is refused, on every backend and by CP-SAT's own check.
    #[test]
    fn a_memory_share_bounds_every_backend() {
        if crate::available_memory().is_none() {
            return; // not Linux: nothing to share
        }
        let (milp, xs) = two_of_three();
        let crowded = SolveOptions { memory: Some(64), ..SolveOptions::default() };
        for backend in backends() {
            assert!(matches!(milp.solve(backend, &crowded, &xs), Err(Error::TooLarge(_))), "{backend}");
            assert!(milp.solve(backend, &SolveOptions::default(), &xs).is_ok(), "{backend}");
        }
        #[cfg(feature = "cp-sat")]
        {
            let (model, _) = milp.to_cp_sat().unwrap();
            assert!(matches!(crowded.cp_sat_solver().solve(&model), Err(masu_cp::Error::TooLarge(_))));
            assert!(SolveOptions::default().cp_sat_solver().solve(&model).is_ok());
        }
    }

    /// Out of time, the translation to CP-SAT stops, and the solve ends without an answer.
    #[cfg(feature = "cp-sat")]
    #[test]
    fn the_translation_stops_at_the_deadline() {
        use std::time::Instant;
        let (milp, xs) = two_of_three();
        assert!(cp_sat::translate(&milp, Some(Instant::now())).unwrap().is_none());
        assert!(cp_sat::translate(&milp, None).unwrap().is_some());
        let late = SolveOptions { clock: crate::Clock::within(Some(Duration::ZERO)), ..SolveOptions::default() };
        let out = milp.solve(Backend::CpSat, &late, &xs).unwrap();
        assert!(out.solutions.is_empty() && !out.complete && out.solves == 0);
    }

    #[test]
    fn counts_agree_on_every_backend() {
        let (milp, xs) = two_of_three();
        for backend in backends() {
            let all = SolveOptions { solution_limit: 10, ..SolveOptions::default() };
            let out = milp.solve(backend, &all, &xs).unwrap();
            assert_eq!((out.solutions.len(), out.complete), (3, true), "{backend}");
            for s in &out.solutions {
                assert_eq!(xs.iter().map(|&x| s.value(x)).sum::<f64>(), 2.0);
            }
            let two = SolveOptions { solution_limit: 2, ..SolveOptions::default() };
            let out = milp.solve(backend, &two, &xs).unwrap();
            assert_eq!((out.solutions.len(), out.complete), (2, false), "{backend}");
        }
    }

    /// A count whose no-good rows grow the model past a free licence ends with the
    /// solutions found before, said so (never an error, never complete); one that the solver's
    /// own pool settles first is complete. Four free binaries (16 solutions) and rows up to
    /// 5 below each licence's limit.
    #[cfg(any(feature = "cplex", feature = "xpress", feature = "gurobi"))]
    #[test]
    fn a_count_stopped_by_a_licence_keeps_what_it_found() {
        // (backend, rows its free licence takes, installation variable, solutions found
        // before the refusal: one per solve on Xpress, whose limit counts rows and columns together; CPLEX's pool has all 16 but proves
        // nothing, and the proof's rows pass the limit; Gurobi's pool proves the count).
        let cases = [
            (Backend::Cplex, 1_000, "CPLEX_STUDIO_DIR2220", Some(16)),
            (Backend::Xpress, 5_000 - 4, "XPRESSDIR", Some(6)),
            (Backend::Gurobi, 2_000, "GRB_LICENSE_FILE", None),
        ];
        for (backend, rows, installed, stopped_at) in cases {
            if !backend.is_compiled() || std::env::var_os(installed).is_some() {
                continue;
            }
            let mut milp = Milp::new();
            let xs: Vec<Variable> = (0..4).map(|_| milp.variables.add(variable().binary())).collect();
            for _ in 0..rows - 5 {
                milp.add(Expression::from(xs[0]).leq(1));
            }
            // A minute bounds the count (Gurobi's child is killed past it).
            let time_limit = Some(Duration::from_secs(60));
            let all = SolveOptions {
                solution_limit: 100,
                clock: crate::Clock::within(time_limit),
                ..SolveOptions::default()
            };
            let out = milp.solve(backend, &all, &xs).unwrap();
            let found = out.solutions.len();
            match stopped_at {
                Some(n) => {
                    assert_eq!((found, out.complete, out.licence_limit), (n, false, true), "{backend}");
                    let reported = out.found(vec![(); found], crate::Stats::default()).ended;
                    assert_eq!(reported, Some(crate::Status::LicenceLimit), "{backend}");
                }
                None => assert_eq!((found, out.complete, out.licence_limit), (16, true, false), "{backend}"),
            }
            let distinct: std::collections::HashSet<Vec<i64>> =
                out.solutions.iter().map(|s| xs.iter().map(|&x| s.value(x) as i64).collect()).collect();
            assert_eq!(distinct.len(), found, "{backend}");
        }
    }

    /// No-good rows need binaries: an integer projection variable is refused, by name of
    /// the backend, on every backend that counts by no-good rows.
    #[test]
    fn a_projection_that_is_not_binary_is_refused() {
        let mut milp = Milp::new();
        let x = milp.variables.add(variable().integer().min(0).max(3));
        for backend in backends().into_iter().filter(|&b| b != Backend::CpSat) {
            let Err(Error::Backend { backend: by, message }) = milp.solve(backend, &SolveOptions::default(), &[x])
            else {
                panic!("{backend}: not refused")
            };
            assert!(by == backend && message.contains("binary projection"), "{backend}: {message}");
        }
        // A lazy solve writes its no-goods itself, on every backend.
        for backend in backends() {
            let refused = milp.solve_lazily(backend, &SolveOptions::default(), &[x], &mut |_| Vec::new());
            assert!(matches!(refused, Err(Error::Backend { .. })), "{backend}: {refused:?}");
        }
    }

    #[test]
    fn infeasible_is_a_complete_empty_answer() {
        let (mut milp, xs) = two_of_three();
        milp.add((xs[0] + xs[1]).leq(0));
        for backend in backends() {
            let out = milp.solve(backend, &SolveOptions::default(), &xs).unwrap();
            assert_eq!((out.solutions.len(), out.complete), (0, true), "{backend}");
        }
    }

    #[test]
    fn objective_is_minimised() {
        let mut milp = Milp::new();
        let x = milp.variables.add(variable().integer().min(0).max(10));
        let y = milp.variables.add(variable().integer().min(0).max(10));
        milp.add((3 * x + 2 * y).geq(13));
        milp.objective = x + y;
        for backend in backends() {
            let one = SolveOptions { solution_limit: 1, ..SolveOptions::default() };
            let out = milp.solve(backend, &one, &[]).unwrap();
            assert_eq!(out.solutions[0].eval(x + y), 5.0, "{backend}");
        }
    }

    #[cfg(feature = "cp-sat")]
    #[test]
    fn continuous_variables_are_not_applicable_on_cp_sat() {
        let mut milp = Milp::new();
        let x = milp.variables.add(variable().min(0).max(1));
        milp.add(Expression::from(x).leq(0.5));
        let err = milp.solve(Backend::CpSat, &SolveOptions::default(), &[]).unwrap_err();
        assert!(matches!(err, Error::NotApplicable { backend: Backend::CpSat, .. }), "{err}");
    }
}
