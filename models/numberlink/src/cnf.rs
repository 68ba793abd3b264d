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
//! of cells with no number: the loops are the lemmas (`Cycles`): for a cycle of links
//! `C`, the clause `∨_{e∈C} ¬e`, which every solution satisfies (a solution has no loop). The
//! lemma check (`is_cycle`) reads the clause alone against the board's geometry: negative
//! link literals whose cells each meet exactly two of them, all one connected ring.
//!
//! A solution is excluded by the clause over every link: `∨_{e∈S} ¬e ∨ ∨_{e∉S} e`.
//!
//! Invariant: the models closed under the cycle lemmas are exactly the solutions (the links
//! fix every `x` and `u`), so each solution is one model (`tests`, against every set of links
//! of small boards, both rules).

use std::collections::HashMap;

use masu_core::certify::{Cnf, Encoding, Lemmas};

use crate::puzzle::paths::detached_loops;
use crate::puzzle::{Cell, Numberlink, Paths, Rule};

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

/// `puzzle`'s clauses under its rule, with each of `solutions` excluded, and its cycles as
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
    Encoding { cnf, lemmas: Some(Box::new(Cycles(links, puzzle.clone()))) }
}

/// The clause excluding `solution`'s links exactly.
fn excluding(links: &Links, solution: &Paths) -> Vec<i32> {
    let used: std::collections::HashSet<i32> = solution
        .paths
        .iter()
        .flat_map(|path| path.windows(2).filter_map(|pair| links.between(pair[0], pair[1])))
        .collect();
    (1..=links.edges.len() as i32).map(|e| if used.contains(&e) { -e } else { e }).collect()
}

/// The blocks (rows, columns) whose rings are lemmas from the start.
const RINGS_UPFRONT: [(usize, usize); 3] = [(2, 2), (2, 3), (3, 2)];

/// The cycle lemmas of a board.
struct Cycles(Links, Numberlink);

impl Lemmas for Cycles {
    /// Each closed loop of the model's links (a component with no endpoint: with the
    /// degree clauses, a ring), as the clause that not all its links are on.
    fn separate(&self, model: &[i32]) -> Vec<Vec<i32>> {
        let (links, puzzle) = (&self.0, &self.1);
        let on: Vec<i32> = model.iter().copied().filter(|&v| v as usize <= links.edges.len()).collect();
        let ends: Vec<(usize, usize)> =
            on.iter().map(|&v| links.edges[v as usize - 1]).map(|(a, b)| (puzzle.index(a), puzzle.index(b))).collect();
        detached_loops(puzzle, &ends).into_iter().map(|ring| ring.into_iter().map(|at| -on[at]).collect()).collect()
    }

    fn check(&self, lemma: &[i32]) -> Result<(), String> {
        is_cycle(&self.0, lemma)
    }

    fn watched(&self) -> Vec<i32> {
        (1..=self.0.edges.len() as i32).collect()
    }

    /// The ring that link `newest` closes with the links `on`, if any: a path of them
    /// between its two cells.
    fn broken(&self, on: &[i32], newest: i32) -> Option<Vec<i32>> {
        let links = &self.0;
        let w = links.width;
        let index = |(r, c): Cell| r * w + c;
        let (from, to) = links.edges[newest as usize - 1];
        let mut beside: Vec<Vec<(usize, i32)>> = vec![Vec::new(); w * links.height];
        for &e in on.iter().filter(|&&e| e != newest) {
            let (a, b) = links.edges[e as usize - 1];
            beside[index(a)].push((index(b), e));
            beside[index(b)].push((index(a), e));
        }
        // Depth first from `from`, each cell reached with the link it was reached by.
        let mut by: Vec<Option<i32>> = vec![None; w * links.height];
        let (start, goal) = (index(from), index(to));
        let mut stack = vec![start];
        by[start] = Some(0);
        while let Some(here) = stack.pop() {
            if here == goal {
                let mut ring = vec![-newest];
                let mut at = goal;
                while at != start {
                    let e = by[at].expect("reached");
                    ring.push(-e);
                    let (a, b) = links.edges[e as usize - 1];
                    at = if index(a) == at { index(b) } else { index(a) };
                }
                return Some(ring);
            }
            for &(next, e) in &beside[here] {
                if by[next].is_none() {
                    by[next] = Some(e);
                    stack.push(next);
                }
            }
        }
        None
    }

    /// The ring around every block of 2×2, 2×3 and 3×2 cells: the loops a model closes
    /// first, stated before it can.
    fn upfront(&self) -> Vec<Vec<i32>> {
        let links = &self.0;
        let mut rings = Vec::new();
        for (tall, wide) in RINGS_UPFRONT {
            for r in 0..(links.height + 1).saturating_sub(tall) {
                for c in 0..(links.width + 1).saturating_sub(wide) {
                    let mut around = Vec::new();
                    for j in c..c + wide - 1 {
                        around.push(((r, j), (r, j + 1)));
                        around.push(((r + tall - 1, j), (r + tall - 1, j + 1)));
                    }
                    for i in r..r + tall - 1 {
                        around.push(((i, c), (i + 1, c)));
                        around.push(((i, c + wide - 1), (i + 1, c + wide - 1)));
                    }
                    rings.push(around.iter().filter_map(|&(a, b)| links.between(a, b)).map(|e| -e).collect());
                }
            }
        }
        rings
    }
}

/// Whether `lemma` is `∨_{e∈C} ¬e` for a cycle `C` of the board's links: every literal a
/// negated link, each cell of them meeting exactly two, the links one connected ring.
fn is_cycle(links: &Links, lemma: &[i32]) -> Result<(), String> {
    let mut edges = Vec::new();
    for &l in lemma {
        if l >= 0 {
            return Err(format!("{l} is not a negated link"));
        }
        let edge = links.edges.get(-l as usize - 1).ok_or_else(|| format!("{l} is not a link of the board"))?;
        if edges.contains(edge) {
            return Err(format!("link {} twice", -l));
        }
        edges.push(*edge);
    }
    if edges.len() < 4 {
        return Err(format!("{} links make no cycle", edges.len()));
    }
    let mut degree: HashMap<Cell, usize> = HashMap::new();
    for &(a, b) in &edges {
        for end in [a, b] {
            *degree.entry(end).or_default() += 1;
        }
    }
    if let Some((&(r, c), d)) = degree.iter().find(|&(_, &d)| d != 2) {
        return Err(format!("r{}c{} meets {d} of its links, not 2", r + 1, c + 1));
    }
    // Walk the ring from the first link: a ring of every link when it comes back through
    // all of them.
    let (first, mut here) = (edges[0].0, edges[0].1);
    let mut used = vec![false; edges.len()];
    used[0] = true;
    let mut walked = 1;
    while here != first {
        let Some(next) = (0..edges.len()).find(|&i| !used[i] && (edges[i].0 == here || edges[i].1 == here)) else {
            break;
        };
        used[next] = true;
        walked += 1;
        here = if edges[next].0 == here { edges[next].1 } else { edges[next].0 };
    }
    match walked == edges.len() {
        true => Ok(()),
        false => Err(format!("the links make more than one ring ({walked} of {} in the first)", edges.len())),
    }
}

#[cfg(test)]
mod tests;
