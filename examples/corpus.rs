//! Checks every backend × formulation against a corpus's known answers.
//!
//! ```text
//! corpus sudoku DIR [--sets norvig,tdoku-tests,janko-puzzlekit | --sets all] [--time-limit S] [--threads N] [--jobs N]
//! corpus nonogram DIR [--sets janko-puzzlekit,nonogram-db | --sets all] [--formulations native,automaton,start-index] [--backend B] [--time-limit S] [--jobs N]
//! corpus numberlink DIR [--sets janko-puzzlekit,flow-solver | --sets all] [--formulations connected,milp] [--backend B] [--time-limit S] [--jobs N]
//! ```
//!
//! `--jobs N` solves N puzzles at once (each with its own `--threads`); every kind takes it.
//!
//! For numberlink, every `json/` board below DIR (rule as the source states it) is solved
//! with a solution limit of 2 by each formulation; every answer must pass the checker, a
//! unique answer must equal the source's solution where it gives one, and the formulations
//! must agree. The summary counts, per formulation, the boards with a checked answer
//! (`answered`, timed-out runs that found one included) beside those settled, and a line
//! after the table names the boards each formulation left without an answer.
//!
//! For nonograms, DIR holds collections with `json/` folders (one puzzle per file, with the
//! source's `solution`, `unique` and `other_solutions` where known). Every puzzle is solved
//! with a solution limit of 2 by each formulation asked for; every answer must pass the
//! checker; a unique answer must equal the source's solution; a puzzle the source gives
//! several solutions must be reported multiple; and all formulations that finish must agree.
//!
//! For sudoku, DIR holds one folder per set, each with one-line puzzle files and a
//! `counts.json` (file name → solution count per line; 2 means "2 or more", null unknown).
//! Every puzzle is solved with a solution limit of 2 on every formulation × backend compiled
//! in; the status must match the count (0 infeasible, 1 unique, 2+ multiple) and every
//! solution must pass the checker. Exit status 1 on any disagreement or error.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};
use clap::Parser;
use indicatif::{ProgressBar, ProgressStyle};
use masu::core::{SolveOptions, Status};
use masu::sudoku::{self, Formulation, Sudoku};

#[derive(Parser)]
#[command(about = "Check every backend × formulation against a corpus's known solution counts")]
struct Cli {
    /// The kind of puzzle (sudoku, nonogram, numberlink).
    kind: String,
    /// The corpus folder, e.g. ../shared/data/sudoku.
    dir: PathBuf,
    /// Nonogram or numberlink formulations to run, comma-separated (each on its own
    /// backend). Default: nonogram native; numberlink connected,milp.
    #[arg(long)]
    formulations: Option<String>,
    /// Comma-separated set folders to check, or `all`. Default: sudoku
    /// norvig,tdoku-tests,janko-puzzlekit; numberlink janko-puzzlekit,flow-solver (the
    /// collections with known answers or known rules); nonogram every collection.
    #[arg(long)]
    sets: Option<String>,
    /// Wall-clock limit per puzzle and combination, in seconds (a timeout is reported, not
    /// counted as agreement).
    #[arg(long)]
    time_limit: Option<f64>,
    /// Threads per solve.
    #[arg(long)]
    threads: Option<u32>,
    /// Nonogram and numberlink: the backend for formulations that run on it (e.g. `milp` on
    /// cp-sat); the others run on their first backend, as by default.
    #[arg(long)]
    backend: Option<masu::core::Backend>,
    /// Puzzles solved at once, each on its own thread (a solve still uses --threads).
    /// Times are per solve: with more jobs than free cores they stretch, and so do
    /// timeouts' chances.
    #[arg(long, default_value_t = 1)]
    jobs: usize,
}

impl Cli {
    /// The backend `formulation` runs on: `--backend` where it supports it, else its first
    /// compiled in (as `masu solve` chooses), else its first (refused as not compiled).
    fn backend_for(&self, backends: &[masu::core::Backend]) -> masu::core::Backend {
        self.backend
            .filter(|b| backends.contains(b))
            .or_else(|| backends.iter().copied().find(|b| b.is_compiled()))
            .unwrap_or(backends[0])
    }
}

