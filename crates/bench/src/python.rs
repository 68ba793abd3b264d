//! The cost of calling masu from Python: a native sudoku solved through `masu.solve` (the
//! package `./masu python` installs into `$PYTHON`, default `target/py/bin/python`) beside
//! the same parse and solve called from Rust, every puzzle of magictour-top1465, medians.

use std::path::Path;
use std::process::Command;
use std::time::Instant;

use anyhow::{Context, Result, bail};
use masu_core::{Backend, Puzzle, SolveOptions};
use masu_harness::stats::median;
use masu_harness::write::machine;
use masu_kinds::sudoku::{Formulation, Sudoku, format::parse_line};

use super::{command, publish};

/// What Python runs: the median microseconds of `masu.solve` and reading the answer's status
/// (a field becomes a Python object when it is read) over the puzzles of `argv[1]`.
const SCRIPT: &str = r#"
import statistics, sys, time
import masu
lines = [l.strip() for l in open(sys.argv[1]) if len(l.strip()) == 81]
# One pass untimed first: Rust's rounds run in one warm process, each Python round in a new one.
for timed in (False, True):
    walls = []
    for line in lines:
        t = time.perf_counter()
        masu.solve("sudoku", line, formulation="native").status
        walls.append((time.perf_counter() - t) * 1e6)
print(statistics.median(walls))
"#;

/// Rounds of Rust and Python in turn.
const ROUNDS: usize = 9;

pub(crate) fn run(data: &Path) -> Result<()> {
    let file = data.join("sudoku/magictour-top1465/magictour-top1465.txt");
    let text = std::fs::read_to_string(&file).with_context(|| format!("cannot read {}", file.display()))?;
    let lines: Vec<&str> = text.lines().map(str::trim).filter(|l| l.len() == 81).collect();
    let python = std::env::var("PYTHON").unwrap_or_else(|_| "target/py/bin/python".into());
    let options = SolveOptions { solution_limit: 2, keep: 100, ..SolveOptions::default() };
    let (mut rust, mut from_python, mut cost) = (Vec::new(), Vec::new(), Vec::new());
    // Rounds of Rust and Python in turn, so that both see the machine alike: the cost is
    // each round's difference (the machine drifts between rounds more than within one).
    for round in 1..=ROUNDS {
        eprintln!("round {round}: Rust, then Python ({python}) ...");
        let mut times = Vec::with_capacity(lines.len());
        for line in &lines {
            let started = Instant::now();
            let puzzle: Sudoku = parse_line(line).map_err(|e| anyhow::anyhow!("{}", e.message))?;
            puzzle.solve(Formulation::Native, Backend::Native, &options).map_err(|e| anyhow::anyhow!("{e}"))?;
            times.push(started.elapsed().as_secs_f64() * 1e6);
        }
        rust.push(median(&times).context("no puzzles")?);
        let out = Command::new(&python)
            .args(["-c", SCRIPT])
            .arg(&file)
            .output()
            .with_context(|| format!("cannot run {python} (install the package: PYTHON={python} ./masu python)"))?;
        if !out.status.success() {
            bail!("{python}: {}", String::from_utf8_lossy(&out.stderr));
        }
        from_python.push(String::from_utf8_lossy(&out.stdout).trim().parse::<f64>().context("Python's median")?);
        cost.push(from_python[from_python.len() - 1] - rust[rust.len() - 1]);
    }
    let (r, p, c) = (median(&rust).unwrap_or(0.0), median(&from_python).unwrap_or(0.0), median(&cost).unwrap_or(0.0));
    let table = format!(
        "| called from | median µs per puzzle |\n|---|---:|\n| Rust (`parse_line`, `Puzzle::solve`) | {r:.1} |\n| Python \
         (`masu.solve(\"sudoku\", line, formulation=\"native\").status`) | {p:.1} |\n| Python's cost over Rust's (the median of the rounds' differences) | {c:.1} |\n"
    );
    publish(
        "python",
        &format!(
            "## Python\n\nMachine: {}. Command: {}, release profile, with the package installed by `PYTHON=target/py/bin/python \
             ./masu python`.\n\nA native sudoku solved from Python and from Rust: the {} puzzles of \
             magictour-top1465 (solve and decide uniqueness), the median over {ROUNDS} rounds of each round's median, the two \
             in turn; each Python round times its second pass over the puzzles (the first warms the process, as \
             Rust's rounds share one).\n\n{table}",
            machine(),
            command("python", "python"),
            lines.len()
        ),
    )
}
