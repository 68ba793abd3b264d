//! `masu compare`: every formulation on every backend on the same instances, each answer
//! re-checked, all cross-checked; a table, CSV or JSON, and plots.

use std::collections::BTreeMap;
use std::process::ExitCode;

use anyhow::{Context, Result, bail};
use masu_core::{Backend, Formulation, Puzzle};
use masu_harness::html::{self, Pictures};
use masu_harness::input::read_inputs;
use masu_harness::progress::Progress;
use masu_harness::record::Setting;
use masu_harness::{Comparison, Instance, Runner, run_matrix, write};
use serde_json::json;

use crate::args::{CompareArgs, CompareFormat, Plot};
use crate::batch::Batch;
use crate::corpus::Source;
use crate::kinds::Visit;
use crate::out::{out, outln};
use crate::{exit_status, solve_options};

/// Compares the runners of one kind.
pub(crate) struct Compare<'a>(pub(crate) &'a CompareArgs);

impl Visit for Compare<'_> {
    type Output = Result<ExitCode>;
    fn visit<P: Puzzle + Source>(self) -> Result<ExitCode> {
        run::<P>(self.0)
    }
}

/// The runners `formulations` × `backends` asked for (default: all), and a line for each
/// pair that cannot run (not applicable, not compiled in).
pub(crate) fn runners<'a, P: Puzzle>(
    formulations: Option<&[String]>,
    backends: Option<&[Backend]>,
) -> Result<(Vec<Runner<'a, P>>, Vec<String>)> {
    let formulations = parse_formulations::<P, _>(formulations)?;
    let backends = backends.map_or_else(|| Backend::ALL.to_vec(), <[Backend]>::to_vec);
    let (mut runners, mut not_run) = (Vec::new(), Vec::new());
    for &f in &formulations {
        for &b in &backends {
            if !f.backends().contains(&b) {
                not_run.push(format!("{f}/{b}: not applicable"));
            } else if !b.is_compiled() {
                not_run.push(format!("{f}/{b}: not compiled in"));
            } else {
                runners.push(Runner::new(f, b));
            }
        }
    }
    if runners.is_empty() {
        bail!("nothing to run: {}", not_run.join("; "));
    }
    Ok((runners, not_run))
}

/// The formulations `names` names, or every one of the kind.
pub(crate) fn parse_formulations<P: Puzzle, S: AsRef<str>>(names: Option<&[S]>) -> Result<Vec<P::Formulation>> {
    match names {
        Some(names) => names.iter().map(|n| n.as_ref().parse().map_err(anyhow::Error::msg)).collect(),
        None => Ok(P::Formulation::ALL.to_vec()),
    }
}

fn run<P: Puzzle>(args: &CompareArgs) -> Result<ExitCode> {
    let (runners, not_run) = runners::<P>(args.formulations.as_deref(), args.backends.as_deref())?;
    let interrupt = crate::signals::interrupt();
    let jobs = usize::try_from(args.jobs).unwrap_or(1);
    let options = solve_options(args.time_limit, args.threads, args.count, args.size_limit, &interrupt);
    let rule = args.rule.as_deref().map(str::parse::<P::Rule>).transpose().map_err(anyhow::Error::msg)?;
    let setting = Setting::here(args.count, args.time_limit.map(|t| t.as_secs_f64()), args.size_limit, None);
    let mut batch = Batch::open(&args.batch, args.format == CompareFormat::Jsonl, setting.clone())?;
    let batch_setting = &setting;
    let mut input_errors = 0;
    let mut instances = Vec::new();
    for located in read_inputs::<P>(&args.paths) {
        let (id, place) = (located.id(), located.place());
        match located.item.puzzle {
            Ok(mut puzzle) => {
                if let Some(rule) = rule {
                    puzzle.set_rule(rule);
                }
                instances.push(Instance::new(id, puzzle));
            }
            Err(e) => {
                input_errors += 1;
                eprintln!("error: {place}: {}", e.message);
            }
        }
    }
    let instances = batch.select(instances, &runners);
    let progress = Progress::new(instances.len() as u64, &format!("instances × {} runners", runners.len()), false);
    let repeat = usize::try_from(args.repeat).unwrap_or(1);
    let rows = run_matrix(&instances, &runners, &options, repeat, jobs, |instance, rows| {
        progress.suspend(|| batch.record(instance, rows, |_| Vec::new()));
        progress.advance();
    });
    progress.finish();
    batch.finish()?;
    let comparison = Comparison::of(rows);
    let title = format!(
        "{}: {} instances, {} threads per solve, {} at once",
        P::KIND,
        instances.len(),
        args.threads.map_or("default".to_string(), |t| t.to_string()),
        jobs
    );
    let shown = Shown { format: args.format, not_run: &not_run, plots: &args.plot, title, shift: args.shift };
    shown.print(&comparison, || {
        let puzzles = instances.iter().map(|i| (i.name.as_str(), &i.puzzle));
        let versions: Vec<String> = runners.iter().map(|r| r.backend.version()).collect();
        (html::setting(&[batch_setting], &versions), html::pictures(puzzles, &comparison.rows))
    })?;
    let wrong = comparison.wrong_answers().count();
    eprintln!(
        "{} instances × {} runners: {} rows, {wrong} wrong answers, {} findings, {input_errors} input errors",
        instances.len(),
        runners.len(),
        comparison.rows.len(),
        comparison.findings.len()
    );
    Ok(exit_status(&interrupt, wrong > 0 || !comparison.findings.is_empty() || input_errors > 0))
}

