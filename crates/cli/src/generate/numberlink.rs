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
use masu_numberlink::Rule;
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
    let rule = crate::options::rule::<masu_numberlink::Numberlink>(args.rule.as_deref())?.unwrap_or(Rule::Fill);
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
            let run = generate::article(n, pairs, rule, args.candidates as usize, &options)?;
            for (i, g) in run.unique.iter().enumerate() {
                let mut line = json!({"method": "article", "size": n, "pairs": pairs, "index": i,
                                      "puzzle": g.puzzle, "solution": g.solution});
                described(&mut line, g, &options)?;
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
                match generate::fast(n, pairs, rule, args.seed, index, &options)? {
                    Some(g) => {
                        times.push(g.seconds);
                        let mut line = json!({"method": "fast", "size": n, "pairs": g.pairs, "seed": args.seed,
                                              "index": index, "attempts": g.attempts, "seconds": g.seconds,
                                              "puzzle": g.puzzle, "solution": g.solution});
                        described(&mut line, &g, &options)?;
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

/// Adds to a generated puzzle's JSON its `rule`, the share of cells its solution leaves
/// empty (`blank_share`), and its puzz.link `url`, which puzz.link plays under the blanks
/// rule: a puzzle unique under the fill rule gets one only when it is unique under the
/// blanks rule too (proven by `auto` within the time limit, 10 s without one); else `url` is
/// null and `no_url` says why.
#[cfg(feature = "cp-sat")]
fn described(
    line: &mut serde_json::Value,
    g: &masu_numberlink::generate::Generated,
    options: &SolveOptions,
) -> Result<()> {
    use masu_numberlink::{Formulation, Numberlink};
    let cells = g.solution.iter().map(Vec::len).sum::<usize>().max(1);
    let blank = g.solution.iter().flatten().filter(|&&k| k == 0).count();
    line["rule"] = json!(g.rule.to_string());
    line["blank_share"] = json!(blank as f64 / cells as f64);
    let blanks = Numberlink::new(g.puzzle.clone(), Rule::Blanks).map_err(anyhow::Error::msg)?;
    let unique_blanks = g.rule == Rule::Blanks || {
        let check = SolveOptions {
            solution_limit: 2,
            time_limit: Some(options.time_limit.unwrap_or(std::time::Duration::from_secs(10))),
            ..options.clone()
        };
        let report = masu_core::solve(&blanks, Formulation::Auto, masu_core::Backend::CpSat, &check)?;
        report.status == masu_core::Status::Unique
    };
    if unique_blanks {
        line["url"] = json!(masu_numberlink::format::to_url(&blanks));
    } else {
        line["url"] = serde_json::Value::Null;
        line["no_url"] = json!("unique under the fill rule only; puzz.link plays it under the blanks rule");
    }
    Ok(())
}
