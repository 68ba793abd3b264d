//! A model as Pumpkin's own ([`CpModel::to_pumpkin`]): TU Delft's lazy-clause-generation
//! solver (crates.io `pumpkin-core` 0.5, the solver behind `pumpkin-solver`), called as a
//! library, solved again after each exclusion ([`Pumpkin::exclude`]).
//!
//! Variable `i` is the integer `v<i>` over its domain (a sparse one where it has holes);
//! CP-SAT's literal `l` is `v<l> ≥ 1`, its negation `v<l> ≤ 0`. A linear constraint is one or
//! two inequalities (an equation where both sides meet; `≠ v` where the domain leaves out one
//! value), a union of several intervals a clause over one half-reified interval each;
//! `bool_or` a clause, `bool_and` a conjunction, `at_most_one` and `exactly_one` sums;
//! `all_different`, `element`, `lin_max` (`maximum`) and tables are Pumpkin's own
//! constraints, over affine views of the variables (an expression of several variables gets
//! an auxiliary `a<k>` equal to it). Enforcement literals `e₁ … eₙ` half-reify the constraint
//! on one literal implied by their conjunction. `bool_xor`, `circuit`, `automaton`,
//! objectives and values past 32 bits are refused by name ([`NotExpressible`]).
//!
//! With a proof path ([`Settings::proof`]) Pumpkin logs a DRCP proof of the whole count;
//! when a solve proves that nothing is left, [`Pumpkin::certificate`] has it checked by
//! `pumpkin-checker` against the model and the points excluded (`drcp`).
//!
//! As a backend ([`open`]): the model translated once, one point a solve, on one thread.

mod drcp;
mod post;
#[cfg(test)]
mod tests;

use std::path::PathBuf;
use std::time::Instant;

use pumpkin_conflict_resolvers::resolvers::ResolutionResolver;
use pumpkin_core::options::SolverOptions;
use pumpkin_core::predicates::PredicateConstructor;
use pumpkin_core::results::{ProblemSolution, SatisfactionResult};
use pumpkin_core::termination::TerminationCondition;
use pumpkin_core::variables::DomainId;
use pumpkin_core::{DefaultBrancher, Solver};

use crate::cpo::NotExpressible;
use crate::runner::{Opened, Runner};
use crate::{Answer, Checked, CpModel};
use drcp::{Proof, Recorded};
use post::Posting;

/// The pumpkin-core release masu links.
pub const VERSION: &str = "0.5.0";

/// How Pumpkin runs: its own options, by the names of its program's flags.
#[derive(Clone, Debug, Default)]
pub struct Settings {
    /// `random-seed`.
    pub seed: Option<u64>,
    /// `restart-base-interval`: conflicts between restarts, scaled by the sequence.
    pub restart_base_interval: Option<u64>,
    /// `proof-path`: keep a DRCP proof of the count there (gzipped where the name ends in
    /// `.gz`), and check it where a solve proves that nothing is left.
    pub proof: Option<PathBuf>,
}

impl Settings {
    /// The settings of raw parameters, by the names of Pumpkin's flags; an unknown name or a
    /// value that does not read is refused as `(name, reason)`.
    pub fn parse(parameters: &[(String, String)]) -> Result<Settings, (String, String)> {
        let mut settings = Settings::default();
        for (name, value) in parameters {
            let number = || value.trim().parse::<u64>().map_err(|e| (name.clone(), format!("{value:?}: {e}")));
            match name.as_str() {
                "random-seed" => settings.seed = Some(number()?),
                "restart-base-interval" => settings.restart_base_interval = Some(number()?.max(1)),
                "proof-path" if value.is_empty() => return Err((name.clone(), "a path is needed".into())),
                "proof-path" if std::path::Path::new(value).is_dir() => {
                    return Err((name.clone(), format!("{value} is a folder: name the proof's file")));
                }
                "proof-path" => settings.proof = Some(PathBuf::from(value)),
                _ => {
                    let known = "Pumpkin takes random-seed, restart-base-interval and proof-path";
                    return Err((name.clone(), known.into()));
                }
            }
        }
        Ok(settings)
    }
}

/// Pumpkin's solver on a model, ready to solve again after each exclusion.
#[derive(Debug)]
pub struct Pumpkin {
    solver: Solver,
    brancher: DefaultBrancher,
    resolver: ResolutionResolver,
    /// The model's variables, in order.
    variables: Vec<DomainId>,
    /// The constraints posted, as the proof checker reads them.
    recorded: Recorded,
    /// The proof being logged, where one was asked for.
    proof: Option<Proof>,
    /// Why a solve stopped on an internal error, after which no solve runs.
    failed: Option<String>,
}

