//! The board as links: a value per link between neighbouring cells (undecided, line, blank),
//! each cell's degree and undecided links, the two ends of every partial path, and a trail
//! that undoes. [`State::set`] decides a link and [`State::propagate`] pushes every decision
//! to its fixpoint (the rules are listed in the module doc of `links`).

mod cups;

use crate::puzzle::geometry::Side;

/// A link's value.
pub(super) const UNDECIDED: u8 = 0;
pub(super) const LINE: u8 = 1;
pub(super) const BLANK: u8 = 2;

pub(super) use crate::puzzle::geometry::NONE;

/// The sides of a cell as [`State::adj`] indexes them ([`Side::index`]).
pub(super) const EAST: usize = Side::East.index();
pub(super) const SOUTH: usize = Side::South.index();
pub(super) const WEST: usize = Side::West.index();
pub(super) const NORTH: usize = Side::North.index();

/// What the trail undoes.
#[derive(Clone, Copy, Debug)]
enum Undo {
    /// A link was decided (its cells' degrees and undecided counts follow from it).
    Link(u32),
    /// A chain end's mate was this.
    Mate(u32, u32),
    /// A number was finished.
    Finished,
    /// `spans[lo] += d`, `spans[hi] -= d` was applied.
    Span(u32, u32, i32),
}

#[derive(Clone, Debug)]
pub(super) struct State {
    pub w: usize,
    pub h: usize,
    pub clue: Vec<u32>,
    /// Horizontal link `(i, i + 1)` at `i`, vertical `(i, i + w)` at `w·h + i`.
    pub link: Vec<u8>,
    /// For each cell, up to four `(link, neighbour)`, east, south, west, north (the sides
    /// `0..4`); `NONE`-padded.
    pub adj: Vec<[(usize, usize); 4]>,
    pub deg: Vec<u8>,
    pub und: Vec<u8>,
    /// For a cell that ends a chain (a partial path), the chain's other end; a cell on no
    /// chain is its own mate.
    pub mate: Vec<usize>,
    /// Numbers not yet joined.
    pub open: u32,
    /// `across[x]`: the undecided links between columns `x` and `x + 1`.
    pub across: Vec<u32>,
    /// Chains without a number, as a difference over columns: −1 at the column of one end,
    /// +1 at the other's (the lower first); their prefix sums count the chains crossing
    /// between each column and the next.
    pub spans: Vec<i32>,
    /// Each cell's column (read at every link set: a table, not a division).
    pub col: Vec<u32>,
    /// Induced solutions only (no path runs beside itself): no 2×2 block with three line
    /// links or more, two ends carrying one number are linked.
    induced: bool,
    /// Corners nest: the cell across a `┌` or `┐` is an endpoint or turns the same way
    /// (canonical solutions; under the fill rule every induced one).
    nest: bool,
    fill: bool,
    /// `nested[i]`, where corners nest: whether a `┌` (bit 0) or a `┐` (bit 1) may stand at `i`: its
    /// diagonal down reaches an endpoint before the edge.
    nested: Vec<u8>,
    trail: Vec<Undo>,
    /// Cells to inspect, links newly set to line.
    cells: Vec<usize>,
    lines: Vec<usize>,
}

