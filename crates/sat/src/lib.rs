//! CaDiCaL for the clause-learning stages of the native solvers (nonogram and numberlink),
//! compiled into masu from the `cadical` crate's bundled source: no backend to install.
//! Only the model crates with such a stage depend on it.
//!
//! [`Sat`] is the solver they use: CaDiCaL, stopped by a callback, which can also keep the
//! clauses it is given to write them as DIMACS (`--export`).
//!
//! CaDiCaL aborts the process when a value is read outside its satisfied state (after a
//! stop, after an unsatisfiable answer, or once a clause was added since the last solve).
//! Here a value can only be read from the [`Model`] a satisfiable [`Sat::solve`] returns,
//! and that model borrows the solver: no clause can be added while it is alive, so the
//! state it reads is always the satisfied one. Literals are never 0 or `i32::MIN` (the
//! callers number their variables from 1).

use cadical::Solver as Cadical;

/// CaDiCaL's callbacks: its search polls `stop` and ends, with what it has, once it says so
/// (at a deadline, on an interrupt).
struct Terminate(Box<dyn FnMut() -> bool + Send>);

impl cadical::Callbacks for Terminate {
    fn terminate(&mut self) -> bool {
        (self.0)()
    }
}

/// A CaDiCaL solver, and the clauses given to it when recording.
pub struct Sat {
    solver: Cadical<Terminate>,
    recorded: Option<Vec<Vec<i32>>>,
    variables: i32,
}

impl std::fmt::Debug for Sat {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Sat({} variables)", self.variables)
    }
}

/// What [`Sat::solve`] ended with.
#[derive(Debug)]
pub enum Outcome<'a> {
    /// The clauses are satisfiable: the model found.
    Satisfied(Model<'a>),
    /// They are not.
    Unsatisfiable,
    /// The stop callback ended the search first.
    Stopped,
}

/// The model of a satisfiable solve. It borrows the solver, so it can be read only while the
/// solver stays in the satisfied state: no clause is added and no solve runs meanwhile.
pub struct Model<'a> {
    solver: &'a Cadical<Terminate>,
}

impl std::fmt::Debug for Model<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Model")
    }
}

impl Model<'_> {
    /// Whether `lit` is true in the model (a literal that no clause mentions is false).
    pub fn value(&self, lit: i32) -> bool {
        debug_assert!(lit != 0 && lit != i32::MIN, "literal {lit}");
        self.solver.value(lit) == Some(true)
    }
}

/// A CaDiCaL solver with its options for satisfiable instances (on the TAAI/TCGA puzzles
/// whose search hands over, faster than its defaults), stopping once `stop` returns true.
pub fn solver(stop: impl FnMut() -> bool + Send + 'static) -> Sat {
    let mut solver = Cadical::with_config("sat").unwrap_or_else(|_| Cadical::new());
    solver.set_callbacks(Some(Terminate(Box::new(stop))));
    Sat { solver, recorded: None, variables: 0 }
}

impl Sat {
    /// Keeps every clause added from now on, for [`Sat::dimacs`].
    pub fn record(&mut self) {
        self.recorded.get_or_insert_with(Vec::new);
    }

    /// Adds the clause `∨ lits` (DIMACS literals: ±variable, variables from 1).
    pub fn add_clause(&mut self, lits: impl IntoIterator<Item = i32>) {
        match &mut self.recorded {
            Some(clauses) => {
                let clause: Vec<i32> = lits.into_iter().collect();
                self.variables = clause.iter().fold(self.variables, |m, l| m.max(l.abs()));
                self.solver.add_clause(clause.iter().copied());
                clauses.push(clause);
            }
            None => self.solver.add_clause(lits),
        }
    }

    /// Solves the clauses added so far: a model to read, unsatisfiable, or stopped (by the
    /// callback, at a deadline or an interrupt).
    pub fn solve(&mut self) -> Outcome<'_> {
        match self.solver.solve() {
            Some(true) => Outcome::Satisfied(Model { solver: &self.solver }),
            Some(false) => Outcome::Unsatisfiable,
            None => Outcome::Stopped,
        }
    }

    /// The recorded clauses in DIMACS CNF, with `comment` lines first (`None` unless
    /// recording).
    pub fn dimacs(&self, comment: &str) -> Option<String> {
        let clauses = self.recorded.as_ref()?;
        let mut out = String::new();
        for line in comment.lines() {
            out.push_str(&format!("c {line}\n"));
        }
        out.push_str(&format!("p cnf {} {}\n", self.variables, clauses.len()));
        for clause in clauses {
            for lit in clause {
                out.push_str(&format!("{lit} "));
            }
            out.push_str("0\n");
        }
        Some(out)
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn recorded_clauses_are_written_as_dimacs() {
        let mut sat = super::solver(|| false);
        sat.add_clause([1, 2]);
        assert_eq!(sat.dimacs(""), None);
        sat.record();
        sat.add_clause([-1]);
        sat.add_clause([3, -2]);
        assert_eq!(sat.dimacs("test").unwrap(), "c test\np cnf 3 2\n-1 0\n3 -2 0\n");
        let super::Outcome::Satisfied(model) = sat.solve() else { panic!("satisfiable") };
        assert_eq!((model.value(1), model.value(2), model.value(3)), (false, true, true));
    }

    /// A solve that is stopped, or unsatisfiable, gives no model to read; a solve after new
    /// clauses gives a fresh one (CaDiCaL would abort on a read in any other state).
    #[test]
    fn values_come_only_from_a_satisfied_solve() {
        let mut sat = super::solver(|| true);
        for i in 1..200 {
            sat.add_clause([i, i + 1, -(i + 2)]);
        }
        // Stopped at once, or settled before the callback was asked: never a read outside.
        match sat.solve() {
            super::Outcome::Satisfied(model) => assert!((1..200).any(|i| model.value(i) || !model.value(i + 2))),
            super::Outcome::Stopped => {}
            super::Outcome::Unsatisfiable => panic!("satisfiable"),
        }
        let mut sat = super::solver(|| false);
        sat.add_clause([1]);
        let super::Outcome::Satisfied(model) = sat.solve() else { panic!("satisfiable") };
        assert!(model.value(1));
        sat.add_clause([-1]);
        assert!(matches!(sat.solve(), super::Outcome::Unsatisfiable));
        sat.add_clause([2]);
        assert!(matches!(sat.solve(), super::Outcome::Unsatisfiable));
    }
}
