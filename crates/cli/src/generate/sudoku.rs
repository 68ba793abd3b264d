//! `masu generate sudoku`: a random full grid, givens removed while the native search proves
//! the puzzle unique.

use std::process::ExitCode;

use anyhow::{Result, bail};
use serde_json::json;

use crate::args::GenerateArgs;
use crate::exit_status;
use masu_harness::{progress::Progress, stats::median};

/// Sudokus: a random full grid, givens removed while the native search proves it unique.
pub(super) fn run(args: &GenerateArgs) -> Result<ExitCode> {
    use masu_sudoku::generate::{Target, generate};
    let side = args.size.unwrap_or(9) as usize;
    let target = args.givens.map_or(Target::Minimal, Target::Givens);
    let interrupt = crate::signals::interrupt();
    let stop = || interrupt.is_interrupted();
    let progress = Progress::new(args.count, "puzzles", false);
    let (mut times, mut failed) = (Vec::new(), false);
    for index in 0..args.count {
        if interrupt.is_interrupted() {
            break;
        }
        let deadline = args.time_limit.map(|t| std::time::Instant::now() + t);
        match generate(side, target, args.seed, index, deadline, &stop) {
            Ok(g) => {
                times.push(g.seconds);
                let line = json!({"kind": "sudoku", "size": side, "seed": args.seed, "index": index,
                       "givens": g.givens, "minimal": g.minimal, "singles_only": g.singles_only,
                       "nodes": g.nodes, "seconds": g.seconds,
                       "puzzle": g.puzzle.to_line(), "solution": g.puzzle.render_line(&g.solution),
                       "url": masu_sudoku::format::to_url(&g.puzzle)});
                progress.suspend(|| super::print(args, &line));
            }
            Err(masu_sudoku::generate::GenerateError::Stopped) => {
                failed |= !interrupt.is_interrupted();
                progress.suspend(|| eprintln!("puzzle {index}: stopped by the time limit before it was finished"));
            }
            Err(e) => bail!("{e}"),
        }
        progress.advance();
    }
    progress.finish();
    eprintln!(
        "sudoku: {} of {} puzzles, median {:.3} s per puzzle",
        times.len(),
        args.count,
        median(&times).unwrap_or(0.0)
    );
    Ok(exit_status(&interrupt, failed))
}
