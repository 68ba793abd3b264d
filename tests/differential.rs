//! Differential tests: random small instances of every kind, solved by every formulation ×
//! backend compiled into this build with a solution limit, against exhaustive counts written
//! here from the rules alone, independently of the models. Any disagreement fails with the
//! instance printed.
//!
//! The fixed-seed slice runs with the tests. `MASU_DIFF_ROUNDS=N` runs N instances per kind
//! and rule, and `MASU_DIFF_LARGE=1` draws them up to the sizes (sudoku 9×9 with few
//! givens, nonograms 8×8, numberlink 6×6): `just differential 2000`.

use masu::core::{Error, Report, SolveOptions, runnable};
use masu::nonogram::Nonogram;
use masu::numberlink::{Numberlink, Rule};
use masu::sudoku::Sudoku;

/// The solution limit: counts up to it are exact, beyond it only "at least".
const LIMIT: usize = 3;

fn rounds(default: u64) -> u64 {
    std::env::var("MASU_DIFF_ROUNDS").ok().and_then(|r| r.parse().ok()).unwrap_or(default)
}

fn large() -> bool {
    std::env::var("MASU_DIFF_LARGE").is_ok_and(|v| v == "1")
}

/// A board's width and height, each from 2 to `most` (`most_large` with MASU_DIFF_LARGE=1).
fn sides(rng: &mut Rng, most: usize, most_large: usize) -> (usize, usize) {
    let most = if large() { most_large } else { most };
    (2 + rng.below(most - 1), 2 + rng.below(most - 1))
}

/// xorshift64*: a fixed seed gives the same instances on every machine.
struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1)
    }
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }
}

fn options() -> SolveOptions {
    // Ten minutes bound each solve: a backend run as a program (Gurobi, CP Optimizer) is
    // stopped past it, so that no test waits on one without end.
    let time_limit = Some(std::time::Duration::from_secs(600));
    SolveOptions { solution_limit: LIMIT, clock: masu_core::Clock::within(time_limit), ..SolveOptions::default() }
}

/// Whether `report` says what an exhaustive count of `count` (counted up to `LIMIT + 1`)
/// says at the limit: as many solutions listed as min(count, limit), pairwise different;
/// complete with the exact count when there are fewer than the limit; when there are more,
/// either not complete with the limit counted, or complete with a count past the limit (a
/// method that counts without listing, such as numberlink's frontier count).
fn agrees<S: PartialEq>(report: &Report<S>, count: usize) -> bool {
    let found = report.solutions.len();
    let distinct = report.solutions.iter().enumerate().all(|(i, a)| report.solutions[..i].iter().all(|b| a != b));
    let counted = match (count > LIMIT, report.complete) {
        (false, complete) => (count == LIMIT || complete) && report.count == count as u128,
        (true, false) => report.count == LIMIT as u128,
        (true, true) => report.count >= count as u128,
    };
    distinct && found == count.min(LIMIT) && counted
}

// ---------------------------------------------------------------- sudoku

/// Completions of `cells` (0 blank) on an n²×n² grid, up to `limit`: backtracking on the
/// cell with the fewest candidates.
fn sudoku_count(cells: &mut [u8], side: usize, limit: usize) -> usize {
    let n = (side as f64).sqrt() as usize;
    let candidates = |cells: &[u8], i: usize| -> Vec<u8> {
        let (r, c) = (i / side, i % side);
        (1..=side as u8)
            .filter(|&v| {
                (0..side).all(|k| cells[r * side + k] != v && cells[k * side + c] != v)
                    && (0..side).all(|k| cells[(r / n * n + k / n) * side + c / n * n + k % n] != v)
            })
            .collect()
    };
    let blank = (0..cells.len()).filter(|&i| cells[i] == 0).min_by_key(|&i| candidates(cells, i).len());
    let Some(i) = blank else { return 1 };
    let mut count = 0;
    for v in candidates(cells, i) {
        cells[i] = v;
        count += sudoku_count(cells, side, limit - count);
        cells[i] = 0;
        if count >= limit {
            break;
        }
    }
    count
}

