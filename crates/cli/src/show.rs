//! How `compare` and `report` show a comparison: a table, CSV, JSON or an HTML page on
//! standard output, and the plots as SVG files.

use std::collections::BTreeMap;

use anyhow::{Context, Result};
use masu_harness::html::{self, Pictures};
use masu_harness::{Comparison, write};
use serde_json::json;

use crate::args::{CompareFormat, Plot};
use crate::out::{out, outln};
use masu_harness::runners::{NotRun, Reason};

/// How `compare` and `report` show a comparison.
pub(crate) struct Shown<'a> {
    /// The format on standard output (records were streamed already for `jsonl`).
    pub(crate) format: CompareFormat,
    /// The pairs that did not run, `runner: reason`.
    pub(crate) not_run: &'a [NotRun],
    /// The plots to write.
    pub(crate) plots: &'a [Plot],
    /// Where to write the summary as CSV.
    pub(crate) summary: Option<&'a std::path::Path>,
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
        let Shown { format, not_run, plots, summary, title, shift } = self;
        let (title, shift) = (title.as_str(), *shift);
        match format {
            CompareFormat::Table => {
                out!("{title}\n\n{}\n{}", write::table(comparison), write::summary(&comparison.rows, shift));
                // One line per reason: `not run (not applicable): all-different/highs, ...`.
                for reason in [Reason::NotApplicable, Reason::NotCompiled, Reason::NotInstalled] {
                    let pairs: Vec<&str> =
                        not_run.iter().filter(|n| n.reason == reason).map(|n| n.runner.as_str()).collect();
                    if !pairs.is_empty() {
                        outln!("not run ({}): {}", reason.text(), pairs.join(", "));
                    }
                }
                // A model its backend refused for its size (a licence's limit, microlp's
                // tableau): one line per runner, with the first refusal's words.
                for (runner, (count, why)) in refused(&comparison.rows) {
                    outln!("not run (too large) for {runner} on {count} instance(s): {why}");
                }
            }
            CompareFormat::Html => {
                let (setting, pictures) = page();
                let not_run = not_run.iter().map(NotRun::to_string).collect();
                let page = html::Page { title: title.to_string(), setting, not_run, shift, pictures };
                out!("{}", html::html(comparison, &page)?);
            }
            CompareFormat::Csv => out!("{}", write::csv(&comparison.rows)),
            CompareFormat::Json => {
                let not_run: Vec<String> = not_run.iter().map(NotRun::to_string).collect();
                let lines = write::summary_lines(&comparison.rows, shift);
                outln!(
                    "{}",
                    json!({"rows": comparison.rows, "summary": lines, "findings": comparison.findings, "not_run": not_run})
                )
            }
            CompareFormat::Jsonl => {}
        }
        if let Some(path) = summary {
            let csv = write::summary_csv(&comparison.rows, shift);
            std::fs::write(path, csv).with_context(|| format!("cannot write {}", path.display()))?;
        }
        for plot in *plots {
            use masu_harness::plot::{cactus_plot, profile_plot, scatter_plot};
            let rows = &comparison.rows;
            let (svg, path) = match plot {
                Plot::Cactus(path) => (cactus_plot(rows, title), path),
                Plot::Profile(path) => (profile_plot(rows, title), path),
                Plot::Scatter(a, b, path) => (scatter_plot(rows, a, b, title), path),
            };
            let svg = svg?;
            std::fs::write(path, svg).with_context(|| format!("cannot write {}", path.display()))?;
        }
        Ok(())
    }
}

/// Per runner (`formulation/backend`), the instances it refused as too large and why the
/// first was.
fn refused(rows: &[masu_harness::Row]) -> BTreeMap<String, (usize, String)> {
    let mut refused = BTreeMap::new();
    for row in rows.iter().filter(|r| r.verdict == masu_harness::row::Verdict::TooLarge) {
        let entry = refused
            .entry(format!("{}/{}", row.formulation, row.backend))
            .or_insert_with(|| (0, row.message.clone().unwrap_or_default()));
        entry.0 += 1;
    }
    refused
}
