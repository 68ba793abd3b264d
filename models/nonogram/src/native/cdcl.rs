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
//! The order encoding of each line's block starts. For a line of cells `v_0..v_{n-1}` with
//! blocks `c_0..c_{k-1}`, block `j` can start from `e_j` (the blocks before it packed left)
//! to `l_j` (the blocks from it packed right):
//!
//! ```text
//! o_jp          block j starts at or before p      (false for p < e_j, true for p ≥ l_j)
//! o_jp ⇒ o_j(p+1)
//! o_(j+1)p ⇒ o_j(p−c_j−1)                           a gap after block j before block j+1
//! v_i ⇔ ∨_j (o_ji ∧ ¬o_j(i−c_j))                    a cell is filled iff a block covers it
//! ```
//!
//! A line without blocks makes its cells empty. The cells the search had decided at its root
//! (line solving and probing) are units; every solution found, by the search before or here,
//! is excluded by a clause over the cells, and CaDiCaL is asked again (incrementally, keeping
//! what it learnt) until the limit is reached or no other solution exists.

use masu_core::{Clock, Error, SolveOptions};
use masu_sat::{Outcome, Sat};

use crate::line::Cell;
use crate::puzzle::{Grid, Nonogram};

/// A literal of the encoding, or a constant where the order encoding fixes one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Lit {
    Const(bool),
    Var(i32),
}

impl std::ops::Not for Lit {
    type Output = Lit;
    fn not(self) -> Lit {
        match self {
            Lit::Const(b) => Lit::Const(!b),
            Lit::Var(v) => Lit::Var(-v),
        }
    }
}

/// The solver with the puzzle's clauses, and the next free variable.
struct Cnf {
    solver: Sat,
    next: i32,
}

impl Cnf {
    fn fresh(&mut self) -> Lit {
        self.next += 1;
        Lit::Var(self.next)
    }

    /// Adds `∨ lits`: dropped when a constant makes it true, constants false left out.
    fn clause(&mut self, lits: &[Lit]) {
        if lits.contains(&Lit::Const(true)) {
            return;
        }
        self.solver.add_clause(lits.iter().filter_map(|&l| match l {
            Lit::Var(v) => Some(v),
            Lit::Const(_) => None,
        }));
    }

    /// The clauses of one line: `cells` are its cell variables, in order.
    fn line(&mut self, clue: &[usize], cells: &[i32]) {
        let n = cells.len() as i64;
        if clue.is_empty() {
            for &v in cells {
                self.clause(&[Lit::Var(-v)]);
            }
            return;
        }
        let k = clue.len();
        let mut early = vec![0; k];
        let mut late = vec![0; k];
        let mut p = 0;
        for (j, &c) in clue.iter().enumerate() {
            early[j] = p;
            p += c as i64 + 1;
        }
        let mut p = n + 1;
        for j in (0..k).rev() {
            late[j] = p - 1 - clue[j] as i64;
            p = late[j];
        }
        // o[j][p - early[j]] for early[j] ≤ p < late[j].
        let o: Vec<Vec<Lit>> = (0..k).map(|j| (early[j]..late[j]).map(|_| self.fresh()).collect()).collect();
        let at = |j: usize, p: i64| {
            if p < early[j] {
                Lit::Const(false)
            } else if p >= late[j] {
                Lit::Const(true)
            } else {
                o[j][(p - early[j]) as usize]
            }
        };
        for j in 0..k {
            for p in early[j]..late[j] {
                self.clause(&[!at(j, p), at(j, p + 1)]);
            }
            if j + 1 < k {
                for p in early[j + 1]..late[j + 1] {
                    self.clause(&[!at(j + 1, p), at(j, p - clue[j] as i64 - 1)]);
                }
            }
        }
        for (i, &v) in cells.iter().enumerate() {
            let i = i as i64;
            let mut covers = Vec::new();
            for (j, &c) in clue.iter().enumerate() {
                let (started, ended) = (at(j, i), at(j, i - c as i64));
                let cover = match (started, ended) {
                    (Lit::Const(false), _) | (_, Lit::Const(true)) => continue,
                    (Lit::Const(true), Lit::Const(false)) => Lit::Const(true),
                    _ => {
                        // cover ⇔ started ∧ ¬ended
                        let cover = self.fresh();
                        self.clause(&[!cover, started]);
                        self.clause(&[!cover, !ended]);
                        self.clause(&[cover, !started, ended]);
                        cover
                    }
                };
                covers.push(cover);
            }
            // v ⇔ ∨ covers
            let v = Lit::Var(v);
            covers.push(!v);
            self.clause(&covers);
            covers.pop();
            for &cover in &covers {
                self.clause(&[!cover, v]);
            }
        }
    }
}

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
    let cell = |r: usize, c: usize| (r * w + c + 1) as i32;
    let stop = clock.clone();
    let mut solver = masu_sat::solver(move || stop.reached());
    if options.export.is_some() {
        solver.record();
    }
    let mut cnf = Cnf { solver, next: (w * h) as i32 };
    for (r, clue) in puzzle.rows().iter().enumerate() {
        cnf.line(clue, &(0..w).map(|c| cell(r, c)).collect::<Vec<_>>());
    }
    for (c, clue) in puzzle.cols().iter().enumerate() {
        cnf.line(clue, &(0..h).map(|r| cell(r, c)).collect::<Vec<_>>());
    }
    for (i, &value) in decided.iter().enumerate() {
        match value {
            Cell::Filled => cnf.clause(&[Lit::Var(i as i32 + 1)]),
            Cell::Empty => cnf.clause(&[Lit::Var(-(i as i32) - 1)]),
            Cell::Unknown => {}
        }
    }
    if let (Some(export), Some(text)) = (&options.export, cnf.solver.dimacs(DIMACS_COMMENT)) {
        export.write("cnf", text.as_bytes())?;
    }
    let exclude = |cnf: &mut Cnf, grid: &Grid| {
        let differs: Vec<i32> =
            (0..w * h).map(|i| if grid[i / w][i % w] { -(i as i32) - 1 } else { i as i32 + 1 }).collect();
        cnf.solver.add_clause(differs);
    };
    for grid in &known {
        exclude(&mut cnf, grid);
    }
    let mut counted = Counted { solutions: known, complete: false, solves: 0 };
    while counted.solutions.len() < limit {
        counted.solves += 1;
        let grid: Grid = match cnf.solver.solve() {
            Outcome::Satisfied(model) => (0..h).map(|r| (0..w).map(|c| model.value(cell(r, c))).collect()).collect(),
            Outcome::Unsatisfiable => {
                counted.complete = true;
                break;
            }
            Outcome::Stopped => break,
            Outcome::Failed(message) => return Err(Error::Backend { backend: masu_core::Backend::Native, message }),
        };
        exclude(&mut cnf, &grid);
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
