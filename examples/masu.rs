//! The masu command-line tool: solve and count puzzles on a chosen backend and formulation.
//!
//! ```text
//! masu solve sudoku FILE|DIR... [--backend cp-sat|highs] [--formulation all-different|binary]
//!                               [--count N] [--time-limit S] [--threads N] [--format text|json]
//! masu count sudoku FILE|DIR... [--count N]
//! ```
//!
//! Run it with `./masu ...` (which provisions the build tools) or
//! `cargo run --release --example masu -- ...`.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};
use clap::{Args, Parser, Subcommand, ValueEnum};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use masu::core::{Backend, Interrupt, Report, SolveOptions, Status};
use masu::sudoku::{self, Formulation, Grid, Sudoku};
use serde_json::json;

#[derive(Parser)]
#[command(
    name = "masu",
    version,
    about = "Published puzzle formulations on CP-SAT and HiGHS: solve, count, with verified answers",
    long_about = "Published puzzle formulations on CP-SAT and HiGHS.\n\n\
        Every solution a backend returns is re-checked by the puzzle's own checker before it \
        is printed. A file may hold many puzzles; each is solved on its own, bad ones are \
        reported with their file and line, and the rest still run. Exit status: 0 when every \
        puzzle ran, 1 when any input or solve failed, 130 when interrupted by Ctrl-C."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Solve puzzles; by default also decides whether each solution is unique.
    Solve(SolveArgs),
    /// Count the solutions of puzzles, up to --count (default 1000).
    Count(SolveArgs),
}

#[derive(Clone, Copy, ValueEnum)]
enum Kind {
    /// n²×n² sudoku: one-line files (81 characters for 9×9), the article's JSON array, text grids.
    Sudoku,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Format {
    /// Human-readable lines, the grid for a single puzzle, and a summary.
    Text,
    /// One JSON object per puzzle per line on stdout; the summary goes to stderr.
    Json,
}

#[derive(Args)]
struct SolveArgs {
    /// The kind of puzzle.
    #[arg(value_enum)]
    kind: Kind,
    /// Puzzle files, or directories searched recursively for them.
    #[arg(required = true)]
    paths: Vec<PathBuf>,
    /// Solver backend: cp-sat or highs.
    #[arg(long, default_value = "cp-sat", value_parser = parse_backend)]
    backend: Backend,
    /// Model: all-different (article 002, cp-sat) or binary (MILP, highs and cp-sat).
    /// Default: all-different on cp-sat, binary on highs.
    #[arg(long)]
    formulation: Option<String>,
    /// Stop after N solutions: 1 just solves, 2 (solve's default) proves uniqueness.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    count: Option<u64>,
    /// Wall-clock limit per puzzle, in seconds.
    #[arg(long, value_parser = parse_seconds)]
    time_limit: Option<Duration>,
    /// Threads the backend may use (CP-SAT workers, HiGHS threads).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..))]
    threads: Option<u32>,
    /// Output format.
    #[arg(long, value_enum, default_value = "text")]
    format: Format,
}

fn parse_backend(s: &str) -> Result<Backend, String> {
    s.parse()
}

fn parse_seconds(s: &str) -> Result<Duration, String> {
    let seconds: f64 = s.parse().map_err(|_| format!("'{s}' is not a number of seconds"))?;
    Duration::try_from_secs_f64(seconds).map_err(|_| format!("'{s}' is not a valid time limit"))
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let (args, default_count) = match cli.command {
        Command::Solve(args) => (args, 2),
        Command::Count(args) => (args, 1000),
    };
    match run(&args, default_count) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::from(1)
        }
    }
}

/// One puzzle to run: where it is, and the puzzle or why it could not be read.
struct Item {
    file: PathBuf,
    line: usize,
    column: Option<usize>,
    puzzle: Result<Sudoku, String>,
}

