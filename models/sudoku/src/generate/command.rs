//! `masu generate sudoku`: its flags, and each puzzle made as a JSON line (a random full
//! grid, givens removed while the native search proves the puzzle unique).

use masu_core::generate::{Failed, Made, NoUrl, Run, each};
use serde::Serialize;

use crate::generate::{GenerateError, Shape, Symmetry, Target, generate};
use crate::native::Technique;
use crate::puzzle::Sudoku;

/// The sides `--size` takes.
const SIZES: std::ops::RangeInclusive<u64> = 2..=100;

/// The flags of `masu generate sudoku` (or Python's keywords of `masu.generate("sudoku")`).
#[derive(Debug, clap::Args, serde::Deserialize)]
#[serde(default = "masu_core::generate::flag_defaults", deny_unknown_fields)]
pub struct Args {
    /// Board side: 4, 9, 16 or 25.
    #[arg(long, default_value_t = 9, value_parser = clap::value_parser!(u64).range(SIZES))]
    pub size: u64,
    /// Remove givens down to this many (the puzzle stays unique; when no given can be
    /// removed before, it keeps more, and its JSON says how many). Not with --minimal.
    #[arg(long)]
    pub givens: Option<usize>,
    /// Remove givens until none can be removed (the default without --givens).
    #[arg(long)]
    pub minimal: bool,
    /// The givens' symmetry: none, rotational (a half turn, as most published sudoku),
    /// mirror (left–right); givens are removed with their images.
    #[arg(long, value_enum, default_value_t = Symmetry::None)]
    pub symmetry: Symmetry,
    /// Keep only puzzles whose hardest technique is this (singles, box-line or search, as
    /// the native solver grades them); others are drawn again.
    #[arg(long, value_enum)]
    pub difficulty: Option<Technique>,
}

impl Args {
    /// What clap's parsers do not hold: the range of a typed size, the flags that exclude
    /// each other.
    fn check(&self) -> Result<(), Failed> {
        masu_core::generate::within("size", self.size, &SIZES)?;
        masu_core::generate::apart(
            self.minimal && self.givens.is_some(),
            "givens and minimal ask for two ends: give one",
        )
    }
}

impl masu_core::Generate for Sudoku {
    type Args = Args;

    fn generate(args: &Args, run: &Run, made: &mut dyn FnMut(Made)) -> Result<Option<String>, Failed> {
        args.check()?;
        let target = args.givens.map_or(Target::Minimal, Target::Givens);
        let shape = Shape { target, symmetry: args.symmetry, technique: args.difficulty };
        let side = args.size as usize;
        let missed = "stopped by the time limit before it was finished";
        each(run, missed, made, |index, _| match generate(side, shape, run.seed, index, &run.clock()) {
            Ok(g) => Ok(Some((
                g.seconds,
                Printed {
                    kind: "sudoku",
                    size: side,
                    seed: run.seed,
                    index,
                    givens: g.givens,
                    minimal: g.minimal,
                    symmetry: args.symmetry,
                    technique: g.technique,
                    singles_only: g.singles_only(),
                    nodes: g.nodes,
                    draws: g.draws,
                    seconds: g.seconds,
                    puzzle: g.puzzle.to_line(),
                    solution: g.puzzle.render_line(&g.solution),
                    url: crate::puzzle::format::to_url(&g.puzzle),
                },
            ))),
            Err(GenerateError::Stopped) => Ok(None),
            Err(e) => Err(Failed::Making(e.to_string())),
        })?;
        Ok(None)
    }
}

/// A generated sudoku as `masu generate sudoku` prints it: how it was made, the puzzle and
/// its solution as one-line texts, and its puzz.link URL.
#[derive(Debug, Serialize)]
pub struct Printed {
    /// `sudoku`.
    pub kind: &'static str,
    /// The side.
    pub size: usize,
    /// The run's seed.
    pub seed: u64,
    /// Which puzzle of the run.
    pub index: u64,
    /// Its givens.
    pub givens: usize,
    /// No given can be removed with the solution staying unique.
    pub minimal: bool,
    /// The givens' symmetry asked for.
    pub symmetry: Symmetry,
    /// The hardest technique the native solver needs.
    pub technique: Technique,
    /// Singles alone solve it.
    pub singles_only: bool,
    /// Search nodes spent proving it unique.
    pub nodes: u64,
    /// Full grids drawn before one gave it.
    pub draws: usize,
    /// Seconds to make it.
    pub seconds: f64,
    /// The puzzle, one line.
    pub puzzle: String,
    /// Its solution, one line.
    pub solution: String,
    /// Its puzz.link URL.
    pub url: String,
}

impl masu_core::generate::Printed for Printed {
    fn url(&self) -> Result<String, NoUrl> {
        Ok(self.url.clone())
    }
}
