//! Writers: an aligned table of rows, Markdown summaries per runner (and per group), CSV,
//! and sections of a Markdown file rewritten in place.

use std::collections::BTreeMap;
use std::path::Path;

use masu_core::Status;

use crate::row::{Row, Verdict};
use crate::run::Comparison;
use crate::stats::{fixed, max, median, readable};

/// An aligned table, one line per row, then the wrong answers and findings.
pub fn table(comparison: &Comparison) -> String {
    let certifying = comparison.rows.iter().any(|r| r.certified.is_some());
    let mut header = vec![
        "instance",
        "formulation",
        "backend",
        "status",
        "sols",
        "vars",
        "cons",
        "build s",
        "wall s",
        "backend s",
        "checked",
    ];
    if certifying {
        header.push("certified");
    }
    let mut lines: Vec<Vec<String>> = vec![header.iter().map(|s| s.to_string()).collect()];
    for r in &comparison.rows {
        lines.push(vec![
            r.instance.clone(),
            r.formulation.clone(),
            r.backend.to_string(),
            r.verdict.to_string(),
            r.solutions.to_string(),
            r.variables.to_string(),
            r.constraints.to_string(),
            format!("{:.4}", r.build_s),
            format!("{:.4}", r.wall_s),
            fixed(r.backend_s, 4),
            match r.checked {
                Some(true) => "yes".into(),
                Some(false) => "FAILED".into(),
                None => "–".into(),
            },
        ]);
        if certifying {
            let certified = match r.certified {
                Some(true) => "yes",
                Some(false) => "no",
                None => "–",
            };
            lines.last_mut().expect("a line was pushed").push(certified.into());
        }
    }
    let widths: Vec<usize> =
        (0..header.len()).map(|c| lines.iter().map(|l| l[c].chars().count()).max().unwrap_or(0)).collect();
    let mut out = String::new();
    for line in &lines {
        let cells: Vec<String> = line
            .iter()
            .zip(&widths)
            .enumerate()
            .map(|(c, (cell, &w))| if (4..10).contains(&c) { format!("{cell:>w$}") } else { format!("{cell:<w$}") })
            .collect();
        out.push_str(cells.join("  ").trim_end());
        out.push('\n');
    }
    for r in comparison.wrong_answers() {
        let message = r.message.as_deref().unwrap_or("");
        out.push_str(&format!("WRONG ANSWER: {} {}: {message}\n", r.instance, r.label()));
    }
    for f in &comparison.findings {
        out.push_str(&format!("FINDING: {} disagree on {}: {} vs {}\n", f.instance, f.what, f.one, f.other));
    }
    out
}

/// What a runner did over many instances.
#[derive(Debug, Default)]
pub struct Tally {
    /// Instances run.
    pub instances: usize,
    /// Instances with a checked answer (timed out or not).
    pub answered: usize,
    /// Instances solved: an answer proved or found, checked (unique, multiple, solved,
    /// infeasible).
    pub solved: usize,
    /// Rows by verdict.
    pub verdicts: BTreeMap<Verdict, usize>,
    /// Wall seconds of each row.
    pub walls: Vec<f64>,
}

impl Tally {
    /// Rows with verdict `v`.
    pub fn n(&self, v: Verdict) -> usize {
        self.verdicts.get(&v).copied().unwrap_or(0)
    }
    /// Rows with status `s`.
    pub fn status(&self, s: Status) -> usize {
        self.n(Verdict::Status(s))
    }
    /// The tally of `rows` as one group.
    pub fn of(rows: &[Row]) -> Tally {
        let mut tally = Tally::default();
        rows.iter().for_each(|row| tally.add(row));
        tally
    }
    fn add(&mut self, row: &Row) {
        self.instances += 1;
        self.answered += usize::from(row.solutions > 0 && row.checked != Some(false));
        self.solved += usize::from(row.finished());
        *self.verdicts.entry(row.verdict).or_default() += 1;
        self.walls.push(row.wall_s);
    }
}

/// Tallies of `rows` by `key`, in key order.
pub fn tallies<K: Ord>(rows: &[Row], key: impl Fn(&Row) -> K) -> BTreeMap<K, Tally> {
    let mut tallies: BTreeMap<K, Tally> = BTreeMap::new();
    for row in rows {
        tallies.entry(key(row)).or_default().add(row);
    }
    tallies
}

/// One line of a summary: a runner's, or the virtual best's (its counts by verdict `None`).
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct SummaryLine {
    /// The formulation, or `virtual best`.
    pub formulation: String,
    /// The backend, or `–` for the virtual best.
    pub backend: String,
    /// Instances run.
    pub instances: usize,
    /// Instances solved: an answer proved or found, checked.
    pub solved: usize,
    /// Instances ended unique, multiple, infeasible, timed out, otherwise, and answered wrong.
    pub ends: Option<[usize; 6]>,
    /// The shifted geometric mean of the wall times, seconds.
    pub sgm_s: Option<f64>,
    /// Median wall time, seconds.
    pub median_s: Option<f64>,
    /// Longest wall time, seconds.
    pub max_s: Option<f64>,
}

