//! The search: one board and a trail, line solving to a fix-point, branching depth first.

use masu_core::{Clock, SolveOptions};

use super::cache::{CACHED_LENGTH, LineCache};
use crate::line::{Cell, LineSolver, MASK_LENGTH, Masks, masks_of, side};
use crate::puzzle::{Grid, Nonogram};

pub(super) struct Search<'a> {
    pub(super) puzzle: &'a Nonogram,
    pub(super) width: usize,
    pub(super) height: usize,
    pub(super) cells: Vec<Cell>,
    /// Cells decided, in order; undone back to a mark.
    pub(super) trail: Vec<usize>,
    pub(super) line_solver: LineSolver,
    pub(super) cache: LineCache,
    /// Per line (rows, then columns), its state as masks; empty when the puzzle has lines
    /// longer than [`CACHED_LENGTH`].
    pub(super) masks: Vec<Masks>,
    pub(super) line: Vec<Cell>,
    pub(super) before: Vec<Cell>,
    pub(super) queue: Vec<usize>,
    pub(super) queued: Vec<bool>,
    /// Per cell: the probe stamp and the value the first probe of that stamp gave it.
    pub(super) seen: Vec<(u32, Cell)>,
    pub(super) stamp: u32,
    pub(super) limit: usize,
    pub(super) clock: Clock,
    pub(super) solutions: Vec<Grid>,
    /// The search stopped early (limit, time or interrupt): the count is not complete.
    pub(super) stopped: bool,
    pub(super) nodes: u64,
    /// Nodes this run may visit before it is cut for a restart.
    pub(super) budget: u64,
    /// This run was cut by its budget: its count is not complete.
    pub(super) cut: bool,
    pub(super) run_nodes: u64,
    /// 0 in the first run (deterministic choices); else the state of a xorshift generator
    /// that breaks ties and orders values.
    pub(super) random: u64,
    /// Cells assumed (by probes and branches), in all runs.
    pub(super) probes: u64,
    /// Probes the search may make in all runs before it hands over to the CDCL stage.
    pub(super) probe_limit: u64,
    /// The search reached `probe_limit`: the CDCL stage settles the count.
    pub(super) handed_over: bool,
}

/// No assignment of the undecided cells satisfies every line.
pub(super) struct Contradiction;