impl State {
    pub fn new(puzzle: &crate::puzzle::Numberlink, induced: bool, nest: bool) -> State {
        let (w, h) = (puzzle.width, puzzle.height);
        let clue = puzzle.cells.clone();
        let mut adj = vec![[(NONE, NONE); 4]; w * h];
        let mut und = vec![0u8; w * h];
        for i in 0..w * h {
            // The link across each side: links east of a cell are numbered by the cell,
            // those south of it after them.
            let link = |side: Side, j: usize| match side {
                Side::East => i,
                Side::West => j,
                Side::South => w * h + i,
                Side::North => w * h + j,
            };
            let sides = Side::ALL.map(|side| side.step(i, w, h).map(|j| (link(side, j), j)));
            for (k, side) in sides.into_iter().enumerate() {
                adj[i][k] = side.unwrap_or((NONE, NONE));
            }
            und[i] = sides.iter().flatten().count() as u8;
        }
        let nested = puzzle.nested_corners();
        State {
            w,
            h,
            clue,
            link: vec![UNDECIDED; 2 * w * h],
            adj,
            deg: vec![0; w * h],
            und,
            mate: (0..w * h).collect(),
            open: puzzle.pairs,
            across: vec![h as u32; w.saturating_sub(1)],
            spans: vec![0; w],
            col: (0..w * h).map(|i| (i % w) as u32).collect(),
            induced,
            nest,
            fill: puzzle.rule == crate::puzzle::Rule::Fill,
            nested,
            trail: Vec::new(),
            cells: Vec::new(),
            lines: Vec::new(),
        }
    }

    /// The two cells of link `l`.
    pub fn ends(&self, l: usize) -> (usize, usize) {
        let n = self.w * self.h;
        if l < n { (l, l + 1) } else { (l - n, l - n + self.w) }
    }

