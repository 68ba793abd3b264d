//! `masu corpus`: every puzzle of a collection with known answers, on the formulations asked
//! for, with a solution limit of 2. Every answer must pass the checker, agree with what the
//! source knows (its solution, its count, that it is solvable), and agree with the other
//! formulations; timeouts are counted, never taken as agreement. The summary counts, per set
//! and formulation, the puzzles with a checked answer beside those settled, and a line per
//! formulation names the puzzles it left without an answer.

use std::collections::BTreeMap;
use std::path::Path;
use std::process::ExitCode;

use anyhow::{Result, bail};
use masu_core::Source;
use masu_core::{Formulation, Status};
use masu_harness::Verdict;
use masu_harness::progress::Progress;
use masu_harness::{Runner, cross_check, run_matrix, write};

use crate::args::CorpusArgs;
use crate::batch::Batch;
use crate::out::{out, outln};
use crate::signals::exit_status;
use masu_harness::request::Request;
use masu_harness::runners::parse_formulations;
use masu_kinds::Visit;

/// Checks a corpus of one kind.
pub(crate) struct Corpus<'a>(pub(crate) &'a CorpusArgs);

impl Visit for Corpus<'_> {
    type Output = Result<ExitCode>;
    fn visit<P: masu_core::Source + masu_core::Generate>(self) -> Result<ExitCode> {
        run::<P>(self.0)
    }
}

fn runners<'a, P: Source>(args: &CorpusArgs) -> Result<Vec<Runner<'a, P>>> {
    let formulations = match &args.formulations {
        Some(names) => parse_formulations::<P, _>(Some(names))?,
        None => parse_formulations::<P, _>(P::DEFAULT_FORMULATIONS)?,
    };
    let mut runners = Vec::new();
    for f in formulations {
        if P::EVERY_BACKEND {
            let backends = f.backends().iter().filter(|b| b.is_compiled() && args.backend.is_none_or(|a| a == **b));
            runners.extend(backends.map(|&b| Runner::new(f, b)));
        } else {
            runners.push(Runner::new(f, masu_core::backend_for(f, args.backend)));
        }
    }
    if runners.is_empty() {
        bail!("no formulation asked for runs on a compiled-in backend");
    }
    Ok(runners)
}

fn run<P: Source>(args: &CorpusArgs) -> Result<ExitCode> {
    let runners = masu_harness::runners::with_parameters(runners::<P>(args)?, &args.run.request.params)?;
    let sets: Vec<String> = match (&args.sets, P::DEFAULT_SETS) {
        (Some(sets), _) => sets.clone(),
        (None, Some(sets)) => sets.iter().map(|s| s.to_string()).collect(),
        (None, None) => vec!["all".into()],
    };
    let (instances, unreadable) = P::cases(&args.dir, &sets).map_err(anyhow::Error::msg)?;
    let interrupt = crate::signals::interrupt();
    let options = args.run.request(Request::default(), &interrupt).options();
    let setting = args.run.setting(&options, &args.batch);
    let mut batch = Batch::open(&args.batch, false, setting)?;
    let instances = batch.select(instances, &runners);
    let progress = Progress::new((instances.len() * runners.len()) as u64, "solves", true);
    let mut failures = 0;
    let mut fail = |place: &str, message: String| {
        failures += 1;
        progress.suspend(|| eprintln!("FAIL {place}: {message}"));
    };
    for (file, why) in &unreadable {
        fail(file, format!("unreadable: {why}"));
    }
    let jobs = args.run.jobs();
    let rows = run_matrix(&instances, &runners, &options, 1, jobs, None, |instance, rows| {
        for row in rows {
            progress.advance();
            if matches!(row.verdict, Verdict::Error | Verdict::WrongAnswer) {
                fail(&instance.name, format!("{}: {}", row.formulation, row.message.as_deref().unwrap_or("")));
            }
            for message in masu_harness::failures(&instance.expected, row) {
                fail(&instance.name, message);
            }
        }
        for finding in cross_check(rows) {
            fail(&instance.name, format!("they disagree on {}: {} vs {}", finding.what, finding.one, finding.other));
        }
        progress.suspend(|| batch.record(instance, rows, |row| masu_harness::failures(&instance.expected, row)));
    });
    progress.finish();
    batch.finish()?;
    out!("{}", write::group_summary(&rows));
    let mut unanswered: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for row in rows.iter().filter(|r| r.solutions == 0 && r.verdict != Verdict::Status(Status::Infeasible)) {
        unanswered.entry(row.label()).or_default().push(short_name(&row.instance));
    }
    for (runner, mut names) in unanswered {
        names.sort();
        outln!("no answer from {runner} ({}): {}", names.len(), names.join(", "));
    }
    outln!("{}", if failures == 0 { "every answer passes the checker and agrees with the source" } else { "FAILED" });
    Ok(exit_status(&interrupt, failures > 0))
}

/// A puzzle's name in a list: a file's stem, or the name as it is.
fn short_name(name: &str) -> String {
    match Path::new(name).extension() {
        Some(e) if e == "json" => Path::new(name).file_stem().map_or(name.into(), |s| s.to_string_lossy().into()),
        _ => name.into(),
    }
}
