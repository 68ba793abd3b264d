//! The command line: subcommands and their flags.

use std::path::PathBuf;
use std::time::Duration;

use clap::{Args, Parser, Subcommand, ValueEnum};
use masu_core::{Backend, Interrupt, Invalid, SolveOptions};
use masu_harness::params::ScopedParam;
use masu_harness::record::Setting;
use masu_harness::request::Request;
use masu_harness::shard::Shard;

use masu_kinds::Registry;

#[derive(Parser)]
#[command(
    name = "masu",
    version,
    about = "Published puzzle formulations on CP-SAT, HiGHS and other MILP and CP solvers: solve, count, with verified answers",
    long_about = "Published puzzle formulations on CP-SAT, HiGHS, other MILP and CP solvers (`solve --help` \
        lists them), and native solvers.\n\n\
        Every solution a backend returns is re-checked by the puzzle's own checker before it \
        is printed. A file may hold many puzzles; each is solved on its own, bad ones are \
        reported with their file and line, and the rest still run. Exit status: 0 when every \
        puzzle ran, 1 when any input or solve failed, 130 when interrupted by Ctrl-C."
)]
pub(crate) struct Cli<R: Registry> {
    #[command(subcommand)]
    pub(crate) command: Command<R>,
}

#[derive(Subcommand)]
pub(crate) enum Command<R: Registry> {
    /// Solve puzzles; by default also decides whether each solution is unique.
    Solve(OfKind<R::Kind, SolveArgs>),
    /// Count the solutions of puzzles, up to --count (default 1000).
    Count(OfKind<R::Kind, SolveArgs>),
    /// Run every formulation on every backend on the same instances: each answer re-checked,
    /// all answers cross-checked, as a table, CSV or JSON, and a cactus plot.
    Compare(OfKind<R::Kind, CompareArgs>),
    /// Check every answer against a corpus's known solutions and counts: each must pass the
    /// checker, agree with the source, and agree with the other formulations.
    Corpus(OfKind<R::Kind, CorpusArgs>),
    /// Generate puzzles with a proven-unique solution, as JSON lines (`generate KIND --help`:
    /// the kind's own flags).
    Generate(GenerateArgs<R::Generate>),
    /// Merge the records of `compare` or `corpus` runs (`--resume FILE`, `--format jsonl`):
    /// shards, machines, backends run apart, into one table, CSV, JSON or plot, every answer
    /// re-checked and cross-checked; missing and duplicated records are named.
    Report(ReportArgs),
}

// A command's kind of puzzle, then its own flags (no doc comment: clap would show it in
// place of the command's).
#[derive(Args)]
pub(crate) struct OfKind<K: ValueEnum + Clone + Send + Sync + 'static, A: Args> {
    /// The kind of puzzle.
    #[arg(value_enum)]
    pub(crate) kind: K,
    #[command(flatten)]
    pub(crate) args: A,
}

/// The limits of each solve: flags of every command that solves (solve, count, compare,
/// corpus, generate), given before or after a generator's kind.
#[derive(Args, Debug)]
pub(crate) struct Limits {
    /// Wall-clock limit per solve (a puzzle on one runner; for `generate`, per puzzle made),
    /// in seconds, or `none`. Default: none for solve, count and generate; 60 for compare and
    /// corpus, whose batches bound every solve so that one slow runner does not hold the
    /// others. A timeout is reported, never counted as an answer.
    ///
    /// Some formulations stop building their models at the limit; other builds, and a
    /// backend loading a model, are not interrupted: where those alone take longer (article
    /// 001's model of a 1002×1002 board: 16 s), the puzzle overruns the limit and is
    /// reported timed out. A generator method that makes its puzzles together takes the
    /// limit for the whole run.
    #[arg(long, value_name = "SECONDS", value_parser = parse_limit, global = true)]
    pub(crate) time_limit: Option<Limit>,
    /// Threads each solve may use (CP-SAT workers, HiGHS threads; reported in the output).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..), global = true)]
    pub(crate) threads: Option<u32>,
}

