//! The board of candidates and its propagation: naked and hidden singles to a fix-point.
//!
//! A cell's candidates are a bit set (`u32`: bit `v - 1` for value `v`, sides up to 25). A cell
//! is *placed* once its value has been removed from every peer (flag [`PLACED`]); a cell with
//! one candidate that is not yet placed waits in the queue. Invariants after [`Board::propagate`]
//! returns `true`: no cell has zero candidates, every single-candidate cell is placed, and every
//! unit holds each value in at least one cell and in exactly one cell only if it is placed there.

/// Marks a cell whose value has been removed from its peers.
const PLACED: u32 = 1 << 31;

/// The shape of an `s × s` sudoku: each cell's peers and each unit's cells, as indices.
#[derive(Debug)]
pub(crate) struct Geometry {
    pub(crate) side: usize,
    box_size: usize,
    /// Every value's bit: `(1 << side) - 1`.
    pub(crate) all: u32,
    /// The peers of cell `i`: `peers[i * count..][..count]`, `count` = 2(side − 1) + (box − 1)².
    peers: Vec<u16>,
    /// Rows, then columns, then boxes: `units[u * side..][..side]`.
    units: Vec<u16>,
    /// The units of each cell, as one bit set (bit `u` for unit `u`; 75 units at most).
    cell_units: Vec<u128>,
}

/// The geometries of the four sides, built once.
static GEOMETRIES: [std::sync::OnceLock<Geometry>; 4] =
    [std::sync::OnceLock::new(), std::sync::OnceLock::new(), std::sync::OnceLock::new(), std::sync::OnceLock::new()];

impl Geometry {
    /// The geometry of a side of 4, 9, 16 or 25, built on first use.
    pub(crate) fn of(side: usize, box_size: usize) -> &'static Geometry {
        let slot = match side {
            4 => 0,
            9 => 1,
            16 => 2,
            _ => 3,
        };
        GEOMETRIES[slot].get_or_init(|| Geometry::new(side, box_size))
    }

    fn new(side: usize, box_size: usize) -> Geometry {
        let cells = side * side;
        let mut units = Vec::with_capacity(3 * cells);
        for r in 0..side {
            units.extend((0..side).map(|c| (r * side + c) as u16));
        }
        for c in 0..side {
            units.extend((0..side).map(|r| (r * side + c) as u16));
        }
        for b in 0..side {
            let (r0, c0) = ((b / box_size) * box_size, (b % box_size) * box_size);
            units.extend((0..side).map(|i| ((r0 + i / box_size) * side + c0 + i % box_size) as u16));
        }
        let box_of = |i: usize| (i / side / box_size) * box_size + (i % side) / box_size;
        let peer_count = 2 * (side - 1) + (box_size - 1) * (box_size - 1);
        let mut peers = Vec::with_capacity(cells * peer_count);
        for i in 0..cells {
            let before = peers.len();
            peers.extend(
                (0..cells)
                    .filter(|&j| j != i && (j / side == i / side || j % side == i % side || box_of(j) == box_of(i)))
                    .map(|j| j as u16),
            );
            debug_assert_eq!(peers.len() - before, peer_count);
        }
        let row_col_box = |i: usize| [i / side, side + i % side, 2 * side + box_of(i)];
        let cell_units = (0..cells).map(|i| row_col_box(i).iter().fold(0u128, |set, &u| set | 1 << u)).collect();
        Geometry { side, box_size, all: (1u32 << side) - 1, peers, units, cell_units }
    }

    pub(crate) fn cells(&self) -> usize {
        self.side * self.side
    }
}

/// Candidates of every cell, the single-candidate cells still to place, and the units whose
/// cells lost a candidate since their last look for hidden singles.
#[derive(Clone, Debug)]
pub(crate) struct Board {
    candidates: Vec<u32>,
    queue: Vec<u16>,
    dirty: u128,
    /// Cells not yet placed.
    pub(crate) open: usize,
}

impl Board {
    /// Every cell open to every value; then the givens (`0` blank), propagated. `None` when
    /// the givens contradict each other.
    pub(crate) fn new(geometry: &Geometry, givens: &[u8]) -> Option<Board> {
        Board::new_with::<true>(geometry, givens)
    }

