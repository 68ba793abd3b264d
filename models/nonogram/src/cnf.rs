//! The nonogram as clauses: the order encoding of each line's block starts, shared by the
//! native solver's clause-learning stage ([`crate::native`]) and certified verdicts
//! (`--certify`, [`masu_core::certify`]), and run on a SAT backend by the `cnf` formulation
//! ([`solve`], [`masu_core::sat`]: the cells fix a model).
//!
//! Variable `r·width + c + 1` is cell `(r, c)` filled (0-based); the others are the
//! encoding's. For a line of cells `v_0..v_{n-1}` with blocks `c_0..c_{k-1}`, block `j` can
//! start from `e_j` (the blocks before it packed left) to `l_j` (the blocks from it packed
//! right):
//!
//! ```text
//! o_jp          block j starts at or before p      (false for p < e_j, true for p ≥ l_j)
//! o_jp ⇒ o_j(p+1)
//! o_(j+1)p ⇒ o_j(p−c_j−1)                           a gap after block j before block j+1
//! v_i ⇔ ∨_j (o_ji ∧ ¬o_j(i−c_j))                    a cell is filled iff a block covers it
//! ```
//!
//! A line without blocks makes its cells empty. Each solution excluded is the clause
//! `∨_{r,c} (v_rc ≠ solution[r][c])`.
//!
//! Invariant: the cells of the models are exactly the puzzle's solutions not excluded, and
//! the other variables follow from the cells (the starts are where the blocks are), so each
//! solution is one model (`tests::models_are_the_solutions`, against every grid of small
//! boards).

use masu_core::certify::Cnf;

use masu_core::{Backend, Error, SolveOptions};

use crate::puzzle::{Found, Grid, Nonogram};

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

/// The clauses with constants folded: dropped when one is true, the false ones left out.
struct Clauses(Cnf);

impl Clauses {
    fn fresh(&mut self) -> Lit {
        Lit::Var(self.0.variable())
    }

