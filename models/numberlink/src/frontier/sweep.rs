//! The sweep: the board cell by cell in reading order (transposed when wider than tall, so
//! the frontier is the shorter side), and one step of it, shared by the search and the
//! counter.
//!
//! Before cell `(r, c)` the *profile* `p[0..=w]` holds the links that cross from processed
//! cells into unprocessed ones: `p[j]`, `j < c`, the link down from `(r, j)`; `p[c]` the link
//! into `(r, c)` from its left; `p[j + 1]`, `j ≥ c`, the link down from `(r − 1, j)`. Each
//! entry is a label: 0 no link, `1..=pairs` an open end of a path attached to that number's
//! endpoint, above `pairs` an open end of a floating segment, whose other open end is the
//! one other entry with that label. The step picks the cell's *tile* (which of its four
//! sides are linked), writes the links down and right into `p[c]`, `p[c + 1]`, and joins
//! labels:
//!
//! ```text
//! endpoint of k:   one side linked; an incoming k completes k, a floating end becomes k,
//!                  another number is refused; no incoming: k goes out down or right
//! other cell:      two sides (fill) or two or none (blanks); two incoming are joined:
//!                  k with k completes k, k with j ≠ k is refused, a segment with itself is a
//!                  loop (refused), otherwise the far end takes the joined label
//! ```
//!
//! Floating labels are renumbered in order of appearance after each step, so equal profiles
//! have equal labels: two partial solutions with equal profiles have the same completions.
//! After the last cell the profile is empty exactly when the tiles form a solution.

use crate::puzzle::geometry::Side;
use crate::puzzle::{Cell, Numberlink, Paths, Rule};

/// A tile is the set of sides its cell is linked on, as bits ([`Side::bit`]).
pub(crate) const NORTH: u8 = Side::North.bit();
pub(crate) const EAST: u8 = Side::East.bit();
pub(crate) const SOUTH: u8 = Side::South.bit();
pub(crate) const WEST: u8 = Side::West.bit();

/// A label in the profile (see the module doc).
pub(crate) type Label = u16;

/// A label no step leaves behind: the new segment's, before renumbering.
const FRESH: Label = Label::MAX;

/// The board as the sweep visits it.
#[derive(Debug)]
pub(crate) struct Sweep {
    /// Cells per swept row: the frontier's width.
    pub width: usize,
    pub height: usize,
    /// The sweep runs over the transposed board.
    transposed: bool,
    /// The number on each cell in sweep order, 0 for none.
    pub clue: Vec<Label>,
    pub pairs: Label,
    pub fill: bool,
    /// Whether a path may turn back on itself around two corners (`┌┐`, `└┘`).
    pub u_turns: bool,
    /// Scratch for renumbering.
    renumber: Vec<Label>,
}

impl Sweep {
    /// `None` when the labels would not fit (more than 65,000 numbers and segments).
    pub fn new(puzzle: &Numberlink) -> Option<Sweep> {
        let transposed = puzzle.width() > puzzle.height();
        let (width, height) =
            if transposed { (puzzle.height(), puzzle.width()) } else { (puzzle.width(), puzzle.height()) };
        let pairs = Label::try_from(puzzle.pairs()).ok()?;
        if usize::from(pairs) + width + 2 >= usize::from(FRESH) {
            return None;
        }
        let clue = (0..width * height)
            .map(|i| {
                let (r, c) = (i / width, i % width);
                puzzle.at(if transposed { (c, r) } else { (r, c) }) as Label
            })
            .collect();
        let renumber = vec![0; usize::from(pairs) + width + 3];
        Some(Sweep { width, height, transposed, clue, pairs, fill: puzzle.rule == Rule::Fill, u_turns: true, renumber })
    }

    /// The profile before the first cell.
    pub fn start(&self) -> Vec<Label> {
        vec![0; self.width + 1]
    }

