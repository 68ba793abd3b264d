//! Comparing backends and formulations on the same instances.
//!
//! Every instance runs on every [`Runner`] (a formulation on a backend, or any function that
//! answers like one). Each answer is re-checked here by the kind's own checker, whatever the
//! runner says; all runners that finished must agree on satisfiability, and on the solution
//! where one says it is unique. The result renders as an aligned table, CSV, JSON, and a
//! cactus plot (instances solved against time, one line per runner).

use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use masu_core::{Backend, Error, Report, SolveOptions};

use crate::kinds::PuzzleKind;

/// One puzzle to compare on, with the name it is reported under (file and line).
#[derive(Debug)]
pub struct Instance<P> {
    /// Where it comes from, e.g. `norvig/top95.txt:3`.
    pub name: String,
    /// The puzzle.
    pub puzzle: P,
}

/// How one runner answers a puzzle.
pub type SolveFn<'a, K> = Box<
    dyn Fn(&<K as PuzzleKind>::Puzzle, &SolveOptions) -> Result<Report<<K as PuzzleKind>::Solution>, Error>
        + Send
        + Sync
        + 'a,
>;

/// A formulation on a backend, as one column of the comparison.
pub struct Runner<'a, K: PuzzleKind> {
    /// The formulation's name.
    pub formulation: String,
    /// The backend.
    pub backend: Backend,
    /// How it answers; [`Runner::new`] uses the kind's own solve.
    pub solve: SolveFn<'a, K>,
}

impl<K: PuzzleKind> std::fmt::Debug for Runner<'_, K> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Runner({} on {})", self.formulation, self.backend)
    }
}

impl<'a, K: PuzzleKind + 'a> Runner<'a, K> {
    /// The kind's `formulation` on `backend`.
    pub fn new(formulation: K::Formulation, backend: Backend) -> Runner<'a, K>
    where
        K::Formulation: Send + Sync,
    {
        Runner {
            formulation: formulation.to_string(),
            backend,
            solve: Box::new(move |puzzle, options| K::solve(puzzle, formulation, backend, options)),
        }
    }

    /// The name of the column: `formulation/backend`.
    pub fn label(&self) -> String {
        format!("{}/{}", self.formulation, self.backend)
    }
}

/// One instance on one runner.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Row {
    /// The instance's name.
    pub instance: String,
    /// The formulation.
    pub formulation: String,
    /// The backend.
    pub backend: Backend,
    /// `unique`, `multiple`, `solved`, `infeasible`, `timed-out`, `stuck`, `interrupted`,
    /// `too-large`, `error`, or `WRONG-ANSWER`.
    pub status: String,
    /// Solutions found.
    pub solutions: usize,
    /// Model variables.
    pub variables: usize,
    /// Model constraints.
    pub constraints: usize,
    /// Building the model, seconds (median over repeats).
    pub build_s: f64,
    /// Wall time of the whole solve as the caller sees it, seconds (median over repeats).
    pub wall_s: f64,
    /// The backend's own time, seconds, where it reports one.
    pub backend_s: Option<f64>,
    /// Threads the backend was allowed (`None`: its default).
    pub threads: Option<u32>,
    /// Whether every solution passed the checker (`None` when there was none to check).
    pub checked: Option<bool>,
    /// The error or the checker's complaint.
    pub message: Option<String>,
    /// The first solution, for cross-checking.
    #[serde(skip)]
    pub first_solution: Option<serde_json::Value>,
}

impl Row {
    /// Whether the runner reached a conclusion (not a timeout, refusal or error).
    pub fn finished(&self) -> bool {
        matches!(self.status.as_str(), "unique" | "multiple" | "solved" | "infeasible")
    }
}

/// Two runners that disagree on an instance.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Finding {
    /// The instance.
    pub instance: String,
    /// What they disagree on.
    pub what: String,
    /// One side: `runner: answer`.
    pub one: String,
    /// The other side.
    pub other: String,
}

/// The outcome of a comparison.
#[derive(Clone, Debug, Default, serde::Serialize)]
pub struct Comparison {
    /// One row per instance and runner, in instance order.
    pub rows: Vec<Row>,
    /// Disagreements between runners.
    pub findings: Vec<Finding>,
}

impl Comparison {
    /// Rows whose answer failed the checker.
    pub fn wrong_answers(&self) -> impl Iterator<Item = &Row> {
        self.rows.iter().filter(|r| r.checked == Some(false))
    }
}

fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    values.get(values.len() / 2).copied().unwrap_or(0.0)
}

/// Runs one instance on one runner `repeat` times and checks every answer.
fn run_one<K: PuzzleKind>(
    instance: &Instance<K::Puzzle>,
    runner: &Runner<K>,
    options: &SolveOptions,
    repeat: usize,
) -> Row {
    let mut row = Row {
        instance: instance.name.clone(),
        formulation: runner.formulation.clone(),
        backend: runner.backend,
        status: String::new(),
        solutions: 0,
        variables: 0,
        constraints: 0,
        build_s: 0.0,
        wall_s: 0.0,
        backend_s: None,
        threads: options.threads,
        checked: None,
        message: None,
        first_solution: None,
    };
    let (mut walls, mut builds, mut backends) = (Vec::new(), Vec::new(), Vec::new());
    for _ in 0..repeat.max(1) {
        let started = Instant::now();
        let result = (runner.solve)(&instance.puzzle, options);
        walls.push(started.elapsed().as_secs_f64());
        match result {
            Ok(report) => {
                let failed = report.solutions.iter().find_map(|s| K::check(&instance.puzzle, s).err());
                row.status = report.status.name().to_string();
                row.solutions = report.solutions.len();
                row.variables = report.stats.variables;
                row.constraints = report.stats.constraints;
                row.first_solution = report.solutions.first().map(K::to_json);
                builds.push(report.stats.build_time.as_secs_f64());
                backends.extend(report.stats.backend_time.map(|d| d.as_secs_f64()));
                row.checked = (!report.solutions.is_empty()).then_some(failed.is_none());
                if let Some(reason) = failed {
                    row.status = "WRONG-ANSWER".into();
                    row.message = Some(reason);
                    break;
                }
            }
            Err(Error::WrongAnswer { reason, .. }) => {
                row.status = "WRONG-ANSWER".into();
                row.checked = Some(false);
                row.message = Some(reason);
                break;
            }
            Err(e) => {
                row.status = if matches!(e, Error::TooLarge(_)) { "too-large" } else { "error" }.into();
                row.message = Some(e.to_string());
                break;
            }
        }
    }
    row.wall_s = median(walls);
    row.build_s = median(builds);
    row.backend_s = (!backends.is_empty()).then(|| median(backends));
    row
}

/// Every instance on every runner. `jobs` instances run at once (each runner's own threads
/// come from `options.threads`); `on_done` is called after each instance (for a progress
/// bar). Stops early, keeping what finished, when `options.interrupt` fires.
pub fn compare<K: PuzzleKind>(
    instances: &[Instance<K::Puzzle>],
    runners: &[Runner<K>],
    options: &SolveOptions,
    repeat: usize,
    jobs: usize,
    on_done: &(dyn Fn() + Sync),
) -> Comparison
where
    K::Puzzle: Sync,
{
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<Vec<Row>>>> = Mutex::new(vec![None; instances.len()]);
    let work = || {
        loop {
            let i = next.fetch_add(1, Ordering::SeqCst);
            if i >= instances.len() || options.interrupt.is_interrupted() {
                return;
            }
            let rows: Vec<Row> = runners.iter().map(|r| run_one::<K>(&instances[i], r, options, repeat)).collect();
            if let Ok(mut results) = results.lock() {
                results[i] = Some(rows);
            }
            on_done();
        }
    };
    std::thread::scope(|scope| {
        for _ in 1..jobs.max(1) {
            scope.spawn(work);
        }
        work();
    });
    let rows: Vec<Row> = results.into_inner().unwrap_or_default().into_iter().flatten().flatten().collect();
    let findings = cross_check(&rows);
    Comparison { rows, findings }
}

