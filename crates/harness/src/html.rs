//! A comparison as one self-contained HTML file: the setting, wrong answers and findings first
//! when there are any, the summary table (sortable by any column), the cactus plot, the
//! performance profile and the scatter plot of the two fastest runners, and a table of every
//! instance × runner that can be filtered and sorted, where clicking an instance shows the
//! puzzle and its first solution as the kind draws them.
//!
//! Nothing is fetched: styles, script and plots are inline, and the pictures are one JSON
//! object (`instance → [puzzle, solution]`), zlib-compressed and base64-encoded, that the page
//! inflates with the browser's own `DecompressionStream`. The rows are a compact JSON array
//! the script turns into the instance table.

use std::collections::BTreeMap;

use masu_core::Puzzle;
use serde_json::json;

use crate::plot::{PlotError, cactus_plot, profile_plot, scatter_plot};
use crate::record::Setting;
use crate::row::Row;
use crate::run::Comparison;
use crate::write::{ENDS, SummaryLine, summary_lines};

mod markup;

use markup::{Markup, put};

/// The pictures of an instance: the puzzle, and its first checked solution.
pub type Pictures = (Option<String>, Option<String>);

/// What a report shows besides the comparison itself.
#[derive(Debug, Default)]
pub struct Page {
    /// The heading.
    pub title: String,
    /// The setting, as label and value: machine, versions, limits, shards.
    pub setting: Vec<(String, String)>,
    /// Runners that did not run, and why.
    pub not_run: Vec<String>,
    /// The shift of the shifted geometric mean, seconds.
    pub shift: f64,
    /// Each instance's pictures.
    pub pictures: BTreeMap<String, Pictures>,
}

/// Each instance's puzzle drawn bare and with the first solution a row of it carries that
/// passed the checker (kinds that draw nothing give none).
pub fn pictures<'a, P: Puzzle + 'a>(
    puzzles: impl IntoIterator<Item = (&'a str, &'a P)>,
    rows: &[Row],
) -> BTreeMap<String, Pictures> {
    let mut first: BTreeMap<&str, &serde_json::Value> = BTreeMap::new();
    for row in rows.iter().filter(|r| r.checked == Some(true)) {
        if let Some(solution) = &row.first_solution {
            first.entry(row.instance.as_str()).or_insert(solution);
        }
    }
    puzzles
        .into_iter()
        .map(|(name, puzzle)| {
            let solution = first.get(name).and_then(|v| P::solution_from_json((*v).clone()).ok());
            (name.to_string(), (puzzle.svg(None), solution.and_then(|s| puzzle.svg(Some(&s)))))
        })
        .collect()
}

/// The setting of records made under `settings`, with the backends' versions: what differs
/// between them is listed, each value once.
pub fn setting(settings: &[&Setting], backend_versions: &[String]) -> Vec<(String, String)> {
    let list = |values: Vec<String>| {
        let mut unique: Vec<String> = Vec::new();
        for v in values {
            if !unique.contains(&v) {
                unique.push(v);
            }
        }
        if unique.is_empty() { "–".to_string() } else { unique.join(", ") }
    };
    let of = |f: &dyn Fn(&Setting) -> String| list(settings.iter().map(|s| f(s)).collect());
    let seconds = |v: Option<f64>| v.map_or("none".to_string(), |s| format!("{s} s"));
    vec![
        ("masu".into(), of(&|s| s.masu.clone())),
        ("backends".into(), list(backend_versions.to_vec())),
        ("hosts".into(), of(&|s| s.host.clone())),
        ("this machine".into(), crate::write::machine()),
        ("solutions looked for".into(), of(&|s| s.solution_limit.to_string())),
        ("time limit per solve".into(), of(&|s| seconds(s.time_limit_s))),
        ("size limit".into(), of(&|s| s.size_limit.map_or("none".into(), |n| n.to_string()))),
        ("shards".into(), of(&|s| s.shard.clone().unwrap_or_else(|| "whole".into()))),
        ("parameters".into(), of(&|s| if s.parameters.is_empty() { "none".into() } else { s.parameters.join(" ") })),
    ]
}

