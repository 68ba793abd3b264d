//! Numberlink as clauses, for certified verdicts (`--certify`, [`masu_core::certify`]):
//! written apart from the engines (the clause-learning stage's encoding adds canonical
//! clauses that keep one solution of several; this one keeps them all).
//!
//! For the board's links `e` (between orthogonal neighbours, [`Numberlink::edges`]'s order,
//! variables `1..=E`), cells `c`, numbers `k = 1..K`:
//!
//! ```text
//! x_ck                    cell c is on number k's path; exactly one of x_c1..x_cK, and u_c
//!                         (unused) beside them under the blanks rule; x_ck a unit at k's ends
//! e_cd ∧ x_ck ⇒ x_dk      a link joins cells of one number (both ways)
//! e_cd ⇒ ¬u_c ∧ ¬u_d      (blanks) a link joins used cells
//! Σ_d e_cd = 1            at an endpoint
//! Σ_d e_cd = 2            at any other cell (blanks: unless u_c)
//! ```
//!
//! A model's links are then paths, each between the two ends of one number, and closed loops
//! of cells with no number. The loops are ruled out by lemmas (`Cuts`): for a set `S` of
//! cells with no number, the clause `∨_{c∈S} u_c ∨ ∨_{e∈∂S} e` (no `u` under the fill rule;
//! `∂S` the links with one cell in `S`): some cell of `S` is unused, or a link leaves it.
//! Every solution satisfies it: with it false, each cell of `S` has its two links inside `S`,
//! and they make loops. A model's loop adds the lemma of the loop's cells, which also rules
//! out every other way of closing those cells off. The lemma check (`is_cut`) reads the clause
//! alone against the board: positive literals, and some part of the board the other links
//! hold together that has no number and (blanks rule) each cell's `u` in the clause.
//!
//! A solution with links `L` is excluded by `∨_{e∈L} ¬e`, some link of it absent: another
//! solution with all of `L` is this one (each cell of its paths has every link it may have,
//! and a further link would close a loop without a number).
//!
//! Under the blanks rule the certificate has a first stage (`cnf/canonical.rs`): the canonical
//! clauses, added by dominance with their witnesses, and each loop lemma with its own (blank
//! the region), checked by VeriPB instead of `is_cut`.
//!
//! The `cnf` formulation ([`solve`]) runs these clauses on a SAT backend
//! ([`masu_core::sat`]), the lemmas added as models break them: the links fix a model, and
//! the paths are traced from them.
//!
//! Invariant: the models closed under the cut lemmas are exactly the solutions (the links
//! fix every `x` and `u`), so each solution is one model (`tests`, against every set of links
//! of small boards, both rules).

use std::collections::HashMap;

use masu_core::certify::{Cnf, Encoding, Lemmas, Witness};

use crate::puzzle::paths::detached_loops;
use masu_core::{Backend, Error, SolveOptions};

use crate::puzzle::{Cell, Found, Numberlink, Paths, Rule};

/// The links of the board and their variables.
struct Links {
    width: usize,
    height: usize,
    /// The link of each variable `1..=E`, at `variable - 1`.
    edges: Vec<(Cell, Cell)>,
    /// The variable of each link.
    variable: HashMap<(Cell, Cell), i32>,
}

impl Links {
    fn of(puzzle: &Numberlink) -> Links {
        let edges = puzzle.edges();
        let variable = edges.iter().zip(1..).map(|(&e, v)| (e, v)).collect();
        Links { width: puzzle.width(), height: puzzle.height(), edges, variable }
    }
    /// The variable of the link between `a` and `b`, either way round.
    fn between(&self, a: Cell, b: Cell) -> Option<i32> {
        self.variable.get(&(a.min(b), a.max(b))).copied()
    }
}

/// The `cnf` formulation: the clauses on the SAT `backend`, each model's paths traced from
/// its links.
pub fn solve(puzzle: &Numberlink, backend: Backend, options: &SolveOptions) -> Result<Found, Error> {
    let edges = puzzle.edges();
    let found = masu_core::sat::solve(puzzle, edges.len() as i32, backend, options)?;
    Ok(found.map(|model| {
        let links: Vec<(Cell, Cell)> = edges.iter().zip(&model).filter(|(_, on)| **on).map(|(&e, _)| e).collect();
        Paths::from_links(puzzle, &links)
    }))
}

