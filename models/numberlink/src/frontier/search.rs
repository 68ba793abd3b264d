//! Fast answers: a depth-first sweep for solutions whose paths never run beside themselves
//! (a cell's same-numbered neighbours are its path neighbours). Cells are taken one
//! anti-diagonal after another, each from its top-right end down, so that a cell's north
//! and west neighbours are decided before it, and so is the whole diagonal up its right.
//! Each cell picks the links it adds east and south (those from north and west are
//! given); the open ends carry their *mate*, the other open end of their segment (Knuth's
//! SIMPATH), so a link is refused in O(1) when it closes a loop or joins two numbers.
//! Every assignment that reaches the last cell is a solution, one assignment each, so an
//! exhausted search has counted exactly.
//!
//! Corners cut what touching would need:
//!
//! ```text
//! ┌ at (r, c), not an endpoint:  (r+1, c+1) links neither north nor west
//! ┐ at (r, c):                   (r+1, c−1) links neither north nor east
//! ┘ at (r, c):                   (r−1, c−1) links neither south nor east
//! └ at (r, c):                   (r−1, c+1) links neither south nor west
//! ```
//!
//! (the inner cell of a corner is beside two cells of its path: linked to both it would
//! close a square, to one it would touch the other). Under the fill rule the inner cell
//! then turns the same corner or is an endpoint: a `┌` or `┐` needs a diagonal of empty
//! cells down to an endpoint (`nested`, known before the search), and a `┐`'s diagonal,
//! decided up to its west and north links when the `┐` is placed, must already be a lane of
//! cells entered from the west only. A solution is checked whole before it counts.
//!
//! Canonical search ([`Search::canonical`], blanks rule): the inner cell of a `┌` or `┐`
//! cannot be blank either (the corner would move down into it), so corners nest as under
//! the fill rule, while other cells may stay blank; and a solution counts only if no blank
//! cell joins two cells of one path the long way round.

use masu_core::{Clock, Ended, Kept};

use super::sweep::{EAST, NORTH, SOUTH, WEST};
use crate::puzzle::{Cell, Numberlink, Paths, Rule, Shortcut};

/// The links of a `┘`, or of a cell entered from both sides before it is placed.
const NORTH_WEST: u8 = NORTH | WEST;

/// The depth-first sweep.
#[derive(Debug)]
pub(crate) struct Search<'a> {
    puzzle: &'a Numberlink,
    width: usize,
    fill: bool,
    /// Corners nest: the inner cell of a `┌` or `┐` turns the same corner or is an endpoint
    /// (fill rule, and canonical solutions, where it cannot be blank).
    nest: bool,
    clue: Vec<u32>,
    /// The cells in sweep order.
    order: Vec<usize>,
    /// `nested[i]`: when corners nest, whether a `┌` (bit 0) and a `┐` (bit 1) may stand at
    /// cell `i`.
    nested: Vec<u8>,
    /// The sides of each cell linked so far.
    links: Vec<u8>,
    /// For the open end of a segment, its other open end.
    mate: Vec<usize>,
    /// Undo log: (is a mate, cell, old value).
    undo: Vec<(bool, usize, usize)>,
    /// Keep canonical solutions only (blanks rule, [`Search::canonical`]): the shortcuts
    /// through blank cells, `(b, c, d, e)` as [`Numberlink::shortcuts`] gives them.
    shortcuts: Vec<Shortcut>,
    pub nodes: u64,
}

