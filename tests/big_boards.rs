//! The differential suite's big tier: random boards past what `differential.rs` counts
//! exhaustively (numberlink up to 20×20 with 2–20 pairs under both rules, nonograms up to
//! 30×30, sudoku 16×16 with few givens), each asked by every formulation × backend compiled
//! in for two answers, for a large count under a short time limit, and for a large count
//! stopped from another thread in the middle. Every run must end with a status within its
//! bound (never an abort, never a panic; a model too large is refused by type), every answer
//! passes the checker, and the runners agree wherever one of them is complete: no runner
//! counts more distinct checked solutions than a complete count, and complete counts are
//! equal. The process's peak memory stays under [`MEMORY`].
//!
//! The test suite runs a fixed slice (one board per kind and size class). `MASU_BIG_ROUNDS=N`
//! runs N boards per kind: `just differential` does (10), and `./masu test-each-backend`
//! leaves the boards out (0) in its builds of one backend each.

use std::time::{Duration, Instant};

use masu::core::{Error, Puzzle, Report, SolveOptions, Status, runnable};
use masu::nonogram::Nonogram;
use masu::numberlink::{Formulation as Link, Numberlink, Rule};
use masu::sudoku::Sudoku;

/// How long each run may take, and how far past it a run may still end (a backend in a phase
/// that reads no stop request, such as CBC's preprocessing or a model being loaded: `milp` on
/// CBC took 39.5 s past a 0.5 s limit on a 20×20 board with 19 pairs, `docs/limits.md`).
const LIMIT: Duration = Duration::from_millis(500);
const GRACE: Duration = Duration::from_secs(90);
/// The large count asked for.
const MANY: usize = 1_000_000;
/// The largest model built (nonogram `patterns`: placements). CBC reads no stop request while
/// it loads and preprocesses a model: a 20×20 nonogram's 62,000 placements (1.2 million rows)
/// take it 44 s past a 0.5 s limit (`docs/limits.md`), so such models are refused here by
/// type, as `--size-limit` refuses them.
const SIZE_LIMIT: u64 = 20_000;
/// The peak resident memory of this test process.
const MEMORY: u64 = 3 << 30;

fn rounds() -> u64 {
    std::env::var("MASU_BIG_ROUNDS").ok().and_then(|r| r.parse().ok()).unwrap_or(1)
}

/// xorshift64*: a fixed seed gives the same boards on every machine.
struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1)
    }
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) % n as u64) as usize
    }
}

/// What one run ended with, for the agreement check.
struct Ended {
    runner: String,
    count: u128,
    complete: bool,
}

