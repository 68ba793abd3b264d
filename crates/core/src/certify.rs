//! Certified verdicts (`--certify`): a second proof of "unique", "infeasible" or "exactly N",
//! independent of the engine that searched.
//!
//! A kind states its puzzle as clauses ([`Puzzle::cnf`](crate::Puzzle::cnf): one boolean a
//! decision, the rules as clauses, the givens as units) and adds one clause excluding each
//! solution the solve found. [`certify`] has CaDiCaL refute the whole, writing every clause it
//! derives as a DRAT proof, and hands the clauses and the proof to an independent checker,
//! `rate` (krobelus/rate, installed from crates.io: `cargo install rate`, or by `./masu` into
//! `.tools/rate` for any command given `--certify`; `MASU_RATE` names another build), which
//! replays the proof. The verdict is certified only when the checker
//! says `s VERIFIED`. What is trusted is then the encoding (tested against exhaustive
//! enumeration in each kind) and the checker, not masu's engines nor CaDiCaL.
//!
//! Where the rules are too many to state (numberlink's "no closed loop"), the encoding has
//! [`Lemmas`]: some stated from the start, and each model the refutation finds instead adds
//! the clauses it breaks (a loop's cells closed off), each checked by the kind's lemma check,
//! written apart from the separation; the refutation then starts afresh, until it succeeds.
//!
//! A kind may also add clauses that do not follow from its puzzle but keep a solution
//! whenever there is one ([`Dominance`]: numberlink's canonical clauses under the blanks
//! rule), each with a witness; lemmas with a witness join them instead of the kind's check.
//! Their proof goes to VeriPB first (the dominance stage, `certify/dominance.rs`), which also checks
//! that the clauses refuted are the input and those steps; then the refutation goes to
//! `rate`. What is trusted is the encoding, the checkers, and the kind's lemma check for
//! lemmas without a witness (none under numberlink's blanks rule).
//!
//! Invariants: [`Certificate::accepted`] is true only on the checkers' acceptance of proofs
//! of exactly the clauses written; every other end (no encoding, out of time, a model beyond
//! the solutions found, no checker, a dominance step refused) is a certificate with
//! `accepted: false` and the reason.

use std::path::Path;
use std::time::{Duration, Instant};

use crate::{Certificate, Certify, Clock};

mod checker;
mod dominance;

pub use checker::{Checker, RATE, VERIPB};
pub use dominance::{Dominance, Image, Step, Witness};

/// A puzzle as clauses in conjunctive normal form: literals are DIMACS (±variable, variables
/// numbered from 1).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Cnf {
    variables: i32,
    clauses: Vec<Vec<i32>>,
}

impl Cnf {
    /// No variable, no clause.
    pub fn new() -> Cnf {
        Cnf::default()
    }
    /// A fresh variable.
    pub fn variable(&mut self) -> i32 {
        self.variables += 1;
        self.variables
    }
    /// The clause `∨ lits`.
    pub fn clause(&mut self, lits: impl IntoIterator<Item = i32>) {
        let clause: Vec<i32> = lits.into_iter().collect();
        assert!(clause.iter().all(|&l| l != 0 && l.abs() <= self.variables), "a literal of no variable: {clause:?}");
        self.clauses.push(clause);
    }
    /// Exactly one of `lits`: at least one, and no two (pairwise).
    pub fn exactly_one(&mut self, lits: &[i32]) {
        self.clause(lits.iter().copied());
        for (i, &a) in lits.iter().enumerate() {
            for &b in &lits[i + 1..] {
                self.clause([-a, -b]);
            }
        }
    }
    /// How many variables.
    pub fn variables(&self) -> i32 {
        self.variables
    }
    /// The clauses, in the order given.
    pub fn clauses(&self) -> &[Vec<i32>] {
        &self.clauses
    }
    /// Whether the assignment `value` (of each variable, from 1) satisfies every clause.
    pub fn satisfied_by(&self, value: impl Fn(i32) -> bool) -> bool {
        self.clauses.iter().all(|clause| clause.iter().any(|&l| (l > 0) == value(l.abs())))
    }
    /// The clauses as a DIMACS CNF file, `comment` lines first.
    pub fn dimacs(&self, comment: &str) -> String {
        let mut out: String = comment.lines().map(|line| format!("c {line}\n")).collect();
        out.push_str(&format!("p cnf {} {}\n", self.variables, self.clauses.len()));
        for clause in &self.clauses {
            clause.iter().for_each(|l| out.push_str(&format!("{l} ")));
            out.push_str("0\n");
        }
        out
    }
}

