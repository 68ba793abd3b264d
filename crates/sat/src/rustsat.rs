//! The solvers that come through the `rustsat` crates (Kissat, MiniSat, Glucose), behind the
//! family's [`Solver`]: one adapter for all three.
//!
//! A stop is an interrupt from a watching thread (rustsat's `Interrupt`: MiniSat and Glucose
//! have no callback to poll), which polls the stop test every few milliseconds while the
//! solve runs and ends with it. A solver that solves once (Kissat) keeps the clauses it is
//! given and is built afresh, the clauses given again, when a clause follows a solve.

use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::Duration;

use rustsat::solvers::{Interrupt, InterruptSolver, Solve, SolverResult};
use rustsat::types::{Clause, Lit, TernaryVal, Var};

use crate::{Answer, Solver, Stop};

/// How often the watching thread asks the stop test.
const POLL: Duration = Duration::from_millis(5);

/// Whether a solver takes clauses after a solve.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Takes {
    /// It does (MiniSat, Glucose).
    More,
    /// It does not: it is built afresh and given every clause again (Kissat).
    Once,
}

/// A rustsat solver `S` as a solver of the family.
pub(crate) struct Rustsat<S> {
    solver: S,
    takes: Takes,
    /// Every clause given, for a solver built afresh ([`Takes::Once`]; empty otherwise).
    clauses: Vec<Vec<i32>>,
    /// It has solved since it was built: a clause now means building it afresh.
    solved: bool,
    /// It failed to take a clause: every solve says so.
    failed: Option<String>,
    stop: Stop,
}

impl<S> std::fmt::Debug for Rustsat<S> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Rustsat").field("takes", &self.takes).field("clauses", &self.clauses.len()).finish()
    }
}

impl<S: Solve + Interrupt + Default + Send> Rustsat<S>
where
    S::Interrupter: Send,
{
    pub(crate) fn new(stop: Stop, takes: Takes) -> Rustsat<S> {
        Rustsat { solver: S::default(), takes, clauses: Vec::new(), solved: false, failed: None, stop }
    }

    /// A solver that solves once, built afresh with every clause given again if it solved.
    fn afresh(&mut self) {
        if self.takes == Takes::Once && self.solved {
            self.solver = S::default();
            self.solved = false;
            let clauses = std::mem::take(&mut self.clauses);
            clauses.iter().for_each(|c| self.give(c));
            self.clauses = clauses;
        }
    }

    fn give(&mut self, clause: &[i32]) {
        let lits: Result<Vec<Lit>, _> = clause.iter().map(|&l| Lit::from_ipasir(l)).collect();
        let taken = lits
            .map_err(|e| e.to_string())
            .and_then(|lits| self.solver.add_clause(Clause::from_iter(lits)).map_err(|e| e.to_string()));
        if let Err(said) = taken {
            self.failed.get_or_insert(format!("{} refused the clause {clause:?}: {said}", self.solver.signature()));
        }
    }
}

impl<S: Solve + Interrupt + Default + Send> Solver for Rustsat<S>
where
    S::Interrupter: Send,
{
    fn version(&self) -> String {
        let signature = self.solver.signature();
        // "kissat-4.0.4", "Minisat 2.2.0", "Glucose 4.2.1": the name capitalised, one space.
        let (name, version) = signature.split_once(['-', ' ']).unwrap_or((signature, ""));
        let mut name = name.to_string();
        name[..1].make_ascii_uppercase();
        format!("{name} {version}")
    }

    fn add(&mut self, clause: &[i32]) {
        self.afresh();
        if self.takes == Takes::Once {
            self.clauses.push(clause.to_vec());
        }
        self.give(clause);
    }

    fn solve(&mut self, variables: i32) -> Answer {
        if let Some(said) = &self.failed {
            return Answer::Failed(said.clone());
        }
        if (self.stop)() {
            return Answer::Stopped;
        }
        self.afresh();
        if variables > 0 {
            // Every variable asked for is the solver's, so its model has a value for each.
            let reserved = Var::new_with_error((variables - 1) as u32).map_err(|e| e.to_string());
            if let Err(said) = reserved.and_then(|v| self.solver.reserve(v).map_err(|e| e.to_string())) {
                return Answer::Failed(format!("{}: {said}", self.solver.signature()));
            }
        }
        let interrupter = self.solver.interrupter();
        let (done, finished) = mpsc::channel::<()>();
        let stop = &self.stop;
        let result = std::thread::scope(|scope| {
            scope.spawn(move || {
                // Until the solve is over (the sender dropped), the stop test every POLL.
                while let Err(RecvTimeoutError::Timeout) = finished.recv_timeout(POLL) {
                    if stop() {
                        interrupter.interrupt();
                        return;
                    }
                }
            });
            let result = self.solver.solve();
            drop(done);
            result
        });
        self.solved = true;
        match result {
            Ok(SolverResult::Sat) => {
                let value = |v: i32| {
                    let lit = Lit::from_ipasir(v).expect("a variable from 1");
                    matches!(self.solver.lit_val(lit), Ok(TernaryVal::True))
                };
                Answer::Satisfied((1..=variables).map(value).collect())
            }
            Ok(SolverResult::Unsat) => Answer::Unsatisfiable,
            Ok(SolverResult::Interrupted) => Answer::Stopped,
            Err(e) => Answer::Failed(format!("{} failed: {e}", self.solver.signature())),
        }
    }
}
