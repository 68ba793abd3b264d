//! The check of a Pumpkin proof: the model as `pumpkin-checker` 0.5 reads it, built from
//! what was posted (the same variable names, the same constraint tags), and the DRCP proof
//! Pumpkin logged verified against it, step by step, by that crate's `verify_proof`.
//!
//! Pumpkin writes the proof gzipped (its writer buffers only then) to a file of its own
//! beside the path asked for; when the solver is dropped the proof is moved to that path
//! (and unzipped where its name does not end in `.gz`), whole or not at all.
//!
//! The checker knows linear inequalities and equations, `all_different` over variables, and
//! nogoods (a clause is the nogood of its negated literals; a point excluded, the nogood of
//! its values). A model that holds anything else (a half-reified constraint, a table, an
//! element) is not checked: the check says which, and never accepts.

use std::io::{BufReader, Read};
use std::num::NonZero;
use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use drcp_format::reader::ProofReader;
use drcp_format::{IntAtomic, IntComparison};
use fzn_rs::VariableExpr;
use fzn_rs::ast::{Domain, RangeList};
use pumpkin_checker::model::{AllDifferent, Atomic, Constraint, Linear, Model, Nogood, Term, Variable};
use pumpkin_core::proof::{ConstraintTag, ProofLog};

use super::Values;
use crate::Checked;
use crate::proto::LinearExpressionProto;

/// The checker masu runs.
pub const CHECKER: &str = "pumpkin-checker 0.5.0";

/// A proof being logged.
#[derive(Debug)]
pub(super) struct Proof {
    /// Pumpkin's file (gzipped).
    log: PathBuf,
    /// Where the proof is kept.
    keep: PathBuf,
    /// Whether a solve has concluded it: the model and its exclusions have no solution.
    pub(super) finished: bool,
}

impl Proof {
    /// A proof to be kept at `keep`, and Pumpkin's log of it.
    pub(super) fn new(keep: &Path) -> std::io::Result<(Proof, ProofLog)> {
        static LOGS: AtomicUsize = AtomicUsize::new(0);
        let name = keep.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_else(|| "proof".into());
        let n = LOGS.fetch_add(1, Ordering::Relaxed);
        let log = keep.with_file_name(format!(".{name}.{}.{n}.gz", std::process::id()));
        let writer = ProofLog::cp(&log, true)?;
        Ok((Proof { log, keep: keep.to_path_buf(), finished: false }, writer))
    }

    /// The proof's text, unzipped.
    pub(super) fn reader(&self) -> std::io::Result<impl Read> {
        Ok(flate2::read::GzDecoder::new(std::fs::File::open(&self.log)?))
    }

    #[cfg(test)]
    pub(super) fn log(&self) -> &Path {
        &self.log
    }
}

impl Drop for Proof {
    /// The proof moved to where it is kept. Pumpkin's writer is dropped before this (the
    /// solver is declared first), so the file is whole.
    fn drop(&mut self) {
        let gzipped = self.keep.extension().is_some_and(|e| e == "gz");
        if !gzipped {
            let unzipped = self.reader().and_then(|mut text| {
                let part = self.log.with_extension("part");
                std::io::copy(&mut text, &mut std::fs::File::create(&part)?)?;
                std::fs::rename(&part, &self.log)
            });
            if unzipped.is_err() {
                let _ = std::fs::remove_file(&self.log);
                return;
            }
        }
        if std::fs::rename(&self.log, &self.keep).is_err() {
            let _ = std::fs::remove_file(&self.log);
        }
    }
}

/// What was posted, in the checker's terms.
#[derive(Clone, Debug, Default)]
pub(super) struct Recorded {
    variables: Vec<(String, Values)>,
    constraints: Vec<(NonZero<u32>, Posted)>,
    /// The first thing posted that the checker has no rule for.
    uncheckable: Option<&'static str>,
}

#[derive(Clone, Debug)]
enum Posted {
    /// `Σ wᵢxᵢ ≤ bound` (or `= bound`).
    Linear {
        terms: Vec<(i32, String)>,
        bound: i32,
        equation: bool,
    },
    AllDifferent(Vec<String>),
    /// Atoms that do not all hold: `(variable, comparison, value)`.
    Nogood(Vec<(String, IntComparison, i32)>),
}

impl Recorded {
    pub(super) fn variable(&mut self, name: String, values: Values) {
        self.variables.push((name, values));
    }

    /// Notes that `what` was posted, which the checker has no rule for.
    pub(super) fn uncheckable(&mut self, what: &'static str) {
        self.uncheckable.get_or_insert(what);
    }

    pub(super) fn linear(&mut self, tag: ConstraintTag, terms: &[(i64, String)], bound: i32, equation: bool) {
        let Ok(terms) = terms.iter().map(|(c, x)| i32::try_from(*c).map(|c| (c, x.clone()))).collect() else {
            return self.uncheckable("coefficients past 32 bits");
        };
        self.constraints.push((tag.into(), Posted::Linear { terms, bound, equation }));
    }

