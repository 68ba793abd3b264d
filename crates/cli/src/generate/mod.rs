//! `masu generate KIND`: puzzles with a proven-unique solution, as JSON lines.

mod nonogram;
mod numberlink;
mod sudoku;

use std::process::ExitCode;

use anyhow::{Result, bail};

use crate::args::{GenerateArgs, GenerateFormat};
use crate::kinds::Kind;

pub(crate) fn run(args: &GenerateArgs) -> Result<ExitCode> {
    let only = |given: bool, what: &str, kind: Kind| {
        if given && args.kind != kind {
            let name = clap::ValueEnum::to_possible_value(&kind).map(|v| v.get_name().to_string()).unwrap_or_default();
            bail!("{what} is for {name} puzzles");
        }
        Ok(())
    };
    only(args.pairs.is_some(), "--pairs", Kind::Numberlink)?;
    only(args.givens.is_some() || args.minimal, "--givens and --minimal", Kind::Sudoku)?;
    let nonogram_only = args.height.is_some() || args.density.is_some() || args.line_solvable || args.from.is_some();
    only(nonogram_only, "--height, --density, --line-solvable and --from", Kind::Nonogram)?;
    if args.format == GenerateFormat::Url && args.kind == Kind::Nonogram {
        bail!("--format url: masu writes puzz.link URLs of sudoku and numberlink puzzles, not of nonograms");
    }
    match args.kind {
        Kind::Sudoku => sudoku::run(args),
        Kind::Numberlink => numberlink::run(args),
        Kind::Nonogram => nonogram::run(args),
    }
}

/// Prints one generated puzzle: its JSON object, or its URL alone with `--format url`.
fn print(args: &GenerateArgs, json: &serde_json::Value) {
    match (args.format, json["url"].as_str()) {
        (GenerateFormat::Url, Some(url)) => crate::out::outln!("{url}"),
        _ => crate::out::outln!("{json}"),
    }
}
