//! Sudoku: every formulation × backend × threads on the norvig and magictour sets, solution
//! limit 2, per-puzzle wall time and masu's own share of it, beside article 002's code and,
//! where `MASU_TDOKU` names a build of it (`just peer-tdoku`), the peer solver tdoku.

use std::path::Path;

use anyhow::{Context, Result};
use std::time::Duration;

use masu_core::Instance;
use masu_core::{Backend, Puzzle, SolveOptions, Status};
use masu_harness::Runner;
use masu_harness::Verdict;
use masu_harness::stats::{fixed, max, median};
use masu_harness::write::machine;
use masu_kinds::sudoku::Sudoku;

use super::{anchors, command, publish, rows_of};

/// Per solve: microlp takes minutes on a few of magictour's puzzles.
const TIME_LIMIT: Duration = Duration::from_secs(10);

const SETS: [(&str, &[&str]); 2] = [
    ("norvig", &["norvig/top95.txt", "norvig/hardest.txt"]),
    ("magictour", &["magictour-top1465/magictour-top1465.txt"]),
];

pub(crate) fn run(data: &Path) -> Result<()> {
    let dir = data.join("sudoku");
    let mut table = String::from(
        "| set | solver | threads | puzzles | unique | median ms | mean ms | max ms | overhead |\n|---|---|---|---:|---:|---:|---:|---:|---:|\n",
    );
    for (set, files) in SETS {
        let mut instances = Vec::new();
        for file in files {
            let path = dir.join(file);
            let text = std::fs::read_to_string(&path).with_context(|| format!("cannot read {}", path.display()))?;
            for item in Sudoku::read(masu_core::Format::of(&path), &text) {
                let puzzle = item.puzzle.map_err(|e| anyhow::anyhow!("{}", e.in_file(&path)))?;
                instances.push(Instance::new(format!("{file}:{}", item.line), puzzle));
            }
        }
        for (formulation, backend) in masu_core::runnable::<Sudoku>() {
            // CBC, SCIP and microlp run on one thread whatever is asked.
            let threads: &[Option<u32>] =
                if matches!(backend, Backend::CpSat | Backend::Highs) { &[None, Some(1)] } else { &[Some(1)] };
            for &threads in threads {
                let time_limit = Some(TIME_LIMIT);
                let options = SolveOptions {
                    threads,
                    clock: masu_core::Clock::within(time_limit),
                    solution_limit: 2,
                    ..SolveOptions::default()
                };
                let rows = rows_of(&instances, Runner::new(formulation, backend), &options);
                let walls: Vec<f64> = rows.iter().map(|r| r.wall_s).collect();
                let total: f64 = walls.iter().sum();
                let backend_total: f64 = rows.iter().map(|r| r.backend_s.unwrap_or(r.wall_s)).sum();
                let unique = rows.iter().filter(|r| r.verdict == Verdict::Status(Status::Unique)).count();
                let ms = |v: Option<f64>| fixed(v.map(|s| s * 1e3), 3);
                table.push_str(&format!(
                    "| {set} | masu {formulation} on {backend} | {} | {} | {unique} | {} | {} | {} | {:.1}% |\n",
                    threads.map_or("default".into(), |t| t.to_string()),
                    rows.len(),
                    ms(median(&walls)),
                    ms(Some(total / rows.len().max(1) as f64)),
                    ms(max(&walls)),
                    100.0 * (total - backend_total) / total,
                ));
            }
        }
        let paths: Vec<_> = files.iter().map(|f| dir.join(f)).collect();
        if let Some(tdoku) = std::env::var_os("MASU_TDOKU") {
            let (counts, times) = peer(Path::new(&tdoku), &paths)?;
            let unique = counts.iter().filter(|&&c| c == 1).count();
            let ms = |v: Option<f64>| fixed(v.map(|s| s * 1e3), 3);
            table.push_str(&format!(
                "| {set} | tdoku (C++, peer; count up to 2) | 1 | {} | {unique} | {} | {} | {} | – |\n",
                counts.len(),
                ms(median(&times)),
                ms(Some(times.iter().sum::<f64>() / times.len().max(1) as f64)),
                ms(max(&times)),
            ));
        }
        let (puzzles, unique, mean) = anchors::sudoku(&paths)?;
        table.push_str(&format!(
            "| {set} | article's code (Python, CP-SAT, AllDifferent, all solutions) | default | {puzzles} | {unique} | – | {:.2} | – | – |\n",
            mean * 1e3
        ));
    }
    let peer_note = if std::env::var_os("MASU_TDOKU").is_some() {
        " tdoku's time is its solver call alone (one process per file, each puzzle timed around the \
         call by `scripts/peers/tdoku_count.c`), counting up to 2 solutions."
    } else {
        ""
    };
    publish(
        "sudoku",
        &format!(
            "## Sudoku\n\nMachine: {}. Command: {}, release profile.\n\n\
             Per-puzzle wall time of a solve with a solution limit of 2 (solve and prove uniqueness: \
             what the article's enumeration establishes on a proper sudoku), model build and checking \
             included; 10 s at most per solve, so *unique* short of *puzzles* counts puzzles the \
             solve did not settle in time. *Overhead* is masu's share of that time: everything outside the backend's own \
             reported time (model build, encoding, FFI, decoding, no-good bookkeeping, checking). The \
             article's code prints only its mean per puzzle (Python, model building included, one \
             enumerating solve).{peer_note}\n\n{table}",
            machine(),
            command("sudoku", "sudoku"),
        ),
    )
}

