//! The benchmark harness: `just bench sudoku|nonogram|numberlink [DATA]` (= `./masu example bench KIND DATA`).
//!
//! Numberlink: every formulation × backend on the flow-solver levels (fill rule) and the 40
//! largest janko boards (blanks rule), solution limit 2, a time limit per solve, beside the
//! article's own solver on the flow-solver levels; then the generators: `fast` at sizes 5,
//! 8, 10, 12, 15 and 20, and the article's method, in masu and with the article's own code.
//!
//! Nonogram: every formulation × backend on the webpbn survey, nonogram-db, 20 TAAI/TCGA and
//! 40 janko puzzles (every k-th file of each collection's `json/`), a solution limit of 2,
//! a time limit per solve; rows with solved count, median and max time, model size, and
//! build time against solve time (alone: `nonogram-formulations`). Then (alone:
//! `nonogram-native`) the native solver over
//! every puzzle of every collection, and the survey's giants (Thing, Gettys, Faase) with
//! `native` and `automaton` at 60 s.
//!
//! For every backend × formulation × thread setting, solves every puzzle of the norvig and
//! magictour sets with a solution limit of 2 (solve + uniqueness proof, what the article's
//! enumeration establishes on a proper sudoku), and records per-puzzle wall time and masu's
//! own share of it: the time outside the backend's reported time (model build, encode,
//! FFI, decode, no-good bookkeeping, checking). Beside those rows it runs the article's own
//! code (`shared/anchors/seed002_sudoku.py`, in a venv `.anchors/` with the pinned
//! ortools) on the same files in the same run. The rows replace the sudoku section of
//! BENCHMARKS.md, with the machine and the command.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};
use masu::core::{Backend, SolveOptions, Status};
use masu::sudoku::{self, Formulation};

const SETS: [(&str, &[&str]); 2] = [
    ("norvig", &["norvig/top95.txt", "norvig/hardest.txt"]),
    ("magictour", &["magictour-top1465/magictour-top1465.txt"]),
];

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (kind, data) = match args.as_slice() {
        [kind] => (kind.as_str(), PathBuf::from("../shared/data")),
        [kind, data] => (kind.as_str(), PathBuf::from(data)),
        _ => {
            eprintln!(
                "usage: bench sudoku|nonogram[-formulations|-native]|numberlink[-solve|-generate] [DATA-DIR]   (DATA-DIR defaults to ../shared/data)"
            );
            return ExitCode::from(2);
        }
    };
    let result = match kind {
        "sudoku" => bench_sudoku(&data),
        "nonogram" => bench_nonogram(&data).and_then(|()| bench_nonogram_native(&data)),
        "nonogram-formulations" => bench_nonogram(&data),
        "nonogram-native" => bench_nonogram_native(&data),
        "numberlink" => bench_numberlink(&data, "all"),
        "numberlink-solve" => bench_numberlink(&data, "solve"),
        "numberlink-generate" => bench_numberlink(&data, "generate"),
        other => Err(anyhow::anyhow!(
            "no benchmark for '{other}' (sudoku, nonogram, nonogram-formulations, nonogram-native, numberlink, numberlink-solve, numberlink-generate)"
        )),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::from(1)
        }
    }
}

struct Row {
    set: &'static str,
    solver: String,
    threads: String,
    puzzles: usize,
    unique: usize,
    median: Duration,
    mean: Duration,
    max: Duration,
    overhead_share: Option<f64>,
}

fn bench_sudoku(data: &Path) -> Result<()> {
    let sudoku_dir = data.join("sudoku");
    let mut rows = Vec::new();
    for (set, files) in SETS {
        let mut puzzles = Vec::new();
        for file in files {
            let path = sudoku_dir.join(file);
            let text = std::fs::read_to_string(&path).with_context(|| format!("cannot read {}", path.display()))?;
            for (line, entry) in sudoku::parse_puzzles(&text) {
                puzzles.push(entry.map_err(|e| anyhow::anyhow!("{}:{line}: {e}", path.display()))?);
            }
        }
        for formulation in Formulation::ALL {
            for &backend in formulation.backends().iter().filter(|b| b.is_compiled()) {
                for threads in [None, Some(1)] {
                    rows.push(run_masu(set, &puzzles, formulation, backend, threads)?);
                }
            }
        }
        rows.push(run_article(set, &files.iter().map(|f| sudoku_dir.join(f)).collect::<Vec<_>>())?);
    }
    let section = render(&rows);
    print!("{section}");
    write_section("sudoku", &section)
}

