//! A mixed-integer linear model in matrix form ([`Model`]), its MPS text ([`Model::to_mps`]),
//! and the solvers that take it in that form: HiGHS over its C API, from the library
//! `scripts/build-highs` compiles (feature `highs`), CBC and SCIP over the C APIs of the
//! libraries the OR-Tools wheel ships (features `cbc`, `scip`), CPLEX and Xpress over their
//! own (features `cplex`, `xpress`: the library of the vendor's PyPI wheel or of an
//! installation), Gurobi through its Python package in a child process (feature `gurobi`),
//! and microlp, in pure Rust (feature `microlp`). The only `unsafe` of this crate is in
//! [`highs`], [`cbc`], [`scip`], `cplex`, `xpress` and `dylib`; the libraries are opened, and
//! the programs run, by `masu_native`, below every family.
//!
//! Each solver is one module with the same three functions: `solve` (one solve of a model,
//! within [`Settings`]), `check_parameters` (raw `--param` names and values, refused before
//! any solve) and `version`. Counting by no-good cuts is the caller's (masu-core's MILP
//! glue): a solve here finds one optimal or feasible point, or proves there is none. The
//! solvers that enumerate themselves (CPLEX, Gurobi) have a fourth, `pool`: up to `n` points
//! in one solve ([`Several`]), which the glue uses in place of a solve per point.
//!
//! ```
//! use masu_milp::{Column, Model, Row};
//! let mut model = Model::default();
//! let x = model.add_column(Column::binary("x"));
//! let y = model.add_column(Column::binary("y"));
//! model.rows.push(Row { name: "one".into(), lower: 1.0, upper: 1.0, terms: vec![(x, 1.0), (y, 1.0)] });
//! let mps = model.to_mps("pick");
//! assert!(mps.contains("    x one 1\n") && mps.contains("RHS one 1\n"));
//! ```

// The MILP conformance suite's macros, invoked from each solver's own file: first, so that
// every module below sees them.
#[macro_use]
mod conformance;
#[cfg(feature = "cbc")]
pub mod cbc;
#[cfg(feature = "cplex")]
pub mod cplex;
#[cfg(opens_library)]
mod dylib;
#[cfg(feature = "gurobi")]
pub mod gurobi;
#[cfg(feature = "highs")]
pub mod highs;
#[cfg(feature = "microlp")]
pub mod microlp;
mod mps;
#[cfg(feature = "scip")]
pub mod scip;
#[cfg(feature = "xpress")]
pub mod xpress;

/// A variable: bounds, integrality, objective coefficient (minimised).
#[derive(Clone, Debug, PartialEq)]
pub struct Column {
    /// Its name in exported files (unique in the model, no spaces).
    pub name: String,
    /// Lower bound (may be `-inf`).
    pub lower: f64,
    /// Upper bound (may be `inf`).
    pub upper: f64,
    /// Whether it takes integer values.
    pub integer: bool,
    /// Its coefficient in the objective, minimised.
    pub objective: f64,
}

impl Column {
    /// A 0/1 variable with no objective.
    pub fn binary(name: &str) -> Column {
        Column { name: name.into(), lower: 0.0, upper: 1.0, integer: true, objective: 0.0 }
    }
}

/// A linear constraint `lower ≤ Σ coefficient · column ≤ upper` (either side may be infinite).
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    /// Its name in exported files (unique in the model, no spaces).
    pub name: String,
    /// Lower side.
    pub lower: f64,
    /// Upper side.
    pub upper: f64,
    /// The nonzero coefficients, by column index, each column at most once.
    pub terms: Vec<(usize, f64)>,
}

/// A MILP: columns, rows, the objective in the columns.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Model {
    /// The variables.
    pub columns: Vec<Column>,
    /// The constraints.
    pub rows: Vec<Row>,
}

impl Model {
    /// Adds a column; its index.
    pub fn add_column(&mut self, column: Column) -> usize {
        self.columns.push(column);
        self.columns.len() - 1
    }

    /// The model in free MPS format, readable by HiGHS, CBC, SCIP and OR-Tools.
    pub fn to_mps(&self, name: &str) -> String {
        mps::write(self, name)
    }

    /// The matrix column by column (compressed sparse columns): starts (one per column and
    /// one past the end), row indices, values.
    pub fn by_columns(&self) -> (Vec<usize>, Vec<usize>, Vec<f64>) {
        let mut counts = vec![0usize; self.columns.len() + 1];
        for row in &self.rows {
            for &(column, _) in &row.terms {
                counts[column + 1] += 1;
            }
        }
        for i in 1..counts.len() {
            counts[i] += counts[i - 1];
        }
        let starts = counts.clone();
        let mut next = counts;
        let nonzeros = *starts.last().unwrap_or(&0);
        let (mut indices, mut values) = (vec![0; nonzeros], vec![0.0; nonzeros]);
        for (r, row) in self.rows.iter().enumerate() {
            for &(column, value) in &row.terms {
                indices[next[column]] = r;
                values[next[column]] = value;
                next[column] += 1;
            }
        }
        (starts, indices, values)
    }
}

/// What one solve found.
#[derive(Clone, Debug, PartialEq)]
pub enum Outcome {
    /// A point satisfying every row, integral where asked; `optimal` when proven so.
    Solved {
        /// The value of every column.
        values: Vec<f64>,
        /// Proven optimal (for a model without objective: any point).
        optimal: bool,
    },
    /// Proven to have no point.
    Infeasible,
    /// Stopped (time limit, interrupt) before a point or a proof.
    Unknown,
}

/// What one solve for several solutions found (a solver's own pool: Gurobi's systematic
/// search, `PoolSearchMode` 2; CPLEX's `populate` at intensity 4).
#[derive(Clone, Debug, PartialEq)]
pub enum Several {
    /// Points satisfying every row, pairwise different in their integer columns; `all` when
    /// the solver enumerated every one (fewer than asked for, search finished).
    Solved {
        /// The value of every column, one vector per point.
        points: Vec<Vec<f64>>,
        /// Every point of the model is among them.
        all: bool,
    },
    /// Proven to have no point.
    Infeasible,
    /// Stopped (time limit, interrupt) before a point or a proof.
    Unknown,
}

// What a solve is given and what can go wrong: one type each for every solver family.
pub use masu_native::{Error, Settings};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_are_read_back_in_order() {
        let model = conformance::two_of_three();
        assert_eq!(model.by_columns(), (vec![0, 1, 2, 3], vec![0, 0, 0], vec![1.0, 1.0, 1.0]));
    }
}