/// How `compare` and `report` show a comparison.
pub(crate) struct Shown<'a> {
    /// The format on standard output (records were streamed already for `jsonl`).
    pub(crate) format: CompareFormat,
    /// The pairs that did not run, `runner: reason`.
    pub(crate) not_run: &'a [String],
    /// The plots to write.
    pub(crate) plots: &'a [Plot],
    /// The plots' and the report's title.
    pub(crate) title: String,
    /// The shifted geometric mean's shift, seconds.
    pub(crate) shift: f64,
}

impl Shown<'_> {
    /// Prints `comparison` and writes the plots; `page` gives an HTML report its setting and
    /// pictures.
    pub(crate) fn print(
        &self,
        comparison: &Comparison,
        page: impl FnOnce() -> (Vec<(String, String)>, BTreeMap<String, Pictures>),
    ) -> Result<()> {
        let Shown { format, not_run, plots, title, shift } = self;
        let (title, shift) = (title.as_str(), *shift);
        match format {
            CompareFormat::Table => {
                out!("{}\n{}", write::table(comparison), write::summary(&comparison.rows, shift));
                // One line per reason: `not run (not applicable): all-different/highs, ...`.
                let mut by_reason: Vec<(&str, Vec<&str>)> = Vec::new();
                for (pair, reason) in not_run.iter().filter_map(|line| line.split_once(": ")) {
                    match by_reason.iter_mut().find(|(r, _)| *r == reason) {
                        Some((_, pairs)) => pairs.push(pair),
                        None => by_reason.push((reason, vec![pair])),
                    }
                }
                for (reason, pairs) in by_reason {
                    outln!("not run ({reason}): {}", pairs.join(", "));
                }
            }
            CompareFormat::Html => {
                let (setting, pictures) = page();
                let page = html::Page { title: title.to_string(), setting, not_run: not_run.to_vec(), shift, pictures };
                out!("{}", html::html(comparison, &page).map_err(anyhow::Error::msg)?);
            }
            CompareFormat::Csv => out!("{}", write::csv(&comparison.rows)),
            CompareFormat::Json => {
                outln!("{}", json!({"rows": comparison.rows, "findings": comparison.findings, "not_run": not_run}))
            }
            CompareFormat::Jsonl => {}
        }
        for plot in *plots {
            use masu_harness::plot::{cactus_plot, profile_plot, scatter_plot};
            let rows = &comparison.rows;
            let (svg, path) = match plot {
                Plot::Cactus(path) => (cactus_plot(rows, title), path),
                Plot::Profile(path) => (profile_plot(rows, title), path),
                Plot::Scatter(a, b, path) => (scatter_plot(rows, a, b, title), path),
            };
            let svg = svg.map_err(anyhow::Error::msg)?;
            std::fs::write(path, svg).with_context(|| format!("cannot write {}", path.display()))?;
        }
        Ok(())
    }
}
