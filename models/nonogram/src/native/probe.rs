//! Probing: assume each frontier cell filled, then empty, and keep what follows.

use super::search::{Contradiction, Search};
use crate::line::Cell;

impl Search<'_> {
    /// Whether an undecided cell touches a decided cell or the edge of the grid.
    pub(super) fn on_frontier(&self, index: usize) -> bool {
        let (w, h) = (self.width, self.height);
        let (r, c) = (index / w, index % w);
        r == 0
            || c == 0
            || r + 1 == h
            || c + 1 == w
            || [index - w, index + w, index - 1, index + 1].iter().any(|&n| self.cells[n] != Cell::Unknown)
    }

    /// Probing to a fix-point. Returns the cell to branch on (the one whose probes decided
    /// the most cells) and the value to try first there (the one whose probe decided fewer
    /// cells, so constrains the rest least), or `None` when every cell is decided.
    pub(super) fn probe(&mut self) -> Result<Option<(usize, Cell)>, Contradiction> {
        loop {
            let mut progress = false;
            let mut best: Option<(usize, usize, Cell)> = None;
            for index in 0..self.cells.len() {
                if self.cells[index] != Cell::Unknown || !self.on_frontier(index) {
                    continue;
                }
                if self.out_of_time() {
                    return Ok(Some((index, Cell::Filled)));
                }
                let mark = self.trail.len();
                // First probe: filled. Stamp what it decides.
                self.stamp += 1;
                let filled = self.assume(index, Cell::Filled);
                let decided_filled = self.trail.len() - mark;
                for t in mark..self.trail.len() {
                    let i = self.trail[t];
                    self.seen[i] = (self.stamp, self.cells[i]);
                }
                self.undo_to(mark);
                // Second probe: empty. Keep what both decide alike.
                let empty = self.assume(index, Cell::Empty);
                let decided_empty = self.trail.len() - mark;
                let agreed: Vec<(usize, Cell)> = if filled && empty {
                    self.trail[mark..]
                        .iter()
                        .filter(|&&i| self.seen[i] == (self.stamp, self.cells[i]))
                        .map(|&i| (i, self.cells[i]))
                        .collect()
                } else {
                    Vec::new()
                };
                match (filled, empty) {
                    (false, false) => return Err(Contradiction),
                    // Only empty survives: keep it (it is on the trail already).
                    (false, true) => progress = true,
                    (true, false) => {
                        let ok = self.assume(index, Cell::Filled);
                        debug_assert!(ok);
                        progress = true;
                    }
                    (true, true) => {
                        self.undo_to(mark);
                        if !agreed.is_empty() {
                            for &(i, value) in &agreed {
                                self.set(i, value);
                                self.enqueue_cell(i);
                            }
                            if !self.propagate() {
                                return Err(Contradiction);
                            }
                            progress = true;
                        }
                        let decided = (decided_filled + 1) * (decided_empty + 1) * self.jitter();
                        if best.is_none_or(|(_, d, _)| decided > d) {
                            let first = if decided_filled >= decided_empty { Cell::Empty } else { Cell::Filled };
                            best = Some((index, decided, first));
                        }
                    }
                }
            }
            if !progress {
                let best = best.map(|(i, _, first)| (i, first)).filter(|&(i, _)| self.cells[i] == Cell::Unknown);
                // Every undecided cell has undecided neighbours only: branch on the first.
                let first_unknown = || self.cells.iter().position(|&c| c == Cell::Unknown).map(|i| (i, Cell::Filled));
                return Ok(best.or_else(first_unknown));
            }
            if !self.cells.contains(&Cell::Unknown) {
                return Ok(None);
            }
        }
    }
}