/// A random full grid, then `givens` of its cells kept; sometimes one given changed, which
/// may leave the puzzle without a solution.
fn random_sudoku(rng: &mut Rng, side: usize, givens: usize) -> Vec<u8> {
    fn fill(cells: &mut [u8], side: usize, rng: &mut Rng, at: usize) -> bool {
        if at == cells.len() {
            return true;
        }
        let mut values: Vec<u8> = (1..=side as u8).collect();
        rng.shuffle(&mut values);
        for v in values {
            cells[at] = v;
            let mut probe = cells.to_vec();
            probe[at] = 0;
            let n = (side as f64).sqrt() as usize;
            let (r, c) = (at / side, at % side);
            let clash = (0..side).any(|k| probe[r * side + k] == v || probe[k * side + c] == v)
                || (0..side).any(|k| probe[(r / n * n + k / n) * side + c / n * n + k % n] == v);
            if !clash && fill(cells, side, rng, at + 1) {
                return true;
            }
        }
        cells[at] = 0;
        false
    }
    let mut cells = vec![0; side * side];
    assert!(fill(&mut cells, side, rng, 0));
    let mut order: Vec<usize> = (0..cells.len()).collect();
    rng.shuffle(&mut order);
    for &i in &order[givens..] {
        cells[i] = 0;
    }
    if rng.below(4) == 0 {
        cells[order[0]] = 1 + rng.below(side) as u8;
    }
    cells
}

#[test]
fn sudoku_counts_agree_with_exhaustive_counts() {
    let mut rng = Rng::new(1);
    for round in 0..rounds(40) {
        let nine = if large() { round % 2 == 1 } else { round % 4 == 3 };
        let (side, givens) = if nine { (9, 24 + rng.below(12)) } else { (4, 3 + rng.below(6)) };
        let cells = random_sudoku(&mut rng, side, givens);
        let count = sudoku_count(&mut cells.clone(), side, LIMIT + 1);
        let Ok(puzzle) = Sudoku::new(cells.clone()) else { continue }; // a changed given may repeat in a row
        for (formulation, backend) in runnable::<Sudoku>() {
            let report = masu::core::solve(&puzzle, formulation, backend, &options()).unwrap();
            assert!(
                agrees(&report, count),
                "{formulation} on {backend}: {} solution(s), complete {}, exhaustive count {count}: {}",
                report.solutions.len(),
                report.complete,
                puzzle.to_line()
            );
        }
    }
}

// ---------------------------------------------------------------- nonogram

/// The lengths of a line's runs of filled cells (the crate's own, which its unit tests hold
/// to hand-counted lines).
use masu::nonogram::line::clue_of as runs;

/// Whether a column's first cells can still grow into its clue in the rows left.
fn column_prefix_ok(column: &[bool], clue: &[usize], height: usize) -> bool {
    let done = runs(column.iter().copied());
    let open = column.last() == Some(&true);
    let closed = if open { done.len() - 1 } else { done.len() };
    if closed > clue.len() || done[..closed] != clue[..closed] {
        return false;
    }
    let room = height - column.len();
    if open {
        let len = done[closed];
        if closed >= clue.len() || len > clue[closed] {
            return false;
        }
        let rest: usize = clue[closed + 1..].iter().sum::<usize>() + (clue.len() - closed - 1);
        clue[closed] - len + rest <= room
    } else {
        let rest: usize = clue[closed..].iter().sum::<usize>() + clue.len().saturating_sub(closed + 1);
        rest <= room
    }
}

/// Solutions of a nonogram, up to `limit`: every row pattern that fits its clue, rows chosen
/// top to bottom while every column can still fit its own.
fn nonogram_count(rows: &[Vec<usize>], cols: &[Vec<usize>], limit: usize) -> usize {
    let (h, w) = (rows.len(), cols.len());
    let patterns: Vec<Vec<Vec<bool>>> = rows
        .iter()
        .map(|clue| {
            (0..1u32 << w)
                .map(|bits| (0..w).map(|c| bits >> c & 1 == 1).collect::<Vec<bool>>())
                .filter(|line| runs(line.iter().copied()) == *clue)
                .collect()
        })
        .collect();
    fn go(
        r: usize,
        grid: &mut Vec<Vec<bool>>,
        patterns: &[Vec<Vec<bool>>],
        cols: &[Vec<usize>],
        h: usize,
        limit: usize,
    ) -> usize {
        if r == h {
            let done = (0..cols.len()).all(|c| runs(grid.iter().map(|row| row[c])) == cols[c]);
            return usize::from(done);
        }
        let mut count = 0;
        for pattern in &patterns[r] {
            grid.push(pattern.clone());
            let ok = (0..cols.len()).all(|c| {
                let column: Vec<bool> = grid.iter().map(|row| row[c]).collect();
                column_prefix_ok(&column, &cols[c], h)
            });
            if ok {
                count += go(r + 1, grid, patterns, cols, h, limit - count);
            }
            grid.pop();
            if count >= limit {
                break;
            }
        }
        count
    }
    go(0, &mut Vec::new(), &patterns, cols, h, limit)
}

