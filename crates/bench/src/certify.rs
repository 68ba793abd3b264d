//! Certificates (`--certify`): every shared sudoku and nonogram set, and numberlink's janko
//! boards by size, solved by the `masu` binary with `--certify`: how many verdicts that claim
//! no further solution are certified, and what a certificate takes beside the solve.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{Context, Result, bail};
use masu_harness::stats::{fixed, max, median};
use masu_harness::write::machine;
use serde_json::Value;

use super::{command, publish};

/// The seconds each solve and each certificate may take.
const LIMIT_S: u64 = 60;

/// What one puzzle's record says.
struct Record {
    /// Unique or infeasible: a solve's verdict that a certificate can prove.
    claims: bool,
    certified: bool,
    /// Why not, where it claims and is not certified.
    why: Option<String>,
    solve_s: f64,
    certificate_s: f64,
    /// The certificate's stages: CaDiCaL's refutation, VeriPB's check of the dominance stage
    /// (numberlink's blanks rule; else none), rate's check of the refutation.
    stages: [Option<f64>; 3],
    /// The board's rows and columns.
    size: (usize, usize),
}

/// The records of `files` solved by `masu solve KIND FILES --certify`, two processes at once
/// (every other file each), one thread each.
fn solved(kind: &str, files: &[PathBuf], extra: &[&str]) -> Result<Vec<Record>> {
    let masu = super::masu_binary()?;
    eprintln!("{kind}: {} files with --certify ...", files.len());
    let halves: Vec<Vec<&PathBuf>> = (0..2).map(|h| files.iter().skip(h).step_by(2).collect()).collect();
    let outputs: Vec<Result<String>> = std::thread::scope(|scope| {
        let running: Vec<_> = halves
            .iter()
            .filter(|half| !half.is_empty())
            .map(|half| {
                let masu = &masu;
                scope.spawn(move || -> Result<String> {
                    let out = Command::new(masu)
                        .args(["solve", kind])
                        .args(half.iter())
                        .args(["--threads", "1", "--time-limit", &LIMIT_S.to_string(), "--certify", "--format", "json"])
                        .args(extra)
                        .output()
                        .with_context(|| format!("cannot run {}", masu.display()))?;
                    String::from_utf8(out.stdout).context("masu printed no text")
                })
            })
            .collect();
        running.into_iter().map(|t| t.join().unwrap_or_else(|_| Err(anyhow::anyhow!("a run panicked")))).collect()
    });
    let mut records = Vec::new();
    for output in outputs {
        for line in output?.lines().filter(|l| l.starts_with('{')) {
            let row: Value = serde_json::from_str(line).with_context(|| format!("not a record: {line}"))?;
            records.push(record(&row));
        }
    }
    if records.is_empty() && !files.is_empty() {
        bail!("masu solve {kind} printed no record");
    }
    Ok(records)
}

fn record(row: &Value) -> Record {
    let status = row["status"].as_str().unwrap_or("");
    let claims = matches!(status, "unique" | "infeasible");
    let certificate = &row["stats"]["certificate"];
    let seconds = |key: &str| certificate[key].as_f64().unwrap_or(0.0);
    let veripb = certificate["dominance"]["check_time"].as_f64();
    let grid = serde_json::from_str::<Value>(row["puzzle"].as_str().unwrap_or("{}")).unwrap_or(Value::Null);
    let rows = grid["grid"].as_array().map_or(0, Vec::len);
    let columns = grid["grid"][0].as_array().map_or(0, Vec::len);
    Record {
        claims,
        certified: certificate["accepted"].as_bool().unwrap_or(false),
        why: certificate["detail"].as_str().map(str::to_string),
        solve_s: row["solve_s"].as_f64().unwrap_or(0.0),
        certificate_s: seconds("prove_time") + seconds("check_time") + veripb.unwrap_or(0.0),
        stages: [Some(seconds("prove_time")), veripb, Some(seconds("check_time"))],
        size: (rows, columns),
    }
}

/// A table row's cells after its label: puzzles, claiming, certified, the solve's median (ms),
/// the certificate's median and max, its stages' medians, and why the rest are not.
fn cells(records: &[&Record]) -> String {
    let claiming: Vec<&&Record> = records.iter().filter(|r| r.claims).collect();
    let certified: Vec<&&&Record> = claiming.iter().filter(|r| r.certified).collect();
    let seconds: Vec<f64> = certified.iter().map(|r| r.certificate_s).collect();
    let solves: Vec<f64> = claiming.iter().map(|r| r.solve_s * 1e3).collect();
    let stage = |i: usize| {
        let times: Vec<f64> = certified.iter().filter_map(|r| r.stages[i]).collect();
        fixed(median(&times), 3)
    };
    let mut why: BTreeMap<String, usize> = BTreeMap::new();
    for r in claiming.iter().filter(|r| !r.certified) {
        let reason = r.why.as_deref().unwrap_or("no certificate");
        // "out of time while refuting (312 lemmas)": the reason, without its count.
        *why.entry(reason.split(" (").next().unwrap_or(reason).to_string()).or_default() += 1;
    }
    let why = why.iter().map(|(w, n)| format!("{n} {w}")).collect::<Vec<_>>().join("; ");
    format!(
        "{} | {} | {} | {} | {} | {} | {} | {} | {} | {} |",
        records.len(),
        claiming.len(),
        certified.len(),
        fixed(median(&solves), 2),
        fixed(median(&seconds), 3),
        fixed(max(&seconds), 3),
        stage(0),
        stage(1),
        stage(2),
        if why.is_empty() { "–".to_string() } else { why }
    )
}

