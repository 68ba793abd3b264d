//! The CDCL stage of the [native](crate::native) solver: the puzzle as CNF, searched with
//! clause learning by CaDiCaL (compiled into masu from the `cadical` crate: no backend to
//! install).
//!
//! The depth-first search hands over to this stage when it exceeds its budget of probes.
//! Depth-first search with probing repeats the same failures in different subtrees; a
//! conflict-driven search learns a clause from each and never repeats it (on the survey's
//! giants Thing and Gettys, the difference between no answer in 60 s and a count;
//! `docs/hard-instances.md`).
//!
//! The puzzle's clauses are [`crate::cnf`]'s (the order encoding of each line's block
//! starts), the clauses a certified verdict refutes. The cells the search had decided at its
//! root (line solving and probing) are units; every solution found, by the search before or
//! here, is excluded by a clause over the cells, and CaDiCaL is asked again (incrementally,
//! keeping what it learnt) until the limit is reached or no other solution exists.

use masu_core::{Clock, Error, SolveOptions};
use masu_sat::Outcome;

use crate::cnf::{cell, cnf, excluding};
use crate::line::Cell;
use crate::puzzle::{Grid, Nonogram};

/// What the CDCL stage found.
pub(crate) struct Counted {
    /// The solutions, those given first.
    pub solutions: Vec<Grid>,
    /// No other solution exists.
    pub complete: bool,
    /// Calls to CaDiCaL.
    pub solves: usize,
}

/// The first lines of an exported CNF: what its variables mean.
const DIMACS_COMMENT: &str = "masu nonogram, native solver's clause-learning stage: variable r*width + c + 1 is\n\
    cell (r, c) filled (0-based); the others are the order encoding's. The cells decided before\n\
    the stage are unit clauses: every model is a solution of the puzzle, and every solution a model.";

/// Counts the solutions of `puzzle` up to `limit`, given the cells decided at the search's
/// root (`decided`, row-major) and the solutions it found (`known`, all consistent with
/// `decided`), until `clock` says stop; with `options.export`, its
/// clauses are written as DIMACS before the first solve.
pub(crate) fn count(
    puzzle: &Nonogram,
    decided: &[Cell],
    known: Vec<Grid>,
    limit: usize,
    clock: &Clock,
    options: &SolveOptions,
) -> Result<Counted, Error> {
    let (w, h) = (puzzle.width(), puzzle.height());
    let cell = |r: usize, c: usize| cell(w, r, c);
    let stop = clock.clone();
    let mut solver = masu_sat::solver(move || stop.reached());
    if options.export.is_some() {
        solver.record();
    }
    cnf(puzzle, &[]).clauses().iter().for_each(|clause| solver.add_clause(clause.iter().copied()));
    for (i, &value) in decided.iter().enumerate() {
        match value {
            Cell::Filled => solver.add_clause([i as i32 + 1]),
            Cell::Empty => solver.add_clause([-(i as i32) - 1]),
            Cell::Unknown => {}
        }
    }
    if let (Some(export), Some(text)) = (&options.export, solver.dimacs(DIMACS_COMMENT)) {
        export.write("cnf", text.as_bytes())?;
    }
    for grid in &known {
        solver.add_clause(excluding(grid));
    }
    let mut counted = Counted { solutions: known, complete: false, solves: 0 };
    while counted.solutions.len() < limit {
        counted.solves += 1;
        let grid: Grid = match solver.solve() {
            Outcome::Satisfied(model) => (0..h).map(|r| (0..w).map(|c| model.value(cell(r, c))).collect()).collect(),
            Outcome::Unsatisfiable => {
                counted.complete = true;
                break;
            }
            Outcome::Stopped => break,
            Outcome::Failed(message) => return Err(Error::Backend { backend: masu_core::Backend::Native, message }),
        };
        solver.add_clause(excluding(&grid));
        counted.solutions.push(grid);
    }
    Ok(counted)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::check::{check, clues_of};

    /// On random pictures (most with several solutions), the CDCL stage alone counts what
    /// enumerating every grid counts, and every solution passes the checker.
    #[test]
    fn counts_random_pictures_exactly() {
        let mut random = crate::line::tests::xorshift(7);
        for _ in 0..60 {
            let (w, h) = (random() as usize % 4 + 1, random() as usize % 4 + 1);
            let grid: Grid = (0..h).map(|_| (0..w).map(|_| !random().is_multiple_of(3)).collect()).collect();
            let (rows, cols) = clues_of(&grid);
            let puzzle = Nonogram::new(rows, cols).unwrap();
            let brute = (0..1u32 << (w * h))
                .filter(|bits| {
                    let g: Grid = (0..h).map(|r| (0..w).map(|c| bits >> (r * w + c) & 1 == 1).collect()).collect();
                    check(&puzzle, &g).is_ok()
                })
                .count();
            let found = count(
                &puzzle,
                &vec![Cell::Unknown; w * h],
                Vec::new(),
                1000,
                &SolveOptions::default().clock(),
                &SolveOptions::default(),
            )
            .unwrap();
            assert!(found.complete);
            assert_eq!(found.solutions.len(), brute, "{puzzle:?}");
            for g in &found.solutions {
                check(&puzzle, g).unwrap();
            }
            assert!(found.solutions.contains(&grid));
        }
    }

    /// Decided cells and known solutions narrow the count: a 4×4 permutation puzzle has 24
    /// solutions; with one known and a cell fixed, the rest are counted once each.
    #[test]
    fn units_and_known_solutions_are_respected() {
        let identity: Grid = (0..4).map(|r| (0..4).map(|c| r == c).collect()).collect();
        let (rows, cols) = clues_of(&identity);
        let puzzle = Nonogram::new(rows, cols).unwrap();
        let mut decided = vec![Cell::Unknown; 16];
        decided[0] = Cell::Filled; // (0, 0) filled: the 6 permutations fixing 0
        let found = count(
            &puzzle,
            &decided,
            vec![identity.clone()],
            100,
            &SolveOptions::default().clock(),
            &SolveOptions::default(),
        )
        .unwrap();
        assert!(found.complete);
        assert_eq!(found.solutions.len(), 6);
        assert_eq!(found.solutions[0], identity);
        let stopped =
            count(&puzzle, &decided, Vec::new(), 4, &SolveOptions::default().clock(), &SolveOptions::default())
                .unwrap();
        assert_eq!((stopped.solutions.len(), stopped.complete), (4, false));
    }
}
