//! `masu generate nonogram`: random pictures kept when their clues have one solution, or a
//! picture judged as a nonogram (`--from`).

use std::process::ExitCode;

use anyhow::{Context, Result};
use serde_json::json;

use crate::args::GenerateArgs;
use crate::signals::exit_status;
use masu_core::{Puzzle, SolveOptions};
use masu_nonogram::Nonogram;
use masu_nonogram::generate::{judge, random};

pub(super) fn run(args: &GenerateArgs) -> Result<ExitCode> {
    let interrupt = crate::signals::interrupt();
    let options = SolveOptions { time_limit: args.time_limit, interrupt: interrupt.clone(), ..SolveOptions::default() };
    if let Some(path) = &args.from {
        let picture = masu_nonogram::picture::read(path).map_err(anyhow::Error::msg)?;
        let judged = judge(&picture, &options)?;
        let (height, width) = (picture.len(), picture[0].len());
        if let Some(svg) = &args.svg {
            let drawing = masu_nonogram::render::svg_marked(&judged.puzzle, Some(&picture), &judged.ambiguous);
            std::fs::write(svg, drawing).with_context(|| format!("cannot write {}", svg.display()))?;
        }
        let ambiguous: Vec<[usize; 2]> = judged.ambiguous.iter().map(|&(r, c)| [r, c]).collect();
        let puzzle: serde_json::Value = serde_json::from_str(&judged.puzzle.to_text())?;
        let url = masu_nonogram::format::to_url(&judged.puzzle);
        super::print(
            args,
            &json!({"kind": "nonogram", "from": path.display().to_string(), "width": width, "height": height,
                    "unique": judged.unique(), "line_solvable": judged.line_solvable,
                    "solutions_seen": judged.solutions, "complete": judged.complete,
                    "ambiguous": ambiguous, "puzzle": puzzle, "url": url}),
        );
        let verdict = match (judged.unique(), judged.complete) {
            (true, _) if judged.line_solvable => "unique, solved by line solving alone".to_string(),
            (true, _) => "unique (line solving alone does not finish it)".to_string(),
            (false, true) => format!("{} solutions; {} ambiguous cells", judged.solutions, judged.ambiguous.len()),
            (false, false) if judged.solutions > 1 => format!(
                "at least {} solutions; {} ambiguous cells among them",
                judged.solutions,
                judged.ambiguous.len()
            ),
            (false, false) => "not settled within the time limit".to_string(),
        };
        eprintln!("{}: {width}×{height}: {verdict}", path.display());
        return Ok(exit_status(&interrupt, false));
    }
    let width = args.size.unwrap_or(10) as usize;
    let height = args.height.map_or(width, |h| h as usize);
    let density = args.density.unwrap_or(0.6);
    let missed = "no unique picture within the time limit";
    super::each(args, "nonogram", missed, &interrupt, |index| {
        let Some(g) = random(width, height, density, args.line_solvable, args.seed, index, &options)? else {
            return Ok(None);
        };
        let puzzle: serde_json::Value = serde_json::from_str(&g.puzzle.to_text())?;
        Ok(Some((
            g.seconds,
            json!({"kind": "nonogram", "width": width, "height": height, "density": density,
                   "seed": args.seed, "index": index, "line_solvable": g.line_solvable,
                   "attempts": g.attempts, "seconds": g.seconds, "puzzle": puzzle,
                   "solution": Nonogram::to_json(&g.solution), "url": masu_nonogram::format::to_url(&g.puzzle)}),
        )))
    })
}
