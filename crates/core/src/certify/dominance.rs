//! The first stage of a two-stage certificate: clauses added by dominance, checked by VeriPB.
//!
//! Some clauses speed a refutation up without following from the puzzle: numberlink's
//! canonical clauses keep one solution of several. Such a clause `D` may still be added when
//! every assignment that breaks it maps, by a fixed substitution `ω` (its witness), to an
//! assignment that satisfies the input clauses and is strictly smaller in an order: then
//! whenever the input has a model, it has one that satisfies `D` too. VeriPB's dominance rule
//! (`dom`, Bogaerts, Gocht, McCreesh, Nordström 2023) checks each step: every input clause
//! under `ω`, and `ω(z) ≺ z`, follow by unit propagation from the clauses so far and `¬D`.
//!
//! The order: a weight `w_v > 0` for each order variable `v`, and `z ⪯ z'` iff
//! `Σ w_v z_v ≥ Σ w_v z'_v` (more weight true is smaller); its transitivity is proved in the
//! proof itself, one addition.
//!
//! Stage 1 writes the input (the puzzle with each solution found excluded) as OPB, the proof,
//! and the output (the input and every clause added by dominance) as OPB; VeriPB checks the
//! proof and that its output, equisatisfiable with the input, is exactly that file
//! (`output EQUISATISFIABLE FILE`). Stage 2 is the refutation of the output's clauses, as
//! for any other certificate ([`super::certify`]).
//!
//! Invariant: the output file holds the input's clauses and the steps' clauses, and nothing
//! else; the refutation refutes those (and lemmas the kind checked, where it has any).

use std::fmt::Write;
use std::path::Path;
use std::time::{Duration, Instant};

use super::{Cnf, VERIPB};
use crate::{Certificate, Clock, Stage};

/// Where a witness sends a variable.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Image {
    /// A constant.
    Value(bool),
    /// A literal (DIMACS: `-v` for "not v").
    Literal(i32),
}

/// A substitution: each variable named, and where it goes (the others stay).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Witness(pub Vec<(i32, Image)>);

impl Witness {
    /// Sends `variable` to `value`.
    pub fn set(&mut self, variable: i32, value: bool) {
        self.0.push((variable, Image::Value(value)));
    }
    /// Sends `variable` to the literal `to`.
    pub fn map(&mut self, variable: i32, to: i32) {
        self.0.push((variable, Image::Literal(to)));
    }
}

/// A clause added by dominance, with its witness.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The clause added.
    pub clause: Vec<i32>,
    /// Where it sends an assignment that breaks the clause.
    pub witness: Witness,
}

/// The order, and the clauses to add by dominance in their order (a step may lean on the
/// steps before it).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Dominance {
    /// The order's variables and their weights (`z ⪯ z'` iff `Σ w z ≥ Σ w z'`).
    pub order: Vec<(i32, u64)>,
    /// The clauses added, in order.
    pub steps: Vec<Step>,
}

/// A DIMACS literal in OPB's names: `x3`, `~x3`.
fn literal(l: i32) -> String {
    if l > 0 { format!("x{l}") } else { format!("~x{}", -l) }
}

/// A clause as an OPB constraint, without its `;`.
fn constraint(clause: &[i32]) -> String {
    let mut out = String::new();
    for &l in clause {
        let _ = write!(out, "+1 {} ", literal(l));
    }
    out.push_str(">= 1");
    out
}

/// `clauses` over `variables` variables as an OPB file (VeriPB reads `x<i>` as DIMACS's `i`).
pub fn opb<'a>(variables: i32, clauses: impl ExactSizeIterator<Item = &'a [i32]>) -> String {
    let mut out = format!("* #variable= {variables} #constraint= {}\n", clauses.len());
    for clause in clauses {
        out.push_str(&constraint(clause));
        out.push_str(" ;\n");
    }
    out
}

