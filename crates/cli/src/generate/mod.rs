//! `masu generate KIND`: puzzles with a proven-unique solution, as JSON lines.

mod nonogram;
mod numberlink;
mod sudoku;

use std::process::ExitCode;

use anyhow::{Result, bail};
use masu_core::Interrupt;
use masu_harness::{progress::Progress, stats::median};

use crate::args::{GenerateArgs, GenerateFormat};
use crate::kinds::Kind;
use crate::signals::exit_status;

pub(crate) fn run(args: &GenerateArgs) -> Result<ExitCode> {
    let only = |given: bool, what: &str, kind: Kind| {
        if given && args.kind != kind {
            let name = clap::ValueEnum::to_possible_value(&kind).map(|v| v.get_name().to_string()).unwrap_or_default();
            bail!("{what} is for {name} puzzles");
        }
        Ok(())
    };
    only(args.pairs.is_some(), "--pairs", Kind::Numberlink)?;
    only(args.rule.is_some(), "--rule", Kind::Numberlink)?;
    let sudoku_only = args.givens.is_some() || args.minimal || args.symmetry.is_some() || args.difficulty.is_some();
    only(sudoku_only, "--givens, --minimal, --symmetry and --difficulty", Kind::Sudoku)?;
    let nonogram_only = args.height.is_some() || args.density.is_some() || args.line_solvable || args.from.is_some();
    only(nonogram_only, "--height, --density, --line-solvable and --from", Kind::Nonogram)?;
    match args.kind {
        Kind::Sudoku => sudoku::run(args),
        Kind::Numberlink => numberlink::run(args),
        Kind::Nonogram => nonogram::run(args),
    }
}

/// Prints one generated puzzle: its JSON object, or its URL alone with `--format url` (a
/// puzzle without one is named on stderr, with `no_url`'s reason).
fn print(args: &GenerateArgs, json: &serde_json::Value) {
    match (args.format, json["url"].as_str()) {
        (GenerateFormat::Url, Some(url)) => crate::out::outln!("{url}"),
        (GenerateFormat::Url, None) => {
            eprintln!("puzzle {}: no puzz.link URL: {}", json["index"], json["no_url"].as_str().unwrap_or("none"))
        }
        (GenerateFormat::Json, _) => crate::out::outln!("{json}"),
    }
}

/// Makes `args.count` puzzles of `kind`, `make(index)` giving each one's seconds and JSON line,
/// or `None` when its time limit came first (`missed` says so on stderr, and the exit status
/// is 1); prints each as it comes, then how many were made and their median time.
fn each(
    args: &GenerateArgs,
    kind: &str,
    missed: &str,
    interrupt: &Interrupt,
    mut make: impl FnMut(u64) -> Result<Option<(f64, serde_json::Value)>>,
) -> Result<ExitCode> {
    let progress = Progress::new(args.count, "puzzles", false);
    let (mut times, mut failed) = (Vec::new(), false);
    for index in 0..args.count {
        if interrupt.is_interrupted() {
            break;
        }
        match make(index)? {
            Some((seconds, line)) => {
                times.push(seconds);
                progress.suspend(|| print(args, &line));
            }
            None => {
                failed |= !interrupt.is_interrupted();
                progress.suspend(|| eprintln!("puzzle {index}: {missed}"));
            }
        }
        progress.advance();
    }
    progress.finish();
    let median = median(&times).unwrap_or(0.0);
    eprintln!("{kind}: {} of {} puzzles, median {median:.3} s per puzzle", times.len(), args.count);
    Ok(exit_status(interrupt, failed))
}