fn run_masu(
    set: &'static str,
    puzzles: &[sudoku::Sudoku],
    formulation: Formulation,
    backend: Backend,
    threads: Option<u32>,
) -> Result<Row> {
    let options = SolveOptions { threads, solution_limit: 2, ..SolveOptions::default() };
    let (mut times, mut total, mut backend_total, mut unique) = (Vec::new(), Duration::ZERO, Duration::ZERO, 0);
    eprintln!("{set}: {formulation} on {backend}, threads {threads:?} ...");
    for puzzle in puzzles {
        let started = Instant::now();
        let report = sudoku::solve(puzzle, formulation, backend, &options)?;
        let elapsed = started.elapsed();
        if report.status == Status::Unique {
            unique += 1;
        }
        times.push(elapsed);
        total += elapsed;
        backend_total += report.stats.backend_time.unwrap_or(elapsed);
    }
    times.sort();
    Ok(Row {
        set,
        solver: format!("masu {formulation} on {backend}"),
        threads: threads.map_or("default".into(), |t| t.to_string()),
        puzzles: puzzles.len(),
        unique,
        median: times[times.len() / 2],
        mean: total / puzzles.len() as u32,
        max: times[times.len() - 1],
        overhead_share: Some(total.saturating_sub(backend_total).as_secs_f64() / total.as_secs_f64()),
    })
}

/// The article's code on the same files: its own JSON summary gives the mean per puzzle.
fn run_article(set: &'static str, files: &[PathBuf]) -> Result<Row> {
    let python = ensure_anchor_venv()?;
    let script = Path::new("../shared/anchors/seed002_sudoku.py");
    if !script.is_file() {
        bail!("{} not found (run from the project root, shared/ beside it)", script.display());
    }
    let (mut puzzles, mut unique, mut total) = (0, 0, 0.0);
    for file in files {
        eprintln!("{set}: the article's code on {} ...", file.display());
        let out = Command::new(&python).arg(script).arg(file).output().context("cannot run the article's code")?;
        if !out.status.success() {
            bail!("the article's code failed on {}: {}", file.display(), String::from_utf8_lossy(&out.stderr));
        }
        let summary: serde_json::Value =
            serde_json::from_slice(&out.stdout).context("the article's code printed no JSON")?;
        puzzles += summary["puzzles"].as_u64().unwrap_or(0) as usize;
        unique += summary["solution_counts"]["1"].as_u64().unwrap_or(0) as usize;
        total += summary["total_s"].as_f64().unwrap_or(0.0);
    }
    let mean = Duration::from_secs_f64(total / puzzles.max(1) as f64);
    Ok(Row {
        set,
        solver: "article's code (Python, CP-SAT, AllDifferent, all solutions)".into(),
        threads: "default".into(),
        puzzles,
        unique,
        median: Duration::ZERO,
        mean,
        max: Duration::ZERO,
        overhead_share: None,
    })
}

/// `.anchors/bin/python` with ortools 9.15.6755, created on first use.
fn ensure_anchor_venv() -> Result<PathBuf> {
    let python = PathBuf::from(".anchors/bin/python");
    let has_ortools = |p: &Path| {
        Command::new(p)
            .args(["-c", "import ortools, sys; sys.exit(ortools.__version__ != '9.15.6755')"])
            .status()
            .is_ok_and(|s| s.success())
    };
    if python.is_file() && has_ortools(&python) {
        return Ok(python);
    }
    eprintln!("creating .anchors/ (a venv with ortools 9.15.6755 for the article's code) ...");
    let ok = Command::new("python3").args(["-m", "venv", ".anchors"]).status()?.success()
        && Command::new(&python).args(["-m", "pip", "install", "--quiet", "ortools==9.15.6755"]).status()?.success();
    if !ok || !has_ortools(&python) {
        bail!("could not set up .anchors/ with ortools 9.15.6755");
    }
    Ok(python)
}

