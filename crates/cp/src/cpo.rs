//! A model as IBM CP Optimizer's `.cpo` text ([`CpModel::to_cpo`]): the same variables
//! (`v<index>`, with their domains) and the same constraints, written in CP Optimizer's own
//! modelling language, so that a model built once runs on either solver.
//!
//! A literal is its variable (`v3`, true at 1) or its negation (`(1 - v3)`); a constraint
//! with enforcement literals is an implication from their conjunction; a linear constraint
//! over a domain of several intervals is a disjunction of ranges. `bool_or`, `at_most_one`
//! and `exactly_one` are sums of literals; `all_different`, `lin_max`, `element` and `table`
//! have CP Optimizer's `alldiff`, `max`, `element` and `allowedAssignments` /
//! `forbiddenAssignments`. `bool_xor`, `circuit` and `automaton` have no counterpart there:
//! the model is refused, naming the constraint.

use std::fmt::Write;

use crate::proto::{self, Constraint};
use crate::{ConstraintKind, CpModel};

/// Why a model cannot be written in CP Optimizer's language: the constraint or the bound it
/// lacks.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct NotExpressible(pub String);

impl NotExpressible {
    /// `language` has no constraint of `kind` (or none as masu writes it).
    pub(crate) fn no(language: &str, kind: ConstraintKind) -> NotExpressible {
        NotExpressible(format!("{language} has no {kind} constraint"))
    }
}

/// The largest magnitude CP Optimizer takes for an integer (`intmax`, 2⁵³ − 1).
const CPO_INT_MAX: i64 = (1 << 53) - 1;

impl CpModel {
    /// The model as CP Optimizer `.cpo` text: variable `i` is `v<i>`. Refused (the reason) when
    /// it holds a constraint CP Optimizer's language lacks or a bound past its integers.
    pub fn to_cpo(&self) -> Result<String, NotExpressible> {
        let model = &self.proto;
        let mut out = String::new();
        for (i, variable) in model.variables.iter().enumerate() {
            let ranges = variable
                .domain
                .chunks(2)
                .map(|d| Ok(if d[0] == d[1] { number(d[0])? } else { format!("{}..{}", number(d[0])?, number(d[1])?) }))
                .collect::<Result<Vec<_>, NotExpressible>>()?;
            let _ = writeln!(out, "v{i} = intVar({});", ranges.join(", "));
        }
        for constraint in &model.constraints {
            let Some(Some(body)) = constraint.constraint.as_ref().map(body).transpose()? else { continue };
            if constraint.enforcement_literal.is_empty() {
                let _ = writeln!(out, "{body};");
            } else {
                let when: Vec<String> = constraint.enforcement_literal.iter().map(|&l| holds(l)).collect();
                let _ = writeln!(out, "({}) => ({body});", when.join(" && "));
            }
        }
        if let Some(objective) = &model.objective {
            // CP-SAT stores a maximisation as minimising the negated sum: the same optimum.
            let expr = sum(&objective.vars, &objective.coeffs, 0);
            if !expr.is_empty() {
                let _ = writeln!(out, "minimize({expr});");
            }
        }
        Ok(out)
    }
}

/// An integer CP Optimizer takes, as text.
fn number(value: i64) -> Result<String, NotExpressible> {
    if value.abs() > CPO_INT_MAX {
        return Err(NotExpressible(format!("the bound {value} is past CP Optimizer's integers (2^53 - 1)")));
    }
    Ok(value.to_string())
}

/// Literal `l` as a 0/1 expression.
fn literal(l: i32) -> String {
    if l >= 0 { format!("v{l}") } else { format!("(1 - v{})", -l - 1) }
}

/// "Literal `l` is true", as a condition.
fn holds(l: i32) -> String {
    if l >= 0 { format!("v{l} == 1") } else { format!("v{} == 0", -l - 1) }
}

/// `Σ coefficient · variable + offset` (empty for the empty sum without offset).
fn sum(vars: &[i32], coeffs: &[i64], offset: i64) -> String {
    let mut out = String::new();
    for (&v, &c) in vars.iter().zip(coeffs) {
        let term = if c == 1 { format!("v{v}") } else { format!("{c}*v{v}") };
        if !out.is_empty() {
            out.push_str(" + ");
        }
        out.push_str(&term);
    }
    if offset != 0 || out.is_empty() {
        if !out.is_empty() {
            out.push_str(" + ");
        }
        out.push_str(&offset.to_string());
    }
    out
}

fn expression(e: &proto::LinearExpressionProto) -> String {
    sum(&e.vars, &e.coeffs, e.offset)
}

fn expressions(es: &[proto::LinearExpressionProto]) -> String {
    es.iter().map(expression).collect::<Vec<_>>().join(", ")
}

fn sum_of(literals: &[i32]) -> String {
    if literals.is_empty() { "0".into() } else { literals.iter().map(|&l| literal(l)).collect::<Vec<_>>().join(" + ") }
}