impl Limits {
    /// `base` with these limits (the time limit `default` where none is given), stopped by
    /// `interrupt`.
    pub(crate) fn request(&self, base: Request, default: Option<Duration>, interrupt: &Interrupt) -> Request {
        let time_limit = self.time_limit.map_or(default, |limit| limit.0);
        Request { time_limit, threads: self.threads, interrupt: interrupt.clone(), ..base }
    }
}

/// What each solve asks beyond the formulation and the count: flags of solve, count,
/// compare and corpus, read into a [`Request`] by [`RequestArgs::request`] alone.
#[derive(Args)]
pub(crate) struct RequestArgs {
    #[command(flatten)]
    pub(crate) limits: Limits,
    /// Largest model a formulation may build (for the pattern formulations: patterns in
    /// all); past it the formulation refuses instead of running out of memory.
    #[arg(long)]
    pub(crate) size_limit: Option<u64>,
    /// A raw backend parameter by the backend's own name, for every backend (`KEY=VALUE`) or
    /// for one (`BACKEND:KEY=VALUE`), repeatable: any CP-SAT `SatParameters` field
    /// (`num_workers=1`, `search_branching=FIXED_SEARCH`), any HiGHS option
    /// (`mip_rel_gap=0`), any CBC command-line parameter (`maxNodes=1000`) or SCIP parameter
    /// (`limits/gap=0.01`). Checked for every backend it goes to before anything runs; it
    /// overrides masu's settings.
    #[arg(long = "param", value_name = "[BACKEND:]KEY=VALUE", value_parser = str::parse::<ScopedParam>)]
    pub(crate) params: Vec<ScopedParam>,
}

impl RequestArgs {
    /// `base` (the command's own formulation, count and rule) with these flags, the time
    /// limit `default` where none is given, stopped by `interrupt`.
    pub(crate) fn request(&self, base: Request, default: Option<Duration>, interrupt: &Interrupt) -> Request {
        let base = Request { size_limit: self.size_limit, params: self.params.clone(), ..base };
        self.limits.request(base, default, interrupt)
    }
}

/// The kind's rule variant: a flag of solve, count and compare.
#[derive(Args)]
pub(crate) struct RuleArg {
    /// The kind's rule variant, where it has them (`solve --help`: each kind's); each
    /// puzzle is solved under it in place of its own.
    #[arg(long)]
    pub(crate) rule: Option<String>,
}

/// A shard of the inputs: a flag of solve, count, compare and corpus.
#[derive(Args)]
pub(crate) struct ShardArg {
    /// Run only shard K of N (e.g. 2/3): the instances whose stable id (the path below the
    /// folder given, and the line) falls in it. N runs of K = 1..N run every instance once.
    #[arg(long, value_parser = str::parse::<Shard>)]
    pub(crate) shard: Option<Shard>,
}

/// How each solve of a batch runs: flags shared by `compare` and `corpus`.
#[derive(Args)]
pub(crate) struct RunArgs {
    #[command(flatten)]
    pub(crate) request: RequestArgs,
    /// Solves run at once, each on its own thread (a solve still uses --threads). Times are
    /// per solve: with more jobs than free cores they stretch, and so do timeouts' chances.
    #[arg(long, default_value = "1", value_parser = clap::value_parser!(u64).range(1..))]
    pub(crate) jobs: u64,
}

/// A batch bounds every solve by default, so that it ends.
pub(crate) const BATCH_TIME_LIMIT: Duration = Duration::from_secs(60);

impl RunArgs {
    /// `base` (the command's own count and rule) with these flags, stopped by `interrupt`.
    pub(crate) fn request(&self, base: Request, interrupt: &Interrupt) -> Request {
        self.request.request(base, Some(BATCH_TIME_LIMIT), interrupt)
    }

    /// The solves run at once.
    pub(crate) fn jobs(&self) -> usize {
        usize::try_from(self.jobs).unwrap_or(1)
    }

