//! Exact counting: the sweep run breadth-first, one layer of profiles per cell, equal
//! profiles merged and their counts added (the frontier method of Yoshinaka et al.,
//! Algorithms 5(2), 2012; what a ZDD of the solutions stores, built top-down).
//!
//! ```text
//! layer 0 = { empty profile },  count = 1
//! layer i+1 = { step(p, tile) : p ∈ layer i, tile allowed at cell i },
//!             count(q) = Σ count(p) over the steps p → q
//! solutions = count(empty profile after the last cell)
//! ```
//!
//! Every step into a profile is kept (which profile it came from and the tile), so the
//! solutions are read back from the last layer to the first: each backward walk is one
//! solution, and every walk reaches the first layer (a profile exists only because a step
//! reached it). Only the last two layers' profiles are held; the steps of every layer stay
//! (about 12 bytes each), and the whole is checked against the memory a solve may take.

use rustc_hash::FxHashMap;

use masu_core::Stats;

use super::Counting;
use super::sweep::{Label, Sweep};
use crate::puzzle::{Numberlink, Paths};

use crate::puzzle::geometry::NONE_U32 as NONE;

/// A step into a profile of the next layer.
#[derive(Clone, Copy, Debug)]
struct Step {
    /// The profile it came from, in the previous layer.
    from: u32,
    /// The next step into the same profile.
    next: u32,
    tile: u8,
}

/// The steps into one layer: `first[q]` the first step into its profile `q`.
#[derive(Debug, Default)]
struct Layer {
    first: Vec<u32>,
    steps: Vec<Step>,
}

/// A profile as a hash key: packed into 128 bits where its labels fit, else boxed.
trait Key: std::hash::Hash + Eq + Default + Clone {
    /// Bytes one profile of a frontier `width` wide takes in the map and in the layer's
    /// list, besides the count.
    fn bytes(width: usize) -> u64;
    fn pack(p: &[Label], bits: u32) -> Self;
    fn unpack(&self, p: &mut [Label], bits: u32);
}

impl Key for u128 {
    fn bytes(_: usize) -> u64 {
        56
    }
    fn pack(p: &[Label], bits: u32) -> u128 {
        p.iter().fold(0, |key, &x| key << bits | u128::from(x))
    }
    fn unpack(&self, p: &mut [Label], bits: u32) {
        let mask = (1u128 << bits) - 1;
        for (j, x) in p.iter_mut().rev().enumerate() {
            *x = (self >> (j as u32 * bits) & mask) as Label;
        }
    }
}

impl Key for Box<[Label]> {
    /// The boxed slice and its heap block (labels, allocator overhead).
    fn bytes(width: usize) -> u64 {
        64 + 2 * (width as u64 + 1)
    }
    fn pack(p: &[Label], _: u32) -> Box<[Label]> {
        p.into()
    }
    fn unpack(&self, p: &mut [Label], _: u32) {
        p.copy_from_slice(self);
    }
}

/// Every solution counted (saturated at `u128::MAX`), the first `limit` decoded; or why
/// not ([`Counting::Stopped`]: the clock or the user, after some cells;
/// [`Counting::TooLarge`]: the layers would not fit in `memory`). `stop` is asked between
/// profiles. The widest layer, and where a stop came, go into `stats`.
pub(crate) fn count(
    sweep: &mut Sweep,
    puzzle: &Numberlink,
    limit: usize,
    memory: Option<u64>,
    stop: &dyn Fn() -> bool,
    log: bool,
    stats: &mut Stats,
) -> Result<(u128, Vec<Paths>), Counting> {
    let largest = u32::from(sweep.pairs) + sweep.width as u32 + 2;
    let bits = u32::BITS - largest.leading_zeros();
    let limits = Limits { limit, memory, stop, bits, log };
    if bits as usize * (sweep.width + 1) <= 128 {
        layered::<u128>(sweep, puzzle, &limits, stats)
    } else {
        layered::<Box<[Label]>>(sweep, puzzle, &limits, stats)
    }
}

/// What [`count`] was asked, as [`layered`] takes it.
struct Limits<'a> {
    limit: usize,
    memory: Option<u64>,
    stop: &'a dyn Fn() -> bool,
    bits: u32,
    log: bool,
}

