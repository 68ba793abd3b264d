//! The complete native solver: no backend, every puzzle, solutions counted.
//!
//! 1. **Line solving** to a fix-point: every line whose cells changed is solved again by the
//!    dynamic-programming line solver ([`crate::line::LineSolver`]), which decides exactly the
//!    cells that are equal in every placement consistent with the decided cells.
//! 2. **Probing**: for each undecided cell on the frontier (next to a decided cell or on the
//!    grid's edge, where probes find something), assume filled and propagate, assume empty
//!    and propagate; a contradiction fixes the other value, and cells decided the same way
//!    under both assumptions are fixed. Repeated until nothing changes.
//! 3. **Branching**: on the undecided cell whose probes decided the most cells, depth first,
//!    counting solutions up to the limit. The value tried first is the one whose probe decided
//!    fewer cells (the least constraining: it leaves most room for a solution). Every step is
//!    sound, so when the search ends below the limit the count is complete.
//! 4. **Restarts**: the search runs with a budget of nodes, doubled after each run that
//!    reaches it; runs after the first break ties at random and try the other value first one
//!    time in four. Solutions found are kept across runs: reaching the limit settles the
//!    count, and the first run within its budget has seen every solution.
//! 5. **Clause learning**: past a budget of probes (`HANDOVER_PROBES`, about 0.3 s), the
//!    root is probed again and the search hands over to the CDCL stage (`cdcl`):
//!    the puzzle as CNF, the cells decided at the root as units, the solutions found so far
//!    excluded, counted on by CaDiCaL. Depth-first search repeats the same failure in one
//!    subtree after another; clause learning does not.
//!
//! Cells only ever go from undecided to decided, so the search keeps one board and a trail of
//! the cells it decided: undoing a probe or a branch resets the cells logged since a mark.
//!
//! Line solving goes through a cache keyed by the line and its state (bit masks of its filled
//! and empty cells), since probing meets the same line states again and again. A miss is
//! solved on the masks themselves, bit-parallel ([`LineSolver::solve_masks`], lines up to
//! [`MASK_LENGTH`] cells).

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::time::{Duration, Instant};

use masu_core::{Error, SolveOptions, Stats};

use crate::line::{Cell, LineSolver, MASK_LENGTH, Masks, masks_of, side};
use crate::{Found, Grid, Nonogram};

struct Search<'a> {
    puzzle: &'a Nonogram,
    width: usize,
    height: usize,
    cells: Vec<Cell>,
    /// Cells decided, in order; undone back to a mark.
    trail: Vec<usize>,
    line_solver: LineSolver,
    cache: LineCache,
    /// Per line (rows, then columns), its state as masks; empty when the puzzle has lines
    /// longer than [`CACHED_LENGTH`].
    masks: Vec<Masks>,
    line: Vec<Cell>,
    before: Vec<Cell>,
    queue: Vec<usize>,
    queued: Vec<bool>,
    /// Per cell: the probe stamp and the value the first probe of that stamp gave it.
    seen: Vec<(u32, Cell)>,
    stamp: u32,
    limit: usize,
    deadline: Option<Instant>,
    options: &'a SolveOptions,
    solutions: Vec<Grid>,
    /// The search stopped early (limit, time or interrupt): the count is not complete.
    stopped: bool,
    nodes: u64,
    /// Nodes this run may visit before it is cut for a restart.
    budget: u64,
    /// This run was cut by its budget: its count is not complete.
    cut: bool,
    run_nodes: u64,
    /// 0 in the first run (deterministic choices); else the state of a xorshift generator
    /// that breaks ties and orders values.
    random: u64,
    /// Cells assumed (by probes and branches), in all runs.
    probes: u64,
    /// Probes the search may make in all runs before it hands over to the CDCL stage.
    probe_limit: u64,
    /// The search reached `probe_limit`: the CDCL stage settles the count.
    handed_over: bool,
}

/// No assignment of the undecided cells satisfies every line.
struct Contradiction;

/// Puzzles with lines longer than this are solved without the cache (a line's state would
/// not fit a `u128`).
const CACHED_LENGTH: usize = 128;

/// Entries kept before the cache is emptied, to bound its memory (about 50 MiB).
const CACHE_ENTRIES: usize = 1 << 19;

/// Results of line solving already computed: (line, state) → the solved state, or `None`
/// for a contradiction. Probing solves the same line in the same state over and over (the
/// same probe in every pass, neighbouring probes reaching the same crossing line), and a
/// lookup costs a fraction of a solve.
#[derive(Default)]
struct LineCache {
    map: HashMap<Key, Option<Masks>, BuildHasherDefault<Mix>>,
}

/// A line and its state, hashed as one word.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Key(u32, Masks);

