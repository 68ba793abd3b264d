//! The masu command-line tool: solve and count puzzles on a chosen backend and formulation.
//!
//! ```text
//! masu solve sudoku|nonogram FILE|DIR... [--backend B] [--formulation F] [--count N]
//!            [--time-limit S] [--threads N] [--size-limit N] [--format text|json] [--svg FILE]
//! masu count sudoku|nonogram FILE|DIR... [--count N]
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
use masu::kinds::{self, Item, PuzzleKind};
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
    /// Run every formulation on every backend on the same instances: each answer re-checked,
    /// all answers cross-checked, as a table, CSV or JSON, and a cactus plot.
    Compare(CompareArgs),
    /// Generate puzzles with a proven-unique solution, as JSON lines (numberlink).
    Generate(GenerateArgs),
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum CompareFormat {
    /// An aligned table, then wrong answers and findings.
    Table,
    /// CSV with a header line.
    Csv,
    /// One JSON document: rows, findings, not-applicable pairs.
    Json,
}

#[derive(Args)]
struct CompareArgs {
    /// The kind of puzzle.
    #[arg(value_enum)]
    kind: Kind,
    /// Puzzle files, or directories searched recursively for them.
    #[arg(required = true)]
    paths: Vec<PathBuf>,
    /// Backends to compare, comma-separated (default: every backend).
    #[arg(long, value_delimiter = ',', value_parser = parse_backend)]
    backends: Option<Vec<Backend>>,
    /// Formulations to compare, comma-separated (default: every formulation of the kind).
    #[arg(long, value_delimiter = ',')]
    formulations: Option<Vec<String>>,
    /// Wall-clock limit per solve, in seconds.
    #[arg(long, value_parser = parse_seconds)]
    time_limit: Option<Duration>,
    /// Threads each solve may use (reported in the output).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..))]
    threads: Option<u32>,
    /// Solution limit of each solve: 2 decides uniqueness.
    #[arg(long, default_value = "2", value_parser = clap::value_parser!(u64).range(1..))]
    count: u64,
    /// Run each solve R times and report the median times.
    #[arg(long, default_value = "1", value_parser = clap::value_parser!(u64).range(1..))]
    repeat: u64,
    /// Instances run at once (each solve still uses --threads).
    #[arg(long, default_value = "1", value_parser = clap::value_parser!(u64).range(1..))]
    jobs: u64,
    /// Largest model a formulation may build (see `solve --help`).
    #[arg(long)]
    size_limit: Option<u64>,
    /// Output format.
    #[arg(long, value_enum, default_value = "table")]
    format: CompareFormat,
    /// Write a cactus plot (SVG): instances solved against time, one line per runner.
    #[arg(long)]
    plot: Option<PathBuf>,
    /// Numberlink rule (see `solve --help`).
    #[arg(long, value_parser = parse_rule)]
    rule: Option<masu::numberlink::Rule>,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum GenerateMethod {
    /// Article 001's: enumerate candidate boards with CP-SAT, keep the unique ones.
    Article,
    /// masu's: grow random paths, prove uniqueness (native search, else the connected model).
    Fast,
}

#[derive(Args)]
struct GenerateArgs {
    /// The kind of puzzle (numberlink).
    #[arg(value_enum)]
    kind: Kind,
    /// Board side.
    #[arg(long, value_parser = clap::value_parser!(u64).range(2..=60))]
    size: u64,
    /// Pairs (default: the side, 1 on 2×2; at most size²/3, a path having 3 cells or more).
    ///
    /// fast: random paths are joined down to this many; a large board may stall above it,
    /// and repairs add pairs, so each puzzle's JSON gives its own count. article: the
    /// numbers of its model.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pairs: Option<u64>,
    /// Puzzles to produce (fast), each drawn independently.
    #[arg(long, default_value = "1")]
    count: u64,
    /// Seed: the same seed gives the same puzzles.
    #[arg(long, default_value = "1")]
    seed: u64,
    /// Method.
    #[arg(long, value_enum, default_value = "fast")]
    method: GenerateMethod,
    /// Candidate boards to enumerate (article method).
    #[arg(long, default_value = "1000")]
    candidates: u64,
    /// Time limit per puzzle (fast) or for the whole run (article), in seconds.
    #[arg(long, value_parser = parse_seconds)]
    time_limit: Option<Duration>,
    /// Threads CP-SAT may use.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..))]
    threads: Option<u32>,
}

#[derive(Clone, Copy, ValueEnum)]
enum Kind {
    /// n²×n² sudoku: one-line files (81 characters for 9×9), the article's JSON array, text grids.
    Sudoku,
    /// Nonogram: JSON, .non, .nin, webpbn text, TAAI/TCGA batches, janko dataset JSON.
    Nonogram,
    /// Numberlink: the article's JSON array, shared/data JSON, `W H` text, Flow Free boards.
    Numberlink,
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
    /// Solver backend: cp-sat, highs or native. Default: the formulation's own backend.
    #[arg(long, value_parser = parse_backend)]
    backend: Option<Backend>,
    /// Model. sudoku: all-different (article 002; default), binary (MILP).
    /// nonogram: native (default), start-index (article 000), patterns (article 003),
    /// line-solver and line-solver-dp (article 004), automaton. numberlink: connected
    /// (default; no detached loops), milp (lazy cycle cuts), native (a search needing no
    /// backend), reified and reified-zero
    /// (article 001, loops and all). Default backend: the formulation's own; with --backend
    /// alone, the first formulation that runs on it.
    #[arg(long)]
    formulation: Option<String>,
    /// Stop after N solutions: 1 just solves, 2 (solve's default) proves uniqueness.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    count: Option<u64>,
    /// Wall-clock limit per puzzle, in seconds.
    ///
    /// Numberlink's `connected` and `milp` stop building their models at the limit; other
    /// builds, and a backend loading a model, are not interrupted: where those alone take
    /// longer (a 1002×1002 numberlink board: 16 s for article 001's model), the puzzle
    /// overruns the limit and is reported timed out.
    #[arg(long, value_parser = parse_seconds)]
    time_limit: Option<Duration>,
    /// Threads the backend may use (CP-SAT workers, HiGHS threads).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..))]
    threads: Option<u32>,
    /// Largest model a formulation may build (nonogram patterns and line-solver: patterns
    /// in all); past it the formulation refuses instead of running out of memory.
    #[arg(long)]
    size_limit: Option<u64>,
    /// Output format.
    #[arg(long, value_enum, default_value = "text")]
    format: Format,
    /// Write the answer as an SVG picture (nonogram, numberlink; a single puzzle).
    #[arg(long)]
    svg: Option<PathBuf>,
    /// Numberlink rule: fill (every cell on a path) or blanks (cells may stay empty).
    /// Default: what the file implies (Flow Free boards: fill), else blanks.
    #[arg(long, value_parser = parse_rule)]
    rule: Option<masu::numberlink::Rule>,
}

fn parse_rule(s: &str) -> Result<masu::numberlink::Rule, String> {
    s.parse()
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
    let result = match cli.command {
        Command::Solve(args) => run(&args, 2),
        Command::Count(args) => run(&args, 1000),
        Command::Compare(args) => match args.kind {
            Kind::Sudoku => run_compare::<kinds::Sudoku>(&args, |_| {}),
            Kind::Nonogram => run_compare::<kinds::Nonogram>(&args, |_| {}),
            Kind::Numberlink => run_compare::<kinds::Numberlink>(&args, |p| {
                if let Some(rule) = args.rule {
                    p.rule = rule;
                }
            }),
        },
        Command::Generate(args) => run_generate(&args),
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::from(1)
        }
    }
}

