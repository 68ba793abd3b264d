//! A model as FlatZinc (`.fzn`), the flat language MiniZinc's solvers read
//! ([`CpModel::to_flatzinc`]), in Gecode's names for its global constraints: the same
//! variables (`v<index>`, each printed in every solution) and the same constraints, so that a
//! model built once runs on CP-SAT and on a FlatZinc solver.
//!
//! The translation, constraint by constraint (CP-SAT's literal `l` is `v<l> = 1`, its negation
//! `v<l> = 0`; each literal used is a Boolean view `b<l>` with `bool2int(b<l>, v<l>)`):
//!
//! - a linear constraint `Σ cᵢxᵢ ∈ D`: `int_lin_le` for each finite side of an interval,
//!   `int_lin_eq` for a single value, `int_lin_ne` for a domain with one value left out, and
//!   for any other union of intervals a clause over reified intervals (`int_lin_le_reif`);
//! - `bool_or` is `bool_clause(positive, negative)`; `bool_and` fixes each literal;
//!   `at_most_one` and `exactly_one` are sums of literals (`1 − v` for a negated one);
//!   `bool_xor` is `array_bool_xor`;
//! - `all_different` is `all_different_int`, `lin_max` `array_int_maximum`, `element`
//!   `array_var_int_element` (its index shifted to start at 1), an allowed table
//!   `gecode_table_int`, a forbidden one a clause per tuple; a linear expression that is not a
//!   variable becomes an auxiliary variable `a<k>` defined by `int_lin_eq`, and so is
//!   determined by the model's own variables;
//! - enforcement literals: their conjunction `e` (one literal, or `array_bool_and` into a
//!   fresh `r<k>`) half-reifies the constraint (`int_lin_le_imp`, `bool_clause_imp`,
//!   `gecode_table_int_imp`, …; `all_different` as `int_ne_imp` a pair). `lin_max` and
//!   `element` under enforcement, `circuit`, `automaton` and objectives are refused by name
//!   ([`NotExpressible`]), as are integers past Gecode's (±(2³¹ − 2)).
//!
//! Every auxiliary variable is fixed by the model's own ones, except the reified Booleans of
//! half-reified constraints, which only matter when their constraint is enforced; a solver
//! enumerating the text may list one assignment of the model's variables more than once,
//! which is why counts compare solutions on the projection ([`FlatZinc::exclude`]).

use std::fmt::Write;

use crate::cpo::NotExpressible;
use crate::proto::{self, Constraint};
use crate::{ConstraintKind, CpModel};

/// Gecode's largest integer (`Int::Limits::max`, 2³¹ − 2).
const LIMIT: i64 = (1 << 31) - 2;

/// The most values a variable's domain with holes is listed with (`{1, 3, 5}`).
const LISTED: i64 = 100_000;

/// A model as FlatZinc text, to which no-goods can be added ([`FlatZinc::exclude`]).
#[derive(Clone, Debug)]
pub struct FlatZinc {
    /// Variable declarations (FlatZinc declares every variable before any constraint).
    declarations: String,
    /// Constraints.
    constraints: String,
    /// The bounds of each of the model's variables.
    bounds: Vec<(i64, i64)>,
    /// Whether variable `i`'s Boolean view `b<i>` (and its negation `n<i>`) is declared.
    views: Vec<(bool, bool)>,
    /// The next auxiliary variable's number.
    fresh: usize,
}