impl std::hash::Hash for Key {
    fn hash<H: Hasher>(&self, state: &mut H) {
        let [f, e] = self.1;
        let word = |x: u128| (x as u64) ^ ((x >> 64) as u64).rotate_left(32);
        let mixed = (word(f).wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ word(e)).wrapping_mul(0xff51_afd7_ed55_8ccd);
        state.write_u64(mixed ^ u64::from(self.0).wrapping_mul(0xc4ce_b9fe_1a85_ec53));
    }
}

/// The hasher for [`Key`], which mixes itself into one word: the word, its high bits
/// folded down (the table's buckets come from the low bits).
#[derive(Default)]
struct Mix(u64);

impl Hasher for Mix {
    fn finish(&self) -> u64 {
        self.0 ^ self.0 >> 29
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(8) ^ u64::from(b)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 ^= n;
    }
}

impl<'a> Search<'a> {
    fn new(puzzle: &'a Nonogram, options: &'a SolveOptions) -> Search<'a> {
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
            deadline: options.time_limit.map(|t| Instant::now() + t),
            options,
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
    fn jitter(&mut self) -> usize {
        if self.random == 0 {
            return 64;
        }
        self.random ^= self.random << 13;
        self.random ^= self.random >> 7;
        self.random ^= self.random << 17;
        32 + (self.random % 33) as usize
    }

    fn out_of_time(&mut self) -> bool {
        let late = self.deadline.is_some_and(|d| Instant::now() >= d) || self.options.interrupt.is_interrupted();
        self.stopped |= late;
        late
    }

    fn set(&mut self, index: usize, value: Cell) {
        self.cells[index] = value;
        self.trail.push(index);
        if let (false, Some(side)) = (self.masks.is_empty(), side(value)) {
            let (r, c) = (index / self.width, index % self.width);
            self.masks[r][side] |= 1 << c;
            self.masks[self.height + c][side] |= 1 << r;
        }
    }

