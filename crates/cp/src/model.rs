//! The model builder: variables, linear expressions, domains and constraints.

use std::collections::BTreeMap;
use std::ops::{Add, AddAssign, Mul, Neg, Not, Sub};

use crate::proto::{self, Constraint as C};

/// A Boolean literal: a Boolean variable or its negation (`!x`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct BoolVar(pub(crate) i32);

/// An integer variable.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct IntVar(pub(crate) i32);

impl BoolVar {
    /// The index of the underlying variable in the model.
    pub fn index(self) -> usize {
        (if self.0 >= 0 { self.0 } else { -self.0 - 1 }) as usize
    }
    /// The 0/1 variable under this literal (the same for `x` and `!x`).
    pub fn variable(self) -> IntVar {
        IntVar(self.index() as i32)
    }
    /// Whether this literal is the negation of its variable.
    pub fn is_negated(self) -> bool {
        self.0 < 0
    }
    /// The truth of this literal in a full assignment (a solution's values, one per variable).
    pub fn value_in(self, values: &[i64]) -> bool {
        (values[self.index()] != 0) != self.is_negated()
    }
}

impl Not for BoolVar {
    type Output = BoolVar;
    fn not(self) -> BoolVar {
        BoolVar(-self.0 - 1)
    }
}

impl IntVar {
    /// The index of the variable in the model.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// A set of integers as sorted, disjoint, closed intervals.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Domain(Vec<i64>);

impl Domain {
    /// `[lower, upper]`.
    pub fn new(lower: i64, upper: i64) -> Domain {
        Domain(vec![lower, upper])
    }
    /// The given values (any order, duplicates allowed).
    pub fn from_values(values: impl IntoIterator<Item = i64>) -> Domain {
        let mut values: Vec<i64> = values.into_iter().collect();
        values.sort_unstable();
        values.dedup();
        let mut bounds: Vec<i64> = Vec::new();
        for v in values {
            match bounds.last_mut() {
                Some(upper) if *upper + 1 == v => *upper = v,
                _ => bounds.extend([v, v]),
            }
        }
        Domain(bounds)
    }
    /// Every integer except `value`.
    pub fn all_but(value: i64) -> Domain {
        let mut bounds = Vec::with_capacity(4);
        if value > i64::MIN {
            bounds.extend([i64::MIN, value - 1]);
        }
        if value < i64::MAX {
            bounds.extend([value + 1, i64::MAX]);
        }
        Domain(bounds)
    }
    /// The interval bounds, flattened: `[lo0, hi0, lo1, hi1, ...]`.
    pub fn bounds(&self) -> &[i64] {
        &self.0
    }
    /// Whether `value` is in the domain.
    pub fn contains(&self, value: i64) -> bool {
        self.0.chunks(2).any(|iv| iv[0] <= value && value <= iv[1])
    }
    /// The domain shifted by `-offset` (used to move an expression's constant to the right).
    fn minus(&self, offset: i64) -> Domain {
        let shift = |b: i64| match b {
            i64::MIN | i64::MAX => b,
            _ => b.saturating_sub(offset),
        };
        Domain(self.0.iter().map(|&b| shift(b)).collect())
    }
}

/// `Σ coefficient·variable + constant`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LinearExpr {
    vars: Vec<i32>,
    coeffs: Vec<i64>,
    constant: i64,
}

impl LinearExpr {
    /// The constant `value`.
    pub fn constant(value: i64) -> LinearExpr {
        LinearExpr { constant: value, ..LinearExpr::default() }
    }
    /// `Σ coefficient·variable + constant` from its terms, without intermediate expressions.
    pub fn from_terms(terms: impl IntoIterator<Item = (IntVar, i64)>, constant: i64) -> LinearExpr {
        let (vars, coeffs) = terms.into_iter().map(|(v, c)| (v.0, c)).unzip();
        LinearExpr { vars, coeffs, constant }
    }
    /// `Σ coefficient·variable` over the pairs.
    pub fn weighted_sum<V: Into<LinearExpr>>(terms: impl IntoIterator<Item = (i64, V)>) -> Self {
        terms.into_iter().fold(LinearExpr::default(), |sum, (c, v)| sum + v.into() * c)
    }
    /// The value of the expression under a full assignment of the model's variables.
    pub fn eval(&self, values: &[i64]) -> i64 {
        self.vars.iter().zip(&self.coeffs).map(|(&v, &c)| c * values[v as usize]).sum::<i64>() + self.constant
    }
    fn add_term(&mut self, var: i32, coeff: i64) {
        if var >= 0 {
            self.vars.push(var);
            self.coeffs.push(coeff);
        } else {
            // c·(¬x) = c·(1 − x)
            self.vars.push(-var - 1);
            self.coeffs.push(-coeff);
            self.constant += coeff;
        }
    }
    fn to_proto(&self) -> proto::LinearExpressionProto {
        proto::LinearExpressionProto { vars: self.vars.clone(), coeffs: self.coeffs.clone(), offset: self.constant }
    }
}