    pub(super) fn all_different(&mut self, tag: ConstraintTag, exprs: &[LinearExpressionProto]) {
        let names = exprs.iter().map(|e| match (e.vars.as_slice(), e.coeffs.as_slice(), e.offset) {
            ([x], [1], 0) => Some(format!("v{x}")),
            _ => None,
        });
        match names.collect::<Option<Vec<String>>>() {
            Some(names) => self.constraints.push((tag.into(), Posted::AllDifferent(names))),
            None => self.uncheckable("all_different over expressions"),
        }
    }

    /// The clause `l₁ ∨ … ∨ lₙ` over CP-SAT literals: the nogood of their negations.
    pub(super) fn clause(&mut self, tag: ConstraintTag, literals: &[i32]) {
        let atoms = literals
            .iter()
            .map(|&l| match l >= 0 {
                true => (format!("v{l}"), IntComparison::LessEqual, 0),
                false => (format!("v{}", -l - 1), IntComparison::GreaterEqual, 1),
            })
            .collect();
        self.constraints.push((tag.into(), Posted::Nogood(atoms)));
    }

    /// The point `(variable, value)…` excluded: the nogood of its values, each written as
    /// Pumpkin's proofs write it (`x ≥ v` where `v` is the top of the variable's initial
    /// domain, `x ≤ v` at its bottom), since the checker matches atoms as written.
    pub(super) fn excluded(&mut self, tag: ConstraintTag, point: Vec<(usize, i32)>) {
        let atoms = point
            .into_iter()
            .map(|(x, v)| {
                let comparison = match &self.variables[x].1 {
                    Values::Range(_, upper) if v == *upper => IntComparison::GreaterEqual,
                    Values::Range(lower, _) if v == *lower => IntComparison::LessEqual,
                    Values::Sparse(values) if values.iter().max() == Some(&v) => IntComparison::GreaterEqual,
                    Values::Sparse(values) if values.iter().min() == Some(&v) => IntComparison::LessEqual,
                    _ => IntComparison::Equal,
                };
                (format!("v{x}"), comparison, v)
            })
            .collect();
        self.constraints.push((tag.into(), Posted::Nogood(atoms)));
    }

    /// The model in the checker's terms.
    fn model(&self) -> Model {
        let variable = |name: &str| Variable::from(VariableExpr::Identifier(Rc::from(name)));
        let mut model = Model::default();
        for (name, values) in &self.variables {
            let domain = match values {
                Values::Range(l, u) => RangeList::from(*l as i64..=*u as i64),
                Values::Sparse(values) => values.iter().map(|&v| v as i64).collect(),
            };
            model.add_variable(Rc::from(name.as_str()), Domain::Int(domain));
        }
        for (tag, posted) in &self.constraints {
            let constraint = match posted {
                Posted::Linear { terms, bound, equation } => {
                    let terms = terms
                        .iter()
                        .filter_map(|(c, x)| NonZero::new(*c).map(|weight| Term { weight, variable: variable(x) }))
                        .collect();
                    let linear = Linear { terms, bound: *bound };
                    if *equation { Constraint::LinearEq(linear) } else { Constraint::LinearLeq(linear) }
                }
                Posted::AllDifferent(names) => {
                    Constraint::AllDifferent(AllDifferent { variables: names.iter().map(|x| variable(x)).collect() })
                }
                Posted::Nogood(atoms) => {
                    Constraint::Nogood(Nogood::from(atoms.iter().map(|(x, comparison, value)| {
                        Atomic::IntAtomic(IntAtomic::new(Rc::from(x.as_str()), *comparison, *value))
                    })))
                }
            };
            let _ = model.add_constraint(*tag, constraint);
        }
        model
    }

    /// The check of `proof` against the model.
    pub(super) fn check(&self, proof: &Proof) -> Checked {
        let started = Instant::now();
        let proof_bytes = std::fs::metadata(&proof.log).map(|m| m.len()).unwrap_or(0);
        let mut read = false;
        let verdict = match self.uncheckable {
            Some(what) => Err(format!("not checked: {CHECKER} has no rule for {what}")),
            None => match proof.reader() {
                Err(e) => Err(format!("the proof cannot be read: {e}")),
                Ok(text) => {
                    read = true;
                    let steps: ProofReader<_, i32> = ProofReader::new(BufReader::new(text));
                    let model = self.model();
                    // The checker is a library of its own: a proof it trips over is a rejection.
                    let checked = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                        pumpkin_checker::verify_proof(model, steps)
                    }));
                    match checked {
                        Ok(verdict) => verdict.map_err(|e| format!("rejected: {e}")),
                        Err(_) => Err("rejected: the checker stopped on the proof".into()),
                    }
                }
            },
        };
        let detail = verdict.err();
        Checked {
            checker: CHECKER,
            accepted: detail.is_none(),
            detail,
            read,
            proof_bytes,
            check_time: started.elapsed(),
        }
    }
}