/// A random clue for a line of `width`: blocks that fit, each at least 1.
fn random_clue(rng: &mut Rng, width: usize) -> Vec<usize> {
    let mut clue = Vec::new();
    let mut room = width;
    while room > 0 && rng.below(3) != 0 {
        let block = 1 + rng.below(room.min(4));
        clue.push(block);
        room = room.saturating_sub(block + 1);
    }
    clue
}

#[test]
fn nonogram_counts_agree_with_exhaustive_counts() {
    let mut rng = Rng::new(2);
    for round in 0..rounds(60) {
        let (w, h) = sides(&mut rng, 5, 8);
        let (rows, cols) = if round % 3 == 2 {
            ((0..h).map(|_| random_clue(&mut rng, w)).collect(), (0..w).map(|_| random_clue(&mut rng, h)).collect())
        } else {
            let density = 1 + rng.below(3);
            let grid: Vec<Vec<bool>> = (0..h).map(|_| (0..w).map(|_| rng.below(4) < density).collect()).collect();
            let rows: Vec<Vec<usize>> = grid.iter().map(|row| runs(row.iter().copied())).collect();
            let cols: Vec<Vec<usize>> = (0..w).map(|c| runs(grid.iter().map(|row| row[c]))).collect();
            (rows, cols)
        };
        let Ok(puzzle) = Nonogram::new(rows.clone(), cols.clone()) else { continue }; // clue sums differ
        let count = nonogram_count(&rows, &cols, LIMIT + 1);
        for (formulation, backend) in runnable::<Nonogram>() {
            let shown = format!("{formulation} on {backend}, rows {rows:?} cols {cols:?}");
            let report = match masu::core::solve(&puzzle, formulation, backend, &options()) {
                Ok(report) => report,
                Err(e) => panic!("{shown}: {e}"),
            };
            if report.status == masu::core::Status::Stuck {
                // A line solver that could not decide every cell claims nothing but that
                // line logic alone cannot finish; it must not have missed a contradiction.
                assert!(report.solutions.is_empty(), "{shown}");
                continue;
            }
            let searches = !matches!(formulation.name(), "line-solver" | "line-solver-dp");
            if searches {
                assert!(
                    agrees(&report, count),
                    "{shown}: {} found, complete {}, exhaustive {count}",
                    report.solutions.len(),
                    report.complete
                );
            } else {
                // Line solvers decide: unique or infeasible, never more.
                assert_eq!(report.solutions.len(), count.min(1), "{shown}");
                assert!(count <= 1, "{shown}: a line solver decided a puzzle with {count} solutions");
            }
        }
    }
}

// ---------------------------------------------------------------- numberlink

/// The cells beside cell `i` of a `w`×`h` board, row-major.
fn neighbours(i: usize, w: usize, h: usize) -> Vec<usize> {
    let (r, c) = (i / w, i % w);
    let beside =
        [(r > 0).then(|| i - w), (c > 0).then(|| i - 1), (c + 1 < w).then(|| i + 1), (r + 1 < h).then(|| i + w)];
    beside.into_iter().flatten().collect()
}

/// Sets of vertex-disjoint simple paths joining each pair (through blank cells only), every
/// cell covered under the fill rule, up to `limit`: each number's paths from its first
/// endpoint, depth first.
fn path_sets(cells: &[u32], w: usize, h: usize, fill: bool, limit: usize) -> usize {
    let pairs = cells.iter().copied().max().unwrap_or(0);
    let ends: Vec<(usize, usize)> = (1..=pairs)
        .map(|k| {
            let at: Vec<usize> = (0..cells.len()).filter(|&i| cells[i] == k).collect();
            (at[0], at[1])
        })
        .collect();
    let neighbours = |i: usize| neighbours(i, w, h);
    struct Search<'a> {
        cells: &'a [u32],
        ends: &'a [(usize, usize)],
        used: Vec<bool>,
        fill: bool,
        limit: usize,
        count: usize,
    }
    fn extend(s: &mut Search, k: usize, at: usize, neighbours: &dyn Fn(usize) -> Vec<usize>) {
        if s.count >= s.limit {
            return;
        }
        let target = s.ends[k].1;
        for next in neighbours(at) {
            if next == target {
                s.used[next] = true;
                if k + 1 == s.ends.len() {
                    if !s.fill || s.used.iter().all(|&u| u) {
                        s.count += 1;
                    }
                } else {
                    extend(s, k + 1, s.ends[k + 1].0, neighbours);
                }
                s.used[next] = false;
            } else if !s.used[next] && s.cells[next] == 0 {
                s.used[next] = true;
                extend(s, k, next, neighbours);
                s.used[next] = false;
            }
            if s.count >= s.limit {
                return;
            }
        }
    }
    let mut used = vec![false; cells.len()];
    for &(a, _) in &ends {
        used[a] = true;
    }
    let mut search = Search { cells, ends: &ends, used, fill, limit, count: 0 };
    extend(&mut search, 0, ends[0].0, &neighbours);
    search.count
}

