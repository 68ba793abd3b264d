//! `masu generate sudoku`: a random full grid, givens removed while the native search proves
//! the puzzle unique.

use std::process::ExitCode;

use anyhow::{Result, bail};
use serde_json::json;

use crate::args::GenerateArgs;

/// Sudokus: a random full grid, givens removed while the native search proves it unique.
pub(super) fn run(args: &GenerateArgs) -> Result<ExitCode> {
    use masu_sudoku::generate::{GenerateError, Shape, Symmetry, Target, generate};
    use masu_sudoku::native::Technique;
    let side = args.size.unwrap_or(9) as usize;
    let target = args.givens.map_or(Target::Minimal, Target::Givens);
    let symmetry = match args.symmetry.as_deref() {
        Some("rotational") => Symmetry::Rotational,
        Some("mirror") => Symmetry::Mirror,
        _ => Symmetry::None,
    };
    let technique = args.difficulty.as_deref().map(|d| match d {
        "singles" => Technique::Singles,
        "box-line" => Technique::BoxLine,
        _ => Technique::Search,
    });
    let shape = Shape { target, symmetry, technique };
    let interrupt = crate::signals::interrupt();
    let stop = || interrupt.is_interrupted();
    let missed = "stopped by the time limit before it was finished";
    super::each(args, "sudoku", missed, &interrupt, |index| {
        let deadline = args.time_limit.map(|t| std::time::Instant::now() + t);
        match generate(side, shape, args.seed, index, deadline, &stop) {
            Ok(g) => Ok(Some((
                g.seconds,
                json!({"kind": "sudoku", "size": side, "seed": args.seed, "index": index,
                       "givens": g.givens, "minimal": g.minimal, "symmetry": args.symmetry.as_deref().unwrap_or("none"),
                       "technique": g.technique, "singles_only": g.singles_only(),
                       "nodes": g.nodes, "draws": g.draws, "seconds": g.seconds,
                       "puzzle": g.puzzle.to_line(), "solution": g.puzzle.render_line(&g.solution),
                       "url": masu_sudoku::format::to_url(&g.puzzle)}),
            ))),
            Err(GenerateError::Stopped) => Ok(None),
            Err(e) => bail!("{e}"),
        }
    })
}
