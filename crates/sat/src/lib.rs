//! CaDiCaL for the clause-learning stages of the native solvers (nonogram and numberlink),
//! compiled into masu from the `cadical` crate's bundled source: no backend to install.
//! Only the model crates with such a stage depend on it.

pub use cadical::Solver as Cadical;

/// CaDiCaL's callbacks: its search polls `stop` and ends, with what it has, once it says so
/// (at a deadline, on an interrupt).
pub struct Terminate(Box<dyn FnMut() -> bool + Send>);

impl std::fmt::Debug for Terminate {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Terminate")
    }
}

impl cadical::Callbacks for Terminate {
    fn terminate(&mut self) -> bool {
        (self.0)()
    }
}

/// A CaDiCaL solver with its options for satisfiable instances (on the TAAI/TCGA puzzles
/// whose search hands over, faster than its defaults), stopping once `stop` returns true.
pub fn solver(stop: impl FnMut() -> bool + Send + 'static) -> Cadical<Terminate> {
    let mut solver = Cadical::with_config("sat").unwrap_or_else(|_| Cadical::new());
    solver.set_callbacks(Some(Terminate(Box::new(stop))));
    solver
}
