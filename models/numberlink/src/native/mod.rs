//! A complete search that needs no backend: paths grown cell by cell from both endpoints,
//! with the reasoning flow solvers use to cut dead branches early. Not from the article
//! (001 uses CP-SAT); it is here to settle uniqueness fast, for solving and for the
//! generator.
//!
//! Each unfinished pair `k` has two heads `h_k` and `h'_k`, the last cells of its path grown
//! from each endpoint. A node picks the head with the fewest moves and branches on its next
//! step: into a free neighbour, or into the other head when adjacent (the pair is then
//! finished). Every solution fixes that step uniquely, so the branches partition the
//! solutions and each is counted once. Paths may touch themselves: nothing forbids it. A
//! branch is cut when one of these, each implied by the rules, fails:
//!
//! ```text
//! moves(h) ≥ 1                          for every head of an unfinished pair
//! h_k, h'_k adjacent, or both adjacent to one component of free cells
//! fill: ways(c) ≥ 2                     for every free cell c, ways(c) = its free neighbours
//!                                       and the heads of unfinished pairs beside it
//! fill: every component of free cells is adjacent to both heads of some unfinished pair
//! ```
//!
//! The last holds because the rest of `k`'s path, from `h_k` to `h'_k`, runs through free
//! cells of one component, and with the fill rule every free cell lies on such a rest. Also
//! with the fill rule, a head beside a free cell with `ways = 2` has that cell as its only
//! move (the cell needs the link, and the head has one left). A chessboard-parity count per
//! component is left out: it cuts almost no nodes.
//!
//! With the blanks rule, see `solve` for the induced search that runs first.
//!
//! Past [`HANDOVER`] nodes the search hands over to clause learning (`crate::native::cdcl`:
//! the board as CNF, the solutions found so far excluded, counted on by CaDiCaL), since
//! depth-first search repeats one failure in subtree after subtree on long winding paths.

use masu_core::{Backend, Clock, Error, Kept, SolveOptions, Stats};

use crate::puzzle::{Found, Numberlink, Paths, Rule};

pub(crate) mod cdcl;
mod connectivity;
mod forcing;
mod local;

use crate::puzzle::geometry::NONE;
use crate::theory::uniqueness::Admit;

struct Search<'a> {
    puzzle: &'a Numberlink,
    clock: &'a Clock,
    fill: bool,
    /// Only paths that do not touch themselves (see `solve`).
    induced: bool,
    /// The solutions found, up to the limit.
    kept: Kept<Paths>,
    /// Up to four neighbours per cell, `NONE`-padded.
    neighbours: Vec<[usize; 4]>,
    /// The number on each cell, 0 for free.
    number: Vec<u32>,
    /// `ends[k - 1][side]`: the cells of `k`'s path grown from `s_k` (side 0) and from
    /// `t_k` (side 1); the last of each is a head.
    ends: Vec<[Vec<usize>; 2]>,
    finished: Vec<bool>,
    unfinished: usize,
    free: usize,
    nodes: u64,
    stopped: bool,
    /// Nodes the search may visit before it hands over to the clause-learning stage.
    node_limit: u64,
    /// Nodes between looks at the clock: a node's component test visits every free cell,
    /// so large boards look more often (a 1002×1002 board at every node; 1024 nodes of it
    /// took 10 s, overrunning a 5 s limit by 43 s).
    check_every: u64,
    /// The search reached `node_limit`: `crate::native::cdcl` settles the count.
    handed_over: bool,
    /// Scratch for the component labelling: the component of each free cell. Ids only grow
    /// (64 bits never wrap), so one node's labels are those at or above its `stamp`.
    component: Vec<u64>,
    stamp: u64,
    queue: Vec<usize>,
    /// Scratch for the component test: whether some pair can cross each component.
    served: Vec<bool>,
}