/// Article 001's assignments: every cell a number in 1..=m (0..=m with `zero`, 0 unused),
/// endpoints fixed, each used cell with exactly one (endpoint) or two (other) neighbours of
/// its number; up to `limit`, and whether some assignment is no solution: a cell that is
/// not on its number's path from the endpoints (a detached loop), or, under the `fill`
/// rule, an unused cell.
fn assignments(cells: &[u32], w: usize, h: usize, zero: bool, fill: bool, limit: usize) -> (usize, bool) {
    let m = cells.iter().copied().max().unwrap_or(0);
    let neighbours = |i: usize| neighbours(i, w, h);
    let degree_ok = |x: &[u32], i: usize, complete: bool| -> bool {
        if x[i] == 0 {
            return true;
        }
        let want = if cells[i] != 0 { 1 } else { 2 };
        let same = neighbours(i).iter().filter(|&&j| j < x.len() && x[j] == x[i]).count();
        if complete { same == want } else { same <= want }
    };
    let detached = |x: &[u32]| -> bool {
        // Walk each number's path from its first endpoint; any used cell not reached is a loop.
        let mut reached = vec![false; x.len()];
        for k in 1..=m {
            let Some(start) = (0..x.len()).find(|&i| cells[i] == k) else { continue };
            let mut stack = vec![start];
            reached[start] = true;
            while let Some(i) = stack.pop() {
                for j in neighbours(i) {
                    if x[j] == k && !reached[j] {
                        reached[j] = true;
                        stack.push(j);
                    }
                }
            }
        }
        (0..x.len()).any(|i| x[i] != 0 && !reached[i]) || fill && x.contains(&0)
    };
    fn go(
        x: &mut Vec<u32>,
        n: usize,
        choices: &dyn Fn(usize) -> Vec<u32>,
        ok: &dyn Fn(&[u32], usize) -> bool,
        done: &dyn Fn(&[u32]) -> bool,
        limit: usize,
        found: &mut (usize, bool),
    ) {
        if x.len() == n {
            found.0 += 1;
            found.1 |= done(x);
            return;
        }
        for v in choices(x.len()) {
            x.push(v);
            if ok(x, x.len() - 1) {
                go(x, n, choices, ok, done, limit, found);
            }
            x.pop();
            if found.0 >= limit {
                return;
            }
        }
    }
    let n = cells.len();
    let choices =
        |i: usize| -> Vec<u32> { if cells[i] != 0 { vec![cells[i]] } else { (u32::from(!zero)..=m).collect() } };
    // After placing cell i, every cell whose neighbours are all placed (the one above, and
    // on the last row the one to the left) must have its exact degree; the others at most.
    let ok = |x: &[u32], i: usize| -> bool {
        let mut check: Vec<usize> = neighbours(i).into_iter().filter(|&j| j < i).collect();
        check.push(i);
        check.iter().all(|&j| {
            let complete = neighbours(j).iter().all(|&k| k <= i);
            degree_ok(x, j, complete)
        }) && (i + 1 < n || (0..n).all(|j| degree_ok(x, j, true)))
    };
    let mut found = (0, false);
    go(&mut Vec::new(), n, &choices, &ok, &detached, limit, &mut found);
    found
}

/// A random board: `pairs` numbers, each on two random free cells.
fn random_board(rng: &mut Rng, w: usize, h: usize, pairs: u32) -> Vec<u32> {
    let mut order: Vec<usize> = (0..w * h).collect();
    rng.shuffle(&mut order);
    let mut cells = vec![0; w * h];
    for k in 0..pairs as usize {
        cells[order[2 * k]] = k as u32 + 1;
        cells[order[2 * k + 1]] = k as u32 + 1;
    }
    cells
}