struct Case {
    set: String,
    file: String,
    line: usize,
    puzzle: Sudoku,
    expected: u64,
}

#[derive(Default)]
struct Tally {
    puzzles: usize,
    agree: usize,
    disagree: usize,
    timed_out: usize,
    errors: usize,
    times: Vec<Duration>,
}

fn main() -> ExitCode {
    match run(Cli::parse()) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(1),
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::from(1)
        }
    }
}

fn run(cli: Cli) -> Result<bool> {
    match cli.kind.as_str() {
        "sudoku" => run_sudoku(cli),
        "nonogram" => run_nonogram(cli),
        "numberlink" => run_numberlink(cli),
        other => bail!("unknown puzzle kind '{other}' (sudoku, nonogram, numberlink)"),
    }
}

fn run_sudoku(cli: Cli) -> Result<bool> {
    let sets = select_sets(&cli.dir, cli.sets.as_deref().unwrap_or("norvig,tdoku-tests,janko-puzzlekit"))?;
    let mut cases = Vec::new();
    let mut problems = 0;
    for set in &sets {
        let (found, bad) = read_set(&cli.dir.join(set), set)?;
        cases.extend(found);
        problems += bad;
    }
    let combinations = masu::kinds::runnable::<masu::kinds::Sudoku>();
    let options = SolveOptions {
        time_limit: cli.time_limit.map(Duration::from_secs_f64),
        threads: cli.threads,
        solution_limit: 2,
        parallel_solves: u32::try_from(cli.jobs).unwrap_or(u32::MAX),
        ..SolveOptions::default()
    };
    let progress = progress_bar((cases.len() * combinations.len()) as u64);
    let mut tallies: BTreeMap<(String, String, Formulation, masu::core::Backend), Tally> = BTreeMap::new();
    let solve_case = |case: &Case| {
        timed_each(&combinations, |(formulation, backend)| sudoku::solve(&case.puzzle, formulation, backend, &options))
    };
    run_jobs(&cases, cli.jobs, solve_case, |case, results| {
        for ((formulation, backend), elapsed, result) in results {
            let tally = tallies.entry((case.set.clone(), case.file.clone(), formulation, backend)).or_default();
            tally.puzzles += 1;
            tally.times.push(elapsed);
            let place = format!("{}/{}:{}", case.set, case.file, case.line);
            match result {
                Err(e) => {
                    tally.errors += 1;
                    progress.suspend(|| eprintln!("ERROR {place} {formulation} on {backend}: {e}"));
                }
                Ok(report) if report.status == Status::TimedOut => tally.timed_out += 1,
                Ok(report) => {
                    let expected = match case.expected {
                        0 => Status::Infeasible,
                        1 => Status::Unique,
                        _ => Status::Multiple,
                    };
                    if report.status == expected {
                        tally.agree += 1;
                    } else {
                        tally.disagree += 1;
                        progress.suspend(|| {
                            eprintln!(
                                "DISAGREE {place} {formulation} on {backend}: {} but counts.json says {}",
                                report.status, case.expected
                            )
                        });
                    }
                }
            }
            advance(&progress);
        }
    });
    progress.finish_and_clear();
    println!(
        "{:<18} {:<28} {:<14} {:<7} {:>7} {:>6} {:>8} {:>8} {:>6} {:>10} {:>9}",
        "set",
        "file",
        "formulation",
        "backend",
        "puzzles",
        "agree",
        "disagree",
        "timeout",
        "errors",
        "median ms",
        "max ms"
    );
    let mut ok = problems == 0;
    for ((set, file, formulation, backend), tally) in &mut tallies {
        tally.times.sort();
        let median = tally.times.get(tally.times.len() / 2).copied().unwrap_or_default();
        let max = tally.times.last().copied().unwrap_or_default();
        ok &= tally.disagree == 0 && tally.errors == 0;
        println!(
            "{set:<18} {file:<28} {:<14} {:<7} {:>7} {:>6} {:>8} {:>8} {:>6} {:>10.1} {:>9.1}",
            formulation.name(),
            backend.name(),
            tally.puzzles,
            tally.agree,
            tally.disagree,
            tally.timed_out,
            tally.errors,
            median.as_secs_f64() * 1e3,
            max.as_secs_f64() * 1e3
        );
    }
    println!("{}", if ok { "every answer agrees with counts.json and passes the checker" } else { "FAILED" });
    Ok(ok)
}

