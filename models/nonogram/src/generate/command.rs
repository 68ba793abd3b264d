//! `masu generate nonogram`: its flags, and each puzzle made as a JSON line (random pictures
//! kept when their clues have one solution), or a picture judged as a nonogram (`--from`).

use std::path::PathBuf;

use masu_core::Puzzle;
use masu_core::generate::{Failed, Made, NoUrl, Run, each};
use serde::Serialize;

use crate::generate::{judge, random};
use crate::puzzle::Nonogram;

/// The widths `--size` takes.
const WIDTHS: std::ops::RangeInclusive<u64> = 2..=100;
/// The heights `--height` takes.
const HEIGHTS: std::ops::RangeInclusive<u64> = 1..=100;
/// The shares `--density` takes.
const DENSITIES: std::ops::RangeInclusive<f64> = 0.0..=1.0;

/// The flags of `masu generate nonogram` (or Python's keywords of
/// `masu.generate("nonogram")`).
#[derive(Debug, clap::Args, serde::Deserialize)]
#[serde(default = "masu_core::generate::flag_defaults", deny_unknown_fields)]
pub struct Args {
    /// The width, 2 to 100.
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u64).range(WIDTHS))]
    pub size: u64,
    /// The height (default: the size).
    #[arg(long, value_parser = clap::value_parser!(u64).range(HEIGHTS))]
    pub height: Option<u64>,
    /// The share of filled cells in the random pictures.
    #[arg(long, default_value_t = 0.6, value_parser = density)]
    pub density: f64,
    /// Keep only pictures that line solving alone (article 004) solves.
    #[arg(long)]
    pub line_solvable: bool,
    /// Judge this picture (PNG or PBM, dark pixels filled) instead of drawing random ones:
    /// its clues, whether they have one solution, and the ambiguous cells.
    #[arg(long, conflicts_with_all = ["size", "count"])]
    pub from: Option<PathBuf>,
    /// With --from: write the picture's SVG here, its ambiguous cells marked.
    #[arg(long)]
    pub svg: Option<PathBuf>,
}

fn density(text: &str) -> Result<f64, masu_core::Invalid> {
    match text.parse::<f64>() {
        Ok(d) if DENSITIES.contains(&d) => Ok(d),
        _ => Err(masu_core::Invalid(format!("'{text}' is not a share between 0 and 1"))),
    }
}

impl Args {
    /// The ranges of typed values, which clap's parsers hold on the command line, and the
    /// flag that needs another.
    fn check(&self) -> Result<(), Failed> {
        use masu_core::generate::within;
        within("size", self.size, &WIDTHS)?;
        self.height.map_or(Ok(()), |height| within("height", height, &HEIGHTS))?;
        within("density", self.density, &DENSITIES)?;
        masu_core::generate::apart(
            self.svg.is_some() && self.from.is_none(),
            "svg draws the picture judged: it needs from",
        )
    }
}

impl masu_core::Generate for Nonogram {
    type Args = Args;

    fn generate(args: &Args, run: &Run, made: &mut dyn FnMut(Made)) -> Result<Option<String>, Failed> {
        args.check()?;
        if let Some(path) = &args.from {
            return judged(path, args.svg.as_deref(), run, made).map(Some);
        }
        let width = args.size as usize;
        let height = args.height.map_or(width, |h| h as usize);
        let density = args.density;
        each(run, "no unique picture within the time limit", made, |index, _| {
            let found = random(width, height, density, args.line_solvable, run.seed, index, &run.options);
            let Some(g) = found.map_err(|e| Failed::Making(e.to_string()))? else { return Ok(None) };
            let puzzle: serde_json::Value =
                serde_json::from_str(&g.puzzle.to_text()).map_err(|e| Failed::Making(e.to_string()))?;
            Ok(Some((
                g.seconds,
                Drawn {
                    kind: "nonogram",
                    width,
                    height,
                    density,
                    seed: run.seed,
                    index,
                    line_solvable: g.line_solvable,
                    attempts: g.attempts,
                    seconds: g.seconds,
                    puzzle,
                    solution: Nonogram::to_json(&g.solution),
                    url: crate::puzzle::format::to_url(&g.puzzle),
                },
            )))
        })?;
        Ok(None)
    }
}

