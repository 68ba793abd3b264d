//! The constraints of a CP-SAT model posted on Choco, each as one or a few of Choco's own
//! (the translation the module doc states).

use std::ffi::c_int;

use super::library::{Handles, Ptr};
use crate::cpo::NotExpressible;
use crate::proto::{self, Constraint};

/// A value as Choco's 32-bit integer.
pub(super) fn small(value: i64) -> Result<c_int, NotExpressible> {
    c_int::try_from(value).map_err(|_| NotExpressible(format!("the value {value} is past Choco's 32 bits")))
}

fn failed(why: String) -> NotExpressible {
    NotExpressible(why)
}

/// The model being posted: its handles, its variables and their bounds.
pub(super) struct Posting<'a> {
    pub(super) handles: &'a mut Handles,
    pub(super) model: Ptr,
    pub(super) variables: Vec<Ptr>,
    pub(super) bounds: Vec<(i64, i64)>,
}

impl Posting<'_> {
    fn kept(&mut self, handle: Ptr, what: &str) -> Result<Ptr, NotExpressible> {
        self.handles.kept(handle, what).map_err(failed)
    }

    /// A fresh variable over `lower..=upper`.
    pub(super) fn int_var(&mut self, lower: i64, upper: i64) -> Result<Ptr, NotExpressible> {
        let (lower, upper) = (small(lower)?, small(upper)?);
        // SAFETY: a live model handle, on the handles' thread.
        let x = unsafe { (self.handles.api.int_var)(self.handles.thread, self.model, lower, upper) };
        self.kept(x, "variable")
    }

    /// A fresh variable over exactly `values`.
    pub(super) fn int_var_values(&mut self, values: &[i64]) -> Result<Ptr, NotExpressible> {
        let array = self.ints(values)?;
        // SAFETY: a live model and int[] handle.
        let x = unsafe { (self.handles.api.int_var_values)(self.handles.thread, self.model, array) };
        self.kept(x, "variable")
    }

    fn constant(&mut self, value: i64) -> Result<Ptr, NotExpressible> {
        let value = small(value)?;
        // SAFETY: a live model handle.
        let x = unsafe { (self.handles.api.constant)(self.handles.thread, self.model, value) };
        self.kept(x, "constant")
    }

    /// An `int[]` of `values`.
    fn ints(&mut self, values: &[i64]) -> Result<Ptr, NotExpressible> {
        let len = small(values.len() as i64)?;
        // SAFETY: a fresh array of `len`, each index set once below.
        let array = unsafe { (self.handles.api.int_array)(self.handles.thread, len) };
        let array = self.kept(array, "int array")?;
        for (i, &v) in values.iter().enumerate() {
            let v = small(v)?;
            // SAFETY: a live int[] handle and an index inside it.
            unsafe { (self.handles.api.int_array_set)(self.handles.thread, array, v, i as c_int) };
        }
        Ok(array)
    }

    /// An `IntVar[]` of `xs`.
    pub(super) fn vars(&mut self, xs: &[Ptr]) -> Result<Ptr, NotExpressible> {
        let len = small(xs.len() as i64)?;
        // SAFETY: a fresh array of `len`, each index set once below with a live variable.
        let array = unsafe { (self.handles.api.var_array)(self.handles.thread, len) };
        let array = self.kept(array, "variable array")?;
        for (i, &x) in xs.iter().enumerate() {
            // SAFETY: as above.
            unsafe { (self.handles.api.var_array_set)(self.handles.thread, array, x, i as c_int) };
        }
        Ok(array)
    }

    /// An `int[][]` of `rows`.
    pub(super) fn rows(&mut self, rows: &[Vec<i64>]) -> Result<Ptr, NotExpressible> {
        let len = small(rows.len() as i64)?;
        // SAFETY: a fresh array of `len`, each index set once below with a live int[].
        let array = unsafe { (self.handles.api.int_2d_array)(self.handles.thread, len) };
        let array = self.kept(array, "table")?;
        for (i, row) in rows.iter().enumerate() {
            let row = self.ints(row)?;
            // SAFETY: as above.
            unsafe { (self.handles.api.int_2d_array_set)(self.handles.thread, array, row, i as c_int) };
        }
        Ok(array)
    }

    /// `Σ coeffs·xs op constant` over model variables (indices).
    fn scalar(&mut self, vars: &[i32], coeffs: &[i64], op: &str, constant: i64) -> Result<Ptr, NotExpressible> {
        let xs: Vec<Ptr> = vars.iter().map(|&x| self.variables[x as usize]).collect();
        self.scalar_of(&xs, coeffs, op, constant)
    }

    fn scalar_of(&mut self, xs: &[Ptr], coeffs: &[i64], op: &str, constant: i64) -> Result<Ptr, NotExpressible> {
        if xs.is_empty() {
            // Choco takes no empty sum: 0 op constant, decided here.
            let holds = match op {
                "=" => constant == 0,
                "<=" => 0 <= constant,
                _ => 0 >= constant,
            };
            return self.truth(holds);
        }
        let (array, coeffs) = (self.vars(xs)?, self.ints(coeffs)?);
        let (op, constant) = (Handles::text(op), small(constant)?);
        // SAFETY: live model, IntVar[] and int[] handles of one length; a C string operator.
        let c =
            unsafe { (self.handles.api.scalar)(self.handles.thread, self.model, array, coeffs, op.as_ptr(), constant) };
        self.kept(c, "sum")
    }

    /// A constraint that always holds, or never.
    fn truth(&mut self, holds: bool) -> Result<Ptr, NotExpressible> {
        let zero = self.constant(0)?;
        self.arithm(zero, "=", if holds { 0 } else { 1 })
    }

    fn arithm(&mut self, x: Ptr, op: &str, constant: i64) -> Result<Ptr, NotExpressible> {
        let (op, constant) = (Handles::text(op), small(constant)?);
        // SAFETY: live model and variable handles; a C string operator.
        let c = unsafe { (self.handles.api.arithm)(self.handles.thread, self.model, x, op.as_ptr(), constant) };
        self.kept(c, "comparison")
    }

    /// The bounds of `Σ coeffs·vars + offset`.
    fn range(&self, vars: &[i32], coeffs: &[i64], offset: i64) -> (i128, i128) {
        let (mut lower, mut upper) = (offset as i128, offset as i128);
        for (&x, &c) in vars.iter().zip(coeffs) {
            let (l, u) = self.bounds[x as usize];
            let (a, b) = (c as i128 * l as i128, c as i128 * u as i128);
            lower += a.min(b);
            upper += a.max(b);
        }
        (lower, upper)
    }

    /// An expression as one variable: a constant, the variable itself, or a fresh one equal
    /// to the expression.
    pub(super) fn view(&mut self, e: &proto::LinearExpressionProto) -> Result<Ptr, NotExpressible> {
        match (e.vars.as_slice(), e.coeffs.as_slice()) {
            ([], _) => self.constant(e.offset),
            ([x], [1]) if e.offset == 0 => Ok(self.variables[*x as usize]),
            _ => self.sum_var(&e.vars, &e.coeffs, e.offset),
        }
    }

    /// A fresh variable `s = Σ coeffs·vars + offset`, posted.
    fn sum_var(&mut self, vars: &[i32], coeffs: &[i64], offset: i64) -> Result<Ptr, NotExpressible> {
        let (lower, upper) = self.range(vars, coeffs, offset);
        let fits = |v: i128| i64::try_from(v).map_err(|_| failed(format!("a sum reaches {v}, past 32 bits")));
        let s = self.int_var(fits(lower)?, fits(upper)?)?;
        let mut xs: Vec<Ptr> = vars.iter().map(|&x| self.variables[x as usize]).collect();
        xs.push(s);
        let mut cs = coeffs.to_vec();
        cs.push(-1);
        let c = self.scalar_of(&xs, &cs, "=", -offset)?;
        self.post_handle(c);
        Ok(s)
    }

    fn views(&mut self, exprs: &[proto::LinearExpressionProto]) -> Result<Vec<Ptr>, NotExpressible> {
        exprs.iter().map(|e| self.view(e)).collect()
    }

    pub(super) fn post_handle(&mut self, c: Ptr) {
        // SAFETY: a live constraint handle, posted once.
        unsafe { (self.handles.api.post)(self.handles.thread, c) };
    }

    /// Posts `c`, or where `enforcement` holds literals, `e₁ ∧ … ∧ eₙ → c`: `c` reified as
    /// `r`, and the clause `¬e₁ ∨ … ∨ ¬eₙ ∨ r` as a sum.
    fn enforced(&mut self, c: Ptr, enforcement: &[i32]) -> Result<(), NotExpressible> {
        if enforcement.is_empty() {
            self.post_handle(c);
            return Ok(());
        }
        // SAFETY: a live constraint handle, not posted: reified once.
        let r = unsafe { (self.handles.api.reify)(self.handles.thread, c) };
        let r = self.kept(r, "reification")?;
        let negated: Vec<i32> = enforcement.iter().map(|&e| -e - 1).collect();
        let (mut xs, mut coeffs, constant) = self.clause_terms(&negated);
        xs.push(r);
        coeffs.push(1);
        let clause = self.scalar_of(&xs, &coeffs, ">=", 1 - constant)?;
        self.post_handle(clause);
        Ok(())
    }

    /// The literals of a clause as a sum's terms: `l` is `x`, `¬x` is `1 − x`; and the sum of
    /// the constants.
    fn clause_terms(&self, literals: &[i32]) -> (Vec<Ptr>, Vec<i64>, i64) {
        let mut xs = Vec::with_capacity(literals.len() + 1);
        let mut coeffs = Vec::with_capacity(literals.len() + 1);
        let mut constant = 0;
        for &l in literals {
            if l >= 0 {
                xs.push(self.variables[l as usize]);
                coeffs.push(1);
            } else {
                xs.push(self.variables[(-l - 1) as usize]);
                coeffs.push(-1);
                constant += 1;
            }
        }
        (xs, coeffs, constant)
    }

    /// `Σ literals op bound`, the sum of literals as `clause_terms` writes it.
    fn literal_sum(&mut self, literals: &[i32], op: &str, bound: i64) -> Result<Ptr, NotExpressible> {
        let (xs, coeffs, constant) = self.clause_terms(literals);
        self.scalar_of(&xs, &coeffs, op, bound - constant)
    }

    /// Posts one constraint of the model, enforced by the conjunction of `enforcement`.
    pub(super) fn post(&mut self, body: &Constraint, enforcement: &[i32]) -> Result<(), NotExpressible> {
        let c = match body {
            Constraint::BoolOr(b) => self.literal_sum(&b.literals, ">=", 1)?,
            Constraint::BoolAnd(b) => self.literal_sum(&b.literals, ">=", b.literals.len() as i64)?,
            Constraint::AtMostOne(b) => self.literal_sum(&b.literals, "<=", 1)?,
            Constraint::ExactlyOne(b) => self.literal_sum(&b.literals, "=", 1)?,
            Constraint::Linear(l) => return self.linear(l, enforcement),
            Constraint::AllDiff(a) => {
                let xs = self.views(&a.exprs)?;
                let array = self.vars(&xs)?;
                let how = Handles::text("DEFAULT");
                // SAFETY: live model and IntVar[] handles; a C string consistency.
                let c =
                    unsafe { (self.handles.api.all_different)(self.handles.thread, self.model, array, how.as_ptr()) };
                self.kept(c, "all_different")?
            }
            Constraint::LinMax(m) => {
                let target = self.view(m.target.as_ref().unwrap_or(&proto::LinearExpressionProto::default()))?;
                let xs = self.views(&m.exprs)?;
                let array = self.vars(&xs)?;
                // SAFETY: live model, variable and IntVar[] handles.
                let c = unsafe { (self.handles.api.maximum)(self.handles.thread, self.model, target, array) };
                self.kept(c, "max")?
            }
            Constraint::Element(e) => {
                let (Some(index), Some(target)) = (&e.linear_index, &e.linear_target) else {
                    return Err(failed("an element constraint without its index or target".into()));
                };
                let (index, target) = (self.view(index)?, self.view(target)?);
                let xs = self.views(&e.exprs)?;
                let array = self.vars(&xs)?;
                // SAFETY: live model, variable and IntVar[] handles; the index counts from 0.
                let c = unsafe { (self.handles.api.element)(self.handles.thread, self.model, target, array, index, 0) };
                self.kept(c, "element")?
            }
            Constraint::Table(t) => {
                let xs = self.views(&t.exprs)?;
                let arity = xs.len().max(1);
                let rows: Vec<Vec<i64>> = t.values.chunks(arity).map(<[i64]>::to_vec).collect();
                self.table(&xs, &rows, !t.negated)?
            }
            Constraint::BoolXor(_) => return Err(failed("masu's Choco model has no bool_xor".into())),
            Constraint::Circuit(_) => return Err(failed("masu's Choco model has no circuit constraint".into())),
            Constraint::Automaton(_) => {
                return Err(failed("masu's Choco model has no automaton (regular) constraint".into()));
            }
        };
        self.enforced(c, enforcement)
    }

    /// A table over `xs`: the allowed rows (`allowed`) or the forbidden ones.
    pub(super) fn table(&mut self, xs: &[Ptr], rows: &[Vec<i64>], allowed: bool) -> Result<Ptr, NotExpressible> {
        if rows.is_empty() {
            // No allowed row: never; no forbidden row: always.
            return self.truth(!allowed);
        }
        let (array, tuples) = (self.vars(xs)?, self.rows(rows)?);
        let algorithm = Handles::text(if allowed { "CT+" } else { "GAC3rm" });
        // SAFETY: live model, IntVar[] and int[][] handles (rows of the variables' arity); a
        // C string algorithm.
        let c = unsafe {
            (self.handles.api.table)(self.handles.thread, self.model, array, tuples, allowed, algorithm.as_ptr())
        };
        self.kept(c, "table")
    }

    /// `Σ coeffs·vars ∈ domain` (sorted disjoint intervals), enforced: the bounds as sums,
    /// each hole between two intervals as a `not_member` of one variable equal to the sum.
    fn linear(&mut self, l: &proto::LinearConstraintProto, enforcement: &[i32]) -> Result<(), NotExpressible> {
        let (min, max) = self.range(&l.vars, &l.coeffs, 0);
        let intervals: Vec<(i64, i64)> = l.domain.chunks(2).map(|d| (d[0], d[1])).collect();
        let mut pieces = Vec::new();
        match intervals.as_slice() {
            [] => pieces.push(self.truth(false)?),
            [(lower, upper)] if lower == upper && !l.vars.is_empty() => {
                pieces.push(self.scalar(&l.vars, &l.coeffs, "=", *lower)?);
            }
            _ => {
                let (lower, upper) = (intervals[0].0, intervals[intervals.len() - 1].1);
                let holes: Vec<(i64, i64)> = intervals
                    .windows(2)
                    .map(|w| (w[0].1 + 1, w[1].0 - 1))
                    .filter(|&(a, b)| (b as i128) >= min && (a as i128) <= max)
                    .collect();
                if holes.is_empty() {
                    if lower as i128 > min {
                        pieces.push(self.scalar(&l.vars, &l.coeffs, ">=", lower)?);
                    }
                    if (upper as i128) < max {
                        pieces.push(self.scalar(&l.vars, &l.coeffs, "<=", upper)?);
                    }
                } else {
                    let s = match (l.vars.as_slice(), l.coeffs.as_slice()) {
                        ([x], [1]) => self.variables[*x as usize],
                        _ => self.sum_var(&l.vars, &l.coeffs, 0)?,
                    };
                    if lower as i128 > min {
                        pieces.push(self.arithm(s, ">=", lower)?);
                    }
                    if (upper as i128) < max {
                        pieces.push(self.arithm(s, "<=", upper)?);
                    }
                    for (a, b) in holes {
                        let (a, b) = (a.max(min as i64), b.min(max as i64));
                        let (a, b) = (small(a)?, small(b)?);
                        // SAFETY: live model and variable handles.
                        let c = unsafe { (self.handles.api.not_member)(self.handles.thread, self.model, s, a, b) };
                        pieces.push(self.kept(c, "not_member")?);
                    }
                }
            }
        }
        for c in pieces {
            self.enforced(c, enforcement)?;
        }
        Ok(())
    }
}
