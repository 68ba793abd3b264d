//! Cups: a path that runs `└─…─┘` (a straight run of two links or more whose two ends turn
//! the same way) around a row of cells with no clue, all blank, straightens through them,
//! two cells shorter; and the straightened path has a detour through the blank run it left
//! ([`crate::theory::uniqueness::reroute`] finds it). So canonical solutions have no cup, in any of the four
//! orientations (semiexp/numlin cuts the `└─…─┘` one the same way, row by row).
//!
//! Sides are those of [`State::adj`]: 0 east, 1 south, 2 west, 3 north.

use super::{EAST, NONE, NORTH, SOUTH, State, WEST};

/// The longest run a check during the search walks (cells); a longer cup is refused when a
/// solution is checked whole ([`State::has_cup`]).
const WALK: usize = 64;

impl State {
    /// Whether the straight run of lines through `i` along `along` (east or south) is a
    /// cup opening to one of `inward` (sides across it): both its ends turn that way, it has
    /// two links or more, and every cell beside its inner cells on that side has no clue and
    /// no line (and, unless `settled`, no undecided link).
    #[inline(always)]
    fn cup_at(&self, i: usize, along: usize, inward: &[usize], settled: bool) -> bool {
        let line = |x: usize, side: usize| self.line_at(x, side);
        if !line(i, along) && !line(i, along + 2) {
            return false;
        }
        // An end of the run that does not turn inward ends the question at once (a run grown
        // a link at a time is not walked a link at a time).
        let turns = |x: usize| inward.iter().any(|&side| line(x, side));
        if !line(i, along) && !turns(i) || !line(i, along + 2) && !turns(i) {
            return false;
        }
        // Before walking: the inner cell at or next to `i` has a blank cell beside it on an
        // inward side (every inner cell of a cup has; a run of one link is no cup).
        let blank = |y: usize| y != NONE && self.clue[y] == 0 && self.deg[y] == 0 && (settled || self.und[y] == 0);
        let inner = match (line(i, along), line(i, along + 2)) {
            (true, true) => i,
            (true, false) => self.adj[i][along].1,
            _ => self.adj[i][along + 2].1,
        };
        if !inward.iter().any(|&side| blank(self.adj[inner][side].1)) {
            return false;
        }
        // While searching, runs longer than WALK are left to the check of each solution.
        let mut steps = 0;
        let (mut lo, mut hi) = (i, i);
        while line(lo, along + 2) && (settled || steps < WALK) {
            lo = self.adj[lo][along + 2].1;
            steps += 1;
        }
        while line(hi, along) && (settled || steps < WALK) {
            hi = self.adj[hi][along].1;
            steps += 1;
        }
        if line(lo, along + 2) || line(hi, along) {
            return false;
        }
        if self.adj[lo][along].1 == hi {
            return false;
        }
        inward.iter().any(|&inward| {
            if !line(lo, inward) || !line(hi, inward) {
                return false;
            }
            let mut x = self.adj[lo][along].1;
            while x != hi {
                let y = self.adj[x][inward].1;
                if self.clue[y] != 0 || self.deg[y] != 0 || !settled && self.und[y] != 0 {
                    return false;
                }
                x = self.adj[x][along].1;
            }
            true
        })
    }

    /// Whether line `l`, just set, completes a cup: as a link of its run or as the turn at
    /// one of its ends.
    pub(super) fn cup_after_line(&self, l: usize, settled: bool) -> bool {
        let (a, b) = self.ends(l);
        if l < self.w * self.h {
            self.cup_at(a, EAST, &[NORTH, SOUTH], settled)
                || self.cup_at(a, SOUTH, &[EAST], settled)
                || self.cup_at(b, SOUTH, &[WEST], settled)
        } else {
            self.cup_at(a, SOUTH, &[WEST, EAST], settled)
                || self.cup_at(a, EAST, &[SOUTH], settled)
                || self.cup_at(b, EAST, &[NORTH], settled)
        }
    }

    /// Whether cell `i`, just left blank for good, completes a cup around it.
    pub(super) fn cup_after_blank(&self, i: usize) -> bool {
        (0..4).any(|side| {
            let (_, j) = self.adj[i][side];
            let along = if side % 2 == 1 { EAST } else { SOUTH };
            // `i` is beside an inner cell of the run: `j` runs straight across.
            j != NONE
                && self.line_at(j, along)
                && self.line_at(j, along + 2)
                && self.cup_at(j, along, &[(side + 2) % 4], false)
        })
    }

    /// Whether the lines set hold a cup, the cells without a line taken as blank (a
    /// finished search leaves links undecided): each run walked once, from its first cell.
    pub(in crate::links) fn has_cup(&self) -> bool {
        let line = |x: usize, side: usize| self.line_at(x, side);
        (0..self.w * self.h).any(|i| {
            (line(i, EAST) && !line(i, WEST) && self.cup_at(i, EAST, &[NORTH, SOUTH], true))
                || (line(i, SOUTH) && !line(i, NORTH) && self.cup_at(i, SOUTH, &[WEST, EAST], true))
        })
    }
}