impl CpModel {
    /// The model as FlatZinc ([`FlatZinc`]): variable `i` is `v<i>`. Refused (the reason)
    /// when it holds a constraint this writer does not translate or an integer past Gecode's.
    pub fn to_flatzinc(&self) -> Result<FlatZinc, NotExpressible> {
        let model = &self.proto;
        if model.objective.as_ref().is_some_and(|o| !o.vars.is_empty()) {
            return Err(NotExpressible(
                "masu writes FlatZinc for satisfaction models; this one has an objective".into(),
            ));
        }
        let mut out = FlatZinc {
            declarations: String::new(),
            constraints: String::new(),
            bounds: Vec::with_capacity(model.variables.len()),
            views: vec![(false, false); model.variables.len()],
            fresh: 0,
        };
        for (i, variable) in model.variables.iter().enumerate() {
            let domain = &variable.domain;
            let (Some(&lower), Some(&upper)) = (domain.first(), domain.last()) else {
                return Err(NotExpressible(format!("variable {i} has an empty domain")));
            };
            number(lower)?;
            number(upper)?;
            out.bounds.push((lower, upper));
            let values = if domain.len() == 2 {
                format!("{lower}..{upper}")
            } else if upper - lower < LISTED {
                let listed: Vec<String> = domain.chunks(2).flat_map(|d| d[0]..=d[1]).map(|v| v.to_string()).collect();
                format!("{{{}}}", listed.join(", "))
            } else {
                return Err(NotExpressible(format!("variable {i}'s domain has holes over more than {LISTED} values")));
            };
            let _ = writeln!(out.declarations, "var {values}: v{i} :: output_var;");
        }
        for constraint in &model.constraints {
            let Some(body) = &constraint.constraint else { continue };
            let enforced = out.enforcement(&constraint.enforcement_literal);
            out.constraint(body, enforced.as_deref())?;
        }
        Ok(out)
    }
}

impl FlatZinc {
    /// The model's own variables (`v0 … v<n−1>`), which every solution prints.
    pub fn variables(&self) -> usize {
        self.bounds.len()
    }

    /// The whole text, ending with `solve satisfy;`.
    pub fn text(&self) -> String {
        let mut text = String::with_capacity(self.declarations.len() + self.constraints.len() + 16);
        text.push_str(&self.declarations);
        text.push_str(&self.constraints);
        text.push_str("solve satisfy;\n");
        text
    }

    /// Adds the no-good "some variable of `projection` (indices of the model's variables)
    /// differs from `values`": a 0/1 variable by its Boolean view, any other by
    /// `int_ne_reif`, all in one clause.
    pub fn exclude(&mut self, projection: &[usize], values: &[i64]) {
        let (mut positive, mut negative) = (Vec::new(), Vec::new());
        for &x in projection {
            let value = values[x];
            if self.bounds[x] == (0, 1) {
                let view = self.view(x);
                if value == 0 { positive.push(view) } else { negative.push(view) }
            } else {
                let differs = self.fresh_bool();
                let _ = writeln!(self.constraints, "constraint int_ne_reif(v{x}, {value}, {differs});");
                positive.push(differs);
            }
        }
        let _ =
            writeln!(self.constraints, "constraint bool_clause([{}], [{}]);", positive.join(", "), negative.join(", "));
    }

    /// A new auxiliary Boolean.
    fn fresh_bool(&mut self) -> String {
        let name = format!("r{}", self.fresh);
        self.fresh += 1;
        let _ = writeln!(self.declarations, "var bool: {name};");
        name
    }

    /// `b<x>`, true where `v<x>` is 1.
    fn view(&mut self, x: usize) -> String {
        if !self.views[x].0 {
            self.views[x].0 = true;
            let _ = writeln!(self.declarations, "var bool: b{x};");
            let _ = writeln!(self.constraints, "constraint bool2int(b{x}, v{x});");
        }
        format!("b{x}")
    }

    /// CP-SAT's literal `l` as a Boolean: `b<l>`, or `n<x>` (`bool_not(b<x>, n<x>)`) for the
    /// negation of `x`.
    fn literal(&mut self, l: i32) -> String {
        if l >= 0 {
            return self.view(l as usize);
        }
        let x = (-l - 1) as usize;
        let view = self.view(x);
        if !self.views[x].1 {
            self.views[x].1 = true;
            let _ = writeln!(self.declarations, "var bool: n{x};");
            let _ = writeln!(self.constraints, "constraint bool_not({view}, n{x});");
        }
        format!("n{x}")
    }

    /// The conjunction of `literals` as one Boolean (`None`: no enforcement).
    fn enforcement(&mut self, literals: &[i32]) -> Option<String> {
        match literals {
            [] => None,
            [l] => Some(self.literal(*l)),
            _ => {
                let names: Vec<String> = literals.iter().map(|&l| self.literal(l)).collect();
                let all = self.fresh_bool();
                let _ = writeln!(self.constraints, "constraint array_bool_and([{}], {all});", names.join(", "));
                Some(all)
            }
        }
    }