/// A puzzle as clauses, with the clauses it adds lazily (none for most kinds).
pub struct Encoding {
    /// The clauses stated at once: the rules, the givens, each solution found excluded.
    pub cnf: Cnf,
    /// What is added while it is refuted.
    pub lemmas: Option<Box<dyn Lemmas>>,
    /// Clauses added by dominance before the refutation, with the order that justifies them
    /// (a two-stage certificate, [`Dominance`]); lemmas with a witness join them.
    pub dominance: Option<Dominance>,
}

impl std::fmt::Debug for Encoding {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Encoding")
            .field("cnf", &self.cnf)
            .field("lemmas", &self.lemmas.is_some())
            .field("dominance", &self.dominance)
            .finish()
    }
}

impl From<Cnf> for Encoding {
    fn from(cnf: Cnf) -> Encoding {
        Encoding { cnf, lemmas: None, dominance: None }
    }
}

/// Clauses every solution satisfies, added as models break them.
pub trait Lemmas {
    /// Clauses that `model` (the variables true in it) breaks and every solution satisfies;
    /// none when the model is a solution.
    fn separate(&self, model: &[i32]) -> Vec<Vec<i32>>;
    /// Whether `lemma` is a clause of the kind every solution satisfies, checked from the
    /// board alone (not by the separation's code): why not, where it is not.
    fn check(&self, lemma: &[i32]) -> Result<(), String>;
    /// Lemmas to add before the first model (the kind's small loops): checked as the others.
    fn upfront(&self) -> Vec<Vec<i32>> {
        Vec::new()
    }
    /// Where the encoding has a [`Dominance`] order: a witness mapping every assignment that
    /// breaks `lemma` to a smaller one that keeps the input clauses. The lemma then goes to
    /// the dominance stage's checker instead of the kind's check.
    fn witness(&self, lemma: &[i32]) -> Option<Witness> {
        let _ = lemma;
        None
    }
}

/// A certificate that was not made, and why.
pub fn not_certified(detail: impl Into<String>) -> Certificate {
    Certificate {
        checker: RATE.name(),
        proof: crate::Proof::Unchecked(detail.into()),
        proof_bytes: 0,
        prove_time: Duration::ZERO,
        check_time: Duration::ZERO,
        lemmas: 0,
        dominance: None,
    }
}

/// `encoding` (the puzzle with each solution found excluded) refuted by CaDiCaL with a DRAT
/// proof, and the proof checked by the independent checker, within `clock`. A model of the
/// clauses that breaks lemmas adds them (each checked, or proved by dominance) and the
/// refutation starts afresh. Where clauses were added by dominance, their proof is checked
/// first (`certify/dominance.rs`), and the verdict is certified only when both checkers accept.
pub fn certify(encoding: Encoding, certify: &Certify, clock: &Clock) -> Certificate {
    // Without a folder to keep them, the files live in a temporary folder, removed when it is
    // dropped (a panic included).
    let (scratch, dir, stem) = match &certify.keep {
        Some(export) => (None, export.dir.clone(), export.stem.clone()),
        None => match tempfile::Builder::new().prefix("masu-certify-").tempdir() {
            Ok(folder) => {
                let dir = folder.path().to_path_buf();
                (Some(folder), dir, "certify".to_string())
            }
            Err(e) => return not_certified(format!("no temporary folder for the proof: {e}")),
        },
    };
    let started = Instant::now();
    let Encoding { cnf, lemmas, dominance } = encoding;
    let refuted = Refutation::new(cnf, dominance).run(lemmas.as_deref(), &dir, &stem, clock);
    let mut certificate = refuted.unwrap_or_else(|not| not);
    let checking = certificate.check_time + certificate.dominance.as_ref().map_or(Duration::ZERO, |d| d.check_time);
    certificate.prove_time = started.elapsed().saturating_sub(checking);
    drop(scratch);
    certificate
}

/// Why a verdict with a model left is not certified.
const BEYOND: &str = "the clauses have a model beyond the solutions found: the verdict is not proved";

/// The clauses refuted: the input, the clauses added by dominance, the lemmas the kind
/// checked; and where there is a dominance stage, the input as it came, for its check.
struct Refutation {
    cnf: Cnf,
    staged: Option<(Cnf, Dominance)>,
    checked: usize,
}

impl Refutation {
    fn new(cnf: Cnf, dominance: Option<Dominance>) -> Refutation {
        let staged = dominance.map(|dominance| (cnf.clone(), dominance));
        let mut refutation = Refutation { cnf, staged, checked: 0 };
        for step in refutation.staged.iter().flat_map(|(_, d)| &d.steps) {
            refutation.cnf.clause(step.clause.iter().copied());
        }
        refutation
    }

