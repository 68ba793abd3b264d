//! CaDiCaL for the clause-learning stages of the native solvers (nonogram and numberlink),
//! compiled into masu from the `cadical` crate's bundled source: no backend to install.
//! Only the model crates with such a stage depend on it.
//!
//! [`Sat`] is the solver they use: CaDiCaL, stopped by a callback, which can also keep the
//! clauses it is given to write them as DIMACS (`--export`).

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

    /// `Some(true)`: satisfiable (read the model with [`Sat::value`]); `Some(false)`:
    /// unsatisfiable; `None`: stopped.
    pub fn solve(&mut self) -> Option<bool> {
        self.solver.solve()
    }

    /// The value of `lit` in the model found.
    pub fn value(&self, lit: i32) -> Option<bool> {
        self.solver.value(lit)
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
        assert_eq!(sat.solve(), Some(true));
        assert_eq!((sat.value(1), sat.value(2), sat.value(3)), (Some(false), Some(true), Some(true)));
    }
}