impl From<IntVar> for LinearExpr {
    fn from(v: IntVar) -> Self {
        LinearExpr { vars: vec![v.0], coeffs: vec![1], constant: 0 }
    }
}
impl From<BoolVar> for LinearExpr {
    fn from(v: BoolVar) -> Self {
        let mut e = LinearExpr::default();
        e.add_term(v.0, 1);
        e
    }
}
impl From<i64> for LinearExpr {
    fn from(value: i64) -> Self {
        LinearExpr::constant(value)
    }
}
impl From<&LinearExpr> for LinearExpr {
    fn from(e: &LinearExpr) -> Self {
        e.clone()
    }
}

impl<T: Into<LinearExpr>> Add<T> for LinearExpr {
    type Output = LinearExpr;
    fn add(mut self, rhs: T) -> LinearExpr {
        self += rhs;
        self
    }
}
impl<T: Into<LinearExpr>> AddAssign<T> for LinearExpr {
    fn add_assign(&mut self, rhs: T) {
        let rhs = rhs.into();
        self.vars.extend(rhs.vars);
        self.coeffs.extend(rhs.coeffs);
        self.constant += rhs.constant;
    }
}
impl<T: Into<LinearExpr>> Sub<T> for LinearExpr {
    type Output = LinearExpr;
    fn sub(self, rhs: T) -> LinearExpr {
        self + -rhs.into()
    }
}
impl Neg for LinearExpr {
    type Output = LinearExpr;
    fn neg(self) -> LinearExpr {
        self * -1
    }
}
impl Mul<i64> for LinearExpr {
    type Output = LinearExpr;
    fn mul(mut self, factor: i64) -> LinearExpr {
        self.coeffs.iter_mut().for_each(|c| *c *= factor);
        self.constant *= factor;
        self
    }
}
impl<T: Into<LinearExpr>> std::iter::Sum<T> for LinearExpr {
    fn sum<I: Iterator<Item = T>>(iter: I) -> LinearExpr {
        iter.fold(LinearExpr::default(), |sum, e| sum + e)
    }
}
macro_rules! variable_ops {
    ($t:ty) => {
        impl<T: Into<LinearExpr>> Add<T> for $t {
            type Output = LinearExpr;
            fn add(self, rhs: T) -> LinearExpr {
                LinearExpr::from(self) + rhs
            }
        }
        impl<T: Into<LinearExpr>> Sub<T> for $t {
            type Output = LinearExpr;
            fn sub(self, rhs: T) -> LinearExpr {
                LinearExpr::from(self) - rhs
            }
        }
        impl Mul<i64> for $t {
            type Output = LinearExpr;
            fn mul(self, factor: i64) -> LinearExpr {
                LinearExpr::from(self) * factor
            }
        }
    };
}
variable_ops!(IntVar);
variable_ops!(BoolVar);

/// A transition of an automaton: from `tail` to `head` reading `label`.
pub type Transition = (i64, i64, i64);

/// A CP-SAT model under construction.
#[derive(Clone, Debug, Default)]
pub struct CpModel {
    pub(crate) proto: proto::CpModelProto,
}

/// The size of a model: variables, and constraints by kind.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ModelStats {
    /// Number of variables (Boolean and integer).
    pub variables: usize,
    /// Number of constraints.
    pub constraints: usize,
    /// Constraints by kind, e.g. `Linear -> 120`.
    pub constraints_by_kind: BTreeMap<ConstraintKind, usize>,
}