impl<'a> Search<'a> {
    pub(super) fn new(puzzle: &'a Nonogram, options: &'a SolveOptions) -> Search<'a> {
        let (w, h) = (puzzle.width(), puzzle.height());
        Search {
            puzzle,
            width: w,
            height: h,
            cells: vec![Cell::Unknown; w * h],
            trail: Vec::new(),
            line_solver: LineSolver::default(),
            cache: LineCache::default(),
            masks: if w.max(h) <= CACHED_LENGTH { vec![[0, 0]; w + h] } else { Vec::new() },
            line: Vec::new(),
            before: Vec::new(),
            queue: Vec::new(),
            queued: vec![false; w + h],
            seen: vec![(0, Cell::Unknown); w * h],
            stamp: 0,
            limit: options.solution_limit,
            clock: options.clock(),
            solutions: Vec::new(),
            stopped: false,
            nodes: 0,
            budget: u64::MAX,
            cut: false,
            run_nodes: 0,
            random: 0,
            probes: 0,
            probe_limit: u64::MAX,
            handed_over: false,
        }
    }

    /// A weight in 32..=64 for a branching score: 64 in the first run.
    pub(super) fn jitter(&mut self) -> usize {
        if self.random == 0 {
            return 64;
        }
        self.random ^= self.random << 13;
        self.random ^= self.random >> 7;
        self.random ^= self.random << 17;
        32 + (self.random % 33) as usize
    }

    pub(super) fn out_of_time(&mut self) -> bool {
        let late = self.clock.reached();
        self.stopped |= late;
        late
    }

    pub(super) fn set(&mut self, index: usize, value: Cell) {
        self.cells[index] = value;
        self.trail.push(index);
        if let (false, Some(side)) = (self.masks.is_empty(), side(value)) {
            let (r, c) = (index / self.width, index % self.width);
            self.masks[r][side] |= 1 << c;
            self.masks[self.height + c][side] |= 1 << r;
        }
    }

    pub(super) fn undo_to(&mut self, mark: usize) {
        for index in self.trail.drain(mark..) {
            self.cells[index] = Cell::Unknown;
            if !self.masks.is_empty() {
                let (r, c) = (index / self.width, index % self.width);
                self.masks[r] = self.masks[r].map(|m| m & !(1 << c));
                self.masks[self.height + c] = self.masks[self.height + c].map(|m| m & !(1 << r));
            }
        }
    }

    /// Queues the row and the column through `index`.
    pub(super) fn enqueue_cell(&mut self, index: usize) {
        for l in [index / self.width, self.height + index % self.width] {
            if !self.queued[l] {
                self.queued[l] = true;
                self.queue.push(l);
            }
        }
    }

    /// Line solving until nothing changes. On a contradiction the queue is cleared and the
    /// caller undoes the trail.
    pub(super) fn propagate(&mut self) -> bool {
        while let Some(l) = self.queue.pop() {
            self.queued[l] = false;
            let ok = if self.masks.is_empty() { self.solve_line(l) } else { self.solve_line_cached(l) };
            if !ok {
                for &m in &self.queue {
                    self.queued[m] = false;
                }
                self.queue.clear();
                return false;
            }
        }
        true
    }

    /// The clue of line `l` (rows, then columns).
    pub(super) fn clue(&self, l: usize) -> &'a [usize] {
        let puzzle = self.puzzle;
        if l < self.height { &puzzle.rows()[l] } else { &puzzle.cols()[l - self.height] }
    }

    /// Copies line `l` into `self.line`.
    pub(super) fn read_line(&mut self, l: usize) {
        let (w, h) = (self.width, self.height);
        self.line.clear();
        if l < h {
            self.line.extend_from_slice(&self.cells[l * w..(l + 1) * w]);
        } else {
            self.line.extend((0..h).map(|r| self.cells[r * w + l - h]));
        }
    }

    /// Decides cell `i` of line `l` and queues the line crossing it there.
    pub(super) fn decide(&mut self, l: usize, i: usize, value: Cell) {
        let (w, h) = (self.width, self.height);
        let (index, crossing) = if l < h { (l * w + i, h + i) } else { (i * w + l - h, i) };
        self.set(index, value);
        if !self.queued[crossing] {
            self.queued[crossing] = true;
            self.queue.push(crossing);
        }
    }

    /// Solves line `l` and decides what it finds; `false` on a contradiction.
    pub(super) fn solve_line(&mut self, l: usize) -> bool {
        self.read_line(l);
        self.before.clone_from(&self.line);
        if !self.line_solver.solve(self.clue(l), &mut self.line) {
            return false;
        }
        for i in 0..self.line.len() {
            if self.line[i] != self.before[i] {
                self.decide(l, i, self.line[i]);
            }
        }
        true
    }

    /// [`Self::solve_line`] through the cache, keyed by the line's masks.
    pub(super) fn solve_line_cached(&mut self, l: usize) -> bool {
        let masks = self.masks[l];
        let solved = match self.cache.get(l, masks) {
            Some(solved) => solved,
            None => {
                let length = if l < self.height { self.width } else { self.height };
                let solved = if length <= MASK_LENGTH {
                    self.line_solver.solve_masks(self.clue(l), length, masks)
                } else {
                    self.read_line(l);
                    self.line_solver.solve(self.clue(l), &mut self.line).then(|| masks_of(&self.line))
                };
                self.cache.insert(l, masks, solved);
                solved
            }
        };
        let Some(solved) = solved else { return false };
        for (side, value) in [(0, Cell::Filled), (1, Cell::Empty)] {
            let mut fresh = solved[side] & !masks[side];
            while fresh != 0 {
                let i = fresh.trailing_zeros() as usize;
                fresh &= fresh - 1;
                self.decide(l, i, value);
            }
        }
        true
    }

    /// Decides `index` and propagates; `false` (with the trail undone) on a contradiction.
    pub(super) fn assume(&mut self, index: usize, value: Cell) -> bool {
        self.probes += 1;
        let mark = self.trail.len();
        self.set(index, value);
        self.enqueue_cell(index);
        if self.propagate() {
            true
        } else {
            self.undo_to(mark);
            false
        }
    }

    pub(super) fn search(&mut self) {
        self.nodes += 1;
        self.run_nodes += 1;
        if self.solutions.len() >= self.limit || self.out_of_time() {
            self.stopped = true;
            return;
        }
        if self.run_nodes > self.budget {
            self.cut = true;
            return;
        }
        if self.probes > self.probe_limit {
            self.handed_over = true;
            return;
        }
        let mark = self.trail.len();
        match self.probe() {
            Err(Contradiction) => {}
            Ok(None) => {
                let grid =
                    self.cells.chunks(self.width).map(|row| row.iter().map(|&c| c == Cell::Filled).collect()).collect();
                // A restart may find a solution again.
                if !self.solutions.contains(&grid) {
                    self.solutions.push(grid);
                }
            }
            Ok(Some(_)) if self.stopped => {}
            Ok(Some((branch, first))) => {
                // The least constraining value first: in the first run always, in later runs
                // three times in four.
                let other = if first == Cell::Filled { Cell::Empty } else { Cell::Filled };
                let order = if self.jitter() >= 40 { [first, other] } else { [other, first] };
                for value in order {
                    let before = self.trail.len();
                    if self.assume(branch, value) {
                        self.search();
                        self.undo_to(before);
                    }
                    if self.stopped || self.cut || self.handed_over {
                        break;
                    }
                }
            }
        }
        self.undo_to(mark);
    }

    /// Line solving from scratch: every line queued.
    pub(super) fn propagate_all(&mut self) -> bool {
        self.queue = (0..self.width + self.height).collect();
        self.queued.iter_mut().for_each(|q| *q = true);
        self.propagate()
    }
}