impl<'a> Search<'a> {
    fn new(puzzle: &'a Numberlink, clock: &'a Clock, induced: bool, kept: Kept<Paths>) -> Search<'a> {
        let (w, h) = (puzzle.width(), puzzle.height());
        let neighbours = (0..w * h)
            .map(|i| {
                let mut list = [NONE; 4];
                for (slot, n) in list.iter_mut().zip(puzzle.neighbours((i / w, i % w))) {
                    *slot = puzzle.index(n);
                }
                list
            })
            .collect();
        let number: Vec<u32> = (0..w * h).map(|i| puzzle.at((i / w, i % w))).collect();
        let pairs = puzzle.pairs() as usize;
        let ends = (1..=puzzle.pairs())
            .map(|k| {
                let (s, t) = puzzle.endpoints(k);
                [vec![puzzle.index(s)], vec![puzzle.index(t)]]
            })
            .collect();
        Search {
            puzzle,
            clock,
            fill: puzzle.rule == Rule::Fill,
            induced,
            kept,
            neighbours,
            free: number.iter().filter(|&&n| n == 0).count(),
            number,
            ends,
            finished: vec![false; pairs],
            unfinished: pairs,
            nodes: 0,
            stopped: false,
            node_limit: u64::MAX,
            check_every: ((1 << 20) / (w * h) as u64).clamp(1, 1024),
            handed_over: false,
            component: vec![0; w * h],
            stamp: 0,
            queue: Vec::with_capacity(w * h),
            served: Vec::with_capacity(w * h),
        }
    }

    fn neighbours(&self, cell: usize) -> impl Iterator<Item = usize> + '_ {
        self.neighbours[cell].iter().copied().take_while(|&n| n != NONE)
    }

    fn head(&self, k: usize, side: usize) -> usize {
        *self.ends[k][side].last().unwrap_or(&NONE)
    }

    /// A head of an unfinished pair: a path may still leave it into a free neighbour.
    fn is_open(&self, cell: usize) -> bool {
        let k = self.number[cell] as usize;
        k != 0 && !self.finished[k - 1] && (self.head(k - 1, 0) == cell || self.head(k - 1, 1) == cell)
    }

    /// The moves of pair `k` (0-based) from its head on `side`: the other head first when
    /// adjacent (joining them finishes the pair), then free neighbours, those with fewer
    /// free neighbours (along walls) first. Induced paths must join adjacent heads, and
    /// step only where no other cell of their own path is adjacent.
    fn moves(&self, k: usize, side: usize) -> ([usize; 4], usize) {
        let mut moves = [NONE; 4];
        let mut len = 0;
        let (head, other) = (self.head(k, side), self.head(k, 1 - side));
        if self.neighbours(head).any(|n| n == other) {
            moves[0] = other;
            len = 1;
            if self.induced {
                return (moves, len);
            }
        }
        let own = k as u32 + 1;
        let touches = |n: usize| self.neighbours(n).any(|m| self.number[m] == own && m != head && m != other);
        let start = len;
        for n in self.neighbours(head) {
            if self.number[n] == 0 && !(self.induced && touches(n)) {
                moves[len] = n;
                len += 1;
            }
        }
        if self.fill {
            // A free neighbour with only two ways in or out, this head one of them, must be
            // this head's next cell: the head has one link left.
            let mut forced = moves[start..len].iter().copied().filter(|&c| self.ways(c) <= 2);
            if let Some(c) = forced.next() {
                let only = forced.next().is_none();
                return ([c, NONE, NONE, NONE], usize::from(only));
            }
        }
        let free_around = |c: usize| self.neighbours(c).filter(|&n| self.number[n] == 0).count();
        moves[start..len].sort_by_key(|&c| free_around(c));
        (moves, len)
    }

    /// The ways in or out of a free cell: its free neighbours and the heads beside it.
    fn ways(&self, cell: usize) -> usize {
        self.neighbours(cell).filter(|&n| self.number[n] == 0 || self.is_open(n)).count()
    }

    /// With the fill rule, a free cell needs two ways in or out.
    fn dead_end_around(&self, cell: usize) -> bool {
        self.fill && self.neighbours(cell).any(|c| self.number[c] == 0 && self.ways(c) < 2)
    }

    /// The component tests of the module doc: every unfinished pair can still join its
    /// ends, and (fill) every component of free cells is some pair's way through.
    fn components_fit(&mut self) -> bool {
        self.stamp += 1;
        // Component ids for this node are `base + i`, `i` counting from 0.
        let base = self.stamp;
        let mut next = base;
        for start in 0..self.number.len() {
            if self.number[start] != 0 || self.component[start] >= base {
                continue;
            }
            self.component[start] = next;
            self.queue.clear();
            self.queue.push(start);
            while let Some(c) = self.queue.pop() {
                for i in 0..4 {
                    let n = self.neighbours[c][i];
                    if n != NONE && self.number[n] == 0 && self.component[n] < base {
                        self.component[n] = next;
                        self.queue.push(n);
                    }
                }
            }
            next += 1;
        }
        let count = (next - base) as usize;
        self.stamp = next;
        let mut served = std::mem::take(&mut self.served);
        served.clear();
        served.resize(count, false);
        let fits = self.pairs_cross(&mut served, base) && (!self.fill || served.iter().all(|&s| s));
        self.served = served;
        fits
    }

    /// Whether every unfinished pair can still join its heads, marking in `served` (by
    /// component id minus `base`) the components a pair can cross.
    fn pairs_cross(&self, served: &mut [bool], base: u64) -> bool {
        for k in 0..self.ends.len() {
            if self.finished[k] {
                continue;
            }
            let (head, target) = (self.head(k, 0), self.head(k, 1));
            let adjacent = self.neighbours(head).any(|n| n == target);
            let mut joined = adjacent;
            for a in self.neighbours(head) {
                if self.number[a] != 0 {
                    continue;
                }
                let id = self.component[a];
                if self.neighbours(target).any(|b| self.number[b] == 0 && self.component[b] == id) {
                    joined = true;
                    served[(id - base) as usize] = true;
                }
            }
            if !joined {
                return false;
            }
        }
        true
    }

    fn search(&mut self) {
        self.nodes += 1;
        if self.nodes.is_multiple_of(self.check_every) && self.clock.reached() || self.nodes > self.node_limit {
            self.handed_over = self.nodes > self.node_limit;
            self.stopped = true;
            return;
        }
        if self.unfinished == 0 {
            if !self.fill || self.free == 0 {
                self.record();
            }
            return;
        }
        if !self.components_fit() {
            return;
        }
        let mut best = (NONE, 0, [NONE; 4], usize::MAX);
        'choose: for k in 0..self.ends.len() {
            if !self.finished[k] {
                for side in 0..2 {
                    let (moves, len) = self.moves(k, side);
                    if len < best.3 {
                        best = (k, side, moves, len);
                        if len <= 1 {
                            break 'choose;
                        }
                    }
                }
            }
        }
        let (k, side, moves, len) = best;
        for &step in &moves[..len] {
            let head = self.head(k, side);
            let finishing = step == self.head(k, 1 - side);
            if finishing {
                self.finished[k] = true;
                self.unfinished -= 1;
            } else {
                self.ends[k][side].push(step);
                self.number[step] = k as u32 + 1;
                self.free -= 1;
            }
            let dead = self.dead_end_around(head) || (finishing && self.dead_end_around(step));
            if !dead {
                self.search();
            }
            if finishing {
                self.finished[k] = false;
                self.unfinished += 1;
            } else {
                self.ends[k][side].pop();
                self.number[step] = 0;
                self.free += 1;
            }
            if self.stopped || self.kept.full() {
                return;
            }
        }
    }

    fn record(&mut self) {
        let w = self.puzzle.width();
        let cell = |i: usize| (i / w, i % w);
        let (number, ends) = (&self.number, &self.ends);
        self.kept.record(|| Paths {
            numbers: number.chunks(w).map(<[u32]>::to_vec).collect(),
            paths: ends
                .iter()
                .map(|[front, back]| front.iter().chain(back.iter().rev()).map(|&i| cell(i)).collect())
                .collect(),
        });
    }

    /// What the search found: complete when it was exhausted below its limit.
    fn found(self) -> Found {
        let exhausted = !self.stopped && !self.kept.full();
        self.kept.found(exhausted, Stats::default())
    }

    /// The search from the root; with the fill rule a free cell with fewer than two ways in
    /// or out settles it at once.
    fn run(&mut self) {
        let dead_end = (0..self.number.len()).any(|c| self.dead_end_around(c));
        if !self.kept.full() && !dead_end {
            self.search();
        }
    }
}