fn select_sets(dir: &Path, sets: &str) -> Result<Vec<String>> {
    if sets != "all" {
        return Ok(sets.split(',').map(str::to_string).collect());
    }
    let mut all: Vec<String> = std::fs::read_dir(dir)
        .with_context(|| format!("cannot read {}", dir.display()))?
        .filter_map(|e| e.ok())
        .filter(|e| e.path().join("counts.json").is_file())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    all.sort();
    Ok(all)
}

/// The puzzles of one set with their expected counts; the second value counts unreadable
/// puzzles (reported on stderr).
fn read_set(dir: &Path, set: &str) -> Result<(Vec<Case>, usize)> {
    let counts_path = dir.join("counts.json");
    let counts: BTreeMap<String, Vec<Option<u64>>> = serde_json::from_str(
        &std::fs::read_to_string(&counts_path).with_context(|| format!("cannot read {}", counts_path.display()))?,
    )
    .with_context(|| format!("{} is not a map of file name to counts", counts_path.display()))?;
    let mut cases = Vec::new();
    let mut bad = 0;
    for (file, expected) in counts {
        let path = dir.join(&file);
        let text = std::fs::read_to_string(&path).with_context(|| format!("cannot read {}", path.display()))?;
        for (line, entry) in sudoku::parse_puzzles(&text) {
            match (entry, expected.get(line - 1)) {
                (Err(e), _) => {
                    bad += 1;
                    eprintln!("error: {}:{e}", path.display());
                }
                (Ok(_), None) => {
                    bad += 1;
                    eprintln!("error: {}:{line}: no count in counts.json", path.display());
                }
                (Ok(_), Some(None)) => {} // count unknown: nothing to check against
                (Ok(puzzle), Some(Some(count))) => {
                    cases.push(Case { set: set.to_string(), file: file.clone(), line, puzzle, expected: *count })
                }
            }
        }
    }
    Ok((cases, bad))
}

/// A progress bar on a terminal; piped (CI logs), a line every 5% instead.
fn progress_bar(len: u64) -> ProgressBar {
    let bar = ProgressBar::new(len);
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} solves, {elapsed} elapsed, ETA {eta}")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    bar
}

/// Runs `work` on every item on `jobs` threads, and hands each result to `take` on this
/// thread as soon as it is done (so in the order they finish, not the items' order).
fn run_jobs<T: Sync, R: Send>(items: &[T], jobs: usize, work: impl Fn(&T) -> R + Sync, mut take: impl FnMut(&T, R)) {
    let next = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        let (send, receive) = std::sync::mpsc::channel();
        for _ in 0..jobs.clamp(1, items.len().max(1)) {
            let (send, next, work) = (send.clone(), &next, &work);
            scope.spawn(move || {
                while let Some(item) = items.get(next.fetch_add(1, Ordering::Relaxed)) {
                    if send.send((item, work(item))).is_err() {
                        break;
                    }
                }
            });
        }
        drop(send);
        for (item, result) in receive {
            take(item, result);
        }
    });
}

/// `solve` for each of `combinations` in turn, each timed: (combination, time, result).
fn timed_each<C: Copy, R>(combinations: &[C], solve: impl Fn(C) -> R) -> Vec<(C, Duration, R)> {
    let timed = |&c: &C| {
        let started = Instant::now();
        let result = solve(c);
        (c, started.elapsed(), result)
    };
    combinations.iter().map(timed).collect()
}