/// `puzzle`'s clauses under its rule, with each of `solutions` excluded, and its cut
/// lemmas (the module doc).
pub fn encoding(puzzle: &Numberlink, solutions: &[Paths]) -> Encoding {
    let links = Links::of(puzzle);
    let (w, h, k) = (puzzle.width(), puzzle.height(), puzzle.pairs() as usize);
    let blanks = puzzle.rule == Rule::Blanks;
    let mut cnf = Cnf::new();
    for _ in &links.edges {
        cnf.variable();
    }
    let x: Vec<Vec<i32>> = (0..w * h).map(|_| (0..k).map(|_| cnf.variable()).collect()).collect();
    let u: Vec<i32> = if blanks { (0..w * h).map(|_| cnf.variable()).collect() } else { Vec::new() };
    let cell = |(r, c): Cell| r * w + c;
    let mut incident: Vec<Vec<i32>> = vec![Vec::new(); w * h];
    for (&(a, b), e) in links.edges.iter().zip(1..) {
        incident[cell(a)].push(e);
        incident[cell(b)].push(e);
        for (&at_a, &at_b) in x[cell(a)].iter().zip(&x[cell(b)]) {
            cnf.clause([-e, -at_a, at_b]);
            cnf.clause([-e, -at_b, at_a]);
        }
        if blanks {
            cnf.clause([-e, -u[cell(a)]]);
            cnf.clause([-e, -u[cell(b)]]);
        }
    }
    for r in 0..h {
        for c in 0..w {
            let i = cell((r, c));
            let mut labels = x[i].clone();
            labels.extend(u.get(i));
            cnf.exactly_one(&labels);
            let around = &incident[i];
            match puzzle.at((r, c)) {
                0 => {
                    // At most two, and (unless unused) at least two: some link beside any one.
                    for (a, &e1) in around.iter().enumerate() {
                        for (b, &e2) in around.iter().enumerate().skip(a + 1) {
                            for &e3 in &around[b + 1..] {
                                cnf.clause([-e1, -e2, -e3]);
                            }
                        }
                    }
                    let unless = u.get(i).copied();
                    cnf.clause(around.iter().copied().chain(unless));
                    for (a, _) in around.iter().enumerate() {
                        let others = around.iter().enumerate().filter(|&(b, _)| b != a).map(|(_, &e)| e);
                        cnf.clause(others.chain(unless));
                    }
                }
                number => {
                    cnf.clause([x[i][number as usize - 1]]);
                    cnf.exactly_one(around);
                }
            }
        }
    }
    for solution in solutions {
        cnf.clause(excluding(&links, solution));
    }
    let dominance = blanks.then(|| canonical::Vars { puzzle, links: &links, x: &x, u: &u }.dominance());
    Encoding { cnf, lemmas: Some(Box::new(Cuts { links, puzzle: puzzle.clone(), x, unused: u })), dominance }
}

/// The clause excluding `solution`: some link of it absent. Another solution with every link
/// of this one is this one: each cell of its paths has all the links it may have, and any
/// further link would close a loop of cells with no number.
fn excluding(links: &Links, solution: &Paths) -> Vec<i32> {
    let mut used: Vec<i32> = solution
        .paths
        .iter()
        .flat_map(|path| path.windows(2).filter_map(|pair| links.between(pair[0], pair[1])))
        .map(|e| -e)
        .collect();
    used.sort_unstable_by_key(|l| -l);
    used.dedup();
    used
}

/// The blocks (rows, columns) closed off by lemmas from the start.
const BLOCKS_UPFRONT: [(usize, usize); 3] = [(2, 2), (2, 3), (3, 2)];

/// The cut lemmas of a board: its links, the puzzle, and each cell's `u` (none under the
/// fill rule).
struct Cuts {
    links: Links,
    puzzle: Numberlink,
    /// `x[c][k - 1]`.
    x: Vec<Vec<i32>>,
    unused: Vec<i32>,
}

impl Cuts {
    /// The lemma closing off the cells `region` (no endpoint among them): one of them unused
    /// (blanks rule), or a link from one of them to a cell outside.
    fn around(&self, region: &[usize]) -> Vec<i32> {
        let index = |cell| self.puzzle.index(cell);
        let inside: std::collections::HashSet<usize> = region.iter().copied().collect();
        let mut lemma: Vec<i32> = region.iter().filter_map(|&i| self.unused.get(i).copied()).collect();
        for (&(a, b), e) in self.links.edges.iter().zip(1..) {
            if inside.contains(&index(a)) != inside.contains(&index(b)) {
                lemma.push(e);
            }
        }
        lemma
    }

    /// The cells of the links `ring` (variables).
    fn cells_of(&self, ring: &[i32]) -> Vec<usize> {
        let mut cells: Vec<usize> = ring
            .iter()
            .flat_map(|&e| {
                let (a, b) = self.links.edges[e as usize - 1];
                [self.puzzle.index(a), self.puzzle.index(b)]
            })
            .collect();
        cells.sort_unstable();
        cells.dedup();
        cells
    }
}

