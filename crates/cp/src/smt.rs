//! A model as SMT-LIB 2 text over integers ([`CpModel::to_smtlib`]), the language Z3 and the
//! other SMT solvers read: the same variables (`v<index>`, declared `Int` and held to their
//! bounds, then to the holes of their domains) and the same constraints, so that a model built once runs on CP-SAT and on an SMT
//! solver.
//!
//! CP-SAT's literal `l` is `(= v<l> 1)`, its negation `(= v<l> 0)`; a constraint with
//! enforcement literals is `(=> (and e₁ …) C)`. Linear constraints are sums compared with the
//! domain's intervals (a disjunction where it has several); `bool_or`, `bool_and` and
//! `bool_xor` are `or`, `and` and `xor` of literals, `at_most_one` and `exactly_one` sums of
//! the 0/1 variables; `all_different` is `distinct`; `lin_max` the target at least every
//! expression and equal to one; `element` a chain of `ite` over the index (held within the
//! array); a table a disjunction of its tuples (a forbidden one, the negation of each). No
//! auxiliary variable is added, so a model of the text is an assignment of the model's own
//! variables. `circuit`, `automaton` and objectives are refused by name ([`NotExpressible`]).

use std::fmt::Write;

use crate::cpo::NotExpressible;
use crate::proto::{self, Constraint};
use crate::{ConstraintKind, CpModel};

/// A model as SMT-LIB 2 text: declarations and assertions.
#[derive(Clone, Debug)]
pub struct SmtLib {
    text: String,
    variables: usize,
}

impl CpModel {
    /// The model as SMT-LIB 2 ([`SmtLib`]): variable `i` is the integer constant `v<i>`.
    /// Refused (the reason) when it holds a constraint this writer does not translate.
    pub fn to_smtlib(&self) -> Result<SmtLib, NotExpressible> {
        let model = &self.proto;
        if model.objective.as_ref().is_some_and(|o| !o.vars.is_empty()) {
            return Err(NotExpressible(
                "masu writes SMT-LIB for satisfaction models; this one has an objective".into(),
            ));
        }
        let mut text = String::new();
        for i in 0..model.variables.len() {
            let _ = writeln!(text, "(declare-const v{i} Int)");
        }
        for (i, variable) in model.variables.iter().enumerate() {
            // The bounds first, in a form of their own (Z3's finite-domain solver looks for
            // them there), then the holes.
            let domain = &variable.domain;
            let (Some(&lower), Some(&upper)) = (domain.first(), domain.last()) else {
                return Err(NotExpressible(format!("variable {i} has an empty domain")));
            };
            let _ = writeln!(text, "(assert {})", within(&format!("v{i}"), &[lower, upper]));
            if domain.len() > 2 {
                let _ = writeln!(text, "(assert {})", within(&format!("v{i}"), domain));
            }
        }
        for constraint in &model.constraints {
            let Some(body) = &constraint.constraint else { continue };
            let body = translate(body)?;
            let _ = match constraint.enforcement_literal.as_slice() {
                [] => writeln!(text, "(assert {body})"),
                lits => writeln!(text, "(assert (=> {} {body}))", and(lits.iter().map(|&l| literal(l)).collect())),
            };
        }
        Ok(SmtLib { text, variables: model.variables.len() })
    }
}

impl SmtLib {
    /// The declarations and assertions.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The model's own variables.
    pub fn variables(&self) -> usize {
        self.variables
    }

    /// Adds the no-good "some variable of `projection` (indices of the model's variables)
    /// differs from `values`", one assertion.
    pub fn exclude(&mut self, projection: &[usize], values: &[i64]) {
        let differs: Vec<String> =
            projection.iter().map(|&x| format!("(not (= v{x} {}))", number(values[x]))).collect();
        let _ = writeln!(self.text, "(assert {})", or(differs));
    }
}

/// An integer as SMT-LIB writes it (`(- 5)` for −5).
fn number(value: i64) -> String {
    if value < 0 { format!("(- {})", value.unsigned_abs()) } else { value.to_string() }
}

fn literal(l: i32) -> String {
    if l >= 0 { format!("(= v{l} 1)") } else { format!("(= v{} 0)", -l - 1) }
}

fn and(terms: Vec<String>) -> String {
    match terms.len() {
        0 => "true".into(),
        1 => terms.into_iter().next().unwrap_or_default(),
        _ => format!("(and {})", terms.join(" ")),
    }
}

fn or(terms: Vec<String>) -> String {
    match terms.len() {
        0 => "false".into(),
        1 => terms.into_iter().next().unwrap_or_default(),
        _ => format!("(or {})", terms.join(" ")),
    }
}

/// `Σ coefficient · variable + offset`.
fn sum(vars: &[i32], coeffs: &[i64], offset: i64) -> String {
    let mut terms: Vec<String> = vars
        .iter()
        .zip(coeffs)
        .map(|(&v, &c)| if c == 1 { format!("v{v}") } else { format!("(* {} v{v})", number(c)) })
        .collect();
    if offset != 0 || terms.is_empty() {
        terms.push(number(offset));
    }
    match terms.len() {
        1 => terms.into_iter().next().unwrap_or_default(),
        _ => format!("(+ {})", terms.join(" ")),
    }
}

fn expression(e: &proto::LinearExpressionProto) -> String {
    sum(&e.vars, &e.coeffs, e.offset)
}

