//! The independent checker. Each number's path starts and ends at that number's endpoints,
//! steps between orthogonal neighbours, and no cell is on two paths (or twice on one); with
//! the fill rule every cell is on a path; and the numbered grid is exactly what the paths
//! draw — so a detached loop of numbered cells fails here.

use std::fmt;

use masu_core::At;

use crate::puzzle::{Numberlink, Paths, Rule};

/// What the checker finds wrong with numberlink paths; numbers are 1-based, as printed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Violation {
    /// Not one path per pair.
    PathCount {
        /// Paths given.
        paths: usize,
        /// Pairs of the board.
        pairs: u32,
    },
    /// The numbered grid is not the board's size.
    GridSize {
        /// The board's width.
        width: usize,
        /// The board's height.
        height: usize,
    },
    /// A number's path is empty.
    NoPath(u32),
    /// A number's path does not run from one of its endpoints to the other.
    NotJoined {
        /// The number.
        number: u32,
        /// Its endpoints.
        ends: (At, At),
    },
    /// A number's path leaves the board.
    OffBoard(u32),
    /// A number's path steps between cells that are not neighbours.
    Jump {
        /// The number.
        number: u32,
        /// The step's cells.
        from: At,
        /// Where it lands.
        to: At,
    },
    /// A cell is on two paths (or twice on one).
    Shared {
        /// The cell.
        cell: At,
        /// The number whose path came first.
        first: u32,
        /// The number whose path came again.
        second: u32,
    },
    /// A number's path runs through another number's endpoint.
    ThroughEndpoint {
        /// The number.
        number: u32,
        /// The endpoint's number.
        endpoint: u32,
        /// The endpoint's cell.
        cell: At,
    },
    /// The numbered grid says a number where no path of it passes (a detached loop).
    DetachedLoop {
        /// The cell.
        cell: At,
        /// The number the grid says.
        number: u32,
    },
    /// The numbered grid and the paths disagree on a cell.
    GridDisagrees {
        /// The cell.
        cell: At,
        /// The path on it.
        path: u32,
        /// What the grid says.
        grid: u32,
    },
    /// Under the fill rule, a cell is on no path.
    Uncovered(At),
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Violation::PathCount { paths, pairs } => write!(f, "{paths} paths for {pairs} pairs"),
            Violation::GridSize { width, height } => write!(f, "the numbered grid is not {width}×{height}"),
            Violation::NoPath(k) => write!(f, "number {k} has no path"),
            Violation::NotJoined { number, ends: (a, b) } => {
                write!(f, "the path of {number} does not join its endpoints {a} and {b}")
            }
            Violation::OffBoard(k) => write!(f, "the path of {k} leaves the board"),
            Violation::Jump { number, from, to } => write!(f, "the path of {number} jumps from {from} to {to}"),
            Violation::Shared { cell, first, second } => write!(f, "{cell} is on the paths of {first} and {second}"),
            Violation::ThroughEndpoint { number, endpoint, cell } => {
                write!(f, "the path of {number} runs through the endpoint of {endpoint} at {cell}")
            }
            Violation::DetachedLoop { cell, number } => {
                write!(f, "{cell} holds {number} but no path of {number} passes through it (a detached loop)")
            }
            Violation::GridDisagrees { cell, path, grid } => {
                write!(f, "{cell} is on the path of {path} but the grid says {grid}")
            }
            Violation::Uncovered(cell) => write!(f, "{cell} is on no path, and every cell must be (fill rule)"),
        }
    }
}

impl std::error::Error for Violation {}