/// The VeriPB proof (format 3.0) adding `dominance`'s steps to an input of `inputs` clauses,
/// moving them into the core, and claiming its output equisatisfiable with the input.
pub fn proof(inputs: usize, dominance: &Dominance) -> String {
    let mut out = String::from("pseudo-Boolean proof version 3.0\n");
    let _ = writeln!(out, "f {inputs};");
    let names = |prefix: &str| -> String {
        (1..=dominance.order.len()).map(|i| format!("{prefix}{i}")).collect::<Vec<_>>().join(" ")
    };
    let mut def = String::new();
    for (i, &(_, w)) in dominance.order.iter().enumerate() {
        let _ = write!(def, "+{w} ol{} -{w} or{} ", i + 1, i + 1);
    }
    // u ⪯ v iff Σ w u ≥ Σ w v. Transitivity: O(u,v) + O(v,w) + ¬O(u,w) sums to 0 ≥ 1.
    let _ = write!(
        out,
        "def_order weight\n  vars\n    left {};\n    right {};\n  end vars;\n  def\n    {def}>= 0;\n  end def;\n  \
         transitivity\n    vars\n      fresh_right {};\n    end vars;\n    proof\n      proofgoal #1\n        \
         pol 1 2 + 3 +;\n      qed #1 : -1;\n    qed proof;\n  end transitivity;\nend def_order;\n",
        names("ol"),
        names("or"),
        names("of"),
    );
    let order: Vec<String> = dominance.order.iter().map(|&(v, _)| literal(v)).collect();
    let _ = writeln!(out, "load_order weight {};", order.join(" "));
    for (i, step) in dominance.steps.iter().enumerate() {
        let _ = write!(out, "@d{} dom {} :", i + 1, constraint(&step.clause));
        for &(v, image) in &step.witness.0 {
            let to = match image {
                Image::Value(b) => u8::from(b).to_string(),
                Image::Literal(l) => literal(l),
            };
            let _ = write!(out, " {} -> {to}", literal(v));
        }
        out.push_str(";\n");
    }
    if !dominance.steps.is_empty() {
        out.push_str("core id");
        for i in 1..=dominance.steps.len() {
            let _ = write!(out, " @d{i}");
        }
        out.push_str(";\n");
    }
    out.push_str("output EQUISATISFIABLE FILE;\nconclusion NONE;\nend pseudo-Boolean proof;\n");
    out
}

/// Stage 1: writes `dir/stem.opb` (the input), `dir/stem.pbp` (the proof) and
/// `dir/stem.out.opb` (the input and the steps' clauses), and has VeriPB check them. `Err`:
/// the certificate, not accepted, and why.
pub(super) fn check(
    input: &Cnf,
    dominance: &Dominance,
    dir: &Path,
    stem: &str,
    clock: &Clock,
) -> Result<Stage, Certificate> {
    let started = Instant::now();
    let refused = |proof: crate::Proof| Certificate {
        checker: VERIPB.name(),
        proof,
        proof_bytes: 0,
        prove_time: Duration::ZERO,
        check_time: started.elapsed(),
        lemmas: 0,
        dominance: None,
    };
    let (formula, proof, output) =
        (dir.join(format!("{stem}.opb")), dir.join(format!("{stem}.pbp")), dir.join(format!("{stem}.out.opb")));
    let clauses = || input.clauses().iter().map(Vec::as_slice);
    let steps = dominance.steps.iter().map(|step| step.clause.as_slice());
    let everything: Vec<&[i32]> = clauses().chain(steps).collect();
    let written = std::fs::write(&formula, opb(input.variables(), clauses()))
        .and_then(|()| std::fs::write(&proof, self::proof(input.clauses().len(), dominance)))
        .and_then(|()| std::fs::write(&output, opb(input.variables(), everything.into_iter())));
    if let Err(e) = written {
        return Err(refused(crate::Proof::Unchecked(format!("{}: {e}", dir.display()))));
    }
    let checked = VERIPB.check(&[&formula, &proof, &output], &dir.join(format!("{stem}.pbp.checked")), clock);
    match checked {
        crate::Proof::Accepted => Ok(Stage {
            checker: VERIPB.name(),
            steps: dominance.steps.len() as u64,
            proof_bytes: std::fs::metadata(&proof).map(|m| m.len()).unwrap_or(0),
            check_time: started.elapsed(),
        }),
        crate::Proof::Rejected(why) => Err(refused(crate::Proof::Rejected(format!("the dominance stage: {why}")))),
        crate::Proof::Unchecked(why) => Err(refused(crate::Proof::Unchecked(format!("the dominance stage: {why}")))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_files_name_dimacs_variables_as_x() {
        assert_eq!(
            opb(3, [&[1, -3][..], &[2]].into_iter()),
            "* #variable= 3 #constraint= 2\n+1 x1 +1 ~x3 >= 1 ;\n+1 x2 >= 1 ;\n"
        );
        let mut witness = Witness::default();
        witness.set(1, false);
        witness.map(2, -3);
        let proof = proof(2, &Dominance { order: vec![(1, 2)], steps: vec![Step { clause: vec![-1], witness }] });
        assert!(proof.contains("@d1 dom +1 ~x1 >= 1 : x1 -> 0 x2 -> ~x3;\n"), "{proof}");
        assert!(proof.contains("load_order weight x1;\n"), "{proof}");
        assert!(proof.contains("+2 ol1 -2 or1 >= 0;"), "{proof}");
    }
}
