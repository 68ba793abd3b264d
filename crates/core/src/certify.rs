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
//! What is trusted grows by that lemma check (a clause every solution satisfies), and no
//! more.
//!
//! Invariants: [`Certificate::accepted`] is true only on the checker's acceptance of a proof
//! of exactly the clauses written; every other end (no encoding, out of time, a model beyond
//! the solutions found, no checker) is a certificate with `accepted: false` and the reason.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use crate::{Certificate, Certify, Clock, Proof};

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
}

impl std::fmt::Debug for Encoding {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Encoding").field("cnf", &self.cnf).field("lemmas", &self.lemmas.is_some()).finish()
    }
}

impl From<Cnf> for Encoding {
    fn from(cnf: Cnf) -> Encoding {
        Encoding { cnf, lemmas: None }
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
}

/// The variable naming the checker's program (else `rate` on the `PATH`).
pub const CHECKER_VARIABLE: &str = "MASU_RATE";

/// A certificate that was not made, and why.
pub fn not_certified(detail: impl Into<String>) -> Certificate {
    Certificate {
        checker: checker_name(),
        proof: Proof::Unchecked(detail.into()),
        proof_bytes: 0,
        prove_time: Duration::ZERO,
        check_time: Duration::ZERO,
        lemmas: 0,
    }
}

/// `encoding` (the puzzle with each solution found excluded) refuted by CaDiCaL with a DRAT
/// proof, and the proof checked by the independent checker, within `clock`. A model of the
/// clauses that breaks lemmas adds them (each checked) and the refutation starts afresh.
pub fn certify(encoding: Encoding, certify: &Certify, clock: &Clock) -> Certificate {
    let Encoding { mut cnf, lemmas } = encoding;
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
    let mut certificate = refute_closing(&mut cnf, lemmas.as_deref(), &dir, &stem, clock).unwrap_or_else(|not| not);
    certificate.prove_time = started.elapsed() - certificate.check_time;
    drop(scratch);
    certificate
}

/// Why a verdict with a model left is not certified.
const BEYOND: &str = "the clauses have a model beyond the solutions found: the verdict is not proved";

/// Refutes `cnf` (with `lemmas`' upfront ones, each checked) into `dir/stem.{cnf,drat}` and
/// checks the proof; each model found instead adds the lemmas it breaks, and again. `Err`:
/// a certificate not made, and why.
fn refute_closing(
    cnf: &mut Cnf,
    lemmas: Option<&dyn Lemmas>,
    dir: &Path,
    stem: &str,
    clock: &Clock,
) -> Result<Certificate, Certificate> {
    let mut added = 0;
    if let Some(lemmas) = lemmas {
        for lemma in lemmas.upfront() {
            take(cnf, lemmas, &lemma)?;
            added += 1;
        }
    }
    loop {
        let (formula, proof) = (dir.join(format!("{stem}.cnf")), dir.join(format!("{stem}.drat")));
        let comment = match added {
            0 => "masu: the puzzle, and a clause excluding each solution found".to_string(),
            n => format!(
                "masu: the puzzle, a clause excluding each solution found, and last {n} lemmas\n\
                 (clauses every solution satisfies, each checked by masu against the board)"
            ),
        };
        std::fs::create_dir_all(dir)
            .and_then(|()| std::fs::write(&formula, cnf.dimacs(&comment)))
            .map_err(|e| not_certified(format!("{}: {e}", formula.display())))?;
        let stop = clock.clone();
        let model = match masu_sat::refute(cnf.clauses(), &proof, move || stop.reached()).map_err(not_certified)? {
            masu_sat::Refutation::Stopped => {
                let why = if clock.interrupted() { "interrupted" } else { "out of time" };
                return Err(not_certified(format!("{why} while refuting ({added} lemmas)")));
            }
            masu_sat::Refutation::Satisfied(model) => model,
            masu_sat::Refutation::Refuted => {
                let proof_bytes = std::fs::metadata(&proof).map(|m| m.len()).unwrap_or(0);
                let started = Instant::now();
                let checked = check(&formula, &proof, &dir.join(format!("{stem}.checked")), clock);
                return Ok(Certificate {
                    checker: checker_name(),
                    proof: checked,
                    proof_bytes,
                    prove_time: Duration::ZERO,
                    check_time: started.elapsed(),
                    lemmas: added as u64,
                });
            }
        };
        let lemmas = lemmas.ok_or_else(|| not_certified(BEYOND))?;
        let broken = lemmas.separate(&model);
        let held: std::collections::HashSet<i32> = model.iter().copied().collect();
        // A lemma the model does not break would be found again and again: the model stands.
        if broken.is_empty() || broken.iter().any(|lemma| lemma.iter().any(|&l| held.contains(&l.abs()) == (l > 0))) {
            return Err(not_certified(BEYOND));
        }
        for lemma in broken {
            take(cnf, lemmas, &lemma)?;
            added += 1;
        }
    }
}

/// Adds `lemma` to `cnf` once the kind's check takes it; else the certificate refused.
fn take(cnf: &mut Cnf, lemmas: &dyn Lemmas, lemma: &[i32]) -> Result<(), Certificate> {
    lemmas.check(lemma).map_err(|why| not_certified(format!("a lemma refused ({lemma:?}): {why}")))?;
    cnf.clause(lemma.iter().copied());
    Ok(())
}

/// Where `./masu` installs the checker (`.tools/rate` in the source tree this was built from).
const PROVISIONED: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../.tools/rate/bin/rate");

/// The checker's program: the one [`CHECKER_VARIABLE`] names, else `rate` on the `PATH`, else
/// the one `./masu` installed, else `rate` (which then does not start, saying how to install
/// it).
fn checker() -> PathBuf {
    if let Some(named) = std::env::var_os(CHECKER_VARIABLE) {
        return PathBuf::from(named);
    }
    let path = std::env::var_os("PATH").unwrap_or_default();
    let on_path = std::env::split_paths(&path).any(|dir| dir.join("rate").is_file());
    if !on_path && Path::new(PROVISIONED).is_file() {
        return PathBuf::from(PROVISIONED);
    }
    PathBuf::from("rate")
}

/// The checker with its version (`rate 0.3.0`), or its program's name when it does not run.
fn checker_name() -> String {
    static NAME: OnceLock<String> = OnceLock::new();
    NAME.get_or_init(|| {
        let said = Command::new(checker()).arg("--version").stderr(Stdio::null()).output();
        said.ok()
            .filter(|out| out.status.success())
            .and_then(|out| String::from_utf8(out.stdout).ok())
            .map(|text| text.trim().to_string())
            .filter(|text| !text.is_empty())
            .unwrap_or_else(|| checker().display().to_string())
    })
    .clone()
}

/// The checker's word on `proof` of `formula`: accepted on `s VERIFIED`, rejected on any
/// other end of its run, unchecked where it did not start or ran out of time. Its output goes
/// to `output` (a file: no pipe to fill); it is killed at the clock's end.
pub fn check(formula: &Path, proof: &Path, output: &Path, clock: &Clock) -> Proof {
    let program = checker();
    let file = match std::fs::File::create(output) {
        Ok(file) => file,
        Err(e) => return Proof::Unchecked(format!("{}: {e}", output.display())),
    };
    let spawned =
        Command::new(&program).arg(formula).arg(proof).stdin(Stdio::null()).stdout(file).stderr(Stdio::null()).spawn();
    let mut child = match spawned {
        Ok(child) => child,
        Err(e) => {
            return Proof::Unchecked(format!(
                "the checker {} did not start ({e}): install it (cargo install rate) or set {CHECKER_VARIABLE}",
                program.display()
            ));
        }
    };
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break status,
            Ok(None) if clock.reached() => {
                let _ = child.kill();
                let _ = child.wait();
                return Proof::Unchecked("out of time while the checker ran".into());
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(5)),
            Err(e) => {
                let _ = child.kill();
                return Proof::Unchecked(format!("waiting for the checker: {e}"));
            }
        }
    };
    let said = std::fs::read_to_string(output).unwrap_or_default();
    let verdict = said.lines().find(|line| line.starts_with("s ")).unwrap_or("no verdict line");
    match (status.success(), verdict.trim()) {
        (true, "s VERIFIED") => Proof::Accepted,
        (_, verdict) => Proof::Rejected(format!("the checker rejected the proof: {verdict} ({status})")),
    }
}

#[cfg(test)]
mod tests;