impl CpModel {
    /// The model as Pumpkin's ([`Pumpkin`]), run with `settings`. Refused (the reason) when it
    /// holds what the translation lacks, or when the proof asked for cannot be written.
    pub fn to_pumpkin(&self, settings: &Settings) -> Result<Pumpkin, NotExpressible> {
        // Pumpkin is a library of its own: a model it trips over is refused, never a panic
        // of masu's.
        guarded(|| self.build_pumpkin(settings)).unwrap_or_else(|why| Err(NotExpressible(why)))
    }

    fn build_pumpkin(&self, settings: &Settings) -> Result<Pumpkin, NotExpressible> {
        let model = &self.proto;
        if model.objective.as_ref().is_some_and(|o| !o.vars.is_empty()) {
            return Err(NotExpressible("masu runs satisfaction models on Pumpkin; this one has an objective".into()));
        }
        let mut options = SolverOptions::default();
        if let Some(seed) = settings.seed {
            use pumpkin_core::rand::SeedableRng;
            options.random_generator = pumpkin_core::rand::rngs::SmallRng::seed_from_u64(seed);
        }
        if let Some(interval) = settings.restart_base_interval {
            options.restart_options.base_interval = interval;
        }
        let proof = match &settings.proof {
            Some(path) => {
                let (proof, log) = Proof::new(path).map_err(|e| {
                    NotExpressible(format!("the proof cannot be written beside {}: {e}", path.display()))
                })?;
                options.proof_log = log;
                Some(proof)
            }
            None => None,
        };
        let mut solver = Solver::with_options(options);
        let mut recorded = Recorded::default();
        let mut variables = Vec::with_capacity(model.variables.len());
        for (i, variable) in model.variables.iter().enumerate() {
            let values = domain(&variable.domain).ok_or_else(|| {
                NotExpressible(format!("variable {i} has an empty domain or values past Pumpkin's 32 bits"))
            })?;
            let name = format!("v{i}");
            let id = match &values {
                Values::Range(lower, upper) => solver.new_named_bounded_integer(*lower, *upper, name.clone()),
                Values::Sparse(values) => solver.new_named_sparse_integer(values.clone(), name.clone()),
            };
            recorded.variable(name, values);
            variables.push(id);
        }
        let mut posting = Posting::new(&mut solver, &variables, &mut recorded);
        for constraint in &model.constraints {
            let Some(body) = &constraint.constraint else { continue };
            posting.post(body, &constraint.enforcement_literal)?;
        }
        let brancher = solver.default_brancher();
        Ok(Pumpkin {
            solver,
            brancher,
            resolver: ResolutionResolver::default(),
            variables,
            recorded,
            proof,
            failed: None,
        })
    }
}

impl Pumpkin {
    /// One solve, until a solution, the proof that none is left, `deadline` or `stop()`; an
    /// error where Pumpkin stopped on an internal error (its words), after which the solver
    /// takes no further solve.
    pub fn solve(&mut self, deadline: Option<Instant>, stop: &dyn Fn() -> bool) -> Result<Answer, String> {
        if let Some(why) = &self.failed {
            return Err(why.clone());
        }
        let mut until = Until { deadline, stop, polls: 0 };
        let (solver, brancher, resolver) = (&mut self.solver, &mut self.brancher, &mut self.resolver);
        let variables = &self.variables;
        let answer = guarded(|| match solver.satisfy(brancher, &mut until, resolver) {
            SatisfactionResult::Satisfiable(found) => {
                let solution = found.solution();
                Answer::solved(variables.iter().map(|&x| solution.get_integer_value(x) as i64).collect())
            }
            SatisfactionResult::Unsatisfiable(..) => Answer::Infeasible,
            SatisfactionResult::Unknown(..) => Answer::Unknown,
        });
        match answer {
            Ok(Answer::Infeasible) => {
                if let Some(proof) = &mut self.proof {
                    proof.finished = true;
                }
                Ok(Answer::Infeasible)
            }
            Ok(answer) => Ok(answer),
            // The solver's state is not to be trusted after it stopped midway.
            Err(why) => {
                self.failed = Some(why.clone());
                Err(why)
            }
        }
    }