    /// [`Board::new`], propagated by singles alone when `BOX_LINE` is false (to grade a
    /// puzzle by the techniques it needs).
    pub(crate) fn new_with<const BOX_LINE: bool>(geometry: &Geometry, givens: &[u8]) -> Option<Board> {
        let mut board = Board {
            candidates: vec![geometry.all; geometry.cells()],
            queue: Vec::new(),
            dirty: u128::MAX,
            open: geometry.cells(),
        };
        for (cell, &given) in givens.iter().enumerate() {
            if given != 0 && !board.set(geometry, cell, 1 << (given - 1)) {
                return None;
            }
        }
        let propagated = match geometry.box_size {
            2 => board.propagate_with::<2, BOX_LINE>(geometry),
            3 => board.propagate_with::<3, BOX_LINE>(geometry),
            4 => board.propagate_with::<4, BOX_LINE>(geometry),
            _ => board.propagate_with::<5, BOX_LINE>(geometry),
        };
        propagated.then_some(board)
    }

    /// Becomes a copy of `other`, reusing its own memory.
    pub(crate) fn copy_from(&mut self, other: &Board) {
        self.candidates.clone_from(&other.candidates);
        self.queue.clone_from(&other.queue);
        self.dirty = other.dirty;
        self.open = other.open;
    }

    /// The candidates of `cell` (bit `v - 1` for value `v`).
    pub(crate) fn candidates(&self, cell: usize) -> u32 {
        self.candidates[cell] & !PLACED
    }

    /// The values, row by row (every cell placed).
    pub(crate) fn values(&self) -> Vec<u8> {
        self.candidates.iter().map(|&c| (c & !PLACED).trailing_zeros() as u8 + 1).collect()
    }

    /// Restricts `cell` to the value `bit`; `false` if it was not a candidate.
    pub(crate) fn set(&mut self, geometry: &Geometry, cell: usize, bit: u32) -> bool {
        let c = self.candidates[cell];
        if c & bit == 0 {
            return false;
        }
        if c & PLACED == 0 {
            self.candidates[cell] = bit;
            self.queue.push(cell as u16);
            self.dirty |= geometry.cell_units[cell];
        }
        true
    }

    /// Naked and hidden singles to a fix-point; `false` on a contradiction (a cell without
    /// candidates, a value with no cell left in a unit).
    pub(crate) fn propagate<const N: usize>(&mut self, geometry: &Geometry) -> bool {
        self.propagate_with::<N, true>(geometry)
    }

    /// [`Board::propagate`], with box–line interactions only when `BOX_LINE`.
    fn propagate_with<const N: usize, const BOX_LINE: bool>(&mut self, geometry: &Geometry) -> bool {
        loop {
            if !self.place_queued::<N>(geometry) {
                return false;
            }
            match self.hidden_singles::<N>(geometry) {
                None => return false,
                Some(true) => continue,
                Some(false) => {}
            }
            if !BOX_LINE {
                return true;
            }
            match self.locked_candidates::<N>(geometry) {
                None => return false,
                Some(true) => {}
                Some(false) => return true,
            }
        }
    }

    /// Box–line interactions: a value whose candidates in a box lie in one row (column) leaves
    /// the rest of that row (column); a value whose candidates in a row (column) lie in one
    /// box leaves the rest of that box. `Some(true)` if a candidate was removed, `None` on a
    /// contradiction.
    fn locked_candidates<const N: usize>(&mut self, geometry: &Geometry) -> Option<bool> {
        let side = N * N;
        let all = geometry.all;
        let mut changed = false;
        // Twice: lines as rows (cell r·side + c), then as columns (cell c·side + r).
        for transposed in [false, true] {
            let cell =
                |line: usize, across: usize| if transposed { across * side + line } else { line * side + across };
            // segment[line][k]: the candidates of `line` inside the k-th box it crosses.
            let mut segment = [[0u32; N]; 25];
            for (line, segments) in segment.iter_mut().enumerate().take(side) {
                for (k, union) in segments.iter_mut().enumerate() {
                    for across in k * N..(k + 1) * N {
                        *union |= self.candidates[cell(line, across)];
                    }
                    *union &= all;
                }
            }
            for band in 0..N {
                for k in 0..N {
                    // The box of lines band·N.. crossed at its k-th segment.
                    for i in 0..N {
                        let line = band * N + i;
                        let own = segment[line][k];
                        let (mut in_box, mut in_line) = (0, 0);
                        for j in 0..N {
                            if j != i {
                                in_box |= segment[band * N + j][k];
                            }
                            if j != k {
                                in_line |= segment[line][j];
                            }
                        }
                        let pointing = own & !in_box;
                        if pointing & in_line != 0 {
                            for across in (0..side).filter(|a| a / N != k) {
                                changed |= self.eliminate(geometry, cell(line, across), pointing)?;
                            }
                        }
                        let claiming = own & !in_line;
                        if claiming & in_box != 0 {
                            for j in (0..N).filter(|&j| j != i) {
                                for across in k * N..(k + 1) * N {
                                    changed |= self.eliminate(geometry, cell(band * N + j, across), claiming)?;
                                }
                            }
                        }
                    }
                }
            }
            if changed {
                return Some(true);
            }
        }
        Some(changed)
    }

