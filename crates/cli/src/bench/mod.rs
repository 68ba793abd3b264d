//! `masu bench`: the benchmark tables of BENCHMARKS.md, each with the machine and the
//! command, written by the run that measured them. The runs go through the harness; the
//! articles' own Python code runs beside them where an article has code to run.

mod anchors;
mod nonogram;
mod numberlink;
mod startup;
mod sudoku;

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Context, Result};
use masu_core::{Puzzle, SolveOptions};
use masu_harness::{Instance, Row, Runner, run_matrix};

use crate::args::{BenchArgs, Benchmark};
use crate::out::out;

/// Runs the benchmark asked for and rewrites its sections of BENCHMARKS.md.
pub(crate) fn run(args: &BenchArgs) -> Result<ExitCode> {
    let data = &args.data;
    match args.benchmark {
        Benchmark::Startup => startup::run()?,
        Benchmark::Sudoku => sudoku::run(data)?,
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
            let item =
                P::read(file, &text).into_iter().next().with_context(|| format!("{}: no puzzle", file.display()))?;
            let puzzle = item.puzzle.map_err(|e| anyhow::anyhow!("{}", e.in_file(file)))?;
            Ok(Instance::new(file.display().to_string(), puzzle))
        })
        .collect()
}

/// Every instance on one runner, one after the other.
fn rows_of<P: Puzzle>(instances: &[Instance<P>], runner: Runner<P>, options: &SolveOptions) -> Vec<Row> {
    eprintln!("{} on {} instances ...", runner.label(), instances.len());
    run_matrix(instances, &[runner], options, 1, 1, |_, _| {})
}
