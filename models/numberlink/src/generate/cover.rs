//! Induced path covers: every cell on a path, no path running beside itself (no two cells of
//! one path side by side unless they follow each other on it), grown toward a number of paths.
//!
//! A cover starts as one path per cell and changes by two moves, each kept only where every
//! path stays induced:
//!
//! - **join**: an end beside another path's end links to it (one path fewer);
//! - **take**: an end beside another path's inner cell links to it, and takes that path's
//!   part on one side of the cell with it (the other part stays behind: as many paths).
//!
//! Joins shorten the list; takes move ends around so that ends meet. A take that would leave
//! more paths of one or two cells than before is not made, so short paths only disappear.
//! An induced cover is what a puzzle unique under the blanks rule needs (a path beside
//! itself can be shortcut), and is the first thing the generator's proof checks.

use super::Random;
use crate::puzzle::geometry::Side;

/// An induced path cover of an `n × n` board, cells numbered row by row.
pub(crate) struct Cover {
    n: usize,
    /// Paths by id; an id whose path was joined into another is empty.
    paths: Vec<Vec<usize>>,
    /// Each cell's path id.
    owner: Vec<usize>,
    /// Paths of fewer than three cells.
    short: usize,
    /// Paths left.
    count: usize,
}

impl Cover {
    /// Grows a cover toward `pairs` paths of three cells or more, for at most `steps` moves;
    /// `None` when paths of one or two cells are left.
    pub fn grow(n: usize, pairs: usize, steps: usize, random: &mut Random) -> Option<Vec<Vec<(usize, usize)>>> {
        let mut cover = Cover {
            n,
            paths: (0..n * n).map(|i| vec![i]).collect(),
            owner: (0..n * n).collect(),
            short: n * n,
            count: n * n,
        };
        for _ in 0..steps {
            if cover.count <= pairs && cover.short == 0 {
                break;
            }
            cover.step(random);
        }
        (cover.short == 0).then(|| cover.cells())
    }

    /// The paths as cells `(row, column)`.
    fn cells(&self) -> Vec<Vec<(usize, usize)>> {
        let n = self.n;
        self.paths.iter().filter(|p| !p.is_empty()).map(|p| p.iter().map(|&i| (i / n, i % n)).collect()).collect()
    }

    fn neighbours(&self, i: usize) -> impl Iterator<Item = usize> + '_ {
        neighbours(i, self.n)
    }

    /// One random move from a random end.
    fn step(&mut self, random: &mut Random) {
        let n = self.n;
        let end = random.below(n * n);
        let p = self.owner[end];
        let path = &self.paths[p];
        let at_front = path[0] == end;
        if !at_front && *path.last().unwrap_or(&end) != end {
            return;
        }
        let around: Vec<usize> = self.neighbours(end).collect();
        let x = around[random.below(around.len())];
        let q = self.owner[x];
        if q == p {
            return;
        }
        let mut first = self.paths[p].clone();
        if at_front {
            first.reverse();
        }
        let other = &self.paths[q];
        let i = other.iter().position(|&c| c == x).unwrap_or(0);
        let (taken, rest): (Vec<usize>, Vec<usize>) = if i == 0 || i + 1 == other.len() {
            // An end: join the whole path.
            let mut all = other.clone();
            if i != 0 {
                all.reverse();
            }
            (all, Vec::new())
        } else if random.below(2) == 0 {
            (other[i..].to_vec(), other[..i].to_vec())
        } else {
            (other[..=i].iter().rev().copied().collect(), other[i + 1..].to_vec())
        };
        let short = |len: usize| usize::from(len > 0 && len < 3);
        let before = short(self.paths[p].len()) + short(self.paths[q].len());
        first.extend(&taken);
        let after = short(first.len()) + short(rest.len());
        if after > before {
            return;
        }
        // Relabel what is taken, check, and undo if the new path runs beside itself.
        for &c in &taken {
            self.owner[c] = p;
        }
        if !self.induced(&first, p) {
            for &c in &taken {
                self.owner[c] = q;
            }
            return;
        }
        if rest.is_empty() {
            self.count -= 1;
        }
        self.short = self.short + after - before;
        self.paths[p] = first;
        self.paths[q] = rest;
    }

    /// Whether `path`, labelled `id`, has no two cells side by side but those that follow
    /// each other on it.
    fn induced(&self, path: &[usize], id: usize) -> bool {
        let last = path.len() - 1;
        path.iter().enumerate().all(|(j, &c)| {
            let along = usize::from(j > 0) + usize::from(j < last);
            self.neighbours(c).filter(|&d| self.owner[d] == id).count() == along
        })
    }
}