/// The names of [`SummaryLine::ends`], in order.
pub const ENDS: [&str; 6] = ["unique", "multiple", "infeasible", "timed out", "other", "wrong"];

/// A line per runner: instances, those solved (an answer proved or found, checked), how they
/// ended, the shifted geometric mean of the wall times (`shift` seconds; an instance not
/// solved counts at the longest time of the comparison, which is the time limit when one was
/// reached), and median and max wall time; then, with two runners or more, the virtual best:
/// each instance at its best runner's time.
pub fn summary_lines(rows: &[Row], shift: f64) -> Vec<SummaryLine> {
    let penalty = max(&rows.iter().map(|r| r.wall_s).collect::<Vec<_>>()).unwrap_or(0.0);
    let charged = |r: &Row| if r.finished() { r.wall_s } else { penalty.max(r.wall_s) };
    let by_runner = tallies(rows, |r| (r.formulation.clone(), r.backend.to_string()));
    let mut lines = Vec::new();
    for ((formulation, backend), t) in &by_runner {
        let named = [Status::Unique, Status::Multiple, Status::Infeasible, Status::TimedOut].map(|s| t.status(s));
        let wrong = t.n(Verdict::WrongAnswer);
        let other = t.instances - named.iter().sum::<usize>() - wrong;
        let mine: Vec<f64> = rows
            .iter()
            .filter(|r| &r.formulation == formulation && &r.backend.to_string() == backend)
            .map(charged)
            .collect();
        lines.push(SummaryLine {
            formulation: formulation.clone(),
            backend: backend.clone(),
            instances: t.instances,
            solved: t.solved,
            ends: Some([named[0], named[1], named[2], named[3], other, wrong]),
            sgm_s: crate::stats::shifted_geometric_mean(&mine, shift),
            median_s: median(&t.walls),
            max_s: max(&t.walls),
        });
    }
    if by_runner.len() > 1 {
        let mut best: BTreeMap<&str, Option<f64>> = BTreeMap::new();
        for r in rows {
            let entry = best.entry(&r.instance).or_default();
            if r.finished() {
                *entry = Some(entry.map_or(r.wall_s, |b: f64| b.min(r.wall_s)));
            }
        }
        let times: Vec<f64> = best.values().map(|b| b.unwrap_or(penalty)).collect();
        lines.push(SummaryLine {
            formulation: "virtual best".into(),
            backend: "–".into(),
            instances: best.len(),
            solved: best.values().filter(|b| b.is_some()).count(),
            ends: None,
            sgm_s: crate::stats::shifted_geometric_mean(&times, shift),
            median_s: median(&times),
            max_s: max(&times),
        });
    }
    lines
}

/// [`summary_lines`] as a Markdown table.
pub fn summary(rows: &[Row], shift: f64) -> String {
    let mut out = String::from(
        "| formulation | backend | instances | solved | unique | multiple | infeasible | timed out | other | wrong | sgm | median | max |\n\
         |---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n",
    );
    for line in summary_lines(rows, shift) {
        let ends = match line.ends {
            Some(ends) => ends.map(|n| n.to_string()),
            None => std::array::from_fn(|_| "–".to_string()),
        };
        out.push_str(&format!(
            "| {} | {} | {} | {} | {} | {} | {} | {} |\n",
            line.formulation,
            line.backend,
            line.instances,
            line.solved,
            ends.join(" | "),
            readable(line.sgm_s),
            readable(line.median_s),
            readable(line.max_s),
        ));
    }
    if rows.iter().any(|r| r.certified.is_some()) {
        // Per runner (every one, those with nothing to certify at 0 of 0): accepted, certified.
        let mut by_runner: BTreeMap<String, (usize, usize)> = BTreeMap::new();
        for r in rows {
            let (accepted, tried) = by_runner.entry(r.label()).or_default();
            *accepted += usize::from(r.certified == Some(true));
            *tried += usize::from(r.certified.is_some());
        }
        let said: Vec<String> =
            by_runner.iter().map(|(label, (accepted, tried))| format!("{label} {accepted} of {tried}")).collect();
        out.push_str(&format!(
            "\nCertified (`--certify`, of the verdicts that claim no further solution): {}.\n",
            said.join(", ")
        ));
    }
    out
}

/// [`summary_lines`] as CSV with a header line: times in seconds, empty where there is none
/// (the virtual best's status columns).
pub fn summary_csv(rows: &[Row], shift: f64) -> String {
    let mut out = String::from(
        "formulation,backend,instances,solved,unique,multiple,infeasible,timed_out,other,wrong,sgm_s,median_s,max_s\n",
    );
    let seconds = |v: Option<f64>| v.map_or(String::new(), |v| v.to_string());
    for line in summary_lines(rows, shift) {
        let ends = line.ends.map_or(vec![String::new(); 6], |ends| ends.map(|n| n.to_string()).to_vec());
        out.push_str(&format!(
            "{},{},{},{},{},{},{},{}\n",
            line.formulation,
            line.backend,
            line.instances,
            line.solved,
            ends.join(","),
            seconds(line.sgm_s),
            seconds(line.median_s),
            seconds(line.max_s),
        ));
    }
    out
}