    /// The tiles cell `i` may take under profile `p`, at most three, into `out`.
    pub fn tiles(&self, i: usize, p: &[Label], out: &mut Vec<u8>) {
        out.clear();
        let (r, c) = (i / self.width, i % self.width);
        let (left, up) = (p[c] != 0, p[c + 1] != 0);
        let (down, right) = (r + 1 < self.height, c + 1 < self.width);
        let incoming = if left { WEST } else { 0 } | if up { NORTH } else { 0 };
        if self.clue[i] != 0 {
            match (left, up) {
                (true, true) => {}
                (false, false) => {
                    out.extend(down.then_some(SOUTH));
                    out.extend(right.then_some(EAST));
                }
                _ => out.push(incoming),
            }
            return;
        }
        match (left, up) {
            (true, true) => out.push(NORTH | WEST),
            (false, false) => {
                if !self.fill {
                    out.push(0);
                }
                if down && right {
                    out.push(SOUTH | EAST);
                }
            }
            _ => {
                // `┌┐` and `└┘`: the left cell links south, the cell up-right links south.
                let u_turn = if left { c > 0 && p[c - 1] != 0 } else { c + 2 <= self.width && p[c + 2] != 0 };
                if self.u_turns || !u_turn {
                    out.extend(down.then_some(incoming | SOUTH).filter(|_| left));
                    out.extend(right.then_some(incoming | EAST).filter(|_| up));
                }
                out.extend(down.then_some(incoming | SOUTH).filter(|_| up));
                out.extend(right.then_some(incoming | EAST).filter(|_| left));
            }
        }
    }

    /// Applies `tile` (one of [`Sweep::tiles`]) at cell `i` to `p`; `false` when the tile
    /// joins two numbers or closes a loop (`p` is then garbage).
    pub fn apply(&mut self, i: usize, p: &mut [Label], tile: u8) -> bool {
        let c = i % self.width;
        let (left, up) = (p[c], p[c + 1]);
        let clue = self.clue[i];
        let (mut down, mut right) = (0, 0);
        if clue != 0 {
            match left.max(up) {
                0 => (down, right) = if tile & SOUTH != 0 { (clue, 0) } else { (0, clue) },
                x if x == clue => {}
                x if x <= self.pairs => return false,
                x => replace(p, x, clue),
            }
        } else if left != 0 && up != 0 {
            let (a, b) = (left.min(up), left.max(up));
            if a == b {
                // Two ends of one number complete it; two ends of one segment close a loop.
                if a > self.pairs {
                    return false;
                }
            } else if b <= self.pairs {
                return false;
            } else {
                replace(p, b, a);
            }
        } else if left != 0 || up != 0 {
            let x = left.max(up);
            (down, right) = if tile & SOUTH != 0 { (x, 0) } else { (0, x) };
        } else if tile != 0 {
            (down, right) = (FRESH, FRESH);
        }
        p[c] = down;
        p[c + 1] = right;
        if c + 1 == self.width {
            p.rotate_right(1);
        }
        self.canonical(p);
        true
    }

    /// Renumbers floating labels in order of appearance.
    fn canonical(&mut self, p: &mut [Label]) {
        let pairs = self.pairs;
        let mut next = pairs;
        let fresh_slot = self.renumber.len() - 1;
        self.renumber.fill(0);
        for x in p.iter_mut().filter(|x| **x > pairs) {
            let slot = if *x == FRESH { fresh_slot } else { usize::from(*x - pairs) };
            if self.renumber[slot] == 0 {
                next += 1;
                self.renumber[slot] = next;
            }
            *x = self.renumber[slot];
        }
    }

    /// The solution drawn by one tile per cell (sweep order).
    pub fn paths(&self, puzzle: &Numberlink, tiles: &[u8]) -> Paths {
        let mut links = Vec::new();
        for (i, &tile) in tiles.iter().enumerate() {
            let (r, c) = (i / self.width, i % self.width);
            if tile & SOUTH != 0 {
                links.push((self.cell(r, c), self.cell(r + 1, c)));
            }
            if tile & EAST != 0 {
                links.push((self.cell(r, c), self.cell(r, c + 1)));
            }
        }
        Paths::from_links(puzzle, &links)
    }

    /// The board's cell at sweep row `r`, column `c`.
    fn cell(&self, r: usize, c: usize) -> Cell {
        if self.transposed { (c, r) } else { (r, c) }
    }
}

/// Every `from` in `p` becomes `to`.
fn replace(p: &mut [Label], from: Label, to: Label) {
    for x in p.iter_mut().filter(|x| **x == from) {
        *x = to;
    }
}
