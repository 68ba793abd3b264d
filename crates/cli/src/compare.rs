//! `masu compare`: every formulation on every backend on the same instances, each answer
//! re-checked, all cross-checked; a table, CSV or JSON, and plots.

use std::process::ExitCode;

use anyhow::Result;
use masu_core::Instance;
use masu_core::Puzzle;
use masu_harness::html;
use masu_harness::input::read_inputs;
use masu_harness::progress::Progress;
use masu_harness::{Comparison, Row, Verdict, run_matrix};

use crate::args::{CompareArgs, CompareFormat};
use crate::batch::Batch;
use crate::show::Shown;
use crate::signals::exit_status;
use masu_harness::request::Request;
use masu_kinds::Visit;

/// Compares the runners of one kind.
pub(crate) struct Compare<'a>(pub(crate) &'a CompareArgs);

impl Visit for Compare<'_> {
    type Output = Result<ExitCode>;
    fn visit<P: masu_core::Source + masu_core::Generate>(self) -> Result<ExitCode> {
        run::<P>(self.0)
    }
}

fn run<P: Puzzle>(args: &CompareArgs) -> Result<ExitCode> {
    let (runners, not_run) = masu_harness::runners::asked::<P>(
        args.formulations.as_deref(),
        args.backends.as_deref(),
        &args.run.request.params,
    )?;
    let interrupt = crate::signals::interrupt();
    let jobs = args.run.jobs();
    let asked = Request {
        rule: args.rule.rule.clone(),
        count: args.count,
        certify: args.certify.then(masu_core::Certify::default),
        ..Request::default()
    };
    let request = args.run.request(asked, &interrupt);
    let options = request.options();
    let rule = request.rule::<P>()?;
    let setting = args.run.setting(&options, &args.batch);
    let mut batch = Batch::open(&args.batch, args.output.format == CompareFormat::Jsonl, setting.clone())?;
    let mut input_errors = 0;
    let mut instances = Vec::new();
    for located in read_inputs::<P>(&args.paths) {
        match &located.item.puzzle {
            Ok(puzzle) => {
                let mut puzzle = puzzle.clone();
                if let Some(rule) = rule {
                    puzzle.set_rule(rule);
                }
                instances.push(Instance::new(located.id(), puzzle));
            }
            Err(e) => {
                input_errors += 1;
                eprintln!("error: {}", located.error(e));
            }
        }
    }
    let instances = batch.select(instances, &runners);
    let progress = Progress::new(instances.len() as u64, &format!("instances × {} runners", runners.len()), false);
    let repeat = usize::try_from(args.repeat).unwrap_or(1);
    // Past a stop that a backend does not heed, the table of what finished, the rest
    // interrupted.
    let title = title(&instances, &request, jobs);
    let seen = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
    {
        let (seen, format, not_run, title, shift) =
            (seen.clone(), args.output.format, not_run.clone(), title.clone(), args.output.shift);
        let expected: Vec<(String, String, masu_core::Backend)> = instances
            .iter()
            .flat_map(|i| runners.iter().map(|r| (i.name.clone(), r.formulation.clone(), r.backend)))
            .collect();
        crate::signals::last_words(move || {
            let mut rows: Vec<Row> = seen.lock().map(|rows| rows.clone()).unwrap_or_default();
            for (instance, formulation, backend) in expected {
                if !rows.iter().any(|r| r.instance == instance && r.formulation == formulation && r.backend == backend)
                {
                    let mut row = Row::new(&instance, "", &formulation, backend);
                    row.verdict = Verdict::Status(masu_core::Status::Interrupted);
                    rows.push(row);
                }
            }
            let shown = Shown { format, not_run: &not_run, plots: &[], summary: None, title, shift };
            let _ = shown.print(&Comparison::of(rows), || (Vec::new(), Default::default()));
        });
    }
    let rows = run_matrix(&instances, &runners, &options, repeat, jobs, Some(&seen), |instance, rows| {
        progress.suspend(|| batch.record(instance, rows, |_| Vec::new()));
        progress.advance();
    });
    crate::signals::quiet();
    progress.finish();
    batch.finish()?;
    let comparison = Comparison::of(rows);
    let shown = Shown {
        format: args.output.format,
        not_run: &not_run,
        plots: &args.output.plot,
        summary: args.output.summary.as_deref(),
        title,
        shift: args.output.shift,
    };
    shown.print(&comparison, || {
        let puzzles = instances.iter().map(|i| (i.name.as_str(), &i.puzzle));
        let versions: Vec<String> = runners.iter().map(|r| r.backend.version()).collect();
        (html::setting(&[&setting], &versions), html::pictures(puzzles, &comparison.rows))
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

/// The comparison's title: the kind, the instances, the threads, the jobs and the limit.
fn title<P: Puzzle>(instances: &[Instance<P>], request: &Request, jobs: usize) -> String {
    format!(
        "{}: {} instances, {} threads per solve, {} at once, {} per solve",
        P::KIND,
        instances.len(),
        request.threads.map_or("default".to_string(), |t| t.to_string()),
        jobs,
        request.time_limit.map_or("no time limit".to_string(), |t| format!("at most {} s", t.as_secs_f64())),
    )
}