/// A constraint's kind, as CP-SAT names it: what [`ModelStats`] counts, and what a writer
/// names when its language has no such constraint ([`crate::NotExpressible`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum ConstraintKind {
    /// A clause: one of the literals holds.
    BoolOr,
    /// All the literals hold.
    BoolAnd,
    /// An odd number of the literals hold.
    BoolXor,
    /// At most one of the literals holds.
    AtMostOne,
    /// Exactly one of the literals holds.
    ExactlyOne,
    /// The target is the maximum of the expressions.
    LinMax,
    /// A linear expression within a domain.
    Linear,
    /// The expressions take distinct values.
    AllDifferent,
    /// The target is the expression the index picks.
    Element,
    /// The chosen arcs make one circuit.
    Circuit,
    /// The tuple is one of the listed ones (or, negated, none of them).
    Table,
    /// The sequence is a word of an automaton.
    Automaton,
    /// A constraint with nothing in it.
    Empty,
}

impl ConstraintKind {
    /// The kind of `constraint` (`None`: an empty one).
    pub(crate) fn of(constraint: Option<&C>) -> ConstraintKind {
        match constraint {
            Some(C::BoolOr(_)) => ConstraintKind::BoolOr,
            Some(C::BoolAnd(_)) => ConstraintKind::BoolAnd,
            Some(C::BoolXor(_)) => ConstraintKind::BoolXor,
            Some(C::AtMostOne(_)) => ConstraintKind::AtMostOne,
            Some(C::ExactlyOne(_)) => ConstraintKind::ExactlyOne,
            Some(C::LinMax(_)) => ConstraintKind::LinMax,
            Some(C::Linear(_)) => ConstraintKind::Linear,
            Some(C::AllDiff(_)) => ConstraintKind::AllDifferent,
            Some(C::Element(_)) => ConstraintKind::Element,
            Some(C::Circuit(_)) => ConstraintKind::Circuit,
            Some(C::Table(_)) => ConstraintKind::Table,
            Some(C::Automaton(_)) => ConstraintKind::Automaton,
            None => ConstraintKind::Empty,
        }
    }
    /// Its name, as CP-SAT's proto spells it (`all_different`, `lin_max`, …).
    pub fn name(self) -> &'static str {
        match self {
            ConstraintKind::BoolOr => "bool_or",
            ConstraintKind::BoolAnd => "bool_and",
            ConstraintKind::BoolXor => "bool_xor",
            ConstraintKind::AtMostOne => "at_most_one",
            ConstraintKind::ExactlyOne => "exactly_one",
            ConstraintKind::LinMax => "lin_max",
            ConstraintKind::Linear => "linear",
            ConstraintKind::AllDifferent => "all_different",
            ConstraintKind::Element => "element",
            ConstraintKind::Circuit => "circuit",
            ConstraintKind::Table => "table",
            ConstraintKind::Automaton => "automaton",
            ConstraintKind::Empty => "empty",
        }
    }
}

impl std::fmt::Display for ConstraintKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// A constraint just added; [`ConstraintRef::only_enforce_if`] makes it conditional.
#[derive(Debug)]
pub struct ConstraintRef<'a> {
    model: &'a mut CpModel,
    index: usize,
}

impl ConstraintRef<'_> {
    /// The constraint holds only when all `literals` are true. CP-SAT accepts this on
    /// `bool_or`, `bool_and`, `at_most_one`, `exactly_one`, `linear` (and so every
    /// comparison), `all_different`, `element`, `table` and `automaton` — see the tests;
    /// on others (e.g. `circuit`) solving returns [`crate::Error::ModelInvalid`].
    pub fn only_enforce_if(self, literals: impl IntoIterator<Item = BoolVar>) -> Self {
        let constraint = &mut self.model.proto.constraints[self.index];
        constraint.enforcement_literal.extend(literals.into_iter().map(|l| l.0));
        self
    }
    /// Names the constraint (shown in CP-SAT's logs and errors).
    pub fn named(self, name: &str) -> Self {
        self.model.proto.constraints[self.index].name = name.to_string();
        self
    }
}

fn literals(ls: impl IntoIterator<Item = BoolVar>) -> proto::BoolArgumentProto {
    proto::BoolArgumentProto { literals: ls.into_iter().map(|l| l.0).collect() }
}