    /// `constraint name(arguments)`, or its half-reified `name_imp(arguments, e)`.
    fn post(&mut self, name: &str, arguments: &str, enforced: Option<&str>) {
        let _ = match enforced {
            None => writeln!(self.constraints, "constraint {name}({arguments});"),
            Some(e) => writeln!(self.constraints, "constraint {name}_imp({arguments}, {e});"),
        };
    }

    /// A constraint that never holds (or, enforced, whose enforcement never does).
    fn never(&mut self, enforced: Option<&str>) {
        let _ = match enforced {
            None => writeln!(self.constraints, "constraint bool_clause([], []);"),
            Some(e) => writeln!(self.constraints, "constraint bool_clause([], [{e}]);"),
        };
    }

    fn constraint(&mut self, body: &Constraint, enforced: Option<&str>) -> Result<(), NotExpressible> {
        match body {
            Constraint::BoolOr(b) if b.literals.is_empty() => self.never(enforced),
            Constraint::BoolOr(b) => {
                let (mut positive, mut negative) = (Vec::new(), Vec::new());
                for &l in &b.literals {
                    if l >= 0 {
                        positive.push(self.literal(l));
                    } else {
                        negative.push(self.literal(-l - 1));
                    }
                }
                let arguments = format!("[{}], [{}]", positive.join(", "), negative.join(", "));
                self.post("bool_clause", &arguments, enforced);
            }
            Constraint::BoolAnd(b) => {
                for &l in &b.literals {
                    let (x, value) = if l >= 0 { (l, 1) } else { (-l - 1, 0) };
                    self.post("int_eq", &format!("v{x}, {value}"), enforced);
                }
            }
            Constraint::AtMostOne(b) => self.sum_of_literals(&b.literals, None, Some(1), enforced)?,
            Constraint::ExactlyOne(b) => self.sum_of_literals(&b.literals, Some(1), Some(1), enforced)?,
            Constraint::BoolXor(b) if b.literals.is_empty() => self.never(enforced),
            Constraint::BoolXor(b) => {
                let names: Vec<String> = b.literals.iter().map(|&l| self.literal(l)).collect();
                self.post("array_bool_xor", &format!("[{}]", names.join(", ")), enforced);
            }
            Constraint::Linear(l) => {
                let terms: Vec<(i64, i32)> = l.coeffs.iter().copied().zip(l.vars.iter().copied()).collect();
                self.linear_in(&terms, &l.domain, enforced)?;
            }
            Constraint::AllDiff(a) => {
                let names = a.exprs.iter().map(|e| self.term(e)).collect::<Result<Vec<_>, _>>()?;
                match enforced {
                    None => self.post("all_different_int", &format!("[{}]", names.join(", ")), None),
                    Some(_) => {
                        for (i, x) in names.iter().enumerate() {
                            for y in &names[i + 1..] {
                                self.post("int_ne", &format!("{x}, {y}"), enforced);
                            }
                        }
                    }
                }
            }
            Constraint::LinMax(m) => {
                refuse_enforced(ConstraintKind::LinMax, enforced)?;
                let target = m.target.as_ref().map_or(Ok("0".to_string()), |t| self.term(t))?;
                let names = m.exprs.iter().map(|e| self.term(e)).collect::<Result<Vec<_>, _>>()?;
                self.post("array_int_maximum", &format!("{target}, [{}]", names.join(", ")), None);
            }
            Constraint::Element(e) => {
                refuse_enforced(ConstraintKind::Element, enforced)?;
                let (Some(index), Some(target)) = (&e.linear_index, &e.linear_target) else {
                    return Err(NotExpressible("an element constraint without its index or target".into()));
                };
                let from_one = proto::LinearExpressionProto { offset: index.offset + 1, ..index.clone() };
                let index = self.term(&from_one)?;
                let target = self.term(target)?;
                let names = e.exprs.iter().map(|e| self.term(e)).collect::<Result<Vec<_>, _>>()?;
                self.post("array_var_int_element", &format!("{index}, [{}], {target}", names.join(", ")), None);
            }
            Constraint::Table(t) => self.table(t, enforced)?,
            Constraint::Circuit(_) => return Err(NotExpressible::no("masu's FlatZinc", ConstraintKind::Circuit)),
            Constraint::Automaton(_) => {
                return Err(NotExpressible::no("masu's FlatZinc", ConstraintKind::Automaton));
            }
        }
        Ok(())
    }

