//! Random numbers for the generators and the searches' random orders.

/// A small deterministic generator (SplitMix64), so that a seed always gives the same
/// puzzles on every machine.
#[derive(Clone, Debug)]
pub struct Random(u64);

impl Random {
    /// From a seed.
    pub fn new(seed: u64) -> Random {
        Random(seed)
    }
    /// The generator of draw `index` of a run seeded `seed`: each index an independent draw,
    /// the same on every machine (every generator's puzzles come from it).
    pub fn of_draw(seed: u64, index: u64) -> Random {
        Random(seed ^ index.wrapping_mul(0xa076_1d64_78bd_642f))
    }
    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    /// Uniform in `0..n` (n > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
}
