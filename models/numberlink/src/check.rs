//! The independent checker. Each number's path starts and ends at that number's endpoints,
//! steps between orthogonal neighbours, and no cell is on two paths (or twice on one); with
//! the fill rule every cell is on a path; and the numbered grid is exactly what the paths
//! draw — so a detached loop of numbered cells fails here.

use crate::{Numberlink, Paths, Rule};

/// `Ok` when `paths` solves `puzzle` under its rule, else the first thing wrong.
pub fn check(puzzle: &Numberlink, paths: &Paths) -> Result<(), String> {
    let (w, h) = (puzzle.width(), puzzle.height());
    if paths.paths.len() != puzzle.pairs() as usize {
        return Err(format!("{} paths for {} pairs", paths.paths.len(), puzzle.pairs()));
    }
    if paths.numbers.len() != h || paths.numbers.iter().any(|row| row.len() != w) {
        return Err(format!("the numbered grid is not {w}×{h}"));
    }
    let mut drawn = vec![vec![0u32; w]; h];
    for (i, path) in paths.paths.iter().enumerate() {
        let k = i as u32 + 1;
        let (a, b) = puzzle.endpoints(k);
        let (Some(&first), Some(&last)) = (path.first(), path.last()) else {
            return Err(format!("number {k} has no path"));
        };
        if !((first == a && last == b) || (first == b && last == a)) || path.len() < 2 {
            return Err(format!(
                "the path of {k} does not join its endpoints r{}c{} and r{}c{}",
                a.0 + 1,
                a.1 + 1,
                b.0 + 1,
                b.1 + 1
            ));
        }
        for (step, &(r, c)) in path.iter().enumerate() {
            if r >= h || c >= w {
                return Err(format!("the path of {k} leaves the board"));
            }
            if step > 0 {
                let (pr, pc) = path[step - 1];
                if pr.abs_diff(r) + pc.abs_diff(c) != 1 {
                    return Err(format!("the path of {k} jumps from r{}c{} to r{}c{}", pr + 1, pc + 1, r + 1, c + 1));
                }
            }
            if drawn[r][c] != 0 {
                return Err(format!("r{}c{} is on the paths of {} and {k}", r + 1, c + 1, drawn[r][c]));
            }
            let clue = puzzle.at((r, c));
            if clue != 0 && clue != k {
                return Err(format!("the path of {k} runs through the endpoint of {clue} at r{}c{}", r + 1, c + 1));
            }
            drawn[r][c] = k;
        }
    }
    for (r, (drawn_row, numbers_row)) in drawn.iter().zip(&paths.numbers).enumerate() {
        for (c, (&on, &said)) in drawn_row.iter().zip(numbers_row).enumerate() {
            if on != said {
                return Err(if on == 0 {
                    format!(
                        "r{}c{} holds {} but no path of {} passes through it (a detached loop)",
                        r + 1,
                        c + 1,
                        paths.numbers[r][c],
                        paths.numbers[r][c]
                    )
                } else {
                    format!(
                        "r{}c{} is on the path of {} but the grid says {}",
                        r + 1,
                        c + 1,
                        drawn[r][c],
                        paths.numbers[r][c]
                    )
                });
            }
            if puzzle.rule == Rule::Fill && drawn[r][c] == 0 {
                return Err(format!("r{}c{} is on no path, and every cell must be (fill rule)", r + 1, c + 1));
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
        assert!(check(&puzzle(), &jump).unwrap_err().contains("jumps"));
        let mut blanks = puzzle();
        blanks.rule = Rule::Blanks;
        let short = paths(vec![vec![(0, 0), (0, 1), (0, 2)], vec![(1, 0), (1, 1), (1, 2)]]);
        assert_eq!(check(&blanks, &short), Ok(()));
        let mut looped = good.clone();
        looped.numbers[0][1] = 1;
        looped.paths[0] = vec![(0, 0), (1, 0)];
        assert!(check(&puzzle(), &looped).is_err());
    }
}