fn layered<K: Key>(
    sweep: &mut Sweep,
    puzzle: &Numberlink,
    limits: &Limits,
    stats: &mut Stats,
) -> Result<(u128, Vec<Paths>), Counting> {
    let &Limits { limit, memory, stop, bits, log } = limits;
    let mut note = |swept: usize, widest: usize| {
        stats.engine.figures.set(crate::figures::CELLS_SWEPT, swept as u64);
        stats.engine.figures.set(crate::figures::WIDEST_LAYER, widest as u64);
    };
    let cells = sweep.width * sweep.height;
    let mut layers: Vec<Layer> = Vec::with_capacity(cells);
    let mut keys: Vec<K> = vec![K::pack(&sweep.start(), bits)];
    let mut counts: Vec<u128> = vec![1];
    let mut kept: u64 = 0;
    let mut widest = 1;
    let mut tiles = Vec::with_capacity(3);
    let (mut p, mut next) = (sweep.start(), sweep.start());
    let too_large = |profiles: usize, i: usize, bytes: u64, free: u64| {
        Err(Counting::TooLarge(format!(
            "the frontier holds {profiles} profiles at cell {} of {cells}; with the steps kept so far that is {} MB, past the {} MB it may take",
            i + 1,
            bytes >> 20,
            free >> 20
        )))
    };
    for i in 0..cells {
        let mut map: FxHashMap<K, u32> = FxHashMap::with_capacity_and_hasher(keys.len(), Default::default());
        let mut layer = Layer::default();
        let mut next_counts: Vec<u128> = Vec::new();
        for (from, key) in keys.iter().enumerate() {
            if from % 1024 == 1023 {
                if stop() {
                    note(i, widest.max(map.len()));
                    return Err(Counting::Stopped);
                }
                let bytes = kept + 12 * layer.steps.len() as u64 + map.len() as u64 * (K::bytes(sweep.width) + 20);
                if let Some(free) = memory.filter(|&free| bytes > free) {
                    return too_large(map.len(), i, bytes, free);
                }
            }
            key.unpack(&mut p, bits);
            sweep.tiles(i, &p, &mut tiles);
            for &tile in &tiles {
                next.copy_from_slice(&p);
                if !sweep.apply(i, &mut next, tile) {
                    continue;
                }
                let fresh = map.len() as u32;
                let q = *map.entry(K::pack(&next, bits)).or_insert(fresh) as usize;
                if q == layer.first.len() {
                    layer.first.push(NONE);
                    next_counts.push(0);
                }
                next_counts[q] = next_counts[q].saturating_add(counts[from]);
                layer.steps.push(Step { from: from as u32, next: layer.first[q], tile });
                layer.first[q] = layer.steps.len() as u32 - 1;
            }
            if layer.steps.len() >= NONE as usize {
                return Err(Counting::TooLarge(format!("more than {NONE} steps into cell {}", i + 1)));
            }
        }
        kept += 4 * layer.first.len() as u64 + 12 * layer.steps.len() as u64;
        let bytes = kept + map.len() as u64 * (K::bytes(sweep.width) + 20);
        if let Some(free) = memory.filter(|&free| bytes > free) {
            return too_large(map.len(), i, bytes, free);
        }
        widest = widest.max(map.len());
        keys = vec![K::default(); map.len()];
        for (key, q) in map {
            keys[q as usize] = key;
        }
        counts = next_counts;
        layers.push(layer);
        if log && ((i + 1) % sweep.width == 0 || keys.len() > 100_000) {
            let (r, c) = (i / sweep.width + 1, i % sweep.width + 1);
            let (h, w) = (sweep.height, sweep.width);
            eprintln!("frontier: row {r} cell {c} of {h}×{w}: {} profiles, {} MB kept", keys.len(), kept >> 20);
        }
    }
    // The last layer holds the empty profile (every path closed) or nothing.
    note(cells, widest);
    let end = K::pack(&sweep.start(), bits);
    let Some(end) = keys.iter().position(|k| *k == end) else {
        return Ok((0, Vec::new()));
    };
    let solutions = decode(&layers, end, limit).iter().map(|tiles| sweep.paths(puzzle, tiles)).collect();
    Ok((counts[end], solutions))
}

/// Up to `limit` tile assignments, walking the steps back from profile `end` of the last
/// layer: a depth-first walk over the step lists, one cursor per layer.
fn decode(layers: &[Layer], end: usize, limit: usize) -> Vec<Vec<u8>> {
    let cells = layers.len();
    let mut found = Vec::new();
    if cells == 0 || limit == 0 {
        return found;
    }
    let mut cursor = vec![NONE; cells];
    let mut tiles = vec![0u8; cells];
    let mut t = cells - 1;
    cursor[t] = layers[t].first[end];
    loop {
        // Down to the first layer along the first steps.
        loop {
            let step = layers[t].steps[cursor[t] as usize];
            tiles[t] = step.tile;
            if t == 0 {
                break;
            }
            cursor[t - 1] = layers[t - 1].first[step.from as usize];
            t -= 1;
        }
        found.push(tiles.clone());
        if found.len() >= limit {
            return found;
        }
        // The lowest layer whose step has a sibling.
        while t < cells && layers[t].steps[cursor[t] as usize].next == NONE {
            t += 1;
        }
        if t == cells {
            return found;
        }
        cursor[t] = layers[t].steps[cursor[t] as usize].next;
    }
}