fn ms(d: Duration) -> String {
    if d.is_zero() { "–".into() } else { format!("{:.2}", d.as_secs_f64() * 1e3) }
}

fn machine() -> String {
    let cpu = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("model name"))
                .map(|l| l.split(':').nth(1).unwrap_or("").trim().to_string())
        })
        .unwrap_or_else(|| "unknown CPU".into());
    let cores = std::thread::available_parallelism().map_or(0, |n| n.get());
    let memory = std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|s| s.lines().next().and_then(|l| l.split_whitespace().nth(1)).and_then(|kb| kb.parse::<u64>().ok()))
        .map_or("?".into(), |kb| format!("{} GiB", kb / 1024 / 1024));
    format!("{cores} cores ({cpu}), {memory}")
}

fn render(rows: &[Row]) -> String {
    let mut out = String::new();
    out.push_str("## Sudoku\n\n");
    out.push_str(&format!(
        "Machine: {}. Command: `just bench sudoku ../shared/data` (`./masu example bench sudoku ../shared/data`), release profile.\n\n",
        machine()
    ));
    out.push_str(
        "Per-puzzle wall time of `masu_sudoku::solve` with a solution limit of 2 (solve and prove \
         uniqueness: what the article's enumeration establishes on a proper sudoku), model build and \
         checking included. *Overhead* is masu's share of that time: everything outside the \
         backend's own reported time (model build, encoding, FFI, decoding, no-good bookkeeping, \
         checking). The article's code prints only its mean per puzzle (Python, model building \
         included, one enumerating solve).\n\n",
    );
    out.push_str("| set | solver | threads | puzzles | unique | median ms | mean ms | max ms | overhead |\n");
    out.push_str("|---|---|---|---:|---:|---:|---:|---:|---:|\n");
    for r in rows {
        out.push_str(&format!(
            "| {} | {} | {} | {} | {} | {} | {} | {} | {} |\n",
            r.set,
            r.solver,
            r.threads,
            r.puzzles,
            r.unique,
            ms(r.median),
            ms(r.mean),
            ms(r.max),
            r.overhead_share.map_or("–".into(), |s| format!("{:.1}%", s * 100.0))
        ));
    }
    out
}

/// Replaces (or appends) the section between `<!-- bench:NAME -->` markers in BENCHMARKS.md.
fn write_section(name: &str, section: &str) -> Result<()> {
    let path = Path::new("BENCHMARKS.md");
    let (start, end) = (format!("<!-- bench:{name}:start -->"), format!("<!-- bench:{name}:end -->"));
    let mut text = std::fs::read_to_string(path).unwrap_or_else(|_| {
        "# Benchmarks\n\nEvery table is written by `just bench KIND` on the machine it names; rerun it to \
         refresh. Numbers from different machines are not comparable.\n"
            .into()
    });
    let block = format!("{start}\n{section}{end}\n");
    match (text.find(&start), text.find(&end)) {
        (Some(a), Some(b)) if a < b => text.replace_range(a..b + end.len() + 1, &block),
        _ => {
            text.push('\n');
            text.push_str(&block);
        }
    }
    std::fs::write(path, text).context("cannot write BENCHMARKS.md")
}