#[test]
fn numberlink_counts_agree_with_exhaustive_counts() {
    use masu::numberlink::Formulation as F;
    let mut rng = Rng::new(3);
    for round in 0..rounds(60) {
        let (w, h) = sides(&mut rng, 4, 6);
        let pairs = 1 + rng.below(((w * h) / 4).clamp(1, 4)) as u32;
        let rule = if round % 2 == 0 { Rule::Fill } else { Rule::Blanks };
        let cells = random_board(&mut rng, w, h, pairs);
        let rows: Vec<Vec<u32>> = cells.chunks(w).map(<[u32]>::to_vec).collect();
        let board = Numberlink::new(rows.clone(), rule).unwrap();
        let count = path_sets(&cells, w, h, rule == Rule::Fill, LIMIT + 1);
        for (formulation, backend) in runnable::<Numberlink>() {
            let shown = format!("{formulation} on {backend}, {rule} rule, board {rows:?}");
            let reified = matches!(formulation, F::Reified | F::ReifiedZero);
            if reified && w * h > 12 {
                continue; // the assignment count below enumerates every assignment
            }
            let result = masu::core::solve(&board, formulation, backend, &options());
            if reified {
                let zero = formulation == F::ReifiedZero;
                // Every assignment: which ones the backend meets first is its own affair.
                let (count, loops) = assignments(&cells, w, h, zero, rule == Rule::Fill, usize::MAX);
                match result {
                    Err(Error::WrongAnswer { .. }) => {
                        assert!(loops, "{shown}: a wrong answer, but every assignment is a solution")
                    }
                    Ok(report) => {
                        assert!(
                            agrees(&report, count),
                            "{shown}: {} found, exhaustive {count}",
                            report.solutions.len()
                        );
                        assert!(
                            count >= LIMIT || !loops,
                            "{shown}: every assignment found, one with a loop, none refused"
                        );
                    }
                    Err(e) => panic!("{shown}: {e}"),
                }
                continue;
            }
            let report = result.unwrap_or_else(|e| panic!("{shown}: {e}"));
            assert!(
                agrees(&report, count),
                "{shown}: {} found, complete {}, exhaustive {count}",
                report.solutions.len(),
                report.complete
            );
            // Uniqueness, as `solve` asks it: under the blanks rule the canonical stages
            // (`links`, `auto`, `frontier`, `connected`) answer it by their own argument.
            let two = SolveOptions { solution_limit: 2, ..options() };
            let report =
                masu::core::solve(&board, formulation, backend, &two).unwrap_or_else(|e| panic!("{shown}: {e}"));
            let status = match count {
                0 => masu::core::Status::Infeasible,
                1 => masu::core::Status::Unique,
                _ => masu::core::Status::Multiple,
            };
            assert_eq!(report.status, status, "{shown}, two asked: exhaustive {count}");
            assert_eq!(report.solutions.len(), count.min(2), "{shown}, two asked");
        }
    }
}

#[test]
fn the_exhaustive_counters_count_known_cases() {
    // The empty 4×4 sudoku has 288 solutions.
    assert_eq!(sudoku_count(&mut [0; 16], 4, 1000), 288);
    // A plus sign: one solution; a 2×2 diagonal: two.
    assert_eq!(nonogram_count(&[vec![1], vec![3], vec![1]], &[vec![1], vec![3], vec![1]], 10), 1);
    assert_eq!(nonogram_count(&[vec![1], vec![1]], &[vec![1], vec![1]], 10), 2);
    // The 2×3 board with a pair in opposite corners: four paths, one filling the board.
    assert_eq!(path_sets(&[1, 0, 0, 0, 0, 1], 3, 2, false, 10), 4);
    assert_eq!(path_sets(&[1, 0, 0, 0, 0, 1], 3, 2, true, 10), 1);
    // Pairs that must cross: none.
    assert_eq!(path_sets(&[0, 1, 0, 2, 0, 2, 0, 1, 0], 3, 3, false, 10), 0);
    // Article 001's flaw: a 4×4 board with pairs along two sides admits detached loops.
    let four = [1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 2];
    // Two assignments, each a path of one number around a 2×2 loop of the other.
    assert_eq!(assignments(&four, 4, 4, false, true, 1000), (2, true));
}