/// Paths `p` and `q` of `cover` (on an `n × n` board) joined end to end, where an end of one
/// is beside an end of the other and the joined path is induced; `None` where not.
pub(crate) fn joined(cover: &[Vec<(usize, usize)>], n: usize, p: usize, q: usize) -> Option<Vec<(usize, usize)>> {
    let beside = |a: (usize, usize), b: (usize, usize)| a.0.abs_diff(b.0) + a.1.abs_diff(b.1) == 1;
    let (a, b) = (&cover[p], &cover[q]);
    let (a0, a1, b0, b1) = (a[0], a[a.len() - 1], b[0], b[b.len() - 1]);
    let mut path: Vec<(usize, usize)> = if beside(a1, b0) {
        a.iter().chain(b.iter()).copied().collect()
    } else if beside(a1, b1) {
        a.iter().chain(b.iter().rev()).copied().collect()
    } else if beside(a0, b0) {
        a.iter().rev().chain(b.iter()).copied().collect()
    } else if beside(a0, b1) {
        b.iter().chain(a.iter()).copied().collect()
    } else {
        return None;
    };
    // Induced: each cell's neighbours on the joined path are those before and after it.
    let mut at = vec![usize::MAX; n * n];
    for (j, &(r, c)) in path.iter().enumerate() {
        at[r * n + c] = j;
    }
    let induced = path.iter().enumerate().all(|(j, &(r, c))| {
        neighbours(r * n + c, n).map(|d| at[d]).filter(|&k| k != usize::MAX).all(|k| k + 1 == j || j + 1 == k)
    });
    induced.then(|| std::mem::take(&mut path))
}

/// The cells beside cell `i` of an `n × n` board, north, south, west, east (the order the
/// moves draw from: a seed's covers depend on it).
fn neighbours(i: usize, n: usize) -> impl Iterator<Item = usize> {
    [Side::North, Side::South, Side::West, Side::East].into_iter().filter_map(move |side| side.step(i, n, n))
}

/// The pairs of paths of `cover` whose ends are side by side, each once (`p < q`).
pub(crate) fn ends_beside(cover: &[Vec<(usize, usize)>], n: usize) -> Vec<(usize, usize)> {
    let mut end_of = vec![usize::MAX; n * n];
    for (p, path) in cover.iter().enumerate() {
        for &(r, c) in [path[0], path[path.len() - 1]].iter() {
            end_of[r * n + c] = p;
        }
    }
    let mut pairs = Vec::new();
    for (r, c) in (0..n * n).map(|i| (i / n, i % n)) {
        let p = end_of[r * n + c];
        if p == usize::MAX {
            continue;
        }
        for (x, y) in [(r + 1, c), (r, c + 1)] {
            if x < n && y < n {
                let q = end_of[x * n + y];
                if q != usize::MAX && q != p {
                    pairs.push((p.min(q), p.max(q)));
                }
            }
        }
    }
    pairs.sort_unstable();
    pairs.dedup();
    pairs
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grown_covers_cover_the_board_with_induced_paths_of_three_cells_or_more() {
        let mut grown = 0;
        for seed in 0..20 {
            let n = 4 + seed as usize % 9;
            let Some(cover) = Cover::grow(n, n, 200 * n * n, &mut Random::new(seed)) else { continue };
            grown += 1;
            let mut owner = vec![usize::MAX; n * n];
            for (k, path) in cover.iter().enumerate() {
                assert!(path.len() >= 3, "seed {seed}: a path of {} cells", path.len());
                for &(r, c) in path {
                    assert_eq!(owner[r * n + c], usize::MAX, "seed {seed}: a cell on two paths");
                    owner[r * n + c] = k;
                }
                for w in path.windows(2) {
                    assert_eq!(w[0].0.abs_diff(w[1].0) + w[0].1.abs_diff(w[1].1), 1);
                }
            }
            assert!(owner.iter().all(|&k| k != usize::MAX), "seed {seed}: a cell on no path");
            for (k, path) in cover.iter().enumerate() {
                for (j, &(r, c)) in path.iter().enumerate() {
                    let same = neighbours(r * n + c, n).filter(|&d| owner[d] == k).count();
                    assert_eq!(
                        same,
                        usize::from(j > 0) + usize::from(j + 1 < path.len()),
                        "seed {seed}: beside itself"
                    );
                }
            }
        }
        assert_eq!(grown, 20, "covers that left a short path");
    }
}