    /// `lower ≤ Σ literals ≤ upper`, a negated literal counting as `1 − v`.
    fn sum_of_literals(
        &mut self,
        literals: &[i32],
        lower: Option<i64>,
        upper: Option<i64>,
        enforced: Option<&str>,
    ) -> Result<(), NotExpressible> {
        let mut constant = 0;
        let terms: Vec<(i64, i32)> = literals
            .iter()
            .map(|&l| {
                if l >= 0 {
                    (1, l)
                } else {
                    constant += 1;
                    (-1, -l - 1)
                }
            })
            .collect();
        self.linear(&terms, lower.map(|v| v - constant), upper.map(|v| v - constant), enforced)
    }

    /// `Σ cᵢxᵢ ∈ domain` (CP-SAT's intervals, `i64::MIN`/`MAX` unbounded).
    fn linear_in(
        &mut self,
        terms: &[(i64, i32)],
        domain: &[i64],
        enforced: Option<&str>,
    ) -> Result<(), NotExpressible> {
        let side = |v: i64| (v != i64::MIN && v != i64::MAX).then_some(v);
        let intervals: Vec<(Option<i64>, Option<i64>)> = domain.chunks(2).map(|d| (side(d[0]), side(d[1]))).collect();
        match intervals.as_slice() {
            [] => self.never(enforced),
            [(lower, upper)] => self.linear(terms, *lower, *upper, enforced)?,
            // One value left out (`x ≠ v` within bounds).
            [(lower, Some(below)), (Some(above), upper)] if *above == below + 2 => {
                self.linear(terms, *lower, *upper, enforced)?;
                let (coeffs, vars) = arrays(terms)?;
                self.post("int_lin_ne", &format!("{coeffs}, {vars}, {}", number(below + 1)?), enforced);
            }
            _ => {
                let within = intervals
                    .iter()
                    .map(|&(lower, upper)| self.reified(terms, lower, upper))
                    .collect::<Result<Vec<_>, _>>()?;
                self.post("bool_clause", &format!("[{}], []", within.join(", ")), enforced);
            }
        }
        Ok(())
    }

    /// `lower ≤ Σ cᵢxᵢ ≤ upper`, each side where given.
    fn linear(
        &mut self,
        terms: &[(i64, i32)],
        lower: Option<i64>,
        upper: Option<i64>,
        enforced: Option<&str>,
    ) -> Result<(), NotExpressible> {
        if terms.is_empty() {
            if lower.is_some_and(|l| l > 0) || upper.is_some_and(|u| u < 0) {
                self.never(enforced);
            }
            return Ok(());
        }
        let (coeffs, vars) = arrays(terms)?;
        if let (Some(l), Some(u)) = (lower, upper)
            && l == u
        {
            self.post("int_lin_eq", &format!("{coeffs}, {vars}, {}", number(l)?), enforced);
            return Ok(());
        }
        if let Some(u) = upper {
            self.post("int_lin_le", &format!("{coeffs}, {vars}, {}", number(u)?), enforced);
        }
        if let Some(l) = lower {
            let (negated, _) = arrays(&terms.iter().map(|&(c, x)| (-c, x)).collect::<Vec<_>>())?;
            self.post("int_lin_le", &format!("{negated}, {vars}, {}", number(-l)?), enforced);
        }
        Ok(())
    }

