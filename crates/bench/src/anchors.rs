//! The articles' own Python code (`../shared/anchors/`), run on the same files in the same
//! run as masu, in a venv `.anchors/` with the pinned OR-Tools created on first use.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};

const ORTOOLS: &str = "9.15.6755";

/// `.anchors/bin/python` with the pinned ortools, created on first use.
fn python() -> Result<PathBuf> {
    let python = PathBuf::from(".anchors/bin/python");
    let has_ortools = |p: &Path| {
        Command::new(p)
            .args(["-c", &format!("import ortools, sys; sys.exit(ortools.__version__ != '{ORTOOLS}')")])
            .status()
            .is_ok_and(|s| s.success())
    };
    if python.is_file() && has_ortools(&python) {
        return Ok(python);
    }
    eprintln!("creating .anchors/ (a venv with ortools {ORTOOLS} for the articles' code) ...");
    let ok = Command::new("python3").args(["-m", "venv", ".anchors"]).status()?.success()
        && Command::new(&python)
            .args(["-m", "pip", "install", "--quiet", &format!("ortools=={ORTOOLS}")])
            .status()?
            .success();
    if !ok || !has_ortools(&python) {
        bail!("could not set up .anchors/ with ortools {ORTOOLS}");
    }
    Ok(python)
}

/// The path of an article's script, which must be there.
fn script(name: &str) -> Result<&'static Path> {
    let path = match name {
        "sudoku" => Path::new("../shared/anchors/seed002_sudoku.py"),
        _ => Path::new("../shared/anchors/seed001_numberlink.py"),
    };
    if !path.is_file() {
        bail!("{} not found (run from the project root, shared/ beside it)", path.display());
    }
    Ok(path)
}

/// Article 002's code on sudoku files: (puzzles, unique, mean seconds per puzzle) from the
/// JSON summary it prints.
pub(crate) fn sudoku(files: &[PathBuf]) -> Result<(usize, usize, f64)> {
    let (python, script) = (python()?, script("sudoku")?);
    let (mut puzzles, mut unique, mut total) = (0, 0, 0.0);
    for file in files {
        eprintln!("the article's code on {} ...", file.display());
        let out = Command::new(&python).arg(script).arg(file).output().context("cannot run the article's code")?;
        if !out.status.success() {
            bail!("the article's code failed on {}: {}", file.display(), String::from_utf8_lossy(&out.stderr));
        }
        let summary: serde_json::Value =
            serde_json::from_slice(&out.stdout).context("the article's code printed no JSON")?;
        puzzles += summary["puzzles"].as_u64().unwrap_or(0) as usize;
        unique += summary["solution_counts"]["1"].as_u64().unwrap_or(0) as usize;
        total += summary["total_s"].as_f64().unwrap_or(0.0);
    }
    Ok((puzzles, unique, total / puzzles.max(1) as f64))
}

/// What article 001's solver did on some boards.
pub(super) struct NumberlinkRun {
    /// Wall seconds per board, process start included.
    pub(super) seconds: Vec<f64>,
    /// Boards with one solution, and with two (it counts up to 2).
    pub(super) one: usize,
    pub(super) two: usize,
    /// Boards past the time limit.
    pub(super) timed_out: usize,
}

/// Article 001's solver (`seed001_numberlink.py solve`) on each board, `time_limit` each.
pub(crate) fn numberlink_solver(files: &[PathBuf], time_limit: Duration) -> Result<NumberlinkRun> {
    let (python, script) = (python()?, script("numberlink")?);
    let mut run = NumberlinkRun { seconds: Vec::new(), one: 0, two: 0, timed_out: 0 };
    for file in files {
        let started = Instant::now();
        let out = Command::new("timeout")
            .arg(time_limit.as_secs().to_string())
            .arg(&python)
            .arg(script)
            .arg("solve")
            .arg(file)
            .stdout(Stdio::piped())
            .output()
            .context("cannot run the article's code")?;
        run.seconds.push(started.elapsed().as_secs_f64());
        if !out.status.success() {
            run.timed_out += 1;
            continue;
        }
        let text = String::from_utf8_lossy(&out.stdout);
        let summary: serde_json::Value = serde_json::from_str(text.lines().next().unwrap_or("")).unwrap_or_default();
        match summary["solutions_found_up_to_2"].as_u64() {
            Some(1) => run.one += 1,
            Some(2) => run.two += 1,
            _ => {}
        }
    }
    Ok(run)
}

/// Article 001's generator at `n`×`n` with `pairs` numbers over `candidates` candidates:
/// (candidates, unique, seconds generating and checking).
#[cfg(feature = "cp-sat")]
pub(crate) fn numberlink_generator(n: usize, pairs: usize, candidates: usize) -> Result<(String, u64, f64)> {
    let (python, script) = (python()?, script("numberlink")?);
    let out = Command::new(&python)
        .arg(script)
        .args(["generate", &n.to_string(), &pairs.to_string(), "--candidates", &candidates.to_string()])
        .output()
        .context("cannot run the article's code")?;
    if !out.status.success() {
        bail!("the article's generator failed: {}", String::from_utf8_lossy(&out.stderr));
    }
    let summary: serde_json::Value =
        serde_json::from_slice(&out.stdout).context("the article's generator printed no JSON")?;
    let seconds = summary["generate_s"].as_f64().unwrap_or(0.0) + summary["check_s"].as_f64().unwrap_or(0.0);
    Ok((summary["candidates"].to_string(), summary["unique"].as_u64().unwrap_or(0), seconds))
}
