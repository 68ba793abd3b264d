//! The connectivity propagator of the clause-learning stage ([`super::cdcl`]): what the
//! clauses cannot say compactly, followed inside CaDiCaL's search on every assignment to the
//! link variables (`e_cd`, "c and d are consecutive on a path") and explained by a clause
//! that the assignment falsifies.
//!
//! ```text
//! no loop:     links e_1 … e_m true around a cycle        ⇒  ¬e_1 ∨ … ∨ ¬e_m
//! reach:       R the cells joined to s_k by links not false, t_k ∉ R
//!                                                        ⇒  ∨_{e_cd false, c ∈ R, d ∉ R} e_cd
//! fill rule:   R a component of those cells with no endpoint
//!                                                        ⇒  the same clause
//! ```
//!
//! Each clause holds in every solution, so adding it keeps them all: the links of a solution
//! are paths between partners, which close no cycle; `k`'s path leaves `R` by a link of the
//! clause when `t_k` is outside; under the fill rule every cell lies on a path, which leaves
//! an endpoint-free `R`. A complete model with neither a cycle nor a cut is a set of paths
//! joining every pair (with the degree clauses), so the models CaDiCaL returns are solutions.
//!
//! Cycles are looked for from each link made true since the last look (a walk along true
//! links, one cell a step); the components are labelled again only after a link was made
//! false, since only that can cut a number off. A reach per number over the number variables
//! as well (cells that may not hold `k` block `k`, and cells out of `k`'s reach lose `k`)
//! cuts more but costs more than it saves: on janko-arukone-430 it took 56% of the time and
//! the board stayed open at 60 s, where this settles it in 21–25 s. Forcing false the
//! link that would close a chain into a cycle, before it is decided (as a clause, or as a
//! propagation with its reason given lazily), slowed 430 to 40–42 s against 25 s beside it
//! and left seven boards CaDiCaL settles in 2–9 s as fast as before; measured again, it
//! slowed 430 from 23.5 s to 29.8 s and settled none of the eleven large janko boards this
//! leaves open at 60 s (`docs/hard-instances.md`).
//!
//! With `--param bridges=true` it also forces the links a number needs to reach its partner
//! before it is cut off ([`super::forcing`]), each with a reason CaDiCaL asks for lazily.

use masu_sat::Propagator;

use crate::puzzle::{Numberlink, Rule};

use crate::puzzle::geometry::NONE_U32 as NONE;

use super::forcing::{Bridges, Links};

/// The propagator's state: the links, their values, and the trail to undo them.
#[derive(Debug)]
pub(crate) struct Connectivity {
    /// Link `l` joins cells `ends[l]`; its variable is `var[l]`.
    ends: Vec<(usize, usize)>,
    var: Vec<i32>,
    /// The link of each variable, `NONE` for other variables.
    link_of: Vec<u32>,
    /// The links at each cell, `NONE`-padded.
    around: Vec<[u32; 4]>,
    /// The endpoints of each pair, and whether each cell is an endpoint.
    pairs: Vec<(usize, usize)>,
    endpoint: Vec<bool>,
    fill: bool,
    /// 1 true, -1 false, 0 unassigned; `fixed`: at the root, never undone.
    value: Vec<i8>,
    fixed: Vec<bool>,
    /// Links assigned, in order; where each decision level starts in it.
    trail: Vec<u32>,
    levels: Vec<usize>,
    /// Trail entries before it were looked at for cycles.
    looked: usize,
    /// A link was made false since the components were last labelled.
    cut_open: bool,
    /// Scratch: a component label per cell, and a queue.
    label: Vec<u32>,
    queue: Vec<usize>,
    /// The bridge pass, when it forces bridges.
    bridges: Option<Bridges>,
    /// Forcings found and not handed yet; the reason of each link's last forcing.
    pending: Vec<(u32, Vec<i32>)>,
    reasons: Vec<Vec<i32>>,
    /// A link was made false (or levels undone) since the last bridge pass.
    bridge_open: bool,
    /// Clauses added (cycles and cuts).
    pub(crate) clauses: usize,
    /// Literals forced.
    pub(crate) forced: usize,
    /// Every clause added, for the test that each holds in every solution.
    #[cfg(test)]
    pub(super) added: Vec<Vec<i32>>,
}

