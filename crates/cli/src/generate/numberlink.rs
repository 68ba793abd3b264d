//! `masu generate numberlink`: the article's enumeration, or random paths proven unique.

use std::process::ExitCode;

use anyhow::{Result, bail};

use crate::args::GenerateArgs;
#[cfg(feature = "cp-sat")]
use crate::signals::exit_status;
#[cfg(feature = "cp-sat")]
use masu_core::SolveOptions;
#[cfg(feature = "cp-sat")]
use masu_harness::{progress::Progress, stats::median};
#[cfg(feature = "cp-sat")]
use serde_json::json;

#[cfg(not(feature = "cp-sat"))]
pub(super) fn run(_args: &GenerateArgs) -> Result<ExitCode> {
    bail!("numberlink generation proves uniqueness with CP-SAT: build with the cp-sat feature")
}

#[cfg(feature = "cp-sat")]
pub(super) fn run(args: &GenerateArgs) -> Result<ExitCode> {
    use crate::args::GenerateMethod;
    use masu_numberlink::generate;
    let n = args.size.unwrap_or(7) as usize;
    let pairs = args.pairs.map_or(n.min(n * n / 3), |k| k as usize);
    if pairs > n * n / 3 {
        bail!("--pairs {pairs}: a {n}×{n} board holds at most {} paths of 3 cells or more", n * n / 3);
    }
    let interrupt = crate::signals::interrupt();
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
                let line = json!({"method": "article", "size": n, "pairs": pairs, "index": i,
                                  "puzzle": g.puzzle, "solution": g.solution, "url": url(&g.puzzle)});
                super::print(args, &line);
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
            let progress = Progress::new(args.count, "puzzles", false);
            let mut times = Vec::new();
            for index in 0..args.count {
                if interrupt.is_interrupted() {
                    break;
                }
                match generate::fast(n, pairs, args.seed, index, &options)? {
                    Some(g) => {
                        times.push(g.seconds);
                        let line = json!({"method": "fast", "size": n, "pairs": g.pairs, "seed": args.seed,
                                          "index": index, "attempts": g.attempts, "seconds": g.seconds,
                                          "puzzle": g.puzzle, "solution": g.solution, "url": url(&g.puzzle)});
                        progress.suspend(|| super::print(args, &line));
                    }
                    None => progress.suspend(|| eprintln!("puzzle {index}: no unique board within the time limit")),
                }
                progress.advance();
            }
            progress.finish();
            let median = median(&times).unwrap_or(0.0);
            eprintln!("fast: {} of {} puzzles, median {median:.3} s per unique puzzle", times.len(), args.count);
        }
    }
    Ok(exit_status(&interrupt, false))
}

/// A generated board's puzz.link URL (its uniqueness is the fill rule's; pzprjs also accepts
/// answers that leave cells empty).
#[cfg(feature = "cp-sat")]
fn url(board: &[Vec<u32>]) -> Option<String> {
    let puzzle = masu_numberlink::Numberlink::new(board.to_vec(), masu_numberlink::Rule::Fill).ok()?;
    Some(masu_numberlink::format::to_url(&puzzle))
}
