//! `masu-bench`, the project's benchmark lab (`./masu bench KIND`, `just bench KIND`): the
//! tables of BENCHMARKS.md, each with the machine and the command, written by the run that
//! measured them. The runs go through the harness; the articles' own Python code and peer
//! solvers run beside them where there are some. It is not part of the installed `masu`.

mod anchors;
mod certify;
mod cp;
mod nonogram;
mod numberlink;
mod peers;
mod python;
mod readme;
mod sat;
mod startup;
mod sudoku;

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Context, Result};
use masu_core::Instance;
use masu_core::{Puzzle, SolveOptions};
use masu_harness::{Row, Runner, run_matrix};

use clap::{Parser, ValueEnum};

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Benchmark {
    /// The wall time of a whole process on a trivial puzzle of each kind, beside `true`.
    Startup,
    /// Every formulation × backend × threads on norvig and magictour, beside the article's code.
    Sudoku,
    /// The native engines' solver call alone on every 9×9 set, beside tdoku.
    SudokuEngine,
    /// The sudoku generator: a hundred puzzles per symmetry and target.
    SudokuGenerate,
    /// nonogram-formulations, then nonogram-native.
    Nonogram,
    /// Every formulation × backend on four collections' samples.
    NonogramFormulations,
    /// The native solver on every puzzle, and the survey's giants.
    NonogramNative,
    /// numberlink-solve, numberlink-frontier, numberlink-janko, then numberlink-generate.
    Numberlink,
    /// Every formulation × backend on the flow-solver levels and the 40 largest janko boards.
    NumberlinkSolve,
    /// The generators, masu's and the article's, beside the article's code.
    NumberlinkGenerate,
    /// The frontier sweep: thomasahle's boards for one answer, the Flow Free levels.
    NumberlinkFrontier,
    /// Uniqueness on every janko board at 60 s: the default beside `connected` (an hour).
    NumberlinkJanko,
    /// The README's comparison (sudoku norvig, every runner), into README.md and BENCHMARKS.md.
    CompareReadme,
    /// A native sudoku solved from Python (`masu.solve`) beside the same from Rust.
    Python,
    /// Each kind's CP model on every CP backend, beside the same model in CPMpy.
    Cp,
    /// Each kind's `cnf` formulation on every SAT backend, beside CPMpy's PySAT.
    Sat,
    /// `--certify` on every sudoku and nonogram set and every janko numberlink (about an hour).
    Certify,
}

/// Runs a benchmark and writes its table into BENCHMARKS.md.
#[derive(Parser)]
#[command(name = "masu-bench", version)]
struct BenchArgs {
    /// The benchmark.
    #[arg(value_enum)]
    benchmark: Benchmark,
    /// The data folder (`shared/data`).
    #[arg(default_value = "../shared/data")]
    data: PathBuf,
}

/// Prints to standard output; a closed pipe ends the program quietly.
macro_rules! out {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        if write!(std::io::stdout(), $($arg)*).is_err() {
            std::process::exit(0);
        }
    }};
}
pub(crate) use out;

fn main() -> ExitCode {
    match run(&BenchArgs::parse()) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::from(1)
        }
    }
}

/// Runs the benchmark asked for and rewrites its sections of BENCHMARKS.md.
fn run(args: &BenchArgs) -> Result<ExitCode> {
    let data = &args.data;
    match args.benchmark {
        Benchmark::Startup => startup::run()?,
        Benchmark::Sudoku => {
            sudoku::run(data)?;
            sudoku::engine(data)?;
        }
        Benchmark::SudokuEngine => sudoku::engine(data)?,
        Benchmark::SudokuGenerate => sudoku::generating()?,
        Benchmark::Nonogram => {
            nonogram::formulations(data)?;
            nonogram::native(data)?;
        }
        Benchmark::NonogramFormulations => nonogram::formulations(data)?,
        Benchmark::NonogramNative => nonogram::native(data)?,
        Benchmark::Numberlink => {
            numberlink::solving(data)?;
            numberlink::frontier(data)?;
            numberlink::janko(data)?;
            numberlink::generating()?;
        }
        Benchmark::NumberlinkSolve => numberlink::solving(data)?,
        Benchmark::NumberlinkGenerate => numberlink::generating()?,
        Benchmark::NumberlinkFrontier => numberlink::frontier(data)?,
        Benchmark::NumberlinkJanko => numberlink::janko(data)?,
        Benchmark::CompareReadme => readme::run(data)?,
        Benchmark::Python => python::run(data)?,
        Benchmark::Cp => cp::run(data)?,
        Benchmark::Sat => sat::run(data)?,
        Benchmark::Certify => certify::run(data)?,
    }
    Ok(ExitCode::SUCCESS)
}

/// Prints `section` and puts it in place of the section `name` of BENCHMARKS.md.
fn publish(name: &str, section: &str) -> Result<()> {
    out!("{section}");
    let preamble = "# Benchmarks\n\nEvery table is written by `just bench KIND` on the machine it names; rerun it to \
                    refresh. Numbers from different machines are not comparable.\n";
    masu_harness::write::write_section(Path::new("BENCHMARKS.md"), &format!("bench:{name}"), section, preamble)
        .context("cannot write BENCHMARKS.md")
}

/// The command of a benchmark, as the head of its table says it: the `just` recipe, and
/// the part alone.
fn command(recipe: &str, part: &str) -> String {
    if recipe == part {
        format!("`just bench {recipe} ../shared/data` (`./masu bench {part} ../shared/data`)")
    } else {
        format!("`just bench {recipe} ../shared/data` (this part alone: `./masu bench {part} ../shared/data`)")
    }
}

/// The `masu` binary beside this one (`./masu bench` builds both).
fn masu_binary() -> Result<PathBuf> {
    let here = std::env::current_exe().context("cannot find the masu-bench binary")?;
    let masu = here.with_file_name("masu");
    if !masu.exists() {
        anyhow::bail!("{} is not built: ./masu cargo build --release -p masu-cli --bin masu", masu.display());
    }
    Ok(masu)
}

/// Every k-th of the sorted `*.json` files of a folder, `count` of them.
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

/// The one puzzle of each file, named by its path; a file that is not one puzzle fails.
fn read_each<P: Puzzle>(files: &[PathBuf]) -> Result<Vec<Instance<P>>> {
    files
        .iter()
        .map(|file| {
            let text = std::fs::read_to_string(file).with_context(|| format!("cannot read {}", file.display()))?;
            let item = P::read(masu_core::Format::of(file), &text)
                .into_iter()
                .next()
                .with_context(|| format!("{}: no puzzle", file.display()))?;
            let puzzle = item.puzzle.map_err(|e| anyhow::anyhow!("{}", e.in_file(file)))?;
            Ok(Instance::new(file.display().to_string(), puzzle))
        })
        .collect()
}

/// Every instance on one runner, one after the other.
fn rows_of<P: Puzzle>(instances: &[Instance<P>], runner: Runner<P>, options: &SolveOptions) -> Vec<Row> {
    eprintln!("{} on {} instances ...", runner.label(), instances.len());
    run_matrix(instances, &[runner], options, 1, 1, None, |_, _| {})
}
