//! `masu solve` and `masu count`: every puzzle of the inputs on one formulation and backend,
//! each answer checked; text or JSON lines, and a summary.

use std::collections::BTreeMap;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};
use masu_core::{Puzzle, Report, SolveOptions, Status};
use masu_harness::input::read_inputs;
use masu_harness::progress::Progress;
use masu_harness::request::{Request, Unreadable};
use masu_harness::stats::{max, median};

use crate::args::{Format, SolveArgs};
use crate::out::{out, outln};
use crate::signals::exit_status;
use masu_kinds::Visit;

/// Solves (or counts, with a higher default count) every puzzle of the inputs.
pub(crate) struct Solve<'a> {
    pub(crate) args: &'a SolveArgs,
    pub(crate) default_count: u64,
}

impl Visit for Solve<'_> {
    type Output = Result<ExitCode>;
    fn visit<P: masu_core::Source + masu_core::Generate>(self) -> Result<ExitCode> {
        run::<P>(self.args, self.default_count)
    }
}

fn run<P: Puzzle>(args: &SolveArgs, default_count: u64) -> Result<ExitCode> {
    let interrupt = crate::signals::interrupt();
    let asked = Request {
        formulation: args.formulation.clone(),
        backend: args.backend,
        rule: args.rule.rule.clone(),
        count: args.count.unwrap_or(default_count),
        keep: args.solutions,
        log: args.log,
        ..Request::default()
    };
    let mut prepared = args.request.request(asked, None, &interrupt).prepare::<P>()?;
    let shard = args.shard.shard;
    prepared.setting.shard = shard.map(|s| s.to_string());
    let options = &prepared.options;

    let mut items = read_inputs::<P>(&args.paths);
    if let Some(shard) = shard {
        let all = items.len();
        items.retain(|l| shard.contains(&l.id()));
        eprintln!("shard {shard}: {} of {all} puzzles", items.len());
    }
    for puzzle in items.iter_mut().filter_map(|l| l.item.puzzle.as_mut().ok()) {
        prepared.set_rule(puzzle);
    }
    if args.svg.is_some() && items.len() != 1 {
        bail!("--svg draws a single puzzle; {} puzzles were given", items.len());
    }
    let progress =
        if items.len() > 1 { Progress::new(items.len() as u64, "puzzles", false) } else { Progress::hidden() };
    let single = items.len() == 1;
    let mut summary = Summary::default();
    for located in &items {
        if interrupt.is_interrupted() {
            break;
        }
        let item = &located.item;
        let place = located.place();
        let mut record = None;
        let outcome = match &item.puzzle {
            Err(e) => Err(located.error(e)),
            Ok(puzzle) => {
                let started = Instant::now();
                let options = SolveOptions {
                    export: args.export.as_ref().map(|dir| masu_core::Export::new(dir, &located.id())),
                    certify: args.certify.as_ref().map(|keep| masu_core::Certify {
                        keep: keep.as_ref().map(|dir| masu_core::Export::new(dir, &located.id())),
                    }),
                    ..options.clone()
                };
                let result = prepared.solve(puzzle, &options);
                let elapsed = started.elapsed();
                if args.format == Format::Json {
                    let answer = prepared.answer(located, puzzle, result.as_ref(), elapsed);
                    record = Some(serde_json::to_value(answer).unwrap_or_default());
                }
                result.map(|report| (report, elapsed)).map_err(|e| format!("{place}: {e}"))
            }
        };
        progress.suspend(|| match &outcome {
            Ok((report, elapsed)) => {
                summary.add(report.status, *elapsed);
                match (&record, args.format) {
                    (Some(line), _) => outln!("{line}"),
                    (None, Format::Url) => match item.puzzle.as_ref().ok().and_then(Puzzle::url) {
                        Some(url) => outln!("{url}"),
                        None => eprintln!("error: {place}: this puzzle has no puzz.link URL"),
                    },
                    (None, _) => print_text::<P>(&place, item.puzzle.as_ref().ok(), report, *elapsed, single),
                }
            }
            Err(message) => {
                summary.errors += 1;
                eprintln!("error: {message}");
                match &record {
                    Some(line) => outln!("{line}"),
                    // An unreadable puzzle: no record, its place and why.
                    None if args.format == Format::Json => {
                        let unreadable =
                            Unreadable::new(located.id(), &located.file, item.line, item.name.as_deref(), message);
                        outln!("{unreadable}")
                    }
                    None => {}
                }
            }
        });
        if let (Some(path), Ok(puzzle), Ok((report, _))) = (&args.svg, &item.puzzle, &outcome)
            && let Some(picture) = puzzle.svg(report.solutions.first())
        {
            std::fs::write(path, picture).with_context(|| format!("cannot write {}", path.display()))?;
        }
        progress.advance();
    }
    progress.finish();
    let text = summary.render(items.len() - summary.total());
    match args.format {
        Format::Json | Format::Url => eprint!("{text}"),
        Format::Text => out!("{text}"),
    }
    Ok(exit_status(&interrupt, summary.errors > 0))
}