/// The HTML report of `comparison`.
pub fn html(comparison: &Comparison, page: &Page) -> Result<String, PlotError> {
    let rows = &comparison.rows;
    let out = &mut Markup::default();
    put!(out, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>" {&page.title} "</title>\n<style>\n");
    out.tag(STYLE);
    put!(out, "</style>\n</head><body>\n<h1>" {&page.title} "</h1>\n<table class=\"setting\">\n");
    for (label, value) in &page.setting {
        put!(out, "<tr><th>" {label} "</th><td>" {value} "</td></tr>\n");
    }
    out.tag("</table>\n");
    problems(out, comparison);
    let lines = summary_lines(rows, page.shift);
    summary(out, &lines, page.shift);
    if !page.not_run.is_empty() {
        put!(out, "<p>Not run: " {page.not_run.join("; ")} ".</p>\n");
    }
    plots(out, rows, &lines, &page.title)?;
    instances(out, rows);
    let pictures = serde_json::to_vec(&page.pictures).map_err(|e| PlotError::Draw(e.to_string()))?;
    let packed = base64(&miniz_oxide::deflate::compress_to_vec_zlib(&pictures, 9));
    put!(out, "<script type=\"text/plain\" id=\"pictures\">" {packed} "</script>\n<script>\n");
    out.tag(SCRIPT);
    out.tag("</script>\n</body></html>\n");
    Ok(std::mem::take(out).finish())
}

/// Wrong answers and the runners' disagreements, when there are any.
fn problems(out: &mut Markup, comparison: &Comparison) {
    let wrong: Vec<&Row> = comparison.wrong_answers().collect();
    if wrong.is_empty() && comparison.findings.is_empty() {
        return;
    }
    out.tag("<section class=\"alarm\"><h2>Wrong answers and findings</h2><ul>\n");
    for r in wrong {
        let message = r.message.as_deref().unwrap_or("");
        put!(out, "<li>WRONG ANSWER on <b>" {&r.instance} "</b> by " {r.label()} ": " {message} "</li>\n");
    }
    for f in &comparison.findings {
        put!(out, "<li>runners disagree on <b>" {&f.what} "</b> of " {&f.instance} ": " {&f.one} " vs " {&f.other} "</li>\n");
    }
    out.tag("</ul></section>\n");
}

/// The summary table: text columns sort as text, the others as numbers.
fn summary(out: &mut Markup, lines: &[SummaryLine], shift: f64) {
    out.tag("<h2>Summary</h2>\n<table id=\"summary\" class=\"sortable\"><thead><tr>");
    out.tag("<th>formulation</th><th>backend</th><th data-num>instances</th><th data-num>solved</th>");
    for end in ENDS {
        put!(out, "<th data-num>" {end} "</th>");
    }
    put!(
        out,
        "<th data-num title=\"shifted geometric mean, shift " {shift} " s; unsolved at the longest time\">sgm s</th>\
         <th data-num>median s</th><th data-num>max s</th></tr></thead>\n"
    );
    let seconds = |out: &mut Markup, v: Option<f64>| match v {
        Some(v) => put!(out, "<td data-v=\"" {v} "\">" {format_args!("{v:.4}")} "</td>"),
        None => out.tag("<td>–</td>"),
    };
    // The runners sort in the body; the virtual best stays in the foot.
    let (runners, best): (Vec<&SummaryLine>, Vec<_>) = lines.iter().partition(|l| l.ends.is_some());
    for (open, close, lines) in [("<tbody>\n", "</tbody>", runners), ("<tfoot>\n", "</tfoot>", best)] {
        out.tag(open);
        for line in lines {
            put!(
                out,
                "<tr><td>" {&line.formulation} "</td><td>" {&line.backend} "</td><td>" {line.instances} "</td><td>" {line.solved} "</td>"
            );
            match line.ends {
                Some(ends) => ends.iter().for_each(|n| put!(out, "<td>" {n} "</td>")),
                None => ENDS.iter().for_each(|_| out.tag("<td>–</td>")),
            }
            seconds(out, line.sgm_s);
            seconds(out, line.median_s);
            seconds(out, line.max_s);
            out.tag("</tr>\n");
        }
        out.tag(close);
    }
    out.tag("</table>\n");
}

/// The cactus plot, the performance profile, and the scatter plot of the two runners with the
/// smallest shifted geometric means (of the summary's `lines`).
fn plots(out: &mut Markup, rows: &[Row], lines: &[SummaryLine], title: &str) -> Result<(), PlotError> {
    out.tag("<h2>Plots</h2>\n<div class=\"plots\">\n");
    out.plot(&cactus_plot(rows, title)?);
    out.plot(&profile_plot(rows, title)?);
    let mut runners: Vec<(f64, String)> = lines
        .iter()
        .filter(|l| l.ends.is_some())
        .map(|l| (l.sgm_s.unwrap_or(f64::MAX), format!("{}/{}", l.formulation, l.backend)))
        .collect();
    runners.sort_by(|a, b| a.0.total_cmp(&b.0));
    if let [(_, a), (_, b), ..] = runners.as_slice() {
        out.plot(&scatter_plot(rows, a, b, title)?);
    }
    out.tag("</div>\n");
    Ok(())
}

/// The instance × runner table, as data the script draws: runners, instances, and per row
/// `[instance, runner, verdict, solutions, wall seconds, checked]`.
fn instances(out: &mut Markup, rows: &[Row]) {
    let mut names: Vec<&str> = Vec::new();
    let mut runners: Vec<String> = Vec::new();
    let mut index: BTreeMap<&str, usize> = BTreeMap::new();
    let mut cells = Vec::with_capacity(rows.len());
    for r in rows {
        let i = *index.entry(&r.instance).or_insert_with(|| {
            names.push(&r.instance);
            names.len() - 1
        });
        let label = r.label();
        let k = runners.iter().position(|l| *l == label).unwrap_or_else(|| {
            runners.push(label);
            runners.len() - 1
        });
        let checked = match r.checked {
            Some(true) => "yes",
            Some(false) => "FAILED",
            None => "–",
        };
        cells.push(json!([i, k, r.verdict.to_string(), r.solutions, (r.wall_s * 1e6).round() / 1e6, checked]));
    }
    out.tag(
        "<h2>Instances</h2>\n<p class=\"filters\"><input id=\"filter\" type=\"search\" placeholder=\"instance or runner contains…\"> \
         <select id=\"status\"><option value=\"\">every status</option></select> <span id=\"shown\"></span></p>\n\
         <div class=\"split\"><div class=\"scroll\"><table id=\"instances\" class=\"sortable\"><thead><tr><th>instance</th>\
         <th>runner</th><th>status</th><th data-num>solutions</th><th data-num>wall s</th><th>checked</th></tr></thead>\
         <tbody></tbody></table><noscript>The instance table needs JavaScript.</noscript></div>\n\
         <aside id=\"picture\"><p>Click an instance to see the puzzle and its first solution.</p></aside></div>\n",
    );
    out.tag("<script type=\"application/json\" id=\"data\">");
    out.script_data(&json!({"instances": names, "runners": runners, "rows": cells}));
    out.tag("</script>\n");
}

/// Standard base64 with padding.
fn base64(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let n = chunk.iter().enumerate().fold(0u32, |n, (i, &b)| n | u32::from(b) << (16 - 8 * i));
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(char::from(ALPHABET[(n >> (18 - 6 * i)) as usize & 63]));
            } else {
                out.push('=');
            }
        }
    }
    out
}

