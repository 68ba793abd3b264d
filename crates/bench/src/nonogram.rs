//! Nonogram: every formulation × backend on four collections' samples; the native solver on
//! every puzzle of every collection, and the survey's giants.

use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::Result;
use masu_core::{SolveOptions, Status};
use masu_harness::Verdict;
use masu_harness::stats::{fixed, max, median, quantile};
use masu_harness::write::{Tally, machine};
use masu_harness::{Row, Runner};
use masu_kinds::nonogram::{Formulation, Nonogram};

use super::{command, every_kth, publish, read_each, rows_of};

/// The median of whole counts, or `–`.
fn median_count(values: &[usize]) -> String {
    let values: Vec<f64> = values.iter().map(|&v| v as f64).collect();
    median(&values).map_or("–".into(), |v| format!("{v}"))
}

pub(crate) fn formulations(data: &Path) -> Result<()> {
    let dir = data.join("nonogram");
    let sets: [(&str, Vec<PathBuf>); 4] = [
        ("webpbn survey", every_kth(&dir.join("webpbn-survey/json"), usize::MAX)?),
        ("nonogram-db", every_kth(&dir.join("nonogram-db/json"), usize::MAX)?),
        ("TAAI/TCGA (20)", every_kth(&dir.join("taai-tournament/json"), 20)?),
        ("janko (40)", every_kth(&dir.join("janko-puzzlekit/json"), 40)?),
    ];
    let time_limit = Duration::from_secs(10);
    let options = SolveOptions {
        clock: masu_core::Clock::within(Some(time_limit)),
        solution_limit: 2,
        ..SolveOptions::default()
    };
    let mut table = String::from(
        "| set | formulation | backend | puzzles | unique | multiple | timed out | refused (too large) | errors | median s | max s | median variables | median constraints | median build s | median solve s |\n\
         |---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n",
    );
    for (set, files) in &sets {
        let instances = read_each::<Nonogram>(files)?;
        for (formulation, backend) in masu_core::runnable::<Nonogram>() {
            let rows = rows_of(&instances, Runner::new(formulation, backend), &options);
            let solved: Vec<&Row> = rows.iter().filter(|r| matches!(r.verdict, Verdict::Status(_))).collect();
            let t = Tally::of(&rows);
            let of = |f: fn(&Row) -> f64| solved.iter().map(|r| f(r)).collect::<Vec<f64>>();
            let walls = of(|r| r.wall_s);
            table.push_str(&format!(
                "| {set} | {formulation} | {backend} | {} | {} | {} | {} | {} | {} | {} | {} | {} |\n",
                settled(&t),
                t.n(Verdict::TooLarge),
                t.n(Verdict::Error) + t.n(Verdict::WrongAnswer),
                fixed(median(&walls), 4),
                fixed(max(&walls), 4),
                median_count(&solved.iter().map(|r| r.variables).collect::<Vec<_>>()),
                median_count(&solved.iter().map(|r| r.constraints).collect::<Vec<_>>()),
                fixed(median(&of(|r| r.build_s)), 4),
                fixed(median(&of(|r| r.solve_s)), 4),
            ));
        }
    }
    publish(
        "nonogram",
        &format!(
            "## Nonogram\n\nMachine: {}. Command: {}, release profile, {} s time limit per solve, solution limit 2 \
             (solve and decide uniqueness), backends' default threads. *timed out* counts line solvers that ended \
             stuck as well; *refused* are puzzles whose pattern enumeration exceeds the default size limit \
             (100,000 placements). Model size is the formulation's own unit (CP-SAT/MILP variables and \
             constraints; for native and line solvers, cells and lines).\n\n{table}",
            machine(),
            command("nonogram", "nonogram-formulations"),
            time_limit.as_secs()
        ),
    )
}

/// The native solver over whole collections (10 s per puzzle), and the survey's giants with
/// `native` and `automaton` (60 s): times are per puzzle over all of them.
pub(crate) fn native(data: &Path) -> Result<()> {
    let dir = data.join("nonogram");
    let giants = [
        "webpbn-gramcracker/json/gramcracker-webpbn-18297.json",
        "webpbn-gramcracker/json/gramcracker-webpbn-22336.json",
        "webpbn-survey/json/survey-faase.json",
    ];
    let is_giant = |f: &PathBuf| giants.iter().any(|g| f.ends_with(g));
    let mut runs: Vec<(String, Vec<PathBuf>, Formulation, Duration)> = Vec::new();
    for collection in ["janko-puzzlekit", "nonogram-db", "taai-tournament", "webpbn-survey", "webpbn-gramcracker"] {
        let files: Vec<PathBuf> =
            every_kth(&dir.join(collection).join("json"), usize::MAX)?.into_iter().filter(|f| !is_giant(f)).collect();
        runs.push((format!("{collection} (all but the giants)"), files, Formulation::Native, Duration::from_secs(10)));
    }
    for formulation in [Formulation::Native, Formulation::Automaton] {
        for giant in giants {
            let file = dir.join(giant);
            let name = file.file_stem().map_or(String::new(), |s| s.to_string_lossy().into_owned());
            runs.push((format!("giant {name}"), vec![file], formulation, Duration::from_secs(60)));
        }
    }
    let mut table = String::from(
        "| set | formulation | backend | puzzles | unique | multiple | timed out | errors | median s | 90th percentile s | max s | over 1 s |\n\
         |---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n",
    );
    for (set, files, formulation, time_limit) in runs {
        let Some(&backend) = formulation.backends().iter().find(|b| b.is_compiled()) else { continue };
        let instances = read_each::<Nonogram>(&files)?;
        let options = SolveOptions {
            clock: masu_core::Clock::within(Some(time_limit)),
            solution_limit: 2,
            ..SolveOptions::default()
        };
        let rows = rows_of(&instances, Runner::new(formulation, backend), &options);
        let t = Tally::of(&rows);
        let walls: Vec<f64> =
            rows.iter().filter(|r| matches!(r.verdict, Verdict::Status(_))).map(|r| r.wall_s).collect();
        table.push_str(&format!(
            "| {set} | {formulation} | {backend} | {} | {} | {} | {} | {} | {} |\n",
            settled(&t),
            t.n(Verdict::Error) + t.n(Verdict::WrongAnswer) + t.n(Verdict::TooLarge),
            fixed(quantile(&walls, 0.5), 4),
            fixed(quantile(&walls, 0.9), 4),
            fixed(max(&walls), 4),
            walls.iter().filter(|&&t| t > 1.0).count(),
        ));
    }
    publish(
        "nonogram-native",
        &format!(
            "## Nonogram: the native solver on every puzzle\n\nMachine: {}. Command: {}, release profile, solution \
             limit 2, `native` on one thread, `automaton` with CP-SAT's default workers; 10 s per puzzle over the \
             collections, 60 s for each giant. Times are per solve.\n\n{table}",
            machine(),
            command("nonogram", "nonogram-native"),
        ),
    )
}

/// The columns `puzzles | unique | multiple | timed out` of a row: a line solver left stuck is
/// not settled, and counts with the timed out.
fn settled(t: &Tally) -> String {
    let open = t.status(Status::TimedOut) + t.status(Status::Stuck);
    format!("{} | {} | {} | {open}", t.instances, t.status(Status::Unique), t.status(Status::Multiple))
}