    /// The undecided links of cell `i`, with the neighbour across each.
    pub fn open_links(&self, i: usize) -> impl Iterator<Item = (usize, usize)> + '_ {
        self.adj[i].iter().copied().filter(|&(l, _)| l != NONE && self.link[l] == UNDECIDED)
    }

    fn cap(&self, i: usize) -> u8 {
        if self.clue[i] != 0 { 1 } else { 2 }
    }

    /// Whether `i` ends a chain that can still grow: an endpoint without its link, or a cell
    /// with one link.
    pub fn is_end(&self, i: usize) -> bool {
        self.deg[i] < self.cap(i) && (self.clue[i] != 0 || self.deg[i] == 1)
    }

    /// The link on `side` of cell `i`, if the board has one.
    fn side(&self, i: usize, side: usize) -> Option<usize> {
        Some(self.adj[i][side].0).filter(|&l| l != NONE)
    }

    /// Whether the link on `side` of cell `i` is a line.
    fn line_at(&self, i: usize, side: usize) -> bool {
        self.side(i, side).is_some_and(|l| self.link[l] == LINE)
    }

    /// The number the chain ending at `i` carries (0: none yet).
    pub fn number(&self, i: usize) -> u32 {
        self.clue[i].max(self.clue[self.mate[i]])
    }

    /// Puts every cell up for inspection: the next [`State::propagate`] starts from the
    /// board's own givens.
    pub fn inspect_all(&mut self) {
        self.cells = (0..self.deg.len()).collect();
    }

    /// Where the trail stands, to [`State::undo`] to.
    pub fn mark(&self) -> usize {
        self.trail.len()
    }

    pub fn undo(&mut self, mark: usize) {
        while self.trail.len() > mark {
            match self.trail.pop() {
                Some(Undo::Link(l)) => {
                    let l = l as usize;
                    let (a, b) = self.ends(l);
                    if self.link[l] == LINE {
                        self.deg[a] -= 1;
                        self.deg[b] -= 1;
                    }
                    self.und[a] += 1;
                    self.und[b] += 1;
                    self.link[l] = UNDECIDED;
                    if l < self.w * self.h {
                        self.across[self.col[l] as usize] += 1;
                    }
                }
                Some(Undo::Mate(i, old)) => self.mate[i as usize] = old as usize,
                Some(Undo::Finished) => self.open += 1,
                Some(Undo::Span(lo, hi, d)) => {
                    self.spans[lo as usize] -= d;
                    self.spans[hi as usize] += d;
                }
                None => break,
            }
        }
        self.cells.clear();
        self.lines.clear();
    }

    /// Decides link `l`; false when that contradicts the state (a degree exceeded, a loop
    /// closed, two numbers joined, or the link already the other way).
    pub fn set(&mut self, l: usize, value: u8) -> bool {
        let now = self.link[l];
        if now != UNDECIDED {
            return now == value;
        }
        let (a, b) = self.ends(l);
        if value == LINE {
            if self.deg[a] >= self.cap(a) || self.deg[b] >= self.cap(b) {
                return false;
            }
            let (ea, eb) = (self.mate[a], self.mate[b]);
            let (na, nb) = (self.number(a), self.number(b));
            if ea == b || na != 0 && nb != 0 && na != nb {
                return false;
            }
            if na == 0 {
                self.span(a, ea, 1);
            }
            if nb == 0 {
                self.span(b, eb, 1);
            }
            if na == 0 && nb == 0 {
                self.span(ea, eb, -1);
            }
            self.trail.push(Undo::Mate(ea as u32, self.mate[ea] as u32));
            self.mate[ea] = eb;
            self.trail.push(Undo::Mate(eb as u32, self.mate[eb] as u32));
            self.mate[eb] = ea;
            if na != 0 && na == nb {
                self.open -= 1;
                self.trail.push(Undo::Finished);
            }
            self.deg[a] += 1;
            self.deg[b] += 1;
            self.lines.push(l);
        }
        self.und[a] -= 1;
        self.und[b] -= 1;
        self.link[l] = value;
        if l < self.w * self.h {
            self.across[self.col[l] as usize] -= 1;
        }
        self.trail.push(Undo::Link(l as u32));
        self.cells.push(a);
        self.cells.push(b);
        true
    }

    /// Adds `d` at the lower column of cells `i` and `j` and takes it at the higher.
    #[inline(always)]
    fn span(&mut self, i: usize, j: usize, d: i32) {
        let (ci, cj) = (self.col[i], self.col[j]);
        if ci != cj {
            let (lo, hi) = (ci.min(cj), ci.max(cj));
            self.spans[lo as usize] += d;
            self.spans[hi as usize] -= d;
            self.trail.push(Undo::Span(lo, hi, d));
        }
    }

    /// Runs the rules to their fixpoint; false on a contradiction (the queues are then
    /// emptied, the trail kept for [`State::undo`]).
    pub fn propagate(&mut self) -> bool {
        loop {
            let ok = if let Some(l) = self.lines.pop() {
                !self.induced || self.blocks(l)
            } else if let Some(i) = self.cells.pop() {
                self.inspect(i)
            } else {
                return true;
            };
            if !ok {
                self.cells.clear();
                self.lines.clear();
                return false;
            }
        }
    }

    /// Degrees, ends that meet, and (where corners nest) the corner rules at cell `i`.
    fn inspect(&mut self, i: usize) -> bool {
        let (cap, deg, und) = (self.cap(i), self.deg[i], self.und[i]);
        if deg == cap {
            return und == 0 || self.set_open(i, BLANK);
        }
        if self.clue[i] != 0 || deg == 1 {
            // One more link, among the undecided.
            match und {
                0 => return false,
                1 => return self.set_open(i, LINE),
                _ => {}
            }
            for k in 0..4 {
                let (l, j) = self.adj[i][k];
                if l == NONE || self.link[l] != UNDECIDED || !self.is_end(j) {
                    continue;
                }
                let joined = if self.mate[i] == j {
                    // Both ends of one chain, side by side: never linked, and touching.
                    if self.induced {
                        return false;
                    }
                    BLANK
                } else {
                    let (ni, nj) = (self.number(i), self.number(j));
                    if ni != 0 && nj != 0 && ni != nj {
                        BLANK
                    } else if self.induced && ni != 0 && ni == nj {
                        LINE
                    } else {
                        continue;
                    }
                };
                if !self.set(l, joined) {
                    return false;
                }
            }
            if self.nest && deg == 1 {
                return self.corner(i);
            }
            return true;
        }
        // A cell with no link yet.
        match (self.fill, und) {
            (true, 0 | 1) => false,
            (true, 2) => self.set_open(i, LINE),
            (false, 1) => self.set_open(i, BLANK),
            (false, 0) => !(self.nest && self.cup_after_blank(i)),
            _ => true,
        }
    }

    /// Sets every undecided link of `i` to `value`.
    fn set_open(&mut self, i: usize, value: u8) -> bool {
        for k in 0..4 {
            let (l, _) = self.adj[i][k];
            if l != NONE && self.link[l] == UNDECIDED && !self.set(l, value) {
                return false;
            }
        }
        true
    }

    /// Corners nest, at a plain cell with one link (an endpoint with one is full): a link
    /// that would make a corner no endpoint ends down its diagonal (`┌` or `┐` that cannot
    /// nest) is blank.
    fn corner(&mut self, i: usize) -> bool {
        let (south, east, west) = (self.side(i, SOUTH), self.side(i, EAST), self.side(i, WEST));
        let mut blanks = [None; 2];
        if self.nested[i] & 1 == 0 {
            if self.line_at(i, SOUTH) {
                blanks[0] = east;
            } else if self.line_at(i, EAST) {
                blanks[0] = south;
            }
        }
        if self.nested[i] & 2 == 0 {
            if self.line_at(i, SOUTH) {
                blanks[1] = west;
            } else if self.line_at(i, WEST) {
                blanks[1] = south;
            }
        }
        blanks.into_iter().flatten().all(|l| self.link[l] != UNDECIDED || self.set(l, BLANK))
    }

    /// Induced, for a new line link `l`: in each 2×2 block around it, two line links make
    /// the other two blank (three would turn a path back beside itself); where corners nest,
    /// a `┌` or `┐` it completes puts the same corner (or an endpoint) across its block.
    fn blocks(&mut self, l: usize) -> bool {
        let (w, h, n) = (self.w, self.h, self.w * self.h);
        let (a, b) = self.ends(l);
        let (r, c) = (a / w, a % w);
        let corners: [Option<usize>; 2] = if l < n {
            [(r + 1 < h).then_some(a), (r > 0).then(|| a - w)]
        } else {
            [(c + 1 < w).then_some(a), (c > 0).then(|| a - 1)]
        };
        for t in corners.into_iter().flatten() {
            let block = [t, t + w, n + t, n + t + 1];
            let lines = block.iter().filter(|&&k| self.link[k] == LINE).count();
            if lines >= 3 {
                return false;
            }
            if lines == 2 && !block.iter().all(|&k| self.link[k] != UNDECIDED || self.set(k, BLANK)) {
                return false;
            }
        }
        !self.nest || self.nested_at(a) && self.nested_at(b) && !self.cup_after_line(l, false)
    }

    /// Corners nest: a plain cell turning `┌` (`┐`) has across its block a cell that is an
    /// endpoint or turns the same way.
    #[inline(always)]
    fn nested_at(&mut self, i: usize) -> bool {
        if self.clue[i] != 0 || self.deg[i] != 2 {
            return true;
        }
        let (w, h, n) = (self.w, self.h, self.w * self.h);
        let (r, c) = (i / w, i % w);
        if r + 1 == h || self.link[n + i] != LINE {
            return true;
        }
        let across = if c + 1 < w && self.link[i] == LINE {
            i + w + 1
        } else if c > 0 && self.link[i - 1] == LINE {
            i + w - 1
        } else {
            return true;
        };
        if self.clue[across] != 0 {
            return true;
        }
        let (ar, ac) = (across / w, across % w);
        let side = if across > i + w { (ac + 1 < w).then_some(across) } else { (ac > 0).then(|| across - 1) };
        let (Some(side), true) = (side, ar + 1 < h) else { return false };
        self.set(side, LINE) && self.set(n + across, LINE)
    }

    /// The links set to line, as cell pairs.
    pub fn lines(&self) -> Vec<(crate::puzzle::Cell, crate::puzzle::Cell)> {
        let w = self.w;
        let cell = |i: usize| (i / w, i % w);
        (0..self.link.len())
            .filter(|&l| self.link[l] == LINE)
            .map(|l| {
                let (a, b) = self.ends(l);
                (cell(a), cell(b))
            })
            .collect()
    }
}