/// All finished rows of an instance must agree on satisfiability, and a unique answer must
/// be the same solution as every other runner's.
fn cross_check(rows: &[Row]) -> Vec<Finding> {
    let mut findings = Vec::new();
    let mut start = 0;
    while start < rows.len() {
        let end =
            rows[start..].iter().position(|r| r.instance != rows[start].instance).map_or(rows.len(), |n| start + n);
        let finished: Vec<&Row> =
            rows[start..end].iter().filter(|r| r.finished() && r.checked != Some(false)).collect();
        let describe = |r: &Row| format!("{}/{}: {}", r.formulation, r.backend, r.status);
        for (i, a) in finished.iter().enumerate() {
            for b in &finished[i + 1..] {
                let (a_sat, b_sat) = (a.status != "infeasible", b.status != "infeasible");
                let what = if a_sat != b_sat {
                    Some("satisfiability")
                } else if (a.status == "unique" && b.status == "multiple")
                    || (a.status == "multiple" && b.status == "unique")
                {
                    Some("uniqueness")
                } else if a.status == "unique" && b.solutions > 0 && a.first_solution != b.first_solution
                    || b.status == "unique" && a.solutions > 0 && a.first_solution != b.first_solution
                {
                    Some("the unique solution")
                } else {
                    None
                };
                if let Some(what) = what {
                    findings.push(Finding {
                        instance: a.instance.clone(),
                        what: what.into(),
                        one: describe(a),
                        other: describe(b),
                    });
                }
            }
        }
        start = end;
    }
    findings
}

fn optional(v: Option<f64>) -> String {
    v.map_or("–".into(), |v| format!("{v:.4}"))
}

