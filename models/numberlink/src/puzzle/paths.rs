//! A solution as paths: traced from a model's links, drawn as a numbered grid, and the
//! detached loops a model's links may hold.

use crate::puzzle::{Cell, Numberlink};

/// A solution: for each number `k`, its path from its first endpoint (reading order) to the
/// second, and the numbered grid (0 = unused cell) that the paths draw.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize)]
pub struct Paths {
    /// `numbers[r][c]`: the number of the path through the cell, 0 if none.
    pub numbers: Vec<Vec<u32>>,
    /// `paths[k - 1]`: the cells of number `k`'s path, endpoint to endpoint.
    pub paths: Vec<Vec<Cell>>,
}

impl Paths {
    /// The solution drawn by `links`: each number's path traced from its first endpoint. Linked
    /// cells off every path (none, if the links are a solution) keep a number no puzzle has,
    /// for the checker to see.
    pub(crate) fn from_links(puzzle: &Numberlink, links: &[(Cell, Cell)]) -> Paths {
        let mut paths = Paths::trace(puzzle, links, |_| u32::MAX);
        for (k, path) in (1..).zip(&paths.paths) {
            for &(r, c) in path {
                paths.numbers[r][c] = k;
            }
        }
        paths
    }

    /// Whether some path runs beside itself: two neighbouring cells of one number that are not
    /// consecutive on its path.
    pub(crate) fn touches_itself(&self) -> bool {
        let mut linked = std::collections::HashSet::new();
        for path in &self.paths {
            for pair in path.windows(2) {
                linked.insert((pair[0].min(pair[1]), pair[0].max(pair[1])));
            }
        }
        let numbers = &self.numbers;
        let (h, w) = (numbers.len(), numbers.first().map_or(0, Vec::len));
        (0..h).any(|r| {
            (0..w).any(|c| {
                let beside = [(r + 1 < h).then_some((r + 1, c)), (c + 1 < w).then_some((r, c + 1))];
                beside.into_iter().flatten().any(|(r2, c2)| {
                    numbers[r][c] != 0 && numbers[r2][c2] == numbers[r][c] && !linked.contains(&((r, c), (r2, c2)))
                })
            })
        })
    }

    /// Every cell is on a path (no cell left blank).
    pub fn fills_board(&self) -> bool {
        self.numbers.iter().flatten().all(|&v| v != 0)
    }

    /// Paths traced from undirected links (`(a, b)` pairs): from each number's first endpoint,
    /// follow the links. The numbered grid marks every linked cell with the number given by
    /// `number_of` (for models that assign numbers to cells), so that cells the trace does
    /// not reach (a detached loop) stay visible to the checker.
    pub fn trace(puzzle: &Numberlink, links: &[(Cell, Cell)], number_of: impl Fn(Cell) -> u32) -> Paths {
        let mut adjacent: Vec<Vec<Cell>> = vec![Vec::new(); puzzle.width * puzzle.height];
        for &(a, b) in links {
            adjacent[puzzle.index(a)].push(b);
            adjacent[puzzle.index(b)].push(a);
        }
        let mut numbers = vec![vec![0; puzzle.width]; puzzle.height];
        for &(a, b) in links {
            numbers[a.0][a.1] = number_of(a);
            numbers[b.0][b.1] = number_of(b);
        }
        let mut paths = Vec::new();
        for k in 1..=puzzle.pairs {
            let (start, _) = puzzle.endpoints(k);
            let mut path = vec![start];
            let mut previous: Option<Cell> = None;
            let mut here = start;
            while path.len() <= puzzle.width * puzzle.height {
                let next = adjacent[puzzle.index(here)].iter().copied().find(|&n| Some(n) != previous);
                match next {
                    Some(n) => {
                        previous = Some(here);
                        here = n;
                        path.push(n);
                        if puzzle.at(n) == k {
                            break;
                        }
                    }
                    None => break,
                }
            }
            numbers[start.0][start.1] = k;
            paths.push(path);
        }
        Paths { numbers, paths }
    }
}

/// The components of `links` (pairs of cell indices) that hold no endpoint: detached loops,
/// each as the positions of its links in `links`.
pub(crate) fn detached_loops(puzzle: &Numberlink, links: &[(usize, usize)]) -> Vec<Vec<usize>> {
    let n = puzzle.width * puzzle.height;
    let mut parent: Vec<usize> = (0..n).collect();
    fn find(parent: &mut [usize], x: usize) -> usize {
        let mut root = x;
        while parent[root] != root {
            root = parent[root];
        }
        let mut x = x;
        while parent[x] != root {
            let next = parent[x];
            parent[x] = root;
            x = next;
        }
        root
    }
    for &(a, b) in links {
        let (ra, rb) = (find(&mut parent, a), find(&mut parent, b));
        parent[ra] = rb;
    }
    let mut has_endpoint = vec![false; n];
    for (i, &number) in puzzle.cells.iter().enumerate() {
        if number != 0 {
            let root = find(&mut parent, i);
            has_endpoint[root] = true;
        }
    }
    let mut by_root: std::collections::BTreeMap<usize, Vec<usize>> = std::collections::BTreeMap::new();
    for (at, &(a, _)) in links.iter().enumerate() {
        let root = find(&mut parent, a);
        if !has_endpoint[root] {
            by_root.entry(root).or_default().push(at);
        }
    }
    by_root.into_values().collect()
}