    /// Adds `lemma`: by dominance where the kind gives it a witness, else once the kind's
    /// check takes it; else the certificate refused.
    fn take(&mut self, lemmas: &dyn Lemmas, lemma: Vec<i32>) -> Result<(), Certificate> {
        if let (Some((_, dominance)), Some(witness)) = (self.staged.as_mut(), lemmas.witness(&lemma)) {
            dominance.steps.push(Step { clause: lemma.clone(), witness });
        } else {
            lemmas.check(&lemma).map_err(|why| not_certified(format!("a lemma refused ({lemma:?}): {why}")))?;
            self.checked += 1;
        }
        self.cnf.clause(lemma);
        Ok(())
    }

    /// Refutes the clauses (with `lemmas`' upfront ones) into `dir/stem.{cnf,drat}` and checks
    /// the proofs; each model found instead adds the lemmas it breaks, and again. `Err`: a
    /// certificate not made, and why.
    fn run(
        mut self,
        lemmas: Option<&dyn Lemmas>,
        dir: &Path,
        stem: &str,
        clock: &Clock,
    ) -> Result<Certificate, Certificate> {
        if let Some(lemmas) = lemmas {
            for lemma in lemmas.upfront() {
                self.take(lemmas, lemma)?;
            }
        }
        loop {
            let (formula, proof) = (dir.join(format!("{stem}.cnf")), dir.join(format!("{stem}.drat")));
            let dominated = self.staged.as_ref().map_or(0, |(_, d)| d.steps.len());
            let mut comment = "masu: the puzzle, and a clause excluding each solution found".to_string();
            if dominated > 0 {
                comment.push_str(&format!(
                    "\nthen {dominated} clauses added by dominance ({stem}.pbp, checked by VeriPB)"
                ));
            }
            if self.checked > 0 {
                comment.push_str(&format!(
                    "\nand last {} lemmas (clauses every solution satisfies, each checked by masu against the board)",
                    self.checked
                ));
            }
            std::fs::create_dir_all(dir)
                .and_then(|()| std::fs::write(&formula, self.cnf.dimacs(&comment)))
                .map_err(|e| not_certified(format!("{}: {e}", formula.display())))?;
            let stop = clock.clone();
            let model =
                match masu_sat::refute(self.cnf.clauses(), &proof, move || stop.reached()).map_err(not_certified)? {
                    masu_sat::Refutation::Stopped => {
                        let why = if clock.interrupted() { "interrupted" } else { "out of time" };
                        return Err(not_certified(format!("{why} while refuting ({} lemmas)", self.checked)));
                    }
                    masu_sat::Refutation::Satisfied(model) => model,
                    masu_sat::Refutation::Refuted => return Ok(self.checked_both(&formula, &proof, dir, stem, clock)),
                };
            let lemmas = lemmas.ok_or_else(|| not_certified(BEYOND))?;
            let broken = lemmas.separate(&model);
            let held: std::collections::HashSet<i32> = model.iter().copied().collect();
            // A lemma the model does not break would be found again and again: the model stands.
            if broken.is_empty() || broken.iter().any(|lemma| lemma.iter().any(|&l| held.contains(&l.abs()) == (l > 0)))
            {
                return Err(not_certified(BEYOND));
            }
            for lemma in broken {
                self.take(lemmas, lemma)?;
            }
        }
    }

    /// The refutation's certificate: the dominance stage checked first where there is one
    /// (a refusal there is the certificate), then the DRAT proof, each by its checker
    /// (`check_time` the second's, the first's in its stage).
    fn checked_both(self, formula: &Path, proof: &Path, dir: &Path, stem: &str, clock: &Clock) -> Certificate {
        let stage = match self.staged.filter(|(_, d)| !d.steps.is_empty()) {
            Some((input, dominance)) => match dominance::check(&input, &dominance, dir, stem, clock) {
                Ok(stage) => Some(Box::new(stage)),
                Err(refused) => return refused,
            },
            None => None,
        };
        let started = Instant::now();
        let checked = RATE.check(&[formula, proof], &dir.join(format!("{stem}.checked")), clock);
        Certificate {
            checker: RATE.name(),
            proof: checked,
            proof_bytes: std::fs::metadata(proof).map(|m| m.len()).unwrap_or(0),
            prove_time: Duration::ZERO,
            check_time: started.elapsed(),
            lemmas: self.checked as u64,
            dominance: stage,
        }
    }
}

#[cfg(test)]
mod tests;
