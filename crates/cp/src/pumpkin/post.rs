//! The constraints of a CP-SAT model posted on Pumpkin, one call each (the translation the
//! module doc states), each noted for the proof checker ([`Recorded`]) as it is posted.

use pumpkin_core::Solver;
use pumpkin_core::constraints::Constraint as Posted;
use pumpkin_core::predicates::Predicate;
use pumpkin_core::proof::ConstraintTag;
use pumpkin_core::variables::{AffineView, DomainId, Literal, TransformableVariable};

use super::Values;
use super::drcp::Recorded;
use crate::cpo::NotExpressible;
use crate::proto::{self, Constraint};

type View = AffineView<DomainId>;

/// The constraints being posted.
pub(super) struct Posting<'a> {
    solver: &'a mut Solver,
    variables: &'a [DomainId],
    recorded: &'a mut Recorded,
    fresh: usize,
}

fn small(value: i64) -> Result<i32, NotExpressible> {
    i32::try_from(value).map_err(|_| NotExpressible(format!("the value {value} is past Pumpkin's 32 bits")))
}

impl<'a> Posting<'a> {
    pub(super) fn new(solver: &'a mut Solver, variables: &'a [DomainId], recorded: &'a mut Recorded) -> Posting<'a> {
        Posting { solver, variables, recorded, fresh: 0 }
    }

    fn tag(&mut self) -> ConstraintTag {
        self.solver.new_constraint_tag()
    }

    fn literal(&self, l: i32) -> Literal {
        if l >= 0 { Literal::new(self.variables[l as usize]) } else { !Literal::new(self.variables[(-l - 1) as usize]) }
    }

    fn literals(&self, ls: &[i32]) -> Vec<Literal> {
        ls.iter().map(|&l| self.literal(l)).collect()
    }

    fn fresh_name(&mut self) -> String {
        self.fresh += 1;
        format!("a{}", self.fresh)
    }

    /// A fresh 0/1 variable's literal.
    fn fresh_literal(&mut self) -> Literal {
        let name = self.fresh_name();
        self.recorded.variable(name.clone(), Values::Range(0, 1));
        Literal::new(self.solver.new_named_bounded_integer(0, 1, name))
    }

    /// The literal that enforces a constraint: none where there is no enforcement, the one
    /// literal, or a fresh one implied by the conjunction of several.
    fn enforcing(&mut self, enforcement: &[i32]) -> Option<Literal> {
        match enforcement {
            [] => None,
            [e] => Some(self.literal(*e)),
            es => {
                let all = self.fresh_literal();
                let mut clause: Vec<Predicate> = es.iter().map(|&e| (!self.literal(e)).get_true_predicate()).collect();
                clause.push(all.get_true_predicate());
                let tag = self.tag();
                self.solver.add_clause(clause, tag);
                Some(all)
            }
        }
    }

    /// Posts `constraint`, half-reified on `enforced` where given.
    fn posted(&mut self, constraint: impl Posted, enforced: Option<Literal>) {
        let poster = self.solver.add_constraint(constraint);
        match enforced {
            Some(e) => poster.implied_by(e),
            None => poster.post(),
        }
    }

    /// A linear expression as one view: a constant, a scaled and shifted variable, or a fresh
    /// variable equal to the sum.
    fn view(&mut self, e: &proto::LinearExpressionProto) -> Result<View, NotExpressible> {
        let offset = small(e.offset)?;
        match (e.vars.as_slice(), e.coeffs.as_slice()) {
            ([], _) => {
                let name = self.fresh_name();
                let constant = self.solver.new_named_bounded_integer(offset, offset, name.clone());
                self.recorded.variable(name, Values::Range(offset, offset));
                Ok(constant.scaled(1))
            }
            ([x], [c]) => Ok(self.variables[*x as usize].scaled(small(*c)?).offset(offset)),
            _ => {
                let (mut lower, mut upper) = (e.offset as i128, e.offset as i128);
                for (&x, &c) in e.vars.iter().zip(&e.coeffs) {
                    let x = self.variables[x as usize];
                    let (l, u) = (self.solver.lower_bound(&x) as i128, self.solver.upper_bound(&x) as i128);
                    lower += (c as i128 * l).min(c as i128 * u);
                    upper += (c as i128 * l).max(c as i128 * u);
                }
                let fits =
                    |v: i128| i32::try_from(v).map_err(|_| NotExpressible(format!("a sum reaches {v}, past 32 bits")));
                let (lower, upper) = (fits(lower)?, fits(upper)?);
                let name = self.fresh_name();
                let sum = self.solver.new_named_bounded_integer(lower, upper, name.clone());
                self.recorded.variable(name.clone(), Values::Range(lower, upper));
                let mut terms = self.terms(&e.vars, &e.coeffs)?;
                terms.push(sum.scaled(-1));
                let mut listed = listed(&e.vars, &e.coeffs);
                listed.push((-1, name));
                let tag = self.tag();
                self.recorded.linear(tag, &listed, -offset, true);
                self.posted(pumpkin_constraints::equals(terms, -offset, tag), None);
                Ok(sum.scaled(1))
            }
        }
    }

    fn terms(&self, vars: &[i32], coeffs: &[i64]) -> Result<Vec<View>, NotExpressible> {
        vars.iter().zip(coeffs).map(|(&x, &c)| Ok(self.variables[x as usize].scaled(small(c)?))).collect()
    }

    fn views(&mut self, exprs: &[proto::LinearExpressionProto]) -> Result<Vec<View>, NotExpressible> {
        exprs.iter().map(|e| self.view(e)).collect()
    }

    /// Posts one constraint of the model, enforced by the conjunction of `enforcement`.
    pub(super) fn post(&mut self, body: &Constraint, enforcement: &[i32]) -> Result<(), NotExpressible> {
        let enforced = self.enforcing(enforcement);
        if enforced.is_some() {
            self.recorded.uncheckable("half-reified constraints");
        }
        match body {
            Constraint::BoolOr(b) => {
                let tag = self.tag();
                self.recorded.clause(tag, &b.literals);
                self.posted(pumpkin_constraints::clause(self.literals(&b.literals), tag), enforced);
            }
            Constraint::BoolAnd(b) => {
                let tag = self.tag();
                self.recorded.uncheckable("bool_and");
                self.posted(pumpkin_constraints::conjunction(self.literals(&b.literals), tag), enforced);
            }
            Constraint::AtMostOne(b) | Constraint::ExactlyOne(b) => {
                // ¬x is 1 − x: the sum moves by one for each negated literal.
                let vars: Vec<i32> = b.literals.iter().map(|&l| if l >= 0 { l } else { -l - 1 }).collect();
                let coeffs: Vec<i64> = b.literals.iter().map(|&l| if l >= 0 { 1 } else { -1 }).collect();
                let negated = b.literals.iter().filter(|&&l| l < 0).count() as i64;
                let lower = if matches!(body, Constraint::ExactlyOne(_)) { 1 - negated } else { i64::MIN };
                self.linear(&vars, &coeffs, &[lower, 1 - negated], enforced)?;
            }
            Constraint::BoolXor(_) => return Err(NotExpressible("masu's Pumpkin model has no bool_xor".into())),
            Constraint::Linear(l) => self.linear(&l.vars, &l.coeffs, &l.domain, enforced)?,
            Constraint::AllDiff(a) => {
                let views = self.views(&a.exprs)?;
                let tag = self.tag();
                self.recorded.all_different(tag, &a.exprs);
                self.posted(pumpkin_constraints::all_different(views, tag), enforced);
            }
            Constraint::LinMax(m) => {
                let target = self.view(m.target.as_ref().unwrap_or(&proto::LinearExpressionProto::default()))?;
                let views = self.views(&m.exprs)?;
                let tag = self.tag();
                self.recorded.uncheckable("lin_max");
                self.posted(pumpkin_constraints::maximum(views, target, tag), enforced);
            }
            Constraint::Element(e) => {
                let (Some(index), Some(target)) = (&e.linear_index, &e.linear_target) else {
                    return Err(NotExpressible("an element constraint without its index or target".into()));
                };
                let (index, target) = (self.view(index)?, self.view(target)?);
                let views = self.views(&e.exprs)?;
                let tag = self.tag();
                self.recorded.uncheckable("element");
                self.posted(pumpkin_constraints::element(index, views, target, tag), enforced);
            }
            Constraint::Table(t) => {
                let views = self.views(&t.exprs)?;
                let arity = views.len().max(1);
                let rows = t
                    .values
                    .chunks(arity)
                    .map(|row| row.iter().map(|&v| small(v)).collect::<Result<Vec<i32>, _>>())
                    .collect::<Result<Vec<_>, _>>()?;
                let tag = self.tag();
                self.recorded.uncheckable("tables");
                match t.negated {
                    true => self.posted(pumpkin_constraints::negative_table(views, rows, tag), enforced),
                    false => self.posted(pumpkin_constraints::table(views, rows, tag), enforced),
                }
            }
            Constraint::Circuit(_) => {
                return Err(NotExpressible("masu's Pumpkin model has no circuit constraint".into()));
            }
            Constraint::Automaton(_) => {
                return Err(NotExpressible("masu's Pumpkin model has no automaton (regular) constraint".into()));
            }
        }
        Ok(())
    }

    /// `Σ cᵢxᵢ ∈ domain` (CP-SAT's sorted intervals, `i64::MIN` / `i64::MAX` for an open
    /// side), enforced by `enforced` where given.
    fn linear(
        &mut self,
        vars: &[i32],
        coeffs: &[i64],
        domain: &[i64],
        enforced: Option<Literal>,
    ) -> Result<(), NotExpressible> {
        let side = |v: i64| (v != i64::MIN && v != i64::MAX).then_some(v);
        let intervals: Vec<(Option<i64>, Option<i64>)> = domain.chunks(2).map(|d| (side(d[0]), side(d[1]))).collect();
        match intervals.as_slice() {
            [] => self.never(enforced),
            [(lower, upper)] => self.between(vars, coeffs, *lower, *upper, enforced)?,
            // One value left out (`x ≠ v` within bounds).
            [(lower, Some(below)), (Some(above), upper)] if *above == below + 2 => {
                self.between(vars, coeffs, *lower, *upper, enforced)?;
                let terms = self.terms(vars, coeffs)?;
                let tag = self.tag();
                self.recorded.uncheckable("linear ≠");
                self.posted(pumpkin_constraints::not_equals(terms, small(below + 1)?, tag), enforced);
            }
            _ => {
                // One literal an interval, each implying its sides; one of them holds.
                self.recorded.uncheckable("linear constraints over several intervals");
                let mut within = Vec::new();
                for &(lower, upper) in &intervals {
                    let b = self.fresh_literal();
                    self.between(vars, coeffs, lower, upper, Some(b))?;
                    within.push(b.get_true_predicate());
                }
                if let Some(e) = enforced {
                    within.push((!e).get_true_predicate());
                }
                let tag = self.tag();
                self.solver.add_clause(within, tag);
            }
        }
        Ok(())
    }

    /// `lower ≤ Σ cᵢxᵢ ≤ upper`, each side where given (an equation where they meet).
    fn between(
        &mut self,
        vars: &[i32],
        coeffs: &[i64],
        lower: Option<i64>,
        upper: Option<i64>,
        enforced: Option<Literal>,
    ) -> Result<(), NotExpressible> {
        let terms = self.terms(vars, coeffs)?;
        let listed = listed(vars, coeffs);
        if let (Some(l), Some(u)) = (lower, upper)
            && l == u
        {
            let (rhs, tag) = (small(l)?, self.tag());
            self.recorded.linear(tag, &listed, rhs, true);
            self.posted(pumpkin_constraints::equals(terms, rhs, tag), enforced);
            return Ok(());
        }
        if let Some(u) = upper {
            let (rhs, tag) = (small(u)?, self.tag());
            self.recorded.linear(tag, &listed, rhs, false);
            self.posted(pumpkin_constraints::less_than_or_equals(terms.clone(), rhs, tag), enforced);
        }
        if let Some(l) = lower {
            let (rhs, tag) = (small(-l)?, self.tag());
            let negated: Vec<View> = terms.iter().map(|t| t.scaled(-1)).collect();
            let listed: Vec<(i64, String)> = listed.into_iter().map(|(c, x)| (-c, x)).collect();
            self.recorded.linear(tag, &listed, rhs, false);
            self.posted(pumpkin_constraints::less_than_or_equals(negated, rhs, tag), enforced);
        }
        Ok(())
    }

    /// A constraint that cannot hold: false, or the enforcement literal false.
    fn never(&mut self, enforced: Option<Literal>) {
        let tag = self.tag();
        let clause = match enforced {
            Some(e) => vec![(!e).get_true_predicate()],
            None => vec![],
        };
        self.recorded.uncheckable("a constraint that cannot hold");
        self.solver.add_clause(clause, tag);
    }
}

/// The terms `cᵢ·v<xᵢ>` by name, as the checker reads them.
fn listed(vars: &[i32], coeffs: &[i64]) -> Vec<(i64, String)> {
    coeffs.iter().zip(vars).map(|(&c, &x)| (c, format!("v{x}"))).collect()
}