/// Runs `puzzle` on every runner for two answers, for [`MANY`] under [`LIMIT`], and for
/// [`MANY`] stopped halfway through [`LIMIT`]; checks that each ends in time with a status
/// whose solutions pass the checker, and that the runners agree. `loose` runners (article
/// 001's model, which keeps its detached-loop flaw) may give a wrong answer, refused by the
/// checker, and take no part in the agreement.
fn every_runner_ends_and_agrees<P: Puzzle>(puzzle: &P, shown: &str, loose: impl Fn(P::Formulation) -> bool) {
    for ask in ["two", "many", "stopped"] {
        let mut ended = Vec::new();
        for (formulation, backend) in runnable::<P>() {
            let here = format!("{shown}: {formulation} on {backend}, {ask}");
            let options = SolveOptions {
                solution_limit: if ask == "two" { 2 } else { MANY },
                keep: 3,
                size_limit: SIZE_LIMIT,
                clock: masu_core::Clock::within(Some(if ask == "stopped" { 2 * LIMIT } else { LIMIT })),
                ..SolveOptions::default()
            };
            let started = Instant::now();
            let result = std::thread::scope(|scope| {
                if ask == "stopped" {
                    let interrupt = options.interrupt().clone();
                    scope.spawn(move || {
                        std::thread::sleep(LIMIT / 2);
                        interrupt.interrupt();
                    });
                }
                masu::core::solve(puzzle, formulation, backend, &options)
            });
            let took = started.elapsed();
            assert!(took < options.time_limit().unwrap() + GRACE, "{here}: ended after {took:?}");
            let report: Report<P::Solution> = match result {
                Ok(report) => report,
                Err(Error::TooLarge(_) | Error::Licence(_)) => continue,
                Err(Error::WrongAnswer { .. }) if loose(formulation) => continue,
                Err(e) => panic!("{here}: {e}"),
            };
            assert!(report.solutions.len() <= 3 && report.count >= report.solutions.len() as u128, "{here}");
            for solution in &report.solutions {
                assert!(puzzle.check(solution).is_ok(), "{here}: a solution the checker refuses");
            }
            if ask == "stopped" && !report.complete {
                let stopped = [Status::Interrupted, Status::TimedOut, Status::Multiple, Status::Solved, Status::Stuck];
                assert!(stopped.contains(&report.status), "{here}: {}", report.status);
            }
            if !loose(formulation) {
                ended.push(Ended {
                    runner: format!("{formulation}/{backend}"),
                    count: report.count,
                    complete: report.complete,
                });
            }
        }
        for a in ended.iter().filter(|a| a.complete) {
            for b in &ended {
                let agree = if b.complete { b.count == a.count } else { b.count <= a.count };
                assert!(
                    agree,
                    "{shown}, {ask}: {} counts {} (complete), {} counts {} (complete {})",
                    a.runner, a.count, b.runner, b.count, b.complete
                );
            }
        }
    }
    if let Some(peak) = peak_memory() {
        assert!(peak < MEMORY, "{shown}: the process's peak memory is {} MB", peak >> 20);
    }
}

/// A random board of `pairs` numbers, each on two random free cells of a `side`×`side` grid.
fn numberlink_board(rng: &mut Rng, side: usize, pairs: usize, rule: Rule) -> Numberlink {
    let mut cells: Vec<usize> = (0..side * side).collect();
    for i in (1..cells.len()).rev() {
        cells.swap(i, rng.below(i + 1));
    }
    let mut rows = vec![vec![0; side]; side];
    for k in 0..pairs {
        for &at in &cells[2 * k..2 * k + 2] {
            rows[at / side][at % side] = k as u32 + 1;
        }
    }
    Numberlink::new(rows, rule).unwrap()
}

#[test]
fn big_numberlink_boards_end_and_agree() {
    let mut rng = Rng::new(55);
    for round in 0..rounds() {
        for (side, rule) in [(10, Rule::Blanks), (15, Rule::Fill), (20, Rule::Blanks)] {
            let rule = if round % 2 == 1 { if rule == Rule::Fill { Rule::Blanks } else { Rule::Fill } } else { rule };
            let pairs = 2 + rng.below(19.min(side * side / 2 - 1));
            let board = numberlink_board(&mut rng, side, pairs, rule);
            let shown = format!("{side}×{side}, {pairs} pairs, {rule} rule: {}", board.to_text().replace('\n', "/"));
            every_runner_ends_and_agrees(&board, &shown, |f| matches!(f, Link::Reified | Link::ReifiedZero));
        }
    }
}

/// A random picture's clues: each cell black with probability `density` in 4.
fn nonogram_board(rng: &mut Rng, w: usize, h: usize, density: usize) -> Nonogram {
    let grid: Vec<Vec<bool>> = (0..h).map(|_| (0..w).map(|_| rng.below(4) < density).collect()).collect();
    let runs = |line: &mut dyn Iterator<Item = bool>| {
        let mut clue = Vec::new();
        let mut run = 0;
        for black in line.chain(std::iter::once(false)) {
            if black {
                run += 1;
            } else if run > 0 {
                clue.push(run);
                run = 0;
            }
        }
        clue
    };
    let rows = grid.iter().map(|row| runs(&mut row.iter().copied())).collect();
    let cols = (0..w).map(|c| runs(&mut grid.iter().map(|row| row[c]))).collect();
    Nonogram::new(rows, cols).unwrap()
}