/// Solves and counts up to `options.solution_limit`; with the blanks rule, induced solutions
/// first ([`crate::theory::uniqueness::induced_first`]).
pub(crate) fn solve(puzzle: &Numberlink, options: &SolveOptions) -> Result<Found, Error> {
    solve_with(puzzle, options, true)
}

/// The search alone, cut (the count incomplete) past [`HANDOVER`] nodes instead of
/// handing over: deterministic, where a time limit would not be. The generator asks this
/// first, then CP-SAT.
#[cfg(feature = "cp-sat")]
pub(crate) fn search_only(puzzle: &Numberlink, options: &SolveOptions) -> Result<Found, Error> {
    solve_with(puzzle, options, false)
}

fn solve_with(puzzle: &Numberlink, options: &SolveOptions, clause_learning: bool) -> Result<Found, Error> {
    // The search recurses once per step, at most once per cell and pair: on a thread of its
    // own whose stack is sized for the board, so that a large board cannot overflow it.
    let depth = puzzle.width() * puzzle.height() + puzzle.pairs() as usize + 1;
    masu_core::on_sized_stack("the numberlink search", depth, FRAME_BYTES, || {
        solve_here(puzzle, options, clause_learning)
    })
}

/// Stack bytes per level of [`Search::search`], with room to spare.
const FRAME_BYTES: usize = 1024;