    /// Removes `bits` from an open cell's candidates: `Some(true)` if any was there, `None`
    /// if none is left.
    fn eliminate(&mut self, geometry: &Geometry, cell: usize, bits: u32) -> Option<bool> {
        let c = self.candidates[cell];
        if c & bits == 0 || c & PLACED != 0 {
            return Some(false);
        }
        let left = c & !bits;
        if left == 0 {
            return None;
        }
        self.candidates[cell] = left;
        if left.is_power_of_two() {
            self.queue.push(cell as u16);
        }
        self.dirty |= geometry.cell_units[cell];
        Some(true)
    }

    /// Places every queued cell, removing its value from its peers (naked singles).
    fn place_queued<const N: usize>(&mut self, geometry: &Geometry) -> bool {
        while let Some(cell) = self.queue.pop() {
            let cell = usize::from(cell);
            let bit = self.candidates[cell];
            if bit & PLACED != 0 {
                continue;
            }
            self.candidates[cell] = bit | PLACED;
            self.open -= 1;
            let count = 2 * (N * N - 1) + (N - 1) * (N - 1);
            for &peer in &geometry.peers[cell * count..][..count] {
                let c = &mut self.candidates[usize::from(peer)];
                if *c & bit != 0 {
                    if *c & PLACED != 0 {
                        return false;
                    }
                    *c &= !bit;
                    if *c == 0 {
                        return false;
                    }
                    if c.is_power_of_two() {
                        self.queue.push(peer);
                    }
                    self.dirty |= geometry.cell_units[usize::from(peer)];
                }
            }
        }
        true
    }

    /// Queues every value that has one cell left in a unit. `Some(true)` if any was queued,
    /// `None` on a unit missing a value.
    fn hidden_singles<const N: usize>(&mut self, geometry: &Geometry) -> Option<bool> {
        let mut found = false;
        let mut units = std::mem::take(&mut self.dirty) & ((1u128 << (3 * N * N)) - 1);
        while units != 0 {
            let unit = units.trailing_zeros() as usize;
            units &= units - 1;
            let cells = &geometry.units[unit * N * N..][..N * N];
            let (mut once, mut twice, mut placed) = (0u32, 0u32, 0u32);
            for &cell in cells {
                let c = self.candidates[usize::from(cell)];
                twice |= once & c;
                once |= c;
                if c & PLACED != 0 {
                    placed |= c;
                }
            }
            if once & geometry.all != geometry.all {
                return None;
            }
            let mut single = once & !twice & !placed & geometry.all;
            while single != 0 {
                let bit = single & single.wrapping_neg();
                single &= single - 1;
                let cell = cells.iter().find(|&&cell| self.candidates[usize::from(cell)] & bit != 0)?;
                // A second value alone in the same cell finds no cell left: a contradiction.
                let cell = usize::from(*cell);
                self.candidates[cell] = bit;
                self.dirty |= geometry.cell_units[cell];
                self.queue.push(cell as u16);
                found = true;
            }
        }
        Some(found)
    }

    /// The open cell with the fewest candidates (the first of them), or `None` when every
    /// cell is placed.
    pub(crate) fn branching_cell(&self) -> Option<usize> {
        let mut best: Option<(u32, usize)> = None;
        for (cell, &c) in self.candidates.iter().enumerate() {
            if c & PLACED == 0 {
                let n = c.count_ones();
                if best.is_none_or(|(m, _)| n < m) {
                    best = Some((n, cell));
                    if n == 2 {
                        break;
                    }
                }
            }
        }
        best.map(|(_, cell)| cell)
    }
}