/// The peer tdoku (through `scripts/peers/tdoku_count.c`) on every file: each puzzle's count
/// (up to 2) and seconds.
fn peer(driver: &Path, files: &[std::path::PathBuf]) -> Result<(Vec<usize>, Vec<f64>)> {
    let (mut counts, mut times) = (Vec::new(), Vec::new());
    for file in files {
        eprintln!("tdoku on {} ...", file.display());
        let out = std::process::Command::new(driver)
            .arg(file)
            .output()
            .with_context(|| format!("cannot run MASU_TDOKU={}", driver.display()))?;
        if !out.status.success() {
            anyhow::bail!("tdoku failed on {}: {}", file.display(), String::from_utf8_lossy(&out.stderr));
        }
        for line in String::from_utf8_lossy(&out.stdout).lines() {
            let fields: Vec<&str> = line.split_whitespace().collect();
            let parsed = match fields[..] {
                [_, count, ns] => count.parse::<usize>().ok().zip(ns.parse::<f64>().ok()),
                _ => None,
            };
            let (count, ns) = parsed.with_context(|| format!("tdoku printed '{line}'"))?;
            counts.push(count);
            times.push(ns * 1e-9);
        }
    }
    Ok((counts, times))
}

/// The 9×9 sets of `shared/data/sudoku` for the engine table: name and file.
const ENGINE_SETS: [(&str, &str); 8] = [
    ("norvig", "norvig/top95.txt"),
    ("norvig hardest", "norvig/hardest.txt"),
    ("magictour", "magictour-top1465/magictour-top1465.txt"),
    ("forum hardest 1106", "forum-hardest-1106/forum-hardest-1106.txt"),
    ("forum hardest 1905 11+", "forum-hardest-1905-11plus/forum-hardest-1905-11plus.txt"),
    ("royle 17-clue", "royle-17clue/royle-17clue.txt"),
    ("serg benchmark", "serg-benchmark/serg-benchmark.txt"),
    ("tdoku tests", "tdoku-tests/tdoku_test_puzzles.txt"),
];

/// Rounds of the engine table: each puzzle's time is its fastest of these, for every solver.
const ROUNDS: usize = 15;