fn exprs<E: Into<LinearExpr>>(es: impl IntoIterator<Item = E>) -> Vec<proto::LinearExpressionProto> {
    es.into_iter().map(|e| e.into().to_proto()).collect()
}

impl CpModel {
    /// An empty model.
    pub fn new() -> CpModel {
        CpModel::default()
    }

    fn new_variable(&mut self, domain: &Domain, name: &str) -> i32 {
        let index = self.proto.variables.len() as i32;
        self.proto.variables.push(proto::IntegerVariableProto { name: name.to_string(), domain: domain.0.clone() });
        index
    }
    /// A new Boolean variable.
    pub fn new_bool_var(&mut self) -> BoolVar {
        self.new_bool_var_named("")
    }
    /// A new named Boolean variable.
    pub fn new_bool_var_named(&mut self, name: &str) -> BoolVar {
        BoolVar(self.new_variable(&Domain::new(0, 1), name))
    }
    /// A new integer variable in `[lower, upper]`.
    pub fn new_int_var(&mut self, lower: i64, upper: i64) -> IntVar {
        self.new_int_var_in(&Domain::new(lower, upper), "")
    }
    /// A new named integer variable with the given domain.
    pub fn new_int_var_in(&mut self, domain: &Domain, name: &str) -> IntVar {
        IntVar(self.new_variable(domain, name))
    }
    /// A variable fixed to `value`.
    pub fn new_constant(&mut self, value: i64) -> IntVar {
        self.new_int_var(value, value)
    }
    /// The number of variables.
    pub fn num_variables(&self) -> usize {
        self.proto.variables.len()
    }
    /// The name given to variable `index`.
    pub fn variable_name(&self, index: usize) -> &str {
        &self.proto.variables[index].name
    }