/// The folders of `dir`, sorted.
fn folders(dir: &Path) -> Result<Vec<PathBuf>> {
    let mut sets: Vec<PathBuf> = std::fs::read_dir(dir)
        .with_context(|| format!("cannot read {}", dir.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_dir())
        .collect();
    sets.sort();
    Ok(sets)
}

/// The files of `dir` (not recursive), sorted.
fn files(dir: &Path) -> Result<Vec<PathBuf>> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .with_context(|| format!("cannot read {}", dir.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_file() && p.extension().is_some_and(|e| e != "md"))
        .collect();
    files.sort();
    Ok(files)
}

/// The size band of a numberlink board, by its longer side: its place in the table, its name.
fn band((rows, columns): (usize, usize)) -> (u8, &'static str) {
    match rows.max(columns) {
        0..=9 => (0, "up to 9"),
        10 => (1, "10"),
        11..=12 => (2, "11–12"),
        13..=14 => (3, "13–14"),
        15 => (4, "15"),
        16..=20 => (5, "16–20"),
        _ => (6, "over 20"),
    }
}

pub(crate) fn run(data: &Path) -> Result<()> {
    let head = "| set | puzzles | claiming no further solution | certified | median solve ms | median certificate s | max certificate s | median refutation s | median VeriPB s | median rate s | not certified |\n\
                |---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|\n";
    let mut sudoku = String::from(head);
    for set in folders(&data.join("sudoku"))? {
        let records = solved("sudoku", &files(&set)?, &["--formulation", "native"])?;
        let name = set.file_name().unwrap_or_default().to_string_lossy();
        sudoku.push_str(&format!("| {name} | {}\n", cells(&records.iter().collect::<Vec<_>>())));
    }
    let mut nonogram = String::from(head);
    for set in folders(&data.join("nonogram"))? {
        let records = solved("nonogram", &files(&set.join("json"))?, &[])?;
        let name = set.file_name().unwrap_or_default().to_string_lossy();
        nonogram.push_str(&format!("| {name} | {}\n", cells(&records.iter().collect::<Vec<_>>())));
    }
    let janko = solved("numberlink", &files(&data.join("numberlink/janko-puzzlekit/json"))?, &[])?;
    let mut numberlink = head.replacen("| set |", "| longer side | sizes |", 1).replacen("|---|", "|---|---|", 1);
    let mut bands: BTreeMap<(u8, &str), Vec<&Record>> = BTreeMap::new();
    for r in &janko {
        bands.entry(band(r.size)).or_default().push(r);
    }
    for ((_, name), records) in bands {
        let mut sizes: Vec<(usize, usize)> = records.iter().map(|r| r.size).collect();
        sizes.sort_unstable();
        sizes.dedup();
        let sizes = sizes.iter().map(|(r, c)| format!("{r}×{c}")).collect::<Vec<_>>().join(", ");
        numberlink.push_str(&format!("| {name} | {sizes} | {}\n", cells(&records)));
    }
    let section = format!(
        "## Certificates\n\nMachine: {}. Command: {}, release profile: `masu solve KIND FILES --threads 1 --time-limit {LIMIT_S} \
         --certify --format json`, two processes at once (every other file each); the solve and the certificate have \
         {LIMIT_S} s each. *claiming no further solution*: unique, infeasible or a complete count, the verdicts a \
         certificate proves (`multiple` shows its two checked solutions instead). *certified*: the checkers accepted the \
         proofs: `rate` the DRAT refutation, and first, for numberlink (blanks rule), VeriPB the dominance stage that \
         adds the canonical clauses and the loops. Certificate seconds: writing the proofs and checking them, of the \
         certified ones, and each stage's median (CaDiCaL's refutation with the lemmas' rounds, VeriPB's check, \
         rate's check); the solve's median over the claiming ones. docs/certify.md says what is proved and what is \
         trusted.\n\n\
         ### Sudoku (`--formulation native`)\n\n{sudoku}\n### Nonogram\n\n{nonogram}\n\
         ### Numberlink: the janko boards (blanks rule), by the longer side\n\n{numberlink}",
        machine(),
        command("certify", "certify"),
    );
    publish("certify", &section)
}