    /// What the records of a batch run with `options` and these flags say of its setting.
    pub(crate) fn setting(&self, options: &SolveOptions, batch: &BatchArgs) -> Setting {
        Setting::of_batch(options, &self.request.params, batch.shard.shard.map(|s| s.to_string()))
    }
}

/// Where a batch is split and recorded: flags shared by `compare` and `corpus`.
#[derive(Args)]
pub(crate) struct BatchArgs {
    #[command(flatten)]
    pub(crate) shard: ShardArg,
    /// Append a record (a JSON line) per instance and runner to FILE, creating it, and skip
    /// the instances FILE holds already: a stopped run goes on where it stopped. `masu
    /// report` merges such files.
    #[arg(long, value_name = "FILE")]
    pub(crate) resume: Option<PathBuf>,
}

/// How a comparison is written: flags shared by `compare` and `report`.
#[derive(Args)]
pub(crate) struct OutputArgs {
    /// Output format.
    #[arg(long, value_enum, default_value = "table")]
    pub(crate) format: CompareFormat,
    /// Write a plot (SVG), repeatable: FILE.svg or cactus=FILE.svg (instances solved against
    /// time, a line per runner), profile=FILE.svg (the performance profile, with the virtual
    /// best), scatter=A,B=FILE.svg (runners A and B, `formulation/backend`, instance by
    /// instance).
    #[arg(long, value_parser = parse_plot)]
    pub(crate) plot: Vec<Plot>,
    /// Also write the summary (a line per runner and the virtual best: solved, statuses, sgm,
    /// median and max wall time in seconds) to this CSV file.
    #[arg(long, value_name = "FILE.csv")]
    pub(crate) summary: Option<PathBuf>,
    /// The shift of the shifted geometric mean of times (`sgm`), in seconds.
    #[arg(long, default_value_t = masu_harness::stats::DEFAULT_SHIFT)]
    pub(crate) shift: f64,
}

#[derive(Args)]
pub(crate) struct ReportArgs {
    /// Files of records (JSON lines) from `--resume FILE` or `--format jsonl`.
    #[arg(required = true)]
    pub(crate) files: Vec<PathBuf>,
    #[command(flatten)]
    pub(crate) output: OutputArgs,
}