/// Reports a failure about `file` above the progress bar, and counts it.
fn report_failure(progress: &ProgressBar, failures: &mut usize, file: &Path, message: String) {
    *failures += 1;
    progress.suspend(|| eprintln!("FAIL {}: {message}", file.display()));
}

fn advance(bar: &ProgressBar) {
    bar.inc(1);
    let (pos, len) = (bar.position(), bar.length().unwrap_or(0));
    if bar.is_hidden() && (pos * 20 / len.max(1) != (pos - 1) * 20 / len.max(1) || pos == len) {
        eprintln!("{pos}/{len} solves, {:.0} s elapsed", bar.elapsed().as_secs_f64());
    }
}

/// Every `json/*.json` below `dir`, sorted.
fn json_files(dir: &Path, files: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    paths.sort();
    for path in paths {
        if path.is_dir() {
            json_files(&path, files);
        } else if path.extension().is_some_and(|e| e == "json") && path.parent().is_some_and(|p| p.ends_with("json")) {
            files.push(path);
        }
    }
}

/// The `json/*.json` puzzles of the sets `--sets` names (else `default`'s), sorted: `all`
/// is every collection below the corpus folder, and a folder that is one collection is
/// read whole. A named set without puzzles is an error, not a silent skip.
fn set_files(cli: &Cli, default: &str) -> Result<Vec<PathBuf>> {
    let mut files = Vec::new();
    match cli.sets.as_deref().unwrap_or(default) {
        _ if cli.dir.join("json").is_dir() => json_files(&cli.dir, &mut files),
        "all" => json_files(&cli.dir, &mut files),
        sets => {
            for set in sets.split(',') {
                let before = files.len();
                json_files(&cli.dir.join(set), &mut files);
                if files.len() == before {
                    bail!("set {set}: no json/*.json puzzles in {}", cli.dir.join(set).display());
                }
            }
        }
    }
    if files.is_empty() {
        bail!("no json/*.json puzzles below {}", cli.dir.display());
    }
    Ok(files)
}

/// The formulations `--formulations` names, or the kind's `default`.
fn formulations<F: std::str::FromStr<Err = String>>(cli: &Cli, default: &str) -> Result<Vec<F>> {
    cli.formulations.as_deref().unwrap_or(default).split(',').map(|f| f.parse().map_err(anyhow::Error::msg)).collect()
}