    /// Excludes the point `values` (a value for each of the model's variables) on
    /// `projection` (indices of the model's variables), as [`crate::SmtLib::exclude`] does: a
    /// clause that one of them differs. A variable the solver has fixed at the root is left
    /// out: every solution has its value (and Pumpkin drops it from the clause, which its
    /// proof then cites).
    pub fn exclude(&mut self, projection: &[usize], values: &[i64]) {
        let tag = self.solver.new_constraint_tag();
        let mut clause = Vec::with_capacity(projection.len());
        let mut point = Vec::with_capacity(projection.len());
        for (&x, &value) in projection.iter().map(|x| (x, &values[*x])) {
            // A value outside 32 bits is outside the variable's domain: nothing to exclude.
            let Ok(value) = i32::try_from(value) else { return };
            let variable = self.variables[x];
            if self.solver.lower_bound(&variable) == self.solver.upper_bound(&variable) {
                continue;
            }
            clause.push(variable.disequality_predicate(value));
            point.push((x, value));
        }
        // The checker needs the points only where a proof is logged; a long count without
        // one keeps them in Pumpkin's clauses alone.
        if self.proof.is_some() {
            self.recorded.excluded(tag, point);
        }
        self.solver.add_clause(clause, tag);
    }

    /// The check of the proof that nothing is left (`None`: no proof was asked for, or no
    /// solve has proved it). A model holding constraints that `pumpkin-checker` has no rule
    /// for leaves the proof unchecked, said so.
    pub fn certificate(&self) -> Option<Checked> {
        let proof = self.proof.as_ref().filter(|p| p.finished)?;
        Some(self.recorded.check(proof))
    }
}

/// `f()`, or the message of a panic inside it.
fn guarded<T>(f: impl FnOnce() -> T) -> Result<T, String> {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)).map_err(|panic| {
        let message = panic
            .downcast_ref::<String>()
            .cloned()
            .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
            .unwrap_or_else(|| "no message".into());
        format!("Pumpkin stopped on an internal error: {message}")
    })
}

/// Pumpkin's termination: a deadline and a stop request, polled.
struct Until<'a> {
    deadline: Option<Instant>,
    stop: &'a dyn Fn() -> bool,
    polls: u32,
}

impl TerminationCondition for Until<'_> {
    fn should_stop(&mut self) -> bool {
        self.polls = self.polls.wrapping_add(1);
        // The clock is read every 64 polls (a poll is a decision or a conflict).
        if self.polls % 64 != 1 {
            return false;
        }
        (self.stop)() || self.deadline.is_some_and(|d| Instant::now() >= d)
    }
}

/// A variable's values: an interval, or a list where the domain has holes.
#[derive(Clone, Debug)]
enum Values {
    Range(i32, i32),
    Sparse(Vec<i32>),
}

/// A CP-SAT domain (sorted disjoint intervals) as Pumpkin's values (`None`: empty, or past
/// 32 bits).
fn domain(domain: &[i64]) -> Option<Values> {
    let lower = i32::try_from(*domain.first()?).ok()?;
    let upper = i32::try_from(*domain.last()?).ok()?;
    if domain.len() == 2 {
        return Some(Values::Range(lower, upper));
    }
    // A domain with holes is listed value by value; wide ones are refused.
    let size: i64 = domain.chunks(2).map(|d| d[1] - d[0] + 1).sum();
    (size <= 1 << 20).then(|| Values::Sparse(domain.chunks(2).flat_map(|d| d[0] as i32..=d[1] as i32).collect()))
}

/// Pumpkin's version, e.g. `Pumpkin 0.5.0`.
pub fn version() -> Result<String, masu_native::Error> {
    Ok(format!("Pumpkin {VERSION}"))
}

/// Checks raw parameters as [`Settings::parse`] reads them.
pub fn check_parameters(parameters: &[(String, String)]) -> Result<(), masu_native::Error> {
    Settings::parse(parameters).map(|_| ()).map_err(|(name, reason)| masu_native::Error::Parameter {
        solver: "pumpkin",
        name,
        reason,
    })
}

/// `model` opened on Pumpkin, with its raw parameters (`proof-path`).
pub fn open<'a>(model: &'a CpModel, parameters: &[(String, String)]) -> Result<Opened<'a>, masu_native::Error> {
    let settings = Settings::parse(parameters).map_err(|(name, reason)| masu_native::Error::Parameter {
        solver: "Pumpkin",
        name,
        reason,
    })?;
    let solver = model
        .to_pumpkin(&settings)
        .map_err(|reason| masu_native::Error::Library(format!("the model cannot be given to Pumpkin: {reason}")))?;
    Ok(Opened { text: None, runner: Box::new(solver) })
}

impl Runner for Pumpkin {
    fn run(&mut self, _: &[usize], settings: &masu_native::Settings, _: usize) -> Result<Answer, masu_native::Error> {
        self.solve(settings.deadline(), &|| settings.stopped()).map_err(masu_native::Error::Library)
    }

    fn exclude(&mut self, projection: &[usize], values: &[i64]) {
        Pumpkin::exclude(self, projection, values);
    }

    fn certificate(&self) -> Option<Checked> {
        Pumpkin::certificate(self)
    }
}