    fn undo_to(&mut self, mark: usize) {
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
    fn enqueue_cell(&mut self, index: usize) {
        for l in [index / self.width, self.height + index % self.width] {
            if !self.queued[l] {
                self.queued[l] = true;
                self.queue.push(l);
            }
        }
    }

    /// Line solving until nothing changes. On a contradiction the queue is cleared and the
    /// caller undoes the trail.
    fn propagate(&mut self) -> bool {
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
    fn clue(&self, l: usize) -> &'a [usize] {
        let puzzle = self.puzzle;
        if l < self.height { &puzzle.rows()[l] } else { &puzzle.cols()[l - self.height] }
    }

    /// Copies line `l` into `self.line`.
    fn read_line(&mut self, l: usize) {
        let (w, h) = (self.width, self.height);
        self.line.clear();
        if l < h {
            self.line.extend_from_slice(&self.cells[l * w..(l + 1) * w]);
        } else {
            self.line.extend((0..h).map(|r| self.cells[r * w + l - h]));
        }
    }

    /// Decides cell `i` of line `l` and queues the line crossing it there.
    fn decide(&mut self, l: usize, i: usize, value: Cell) {
        let (w, h) = (self.width, self.height);
        let (index, crossing) = if l < h { (l * w + i, h + i) } else { (i * w + l - h, i) };
        self.set(index, value);
        if !self.queued[crossing] {
            self.queued[crossing] = true;
            self.queue.push(crossing);
        }
    }

    /// Solves line `l` and decides what it finds; `false` on a contradiction.
    fn solve_line(&mut self, l: usize) -> bool {
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
    fn solve_line_cached(&mut self, l: usize) -> bool {
        let masks = self.masks[l];
        let solved = match self.cache.map.get(&Key(l as u32, masks)) {
            Some(&solved) => solved,
            None => {
                let length = if l < self.height { self.width } else { self.height };
                let solved = if length <= MASK_LENGTH {
                    self.line_solver.solve_masks(self.clue(l), length, masks)
                } else {
                    self.read_line(l);
                    self.line_solver.solve(self.clue(l), &mut self.line).then(|| masks_of(&self.line))
                };
                if self.cache.map.len() >= CACHE_ENTRIES {
                    self.cache.map.clear();
                }
                self.cache.map.insert(Key(l as u32, masks), solved);
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
    fn assume(&mut self, index: usize, value: Cell) -> bool {
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

    /// Whether an undecided cell touches a decided cell or the edge of the grid.
    fn on_frontier(&self, index: usize) -> bool {
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
    fn probe(&mut self) -> Result<Option<(usize, Cell)>, Contradiction> {
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

    fn search(&mut self) {
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
    fn propagate_all(&mut self) -> bool {
        self.queue = (0..self.width + self.height).collect();
        self.queued.iter_mut().for_each(|q| *q = true);
        self.propagate()
    }
}

/// Solves and counts up to `options.solution_limit`.
pub(crate) fn solve(puzzle: &Nonogram, options: &SolveOptions) -> Result<Found, Error> {
    // The search recurses once per branching decision, at most once per cell: on a thread
    // of its own whose stack is sized for the puzzle.
    let depth = puzzle.width() * puzzle.height() + 1;
    masu_core::on_sized_stack("the nonogram search", depth, FRAME_BYTES, || {
        solve_with_restarts(puzzle, options, Budgets { first_run: 256, handover: HANDOVER_PROBES }, true)
            .map(|(found, _)| found)
    })
}

/// Stack bytes per level of [`Search::search`] (with [`Search::probe`] above it), with room
/// to spare.
const FRAME_BYTES: usize = 1024;

/// Probes (cells assumed, over all runs) before the CDCL stage takes over: about 0.3 s of
/// search. Over the 876 TAAI/TCGA puzzles, handing over earlier lengthens the tail and
/// later shortens it no further (`docs/tuning.md`).
const HANDOVER_PROBES: u64 = 200_000;

/// The search's budgets: the first run's nodes before its restart, and all runs' probes
/// before the hand-over to the CDCL stage.
#[derive(Clone, Copy, Debug)]
struct Budgets {
    first_run: u64,
    handover: u64,
}

/// [`solve`] on this thread, line solving through the cache when `cached` (and the lines
/// fit it); with whether the search handed over to the CDCL stage.
fn solve_with_restarts(
    puzzle: &Nonogram,
    options: &SolveOptions,
    budgets: Budgets,
    cached: bool,
) -> Result<(Found, bool), Error> {
    let started = Instant::now();
    let mut search = Search::new(puzzle, options);
    search.probe_limit = budgets.handover;
    if !cached {
        search.masks.clear();
    }
    let mut cdcl_solves = 0;
    // Without a fix-point of line solving there is no solution: the count (0) is complete.
    let complete = !search.propagate_all() || {
        // Restarts: each run is a complete depth-first search cut after a budget of nodes
        // that doubles from run to run; runs after the first break ties and order values at
        // random, so that one bad early choice does not trap the search in a barren subtree.
        // Solutions are kept across runs, so reaching the limit in any run settles it, and
        // the first run that is not cut has seen every solution.
        let mut budget = budgets.first_run;
        loop {
            search.budget = budget;
            search.cut = false;
            search.run_nodes = 0;
            search.search();
            if search.stopped || !search.cut || search.handed_over {
                break;
            }
            budget *= 2;
            search.random = search.random.wrapping_add(0x9e37_79b9_7f4a_7c15) | 1;
        }
        if !search.handed_over || search.stopped {
            !search.stopped
        } else if search.probe().is_err() {
            // The root probed again (the search undid its own probing) is contradictory.
            true
        } else if search.stopped {
            false
        } else {
            // The cells decided at the root and the solutions so far go to the CDCL stage,
            // which settles the count.
            let counted = crate::cdcl::count(
                puzzle,
                &search.cells,
                std::mem::take(&mut search.solutions),
                search.limit,
                search.deadline,
                &options.interrupt,
            );
            search.solutions = counted.solutions;
            cdcl_solves = counted.solves;
            counted.complete
        }
    };
    let elapsed = started.elapsed();
    let handed_over = search.handed_over;
    Ok((
        Found {
            solutions: search.solutions,
            complete,
            stats: Stats {
                variables: puzzle.width() * puzzle.height(),
                constraints: puzzle.width() + puzzle.height(),
                constraints_by_kind: [("line".to_string(), puzzle.width() + puzzle.height())].into(),
                build_time: Duration::ZERO,
                solve_time: elapsed,
                backend_time: Some(elapsed),
                solves: search.nodes as usize + cdcl_solves,
                threads: Some(1),
            },
            stuck: false,
        },
        handed_over,
    ))
}

/// Line solving alone to a fix-point (the `line-solver-dp` formulation): the board, or
/// `None` on a contradiction.
pub(crate) fn line_fix_point(puzzle: &Nonogram) -> Option<Vec<Cell>> {
    let options = SolveOptions::default();
    let mut search = Search::new(puzzle, &options);
    search.propagate_all().then_some(search.cells)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::clues_of;

    fn puzzle_of(picture: &[&str]) -> Nonogram {
        let grid: Grid = picture.iter().map(|r| r.chars().map(|c| c == '#').collect()).collect();
        let (rows, cols) = clues_of(&grid);
        Nonogram::new(rows, cols).unwrap()
    }

    /// A random picture, `2..2 + spread` cells a side, and its puzzle.
    fn random_picture(random: &mut impl FnMut() -> u64, spread: usize) -> (Grid, Nonogram) {
        let (w, h) = (random() as usize % spread + 2, random() as usize % spread + 2);
        let grid: Grid = (0..h).map(|_| (0..w).map(|_| random() % 2 == 0).collect()).collect();
        let (rows, cols) = clues_of(&grid);
        (grid, Nonogram::new(rows, cols).unwrap())
    }

    fn count(puzzle: &Nonogram, limit: usize) -> (usize, bool) {
        let options = SolveOptions { solution_limit: limit, ..SolveOptions::default() };
        let found = solve(puzzle, &options).unwrap();
        for grid in &found.solutions {
            crate::check::check(puzzle, grid).unwrap();
        }
        (found.solutions.len(), found.complete)
    }

    #[test]
    fn counts_small_puzzles_exactly() {
        // A diagonal: its clues are those of both diagonals of a 2×2 block → 2 solutions.
        assert_eq!(count(&puzzle_of(&["#.", ".#"]), 10), (2, true));
        // Every 1-per-row-and-column 4×4 picture: 4! permutations.
        assert_eq!(count(&puzzle_of(&["#...", ".#..", "..#.", "...#"]), 100), (24, true));
        assert_eq!(count(&puzzle_of(&["#...", ".#..", "..#.", "...#"]), 5), (5, false));
        // A picture line logic decides alone.
        assert_eq!(count(&puzzle_of(&[".##.", "####", ".##."]), 10), (1, true));
    }

    /// Runs cut after one node and restarted with randomized choices still count exactly:
    /// 120 permutations of a 5×5 identity, and 7 of them when the limit is 7.
    #[test]
    fn restarts_keep_the_count_exact() {
        let identity = puzzle_of(&["#....", ".#...", "..#..", "...#.", "....#"]);
        for (limit, expected) in [(200, (120, true)), (7, (7, false))] {
            let options = SolveOptions { solution_limit: limit, ..SolveOptions::default() };
            let (found, _) =
                solve_with_restarts(&identity, &options, Budgets { first_run: 1, handover: u64::MAX }, true).unwrap();
            let mut distinct = found.solutions.clone();
            distinct.sort();
            distinct.dedup();
            assert_eq!(distinct.len(), found.solutions.len());
            assert_eq!((found.solutions.len(), found.complete), expected);
        }
    }

    /// Line solving through the cache and without it find the same solutions, in the same
    /// order (the search is deterministic in its first run), on random pictures.
    #[test]
    fn the_line_cache_changes_nothing_but_speed() {
        let mut random = crate::line::tests::xorshift(99);
        for _ in 0..40 {
            let (grid, puzzle) = random_picture(&mut random, 7);
            let options = SolveOptions { solution_limit: 20, ..SolveOptions::default() };
            let budgets = Budgets { first_run: 1 << 40, handover: u64::MAX };
            let (cached, _) = solve_with_restarts(&puzzle, &options, budgets, true).unwrap();
            let (plain, _) = solve_with_restarts(&puzzle, &options, budgets, false).unwrap();
            assert_eq!(cached.solutions, plain.solutions);
            assert_eq!(cached.complete, plain.complete);
            assert!(cached.solutions.contains(&grid));
        }
    }

    /// Handed over to the CDCL stage at once, or after a few probes (with solutions found
    /// by then), the count is the search's alone: the same solutions, the same completeness.
    #[test]
    fn the_cdcl_stage_counts_what_the_search_counts() {
        let mut random = crate::line::tests::xorshift(5);
        let mut handed = 0;
        for _ in 0..40 {
            let (_, puzzle) = random_picture(&mut random, 6);
            let options = SolveOptions { solution_limit: 12, ..SolveOptions::default() };
            let budgets = Budgets { first_run: 1, handover: u64::MAX };
            let (mut search, _) = solve_with_restarts(&puzzle, &options, budgets, true).unwrap();
            search.solutions.sort();
            for handover in [0, 6] {
                let budgets = Budgets { first_run: 1, handover };
                let (mut cdcl, handed_over) = solve_with_restarts(&puzzle, &options, budgets, true).unwrap();
                handed += usize::from(handed_over);
                for g in &cdcl.solutions {
                    crate::check::check(&puzzle, g).unwrap();
                }
                cdcl.solutions.sort();
                assert_eq!(cdcl.solutions, search.solutions, "{puzzle:?}");
                assert_eq!(cdcl.complete, search.complete, "{puzzle:?}");
            }
        }
        assert!(handed > 20, "{handed}");
    }

    #[test]
    fn a_puzzle_without_solution_is_proven_infeasible() {
        // Totals agree (2 and 2), but row 1 (`#.#`) fills column 1, whose clue is empty.
        let none = Nonogram::new(vec![vec![1, 1], vec![]], vec![vec![], vec![1], vec![1]]).unwrap();
        assert_eq!(count(&none, 10), (0, true));
        let one = Nonogram::new(vec![vec![2], vec![]], vec![vec![], vec![1], vec![1]]).unwrap();
        assert_eq!(count(&one, 10), (1, true));
    }
}