/// An interrupt that Ctrl-C triggers.
fn interrupt_on_ctrl_c() -> Result<Interrupt> {
    let interrupt = Interrupt::new();
    let handle = interrupt.clone();
    ctrlc::set_handler(move || handle.interrupt()).context("cannot install the Ctrl-C handler")?;
    Ok(interrupt)
}

/// The options of a solve from the command line's limits.
fn solve_options(
    time_limit: Option<Duration>,
    threads: Option<u32>,
    count: u64,
    size_limit: Option<u64>,
    interrupt: &Interrupt,
) -> SolveOptions {
    SolveOptions {
        time_limit,
        threads,
        solution_limit: usize::try_from(count).unwrap_or(usize::MAX),
        interrupt: interrupt.clone(),
        size_limit: size_limit.unwrap_or(SolveOptions::default().size_limit),
        ..SolveOptions::default()
    }
}

fn run(args: &SolveArgs, default_count: u64) -> Result<ExitCode> {
    match args.kind {
        Kind::Sudoku => run_kind::<kinds::Sudoku>(args, default_count, |_, _| None, |_| {}),
        Kind::Nonogram => {
            run_kind::<kinds::Nonogram>(args, default_count, |p, s| Some(masu::nonogram::render::svg(p, s)), |_| {})
        }
        Kind::Numberlink => run_kind::<kinds::Numberlink>(
            args,
            default_count,
            |p, s| Some(masu::numberlink::render::svg(p, s)),
            |p| {
                if let Some(rule) = args.rule {
                    p.rule = rule;
                }
            },
        ),
    }
}