fn solve_here(puzzle: &Numberlink, options: &SolveOptions, clause_learning: bool) -> Result<Found, Error> {
    let clock = options.clock();
    let mut engine = masu_core::Engine::default();
    let found = crate::theory::uniqueness::induced_first(puzzle, options.solution_limit, |induced, limit| {
        let mut search = Search::new(puzzle, &clock, induced, Kept::of(options).up_to(limit));
        search.node_limit = options.get(&HANDOVER);
        search.run();
        let nodes = masu_core::Engine { nodes: Some(search.nodes), ..masu_core::Engine::default() };
        engine = std::mem::take(&mut engine).and(nodes);
        if search.handed_over && clause_learning {
            // The induced stage asks for at most two: canonical solutions settle that. The
            // clause-learning stage goes on from what the search recorded.
            let admit = if induced { Admit::Canonical } else { Admit::All };
            let counted = cdcl::count(puzzle, admit, search.kept, &clock, options)?;
            engine = std::mem::take(&mut engine).and(counted.stats.engine.clone());
            return Ok::<_, Error>(counted);
        }
        Ok(search.found())
    })?;
    let cells = puzzle.width() * puzzle.height();
    let constraints_by_kind = std::collections::BTreeMap::from([("path".to_string(), puzzle.pairs() as usize)]);
    let stats = Stats {
        variables: cells,
        constraints: puzzle.pairs() as usize,
        constraints_by_kind,
        engine,
        solves: 1,
        threads: Some(1),
        ..Stats::default()
    };
    Ok(Found { stats, ..found }.finish(&clock).by(Backend::Native))
}

/// Nodes the search visits before it hands over to the clause-learning stage (tens of
/// milliseconds): past it, depth-first search on long winding paths repeats one failure in
/// subtree after subtree (`docs/tuning.md`).
pub const HANDOVER: masu_core::Parameter<u64> =
    masu_core::Parameter::count("handover", 20_000, "nodes before native hands over to clause learning");

