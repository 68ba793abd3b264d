//! `masu report`: the records of many runs (shards, machines, backends run apart) merged into
//! the comparison `compare` prints, every answer re-checked against the puzzle its record
//! carries, all runners cross-checked; what is missing, duplicated or unreadable is named.

use std::collections::BTreeSet;
use std::process::ExitCode;

use anyhow::{Result, bail};
use clap::ValueEnum;
use masu_harness::html;
use masu_harness::merge::{Gathered, Merged, gather, merge};
use masu_harness::record::Setting;
use masu_harness::write;

use crate::args::{CompareFormat, ReportArgs};
use crate::out::{out, outln};
use crate::show::Shown;
use masu_kinds::{Registry, Visit};

/// Merges the files of `args`.
pub(crate) fn run<R: Registry>(args: &ReportArgs) -> Result<ExitCode> {
    let gathered = gather(&args.files);
    let kinds: Vec<String> = gathered.kinds().into_iter().map(str::to_string).collect();
    let kind = match kinds.as_slice() {
        [kind] => R::Kind::from_str(kind, false).map_err(|_| anyhow::anyhow!("records of an unknown kind '{kind}'"))?,
        [] => {
            for problem in &gathered.problems {
                eprintln!("error: {problem}");
            }
            bail!("no records in {} file(s)", args.files.len())
        }
        _ => bail!("records of several kinds ({}): report merges one kind at a time", kinds.join(", ")),
    };
    R::visit(kind, Report { args, gathered })
}

struct Report<'a> {
    args: &'a ReportArgs,
    gathered: Gathered,
}

impl Visit for Report<'_> {
    type Output = Result<ExitCode>;
    fn visit<P: masu_core::Source + masu_core::Generate>(self) -> Result<ExitCode> {
        let Report { args, gathered } = self;
        if args.output.format == CompareFormat::Jsonl {
            for (_, record) in &gathered.records {
                outln!("{}", serde_json::to_string(record)?);
            }
        }
        let hosts: BTreeSet<&str> = gathered.records.iter().map(|(_, r)| r.setting.host.as_str()).collect();
        let title = format!(
            "{}: {} records from {} file(s), {} host(s)",
            P::KIND,
            gathered.records.len(),
            args.files.len(),
            hosts.len()
        );
        let mut settings: Vec<Setting> = Vec::new();
        for (_, record) in &gathered.records {
            if !settings.contains(&record.setting) {
                settings.push(record.setting.clone());
            }
        }
        let mut versions: Vec<String> = gathered.records.iter().map(|(_, r)| r.backend_version.clone()).collect();
        versions.sort();
        versions.dedup();
        let Merged { comparison, failures, problems, cut, puzzles } = merge::<P>(gathered);
        let shown = Shown {
            format: args.output.format,
            not_run: &[],
            plots: &args.output.plot,
            summary: args.output.summary.as_deref(),
            title,
            shift: args.output.shift,
        };
        shown.print(&comparison, || {
            let settings: Vec<&Setting> = settings.iter().collect();
            let puzzles = puzzles.iter().map(|(name, puzzle)| (name.as_str(), puzzle));
            (html::setting(&settings, &versions), html::pictures(puzzles, &comparison.rows))
        })?;
        if args.output.format == CompareFormat::Table && comparison.rows.iter().any(|r| !r.group.is_empty()) {
            out!("\n{}", write::group_summary(&comparison.rows));
        }
        for place in &cut {
            eprintln!("note: {place}: a line cut short (a run killed while writing), skipped");
        }
        for row in comparison.wrong_answers() {
            eprintln!("WRONG-ANSWER {} on {}: {}", row.instance, row.label(), row.message.as_deref().unwrap_or(""));
        }
        for finding in &comparison.findings {
            eprintln!(
                "they disagree on {} of {}: {} vs {}",
                finding.what, finding.instance, finding.one, finding.other
            );
        }
        for failure in &failures {
            eprintln!("FAIL {failure}");
        }
        for problem in &problems {
            eprintln!("error: {problem}");
        }
        let instances: BTreeSet<&str> = comparison.rows.iter().map(|r| r.instance.as_str()).collect();
        let wrong = comparison.wrong_answers().count();
        eprintln!(
            "{} instances, {} rows: {wrong} wrong answers, {} findings, {} source failures, {} problems",
            instances.len(),
            comparison.rows.len(),
            comparison.findings.len(),
            failures.len(),
            problems.len()
        );
        let failed = wrong > 0 || !comparison.findings.is_empty() || !failures.is_empty() || !problems.is_empty();
        Ok(if failed { ExitCode::from(1) } else { ExitCode::SUCCESS })
    }
}