impl Lemmas for Cuts {
    /// Each closed loop of the model's links (a component with no endpoint: with the
    /// degree clauses, a ring), as the lemma closing off its cells.
    fn separate(&self, model: &[i32]) -> Vec<Vec<i32>> {
        let (links, puzzle) = (&self.links, &self.puzzle);
        let on: Vec<i32> = model.iter().copied().filter(|&v| v as usize <= links.edges.len()).collect();
        let ends: Vec<(usize, usize)> =
            on.iter().map(|&v| links.edges[v as usize - 1]).map(|(a, b)| (puzzle.index(a), puzzle.index(b))).collect();
        let rings = detached_loops(puzzle, &ends);
        rings
            .into_iter()
            .map(|ring| self.around(&self.cells_of(&ring.iter().map(|&at| on[at]).collect::<Vec<_>>())))
            .collect()
    }

    fn check(&self, lemma: &[i32]) -> Result<(), String> {
        is_cut(&self.links, &self.puzzle, &self.unused, lemma)
    }

    /// Under the blanks rule, a lemma that closes off exactly a region of cells with no
    /// number (the region's `u` and the links leaving it): blank the region.
    fn witness(&self, lemma: &[i32]) -> Option<Witness> {
        if self.unused.is_empty() {
            return None;
        }
        let region: Vec<usize> = lemma.iter().filter_map(|&l| self.unused.iter().position(|&u| u == l)).collect();
        let mut theirs = lemma.to_vec();
        let mut ours = self.around(&region);
        theirs.sort_unstable();
        ours.sort_unstable();
        let closed = !region.is_empty() && theirs == ours && region.iter().all(|&c| self.puzzle.cells[c] == 0);
        let vars = canonical::Vars { puzzle: &self.puzzle, links: &self.links, x: &self.x, u: &self.unused };
        closed.then(|| vars.blanking(&region))
    }

    /// Every block of 2×2, 2×3 and 3×2 cells with no number, closed off: the loops a model
    /// closes first, ruled out before it can.
    fn upfront(&self) -> Vec<Vec<i32>> {
        let (links, puzzle) = (&self.links, &self.puzzle);
        let mut cuts = Vec::new();
        for (tall, wide) in BLOCKS_UPFRONT {
            for r in 0..(links.height + 1).saturating_sub(tall) {
                for c in 0..(links.width + 1).saturating_sub(wide) {
                    let block: Vec<Cell> = (r..r + tall).flat_map(|i| (c..c + wide).map(move |j| (i, j))).collect();
                    if block.iter().all(|&at| puzzle.at(at) == 0) {
                        cuts.push(self.around(&block.iter().map(|&at| puzzle.index(at)).collect::<Vec<_>>()));
                    }
                }
            }
        }
        cuts
    }
}

/// Whether `lemma` closes off a region of cells with no number: every literal a link or (blanks
/// rule) a cell's `u`, all positive, and some part of the board that the board's other links
/// hold together has no endpoint and (blanks rule) every cell's `u` in the lemma. Every
/// solution satisfies such a clause: with all its literals false, the region's cells are
/// used, no link leaves it, so each has two links inside it, and they make loops.
fn is_cut(links: &Links, puzzle: &Numberlink, unused: &[i32], lemma: &[i32]) -> Result<(), String> {
    let (w, n, e) = (links.width, links.width * links.height, links.edges.len() as i32);
    let mut cut = vec![false; links.edges.len()];
    let mut said_unused = vec![false; n];
    for &l in lemma {
        match l {
            l if l <= 0 => return Err(format!("{l} is not a positive literal")),
            l if l <= e => cut[l as usize - 1] = true,
            l => match unused.iter().position(|&u| u == l) {
                Some(i) => said_unused[i] = true,
                None => return Err(format!("{l} is neither a link nor a cell's 'unused'")),
            },
        }
    }
    let mut beside: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (&(a, b), _) in links.edges.iter().zip(&cut).filter(|&(_, &cut)| !cut) {
        let (a, b) = (puzzle.index(a), puzzle.index(b));
        beside[a].push(b);
        beside[b].push(a);
    }
    let mut seen = vec![false; n];
    let mut missing = None;
    for start in 0..n {
        if seen[start] {
            continue;
        }
        let (mut part, mut stack) = (Vec::new(), vec![start]);
        seen[start] = true;
        while let Some(here) = stack.pop() {
            part.push(here);
            for &next in &beside[here] {
                if !seen[next] {
                    seen[next] = true;
                    stack.push(next);
                }
            }
        }
        if part.iter().any(|&i| puzzle.cells[i] != 0) {
            continue;
        }
        match part.iter().find(|&&i| !unused.is_empty() && !said_unused[i]) {
            None => return Ok(()),
            Some(&i) => missing = missing.or(Some(i)),
        }
    }
    Err(match missing {
        Some(i) => format!("r{}c{} is closed off without its 'unused'", i / w + 1, i % w + 1),
        None => "the links close off no region without a number".to_string(),
    })
}

mod canonical;
#[cfg(test)]
mod tests;