/// The native engines' solver call alone on every 9×9 set, counting to 2 on one thread,
/// beside tdoku's call (`MASU_TDOKU`) measured the same way in the same run.
pub(crate) fn engine(data: &Path) -> Result<()> {
    use masu_kinds::sudoku::native::{Route, search, search_generic, search_on};
    let dir = data.join("sudoku");
    let tdoku = std::env::var_os("MASU_TDOKU");
    let mut table = String::from(
        "| set | puzzles | triad engine µs | band engine µs | generic µs | tdoku µs | triad / tdoku | band / tdoku | generic / tdoku | triad max µs | tdoku max µs |\n\
         |---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n",
    );
    let clock = SolveOptions::default().clock();
    for (set, file) in ENGINE_SETS {
        let path = dir.join(file);
        let text = std::fs::read_to_string(&path).with_context(|| format!("cannot read {}", path.display()))?;
        let mut puzzles = Vec::new();
        for item in Sudoku::read(masu_core::Format::of(&path), &text) {
            puzzles.push(item.puzzle.map_err(|e| anyhow::anyhow!("{}", e.in_file(&path)))?);
        }
        eprintln!("sudoku engines on {set} ({} puzzles) ...", puzzles.len());
        let (mut band, mut generic) = (vec![f64::INFINITY; puzzles.len()], vec![f64::INFINITY; puzzles.len()]);
        let mut portable = vec![f64::INFINITY; puzzles.len()];
        let mut peer_times: Option<Vec<f64>> = None;
        for _ in 0..ROUNDS {
            // Each engine in a pass of its own over the set, as tdoku's driver runs.
            let mut counts = Vec::with_capacity(puzzles.len());
            for (i, puzzle) in puzzles.iter().enumerate() {
                let started = std::time::Instant::now();
                let found = search(puzzle, 2, &clock, None);
                band[i] = band[i].min(started.elapsed().as_secs_f64());
                counts.push((found.count, found.complete));
            }
            for (i, puzzle) in puzzles.iter().enumerate() {
                let started = std::time::Instant::now();
                let other = search_generic(puzzle, 2, &clock);
                generic[i] = generic[i].min(started.elapsed().as_secs_f64());
                let started = std::time::Instant::now();
                let words = search_on(puzzle, Route::Portable, 2, &clock, None);
                portable[i] = portable[i].min(started.elapsed().as_secs_f64());
                if counts[i] != (words.count, words.complete) {
                    anyhow::bail!(
                        "{set}: puzzle {} counted {} by the triad engine, {} by the band engine",
                        i + 1,
                        counts[i].0,
                        words.count
                    );
                }
                if counts[i] != (other.count, other.complete) {
                    anyhow::bail!(
                        "{set}: puzzle {} counted {} by the triad engine, {} by the generic one",
                        i + 1,
                        counts[i].0,
                        other.count
                    );
                }
            }
            if let Some(tdoku) = &tdoku {
                let (said, times) = peer(Path::new(tdoku), std::slice::from_ref(&path))?;
                if said.len() != puzzles.len() {
                    anyhow::bail!("{set}: tdoku read {} puzzles, masu {}", said.len(), puzzles.len());
                }
                let best = peer_times.get_or_insert_with(|| vec![f64::INFINITY; times.len()]);
                for (b, t) in best.iter_mut().zip(times) {
                    *b = b.min(t);
                }
            }
        }
        let us = |v: Option<f64>| fixed(v.map(|s| s * 1e6), 2);
        let ratio = |a: Option<f64>, b: Option<f64>| fixed(a.zip(b).map(|(a, b)| a / b), 2);
        let peer_median = peer_times.as_deref().and_then(median);
        table.push_str(&format!(
            "| {set} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} |\n",
            puzzles.len(),
            us(median(&band)),
            us(median(&portable)),
            us(median(&generic)),
            us(peer_median),
            ratio(median(&band), peer_median),
            ratio(median(&portable), peer_median),
            ratio(median(&generic), peer_median),
            us(max(&band)),
            us(peer_times.as_deref().and_then(max)),
        ));
    }
    let peer_note = if tdoku.is_some() {
        "tdoku (C++, `TdokuSolverDpllTriadSimd` built with `-O3 -march=native` by `just peer-tdoku`) is timed \
         around its call by `scripts/peers/tdoku_count.c`, one process per set and round."
    } else {
        "tdoku was not run (set `MASU_TDOKU` to its build: `just peer-tdoku`)."
    };
    publish(
        "sudoku-engine",
        &format!(
            "## Sudoku: the native engines\n\nMachine: {}. Command: {}, release profile.\n\n\
             The solver call alone (`native::search` from a parsed puzzle to its counted solutions, up to 2, one \
             thread): the triad engine (AVX2 registers) that `--formulation native` runs on 9×9 boards where the \
             CPU has AVX2, then in a second pass, puzzle by puzzle, the generic n²×n² engine and the band engine \
             (32-bit words: the portable path, `--param simd=false`); each puzzle's time is its fastest of {ROUNDS} rounds, the median and max \
             over the set. {peer_note} Every count of the three engines is compared.\n\n{table}",
            machine(),
            command("sudoku", "sudoku-engine"),
        ),
    )
}

/// The generator: a hundred 9×9 puzzles per shape (seed 1), the time per puzzle, the givens
/// left and the techniques the native solver's grading finds.
pub(crate) fn generating() -> Result<()> {
    use masu_kinds::sudoku::generate::{Shape, Symmetry, Target, generate};
    use masu_kinds::sudoku::native::Technique;
    let mut table = String::from(
        "| symmetry | target | puzzles | median ms | max ms | median givens | singles | box-line | search |\n\
         |---|---|---:|---:|---:|---:|---:|---:|---:|\n",
    );
    let shapes = [
        (Symmetry::None, Target::Minimal),
        (Symmetry::Rotational, Target::Minimal),
        (Symmetry::Mirror, Target::Minimal),
        (Symmetry::None, Target::Givens(30)),
    ];
    for (symmetry, target) in shapes {
        let shape = Shape { symmetry, target, technique: None };
        let (mut times, mut givens, mut techniques) = (Vec::new(), Vec::new(), [0; 3]);
        for index in 0..100 {
            let g = generate(9, shape, 1, index, &SolveOptions::default().clock())?;
            times.push(g.seconds * 1000.0);
            givens.push(g.givens as f64);
            techniques[match g.technique {
                Technique::Singles => 0,
                Technique::BoxLine => 1,
                Technique::Search => 2,
            }] += 1;
        }
        let target = match target {
            Target::Minimal => "minimal".to_string(),
            Target::Givens(n) => format!("{n} givens"),
        };
        table.push_str(&format!(
            "| {symmetry:?} | {target} | {} | {} | {} | {} | {} | {} | {} |\n",
            times.len(),
            fixed(median(&times), 2),
            fixed(max(&times), 2),
            fixed(median(&givens), 0),
            techniques[0],
            techniques[1],
            techniques[2],
        ));
    }
    publish(
        "sudoku-generate",
        &format!(
            "## Sudoku: generating\n\nMachine: {}. Command: {}, release profile.\n\n`masu generate sudoku --size 9 \
             --count 100 --seed 1` with each shape (`--symmetry`, `--minimal` or `--givens 30`): every puzzle proven \
             unique by the native search; the techniques are the hardest each needs (`--difficulty`).\n\n{table}",
            machine(),
            command("sudoku-generate", "sudoku-generate"),
        ),
    )
}