const STYLE: &str = include_str!("html/report.css");
const SCRIPT: &str = include_str!("html/report.js");

#[cfg(test)]
mod tests {
    use super::*;
    use crate::row::Verdict;
    use masu_core::{Backend, Status};

    #[test]
    fn base64_pads_as_the_standard_says() {
        assert_eq!(base64(b""), "");
        assert_eq!(base64(b"f"), "Zg==");
        assert_eq!(base64(b"fo"), "Zm8=");
        assert_eq!(base64(b"foo"), "Zm9v");
        assert_eq!(base64(b"foobar"), "Zm9vYmFy");
    }

    #[test]
    fn a_report_escapes_names_and_keeps_its_data_inside_the_script() {
        let mut row = Row::new("a<b>.txt:1", "", "all-different", Backend::CpSat);
        row.verdict = Verdict::Status(Status::Unique);
        row.solutions = 1;
        row.wall_s = 0.5;
        let mut other = row.clone();
        other.instance = "x</script>".into();
        let mut third = row.clone();
        third.instance = "<!--<script>y".into();
        let comparison = Comparison::of(vec![row, other, third]);
        let page = Page { title: "t & u".into(), shift: 0.01, ..Page::default() };
        let html = html(&comparison, &page).unwrap();
        assert!(html.contains("<h1>t &amp; u</h1>"));
        assert_eq!(html.matches("</script>").count(), 3, "only the three scripts close");
        assert!(html.contains("x\\u003c/script\\u003e"));
        // No `<` inside the embedded data: `<!--` and `<script` cannot open a state of the
        // script element's parser.
        let data = html.split("id=\"data\">").nth(1).and_then(|d| d.split("</script>").next()).unwrap();
        assert!(!data.contains('<') && data.contains("\\u003c!--\\u003cscript\\u003ey"), "{data}");
        assert!(html.contains("<td>all-different</td><td>cp-sat</td><td>3</td><td>3</td><td>3</td>"));
    }
}