/// One puzzle to run: its file, and where in it.
struct Located<P> {
    file: PathBuf,
    item: Item<P>,
}

fn run_kind<K: PuzzleKind>(
    args: &SolveArgs,
    default_count: u64,
    svg: impl Fn(&K::Puzzle, Option<&K::Solution>) -> Option<String>,
    adjust: impl Fn(&mut K::Puzzle),
) -> Result<ExitCode> {
    let (formulation, backend) =
        kinds::choose::<K>(args.formulation.as_deref(), args.backend).map_err(anyhow::Error::msg)?;

    let interrupt = interrupt_on_ctrl_c()?;
    let options =
        solve_options(args.time_limit, args.threads, args.count.unwrap_or(default_count), args.size_limit, &interrupt);

    let mut items = read_inputs::<K>(&args.paths);
    items.iter_mut().filter_map(|l| l.item.puzzle.as_mut().ok()).for_each(&adjust);
    if args.svg.is_some() && items.len() != 1 {
        bail!("--svg draws a single puzzle; {} puzzles were given", items.len());
    }
    let progress = if items.len() > 1 { ProgressBar::new(items.len() as u64) } else { ProgressBar::hidden() };
    progress.set_draw_target(ProgressDrawTarget::stderr());
    progress.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} puzzles, {elapsed} elapsed, ETA {eta} {msg}")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let single = items.len() == 1;
    let mut summary = Summary::default();
    for Located { file, item } in &items {
        if interrupt.is_interrupted() {
            break;
        }
        let mut place = match item.line {
            0 => file.display().to_string(),
            line => format!("{}:{line}", file.display()),
        };
        if let Some(name) = &item.name {
            place.push_str(&format!(" ({name})"));
        }
        let outcome = match &item.puzzle {
            Err(message) => Err(match item.column {
                Some(c) if item.name.is_none() => format!("{place}:{c}: {message}"),
                _ => format!("{place}: {message}"),
            }),
            Ok(puzzle) => {
                let started = Instant::now();
                K::solve(puzzle, formulation, backend, &options)
                    .map(|report| (report, started.elapsed()))
                    .map_err(|e| format!("{place}: {e}"))
            }
        };
        progress.suspend(|| match &outcome {
            Ok((report, elapsed)) => {
                summary.add(report.status, *elapsed);
                let puzzle = item.puzzle.as_ref().ok();
                match args.format {
                    Format::Json => println!("{}", json_line::<K>(file, item, report)),
                    Format::Text => print_text::<K>(&place, puzzle, report, *elapsed, single),
                }
            }
            Err(message) => {
                summary.errors += 1;
                eprintln!("error: {message}");
                if args.format == Format::Json {
                    let line = json!({"file": file, "line": item.line, "name": item.name, "status": "error", "error": message});
                    println!("{line}");
                }
            }
        });
        if let (Some(path), Ok(puzzle), Ok((report, _))) = (&args.svg, &item.puzzle, &outcome) {
            if let Some(picture) = svg(puzzle, report.solutions.first()) {
                std::fs::write(path, picture).with_context(|| format!("cannot write {}", path.display()))?;
            }
        }
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

fn run_compare<K: PuzzleKind>(args: &CompareArgs, adjust: impl Fn(&mut K::Puzzle)) -> Result<ExitCode>
where
    K::Puzzle: Sync,
    K::Formulation: Send + Sync,
{
    use masu::compare::{self, Instance, Runner};
    let formulations: Vec<K::Formulation> = match &args.formulations {
        Some(names) => names.iter().map(|n| n.parse().map_err(anyhow::Error::msg)).collect::<Result<_>>()?,
        None => K::formulations().to_vec(),
    };
    let backends = args.backends.clone().unwrap_or_else(|| Backend::ALL.to_vec());
    let mut runners: Vec<Runner<K>> = Vec::new();
    let mut not_run: Vec<String> = Vec::new();
    for &f in &formulations {
        for &b in &backends {
            if !K::backends(f).contains(&b) {
                not_run.push(format!("{f}/{b}: not applicable"));
            } else if !b.is_compiled() {
                not_run.push(format!("{f}/{b}: not compiled in"));
            } else {
                runners.push(Runner::new(f, b));
            }
        }
    }
    if runners.is_empty() {
        bail!("nothing to run: {}", not_run.join("; "));
    }

    let interrupt = interrupt_on_ctrl_c()?;
    let jobs = usize::try_from(args.jobs).unwrap_or(1);
    let options = SolveOptions {
        parallel_solves: u32::try_from(jobs).unwrap_or(u32::MAX),
        ..solve_options(args.time_limit, args.threads, args.count, args.size_limit, &interrupt)
    };
    let mut input_errors = 0;
    let mut instances = Vec::new();
    for Located { file, mut item } in read_inputs::<K>(&args.paths) {
        if let Ok(p) = item.puzzle.as_mut() {
            adjust(p);
        }
        let place =
            if item.line == 0 { file.display().to_string() } else { format!("{}:{}", file.display(), item.line) };
        match item.puzzle {
            Ok(puzzle) => instances.push(Instance { name: place, puzzle }),
            Err(message) => {
                input_errors += 1;
                eprintln!("error: {place}: {message}");
            }
        }
    }
    let progress = ProgressBar::new(instances.len() as u64);
    progress.set_draw_target(ProgressDrawTarget::stderr());
    progress.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} instances × {msg}, {elapsed} elapsed, ETA {eta}")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    progress.set_message(format!("{} runners", runners.len()));
    let repeat = usize::try_from(args.repeat).unwrap_or(1);
    let comparison = compare::compare::<K>(&instances, &runners, &options, repeat, jobs, &|| progress.inc(1));
    progress.finish_and_clear();

    match args.format {
        CompareFormat::Table => {
            print!("{}\n{}", compare::table(&comparison), compare::summary(&comparison));
            for line in &not_run {
                println!("not run: {line}");
            }
        }
        CompareFormat::Csv => print!("{}", compare::csv(&comparison)),
        CompareFormat::Json => {
            println!("{}", json!({"rows": comparison.rows, "findings": comparison.findings, "not_run": not_run}))
        }
    }
    if let Some(path) = &args.plot {
        let title = format!(
            "{}: {} instances, {} threads per solve, {} at once",
            K::NAME,
            instances.len(),
            args.threads.map_or("default".to_string(), |t| t.to_string()),
            jobs
        );
        let svg = compare::cactus_plot(&comparison, &title).map_err(anyhow::Error::msg)?;
        std::fs::write(path, svg).with_context(|| format!("cannot write {}", path.display()))?;
    }
    let wrong = comparison.wrong_answers().count();
    eprintln!(
        "{} instances × {} runners: {} rows, {wrong} wrong answers, {} findings, {input_errors} input errors",
        instances.len(),
        runners.len(),
        comparison.rows.len(),
        comparison.findings.len()
    );
    Ok(if interrupt.is_interrupted() {
        ExitCode::from(130)
    } else if wrong > 0 || !comparison.findings.is_empty() || input_errors > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

#[cfg(not(feature = "cp-sat"))]
fn run_generate(_args: &GenerateArgs) -> Result<ExitCode> {
    bail!("generation proves uniqueness with CP-SAT: build with the cp-sat feature")
}

#[cfg(feature = "cp-sat")]
fn run_generate(args: &GenerateArgs) -> Result<ExitCode> {
    use masu::numberlink::generate;
    if !matches!(args.kind, Kind::Numberlink) {
        bail!("generate makes numberlink puzzles only");
    }
    let n = args.size as usize;
    let pairs = args.pairs.map_or(n.min(n * n / 3), |k| k as usize);
    if pairs > n * n / 3 {
        bail!("--pairs {pairs}: a {n}×{n} board holds at most {} paths of 3 cells or more", n * n / 3);
    }
    let interrupt = interrupt_on_ctrl_c()?;
    let options = SolveOptions {
        time_limit: args.time_limit,
        threads: args.threads,
        interrupt: interrupt.clone(),
        ..SolveOptions::default()
    };
    match args.method {
        GenerateMethod::Article => {
            eprintln!(
                "enumerating up to {} candidate {n}×{n} boards with {pairs} numbers (article 001) ...",
                args.candidates
            );
            let run = generate::article(n, pairs, args.candidates as usize, &options)?;
            for (i, g) in run.unique.iter().enumerate() {
                println!(
                    "{}",
                    json!({"method": "article", "size": n, "pairs": pairs, "index": i, "puzzle": g.puzzle, "solution": g.solution})
                );
            }
            let rate = run.unique.len() as f64 / run.candidates.max(1) as f64;
            eprintln!(
                "article: {} candidates in {:.2} s, {} unique ({:.1}%), checked in {:.2} s",
                run.candidates,
                run.generate_seconds,
                run.unique.len(),
                100.0 * rate,
                run.check_seconds
            );
        }
        GenerateMethod::Fast => {
            let progress = ProgressBar::new(args.count);
            progress.set_draw_target(ProgressDrawTarget::stderr());
            let mut times = Vec::new();
            for index in 0..args.count {
                if interrupt.is_interrupted() {
                    break;
                }
                match generate::fast(n, pairs, args.seed, index, &options)? {
                    Some(g) => {
                        times.push(g.seconds);
                        progress.suspend(|| {
                            println!(
                                "{}",
                                json!({"method": "fast", "size": n, "pairs": g.pairs, "seed": args.seed, "index": index,
                                       "attempts": g.attempts, "seconds": g.seconds, "puzzle": g.puzzle, "solution": g.solution})
                            )
                        });
                    }
                    None => progress.suspend(|| eprintln!("puzzle {index}: no unique board within the time limit")),
                }
                progress.inc(1);
            }
            progress.finish_and_clear();
            times.sort_by(f64::total_cmp);
            let median = times.get(times.len() / 2).copied().unwrap_or(0.0);
            eprintln!("fast: {} of {} puzzles, median {median:.3} s per unique puzzle", times.len(), args.count);
        }
    }
    Ok(if interrupt.is_interrupted() { ExitCode::from(130) } else { ExitCode::SUCCESS })
}

/// Every puzzle of every path, in order; a directory is searched recursively for the
/// kind's puzzle files (leaving out `native/` folders, which keep the sources' originals).
fn read_inputs<K: PuzzleKind>(paths: &[PathBuf]) -> Vec<Located<K::Puzzle>> {
    let mut files = Vec::new();
    for path in paths {
        if path.is_dir() {
            collect_dir::<K>(path, &mut files);
        } else {
            files.push(path.clone());
        }
    }
    let mut items = Vec::new();
    for file in files {
        let text = match std::fs::read_to_string(&file) {
            Ok(text) => text,
            Err(e) => {
                let item = Item { line: 0, column: None, name: None, puzzle: Err(format!("cannot read: {e}")) };
                items.push(Located { file, item });
                continue;
            }
        };
        let read = K::read(&file, &text);
        if read.is_empty() {
            let item = Item { line: 1, column: None, name: None, puzzle: Err("no puzzle in this file".into()) };
            items.push(Located { file: file.clone(), item });
        }
        items.extend(read.into_iter().map(|item| Located { file: file.clone(), item }));
    }
    items
}

fn collect_dir<K: PuzzleKind>(dir: &Path, files: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    paths.sort();
    for path in paths {
        if path.is_dir() {
            if path.file_name().is_none_or(|n| n != "native") {
                collect_dir::<K>(&path, files);
            }
        } else if K::is_puzzle_file(&path) {
            files.push(path);
        }
    }
}

fn json_line<K: PuzzleKind>(file: &Path, item: &Item<K::Puzzle>, report: &Report<K::Solution>) -> serde_json::Value {
    json!({
        "file": file,
        "line": item.line,
        "name": item.name,
        "status": report.status,
        "backend": report.backend,
        "formulation": report.formulation,
        "count": report.solutions.len(),
        "complete": report.complete,
        "solutions": report.solutions.iter().map(K::to_json).collect::<Vec<_>>(),
        "stats": report.stats,
    })
}

fn print_text<K: PuzzleKind>(
    place: &str,
    puzzle: Option<&K::Puzzle>,
    report: &Report<K::Solution>,
    elapsed: Duration,
    single: bool,
) {
    let count = report.solutions.len();
    let counted =
        if report.complete { format!("{count} solution(s), complete") } else { format!("{count} solution(s) found") };
    let first = match (puzzle, report.solutions.first()) {
        (Some(p), Some(s)) if !single => format!("  {}", K::one_line(p, s)),
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
            print!("{}", K::render(p, s));
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
        if n(Status::Stuck) > 0 {
            out.push_str(&format!(", {} stuck (line logic alone could not decide every cell)", n(Status::Stuck)));
        }
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
