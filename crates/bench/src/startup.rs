//! Start-up: the wall time of a whole `masu` process on a trivial puzzle of each kind (the
//! articles' own instances), beside `masu --version` and the machine's `true`.

use std::process::{Command, Stdio};
use std::time::Instant;

use anyhow::{Context, Result, bail};
use masu_harness::stats::{fixed, median};
use masu_harness::write::machine;

use super::{command, publish};

const RUNS: usize = 30;

/// The median wall milliseconds of `RUNS` runs of `program args`, which must succeed.
fn wall_ms(program: &std::path::Path, args: &[&str]) -> Result<f64> {
    let mut times = Vec::with_capacity(RUNS);
    for _ in 0..RUNS {
        let started = Instant::now();
        let status = Command::new(program)
            .args(args)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .with_context(|| format!("cannot run {}", program.display()))?;
        times.push(started.elapsed().as_secs_f64() * 1e3);
        if !status.success() {
            bail!("{} {} failed ({status})", program.display(), args.join(" "));
        }
    }
    median(&times).context("no runs")
}

pub(crate) fn run() -> Result<()> {
    let masu = super::masu_binary()?;
    let cases: [(&str, &std::path::Path, Vec<&str>); 5] = [
        ("`true`", std::path::Path::new("true"), vec![]),
        ("`masu --version`", &masu, vec!["--version"]),
        ("nonogram, article 003 (native)", &masu, vec!["solve", "nonogram", "examples/data/article_003_nonogram.json"]),
        (
            "sudoku, article 002 (all-different, CP-SAT)",
            &masu,
            vec!["solve", "sudoku", "examples/data/article_002_sudoku.json"],
        ),
        (
            "numberlink, article 001 (auto: `links`)",
            &masu,
            vec!["solve", "numberlink", "examples/data/article_001_numberlink.json"],
        ),
    ];
    let mut table = String::from("| run | median ms |\n|---|---:|\n");
    for (name, program, args) in &cases {
        eprintln!("{name} ...");
        let ms = wall_ms(program, args)?;
        table.push_str(&format!("| {name} | {} |\n", fixed(Some(ms), 1)));
    }
    publish(
        "startup",
        &format!(
            "## Start-up\n\nMachine: {}. Command: {}, release profile, from the project root.\n\nThe wall time of a \
             whole process, median of {RUNS} runs: what a person waits for on a small puzzle. A solve on CP-SAT opens \
             OR-Tools (and its dependencies) on first use; a native solve never does.\n\n{table}",
            machine(),
            command("startup", "startup"),
        ),
    )
}