/// The picture at `path` judged as a nonogram: its line, and the verdict for stderr.
fn judged(
    path: &std::path::Path,
    svg: Option<&std::path::Path>,
    run: &Run,
    made: &mut dyn FnMut(Made),
) -> Result<String, Failed> {
    let making = |e: &dyn std::fmt::Display| Failed::Making(e.to_string());
    let started = std::time::Instant::now();
    let picture = crate::picture::read(path).map_err(|e| making(&e))?;
    let judged = judge(&picture, &run.options).map_err(|e| making(&e))?;
    let (height, width) = (picture.len(), picture[0].len());
    if let Some(svg) = svg {
        let drawing = crate::puzzle::render::svg_marked(&judged.puzzle, Some(&picture), &judged.ambiguous);
        std::fs::write(svg, drawing).map_err(|e| making(&format!("cannot write {}: {e}", svg.display())))?;
    }
    let ambiguous: Vec<[usize; 2]> = judged.ambiguous.iter().map(|&(r, c)| [r, c]).collect();
    let puzzle: serde_json::Value = serde_json::from_str(&judged.puzzle.to_text()).map_err(|e| making(&e))?;
    let line = Seen {
        kind: "nonogram",
        from: path.display().to_string(),
        width,
        height,
        unique: judged.unique(),
        line_solvable: judged.line_solvable,
        solutions_seen: judged.solutions,
        complete: judged.complete,
        ambiguous,
        puzzle,
        url: crate::puzzle::format::to_url(&judged.puzzle),
    };
    made(Made::puzzle(0, started.elapsed().as_secs_f64(), &line).map_err(|e| making(&e))?);
    let verdict = match (judged.unique(), judged.complete) {
        (true, _) if judged.line_solvable => "unique, solved by line solving alone".to_string(),
        (true, _) => "unique (line solving alone does not finish it)".to_string(),
        (false, true) => format!("{} solutions; {} ambiguous cells", judged.solutions, judged.ambiguous.len()),
        (false, false) if judged.solutions > 1 => {
            format!("at least {} solutions; {} ambiguous cells among them", judged.solutions, judged.ambiguous.len())
        }
        (false, false) => "not settled within the time limit".to_string(),
    };
    Ok(format!("{}: {width}×{height}: {verdict}", path.display()))
}

/// A random picture kept as a nonogram, as `masu generate nonogram` prints it.
#[derive(Debug, Serialize)]
pub struct Drawn {
    /// `nonogram`.
    pub kind: &'static str,
    /// Its width.
    pub width: usize,
    /// Its height.
    pub height: usize,
    /// The share of filled cells asked for.
    pub density: f64,
    /// The run's seed.
    pub seed: u64,
    /// Which puzzle of the run.
    pub index: u64,
    /// Line solving alone solves it.
    pub line_solvable: bool,
    /// Pictures drawn before this one was unique.
    pub attempts: u64,
    /// Seconds to make it.
    pub seconds: f64,
    /// The clues, as the JSON format has them.
    pub puzzle: serde_json::Value,
    /// The picture.
    pub solution: serde_json::Value,
    /// Its puzz.link URL.
    pub url: Option<String>,
}

/// A picture judged as a nonogram (`--from`), as `masu generate nonogram` prints it.
#[derive(Debug, Serialize)]
pub struct Seen {
    /// `nonogram`.
    pub kind: &'static str,
    /// The picture's file.
    pub from: String,
    /// Its width.
    pub width: usize,
    /// Its height.
    pub height: usize,
    /// Its clues have one solution.
    pub unique: bool,
    /// Line solving alone solves it.
    pub line_solvable: bool,
    /// Solutions found (at most the limit asked).
    pub solutions_seen: usize,
    /// The search was exhausted.
    pub complete: bool,
    /// The cells the solutions disagree on, `[row, column]`.
    pub ambiguous: Vec<[usize; 2]>,
    /// The clues, as the JSON format has them.
    pub puzzle: serde_json::Value,
    /// Its puzz.link URL.
    pub url: Option<String>,
}

/// A nonogram's URL: `None` where a clue is over 255.
fn url_of(url: &Option<String>) -> Result<String, NoUrl> {
    url.clone().ok_or(NoUrl::TooLarge("a clue over 255"))
}

impl masu_core::generate::Printed for Drawn {
    fn url(&self) -> Result<String, NoUrl> {
        url_of(&self.url)
    }
}

impl masu_core::generate::Printed for Seen {
    fn url(&self) -> Result<String, NoUrl> {
        url_of(&self.url)
    }
}