fn print_text<P: Puzzle>(
    place: &str,
    puzzle: Option<&P>,
    report: &Report<P::Solution>,
    elapsed: Duration,
    single: bool,
) {
    let count = report.count;
    let counted =
        if report.complete { format!("{count} solution(s), complete") } else { format!("{count} solution(s) found") };
    let counted = match report.solutions.len() {
        listed if (listed as u128) < count && single => format!("{counted}, the first {listed} listed"),
        _ => counted,
    };
    let first = match (puzzle, report.solutions.first()) {
        (Some(p), Some(s)) if !single => format!("  {}", p.one_line(s)),
        _ => String::new(),
    };
    outln!(
        "{place}: {} ({counted}; {} {}, {:.1} ms){first}",
        report.status,
        report.backend,
        report.formulation,
        elapsed.as_secs_f64() * 1000.0
    );
    if let Some(c) = &report.stats.certificate {
        match c.proof.why() {
            None => outln!(
                "{place}: certified ({}{}, a proof of {} bytes{}, {:.1} ms to prove, {:.1} ms to check)",
                match &c.dominance {
                    Some(d) => format!(
                        "{}: {} clauses by dominance, a proof of {} bytes, {:.1} ms to check; then ",
                        d.checker,
                        d.steps,
                        d.proof_bytes,
                        d.check_time.as_secs_f64() * 1000.0
                    ),
                    None => String::new(),
                },
                c.checker,
                c.proof_bytes,
                match c.lemmas {
                    0 => String::new(),
                    n => format!(" with {n} checked lemmas"),
                },
                c.prove_time.as_secs_f64() * 1000.0,
                c.check_time.as_secs_f64() * 1000.0
            ),
            Some(why) => outln!("{place}: not certified: {why}"),
        }
    }
    if let (true, Some(p)) = (single, puzzle) {
        for (i, s) in report.solutions.iter().enumerate() {
            if count > 1 {
                outln!("solution {}:", i + 1);
            }
            out!("{}", p.render(s));
        }
    }
}

/// The statuses and times of a batch, and its errors.
#[derive(Default)]
struct Summary {
    by_status: BTreeMap<Status, usize>,
    errors: usize,
    times: Vec<f64>,
}

impl Summary {
    fn add(&mut self, status: Status, elapsed: Duration) {
        *self.by_status.entry(status).or_default() += 1;
        self.times.push(elapsed.as_secs_f64());
    }
    fn total(&self) -> usize {
        self.times.len() + self.errors
    }
    fn render(&self, not_run: usize) -> String {
        let n = |s: Status| self.by_status.get(&s).copied().unwrap_or(0);
        let mut out = format!(
            "{} puzzles: {} unique, {} multiple, {} solved (uniqueness not checked), {} infeasible, {} timed out, {} errors",
            self.total(),
            n(Status::Unique),
            n(Status::Multiple),
            n(Status::Solved),
            n(Status::Infeasible),
            n(Status::TimedOut),
            self.errors,
        );
        if n(Status::Stuck) > 0 {
            out.push_str(&format!(", {} stuck (line logic alone could not decide every cell)", n(Status::Stuck)));
        }
        if n(Status::LicenceLimit) > 0 {
            out.push_str(&format!(
                ", {} stopped at a licence's size limit (the count so far, a lower bound)",
                n(Status::LicenceLimit)
            ));
        }
        if n(Status::Interrupted) + not_run > 0 {
            out.push_str(&format!(", {} interrupted, {not_run} not run", n(Status::Interrupted)));
        }
        out.push('\n');
        if let (Some(median), Some(max)) = (median(&self.times), max(&self.times)) {
            let total: f64 = self.times.iter().sum();
            out.push_str(&format!(
                "time: total {total:.3} s, median {:.1} ms, max {:.1} ms\n",
                median * 1000.0,
                max * 1000.0
            ));
        }
        out
    }
}