/// `expr ∈ domain` (intervals as CP-SAT stores them, `i64::MIN`/`MAX` unbounded).
fn within(expr: &str, domain: &[i64]) -> String {
    let ranges = domain
        .chunks(2)
        .map(|d| match (d[0] == i64::MIN, d[1] == i64::MAX) {
            (true, true) => "true".to_string(),
            _ if d[0] == d[1] => format!("(= {expr} {})", number(d[0])),
            (true, false) => format!("(<= {expr} {})", number(d[1])),
            (false, true) => format!("(>= {expr} {})", number(d[0])),
            (false, false) => format!("(and (>= {expr} {}) (<= {expr} {}))", number(d[0]), number(d[1])),
        })
        .collect();
    or(ranges)
}

/// The constraint's own formula (no enforcement).
fn translate(constraint: &Constraint) -> Result<String, NotExpressible> {
    let literals = |ls: &[i32]| ls.iter().map(|&l| literal(l)).collect::<Vec<_>>();
    // A literal as 0/1: the variable, or one minus it.
    let counted = |ls: &[i32]| {
        let terms: Vec<String> =
            ls.iter().map(|&l| if l >= 0 { format!("v{l}") } else { format!("(- 1 v{})", -l - 1) }).collect();
        match terms.len() {
            0 => "0".to_string(),
            1 => terms[0].clone(),
            _ => format!("(+ {})", terms.join(" ")),
        }
    };
    Ok(match constraint {
        Constraint::BoolOr(b) => or(literals(&b.literals)),
        Constraint::BoolAnd(b) => and(literals(&b.literals)),
        Constraint::AtMostOne(b) => format!("(<= {} 1)", counted(&b.literals)),
        Constraint::ExactlyOne(b) => format!("(= {} 1)", counted(&b.literals)),
        Constraint::BoolXor(b) => match literals(&b.literals).as_slice() {
            [] => "false".into(),
            [one] => one.clone(),
            many => format!("(xor {})", many.join(" ")),
        },
        Constraint::Linear(l) => within(&sum(&l.vars, &l.coeffs, 0), &l.domain),
        Constraint::AllDiff(a) if a.exprs.len() < 2 => "true".into(),
        Constraint::AllDiff(a) => {
            format!("(distinct {})", a.exprs.iter().map(expression).collect::<Vec<_>>().join(" "))
        }
        Constraint::LinMax(m) => {
            let target = m.target.as_ref().map(expression).unwrap_or_else(|| "0".into());
            let exprs: Vec<String> = m.exprs.iter().map(expression).collect();
            let at_least = and(exprs.iter().map(|e| format!("(>= {target} {e})")).collect());
            let one = or(exprs.iter().map(|e| format!("(= {target} {e})")).collect());
            format!("(and {at_least} {one})")
        }
        Constraint::Element(e) => {
            let (Some(index), Some(target)) = (&e.linear_index, &e.linear_target) else {
                return Err(NotExpressible("an element constraint without its index or target".into()));
            };
            let (index, target) = (expression(index), expression(target));
            let Some((last, rest)) = e.exprs.split_last() else { return Ok("false".into()) };
            let mut chosen = expression(last);
            for (i, x) in rest.iter().enumerate().rev() {
                chosen = format!("(ite (= {index} {i}) {} {chosen})", expression(x));
            }
            format!("(and (>= {index} 0) (< {index} {}) (= {target} {chosen}))", e.exprs.len())
        }
        Constraint::Table(t) => {
            let exprs: Vec<String> = t.exprs.iter().map(expression).collect();
            let tuples: Vec<String> = t
                .values
                .chunks(exprs.len().max(1))
                .map(|row| and(exprs.iter().zip(row).map(|(e, &v)| format!("(= {e} {})", number(v))).collect()))
                .collect();
            if t.negated { and(tuples.into_iter().map(|tuple| format!("(not {tuple})")).collect()) } else { or(tuples) }
        }
        Constraint::Circuit(_) => return Err(NotExpressible::no("masu's SMT-LIB", ConstraintKind::Circuit)),
        Constraint::Automaton(_) => {
            return Err(NotExpressible::no("masu's SMT-LIB", ConstraintKind::Automaton));
        }
    })
}

#[cfg(test)]
mod tests {
    use crate::{CpModel, Domain};

    #[test]
    fn constraints_are_written_as_smtlib_formulas() {
        let mut model = CpModel::new();
        let x = model.new_int_var_in(&Domain::from_values([-2, 1, 2]), "x");
        let b = model.new_bool_var();
        model.add_ne(x, 1).only_enforce_if([b]);
        model.add_all_different([x + 1, b.into()]);
        model.add_exactly_one([b, !b]);
        let mut smt = model.to_smtlib().unwrap();
        let expected = "(declare-const v0 Int)\n(declare-const v1 Int)\n\
            (assert (and (>= v0 (- 2)) (<= v0 2)))\n(assert (or (= v0 (- 2)) (and (>= v0 1) (<= v0 2))))\n\
            (assert (and (>= v1 0) (<= v1 1)))\n\
            (assert (=> (= v1 1) (or (<= v0 0) (>= v0 2))))\n(assert (distinct (+ v0 1) v1))\n\
            (assert (= (+ v1 (- 1 v1)) 1))\n";
        assert_eq!(smt.text(), expected);
        smt.exclude(&[0, 1], &[-2, 1]);
        assert!(smt.text().ends_with("(assert (or (not (= v0 (- 2))) (not (= v1 1))))\n"), "{}", smt.text());
    }

    #[test]
    fn what_the_writer_lacks_is_refused_by_name() {
        let mut model = CpModel::new();
        let a = model.new_bool_var();
        model.add_circuit(&[(0, 1, a), (1, 0, a)]);
        assert!(model.to_smtlib().unwrap_err().0.contains("circuit"));
        let mut model = CpModel::new();
        let y = model.new_int_var(0, 3);
        model.maximize(y);
        assert!(model.to_smtlib().unwrap_err().0.contains("objective"));
    }
}