/// `expr ∈ domain` (intervals as CP-SAT stores them, `i64::MIN`/`MAX` unbounded); `None`
/// when the domain is everything.
fn within(expr: &str, domain: &[i64]) -> Option<String> {
    let ranges: Vec<String> = domain
        .chunks(2)
        .map(|d| match (d[0] == i64::MIN, d[1] == i64::MAX) {
            (true, true) => String::new(),
            _ if d[0] == d[1] => format!("{expr} == {}", d[0]),
            (true, false) => format!("{expr} <= {}", d[1]),
            (false, true) => format!("{expr} >= {}", d[0]),
            (false, false) => format!("{} <= {expr} && {expr} <= {}", d[0], d[1]),
        })
        .collect();
    if ranges.iter().any(String::is_empty) {
        return None;
    }
    Some(match ranges.len() {
        0 => "false".into(),
        1 => ranges[0].clone(),
        _ => ranges.iter().map(|r| format!("({r})")).collect::<Vec<_>>().join(" || "),
    })
}

/// The constraint's own text (no enforcement); `None` when it always holds.
fn body(constraint: &Constraint) -> Result<Option<String>, NotExpressible> {
    Ok(match constraint {
        Constraint::BoolOr(b) => Some(format!("{} >= 1", sum_of(&b.literals))),
        Constraint::BoolAnd(b) if b.literals.is_empty() => None,
        Constraint::BoolAnd(b) => Some(b.literals.iter().map(|&l| holds(l)).collect::<Vec<_>>().join(" && ")),
        Constraint::AtMostOne(b) => Some(format!("{} <= 1", sum_of(&b.literals))),
        Constraint::ExactlyOne(b) => Some(format!("{} == 1", sum_of(&b.literals))),
        Constraint::Linear(l) => within(&sum(&l.vars, &l.coeffs, 0), &l.domain),
        Constraint::AllDiff(a) => Some(format!("alldiff([{}])", expressions(&a.exprs))),
        Constraint::LinMax(m) => {
            let target = m.target.as_ref().map(expression).unwrap_or_else(|| "0".into());
            Some(format!("{target} == max([{}])", expressions(&m.exprs)))
        }
        Constraint::Element(e) => {
            let (Some(index), Some(target)) = (&e.linear_index, &e.linear_target) else {
                return Err(NotExpressible("an element constraint without its index or target".into()));
            };
            Some(format!("{} == element([{}], {})", expression(target), expressions(&e.exprs), expression(index)))
        }
        Constraint::Table(t) => {
            let arity = t.exprs.len().max(1);
            let tuples: Vec<String> = t
                .values
                .chunks(arity)
                .map(|row| format!("[{}]", row.iter().map(i64::to_string).collect::<Vec<_>>().join(", ")))
                .collect();
            let kind = if t.negated { "forbiddenAssignments" } else { "allowedAssignments" };
            Some(format!("{kind}([{}], [{}])", expressions(&t.exprs), tuples.join(", ")))
        }
        Constraint::BoolXor(_) => {
            return Err(NotExpressible::no("CP Optimizer's language, as masu writes it,", ConstraintKind::BoolXor));
        }
        Constraint::Circuit(_) => return Err(NotExpressible::no("CP Optimizer", ConstraintKind::Circuit)),
        Constraint::Automaton(_) => {
            return Err(NotExpressible::no("CP Optimizer", ConstraintKind::Automaton));
        }
    })
}

#[cfg(test)]
mod tests {
    use crate::{CpModel, Domain};

    #[test]
    fn every_constraint_masu_builds_is_written_in_cp_optimizer_s_terms() {
        let mut model = CpModel::new();
        let x = model.new_int_var_in(&Domain::from_values([1, 2, 3, 5, 7, 8, 9]), "x");
        let b = model.new_bool_var();
        let y = model.new_int_var(0, 10);
        model.add_ne(x, 4).only_enforce_if([b]);
        model.add_bool_or([b, !b]);
        model.add_exactly_one([b]);
        model.add_all_different([x, y]);
        model.add_le(x + y * 2, 12).only_enforce_if([!b]);
        let text = model.to_cpo().unwrap();
        let expected = "v0 = intVar(1..3, 5, 7..9);\nv1 = intVar(0..1);\nv2 = intVar(0..10);\n\
            (v1 == 1) => ((v0 <= 3) || (v0 >= 5));\nv1 + (1 - v1) >= 1;\nv1 == 1;\nalldiff([v0, v2]);\n\
            (v1 == 0) => (v0 + 2*v2 <= 12);\n";
        assert_eq!(text, expected);
    }

    #[test]
    fn what_cp_optimizer_lacks_is_refused_by_name() {
        let mut model = CpModel::new();
        let a = model.new_bool_var();
        model.add_circuit(&[(0, 1, a), (1, 0, a)]);
        assert!(model.to_cpo().unwrap_err().0.contains("circuit"));
        let mut model = CpModel::new();
        let y = model.new_int_var(0, 1 << 60);
        model.maximize(y);
        assert!(model.to_cpo().unwrap_err().0.contains("past CP Optimizer's integers"));
    }
}