#[derive(Args)]
pub(crate) struct CorpusArgs {
    /// The corpus folder (../shared/data/KIND).
    pub(crate) dir: PathBuf,
    /// Formulations to run, comma-separated (`--help`: each kind's default).
    #[arg(long, value_delimiter = ',')]
    pub(crate) formulations: Option<Vec<String>>,
    /// Set folders to check, comma-separated, or `all` (`--help`: each kind's default).
    #[arg(long, value_delimiter = ',')]
    pub(crate) sets: Option<Vec<String>>,
    #[command(flatten)]
    pub(crate) run: RunArgs,
    /// The backend for formulations that run on it (e.g. `milp` on cp-sat); the others run
    /// on their first compiled-in backend (`--formulations` in `--help`: the kinds that run
    /// every backend).
    #[arg(long, value_parser = str::parse::<Backend>)]
    pub(crate) backend: Option<Backend>,
    #[command(flatten)]
    pub(crate) batch: BatchArgs,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum CompareFormat {
    /// An aligned table, then wrong answers and findings.
    Table,
    /// CSV with a header line.
    Csv,
    /// One JSON document: rows, findings, not-applicable pairs.
    Json,
    /// A record per instance and runner, one JSON line each, written as each instance
    /// finishes (what `--resume` appends and `masu report` reads).
    Jsonl,
    /// One self-contained HTML page: the setting, the sortable summary, the three plots, and
    /// every instance × runner, filterable, each instance's puzzle and first solution drawn.
    Html,
}

#[derive(Args)]
pub(crate) struct CompareArgs {
    /// Puzzle files, directories searched recursively for them, `-` for standard input, or a
    /// puzzle written out (where the kind has a one-line form).
    #[arg(required = true)]
    pub(crate) paths: Vec<PathBuf>,
    /// Backends to compare, comma-separated (default: every backend).
    #[arg(long, value_delimiter = ',', value_parser = str::parse::<Backend>)]
    pub(crate) backends: Option<Vec<Backend>>,
    /// Formulations to compare, comma-separated (default: every formulation of the kind).
    #[arg(long, value_delimiter = ',')]
    pub(crate) formulations: Option<Vec<String>>,
    #[command(flatten)]
    pub(crate) run: RunArgs,
    #[command(flatten)]
    pub(crate) rule: RuleArg,
    /// Solution limit of each solve: 2 decides uniqueness.
    #[arg(long, default_value = "2", value_parser = clap::value_parser!(u64).range(1..))]
    pub(crate) count: u64,
    /// Run each solve R times and report the median times.
    #[arg(long, default_value = "1", value_parser = clap::value_parser!(u64).range(1..))]
    pub(crate) repeat: u64,
    /// Certify each verdict that claims no further solution (unique, infeasible, a complete
    /// count), as `solve --certify` does: the table says which were (docs/certify.md).
    #[arg(long)]
    pub(crate) certify: bool,
    #[command(flatten)]
    pub(crate) output: OutputArgs,
    #[command(flatten)]
    pub(crate) batch: BatchArgs,
}

// `masu generate KIND`: the kind's subcommand with its own flags, and the flags every kind
// takes, given before or after the kind (no doc comment: clap would show it in place of the
// command's).
#[derive(Args, Debug)]
pub(crate) struct GenerateArgs<G: Subcommand> {
    #[command(subcommand)]
    pub(crate) kind: G,
    /// Output: json (one object per puzzle) or url (a puzz.link URL per puzzle).
    #[arg(long, value_enum, default_value = "json", global = true)]
    pub(crate) format: GenerateFormat,
    /// Puzzles to produce, each drawn independently.
    #[arg(long, default_value = "1", global = true)]
    pub(crate) count: u64,
    /// Seed: the same seed gives the same puzzles.
    #[arg(long, default_value = "1", global = true)]
    pub(crate) seed: u64,
    #[command(flatten)]
    pub(crate) limits: Limits,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum GenerateFormat {
    /// One JSON object per puzzle.
    Json,
    /// One puzz.link URL per puzzle.
    Url,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum Format {
    /// Human-readable lines, the grid for a single puzzle, and a summary.
    Text,
    /// One JSON object per puzzle per line on stdout; the summary goes to stderr.
    Json,
    /// The puzz.link URL of each puzzle solved, a line each (open it to play); the summary
    /// goes to stderr.
    Url,
}

#[derive(Args)]
pub(crate) struct SolveArgs {
    /// Puzzle files, directories searched recursively for them, `-` for standard input, or a
    /// puzzle written out (where the kind has a one-line form).
    #[arg(required = true)]
    pub(crate) paths: Vec<PathBuf>,
    // Its help is made from the backends' table (`backend_help`).
    #[arg(long, value_parser = str::parse::<Backend>, help = backend_help())]
    pub(crate) backend: Option<Backend>,
    /// Model (formulation); `--help` lists each kind's, its default first.
    #[arg(long)]
    pub(crate) formulation: Option<String>,
    /// Stop after N solutions: 1 just solves, 2 (solve's default) proves uniqueness.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    pub(crate) count: Option<u64>,
    /// List at most N solutions per puzzle (text and JSON); the count goes on past them, and
    /// the searches keep no more, so a large --count takes no more memory than a small one.
    #[arg(long, value_name = "N", default_value_t = 100)]
    pub(crate) solutions: usize,
    #[command(flatten)]
    pub(crate) request: RequestArgs,
    /// Output format.
    #[arg(long, value_enum, default_value = "text")]
    pub(crate) format: Format,
    /// Write the answer as an SVG picture (a single puzzle).
    #[arg(long)]
    pub(crate) svg: Option<PathBuf>,
    #[command(flatten)]
    pub(crate) rule: RuleArg,
    #[command(flatten)]
    pub(crate) shard: ShardArg,
    /// Stream the backend's own log to stderr (CP-SAT's is printed as each solve ends).
    #[arg(long)]
    pub(crate) log: bool,
    /// Write each model built to DIR before solving it, in the backend's own format, named
    /// after the puzzle: CP-SAT `.pb` (a binary CpModelProto), MILPs `.mps` (free MPS, on any
    /// MILP backend), native clause learning `.cnf` (DIMACS).
    #[arg(long, value_name = "DIR")]
    pub(crate) export: Option<PathBuf>,
    /// Certify each verdict that claims no further solution (unique, infeasible, a complete
    /// count): the puzzle as clauses, each solution found excluded, refuted by CaDiCaL with a
    /// DRAT proof that the independent checker `rate` must accept (MASU_RATE names it, else
    /// the PATH's). The text says `certified` or why not; JSON has `stats.certificate`. With
    /// `--certify=DIR`, each puzzle's clauses and proof are kept there (`ID.cnf`, `ID.drat`)
    /// for any checker. Numberlink's loops are added as lemmas, each checked against the
    /// board; under its blanks rule the loops and the canonical clauses are added by
    /// dominance instead, checked by VeriPB first (MASU_VERIPB; `ID.opb`, `ID.pbp`,
    /// `ID.out.opb` kept).
    #[arg(long, value_name = "DIR", num_args = 0..=1, require_equals = true)]
    pub(crate) certify: Option<Option<PathBuf>>,
}

/// `--backend`'s help, from the backends' table: every backend, the families, and which ones
/// this build has.
fn backend_help() -> String {
    let all = |backends: &[Backend]| Backend::listed(backends, "and");
    let compiled: Vec<Backend> = Backend::ALL.into_iter().filter(|b| b.is_compiled()).collect();
    format!(
        "Solver backend: {}. A MILP formulation runs on every MILP backend ({}), a CP model on \
         every CP backend ({}). This build has {}; the others come with their Cargo feature. \
         Default: the formulation's own backend.",
        Backend::listed(&Backend::ALL, "or"),
        all(&Backend::MILP),
        all(&Backend::CP),
        all(&compiled),
    )
}

/// A time limit that may be lifted: `none`, or seconds.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Limit(pub(crate) Option<Duration>);

fn parse_limit(s: &str) -> Result<Limit, Invalid> {
    if s == "none" { Ok(Limit(None)) } else { parse_seconds(s).map(|t| Limit(Some(t))) }
}

fn parse_seconds(s: &str) -> Result<Duration, Invalid> {
    let seconds: f64 = s.parse().map_err(|_| Invalid(format!("'{s}' is not a number of seconds")))?;
    Duration::try_from_secs_f64(seconds).map_err(|_| Invalid(format!("'{s}' is not a valid time limit")))
}

/// A plot to write.
#[derive(Clone, Debug)]
pub(crate) enum Plot {
    /// Instances solved against time.
    Cactus(PathBuf),
    /// The performance profile.
    Profile(PathBuf),
    /// Two runners, instance by instance.
    Scatter(String, String, PathBuf),
}

fn parse_plot(text: &str) -> Result<Plot, Invalid> {
    let svg = |file: &str| {
        if file.is_empty() {
            Err(Invalid(format!("'{text}': no file to write the plot to")))
        } else {
            Ok(PathBuf::from(file))
        }
    };
    match text.split_once('=') {
        None => Ok(Plot::Cactus(svg(text)?)),
        Some(("cactus", file)) => Ok(Plot::Cactus(svg(file)?)),
        Some(("profile", file)) => Ok(Plot::Profile(svg(file)?)),
        Some(("scatter", rest)) => match rest.split_once('=').map(|(runners, file)| (runners.split_once(','), file)) {
            Some((Some((a, b)), file)) => Ok(Plot::Scatter(a.to_string(), b.to_string(), svg(file)?)),
            _ => Err(Invalid(format!("'{text}': a scatter plot is scatter=A,B=FILE.svg"))),
        },
        Some((kind, _)) => Err(Invalid(format!("'{kind}' is not a plot: cactus, profile or scatter"))),
    }
}
