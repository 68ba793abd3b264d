//! The 9×9 engine on AVX2 registers: boxes and triads as tdoku lays them out.
//!
//! **The state.** Each box is one 256-bit register of sixteen 16-bit lanes, a 4×4 matrix of
//! candidate sets (bit `d` for digit `d + 1`): lanes `(r, c)`, `r, c < 3`, are its nine cells;
//! lane `(r, 3)` is minirow `r`'s *negative triad*, the digits that may be absent from the
//! minirow; lane `(3, c)` the same for minicol `c`; lane 15 holds every digit and means
//! nothing. For each digit, each row `r < 3` of the matrix holds it exactly once (in one cell
//! of the minirow, or the minirow lacks it), and so does each column `c < 3`. A cell holds at
//! least one digit, a negative triad at least six (a minirow holds three digits).
//!
//! Each band (three boxes in a row, or in a column) holds, per digit, which of the six
//! *configurations* may place it: the three rows of a row band take the digit once each, in
//! three different boxes, so the minirows it occupies form a permutation (`tables::ELEM`).
//! One 128-bit register a band, lanes 0–5; beside it the eliminations not yet applied. The
//! configurations give each box's *positive triads*: the digits minirow `e` may hold.
//!
//! **Propagation** by messages between boxes and bands, to a fix-point of what each sees;
//! every step is sound (each solution agrees with it):
//!
//! - A box restricted (`State::restrict`) applies the restriction, fails if a lane falls
//!   below its least count, and collects what is sure: a lane at its least count (a single
//!   in a cell; a minirow lacking six digits lacks them), and a digit left once in a row or
//!   column of the matrix. A sure cell's digit leaves the box's other cells and its minirow's
//!   and minicol's negative triads, and its other digits leave it; to the bands go the
//!   configurations that put a sure digit in another minirow (minicol), or a digit in a
//!   minirow it is surely absent from. Repeated while it removes something, then each of
//!   its two bands is told (the other orientation first).
//! - A band (`State::band`) applies its pending eliminations, finds each minirow with three
//!   digits left (they are its three) and refuses the configurations that put them
//!   elsewhere in that box, then restricts its three boxes to their positive triads (a cell
//!   to its minirow's, a negative triad to the other two minirows'), the box the news came
//!   from last.
//!
//! **The search** branches on the band with the fewest configurations not yet fixed, on its
//! digit with the fewest (two, else three, else more), and on that digit's first
//! configuration: assigned in a copy of the state (480
//! bytes), then refused in the state itself. The two branches partition the solutions, so a
//! search that ends below the limit has counted each once. A state where no band can branch
//! is a solution when every band gives each digit one configuration and every cell one
//! digit (`State::solved`: checked, not assumed).
//!
//! **Invariant** after a propagation returns `true`: no band has eliminations pending
//! against its configurations, and each box lies within the positive triads of its bands'
//! current configurations.
//!
//! The kernels are safe Rust: `#[target_feature(enable = "avx2,popcnt")]` functions on
//! vector values (`lanes.rs`), no pointer read or written. [`Avx2`] proves the features
//! present, and [`Avx2::search`] holds the one `unsafe` call into them. Elsewhere, under
//! `--param simd=false`, and for a random search (the generator's grid, so that a seed draws
//! the same grid on every machine), the band engine (`bands.rs`) runs: the portable path.

mod engine;
mod lanes;
mod tables;

use super::Walk;

/// Proof that this machine runs AVX2 and POPCNT: only [`Avx2::detect`] makes one.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Avx2(());

impl Avx2 {
    /// The proof, where the running CPU has both features.
    pub(crate) fn detect() -> Option<Avx2> {
        (is_x86_feature_detected!("avx2") && is_x86_feature_detected!("popcnt")).then_some(Avx2(()))
    }

    /// Counts the solutions of `givens` (81 cells, row by row, 0 blank) into `walk`.
    #[allow(unsafe_code)]
    pub(crate) fn search(self, walk: &mut Walk, givens: &[u8]) {
        // SAFETY: the engine's functions need AVX2 and POPCNT, and `self` exists only where
        // `detect` found both on the running CPU.
        unsafe { run(walk, givens) }
    }
}

#[target_feature(enable = "avx2,popcnt")]
fn run(walk: &mut Walk, givens: &[u8]) {
    if let Some(mut state) = engine::State::new(givens) {
        engine::descend(walk, &mut state);
    }
}