    /// A new Boolean equal to `lower ≤ Σ cᵢxᵢ ≤ upper`.
    fn reified(
        &mut self,
        terms: &[(i64, i32)],
        lower: Option<i64>,
        upper: Option<i64>,
    ) -> Result<String, NotExpressible> {
        let holds = self.fresh_bool();
        let (coeffs, vars) = arrays(terms)?;
        let (negated, _) = arrays(&terms.iter().map(|&(c, x)| (-c, x)).collect::<Vec<_>>())?;
        let line = match (lower, upper) {
            (Some(l), Some(u)) if l == u => format!("int_lin_eq_reif({coeffs}, {vars}, {}, {holds})", number(l)?),
            (Some(l), Some(u)) => {
                let (below, above) = (self.fresh_bool(), self.fresh_bool());
                let _ = writeln!(
                    self.constraints,
                    "constraint int_lin_le_reif({coeffs}, {vars}, {}, {below});\n\
                     constraint int_lin_le_reif({negated}, {vars}, {}, {above});",
                    number(u)?,
                    number(-l)?
                );
                format!("array_bool_and([{below}, {above}], {holds})")
            }
            (None, Some(u)) => format!("int_lin_le_reif({coeffs}, {vars}, {}, {holds})", number(u)?),
            (Some(l), None) => format!("int_lin_le_reif({negated}, {vars}, {}, {holds})", number(-l)?),
            (None, None) => format!("bool_eq({holds}, true)"),
        };
        let _ = writeln!(self.constraints, "constraint {line};");
        Ok(holds)
    }

    /// An expression as one FlatZinc argument: its variable, its constant, or an auxiliary
    /// variable `a<k>` equal to it.
    fn term(&mut self, e: &proto::LinearExpressionProto) -> Result<String, NotExpressible> {
        match (e.vars.as_slice(), e.coeffs.as_slice()) {
            ([], _) => return Ok(number(e.offset)?.to_string()),
            ([x], [1]) if e.offset == 0 => return Ok(format!("v{x}")),
            _ => {}
        }
        let (mut lower, mut upper) = (e.offset as i128, e.offset as i128);
        for (&x, &c) in e.vars.iter().zip(&e.coeffs) {
            let (l, u) = self.bounds[x as usize];
            let (a, b) = (c as i128 * l as i128, c as i128 * u as i128);
            lower += a.min(b);
            upper += a.max(b);
        }
        let fits = |v: i128| i64::try_from(v).ok().filter(|v| v.abs() <= LIMIT);
        let (Some(lower), Some(upper)) = (fits(lower), fits(upper)) else {
            return Err(NotExpressible("an expression's range is past Gecode's integers (2^31 - 2)".into()));
        };
        let name = format!("a{}", self.fresh);
        self.fresh += 1;
        let _ = writeln!(self.declarations, "var {lower}..{upper}: {name};");
        let mut terms: Vec<(i64, i32)> = e.coeffs.iter().copied().zip(e.vars.iter().copied()).collect();
        let (_, mut vars) = arrays(&terms)?;
        terms.push((-1, 0));
        let (with_name, _) = arrays(&terms)?;
        vars.insert_str(vars.len() - 1, &format!(", {name}"));
        let _ = writeln!(self.constraints, "constraint int_lin_eq({with_name}, {vars}, {});", number(-e.offset)?);
        Ok(name)
    }

    /// An allowed table (`gecode_table_int`), or a forbidden one: a clause a tuple, that
    /// some expression differs from it.
    fn table(&mut self, t: &proto::TableConstraintProto, enforced: Option<&str>) -> Result<(), NotExpressible> {
        let names = t.exprs.iter().map(|e| self.term(e)).collect::<Result<Vec<_>, _>>()?;
        for &v in &t.values {
            number(v)?;
        }
        let arity = names.len().max(1);
        if !t.negated {
            if t.values.is_empty() {
                self.never(enforced);
                return Ok(());
            }
            let flat: Vec<String> = t.values.iter().map(i64::to_string).collect();
            self.post("gecode_table_int", &format!("[{}], [{}]", names.join(", "), flat.join(", ")), enforced);
            return Ok(());
        }
        for tuple in t.values.chunks(arity) {
            let differs: Vec<String> = names
                .iter()
                .zip(tuple)
                .map(|(x, v)| {
                    let differs = self.fresh_bool();
                    let _ = writeln!(self.constraints, "constraint int_ne_reif({x}, {v}, {differs});");
                    differs
                })
                .collect();
            self.post("bool_clause", &format!("[{}], []", differs.join(", ")), enforced);
        }
        Ok(())
    }
}

