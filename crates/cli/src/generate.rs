//! `masu generate KIND`: puzzles with a proven-unique solution, as JSON lines (or their
//! URLs), made by the kind's own generator ([`masu_core::Generate`]).

use std::process::ExitCode;

use anyhow::Result;
use masu_core::Generate;
use masu_core::generate::{Made, NoUrl, Run};
use masu_harness::request::Request;
use masu_harness::{progress::Progress, stats::median};

use masu_kinds::{Registry, VisitGenerate};

use crate::args::{GenerateArgs, GenerateFormat};
use crate::signals::exit_status;

/// How often a run whose stderr is not a terminal writes what the generator is doing.
const NOTE_EVERY: std::time::Duration = std::time::Duration::from_secs(5);

/// Makes the puzzles `args` asks for.
pub(crate) fn run<R: Registry>(args: &GenerateArgs<R::Generate>) -> Result<ExitCode> {
    R::generate(&args.kind, Generating(args))
}

/// The flags every kind takes.
struct Generating<'a, G: clap::Subcommand>(&'a GenerateArgs<G>);

impl<G: clap::Subcommand> VisitGenerate for Generating<'_, G> {
    type Output = Result<ExitCode>;
    fn visit<P: masu_core::Source + Generate>(self, args: &P::Args) -> Result<ExitCode> {
        generate::<P, G>(args, self.0)
    }
}

/// Makes the puzzles `args` and `common` ask of kind `P`, printing each as it comes, then a
/// summary on stderr: the generator's, or how many were made and their median time, marked
/// `(interrupted)` when Ctrl-C ended the run. A puzzle its time limit stopped is named on
/// stderr and makes the exit status 1 (not when interrupted).
fn generate<P: Generate, G: clap::Subcommand>(args: &P::Args, common: &GenerateArgs<G>) -> Result<ExitCode> {
    let interrupt = crate::signals::interrupt();
    let options = common.limits.request(Request::default(), None, &interrupt).options();
    let run = Run { count: common.count, seed: common.seed, options };
    let progress = Progress::new(common.count, "puzzles", false).noting_when_piped(NOTE_EVERY);
    let (mut times, mut failed) = (Vec::new(), false);
    let summary = P::generate(args, &run, &mut |made| {
        match made {
            Made::Puzzle { index, seconds, url, json } => {
                times.push(seconds);
                progress.suspend(|| print(common.format, index, url, &json));
            }
            Made::Missed { index, why } => {
                failed |= !interrupt.is_interrupted();
                progress.suspend(|| eprintln!("puzzle {index}: {why}"));
            }
            Made::Working { index, what } => return progress.note(&format!("puzzle {index}: {what}")),
        }
        progress.advance();
    })
    .map_err(anyhow::Error::msg)?;
    progress.finish();
    let line = summary.unwrap_or_else(|| match median(&times) {
        Some(median) => {
            format!("{}: {} of {} puzzles, median {median:.3} s per puzzle", P::KIND, times.len(), common.count)
        }
        None => format!("{}: 0 of {} puzzles", P::KIND, common.count),
    });
    // As `solve` counts what Ctrl-C stopped: a short run says why it is short.
    let stopped = if interrupt.is_interrupted() { " (interrupted)" } else { "" };
    eprintln!("{line}{stopped}");
    Ok(exit_status(&interrupt, failed))
}

/// Prints one generated puzzle: its JSON object, or its URL alone with `--format url` (a
/// puzzle without one is named on stderr, with the reason).
fn print(format: GenerateFormat, index: u64, url: Result<String, NoUrl>, json: &serde_json::Value) {
    match (format, url) {
        (GenerateFormat::Url, Ok(url)) => crate::out::outln!("{url}"),
        (GenerateFormat::Url, Err(why)) => eprintln!("puzzle {index}: no puzz.link URL: {why}"),
        (GenerateFormat::Json, _) => crate::out::outln!("{json}"),
    }
}