fn run_nonogram(cli: Cli) -> Result<bool> {
    use masu::nonogram::{self, Formulation as F, format};
    let formulations: Vec<F> = formulations(&cli, "native")?;
    let files = set_files(&cli, "all")?;
    let options = SolveOptions {
        time_limit: cli.time_limit.map(Duration::from_secs_f64),
        threads: cli.threads,
        solution_limit: 2,
        parallel_solves: u32::try_from(cli.jobs).unwrap_or(u32::MAX),
        ..SolveOptions::default()
    };
    let progress = progress_bar((files.len() * formulations.len()) as u64);
    // Per collection × formulation: statuses, times, and refusals as too large.
    type Tally = (BTreeMap<Status, usize>, Vec<Duration>, usize);
    let mut tallies: BTreeMap<(String, F), Tally> = BTreeMap::new();
    let mut failures = 0;
    // The puzzles first (cheap), then the solves, `--jobs` at a time.
    struct Case<'a> {
        file: &'a Path,
        collection: String,
        puzzle: nonogram::Nonogram,
        solution: Option<nonogram::Grid>,
        several: bool,
    }
    let mut cases = Vec::new();
    for file in &files {
        let collection = file.iter().rev().nth(2).map_or("?".into(), |c| c.to_string_lossy().into_owned());
        let text = std::fs::read_to_string(file)?;
        let entry = format::parse_json(&text).into_iter().next().context("empty JSON")?;
        match entry.puzzle {
            Ok(puzzle) => {
                let several = entry.unique == Some(false) || text.contains("\"other_solutions\"");
                cases.push(Case { file, collection, puzzle, solution: entry.solution, several });
            }
            Err(e) => {
                report_failure(&progress, &mut failures, file, format!("unreadable: {e}"));
                progress.inc(formulations.len() as u64);
            }
        }
    }
    let solve_case = |case: &Case| {
        timed_each(&formulations, |f: F| nonogram::solve(&case.puzzle, f, cli.backend_for(f.backends()), &options))
    };
    run_jobs(&cases, cli.jobs, solve_case, |case, results| {
        let mut fail = |message: String| report_failure(&progress, &mut failures, case.file, message);
        let mut answers: Vec<(F, Status)> = Vec::new();
        for (formulation, elapsed, result) in results {
            let tally = tallies.entry((case.collection.clone(), formulation)).or_default();
            tally.1.push(elapsed);
            match result {
                Err(masu::core::Error::TooLarge(_)) => tally.2 += 1,
                Err(e) => fail(format!("{formulation}: {e}")),
                Ok(report) => {
                    *tally.0.entry(report.status).or_default() += 1;
                    if report.status == Status::Unique {
                        if let Some(expected) = &case.solution {
                            if &report.solutions[0] != expected {
                                fail(format!("{formulation}: unique, but not the source's solution"));
                            }
                        }
                        if case.several {
                            fail(format!("{formulation}: unique, but the source gives several solutions"));
                        }
                    }
                    if report.status == Status::Infeasible {
                        fail(format!(
                            "{formulation}: infeasible, but the puzzle comes from a collection of solvable ones"
                        ));
                    }
                    if matches!(report.status, Status::Unique | Status::Multiple | Status::Infeasible) {
                        answers.push((formulation, report.status));
                    }
                }
            }
            advance(&progress);
        }
        if let Some((first, status)) = answers.first() {
            for (other, other_status) in &answers[1..] {
                if other_status != status {
                    fail(format!("{first} says {status}, {other} says {other_status}"));
                }
            }
        }
    });
    progress.finish_and_clear();
    println!(
        "{:<22} {:<15} {:>7} {:>7} {:>9} {:>10} {:>10} {:>6} {:>10} {:>10}",
        "collection",
        "formulation",
        "puzzles",
        "unique",
        "multiple",
        "timed out",
        "too large",
        "other",
        "median ms",
        "max ms"
    );
    for ((collection, formulation), (statuses, times, too_large)) in &mut tallies {
        times.sort();
        let n = |s: Status| statuses.get(&s).copied().unwrap_or(0);
        let other = statuses.values().sum::<usize>() - n(Status::Unique) - n(Status::Multiple) - n(Status::TimedOut);
        println!(
            "{collection:<22} {:<15} {:>7} {:>7} {:>9} {:>10} {:>10} {:>6} {:>10.2} {:>10.1}",
            formulation.name(),
            times.len(),
            n(Status::Unique),
            n(Status::Multiple),
            n(Status::TimedOut),
            too_large,
            other,
            times[times.len() / 2].as_secs_f64() * 1e3,
            times[times.len() - 1].as_secs_f64() * 1e3
        );
    }
    println!("{}", if failures == 0 { "every answer passes the checker and agrees with the source" } else { "FAILED" });
    Ok(failures == 0)
}

