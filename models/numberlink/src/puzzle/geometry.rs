//! The board's geometry, one encoding for every engine: a cell's four sides ([`Side`]), east
//! first and clockwise, each an index (`0..4`, the order [`Numberlink::neighbours`] lists
//! them in) and a bit (a set of sides, such as the sides a cell is linked on, is their bits
//! or'ed), and the step across a side to the neighbour.
//!
//! [`Numberlink::neighbours`]: crate::puzzle::Numberlink::neighbours

/// No index: what an index slot holds when it is empty (a missing neighbour, link or end).
pub(crate) const NONE: usize = usize::MAX;
/// [`NONE`] in the compact index arrays (`u32`).
pub(crate) const NONE_U32: u32 = u32::MAX;

/// A side of a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Side {
    East,
    South,
    West,
    North,
}

impl Side {
    /// Every side, in index order.
    pub(crate) const ALL: [Side; 4] = [Side::East, Side::South, Side::West, Side::North];

    /// Its index, `0..4`.
    pub(crate) const fn index(self) -> usize {
        self as usize
    }

    /// Its bit in a set of sides.
    pub(crate) const fn bit(self) -> u8 {
        1 << self as u8
    }

    /// The neighbour of cell `i` (row-major) across this side on a `w × h` board.
    pub(crate) const fn step(self, i: usize, w: usize, h: usize) -> Option<usize> {
        let (r, c) = (i / w, i % w);
        match self {
            Side::East if c + 1 < w => Some(i + 1),
            Side::South if r + 1 < h => Some(i + w),
            Side::West if c > 0 => Some(i - 1),
            Side::North if r > 0 => Some(i - w),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_stay_on_the_board_and_come_back_across_the_opposite_side() {
        let (w, h) = (4, 3);
        for i in 0..w * h {
            let there: Vec<Option<usize>> = Side::ALL.iter().map(|s| s.step(i, w, h)).collect();
            for (k, j) in there.iter().enumerate() {
                if let Some(j) = *j {
                    assert_eq!(Side::ALL[(k + 2) % 4].step(j, w, h), Some(i));
                }
            }
            let (r, c) = (i / w, i % w);
            assert_eq!(
                there.iter().flatten().count(),
                4 - usize::from(r == 0) - usize::from(r == h - 1) - usize::from(c == 0) - usize::from(c == w - 1)
            );
        }
        assert_eq!(Side::ALL.map(Side::bit), [1, 2, 4, 8]);
    }
}