impl<'a> Search<'a> {
    pub fn new(puzzle: &'a Numberlink) -> Search<'a> {
        let (w, h) = (puzzle.width(), puzzle.height());
        let clue: Vec<u32> = (0..w * h).map(|i| puzzle.at((i / w, i % w))).collect();
        let fill = puzzle.rule == Rule::Fill;
        let nested = if fill { puzzle.nested_corners() } else { vec![0b11u8; w * h] };
        let order = (0..w + h - 1)
            .flat_map(|d| (0..h).filter(move |&r| r <= d && d - r < w).map(move |r| r * w + d - r))
            .collect();
        Search {
            puzzle,
            width: w,
            fill,
            nest: fill,
            clue,
            order,
            nested,
            links: vec![0; w * h],
            mate: (0..w * h).collect(),
            undo: Vec::new(),
            shortcuts: Vec::new(),
            nodes: 0,
        }
    }

    /// Keeps only canonical solutions (blanks rule; `docs/counting.md`): no `┌` or `┐`
    /// corner with a blank cell across its 2×2 block (cut when the blank cell is placed),
    /// no two cells of one path beside a blank cell that would join them in two steps
    /// (checked on each solution). Every solution reduces to a canonical one, so an
    /// exhausted search with one answer is settled by [`crate::theory::uniqueness::reroute`].
    pub fn canonical(mut self) -> Self {
        if !self.fill {
            self.shortcuts = self.puzzle.shortcuts();
            self.nest = true;
            self.nested = self.puzzle.nested_corners();
        }
        self
    }

    /// Searches for solutions into `kept`, up to its limit, within `budget` nodes, asking
    /// `clock` now and then.
    pub fn run(&mut self, mut kept: Kept<Paths>, budget: u64, clock: &Clock) -> (Kept<Paths>, Ended) {
        let ended = self.sweep(&mut kept, budget, clock);
        (kept, ended)
    }

    fn sweep(&mut self, kept: &mut Kept<Paths>, budget: u64, clock: &Clock) -> Ended {
        let cells = self.order.len();
        // Per depth: the choices of links out (east, south), the next to try, the undo mark.
        let mut choices = vec![[0u8; 2]; cells];
        let mut count = vec![0u8; cells];
        let mut cursor = vec![0u8; cells];
        let mut mark = vec![0usize; cells];
        let mut depth = 0;
        self.choose(self.order[0], &mut choices[0], &mut count[0]);
        loop {
            if cursor[depth] == count[depth] {
                if depth == 0 {
                    return Ended::Exhausted;
                }
                depth -= 1;
                self.rewind(mark[depth]);
                continue;
            }
            let out = choices[depth][usize::from(cursor[depth])];
            cursor[depth] += 1;
            self.nodes += 1;
            if self.nodes.is_multiple_of(4096) && clock.reached() {
                return Ended::Stopped;
            }
            if self.nodes > budget {
                return Ended::Budget;
            }
            let cell = self.order[depth];
            mark[depth] = self.undo.len();
            if !self.place(cell, out) {
                self.rewind(mark[depth]);
                continue;
            }
            if depth + 1 == cells {
                let paths = self.paths();
                if !paths.touches_itself()
                    && crate::theory::uniqueness::shortcut_free(&self.shortcuts, &paths)
                    && kept.record(|| paths)
                {
                    return Ended::Limit;
                }
                self.rewind(mark[depth]);
                continue;
            }
            depth += 1;
            cursor[depth] = 0;
            self.choose(self.order[depth], &mut choices[depth], &mut count[depth]);
        }
    }

    /// The sets of links out (east, south) cell `i` may add to those it has: a turn first.
    fn choose(&self, i: usize, choices: &mut [u8; 2], count: &mut u8) {
        let has = self.links[i];
        let mut put = |set: &[u8]| {
            choices[..set.len()].copy_from_slice(set);
            *count = set.len() as u8;
        };
        match (self.clue[i] != 0, has) {
            (true, 0) => put(&[SOUTH, EAST]),
            (true, _) | (false, NORTH_WEST) => put(&[0]),
            (false, 0) if self.fill => put(&[EAST | SOUTH]),
            (false, 0) => put(&[EAST | SOUTH, 0]),
            (false, WEST) => put(&[EAST, SOUTH]),
            (false, _) => put(&[SOUTH, EAST]),
        }
    }

    /// Adds links `out` at cell `i` if the links and the corner rules allow them.
    fn place(&mut self, i: usize, out: u8) -> bool {
        let w = self.width;
        let (r, c) = (i / w, i % w);
        let h = self.clue.len() / w;
        if out & EAST != 0 && (c + 1 == w || !self.link(i, i + 1, EAST, WEST)) {
            return false;
        }
        if out & SOUTH != 0 && (r + 1 == h || !self.link(i, i + w, SOUTH, NORTH)) {
            return false;
        }
        let tile = self.links[i];
        let plain = |j: usize| self.clue[j] == 0;
        // The inner cells of corners on the row above, which this cell is.
        if self.inside_a_turn_down_right(i) && tile & NORTH_WEST != 0 {
            return false;
        }
        if r > 0 && c + 1 < w && plain(i - w + 1) && self.links[i - w + 1] == SOUTH | WEST && tile & EAST != 0 {
            return false;
        }
        if c + 1 < w && !self.viable(i + 1) || c == 0 && r + 1 < h && !self.viable(i + w) {
            return false;
        }
        if !plain(i) {
            return true;
        }
        if tile == 0 && self.nest && self.below_a_corner(i) {
            return false;
        }
        match tile {
            t if t == SOUTH | EAST => self.nested[i] & 1 != 0,
            t if t == SOUTH | WEST => self.nested[i] & 2 != 0 && self.lane(i),
            NORTH_WEST => self.round_inner_corner(i),
            t if t == NORTH | EAST => self.links[i - w + 1] & (SOUTH | WEST) == 0,
            _ => true,
        }
    }

    /// Whether cell `x`, whose links in (north, west) are now all decided, has a way out
    /// that the cells decided so far allow (a look one cell ahead: without it a dead cell
    /// is found only after the rest of the diagonal has been tried every way).
    fn viable(&self, x: usize) -> bool {
        let w = self.width;
        let h = self.clue.len() / w;
        let (r, c) = (x / w, x % w);
        let has = self.links[x];
        let number = self.clue[self.mate[x]];
        // A link out to `y` cannot join two numbers (`y` has no links yet).
        let open = |y: usize| number == 0 || self.clue[y] == 0 || self.clue[y] == number;
        let east = c + 1 < w && open(x + 1);
        let south = r + 1 < h && open(x + w);
        if self.inside_a_turn_down_right(x) && has & NORTH_WEST != 0 {
            return false;
        }
        if self.clue[x] != 0 {
            return has != 0 || east || south;
        }
        match has {
            0 if !(self.fill || self.nest && self.below_a_corner(x)) => true,
            0 => east && south && self.nested[x] & 1 != 0,
            WEST => east || south && self.nested[x] & 2 != 0,
            NORTH => east || south,
            _ => self.round_inner_corner(x),
        }
    }

    /// Whether cell `i` is the inner cell of a `┌` (its north-west neighbour, not an
    /// endpoint, links south and east): it may then link neither north nor west.
    fn inside_a_turn_down_right(&self, i: usize) -> bool {
        let w = self.width;
        i >= w && !i.is_multiple_of(w) && self.clue[i - w - 1] == 0 && self.links[i - w - 1] == SOUTH | EAST
    }

    /// Whether blank cell `i` is across the 2×2 block from a `┌` (north-west of it) or a `┐`
    /// (north-east), which could then move down into it.
    fn below_a_corner(&self, i: usize) -> bool {
        let w = self.width;
        let (r, c) = (i / w, i % w);
        r > 0 && (c > 0 && self.links[i - w - 1] == SOUTH | EAST || c + 1 < w && self.links[i - w + 1] == SOUTH | WEST)
    }

    /// For a `┘` at `i`: its inner cell, north-west, links neither south nor east.
    fn round_inner_corner(&self, i: usize) -> bool {
        self.links[i - self.width - 1] & (SOUTH | EAST) == 0
    }

    /// Below a `┐` at `i`, the diagonal down-left to the endpoint that ends it (fill rule),
    /// or its first cell (blanks): entered neither from the north nor, under the fill rule,
    /// from anywhere but the west.
    fn lane(&self, i: usize) -> bool {
        let w = self.width;
        let mut j = i + w - 1;
        loop {
            if self.links[j] & NORTH != 0 {
                return false;
            }
            if !self.nest || self.clue[j] != 0 {
                return true;
            }
            if self.links[j] != WEST {
                return false;
            }
            j += w - 1;
        }
    }

    /// Links cells `a` and `b` (`b` on side `side` of `a`): refused when `b` is an endpoint
    /// already linked, when it closes a loop, or when it joins two numbers.
    fn link(&mut self, a: usize, b: usize, side: u8, back: u8) -> bool {
        if self.clue[b] != 0 && self.links[b] != 0 {
            return false;
        }
        let (ea, eb) = (self.mate[a], self.mate[b]);
        if ea == b {
            return false;
        }
        let (ka, kb) = (self.clue[ea], self.clue[eb]);
        if ka != 0 && kb != 0 && ka != kb {
            return false;
        }
        self.set_links(a, self.links[a] | side);
        self.set_links(b, self.links[b] | back);
        self.set_mate(ea, eb);
        self.set_mate(eb, ea);
        true
    }

    fn set_links(&mut self, i: usize, value: u8) {
        self.undo.push((false, i, usize::from(self.links[i])));
        self.links[i] = value;
    }

    fn set_mate(&mut self, i: usize, value: usize) {
        self.undo.push((true, i, self.mate[i]));
        self.mate[i] = value;
    }

    fn rewind(&mut self, to: usize) {
        while self.undo.len() > to {
            let Some((is_mate, i, old)) = self.undo.pop() else { break };
            if is_mate {
                self.mate[i] = old;
            } else {
                self.links[i] = old as u8;
            }
        }
    }

    /// The solution the links draw.
    fn paths(&self) -> Paths {
        let w = self.width;
        let cell = |i: usize| -> Cell { (i / w, i % w) };
        let mut links = Vec::new();
        for (i, &l) in self.links.iter().enumerate() {
            if l & EAST != 0 {
                links.push((cell(i), cell(i + 1)));
            }
            if l & SOUTH != 0 {
                links.push((cell(i), cell(i + w)));
            }
        }
        Paths::from_links(self.puzzle, &links)
    }
}