fn run_numberlink(cli: Cli) -> Result<bool> {
    use masu::numberlink::{self, Formulation as F, format};
    let formulations: Vec<F> = formulations(&cli, "connected,milp")?;
    let files = set_files(&cli, "janko-puzzlekit,flow-solver")?;
    let options = SolveOptions {
        time_limit: cli.time_limit.map(Duration::from_secs_f64),
        threads: cli.threads,
        solution_limit: 2,
        parallel_solves: u32::try_from(cli.jobs).unwrap_or(u32::MAX),
        ..SolveOptions::default()
    };
    let progress = progress_bar((files.len() * formulations.len()) as u64);
    /// One formulation's results.
    #[derive(Default)]
    struct Tally {
        statuses: BTreeMap<Status, usize>,
        /// Boards with a checked answer.
        answered: usize,
        times: Vec<Duration>,
        /// Boards left without an answer, named after the table: they are what to look at.
        unanswered: Vec<String>,
    }
    let mut tallies: BTreeMap<F, Tally> = BTreeMap::new();
    let mut failures = 0;
    // The boards first (cheap), then the solves, `--jobs` at a time.
    let mut cases = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file)?;
        let entry = format::parse_json(&text, None);
        match entry.puzzle {
            Ok(puzzle) => cases.push((file.as_path(), puzzle, entry.solution)),
            Err(e) => {
                report_failure(&progress, &mut failures, file, format!("unreadable: {e}"));
                progress.inc(formulations.len() as u64);
            }
        }
    }
    let solve_case = |(_, puzzle, _): &(&Path, numberlink::Numberlink, _)| {
        timed_each(&formulations, |f: F| numberlink::solve(puzzle, f, cli.backend_for(f.backends()), &options))
    };
    run_jobs(&cases, cli.jobs, solve_case, |(file, _, solution), results| {
        let mut fail = |message: String| report_failure(&progress, &mut failures, file, message);
        let mut statuses = Vec::new();
        for (formulation, elapsed, result) in results {
            let tally = tallies.entry(formulation).or_default();
            tally.times.push(elapsed);
            match result {
                Err(e) => {
                    tally.unanswered.push(board_name(file));
                    fail(format!("{formulation}: {e}"));
                }
                Ok(report) => {
                    *tally.statuses.entry(report.status).or_default() += 1;
                    tally.answered += usize::from(!report.solutions.is_empty());
                    if report.solutions.is_empty() && report.status != Status::Infeasible {
                        tally.unanswered.push(board_name(file));
                    }
                    if report.status == Status::Unique {
                        if let Some(expected) = solution {
                            if &report.solutions[0].numbers != expected {
                                fail(format!("{formulation}: unique, but not the source's solution"));
                            }
                        }
                    }
                    if matches!(report.status, Status::Unique | Status::Multiple | Status::Infeasible) {
                        statuses.push((formulation, report.status));
                    }
                }
            }
            advance(&progress);
        }
        if let Some(&(first, status)) = statuses.first() {
            for &(other, other_status) in &statuses[1..] {
                if other_status != status {
                    fail(format!("{first} says {status}, {other} says {other_status}"));
                }
            }
        }
    });
    progress.finish_and_clear();
    println!(
        "{:<12} {:>7} {:>9} {:>7} {:>9} {:>11} {:>10} {:>10} {:>10}",
        "formulation", "boards", "answered", "unique", "multiple", "infeasible", "timed out", "median ms", "max ms"
    );
    for (formulation, Tally { statuses, answered, times, .. }) in &mut tallies {
        times.sort();
        let n = |s: Status| statuses.get(&s).copied().unwrap_or(0);
        println!(
            "{:<12} {:>7} {:>9} {:>7} {:>9} {:>11} {:>10} {:>10.1} {:>10.1}",
            formulation.name(),
            times.len(),
            answered,
            n(Status::Unique),
            n(Status::Multiple),
            n(Status::Infeasible),
            n(Status::TimedOut),
            times[times.len() / 2].as_secs_f64() * 1e3,
            times[times.len() - 1].as_secs_f64() * 1e3
        );
    }
    for (formulation, Tally { unanswered, .. }) in &mut tallies {
        if !unanswered.is_empty() {
            unanswered.sort();
            println!("no answer from {} ({}): {}", formulation.name(), unanswered.len(), unanswered.join(", "));
        }
    }
    println!("{}", if failures == 0 { "every answer passes the checker and agrees with the source" } else { "FAILED" });
    Ok(failures == 0)
}

/// A board's name in a summary: its file name without `.json`.
fn board_name(file: &Path) -> String {
    file.file_stem().map_or_else(|| file.display().to_string(), |stem| stem.to_string_lossy().into_owned())
}
