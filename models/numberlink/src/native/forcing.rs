//! What the connectivity propagator ([`super::connectivity`]) forces before a number is cut
//! off from its partner (`--param bridges=true`), each link with the clause that implies it
//! (its reason, handed to CaDiCaL when its conflict analysis asks):
//!
//! ```text
//! b a bridge of the cells joined by links not false, R one side of it, and R holding one
//! endpoint of some pair (or, fill rule, no endpoint at all)
//!                                     ⇒  e_b        reason: e_b ∨ ∨_{e false, leaving R} e
//! ```
//!
//! The reason holds in every solution: `k`'s path crosses from `R` to its partner by a link
//! leaving `R`, and under the fill rule every cell of `R` lies on a path that ends outside it.
//!
//! Bridges are found by one depth-first pass over the cells (Tarjan's lowlink), after a link
//! was made false or levels were undone: the link into a child `c` is a bridge when nothing
//! below `c` reaches above it. The pairs a side holds one endpoint of are seen by a hash per
//! pair, xored into both its endpoints: a subtree's xor is 0 when it holds both or neither of
//! every pair (two pairs split whose hashes cancel would be a forcing missed, never a wrong
//! one).
//!
//! Measured against the clauses alone on the 28 janko boards of 300 cells or more
//! (`docs/hard-instances.md`), it settles two that they leave open at 60 s, both with even
//! ids (the tuning half), none with odd ids, and is slower in sum on the boards both settle
//! (5 faster, 6 slower), so it is off by default. Its dual, forcing false the link that would close a chain of true links into a
//! cycle (semiexp's reference model propagates "no loop" so, as the connectivity of the
//! squares between cells), slowed janko-arukone-430 and settled none of the boards the
//! clauses alone leave open, and is not kept.

use crate::puzzle::geometry::NONE_U32 as NONE;

/// The links as the propagator holds them: ends, values (1 true, -1 false, 0 open), the
/// links at each cell (`NONE`-padded), and their variables.
pub(super) struct Links<'a> {
    pub ends: &'a [(usize, usize)],
    pub value: &'a [i8],
    pub around: &'a [[u32; 4]],
    pub var: &'a [i32],
}

impl Links<'_> {
    fn across(&self, l: u32, c: usize) -> usize {
        let (a, b) = self.ends[l as usize];
        if a == c { b } else { a }
    }
}

/// The bridge pass and its scratch, kept between passes.
#[derive(Debug)]
pub(super) struct Bridges {
    /// Per cell: the hash of the pair it is an endpoint of (0 elsewhere), and 1 at endpoints.
    hash: Vec<u64>,
    endpoint: Vec<u32>,
    /// Per cell: its place in the pass (from 1; 0 unvisited), the lowest place its subtree
    /// reaches by one link, the place past its subtree, the link from its parent; the xor of
    /// the hashes and the count of endpoints in its subtree.
    place: Vec<u32>,
    low: Vec<u32>,
    past: Vec<u32>,
    parent: Vec<u32>,
    xor: Vec<u64>,
    ends: Vec<u32>,
    /// The cells in the order visited (`order[place - 1]`), and the depth-first stack: a
    /// cell and the next slot of its links to try.
    order: Vec<usize>,
    stack: Vec<(usize, usize)>,
}

impl Bridges {
    /// For a board whose pairs have endpoints `pairs`, on `cells` cells.
    pub(super) fn new(cells: usize, pairs: &[(usize, usize)]) -> Bridges {
        let (mut hash, mut endpoint) = (vec![0; cells], vec![0; cells]);
        for (k, &(s, t)) in pairs.iter().enumerate() {
            // splitmix64 of the pair's index: distinct, well-spread hashes.
            let mut z = (k as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^= z >> 31;
            for c in [s, t] {
                hash[c] = z;
                endpoint[c] = 1;
            }
        }
        Bridges {
            hash,
            endpoint,
            place: vec![0; cells],
            low: vec![0; cells],
            past: vec![0; cells],
            parent: vec![NONE; cells],
            xor: vec![0; cells],
            ends: vec![0; cells],
            order: Vec::with_capacity(cells),
            stack: Vec::new(),
        }
    }

    /// Pushes on `forced` each open link that a bridge forces true, with its reason.
    pub(super) fn force(&mut self, links: &Links, fill: bool, forced: &mut Vec<(u32, Vec<i32>)>) {
        self.place.iter_mut().for_each(|p| *p = 0);
        self.order.clear();
        for root in 0..self.place.len() {
            if self.place[root] != 0 {
                continue;
            }
            let first = self.order.len();
            self.visit(links, root);
            let total = self.ends[root];
            for i in first + 1..self.order.len() {
                let c = self.order[i];
                let l = self.parent[c];
                if self.low[c] < self.place[c] || links.value[l as usize] != 0 {
                    continue;
                }
                if self.xor[c] != 0 || fill && (self.ends[c] == 0 || self.ends[c] == total) {
                    forced.push((l, self.reason(links, c, root)));
                }
            }
        }
    }

    /// Visits the component of `root` depth first, from the next free place.
    fn visit(&mut self, links: &Links, root: usize) {
        self.enter(root, NONE);
        while let Some(&(c, slot)) = self.stack.last() {
            if slot < 4 {
                self.stack.last_mut().expect("just read").1 += 1;
                let l = links.around[c][slot];
                if l == NONE || l == self.parent[c] || links.value[l as usize] < 0 {
                    continue;
                }
                let d = links.across(l, c);
                if self.place[d] == 0 {
                    self.enter(d, l);
                } else {
                    self.low[c] = self.low[c].min(self.place[d]);
                }
                continue;
            }
            self.stack.pop();
            self.past[c] = self.order.len() as u32 + 1;
            if let Some(&(p, _)) = self.stack.last() {
                self.low[p] = self.low[p].min(self.low[c]);
                self.xor[p] ^= self.xor[c];
                self.ends[p] += self.ends[c];
            }
        }
    }

    fn enter(&mut self, c: usize, from: u32) {
        self.order.push(c);
        let place = self.order.len() as u32;
        (self.place[c], self.low[c], self.parent[c]) = (place, place, from);
        (self.xor[c], self.ends[c]) = (self.hash[c], self.endpoint[c]);
        self.stack.push((c, 0));
    }

    /// The reason of the bridge into `c`: its link, and the links leaving the smaller side
    /// (the subtree of `c`, or the rest of the component of `root`), all false but it.
    fn reason(&self, links: &Links, c: usize, root: usize) -> Vec<i32> {
        let l = self.parent[c];
        let subtree = self.place[c]..self.past[c];
        let component = self.place[root]..self.past[root];
        let small = subtree.len() <= component.len() / 2;
        // Whether `d` is on the side taken (cells of later components are unvisited: 0).
        let side = |d: usize| subtree.contains(&self.place[d]) == small && component.contains(&self.place[d]);
        let mut reason = vec![links.var[l as usize]];
        let ranges =
            if small { [subtree.clone(), 0..0] } else { [component.start..subtree.start, subtree.end..component.end] };
        for p in ranges.into_iter().flatten() {
            let d = self.order[p as usize - 1];
            for m in links.around[d] {
                if m != NONE && m != l && !side(links.across(m, d)) {
                    debug_assert!(links.value[m as usize] < 0, "a link out of a bridge's side is false");
                    reason.push(links.var[m as usize]);
                }
            }
        }
        reason
    }
}