impl Connectivity {
    /// The propagator of `puzzle`, forcing bridges when `bridges`.
    pub(crate) fn new(puzzle: &Numberlink, bridges: bool) -> Connectivity {
        let cells = puzzle.width() * puzzle.height();
        let mut endpoint = vec![false; cells];
        let pairs = (1..=puzzle.pairs())
            .map(|k| {
                let (s, t) = puzzle.endpoints(k);
                let (s, t) = (puzzle.index(s), puzzle.index(t));
                (endpoint[s], endpoint[t]) = (true, true);
                (s, t)
            })
            .collect();
        let pairs: Vec<(usize, usize)> = pairs;
        Connectivity {
            bridges: bridges.then(|| Bridges::new(cells, &pairs)),
            pending: Vec::new(),
            reasons: Vec::new(),
            bridge_open: true,
            forced: 0,
            ends: Vec::new(),
            var: Vec::new(),
            link_of: Vec::new(),
            around: vec![[NONE; 4]; cells],
            pairs,
            endpoint,
            fill: puzzle.rule == Rule::Fill,
            value: Vec::new(),
            fixed: Vec::new(),
            trail: Vec::new(),
            levels: Vec::new(),
            looked: 0,
            cut_open: true,
            label: vec![0; cells],
            queue: Vec::new(),
            clauses: 0,
            #[cfg(test)]
            added: Vec::new(),
        }
    }

    /// Makes variable `var` the link between cells `c` and `d` (before any solve).
    pub(crate) fn link(&mut self, var: i32, c: usize, d: usize) {
        let l = self.ends.len() as u32;
        self.ends.push((c, d));
        self.var.push(var);
        self.value.push(0);
        self.fixed.push(false);
        self.reasons.push(Vec::new());
        if self.link_of.len() <= var as usize {
            self.link_of.resize(var as usize + 1, NONE);
        }
        self.link_of[var as usize] = l;
        for cell in [c, d] {
            let slot = self.around[cell].iter_mut().find(|s| **s == NONE).expect("at most four links a cell");
            *slot = l;
        }
    }

    /// The cell across link `l` from `c`.
    fn across(&self, l: u32, c: usize) -> usize {
        let (a, b) = self.ends[l as usize];
        if a == c { b } else { a }
    }

    /// The clause of a cycle of true links through link `l`, if there is one: a walk from
    /// one end along true links, which comes back to the other end.
    fn cycle_through(&self, l: u32) -> Option<Vec<i32>> {
        let (start, first) = self.ends[l as usize];
        let (mut at, mut from) = (first, l);
        let mut clause = vec![-self.var[l as usize]];
        for _ in 0..self.label.len() {
            let next =
                self.around[at].iter().copied().find(|&m| m != NONE && m != from && self.value[m as usize] > 0)?;
            clause.push(-self.var[next as usize]);
            at = self.across(next, at);
            if at == start {
                return Some(clause);
            }
            from = next;
        }
        None
    }

    /// Labels the components of cells joined by links that are not false, and returns the
    /// clause of the first cut it finds: a pair split, or (fill rule) an endpoint-free
    /// component.
    fn cut(&mut self) -> Option<Vec<i32>> {
        self.label.iter_mut().for_each(|l| *l = 0);
        let mut components = 0;
        for seed in 0..self.label.len() {
            if self.label[seed] != 0 {
                continue;
            }
            components += 1;
            self.label[seed] = components;
            self.queue.clear();
            self.queue.push(seed);
            let mut has_end = false;
            let mut i = 0;
            while i < self.queue.len() {
                let c = self.queue[i];
                i += 1;
                has_end |= self.endpoint[c];
                for l in self.around[c] {
                    if l == NONE || self.value[l as usize] < 0 {
                        continue;
                    }
                    let d = self.across(l, c);
                    if self.label[d] == 0 {
                        self.label[d] = components;
                        self.queue.push(d);
                    }
                }
            }
            if self.fill && !has_end {
                return Some(self.boundary());
            }
        }
        let (s, _) = *self.pairs.iter().find(|&&(s, t)| self.label[s] != self.label[t])?;
        self.queue.clear();
        self.queue.extend((0..self.label.len()).filter(|&c| self.label[c] == self.label[s]));
        Some(self.boundary())
    }