    fn clause(&mut self, lits: &[Lit]) {
        if lits.contains(&Lit::Const(true)) {
            return;
        }
        self.0.clause(lits.iter().filter_map(|&l| match l {
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

/// The variable of cell `(r, c)` of a puzzle `width` wide.
pub fn cell(width: usize, r: usize, c: usize) -> i32 {
    (r * width + c + 1) as i32
}

/// The clause excluding `grid`: some cell differs from it.
pub fn excluding(grid: &Grid) -> Vec<i32> {
    let width = grid.first().map_or(0, Vec::len);
    let mut clause = Vec::with_capacity(width * grid.len());
    for (r, row) in grid.iter().enumerate() {
        for (c, &filled) in row.iter().enumerate() {
            clause.push(if filled { -cell(width, r, c) } else { cell(width, r, c) });
        }
    }
    clause
}

/// `puzzle`'s clauses, with each of `solutions` excluded (the module doc).
pub fn cnf(puzzle: &Nonogram, solutions: &[Grid]) -> Cnf {
    let (w, h) = (puzzle.width(), puzzle.height());
    let mut clauses = Clauses(Cnf::new());
    for _ in 0..w * h {
        clauses.0.variable();
    }
    for (r, clue) in puzzle.rows().iter().enumerate() {
        clauses.line(clue, &(0..w).map(|c| cell(w, r, c)).collect::<Vec<_>>());
    }
    for (c, clue) in puzzle.cols().iter().enumerate() {
        clauses.line(clue, &(0..h).map(|r| cell(w, r, c)).collect::<Vec<_>>());
    }
    let mut cnf = clauses.0;
    for solution in solutions {
        cnf.clause(excluding(solution));
    }
    cnf
}

/// The `cnf` formulation: the clauses on the SAT `backend`, each model read as its cells.
pub fn solve(puzzle: &Nonogram, backend: Backend, options: &SolveOptions) -> Result<Found, Error> {
    let (w, h) = (puzzle.width(), puzzle.height());
    let found = masu_core::sat::solve(puzzle, (w * h) as i32, backend, options)?;
    Ok(found.map(|model| (0..h).map(|r| (0..w).map(|c| model[cell(w, r, c) as usize - 1]).collect()).collect()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::check::{check, clues_of};

    /// Every grid of `w`×`h` cells.
    fn grids(w: usize, h: usize) -> impl Iterator<Item = Grid> {
        (0..1u32 << (w * h))
            .map(move |bits| (0..h).map(|r| (0..w).map(|c| bits >> (r * w + c) & 1 == 1).collect()).collect())
    }

    /// Every model of `cnf` (a puzzle `w`×`h`), enumerated by CaDiCaL with a clause
    /// excluding each whole model (every variable, so two models with the same cells come
    /// out twice): their cells.
    fn models(cnf: &Cnf, w: usize, h: usize) -> Vec<Grid> {
        let mut sat = masu_sat::solver(|| false);
        cnf.clauses().iter().for_each(|clause| sat.add_clause(clause.iter().copied()));
        let mut found = Vec::new();
        loop {
            let (grid, whole): (Grid, Vec<i32>) = match sat.solve() {
                masu_sat::Outcome::Satisfied(model) => (
                    (0..h).map(|r| (0..w).map(|c| model.value(cell(w, r, c))).collect()).collect(),
                    (1..=cnf.variables()).map(|v| if model.value(v) { -v } else { v }).collect(),
                ),
                masu_sat::Outcome::Unsatisfiable => return found,
                other => panic!("{other:?}"),
            };
            assert!(found.len() <= 1 << (w * h), "more models than grids");
            sat.add_clause(whole);
            found.push(grid);
        }
    }

    /// On random pictures (most with several solutions) and on rows of one picture with
    /// the columns of another (some with no solution), the models' cells are exactly the
    /// grids the checker passes, each once, with none, some or all of them excluded.
    #[test]
    fn models_are_the_solutions() {
        let mut random = crate::line::tests::xorshift(11);
        let mut seen = [0; 3];
        for _ in 0..80 {
            let (w, h) = (random() as usize % 4 + 1, random() as usize % 4 + 1);
            let mut picture =
                || -> Grid { (0..h).map(|_| (0..w).map(|_| !random().is_multiple_of(3)).collect()).collect() };
            let (a, b) = (picture(), picture());
            let (rows, _) = clues_of(&a);
            let (_, cols) = clues_of(if random().is_multiple_of(2) { &a } else { &b });
            let Ok(puzzle) = Nonogram::new(rows, cols) else { continue };
            let solutions: Vec<Grid> = grids(w, h).filter(|g| check(&puzzle, g).is_ok()).collect();
            seen[solutions.len().min(2)] += 1;
            for excluded in [0, solutions.len() / 2, solutions.len()] {
                let mut found = models(&cnf(&puzzle, &solutions[..excluded]), w, h);
                found.sort();
                let mut rest = solutions[excluded..].to_vec();
                rest.sort();
                assert_eq!(found, rest, "{puzzle:?}, {excluded} excluded");
            }
        }
        assert!(seen.iter().all(|&n| n > 0), "boards with none, one and several solutions: {seen:?}");
    }

    /// An empty line's cells are empty, and the exclusion clause names every cell.
    #[test]
    fn empty_lines_and_exclusions() {
        let puzzle = Nonogram::new(vec![vec![], vec![2]], vec![vec![1], vec![1]]).unwrap();
        let grid: Grid = vec![vec![false, false], vec![true, true]];
        assert_eq!(models(&cnf(&puzzle, &[]), 2, 2), vec![grid.clone()]);
        assert_eq!(excluding(&grid), vec![1, 2, -3, -4]);
        assert!(models(&cnf(&puzzle, &[grid]), 2, 2).is_empty());
    }
}