/// `Ok` when `paths` solves `puzzle` under its rule, else the first thing wrong.
pub fn check(puzzle: &Numberlink, paths: &Paths) -> Result<(), Violation> {
    let (w, h) = (puzzle.width(), puzzle.height());
    if paths.paths.len() != puzzle.pairs() as usize {
        return Err(Violation::PathCount { paths: paths.paths.len(), pairs: puzzle.pairs() });
    }
    if paths.numbers.len() != h || paths.numbers.iter().any(|row| row.len() != w) {
        return Err(Violation::GridSize { width: w, height: h });
    }
    let mut drawn = vec![vec![0u32; w]; h];
    for (i, path) in paths.paths.iter().enumerate() {
        let k = i as u32 + 1;
        let (a, b) = puzzle.endpoints(k);
        let (Some(&first), Some(&last)) = (path.first(), path.last()) else {
            return Err(Violation::NoPath(k));
        };
        if !((first == a && last == b) || (first == b && last == a)) || path.len() < 2 {
            return Err(Violation::NotJoined { number: k, ends: (a.into(), b.into()) });
        }
        for (step, &(r, c)) in path.iter().enumerate() {
            if r >= h || c >= w {
                return Err(Violation::OffBoard(k));
            }
            if step > 0 {
                let (pr, pc) = path[step - 1];
                if pr.abs_diff(r) + pc.abs_diff(c) != 1 {
                    return Err(Violation::Jump { number: k, from: At(pr, pc), to: At(r, c) });
                }
            }
            if drawn[r][c] != 0 {
                return Err(Violation::Shared { cell: At(r, c), first: drawn[r][c], second: k });
            }
            let clue = puzzle.at((r, c));
            if clue != 0 && clue != k {
                return Err(Violation::ThroughEndpoint { number: k, endpoint: clue, cell: At(r, c) });
            }
            drawn[r][c] = k;
        }
    }
    for (r, (drawn_row, numbers_row)) in drawn.iter().zip(&paths.numbers).enumerate() {
        for (c, (&on, &said)) in drawn_row.iter().zip(numbers_row).enumerate() {
            if on != said {
                return Err(if on == 0 {
                    Violation::DetachedLoop { cell: At(r, c), number: said }
                } else {
                    Violation::GridDisagrees { cell: At(r, c), path: on, grid: said }
                });
            }
            if puzzle.rule == Rule::Fill && on == 0 {
                return Err(Violation::Uncovered(At(r, c)));
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn puzzle() -> Numberlink {
        Numberlink::new(vec![vec![1, 0, 1], vec![2, 0, 2]], Rule::Fill).unwrap()
    }

    fn paths(p: Vec<Vec<(usize, usize)>>) -> Paths {
        let mut numbers = vec![vec![0; 3]; 2];
        for (i, path) in p.iter().enumerate() {
            for &(r, c) in path {
                numbers[r][c] = i as u32 + 1;
            }
        }
        Paths { numbers, paths: p }
    }

    #[test]
    fn accepts_paths_and_names_what_is_wrong() {
        let good = paths(vec![vec![(0, 0), (0, 1), (0, 2)], vec![(1, 0), (1, 1), (1, 2)]]);
        assert_eq!(check(&puzzle(), &good), Ok(()));
        let jump = paths(vec![vec![(0, 0), (0, 2)], vec![(1, 0), (1, 1), (1, 2)]]);
        assert_eq!(check(&puzzle(), &jump), Err(Violation::Jump { number: 1, from: At(0, 0), to: At(0, 2) }));
        let mut blanks = puzzle();
        blanks.rule = Rule::Blanks;
        let short = paths(vec![vec![(0, 0), (0, 1), (0, 2)], vec![(1, 0), (1, 1), (1, 2)]]);
        assert_eq!(check(&blanks, &short), Ok(()));
        let mut looped = good.clone();
        looped.numbers[0][1] = 1;
        looped.paths[0] = vec![(0, 0), (1, 0)];
        assert_eq!(check(&puzzle(), &looped), Err(Violation::NotJoined { number: 1, ends: (At(0, 0), At(0, 2)) }));
        let side = Numberlink::new(vec![vec![1, 0, 0], vec![1, 0, 0]], Rule::Blanks).unwrap();
        let mut stray = paths(vec![vec![(0, 0), (1, 0)]]);
        stray.numbers[0][1] = 1;
        assert_eq!(check(&side, &stray), Err(Violation::DetachedLoop { cell: At(0, 1), number: 1 }));
        let corner = Numberlink::new(vec![vec![1, 1, 0], vec![2, 0, 2]], Rule::Fill).unwrap();
        let uncovered = paths(vec![vec![(0, 0), (0, 1)], vec![(1, 0), (1, 1), (1, 2)]]);
        assert_eq!(check(&corner, &uncovered), Err(Violation::Uncovered(At(0, 2))));
    }
}