#[test]
fn big_nonograms_end_and_agree() {
    let mut rng = Rng::new(56);
    for _ in 0..rounds() {
        for side in [20, 30] {
            let density = 1 + rng.below(3);
            let board = nonogram_board(&mut rng, side, side, density);
            let shown = format!("{side}×{side}, density {density}/4: {}", board.to_text().replace('\n', "/"));
            every_runner_ends_and_agrees(&board, &shown, |_| false);
        }
    }
}

/// CBC's preprocessing, cut short by the time limit, says "infeasible": on this 20×20 picture
/// (the big tier's first nonogram) `start-index` on CBC must time out instead, whatever the
/// limit, never claim there is no solution.
#[test]
fn cbc_cut_short_never_says_infeasible() {
    if !masu::core::Backend::Cbc.is_compiled() {
        return;
    }
    let clues = r#"{"cols":[[1,1,2,1,1,1],[3,2,1],[1,1,1,1],[2,1,1,2,1],[2,1,1,2],[1,2,2],[2,1,2,1,1,2],[1,3],[1,1,2,1,1],[1,1,1,1,1],[3,1,1],[1],[2,3,1],[1,1,1],[2,2],[1,1],[1,1,2,1],[1,1,1,1],[1,1,1,2],[1,1,1,1,1]],"rows":[[1,1,1],[1,1,1,2],[1,2,1,1],[1,1,1],[1,1,3],[2,1,2,1,2],[1,1,1,1],[2,1,1],[1,1,1,1,1,1],[3,1,1],[1,2,3,2],[2,1,1,1],[1,2,1,1,1],[1,1,1],[1,1,1,1],[1,2],[1,2,1],[1,2,1,1,1,2],[1,1,1,1],[2,2,1,1]]}"#;
    let puzzle = Nonogram::from_text(clues).unwrap();
    for millis in (100..=600).step_by(50) {
        let options = SolveOptions {
            clock: masu_core::Clock::within(Some(Duration::from_millis(millis))),
            ..SolveOptions::default()
        };
        let formulation = masu::nonogram::Formulation::StartIndex;
        let report = masu::core::solve(&puzzle, formulation, masu::core::Backend::Cbc, &options).unwrap();
        assert_ne!(report.status, Status::Infeasible, "at {millis} ms");
    }
}

#[test]
fn big_sudoku_end_and_agree() {
    let mut rng = Rng::new(57);
    for _ in 0..rounds() {
        // A 16×16 grid from the pattern (r·4 + r/4 + c) mod 16, its symbols permuted, with
        // 60 to 120 of its cells given.
        let mut symbols: Vec<u8> = (1..=16).collect();
        for i in (1..16).rev() {
            symbols.swap(i, rng.below(i + 1));
        }
        let mut cells: Vec<u8> = (0..256).map(|i| symbols[(i / 16 * 4 + i / 64 + i % 16) % 16]).collect();
        let givens = 60 + rng.below(61);
        let mut order: Vec<usize> = (0..256).collect();
        for i in (1..256).rev() {
            order.swap(i, rng.below(i + 1));
        }
        for &i in &order[givens..] {
            cells[i] = 0;
        }
        let board = Sudoku::new(cells).unwrap();
        every_runner_ends_and_agrees(&board, &format!("16×16, {givens} givens: {}", board.to_text()), |_| false);
    }
}

/// The peak resident memory of this process so far, where the platform tells it.
fn peak_memory() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let peak = status.lines().find_map(|l| l.strip_prefix("VmHWM:"))?;
    peak.trim().trim_end_matches("kB").trim().parse::<u64>().ok().map(|kb| kb * 1024)
}