    /// The clause "some link out of the cells in the queue" (all of them one component).
    fn boundary(&self) -> Vec<i32> {
        let inside = self.label[self.queue[0]];
        let mut clause = Vec::new();
        for &c in &self.queue {
            for l in self.around[c] {
                if l != NONE && self.label[self.across(l, c)] != inside {
                    clause.push(self.var[l as usize]);
                }
            }
        }
        clause
    }

    /// Counts (and under test keeps) a clause about to be added.
    fn note(&mut self, clause: Option<Vec<i32>>) -> Option<Vec<i32>> {
        self.clauses += usize::from(clause.is_some());
        #[cfg(test)]
        self.added.extend(clause.clone());
        clause
    }

    /// The clause of a cycle closed, or of a cut made, since the last look.
    fn look(&mut self) -> Option<Vec<i32>> {
        while self.looked < self.trail.len() {
            let l = self.trail[self.looked];
            if self.value[l as usize] > 0
                && let Some(clause) = self.cycle_through(l)
            {
                return Some(clause);
            }
            self.looked += 1;
        }
        if self.cut_open {
            if let Some(clause) = self.cut() {
                return Some(clause);
            }
            self.cut_open = false;
        }
        None
    }

    /// The clause of a cycle or a cut in a complete model (its true literals).
    fn judge(&mut self, model: &[i32]) -> Option<Vec<i32>> {
        // The model's values in place of the trail's, for the two looks; restored after.
        let kept = std::mem::replace(&mut self.value, vec![-1; self.ends.len()]);
        for &lit in model.iter().filter(|&&lit| lit > 0) {
            if let Some(&l) = self.link_of.get(lit as usize).filter(|&&l| l != NONE) {
                self.value[l as usize] = 1;
            }
        }
        let cycle =
            (0..self.ends.len() as u32).filter(|&l| self.value[l as usize] > 0).find_map(|l| self.cycle_through(l));
        let found = cycle.or_else(|| self.cut());
        self.value = kept;
        found
    }
}

impl Propagator for Connectivity {
    fn assigned(&mut self, lit: i32, fixed: bool) {
        let Some(&l) = self.link_of.get(lit.unsigned_abs() as usize).filter(|&&l| l != NONE) else { return };
        self.value[l as usize] = if lit > 0 { 1 } else { -1 };
        self.fixed[l as usize] |= fixed;
        self.cut_open |= lit < 0;
        self.bridge_open |= lit < 0;
        self.trail.push(l);
    }

    fn new_level(&mut self) {
        self.levels.push(self.trail.len());
    }

    fn backtrack(&mut self, level: usize) {
        if let Some(&start) = self.levels.get(level) {
            for &l in &self.trail[start..] {
                if !self.fixed[l as usize] {
                    self.value[l as usize] = 0;
                }
            }
            self.trail.truncate(start);
            self.looked = self.looked.min(start);
        }
        self.pending.clear();
        self.bridge_open = true;
        self.levels.truncate(level);
    }

    fn clause(&mut self) -> Option<Vec<i32>> {
        let found = self.look();
        self.note(found)
    }

    fn propagate(&mut self) -> i32 {
        loop {
            while let Some((l, reason)) = self.pending.pop() {
                if self.value[l as usize] == 0 {
                    let lit = reason[0];
                    #[cfg(test)]
                    {
                        // A reason's other literals are false when it is given.
                        let false_now =
                            |r: &i32| self.value[self.link_of[r.unsigned_abs() as usize] as usize] == -r.signum() as i8;
                        assert!(reason[1..].iter().all(false_now), "reason {reason:?} not false but its first");
                        self.added.push(reason.clone());
                    }
                    self.reasons[l as usize] = reason;
                    self.forced += 1;
                    return lit;
                }
            }
            if let (Some(bridges), true) = (self.bridges.as_mut(), self.bridge_open) {
                self.bridge_open = false;
                let links = Links { ends: &self.ends, value: &self.value, around: &self.around, var: &self.var };
                bridges.force(&links, self.fill, &mut self.pending);
                continue;
            }
            return 0;
        }
    }

    fn reason(&mut self, lit: i32) -> Vec<i32> {
        let l = self.link_of[lit.unsigned_abs() as usize];
        self.reasons[l as usize].clone()
    }

    fn check(&mut self, model: &[i32]) -> Option<Vec<i32>> {
        let found = self.judge(model);
        self.note(found)
    }
}