/// Every k-th of the sorted `json/*.json` files of a collection, `count` of them.
fn every_kth(dir: &Path, count: usize) -> Result<Vec<PathBuf>> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .with_context(|| format!("cannot read {}", dir.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    files.sort();
    let step = (files.len() / count.max(1)).max(1);
    Ok(files.into_iter().step_by(step).take(count).collect())
}

fn bench_nonogram(data: &Path) -> Result<()> {
    use masu::nonogram::{self, Formulation};
    let dir = data.join("nonogram");
    let sets: [(&str, Vec<PathBuf>); 4] = [
        ("webpbn survey", every_kth(&dir.join("webpbn-survey/json"), usize::MAX)?),
        ("nonogram-db", every_kth(&dir.join("nonogram-db/json"), usize::MAX)?),
        ("TAAI/TCGA (20)", every_kth(&dir.join("taai-tournament/json"), 20)?),
        ("janko (40)", every_kth(&dir.join("janko-puzzlekit/json"), 40)?),
    ];
    let time_limit = Duration::from_secs(10);
    let mut table = String::new();
    table.push_str("| set | formulation | backend | puzzles | unique | multiple | timed out | refused (too large) | errors | median s | max s | median variables | median constraints | median build s | median solve s |\n");
    table.push_str("|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    for (set, files) in &sets {
        let puzzles: Vec<nonogram::Nonogram> = files.iter().map(|f| read_nonogram(f)).collect::<Result<_>>()?;
        for formulation in Formulation::ALL {
            for &backend in formulation.backends().iter().filter(|b| b.is_compiled()) {
                eprintln!("{set}: {formulation} on {backend} ...");
                let options =
                    SolveOptions { time_limit: Some(time_limit), solution_limit: 2, ..SolveOptions::default() };
                let (mut counts, mut times, mut vars, mut cons, mut builds, mut solves) =
                    (BTreeMap::new(), Vec::new(), Vec::new(), Vec::new(), Vec::new(), Vec::new());
                let (mut refused, mut errors) = (0, 0);
                for puzzle in &puzzles {
                    let started = Instant::now();
                    match nonogram::solve(puzzle, formulation, backend, &options) {
                        Ok(report) => {
                            times.push(started.elapsed());
                            *counts.entry(report.status).or_insert(0) += 1;
                            vars.push(report.stats.variables);
                            cons.push(report.stats.constraints);
                            builds.push(report.stats.build_time);
                            solves.push(report.stats.solve_time);
                        }
                        Err(masu::core::Error::TooLarge(_)) => refused += 1,
                        Err(e) => {
                            eprintln!("  error: {e}");
                            errors += 1;
                        }
                    }
                }
                let n = |s: Status| counts.get(&s).copied().unwrap_or(0);
                let max = max_secs(&times);
                table.push_str(&format!(
                    "| {set} | {formulation} | {backend} | {} | {} | {} | {} | {refused} | {errors} | {} | {max} | {} | {} | {} | {} |\n",
                    puzzles.len(),
                    n(Status::Unique),
                    n(Status::Multiple),
                    n(Status::TimedOut) + n(Status::Stuck),
                    median_secs(&mut times),
                    median_count(&mut vars),
                    median_count(&mut cons),
                    median_secs(&mut builds),
                    median_secs(&mut solves),
                ));
            }
        }
    }
    let section = format!(
        "## Nonogram\n\nMachine: {}. Command: `just bench nonogram ../shared/data` (this part alone: `./masu example bench nonogram-formulations ../shared/data`), \
         release profile, {} s time limit per solve, solution limit 2 (solve and decide uniqueness), backends' default threads. \
         *timed out* counts line solvers that ended stuck as well; *refused* are puzzles whose pattern enumeration exceeds the \
         default size limit (100,000 placements). Model size is the formulation's own unit (CP-SAT/MILP variables and \
         constraints; for native and line solvers, cells and lines).\n\n{table}",
        machine(),
        time_limit.as_secs()
    );
    print!("{section}");
    write_section("nonogram", &section)
}

/// The puzzle of a collection's `json/` file.
fn read_nonogram(f: &Path) -> Result<masu::nonogram::Nonogram> {
    let text = std::fs::read_to_string(f).with_context(|| format!("cannot read {}", f.display()))?;
    let entry = masu::nonogram::format::parse_json(&text).into_iter().next().context("empty")?;
    entry.puzzle.map_err(|e| anyhow::anyhow!("{}: {e}", f.display()))
}

/// The native solver over whole collections (10 s per puzzle), and the survey's giants with
/// `native` and `automaton` (60 s): times are per puzzle over all of them.
fn bench_nonogram_native(data: &Path) -> Result<()> {
    use masu::nonogram::{self, Formulation};
    let dir = data.join("nonogram");
    let giants = [
        "webpbn-gramcracker/json/gramcracker-webpbn-18297.json",
        "webpbn-gramcracker/json/gramcracker-webpbn-22336.json",
        "webpbn-survey/json/survey-faase.json",
    ];
    let is_giant = |f: &PathBuf| giants.iter().any(|g| f.ends_with(g));
    let mut runs: Vec<(String, Vec<PathBuf>, Formulation, Duration)> = Vec::new();
    for collection in ["janko-puzzlekit", "nonogram-db", "taai-tournament", "webpbn-survey", "webpbn-gramcracker"] {
        let files: Vec<PathBuf> =
            every_kth(&dir.join(collection).join("json"), usize::MAX)?.into_iter().filter(|f| !is_giant(f)).collect();
        runs.push((format!("{collection} (all but the giants)"), files, Formulation::Native, Duration::from_secs(10)));
    }
    let giant_files: Vec<PathBuf> = giants.iter().map(|g| dir.join(g)).collect();
    for formulation in [Formulation::Native, Formulation::Automaton] {
        for f in &giant_files {
            let name = f.file_stem().map_or(String::new(), |s| s.to_string_lossy().into_owned());
            runs.push((format!("giant {name}"), vec![f.clone()], formulation, Duration::from_secs(60)));
        }
    }
    let mut table = String::from(
        "| set | formulation | backend | puzzles | unique | multiple | timed out | errors | median s | 90th percentile s | max s | over 1 s |\n|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n",
    );
    for (set, files, formulation, time_limit) in runs {
        let Some(&backend) = formulation.backends().iter().find(|b| b.is_compiled()) else { continue };
        eprintln!("{set}: {formulation} on {backend}, {} puzzles ...", files.len());
        let options = SolveOptions { time_limit: Some(time_limit), solution_limit: 2, ..SolveOptions::default() };
        let (mut counts, mut times, mut errors) = (BTreeMap::new(), Vec::new(), 0);
        for (i, f) in files.iter().enumerate() {
            let started = Instant::now();
            match read_nonogram(f)
                .and_then(|p| nonogram::solve(&p, formulation, backend, &options).map_err(anyhow::Error::from))
            {
                Ok(report) => {
                    times.push(started.elapsed());
                    *counts.entry(report.status).or_insert(0) += 1;
                }
                Err(e) => {
                    eprintln!("  error: {e:#}");
                    errors += 1;
                }
            }
            if (i + 1) % 200 == 0 {
                eprintln!("  {} of {}", i + 1, files.len());
            }
        }
        times.sort();
        let n = |s: Status| counts.get(&s).copied().unwrap_or(0);
        let at = |q: f64| {
            times
                .get(((times.len() as f64 - 1.0) * q).round() as usize)
                .map_or("–".into(), |d| format!("{:.4}", d.as_secs_f64()))
        };
        table.push_str(&format!(
            "| {set} | {formulation} | {backend} | {} | {} | {} | {} | {errors} | {} | {} | {} | {} |\n",
            files.len(),
            n(Status::Unique),
            n(Status::Multiple),
            n(Status::TimedOut) + n(Status::Stuck),
            at(0.5),
            at(0.9),
            at(1.0),
            times.iter().filter(|t| t.as_secs_f64() > 1.0).count(),
        ));
    }
    let section = format!(
        "## Nonogram: the native solver on every puzzle\n\nMachine: {}. Command: `just bench nonogram ../shared/data` (this part \
         alone: `./masu example bench nonogram-native ../shared/data`), release profile, solution limit 2, `native` on one thread, `automaton` with CP-SAT's default \
         workers; 10 s per puzzle over the collections, 60 s for each giant. Times include reading the file.\n\n{table}",
        machine(),
    );
    print!("{section}");
    write_section("nonogram-native", &section)
}

/// `part`: `solve`, `generate` or `all`; each part writes its own section.
fn bench_numberlink(data: &Path, part: &str) -> Result<()> {
    if part != "solve" {
        let per_puzzle = Duration::from_secs(90);
        let generators = generator_rows(per_puzzle)?;
        let section = format!(
            "## Numberlink: generating\n\nMachine: {}. Command: `just bench numberlink ../shared/data` (this part alone: \
             `./masu example bench numberlink-generate ../shared/data`), release profile.\n\n`fast`: seed 1, pairs drawn = size, \
             {} s limit per puzzle; every puzzle is drawn independently and proven unique by the `native` search (50 ms at \
             most) or else the `connected` model. Random path \
             growth stalls at about 2n paths on an n×n board, and each repair of a non-unique board adds a pair, so boards end \
             with more pairs than drawn (the *made* column). The article's method enumerates candidate full boards and keeps \
             those whose endpoints its own solver finds unique. Both enumerate the candidates in one search (CP-SAT's \
             `enumerate_all_solutions` on one worker) and check each candidate by enumerating its solutions up to 2. The article's code stops \
             at 1000 candidates with a callback; masu, without one in CP-SAT's C API, takes them from CP-SAT's solution pool, \
             in runs of growing length until one fills it (the restarts and each run's end cost time), for at most 180 s per \
             size, so the two may keep different candidates.\n\n{generators}",
            machine(),
            per_puzzle.as_secs(),
        );
        print!("{section}");
        write_section("numberlink-generate", &section)?;
    }
    if part == "generate" {
        return Ok(());
    }
    use masu::numberlink::{self, Formulation, format};
    let dir = data.join("numberlink");
    let read = |files: Vec<PathBuf>| -> Result<Vec<(PathBuf, numberlink::Numberlink)>> {
        files
            .into_iter()
            .map(|f| {
                let text = std::fs::read_to_string(&f).with_context(|| format!("cannot read {}", f.display()))?;
                let puzzle =
                    format::parse_json(&text, None).puzzle.map_err(|e| anyhow::anyhow!("{}: {e}", f.display()))?;
                Ok((f, puzzle))
            })
            .collect()
    };
    let flow = read(every_kth(&dir.join("flow-solver/json"), usize::MAX)?)?;
    let mut janko = read(every_kth(&dir.join("janko-puzzlekit/json"), usize::MAX)?)?;
    janko.sort_by_key(|(f, p)| (std::cmp::Reverse(p.width() * p.height()), f.clone()));
    janko.truncate(40);
    let time_limit = Duration::from_secs(10);
    let mut table = String::new();
    table.push_str("| set | solver | boards | unique | multiple | infeasible | timed out | wrong (checker) | errors | median s | max s | median variables | median constraints |\n");
    table.push_str("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    let sets = [("flow-solver (17, fill)", &flow), ("janko (40 largest, blanks)", &janko)];
    for (set, puzzles) in sets {
        for formulation in Formulation::ALL {
            for &backend in formulation.backends().iter().filter(|b| b.is_compiled()) {
                eprintln!("{set}: {formulation} on {backend} ...");
                let options =
                    SolveOptions { time_limit: Some(time_limit), solution_limit: 2, ..SolveOptions::default() };
                let (mut counts, mut times, mut vars, mut cons) = (BTreeMap::new(), Vec::new(), Vec::new(), Vec::new());
                let (mut wrong, mut errors) = (0, 0);
                for (file, puzzle) in puzzles.iter() {
                    let started = Instant::now();
                    let result = numberlink::solve(puzzle, formulation, backend, &options);
                    times.push(started.elapsed());
                    match result {
                        Ok(report) => {
                            *counts.entry(report.status).or_insert(0) += 1;
                            vars.push(report.stats.variables);
                            cons.push(report.stats.constraints);
                        }
                        Err(masu::core::Error::WrongAnswer { .. }) => wrong += 1,
                        Err(e) => {
                            eprintln!("  {}: {e}", file.display());
                            errors += 1;
                        }
                    }
                }
                let n = |s: Status| counts.get(&s).copied().unwrap_or(0);
                table.push_str(&format!(
                    "| {set} | masu {formulation} on {backend} | {} | {} | {} | {} | {} | {wrong} | {errors} | {} | {} | {} | {} |\n",
                    puzzles.len(),
                    n(Status::Unique),
                    n(Status::Multiple),
                    n(Status::Infeasible),
                    n(Status::TimedOut),
                    median_secs(&mut times),
                    max_secs(&times),
                    median_count(&mut vars),
                    median_count(&mut cons),
                ));
            }
        }
        if set.starts_with("flow") {
            table.push_str(&article_numberlink_solver(set, puzzles, time_limit)?);
        }
    }
    let section = format!(
        "## Numberlink: solving\n\nMachine: {}. Command: `just bench numberlink ../shared/data` (this part alone: \
         `./masu example bench numberlink-solve ../shared/data`), release profile, {} s time limit per solve, solution limit 2 \
         (solve and decide uniqueness), backends' default threads (`connected`: one CP-SAT worker, its own default). *wrong* counts answers the checker rejected (article 001's \
         model returns detached loops). The article's code enumerates up to 2 solutions with its own model (cells in `1..m`, \
         so the fill rule) and runs only on the square flow-solver boards; its count includes loop answers.\n\n{table}",
        machine(),
        time_limit.as_secs(),
    );
    print!("{section}");
    write_section("numberlink-solve", &section)
}

/// The article's own solver (`seed001_numberlink.py solve`) on the same boards.
fn article_numberlink_solver(
    set: &str,
    puzzles: &[(PathBuf, masu::numberlink::Numberlink)],
    time_limit: Duration,
) -> Result<String> {
    let python = ensure_anchor_venv()?;
    eprintln!("{set}: the article's code ...");
    let (mut times, mut one, mut two, mut timed_out) = (Vec::new(), 0, 0, 0);
    for (file, _) in puzzles {
        let started = Instant::now();
        let mut child = Command::new("timeout")
            .arg(time_limit.as_secs().to_string())
            .arg(&python)
            .arg("../shared/anchors/seed001_numberlink.py")
            .arg("solve")
            .arg(file)
            .stdout(std::process::Stdio::piped())
            .spawn()
            .context("cannot run the article's code")?;
        let mut out = String::new();
        std::io::Read::read_to_string(child.stdout.as_mut().context("no stdout")?, &mut out)?;
        let status = child.wait()?;
        times.push(started.elapsed());
        if !status.success() {
            timed_out += 1;
            continue;
        }
        let summary: serde_json::Value = serde_json::from_str(out.lines().next().unwrap_or("")).unwrap_or_default();
        match summary["solutions_found_up_to_2"].as_u64() {
            Some(1) => one += 1,
            Some(2) => two += 1,
            _ => {}
        }
    }
    Ok(format!(
        "| {set} | article's code (Python, process start included) | {} | {one} | {two} | – | {timed_out} | – | – | {} | {} | – | – |\n",
        puzzles.len(),
        median_secs(&mut times),
        max_secs(&times),
    ))
}

fn median_secs(v: &mut [Duration]) -> String {
    v.sort();
    v.get(v.len() / 2).map_or("–".into(), |d| format!("{:.4}", d.as_secs_f64()))
}

fn max_secs(v: &[Duration]) -> String {
    v.iter().max().map_or("–".into(), |d| format!("{:.4}", d.as_secs_f64()))
}

fn median_count(v: &mut [usize]) -> String {
    v.sort();
    v.get(v.len() / 2).map_or("–".into(), usize::to_string)
}

/// The generator rows: `fast` at sizes 5–20, the article's method in masu and in its own code.
#[cfg(feature = "cp-sat")]
fn generator_rows(per_puzzle: Duration) -> Result<String> {
    use masu::numberlink::generate;
    let mut generators = String::new();
    generators.push_str("| method | size | pairs | asked | unique puzzles | candidates or draws | puzzles per minute | median s per unique puzzle | max s |\n");
    generators.push_str("|---|---:|---|---:|---:|---:|---:|---:|---:|\n");
    for (n, count) in [(5, 10), (8, 10), (10, 10), (12, 10), (15, 5), (20, 4)] {
        let pairs = n;
        eprintln!("generate fast {n}×{n}, {pairs} pairs, {count} puzzles ...");
        let options = SolveOptions { time_limit: Some(per_puzzle), ..SolveOptions::default() };
        let started = Instant::now();
        let (mut times, mut draws, mut made) = (Vec::new(), 0, Vec::new());
        for index in 0..count {
            if let Some(g) = generate::fast(n, pairs, 1, index, &options)? {
                times.push(Duration::from_secs_f64(g.seconds));
                draws += g.attempts;
                made.push(g.pairs);
            }
        }
        made.sort();
        let minutes = started.elapsed().as_secs_f64() / 60.0;
        generators.push_str(&format!(
            "| masu fast | {n} | {pairs} drawn, {} made (median) | {count} | {} | {draws} | {:.1} | {} | {} |\n",
            made.get(made.len() / 2).map_or("–".into(), usize::to_string),
            times.len(),
            times.len() as f64 / minutes,
            median_secs(&mut times),
            max_secs(&times),
        ));
    }
    for (n, pairs, candidates) in [(5, 3, 1000), (10, 8, 1000), (12, 10, 1000)] {
        // Up to 1000 candidates within 180 s.
        eprintln!("generate article {n}×{n}, {pairs} pairs, up to {candidates} candidates for 180 s (masu) ...");
        let bounded = SolveOptions { time_limit: Some(Duration::from_secs(180)), ..SolveOptions::default() };
        let run = generate::article(n, pairs, candidates, &bounded)?;
        let seconds = run.generate_seconds + run.check_seconds;
        generators.push_str(&format!(
            "| masu article (one enumeration) | {n} | {pairs} | – | {} | {} | {:.1} | {} | – |\n",
            run.unique.len(),
            run.candidates,
            run.unique.len() as f64 / (seconds / 60.0),
            if run.unique.is_empty() { "–".into() } else { format!("{:.3}", seconds / run.unique.len() as f64) },
        ));
        eprintln!("generate article {n}×{n}, {pairs} pairs, {candidates} candidates (the article's code) ...");
        let python = ensure_anchor_venv()?;
        let out = Command::new(&python)
            .arg("../shared/anchors/seed001_numberlink.py")
            .args(["generate", &n.to_string(), &pairs.to_string(), "--candidates", &candidates.to_string()])
            .output()
            .context("cannot run the article's code")?;
        if !out.status.success() {
            bail!("the article's generator failed: {}", String::from_utf8_lossy(&out.stderr));
        }
        let summary: serde_json::Value =
            serde_json::from_slice(&out.stdout).context("the article's generator printed no JSON")?;
        let unique = summary["unique"].as_u64().unwrap_or(0);
        let seconds = summary["generate_s"].as_f64().unwrap_or(0.0) + summary["check_s"].as_f64().unwrap_or(0.0);
        generators.push_str(&format!(
            "| article's code (Python, one enumeration) | {n} | {pairs} | – | {unique} | {} | {:.1} | {} | – |\n",
            summary["candidates"],
            unique as f64 / (seconds / 60.0),
            if unique == 0 { "–".into() } else { format!("{:.3}", seconds / unique as f64) },
        ));
    }
    Ok(generators)
}

#[cfg(not(feature = "cp-sat"))]
fn generator_rows(_per_puzzle: Duration) -> Result<String> {
    Ok("Not measured: the generators prove uniqueness with CP-SAT (build with the cp-sat feature).\n".into())
}
