//! One MILP, written once against good_lp, run on HiGHS or on CP-SAT.
//!
//! A formulation fills a [`Milp`] with good_lp variables, constraints and an objective. On
//! HiGHS the model goes through good_lp as it is; on CP-SAT it is translated (every
//! variable integer with finite bounds, every coefficient an integer — else a typed
//! [`Error::NotApplicable`]). good_lp's `Solver` trait cannot be implemented outside good_lp
//! (`UnsolvedProblem`'s fields are crate-private), so the translation reads the model
//! through good_lp's public accessors instead.
//!
//! Counting: HiGHS keeps no pool of solutions reachable from Rust, so both backends
//! enumerate by solving, adding a no-good cut over the projection variables, and solving
//! again until the limit or infeasibility (which proves the count complete).

use std::collections::HashMap;
use std::time::{Duration, Instant};

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
}

impl MilpOutcome {
    /// The stats of this outcome over `milp` (all rows linear), built in `build_time`.
    pub fn stats(&self, milp: &Milp, build_time: Duration, threads: Option<u32>) -> crate::Stats {
        crate::Stats {
            variables: milp.variables.len(),
            constraints: milp.constraints.len(),
            constraints_by_kind: [("linear".to_string(), milp.constraints.len())].into(),
            build_time,
            solve_time: self.solve_time,
            backend_time: Some(self.backend_time),
            solves: self.solves,
            threads,
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
    pub fn to_cp_sat(&self) -> Result<(masu_cpsat::CpModel, HashMap<Variable, masu_cpsat::IntVar>), Error> {
        Ok(cp_sat::translate(self, None)?.expect("no deadline"))
    }

    /// Finds up to `options.solution_limit` solutions that differ on `projection` (binary
    /// variables), on `backend`.
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
        match backend {
            #[cfg(feature = "highs")]
            Backend::Highs => highs::enumerate(self, options, projection),
            #[cfg(feature = "cp-sat")]
            Backend::CpSat => cp_sat::enumerate(self, options, projection),
            other => Err(Error::NotApplicable {
                formulation: "milp".into(),
                backend: other,
                reason: "a MILP runs on highs or cp-sat".into(),
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

/// Reads a solution vector (in variable order) into a map, rounding integer variables.
#[cfg_attr(not(any(feature = "highs", feature = "cp-sat")), allow(dead_code))]
fn solution_map(variables: &ProblemVariables, values: impl IntoIterator<Item = f64>) -> MilpSolution {
    variables
        .iter_variables_with_def()
        .zip(values)
        .map(|((var, def), value)| (var, if def.is_integer() { value.round() } else { value }))
        .collect()
}

#[cfg(feature = "highs")]
mod highs {
    use good_lp::solvers::highs::highs;
    use good_lp::{ResolutionError, Solution, SolverModel};

    use super::*;

    /// Σ_{x=1} (1 − x) + Σ_{x=0} x ≥ 1: some projection variable differs from `solution`.
    fn no_good(projection: &[Variable], solution: &MilpSolution) -> Constraint {
        let mut differs = Expression::from(0.0);
        for &x in projection {
            if solution[&x] > 0.5 {
                differs += 1.0 - x;
            } else {
                differs += x;
            }
        }
        differs.geq(1.0)
    }

    pub(super) fn enumerate(
        milp: &Milp,
        options: &SolveOptions,
        projection: &[Variable],
    ) -> Result<MilpOutcome, Error> {
        let binary = |x: &Variable| {
            milp.variables
                .iter_variables_with_def()
                .any(|(v, d)| v == *x && d.is_integer() && d.get_min() >= 0.0 && d.get_max() <= 1.0)
        };
        if let Some(x) = projection.iter().find(|x| !binary(x)) {
            return Err(Error::Highs(format!("no-good cuts need binary projection variables, not {x:?}")));
        }
        let started = Instant::now();
        let mut outcome = MilpOutcome::default();
        let mut cuts: Vec<Constraint> = Vec::new();
        while outcome.solutions.len() < options.solution_limit {
            if options.interrupt.is_interrupted() {
                break;
            }
            let remaining = || options.time_limit.map(|limit| limit.saturating_sub(started.elapsed()));
            if remaining().is_some_and(|r| r.is_zero()) {
                break;
            }
            let call = Instant::now();
            let run = |presolve: bool| {
                let mut problem = milp.variables.clone().minimise(milp.objective.clone()).using(highs);
                problem = problem.set_option("output_flag", false);
                if !presolve {
                    problem = problem.set_option("presolve", "off");
                }
                if let Some(r) = remaining() {
                    problem = problem.set_time_limit(r.as_secs_f64());
                }
                if let Some(t) = options.threads {
                    problem = problem.set_threads(t);
                }
                let problem = problem.with_all(milp.constraints.iter().cloned()).with_all(cuts.iter().cloned());
                let run = Instant::now();
                let result = problem.solve().map(|s| {
                    let values = milp.variables.iter_variables_with_def().map(|(v, _)| s.value(v)).collect::<Vec<_>>();
                    solution_map(&milp.variables, values)
                });
                (result, run.elapsed())
            };
            // HiGHS's MIP presolve is trusted only for the first solve, and only with an
            // answer: it can declare a feasible model infeasible (ERGO-Code/HiGHS#3090,
            // #2388). The differential tests met it twice on nonograms' `patterns` models with
            // no-good cuts, once calling a puzzle with 8 solutions unique (the cases
            // `presolve` of tests/conformance.rs). So once cuts are in, presolve is off, and
            // an infeasibility claimed with presolve is decided again without it. It can
            // also reduce an infeasible model to an empty one and claim optimality; HiGHS
            // then finds the point violated and reports a solve error (#1710, #2402; met on
            // an Arukone board whose fill model is infeasible): that too is decided again.
            let presolve = cuts.is_empty();
            let (mut result, elapsed) = run(presolve);
            outcome.backend_time += elapsed;
            outcome.solves += 1;
            if presolve
                && matches!(
                    result,
                    Err(ResolutionError::Other(_) | ResolutionError::Str(_) | ResolutionError::Infeasible)
                )
                && !matches!(result, Err(ResolutionError::Other("NoSolutionFound")))
            {
                let (again, elapsed) = run(false);
                outcome.backend_time += elapsed;
                outcome.solves += 1;
                result = again;
            }
            outcome.solve_time += call.elapsed();
            match result {
                Ok(solution) => {
                    cuts.push(no_good(projection, &solution));
                    outcome.solutions.push(solution);
                }
                Err(ResolutionError::Infeasible) => {
                    outcome.complete = true;
                    break;
                }
                // Time limit or interrupt before a feasible point.
                Err(ResolutionError::Other("NoSolutionFound")) => break,
                Err(e) => return Err(Error::Highs(e.to_string())),
            }
        }
        Ok(outcome)
    }
}

#[cfg(feature = "cp-sat")]
mod cp_sat {
    use masu_cpsat::{CpModel, Domain, IntVar, LinearExpr};

    use super::*;

    fn not_applicable(reason: String) -> Error {
        Error::NotApplicable { formulation: "milp".into(), backend: Backend::CpSat, reason }
    }

    fn integer(value: f64, what: &str) -> Result<i64, Error> {
        if value.fract() == 0.0 && value.abs() < 9.0e15 {
            Ok(value as i64)
        } else {
            Err(not_applicable(format!("{what} {value} is not an integer")))
        }
    }

    /// A MILP on CP-SAT: the model, and the CP-SAT variable of each good_lp variable.
    pub(super) type Translated = (CpModel, HashMap<Variable, IntVar>);

    /// The model on CP-SAT, and the CP-SAT variable of each good_lp variable; `None` once past
    /// `deadline` (the 1002×1002 numberlink board's MILP takes tens of seconds to translate).
    pub(super) fn translate(milp: &Milp, deadline: Option<Instant>) -> Result<Option<Translated>, Error> {
        let mut model = CpModel::new();
        let mut vars = HashMap::with_capacity(milp.variables.len());
        for (var, def) in milp.variables.iter_variables_with_def() {
            if !def.is_integer() {
                return Err(not_applicable(format!("variable {var:?} is continuous")));
            }
            let (lo, hi) = (def.get_min().ceil(), def.get_max().floor());
            if !lo.is_finite() || !hi.is_finite() {
                return Err(not_applicable(format!("variable {var:?} is unbounded")));
            }
            let domain = Domain::new(integer(lo, "bound")?, integer(hi, "bound")?);
            vars.insert(var, model.new_int_var_in(&domain, def.get_name()));
        }
        let linear = |e: &Expression| -> Result<LinearExpr, Error> {
            let terms = e.clone().linear_coefficients().map(|(v, c)| Ok((vars[&v], integer(c, "coefficient")?)));
            Ok(LinearExpr::from_terms(terms.collect::<Result<Vec<_>, Error>>()?, 0))
        };
        for (step, c) in milp.constraints.iter().enumerate() {
            if step % 4096 == 0 && deadline.is_some_and(|d| Instant::now() >= d) {
                return Ok(None);
            }
            // good_lp stores `Σ c·x + k ≤ 0` (or `= 0`).
            let sum = linear(c.expression())?;
            let rhs = -c.expression().constant();
            if c.is_equality() {
                model.add_eq(sum, integer(rhs, "right-hand side")?);
            } else {
                model.add_le(sum, rhs.floor() as i64);
            }
        }
        let objective = linear(&milp.objective)?;
        if objective != LinearExpr::default() {
            model.minimize(objective);
        }
        Ok(Some((model, vars)))
    }

    pub(super) fn enumerate(
        milp: &Milp,
        options: &SolveOptions,
        projection: &[Variable],
    ) -> Result<MilpOutcome, Error> {
        let started = Instant::now();
        let deadline = options.time_limit.map(|t| started + t);
        let Some((model, vars)) = translate(milp, deadline)? else {
            let (solve_time, backend_time) = (started.elapsed(), Duration::ZERO);
            return Ok(MilpOutcome { solutions: Vec::new(), complete: false, solves: 0, solve_time, backend_time });
        };
        // The translation's time counts against the limit.
        let left = deadline.map(|d| d.saturating_duration_since(Instant::now()));
        let solver = SolveOptions { time_limit: left, ..options.clone() }.cp_sat_solver();
        // When the projection is every variable and nothing is optimised, one short run of
        // CP-SAT's own enumeration settles an easy model in one search; else no-goods.
        let whole = projection.len() == milp.variables.len()
            && projection.iter().collect::<std::collections::HashSet<_>>().len() == projection.len()
            && milp.objective.clone().linear_coefficients().next().is_none();
        let projection: Vec<IntVar> = projection.iter().map(|v| vars[v]).collect();
        let call = Instant::now();
        let found = if whole {
            solver.enumerate_first(&model, options.solution_limit, &projection)?
        } else {
            solver.enumerate(&model, options.solution_limit, &projection)?
        };
        let solve_time = call.elapsed();
        let order: Vec<IntVar> = milp.variables.iter_variables_with_def().map(|(v, _)| vars[&v]).collect();
        Ok(MilpOutcome {
            solutions: found
                .solutions
                .iter()
                .map(|values| solution_map(&milp.variables, order.iter().map(|x| values[x.index()] as f64)))
                .collect(),
            complete: found.complete,
            solves: found.solves,
            solve_time,
            backend_time: found.wall_time,
        })
    }
}

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
        [Backend::Highs, Backend::CpSat].into_iter().filter(|b| b.is_compiled()).collect()
    }

    #[test]
    fn models_too_large_for_the_memory_are_refused() {
        let gb = 1 << 30;
        assert!(fits_in_memory(Backend::Highs, 10_000_000, gb).is_err()); // needs 2 GB
        assert!(fits_in_memory(Backend::Highs, 1_000_000, gb).is_ok());
        let Err(Error::TooLarge(message)) = fits_in_memory(Backend::CpSat, 100_000_000, 16 * gb) else { panic!() };
        assert!(message.starts_with("cp-sat: ") && message.contains("18 GB or more"), "{message}");
    }

    /// Solves run side by side (`--jobs`) share the free memory: with enough of them, even a
    /// tiny model is refused, on every backend and by CP-SAT's own check.
    #[test]
    fn parallel_solves_share_the_memory() {
        if crate::available_memory().is_none() {
            return; // not Linux: nothing to share
        }
        let (milp, xs) = two_of_three();
        let crowded = SolveOptions { parallel_solves: u32::MAX, ..SolveOptions::default() };
        for backend in backends() {
            assert!(matches!(milp.solve(backend, &crowded, &xs), Err(Error::TooLarge(_))), "{backend}");
            assert!(milp.solve(backend, &SolveOptions::default(), &xs).is_ok(), "{backend}");
        }
        #[cfg(feature = "cp-sat")]
        {
            let (model, _) = milp.to_cp_sat().unwrap();
            assert!(matches!(crowded.cp_sat_solver().solve(&model), Err(masu_cpsat::Error::TooLarge(_))));
            assert!(SolveOptions::default().cp_sat_solver().solve(&model).is_ok());
        }
    }

    /// Out of time, the translation to CP-SAT stops, and the solve ends without an answer.
    #[cfg(feature = "cp-sat")]
    #[test]
    fn the_translation_stops_at_the_deadline() {
        let (milp, xs) = two_of_three();
        assert!(cp_sat::translate(&milp, Some(Instant::now())).unwrap().is_none());
        assert!(cp_sat::translate(&milp, None).unwrap().is_some());
        let late = SolveOptions { time_limit: Some(Duration::ZERO), ..SolveOptions::default() };
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