/// An integer Gecode takes.
fn number(value: i64) -> Result<i64, NotExpressible> {
    if value.abs() > LIMIT {
        return Err(NotExpressible(format!("the integer {value} is past Gecode's (2^31 - 2)")));
    }
    Ok(value)
}

/// `[c₁, …]` and `[v<x₁>, …]`.
fn arrays(terms: &[(i64, i32)]) -> Result<(String, String), NotExpressible> {
    let coeffs = terms.iter().map(|&(c, _)| number(c).map(|c| c.to_string())).collect::<Result<Vec<_>, _>>()?;
    let vars: Vec<String> = terms.iter().map(|&(_, x)| format!("v{x}")).collect();
    Ok((format!("[{}]", coeffs.join(", ")), format!("[{}]", vars.join(", "))))
}

fn refuse_enforced(kind: ConstraintKind, enforced: Option<&str>) -> Result<(), NotExpressible> {
    match enforced {
        None => Ok(()),
        Some(_) => Err(NotExpressible(format!("masu's FlatZinc has no {kind} under enforcement literals"))),
    }
}

#[cfg(test)]
mod tests {
    use crate::{CpModel, Domain};

    #[test]
    fn constraints_are_written_in_flatzinc_with_gecode_s_globals() {
        let mut model = CpModel::new();
        let x = model.new_int_var_in(&Domain::from_values([1, 2, 3, 5]), "x");
        let b = model.new_bool_var();
        let y = model.new_int_var(0, 10);
        model.add_ne(x, 2).only_enforce_if([b]);
        model.add_bool_or([b, !b]);
        model.add_all_different([x, y]);
        model.add_le(x + y * 2, 12).only_enforce_if([!b]);
        let text = model.to_flatzinc().unwrap().text();
        let expected = "var {1, 2, 3, 5}: v0 :: output_var;\nvar 0..1: v1 :: output_var;\n\
            var 0..10: v2 :: output_var;\nvar bool: b1;\nvar bool: n1;\n\
            constraint bool2int(b1, v1);\nconstraint int_lin_ne_imp([1], [v0], 2, b1);\n\
            constraint bool_clause([b1], [b1]);\nconstraint all_different_int([v0, v2]);\n\
            constraint bool_not(b1, n1);\nconstraint int_lin_le_imp([1, 2], [v0, v2], 12, n1);\n\
            solve satisfy;\n";
        assert_eq!(text, expected);
    }

    #[test]
    fn expressions_become_defined_auxiliaries_and_no_goods_clauses() {
        let mut model = CpModel::new();
        let x = model.new_int_var(0, 3);
        let y = model.new_bool_var();
        model.add_all_different([x + 1, y.into()]);
        let mut fzn = model.to_flatzinc().unwrap();
        fzn.exclude(&[0, 1], &[2, 1]);
        let text = fzn.text();
        assert!(text.contains("var 1..4: a0;\n"), "{text}");
        assert!(text.contains("constraint int_lin_eq([1, -1], [v0, a0], -1);\n"), "{text}");
        assert!(text.contains("constraint all_different_int([a0, v1]);\n"), "{text}");
        assert!(text.contains("constraint int_ne_reif(v0, 2, r1);\n"), "{text}");
        assert!(text.ends_with("constraint bool_clause([r1], [b1]);\nsolve satisfy;\n"), "{text}");
        assert_eq!(fzn.variables(), 2);
    }

    #[test]
    fn what_the_writer_lacks_is_refused_by_name() {
        let mut model = CpModel::new();
        let a = model.new_bool_var();
        model.add_circuit(&[(0, 1, a), (1, 0, a)]);
        assert!(model.to_flatzinc().unwrap_err().0.contains("circuit"));
        let mut model = CpModel::new();
        let y = model.new_int_var(0, 1 << 40);
        model.add_ge(y, 1);
        assert!(model.to_flatzinc().unwrap_err().0.contains("past Gecode's"));
        let mut model = CpModel::new();
        let y = model.new_int_var(0, 3);
        model.maximize(y);
        assert!(model.to_flatzinc().unwrap_err().0.contains("objective"));
    }
}
