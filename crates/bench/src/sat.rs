//! The SAT family beside CPMpy's PySAT: each kind's `cnf` formulation (the clauses
//! `--certify` states) on every SAT backend compiled in, over the sets of the CP comparison
//! (`cp.rs`), and the kinds' CP models as CPMpy (`scripts/cpmpy_models.py`) encodes them for
//! PySAT's solvers, in the same run. Uniqueness (up to two solutions), one thread, 10 s a
//! puzzle; the statuses that settled are cross-checked between all runners.

use std::path::Path;

use anyhow::Result;
use masu_core::Backend;
use masu_kinds::{nonogram, numberlink, sudoku};

use super::command;
use super::cp::{LIMIT, Models, PACKAGES, compared};

/// PySAT's solvers through CPMpy that take a time limit (PySAT's CaDiCaL and Kissat have no
/// interrupt, and CPMpy refuses a time limit on them).
const PYSAT: &[&str] = &["pysat:minisat22", "pysat:glucose42"];

pub(crate) fn run(data: &Path) -> Result<()> {
    let models = Models {
        sudoku: (sudoku::Formulation::Cnf, "cnf; CPMpy: all-different"),
        nonogram: (nonogram::Formulation::Cnf, "cnf"),
        numberlink: (numberlink::Formulation::Cnf, "cnf"),
    };
    // CPMpy's encoding of the nonogram's and the numberlink's CP models for PySAT is not
    // bounded by the time limit (its run over the 20 janko nonograms had not ended after 5
    // minutes, at 1.1 GB): those sets have masu's rows alone.
    compared(data, "sat", (&Backend::SAT, [PYSAT, &[], &[]]), models, |machine, cross, table| {
        format!(
            "## SAT: masu's backends beside CPMpy's PySAT\n\nMachine: {machine}. Command: {}, release profile, masu built with \
             `--features sat-solvers`; CPMpy's rows in the venv `.cpmpy/` of `just bench cp` ({}).\n\nEach kind's `cnf` \
             formulation (the clauses `--certify` states, counted by blocking clauses) on every SAT backend compiled in, \
             and on the sudokus the CP model (`all-different`) as CPMpy encodes it for PySAT's MiniSat 2.2 and Glucose 4.2 \
             (PySAT's CaDiCaL and Kissat take no time limit; CPMpy's encoding of the nonogram and numberlink models for PySAT \
             is not bounded by it: its run over the 20 nonograms had not ended after 5 minutes, at 1.1 GB, so those sets have \
             masu's rows alone): uniqueness (up to two solutions), one thread, {LIMIT} s a puzzle, wall time inside \
             its process, building the model included; a puzzle not settled counts at the limit in the median and the \
             shifted geometric mean (sgm, shift 10 ms). {cross}\n\n{table}",
            command("sat", "sat"),
            PACKAGES.join(", ")
        )
    })
}
