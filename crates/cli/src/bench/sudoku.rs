//! Sudoku: every formulation × backend × threads on the norvig and magictour sets, solution
//! limit 2, per-puzzle wall time and masu's own share of it, beside article 002's code.

use std::path::Path;

use anyhow::{Context, Result};
use std::time::Duration;

use masu_core::{Backend, Puzzle, SolveOptions, Status};
use masu_harness::run::Verdict;
use masu_harness::stats::{fixed, max, median};
use masu_harness::write::machine;
use masu_harness::{Instance, Runner};
use masu_sudoku::Sudoku;

use super::{anchors, command, publish, rows_of};

/// Per solve: microlp takes minutes on a few of magictour's puzzles.
const TIME_LIMIT: Duration = Duration::from_secs(10);

const SETS: [(&str, &[&str]); 2] = [
    ("norvig", &["norvig/top95.txt", "norvig/hardest.txt"]),
    ("magictour", &["magictour-top1465/magictour-top1465.txt"]),
];

pub(super) fn run(data: &Path) -> Result<()> {
    let dir = data.join("sudoku");
    let mut table = String::from(
        "| set | solver | threads | puzzles | unique | median ms | mean ms | max ms | overhead |\n|---|---|---|---:|---:|---:|---:|---:|---:|\n",
    );
    for (set, files) in SETS {
        let mut instances = Vec::new();
        for file in files {
            let path = dir.join(file);
            let text = std::fs::read_to_string(&path).with_context(|| format!("cannot read {}", path.display()))?;
            for item in Sudoku::read(&path, &text) {
                let puzzle = item.puzzle.map_err(|e| anyhow::anyhow!("{}", e.in_file(&path)))?;
                instances.push(Instance::new(format!("{file}:{}", item.line), puzzle));
            }
        }
        for (formulation, backend) in masu_core::runnable::<Sudoku>() {
            // CBC, SCIP and microlp run on one thread whatever is asked.
            let threads: &[Option<u32>] =
                if matches!(backend, Backend::CpSat | Backend::Highs) { &[None, Some(1)] } else { &[Some(1)] };
            for &threads in threads {
                let time_limit = Some(TIME_LIMIT);
                let options = SolveOptions { threads, time_limit, solution_limit: 2, ..SolveOptions::default() };
                let rows = rows_of(&instances, Runner::new(formulation, backend), &options);
                let walls: Vec<f64> = rows.iter().map(|r| r.wall_s).collect();
                let total: f64 = walls.iter().sum();
                let backend_total: f64 = rows.iter().map(|r| r.backend_s.unwrap_or(r.wall_s)).sum();
                let unique = rows.iter().filter(|r| r.verdict == Verdict::Status(Status::Unique)).count();
                let ms = |v: Option<f64>| fixed(v.map(|s| s * 1e3), 2);
                table.push_str(&format!(
                    "| {set} | masu {formulation} on {backend} | {} | {} | {unique} | {} | {} | {} | {:.1}% |\n",
                    threads.map_or("default".into(), |t| t.to_string()),
                    rows.len(),
                    ms(median(&walls)),
                    ms(Some(total / rows.len().max(1) as f64)),
                    ms(max(&walls)),
                    100.0 * (total - backend_total) / total,
                ));
            }
        }
        let paths: Vec<_> = files.iter().map(|f| dir.join(f)).collect();
        let (puzzles, unique, mean) = anchors::sudoku(&paths)?;
        table.push_str(&format!(
            "| {set} | article's code (Python, CP-SAT, AllDifferent, all solutions) | default | {puzzles} | {unique} | – | {:.2} | – | – |\n",
            mean * 1e3
        ));
    }
    publish(
        "sudoku",
        &format!(
            "## Sudoku\n\nMachine: {}. Command: {}, release profile.\n\n\
             Per-puzzle wall time of a solve with a solution limit of 2 (solve and prove uniqueness: \
             what the article's enumeration establishes on a proper sudoku), model build and checking \
             included; 10 s at most per solve, so *unique* short of *puzzles* counts puzzles the \
             solve did not settle in time. *Overhead* is masu's share of that time: everything outside the backend's own \
             reported time (model build, encoding, FFI, decoding, no-good bookkeeping, checking). The \
             article's code prints only its mean per puzzle (Python, model building included, one \
             enumerating solve).\n\n{table}",
            machine(),
            command("sudoku", "sudoku"),
        ),
    )
}