fn run(args: &SolveArgs, default_count: u64) -> Result<ExitCode> {
    let Kind::Sudoku = args.kind;
    let formulation: Formulation = match &args.formulation {
        Some(name) => name.parse().map_err(anyhow::Error::msg)?,
        None if args.backend == Backend::Highs => Formulation::Binary,
        None => Formulation::AllDifferent,
    };
    if !formulation.backends().contains(&args.backend) {
        bail!("formulation '{formulation}' cannot run on {} (try --formulation binary)", args.backend);
    }
    args.backend.require()?;

    let interrupt = Interrupt::new();
    {
        let interrupt = interrupt.clone();
        ctrlc::set_handler(move || interrupt.interrupt()).context("cannot install the Ctrl-C handler")?;
    }
    let options = SolveOptions {
        time_limit: args.time_limit,
        threads: args.threads,
        solution_limit: usize::try_from(args.count.unwrap_or(default_count)).unwrap_or(usize::MAX),
        interrupt: interrupt.clone(),
    };

    let items = read_inputs(&args.paths);
    let progress = if items.len() > 1 { ProgressBar::new(items.len() as u64) } else { ProgressBar::hidden() };
    progress.set_draw_target(ProgressDrawTarget::stderr());
    progress.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} puzzles, {elapsed} elapsed, ETA {eta} {msg}")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let single = items.len() == 1;
    let mut summary = Summary::default();
    for item in &items {
        if interrupt.is_interrupted() {
            break;
        }
        let place = match item.line {
            0 => item.file.display().to_string(),
            line => format!("{}:{line}", item.file.display()),
        };
        let outcome = match &item.puzzle {
            Err(message) => Err(match item.column {
                Some(c) => format!("{place}:{c}: {message}"),
                None => format!("{place}: {message}"),
            }),
            Ok(puzzle) => {
                let started = Instant::now();
                sudoku::solve(puzzle, formulation, args.backend, &options)
                    .map(|report| (report, started.elapsed()))
                    .map_err(|e| format!("{place}: {e}"))
            }
        };
        progress.suspend(|| match &outcome {
            Ok((report, elapsed)) => {
                summary.add(report.status, *elapsed);
                let puzzle = item.puzzle.as_ref().ok();
                match args.format {
                    Format::Json => println!("{}", json_line(item, report)),
                    Format::Text => print_text(&place, puzzle, report, *elapsed, single),
                }
            }
            Err(message) => {
                summary.errors += 1;
                eprintln!("error: {message}");
                if args.format == Format::Json {
                    let line = json!({"file": item.file, "line": item.line, "status": "error", "error": message});
                    println!("{line}");
                }
            }
        });
        progress.inc(1);
    }
    progress.finish_and_clear();
    let not_run = items.len() - summary.total();
    let text = summary.render(not_run);
    match args.format {
        Format::Json => eprint!("{text}"),
        Format::Text => print!("{text}"),
    }
    Ok(if interrupt.is_interrupted() {
        ExitCode::from(130)
    } else if summary.errors > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// Every puzzle of every path, in order; a directory is searched recursively for puzzle
/// files (`.txt`, `.json`, `.sdk`), leaving out solution files, `counts.json` and `native/`.
fn read_inputs(paths: &[PathBuf]) -> Vec<Item> {
    let mut files = Vec::new();
    for path in paths {
        if path.is_dir() {
            collect_dir(path, &mut files);
        } else {
            files.push(path.clone());
        }
    }
    let mut items = Vec::new();
    for file in files {
        let text = match std::fs::read_to_string(&file) {
            Ok(text) => text,
            Err(e) => {
                items.push(Item { file, line: 0, column: None, puzzle: Err(format!("cannot read: {e}")) });
                continue;
            }
        };
        let entries = sudoku::parse_puzzles(&text);
        if entries.is_empty() {
            items.push(Item {
                file: file.clone(),
                line: 1,
                column: None,
                puzzle: Err("no puzzle in this file".into()),
            });
        }
        for (line, entry) in entries {
            let (line, column, puzzle) = match entry {
                Ok(puzzle) => (line, None, Ok(puzzle)),
                Err(e) => (e.line, e.column, Err(e.message)),
            };
            items.push(Item { file: file.clone(), line, column, puzzle });
        }
    }
    items
}

fn collect_dir(dir: &Path, files: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    paths.sort();
    for path in paths {
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if path.is_dir() {
            if name != "native" {
                collect_dir(&path, files);
            }
        } else if (name.ends_with(".txt") || name.ends_with(".json") || name.ends_with(".sdk"))
            && !name.ends_with(".solutions.txt")
            && name != "counts.json"
        {
            files.push(path);
        }
    }
}

fn json_line(item: &Item, report: &Report<Grid>) -> serde_json::Value {
    json!({
        "file": item.file,
        "line": item.line,
        "status": report.status,
        "backend": report.backend,
        "formulation": report.formulation,
        "count": report.solutions.len(),
        "complete": report.complete,
        "solutions": report.solutions,
        "stats": report.stats,
    })
}

fn print_text(place: &str, puzzle: Option<&Sudoku>, report: &Report<Grid>, elapsed: Duration, single: bool) {
    let count = report.solutions.len();
    let counted =
        if report.complete { format!("{count} solution(s), complete") } else { format!("{count} solution(s) found") };
    let first = match (puzzle, report.solutions.first()) {
        (Some(p), Some(s)) if !single => format!("  {}", sudoku::format::to_line(p.side(), p.alphabet(), &s.concat())),
        _ => String::new(),
    };
    println!(
        "{place}: {} ({counted}; {} {}, {:.1} ms){first}",
        report.status,
        report.backend,
        report.formulation,
        elapsed.as_secs_f64() * 1000.0
    );
    if let (true, Some(p)) = (single, puzzle) {
        for (i, s) in report.solutions.iter().enumerate() {
            if count > 1 {
                println!("solution {}:", i + 1);
            }
            print!("{}", p.render(s));
        }
    }
}

#[derive(Default)]
struct Summary {
    by_status: std::collections::BTreeMap<Status, usize>,
    errors: usize,
    times: Vec<Duration>,
}

impl Summary {
    fn add(&mut self, status: Status, elapsed: Duration) {
        *self.by_status.entry(status).or_default() += 1;
        self.times.push(elapsed);
    }
    fn total(&self) -> usize {
        self.times.len() + self.errors
    }
    fn render(&self, not_run: usize) -> String {
        let n = |s: Status| self.by_status.get(&s).copied().unwrap_or(0);
        let mut out = format!(
            "{} puzzles: {} unique, {} multiple, {} solved (uniqueness not checked), {} infeasible, {} timed out, {} errors",
            self.total(),
            n(Status::Unique),
            n(Status::Multiple),
            n(Status::Solved),
            n(Status::Infeasible),
            n(Status::TimedOut),
            self.errors,
        );
        if n(Status::Interrupted) + not_run > 0 {
            out.push_str(&format!(", {} interrupted, {not_run} not run", n(Status::Interrupted)));
        }
        out.push('\n');
        let mut times = self.times.clone();
        times.sort();
        if let (Some(max), false) = (times.last(), times.is_empty()) {
            let total: Duration = times.iter().sum();
            let median = times[times.len() / 2];
            out.push_str(&format!(
                "time: total {:.3} s, median {:.1} ms, max {:.1} ms\n",
                total.as_secs_f64(),
                median.as_secs_f64() * 1000.0,
                max.as_secs_f64() * 1000.0
            ));
        }
        out
    }
}
