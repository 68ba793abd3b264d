//! The line cache: (line, state) → solved state, with a hasher for its one-word keys.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use crate::line::Masks;

/// Puzzles with lines longer than this are solved without the cache (a line's state would
/// not fit a `u128`).
pub(super) const CACHED_LENGTH: usize = 128;

/// Entries kept before the cache is emptied, to bound its memory (about 50 MiB).
const CACHE_ENTRIES: usize = 1 << 19;

/// Results of line solving already computed: (line, state) → the solved state, or `None`
/// for a contradiction. Probing solves the same line in the same state over and over (the
/// same probe in every pass, neighbouring probes reaching the same crossing line), and a
/// lookup costs a fraction of a solve.
#[derive(Default)]
pub(super) struct LineCache {
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

impl LineCache {
    /// The solved state of line `line` in state `masks`, if solved before (`Some(None)`: a
    /// contradiction).
    pub(super) fn get(&self, line: usize, masks: Masks) -> Option<Option<Masks>> {
        self.map.get(&Key(line as u32, masks)).copied()
    }
    /// Keeps a solved state, emptying the cache first when it is full.
    pub(super) fn insert(&mut self, line: usize, masks: Masks, solved: Option<Masks>) {
        if self.map.len() >= CACHE_ENTRIES {
            self.map.clear();
        }
        self.map.insert(Key(line as u32, masks), solved);
    }
}