/// Whether the clause-learning stage's propagator forces the links that bridges make
/// necessary before a number is cut off (`forcing.rs`), rather than only answering the cut
/// with a clause. Off: on the large janko boards it speeds as many as it slows.
pub const BRIDGES: masu_core::Parameter<bool> = masu_core::Parameter::switch(
    "bridges",
    false,
    "true: native's clause-learning stage forces the links that keep numbers joined to their partners",
);

/// Whether the clause-learning stage states `square` (no three links around a 2×2 block) on
/// the links (`cdcl`'s module doc). Implied by its other clauses; off only to measure it.
pub const SQUARE_RULE: masu_core::Parameter<bool> = masu_core::Parameter::switch(
    "square-rule",
    true,
    "false: native's clause-learning stage leaves out its clauses of at most two links around a 2×2 block",
);

/// Whether the clause-learning stage states `nested` (a corner's diagonal cell turns the
/// same way) on the links (`cdcl`'s module doc). Implied by its other clauses; off only to
/// measure it.
pub const NESTED_RULE: masu_core::Parameter<bool> = masu_core::Parameter::switch(
    "nested-rule",
    true,
    "false: native's clause-learning stage leaves out its clauses of nested corners",
);

/// The search alone, without the clause-learning stage: its solutions up to `limit`, and
/// whether it saw every one.
#[cfg(test)]
pub(crate) fn count_by_search(
    puzzle: &Numberlink,
    induced: bool,
    limit: usize,
    options: &SolveOptions,
) -> (Vec<Paths>, bool) {
    let clock = options.clock();
    let mut search = Search::new(puzzle, &clock, induced, Kept::new(limit, usize::MAX));
    search.run();
    let found = search.found();
    (found.solutions, found.complete)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testkit::{assert_checked_and_distinct, under_both_rules};

    fn count(puzzle: &Numberlink, limit: usize) -> Found {
        solve(puzzle, &SolveOptions { solution_limit: limit, ..SolveOptions::default() }).unwrap()
    }

    /// Every answer passes the checker, none twice, and a complete count that reaches the
    /// limit is not claimed (also with a limit of 1).
    #[test]
    fn answers_are_checked_and_distinct() {
        for puzzle in under_both_rules(3..6) {
            let found = count(&puzzle, 40);
            assert_checked_and_distinct(&puzzle, &found);
            assert!(!found.complete || found.solutions.len() < 40);
            // Asked for one, a search that found one cannot know of a second: with the
            // blanks rule, the induced search once called such a board unique.
            let one = count(&puzzle, 1);
            assert!(!(one.complete && one.solutions.len() == 1), "{puzzle:?}");
        }
    }

    /// A corridor of 20,000 cells: the search goes 20,000 levels deep, which overflowed the
    /// stack of the calling thread before the search got a thread of its own.
    #[test]
    fn deep_searches_do_not_overflow_the_stack() {
        let mut row = vec![0; 20_000];
        row[0] = 1;
        row[19_999] = 1;
        let corridor = Numberlink::new(vec![row], Rule::Fill).unwrap();
        let found = count(&corridor, 2);
        assert!(found.complete);
        assert_eq!(found.solutions.len(), 1);
        assert_eq!(found.solutions[0].paths[0].len(), 20_000);
    }

    /// The same solutions as the `connected` model on CP-SAT, board by board, deciding
    /// uniqueness (limit 2) and counting (limit 30): the count, whether it is complete, and
    /// when it is, the answers themselves. Under the blanks rule this covers the induced
    /// shortcut of `solve`.
    #[cfg(feature = "cp-sat")]
    #[test]
    fn counts_equal_the_connected_model() {
        for (rule, sizes) in [(Rule::Fill, 3..8), (Rule::Blanks, 3..5)] {
            for (puzzle, limit) in
                crate::testkit::boards(sizes, rule).into_iter().flat_map(|p| [(p.clone(), 2), (p, 30)])
            {
                let options = SolveOptions { solution_limit: limit, ..SolveOptions::default() };
                let theirs = crate::models::connected::solve(&puzzle, &options).unwrap();
                crate::testkit::assert_same_count(&count(&puzzle, limit), &theirs, &format!("{puzzle:?}"));
            }
        }
    }
}
