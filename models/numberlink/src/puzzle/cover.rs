//! Random covers of a board by paths, each of three cells or more: what the generators grow
//! their puzzles from and the tests draw boards from.

use masu_core::Random;

/// Random paths covering an `n × n` board, each of 3+ cells: joined, where the joined path
/// would not touch itself, until `pairs` remain or no join is found (random growth stalls
/// at about `2n` paths, so large boards end with more than asked). A leftover path of 1 or 2
/// cells then joins a neighbouring path's end even where that path comes to touch itself,
/// or, with no end beside it, a neighbouring path cut where it passes; `None` when neither
/// is possible.
pub fn random_cover(n: usize, pairs: usize, random: &mut Random) -> Option<Vec<Vec<(usize, usize)>>> {
    let mut paths: Vec<Vec<(usize, usize)>> = (0..n * n).map(|i| vec![(i / n, i % n)]).collect();
    let mut owner: Vec<usize> = (0..n * n).collect();
    let adjacent = |a: (usize, usize), b: (usize, usize)| a.0.abs_diff(b.0) + a.1.abs_diff(b.1) == 1;
    let mut stalls = 0;
    while paths.iter().filter(|p| !p.is_empty()).count() > pairs {
        if stalls > 40 * n * n {
            // No join found for a while: the paths stay as they are (more than asked).
            break;
        }
        // A random end of a random path, and a random neighbour that is an end of another.
        let cell = (random.below(n), random.below(n));
        let p = owner[cell.0 * n + cell.1];
        let path = &paths[p];
        let at_front = path[0] == cell;
        if !(at_front || *path.last().unwrap_or(&cell) == cell) {
            stalls += 1;
            continue;
        }
        let neighbours: Vec<(usize, usize)> = [(0i64, 1i64), (1, 0), (0, -1), (-1, 0)]
            .iter()
            .map(|&(dr, dc)| (cell.0 as i64 + dr, cell.1 as i64 + dc))
            .filter(|&(r, c)| r >= 0 && c >= 0 && (r as usize) < n && (c as usize) < n)
            .map(|(r, c)| (r as usize, c as usize))
            .collect();
        let other = neighbours[random.below(neighbours.len())];
        let q = owner[other.0 * n + other.1];
        let other_path = &paths[q];
        let other_front = other_path[0] == other;
        if q == p || !(other_front || *other_path.last().unwrap_or(&other) == other) {
            stalls += 1;
            continue;
        }
        // Joined, the path must not touch itself: no cell of one part next to a cell of the
        // other, except the two ends being joined.
        let touches = path.iter().any(|&a| other_path.iter().any(|&b| adjacent(a, b) && !(a == cell && b == other)));
        if touches {
            stalls += 1;
            continue;
        }
        let mut first = std::mem::take(&mut paths[p]);
        let mut second = std::mem::take(&mut paths[q]);
        if at_front {
            first.reverse();
        }
        if !other_front {
            second.reverse();
        }
        first.extend(second);
        for &(r, c) in &first {
            owner[r * n + c] = p;
        }
        paths[p] = first;
        stalls = 0;
    }
    let mut paths: Vec<Vec<(usize, usize)>> = paths.into_iter().filter(|p| !p.is_empty()).collect();
    // A path too short to be a pair joins a neighbouring path's end, touching it or not, or
    // else a neighbouring path cut where it passes.
    let mut rounds = 0;
    while let Some(s) = paths.iter().position(|p| p.len() < 3) {
        // A cut below can leave a new short path; bound the rounds so that this ends.
        rounds += 1;
        if rounds > n * n {
            return None;
        }
        let short = paths.swap_remove(s);
        let (first, last) = (short[0], short[short.len() - 1]);
        let offset = random.below(paths.len().max(1));
        let mut joined = false;
        let count = paths.len();
        for q in (0..count).map(|q| (q + offset) % count) {
            let other = &mut paths[q];
            let (front, back) = (other[0], other[other.len() - 1]);
            let piece: Vec<(usize, usize)> = if adjacent(back, first) || adjacent(front, last) {
                short.clone()
            } else if adjacent(back, last) || adjacent(front, first) {
                short.iter().rev().copied().collect()
            } else {
                continue;
            };
            if adjacent(back, piece[0]) {
                other.extend(piece);
            } else {
                other.splice(0..0, piece);
            }
            joined = true;
            break;
        }
        if !joined {
            // No neighbouring end: cut a neighbouring path where it passes the short one,
            // the short one continuing the part it joins, the other part keeping 3+ cells.
            let cut = paths.iter().enumerate().find_map(|(q, other)| {
                other.iter().enumerate().find_map(|(i, &x)| {
                    let end = [first, last].into_iter().find(|&e| adjacent(x, e))?;
                    let forward = || -> Vec<(usize, usize)> {
                        if end == first { short.clone() } else { short.iter().rev().copied().collect() }
                    };
                    if other.len() >= i + 4 {
                        let mut head = other[..=i].to_vec();
                        head.extend(forward());
                        Some((q, head, other[i + 1..].to_vec()))
                    } else if i >= 3 {
                        let mut tail: Vec<(usize, usize)> = forward().into_iter().rev().collect();
                        tail.extend_from_slice(&other[i..]);
                        Some((q, tail, other[..i].to_vec()))
                    } else {
                        None
                    }
                })
            });
            let (q, joined_part, rest) = cut?;
            paths[q] = joined_part;
            paths.push(rest);
        }
    }
    Some(paths)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn covers_are_valid_and_deterministic() {
        let mut a = Random::new(7);
        let mut b = Random::new(7);
        let (x, y) = (random_cover(6, 5, &mut a), random_cover(6, 5, &mut b));
        assert_eq!(x, y);
        if let Some(cover) = x {
            assert!(cover.len() >= 5);
            assert_eq!(cover.iter().map(Vec::len).sum::<usize>(), 36);
            for path in &cover {
                for w in path.windows(2) {
                    assert_eq!(w[0].0.abs_diff(w[1].0) + w[0].1.abs_diff(w[1].1), 1);
                }
            }
        }
    }
}