/// An aligned table, one line per row, then the findings and wrong answers.
pub fn table(comparison: &Comparison) -> String {
    let header = [
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
    let mut lines: Vec<Vec<String>> = vec![header.iter().map(|s| s.to_string()).collect()];
    for r in &comparison.rows {
        lines.push(vec![
            r.instance.clone(),
            r.formulation.clone(),
            r.backend.to_string(),
            r.status.clone(),
            r.solutions.to_string(),
            r.variables.to_string(),
            r.constraints.to_string(),
            format!("{:.4}", r.build_s),
            format!("{:.4}", r.wall_s),
            optional(r.backend_s),
            match r.checked {
                Some(true) => "yes".into(),
                Some(false) => "FAILED".into(),
                None => "–".into(),
            },
        ]);
    }
    let widths: Vec<usize> =
        (0..header.len()).map(|c| lines.iter().map(|l| l[c].chars().count()).max().unwrap_or(0)).collect();
    let mut out = String::new();
    for line in &lines {
        let cells: Vec<String> = line
            .iter()
            .zip(&widths)
            .enumerate()
            .map(|(c, (cell, &w))| if c >= 4 && c != 10 { format!("{cell:>w$}") } else { format!("{cell:<w$}") })
            .collect();
        out.push_str(cells.join("  ").trim_end());
        out.push('\n');
    }
    for r in comparison.wrong_answers() {
        out.push_str(&format!(
            "WRONG ANSWER: {} {}/{}: {}\n",
            r.instance,
            r.formulation,
            r.backend,
            r.message.as_deref().unwrap_or("")
        ));
    }
    for f in &comparison.findings {
        out.push_str(&format!("FINDING: {} disagree on {}: {} vs {}\n", f.instance, f.what, f.one, f.other));
    }
    out
}

/// One line per runner: instances, how they ended, median and max wall time, as a
/// Markdown table.
pub fn summary(comparison: &Comparison) -> String {
    let mut by_runner: std::collections::BTreeMap<(String, String), Vec<&Row>> = std::collections::BTreeMap::new();
    for r in &comparison.rows {
        by_runner.entry((r.formulation.clone(), r.backend.to_string())).or_default().push(r);
    }
    let mut out = String::from(
        "| formulation | backend | instances | unique | multiple | infeasible | timed out | other | wrong | median s | max s |\n\
         |---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n",
    );
    for ((formulation, backend), rows) in by_runner {
        let n = |status: &str| rows.iter().filter(|r| r.status == status).count();
        let known = n("unique") + n("multiple") + n("infeasible") + n("timed-out") + n("WRONG-ANSWER");
        let walls: Vec<f64> = rows.iter().map(|r| r.wall_s).collect();
        let max = walls.iter().copied().fold(0.0, f64::max);
        out.push_str(&format!(
            "| {formulation} | {backend} | {} | {} | {} | {} | {} | {} | {} | {:.4} | {max:.4} |\n",
            rows.len(),
            n("unique"),
            n("multiple"),
            n("infeasible"),
            n("timed-out"),
            rows.len() - known,
            n("WRONG-ANSWER"),
            median(walls),
        ));
    }
    out
}

/// CSV with a header line.
pub fn csv(comparison: &Comparison) -> String {
    let quote =
        |s: &str| if s.contains([',', '"', '\n']) { format!("\"{}\"", s.replace('"', "\"\"")) } else { s.to_string() };
    let mut out = String::from(
        "instance,formulation,backend,status,solutions,variables,constraints,build_s,wall_s,backend_s,threads,checked,message\n",
    );
    for r in &comparison.rows {
        out.push_str(&format!(
            "{},{},{},{},{},{},{},{:.6},{:.6},{},{},{},{}\n",
            quote(&r.instance),
            r.formulation,
            r.backend,
            r.status,
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

/// A cactus plot as SVG: for each runner, its finished instances sorted by wall time; the
/// x axis counts instances solved, the y axis (logarithmic) is seconds.
pub fn cactus_plot(comparison: &Comparison, title: &str) -> Result<String, String> {
    use plotters::prelude::*;
    let mut series: std::collections::BTreeMap<String, Vec<f64>> = std::collections::BTreeMap::new();
    for r in &comparison.rows {
        let times = series.entry(format!("{}/{}", r.formulation, r.backend)).or_default();
        if r.finished() && r.checked != Some(false) {
            times.push(r.wall_s.max(1e-6));
        }
    }
    let max_n = series.values().map(Vec::len).max().unwrap_or(0).max(1);
    let (lo, hi) = series.values().flatten().fold((f64::MAX, f64::MIN), |(lo, hi), &t| (lo.min(t), hi.max(t)));
    let (lo, hi) = if lo > hi { (1e-4, 1.0) } else { (lo / 2.0, hi * 2.0) };
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (800, 500)).into_drawing_area();
        root.fill(&WHITE).map_err(|e| e.to_string())?;
        let mut chart = ChartBuilder::on(&root)
            .caption(title, ("sans-serif", 20))
            .margin(15)
            .x_label_area_size(40)
            .y_label_area_size(60)
            .build_cartesian_2d(0..max_n, (lo..hi).log_scale())
            .map_err(|e| e.to_string())?;
        chart
            .configure_mesh()
            .x_desc("instances solved")
            .y_desc("seconds per instance (log)")
            .draw()
            .map_err(|e| e.to_string())?;
        for (i, (label, times)) in series.iter_mut().enumerate() {
            times.sort_by(f64::total_cmp);
            let color = Palette99::pick(i).to_rgba();
            let points: Vec<(usize, f64)> = times.iter().enumerate().map(|(k, &t)| (k + 1, t)).collect();
            chart
                .draw_series(LineSeries::new(points.clone(), color.stroke_width(2)))
                .map_err(|e| e.to_string())?
                .label(label.clone())
                .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], color.stroke_width(2)));
            chart.draw_series(points.iter().map(|&p| Circle::new(p, 2, color.filled()))).map_err(|e| e.to_string())?;
        }
        chart
            .configure_series_labels()
            .position(SeriesLabelPosition::UpperLeft)
            .background_style(WHITE.mix(0.8))
            .border_style(BLACK)
            .draw()
            .map_err(|e| e.to_string())?;
        root.present().map_err(|e| e.to_string())?;
    }
    Ok(svg)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(instance: &str, formulation: &str, status: &str, solution: Option<serde_json::Value>) -> Row {
        Row {
            instance: instance.into(),
            formulation: formulation.into(),
            backend: Backend::Native,
            status: status.into(),
            solutions: usize::from(solution.is_some()),
            variables: 0,
            constraints: 0,
            build_s: 0.0,
            wall_s: 0.0,
            backend_s: None,
            threads: None,
            checked: solution.as_ref().map(|_| true),
            message: None,
            first_solution: solution,
        }
    }

    #[test]
    fn cross_check_reports_disagreements() {
        let a = serde_json::json!([1]);
        let b = serde_json::json!([2]);
        let rows = vec![
            row("x", "one", "unique", Some(a.clone())),
            row("x", "two", "infeasible", None),
            row("y", "one", "unique", Some(a.clone())),
            row("y", "two", "unique", Some(b)),
            row("z", "one", "unique", Some(a.clone())),
            row("z", "two", "timed-out", None),
            row("z", "three", "unique", Some(a)),
        ];
        let findings = cross_check(&rows);
        let whats: Vec<(&str, &str)> = findings.iter().map(|f| (f.instance.as_str(), f.what.as_str())).collect();
        assert_eq!(whats, [("x", "satisfiability"), ("y", "the unique solution")]);
    }
}