    fn add(&mut self, constraint: C) -> ConstraintRef<'_> {
        self.proto.constraints.push(proto::ConstraintProto { constraint: Some(constraint), ..Default::default() });
        let index = self.proto.constraints.len() - 1;
        ConstraintRef { model: self, index }
    }

    /// `expr ∈ domain`.
    pub fn add_linear_in(&mut self, expr: impl Into<LinearExpr>, domain: &Domain) -> ConstraintRef<'_> {
        let expr = expr.into();
        let domain = domain.minus(expr.constant);
        self.add(C::Linear(Box::new(proto::LinearConstraintProto {
            vars: expr.vars,
            coeffs: expr.coeffs,
            domain: domain.0,
        })))
    }
    fn compare(&mut self, a: impl Into<LinearExpr>, b: impl Into<LinearExpr>, domain: Domain) -> ConstraintRef<'_> {
        self.add_linear_in(a.into() - b.into(), &domain)
    }
    /// `a == b`.
    pub fn add_eq(&mut self, a: impl Into<LinearExpr>, b: impl Into<LinearExpr>) -> ConstraintRef<'_> {
        self.compare(a, b, Domain::new(0, 0))
    }
    /// `a != b`.
    pub fn add_ne(&mut self, a: impl Into<LinearExpr>, b: impl Into<LinearExpr>) -> ConstraintRef<'_> {
        self.compare(a, b, Domain::all_but(0))
    }
    /// `a <= b`.
    pub fn add_le(&mut self, a: impl Into<LinearExpr>, b: impl Into<LinearExpr>) -> ConstraintRef<'_> {
        self.compare(a, b, Domain::new(i64::MIN, 0))
    }
    /// `a >= b`.
    pub fn add_ge(&mut self, a: impl Into<LinearExpr>, b: impl Into<LinearExpr>) -> ConstraintRef<'_> {
        self.compare(a, b, Domain::new(0, i64::MAX))
    }
    /// `a < b`.
    pub fn add_lt(&mut self, a: impl Into<LinearExpr>, b: impl Into<LinearExpr>) -> ConstraintRef<'_> {
        self.compare(a, b, Domain::new(i64::MIN, -1))
    }
    /// `a > b`.
    pub fn add_gt(&mut self, a: impl Into<LinearExpr>, b: impl Into<LinearExpr>) -> ConstraintRef<'_> {
        self.compare(a, b, Domain::new(1, i64::MAX))
    }
    /// At least one literal is true.
    pub fn add_bool_or(&mut self, ls: impl IntoIterator<Item = BoolVar>) -> ConstraintRef<'_> {
        self.add(C::BoolOr(literals(ls)))
    }
    /// Every literal is true.
    pub fn add_bool_and(&mut self, ls: impl IntoIterator<Item = BoolVar>) -> ConstraintRef<'_> {
        self.add(C::BoolAnd(literals(ls)))
    }
    /// An odd number of literals is true.
    pub fn add_bool_xor(&mut self, ls: impl IntoIterator<Item = BoolVar>) -> ConstraintRef<'_> {
        self.add(C::BoolXor(literals(ls)))
    }
    /// At most one literal is true.
    pub fn add_at_most_one(&mut self, ls: impl IntoIterator<Item = BoolVar>) -> ConstraintRef<'_> {
        self.add(C::AtMostOne(literals(ls)))
    }
    /// Exactly one literal is true.
    pub fn add_exactly_one(&mut self, ls: impl IntoIterator<Item = BoolVar>) -> ConstraintRef<'_> {
        self.add(C::ExactlyOne(literals(ls)))
    }
    /// `a ⇒ b`.
    pub fn add_implication(&mut self, a: BoolVar, b: BoolVar) -> ConstraintRef<'_> {
        self.add_bool_and([b]).only_enforce_if([a])
    }
    /// `target == max(exprs)`.
    pub fn add_max_equality<E: Into<LinearExpr>>(
        &mut self,
        target: impl Into<LinearExpr>,
        es: impl IntoIterator<Item = E>,
    ) -> ConstraintRef<'_> {
        self.add(C::LinMax(Box::new(proto::LinearArgumentProto {
            target: Some(target.into().to_proto()),
            exprs: exprs(es),
        })))
    }
    /// The expressions take pairwise different values.
    pub fn add_all_different<E: Into<LinearExpr>>(&mut self, es: impl IntoIterator<Item = E>) -> ConstraintRef<'_> {
        self.add(C::AllDiff(Box::new(proto::AllDifferentConstraintProto { exprs: exprs(es) })))
    }
    /// `target == exprs[index]` (0-based).
    pub fn add_element<E: Into<LinearExpr>>(
        &mut self,
        index: impl Into<LinearExpr>,
        es: impl IntoIterator<Item = E>,
        target: impl Into<LinearExpr>,
    ) -> ConstraintRef<'_> {
        self.add(C::Element(Box::new(proto::ElementConstraintProto {
            linear_index: Some(index.into().to_proto()),
            linear_target: Some(target.into().to_proto()),
            exprs: exprs(es),
        })))
    }
    /// The tuple of `exprs` is one of `tuples` (or, with `forbidden`, none of them).
    fn table<E: Into<LinearExpr>>(
        &mut self,
        es: impl IntoIterator<Item = E>,
        tuples: &[Vec<i64>],
        negated: bool,
    ) -> ConstraintRef<'_> {
        self.add(C::Table(Box::new(proto::TableConstraintProto {
            values: tuples.iter().flatten().copied().collect(),
            negated,
            exprs: exprs(es),
        })))
    }
    /// The tuple of `exprs` equals one of `tuples` (each as long as `exprs`).
    pub fn add_allowed_assignments<E: Into<LinearExpr>>(
        &mut self,
        es: impl IntoIterator<Item = E>,
        tuples: &[Vec<i64>],
    ) -> ConstraintRef<'_> {
        self.table(es, tuples, false)
    }
    /// The tuple of `exprs` equals none of `tuples`.
    pub fn add_forbidden_assignments<E: Into<LinearExpr>>(
        &mut self,
        es: impl IntoIterator<Item = E>,
        tuples: &[Vec<i64>],
    ) -> ConstraintRef<'_> {
        self.table(es, tuples, true)
    }
    /// The sequence of `exprs` is a word accepted by the automaton (a missing transition
    /// rejects).
    pub fn add_automaton<E: Into<LinearExpr>>(
        &mut self,
        es: impl IntoIterator<Item = E>,
        starting_state: i64,
        final_states: &[i64],
        transitions: &[Transition],
    ) -> ConstraintRef<'_> {
        self.add(C::Automaton(Box::new(proto::AutomatonConstraintProto {
            starting_state,
            final_states: final_states.to_vec(),
            transition_tail: transitions.iter().map(|t| t.0).collect(),
            transition_head: transitions.iter().map(|t| t.1).collect(),
            transition_label: transitions.iter().map(|t| t.2).collect(),
            exprs: exprs(es),
        })))
    }
    /// The arcs `(tail, head, literal)` whose literal is true form one Hamiltonian circuit
    /// over the nodes that are not skipped; a self-loop `(n, n, l)` with `l` true skips node `n`.
    pub fn add_circuit(&mut self, arcs: &[(i32, i32, BoolVar)]) -> ConstraintRef<'_> {
        self.add(C::Circuit(Box::new(proto::CircuitConstraintProto {
            tails: arcs.iter().map(|a| a.0).collect(),
            heads: arcs.iter().map(|a| a.1).collect(),
            literals: arcs.iter().map(|a| a.2.0).collect(),
        })))
    }

    fn objective(&mut self, expr: LinearExpr, scaling: f64) {
        let sign = if scaling < 0.0 { -1 } else { 1 };
        self.proto.objective = Some(proto::CpObjectiveProto {
            vars: expr.vars,
            coeffs: expr.coeffs.iter().map(|c| c * sign).collect(),
            offset: (expr.constant * sign) as f64,
            scaling_factor: scaling,
        });
    }
    /// Minimise `expr`.
    pub fn minimize(&mut self, expr: impl Into<LinearExpr>) {
        self.objective(expr.into(), 1.0);
    }
    /// Maximise `expr` (stored as minimising `-expr`, scaled back by `-1`).
    pub fn maximize(&mut self, expr: impl Into<LinearExpr>) {
        self.objective(expr.into(), -1.0);
    }
    /// Suggests `value` for `var` to the search.
    pub fn add_hint(&mut self, var: IntVar, value: i64) {
        let hint = self.proto.solution_hint.get_or_insert_with(Default::default);
        hint.vars.push(var.0);
        hint.values.push(value);
    }

    /// Suggests the whole assignment `values` (a solution's, variable by variable) to the
    /// search, in place of any hint before.
    pub fn hint_all(&mut self, values: &[i64]) {
        let vars = self.num_variables().min(values.len());
        self.proto.solution_hint = Some(proto::PartialVariableAssignment {
            vars: (0..vars as i32).collect(),
            values: values[..vars].to_vec(),
        });
    }

    /// Adds the no-good "some variable of `projection` (every variable when it is empty)
    /// differs from `values`": one literal per variable, `d ⇒ x ≠ v`, and `bool_or(d)`. A 0/1
    /// variable needs no auxiliary literal.
    pub fn exclude(&mut self, projection: &[IntVar], values: &[i64]) {
        let model = &mut self.proto;
        let every: Vec<IntVar>;
        let projection = if projection.is_empty() {
            every = (0..model.variables.len() as i32).map(IntVar).collect();
            &every
        } else {
            projection
        };
        let mut differs = Vec::with_capacity(projection.len());
        for &var in projection {
            let value = values[var.index()];
            let domain = &model.variables[var.index()].domain;
            if domain.as_slice() == [0, 1] {
                differs.push(if value == 0 { var.0 } else { -var.0 - 1 });
                continue;
            }
            let d = model.variables.len() as i32;
            model.variables.push(proto::IntegerVariableProto { name: String::new(), domain: vec![0, 1] });
            model.constraints.push(proto::ConstraintProto {
                enforcement_literal: vec![d],
                constraint: Some(proto::Constraint::Linear(Box::new(proto::LinearConstraintProto {
                    vars: vec![var.0],
                    coeffs: vec![1],
                    domain: Domain::all_but(value).bounds().to_vec(),
                }))),
                ..Default::default()
            });
            differs.push(d);
        }
        model.constraints.push(proto::ConstraintProto {
            constraint: Some(proto::Constraint::BoolOr(proto::BoolArgumentProto { literals: differs })),
            ..Default::default()
        });
    }

    /// Variables, and constraints by kind.
    pub fn stats(&self) -> ModelStats {
        let mut by_kind = BTreeMap::new();
        for c in &self.proto.constraints {
            let kind = ConstraintKind::of(c.constraint.as_ref());
            *by_kind.entry(kind).or_insert(0) += 1;
        }
        ModelStats {
            variables: self.proto.variables.len(),
            constraints: self.proto.constraints.len(),
            constraints_by_kind: by_kind,
        }
    }
}