/// One Markdown line per group and runner: instances, those answered, how they ended, and
/// median and max wall time in milliseconds.
pub fn group_summary(rows: &[Row]) -> String {
    let mut out = String::from(
        "| set | formulation | backend | puzzles | answered | unique | multiple | infeasible | timed out | too large | other | wrong | median | max |\n\
         |---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n",
    );
    for ((group, formulation, backend), t) in
        tallies(rows, |r| (r.group.clone(), r.formulation.clone(), r.backend.to_string()))
    {
        let named = [Status::Unique, Status::Multiple, Status::Infeasible, Status::TimedOut]
            .iter()
            .map(|&s| t.status(s))
            .sum::<usize>()
            + t.n(Verdict::TooLarge)
            + t.n(Verdict::WrongAnswer);
        out.push_str(&format!(
            "| {group} | {formulation} | {backend} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} |\n",
            t.instances,
            t.answered,
            t.status(Status::Unique),
            t.status(Status::Multiple),
            t.status(Status::Infeasible),
            t.status(Status::TimedOut),
            t.n(Verdict::TooLarge),
            t.instances - named,
            t.n(Verdict::WrongAnswer),
            readable(median(&t.walls)),
            readable(max(&t.walls)),
        ));
    }
    out
}

/// CSV with a header line.
pub fn csv(rows: &[Row]) -> String {
    let quote =
        |s: &str| if s.contains([',', '"', '\n']) { format!("\"{}\"", s.replace('"', "\"\"")) } else { s.to_string() };
    let mut out = String::from(
        "instance,formulation,backend,status,solutions,variables,constraints,build_s,wall_s,backend_s,threads,checked,message\n",
    );
    for r in rows {
        out.push_str(&format!(
            "{},{},{},{},{},{},{},{:.6},{:.6},{},{},{},{}\n",
            quote(&r.instance),
            r.formulation,
            r.backend,
            r.verdict,
            r.solutions,
            r.variables,
            r.constraints,
            r.build_s,
            r.wall_s,
            r.backend_s.map_or(String::new(), |v| format!("{v:.6}")),
            r.threads.map_or(String::new(), |t| t.to_string()),
            r.checked.map_or(String::new(), |c| c.to_string()),
            quote(r.message.as_deref().unwrap_or("")),
        ));
    }
    out
}

/// Replaces (or appends) the section between `<!-- NAME:start -->` and `<!-- NAME:end -->`
/// in the Markdown file `path`, which `preamble` starts when it does not exist yet.
pub fn write_section(path: &Path, name: &str, section: &str, preamble: &str) -> std::io::Result<()> {
    let (start, end) = (format!("<!-- {name}:start -->"), format!("<!-- {name}:end -->"));
    let mut text = std::fs::read_to_string(path).unwrap_or_else(|_| preamble.to_string());
    let block = format!("{start}\n{section}{end}\n");
    match (text.find(&start), text.find(&end)) {
        (Some(a), Some(b)) if a < b => text.replace_range(a..b + end.len() + 1, &block),
        _ => {
            text.push('\n');
            text.push_str(&block);
        }
    }
    std::fs::write(path, text)
}

/// This machine, for the head of a benchmark table: cores, processor, memory.
pub fn machine() -> String {
    let cpu = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("model name"))
                .map(|l| l.split(':').nth(1).unwrap_or("").trim().to_string())
        })
        .unwrap_or_else(|| "unknown CPU".into());
    let cores = std::thread::available_parallelism().map_or(0, |n| n.get());
    let memory = std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|s| s.lines().next().and_then(|l| l.split_whitespace().nth(1)).and_then(|kb| kb.parse::<u64>().ok()))
        .map_or("?".into(), |kb| format!("{} GiB", kb / 1024 / 1024));
    format!("{cores} cores ({cpu}), {memory}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_section_is_replaced_in_place_or_appended() {
        let path = std::env::temp_dir().join(format!("masu-section-{}.md", std::process::id()));
        let _ = std::fs::remove_file(&path);
        write_section(&path, "a", "one\n", "# Head\n").unwrap();
        write_section(&path, "b", "two\n", "# Head\n").unwrap();
        write_section(&path, "a", "three\n", "# Head\n").unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        assert_eq!(
            text,
            "# Head\n\n<!-- a:start -->\nthree\n<!-- a:end -->\n\n<!-- b:start -->\ntwo\n<!-- b:end -->\n"
        );
        std::fs::remove_file(&path).unwrap();
    }
}
