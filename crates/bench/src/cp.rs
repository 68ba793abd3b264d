//! The CP side of the comparison: each kind's CP model (sudoku `all-different`, nonogram
//! `start-index`, numberlink `reified`) on every CP backend compiled in, over one set per
//! kind, and beside them the same model written in CPMpy 1.1 (`scripts/cpmpy_models.py`) on
//! the solvers CPMpy has, in the same run, in a venv `.cpmpy/` made on first use. Every
//! runner decides uniqueness (up to two solutions), one thread, 10 s a puzzle; the statuses
//! that settled are cross-checked between all runners.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use anyhow::{Context, Result, bail};
use masu_core::{Backend, Instance, Puzzle, SolveOptions, Status};
use masu_harness::stats::{median, readable, shifted_geometric_mean};
use masu_harness::write::machine;
use masu_harness::{Runner, Verdict};
use masu_kinds::{nonogram, numberlink, sudoku};

use super::{command, every_kth, publish, read_each, rows_of};

/// The seconds each solve may take.
pub(crate) const LIMIT: u64 = 10;

/// The janko puzzles of each kind, spread over the collection.
const PUZZLES: usize = 20;

/// CPMpy's release and the solvers' packages, pinned as masu's are.
pub(crate) const PACKAGES: &[&str] = &[
    "cpmpy==1.1.1",
    "ortools==9.15.6755",
    "z3-solver==4.15.4.0",
    "pumpkin-solver==0.5.0",
    "pychoco==0.4.0",
    "python-sat[pb]==1.9.dev24",
    "pypblib==0.0.4",
    "pindakaas==0.6.1",
];

/// CPMpy's solvers that are Python packages (ortools is CP-SAT).
const CPMPY: &[&str] = &["ortools", "z3", "pumpkin", "choco"];

/// What one runner did over a set.
pub(crate) struct Line {
    runner: String,
    statuses: BTreeMap<String, Status>,
    /// Seconds of each puzzle (a puzzle not settled counts at the limit).
    seconds: Vec<f64>,
    errors: usize,
}

impl Line {
    fn cells(&self) -> String {
        let settled = self.statuses.values().filter(|s| !matches!(s, Status::TimedOut)).count();
        let timed_out = self.statuses.len() - settled;
        let times: Vec<f64> = self.seconds.clone();
        format!(
            "| {} | {} | {settled} | {timed_out} | {} | {} | {} |",
            self.runner,
            self.seconds.len(),
            self.errors,
            readable(median(&times)),
            readable(shifted_geometric_mean(&times, 0.01)),
        )
    }
}

/// `.cpmpy/bin/python` with the pinned packages, made on first use.
pub(crate) fn python() -> Result<PathBuf> {
    let python = PathBuf::from(".cpmpy/bin/python");
    let ready = |p: &Path| {
        Command::new(p)
            .args(["-c", "import cpmpy, pysat, pindakaas, sys; sys.exit(cpmpy.__version__ != '1.1.1')"])
            .status()
            .is_ok_and(|s| s.success())
    };
    if python.is_file() && ready(&python) {
        return Ok(python);
    }
    eprintln!("creating .cpmpy/ (a venv with {}) ...", PACKAGES.join(", "));
    let ok = Command::new("python3").args(["-m", "venv", ".cpmpy"]).status()?.success()
        && Command::new(&python).args(["-m", "pip", "install", "--quiet"]).args(PACKAGES).status()?.success();
    if !ok || !ready(&python) {
        bail!("could not set up .cpmpy/ with {}", PACKAGES.join(", "));
    }
    Ok(python)
}

/// The CPMpy model of `kind` on `solver` over `files`: a line.
fn cpmpy(kind: &str, solver: &str, files: &[PathBuf], puzzles: usize) -> Result<Line> {
    eprintln!("CPMpy {solver} on {puzzles} {kind} puzzles ...");
    let bound = (LIMIT + 10) * puzzles as u64 + 60;
    let out = Command::new("timeout")
        .args(["--kill-after=10", &bound.to_string()])
        .arg(python()?)
        .arg("scripts/cpmpy_models.py")
        .args([kind, solver, &LIMIT.to_string()])
        .args(files)
        .output()
        .context("cannot run scripts/cpmpy_models.py")?;
    let mut line =
        Line { runner: format!("CPMpy {solver}"), statuses: BTreeMap::new(), seconds: Vec::new(), errors: 0 };
    for text in String::from_utf8_lossy(&out.stdout).lines() {
        let record: serde_json::Value = serde_json::from_str(text).context("CPMpy's line")?;
        let id = record["id"].as_str().unwrap_or_default().to_string();
        let status = match record["status"].as_str() {
            Some("unique") => Status::Unique,
            Some("multiple") => Status::Multiple,
            Some("infeasible") => Status::Infeasible,
            _ => Status::TimedOut,
        };
        let seconds = record["seconds"].as_f64().unwrap_or(LIMIT as f64);
        line.seconds.push(if status == Status::TimedOut { LIMIT as f64 } else { seconds });
        line.statuses.insert(id, status);
    }
    // A puzzle the script did not reach (it stopped, or CPMpy raised) is an error.
    line.errors = puzzles.saturating_sub(line.statuses.len());
    if !out.status.success() && line.statuses.is_empty() {
        eprintln!("CPMpy {solver}: {}", String::from_utf8_lossy(&out.stderr).lines().last().unwrap_or(""));
    }
    Ok(line)
}

/// masu's `formulation` on `backend` over `instances`: a line, ids as CPMpy's script names
/// them (`file:line` for a file of many, the puzzle's id for one a file).
fn masu<P: Puzzle>(
    instances: &[Instance<P>],
    formulation: P::Formulation,
    backend: Backend,
    id: impl Fn(&str) -> String,
) -> Line {
    let options = SolveOptions {
        clock: masu_core::Clock::within(Some(Duration::from_secs(LIMIT))),
        solution_limit: 2,
        threads: Some(1),
        ..SolveOptions::default()
    };
    let rows = rows_of(instances, Runner::new(formulation, backend), &options);
    let mut line =
        Line { runner: format!("masu {backend}"), statuses: BTreeMap::new(), seconds: Vec::new(), errors: 0 };
    for row in rows {
        match row.verdict {
            Verdict::Status(status) => {
                line.seconds.push(if status == Status::TimedOut { LIMIT as f64 } else { row.wall_s });
                line.statuses.insert(id(&row.instance), status);
            }
            _ => line.errors += 1,
        }
    }
    line
}

/// The puzzles where two runners that both settled disagree.
fn disagreements(lines: &[Line]) -> Vec<String> {
    let mut seen: BTreeMap<&str, (Status, &str)> = BTreeMap::new();
    let mut found = Vec::new();
    for line in lines {
        for (id, &status) in &line.statuses {
            if status == Status::TimedOut {
                continue;
            }
            match seen.get(id.as_str()) {
                Some(&(first, by)) if first != status => {
                    found.push(format!("{id}: {by} says {first}, {} says {status}", line.runner));
                }
                Some(_) => {}
                None => {
                    seen.insert(id, (status, &line.runner));
                }
            }
        }
    }
    found
}

/// The members of `family` compiled in and runnable here.
pub(crate) fn runnable(family: &[Backend]) -> Vec<Backend> {
    family.iter().copied().filter(|b| b.is_compiled() && b.missing().is_none()).collect()
}

/// One kind's lines: masu's `formulation` on each of `backends`, CPMpy's model of the kind on
/// each of `solvers`.
pub(crate) fn kind_lines<P: Puzzle>(
    formulation: P::Formulation,
    files: &[PathBuf],
    read: fn(&[PathBuf]) -> Result<Vec<Instance<P>>>,
    id: impl Fn(&str) -> String + Copy,
    (backends, solvers): (&[Backend], &[&str]),
) -> Result<Vec<Line>> {
    let instances = &read(files)?;
    let mut lines: Vec<Line> = backends.iter().map(|&b| masu(instances, formulation, b, id)).collect();
    for solver in solvers {
        lines.push(cpmpy(P::KIND, solver, files, instances.len())?);
    }
    Ok(lines)
}

/// The files of each kind's set: the 64 norvig sudokus, and every k-th of the janko
/// nonograms and numberlinks; the sets' names.
pub(crate) struct Sets {
    pub(crate) sudoku: Vec<PathBuf>,
    pub(crate) nonogram: Vec<PathBuf>,
    pub(crate) numberlink: Vec<PathBuf>,
    pub(crate) names: [String; 3],
}

impl Sets {
    pub(crate) fn of(data: &Path) -> Result<Sets> {
        let norvig = data.join("sudoku/norvig");
        let every = |dir: &str| {
            let n = std::fs::read_dir(data.join(dir)).map(|d| d.count()).unwrap_or(0);
            format!("every {}th of {n}", (n / PUZZLES).max(1))
        };
        let (nonograms, numberlinks) = ("nonogram/janko-puzzlekit/json", "numberlink/janko-puzzlekit/json");
        Ok(Sets {
            sudoku: vec![norvig.join("hardest.txt"), norvig.join("top95.txt")],
            nonogram: every_kth(&data.join(nonograms), PUZZLES)?,
            numberlink: every_kth(&data.join(numberlinks), PUZZLES)?,
            names: [
                "sudoku: the 64 norvig puzzles".into(),
                format!("nonogram: {PUZZLES} janko puzzles ({})", every(nonograms)),
                format!("numberlink: {PUZZLES} janko boards ({})", every(numberlinks)),
            ],
        })
    }
}

/// The table of `sets` (a set's name, the model, its lines) and the runners' disagreements.
pub(crate) fn table(sets: &[(String, &str, Vec<Line>)]) -> (String, Vec<String>) {
    let mut table = String::from(
        "| set | model | runner | puzzles | settled | timed out | errors | median | sgm |\n|---|---|---|---:|---:|---:|---:|---:|---:|\n",
    );
    let mut findings = Vec::new();
    for (set, model, lines) in sets {
        for line in lines {
            table.push_str(&format!("| {set} | {model} {}\n", line.cells()));
        }
        findings.extend(disagreements(lines));
    }
    (table, findings)
}

/// The sentence on the cross-check of `findings`.
pub(crate) fn cross_check(findings: &[String]) -> String {
    if findings.is_empty() {
        "Every status that two runners settled is the same.".to_string()
    } else {
        format!("Runners disagree: {}.", findings.join("; "))
    }
}

/// Every puzzle of each file, named `file:line`.
pub(crate) fn read_lines<P: Puzzle>(files: &[PathBuf]) -> Result<Vec<Instance<P>>> {
    let mut instances = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(file).with_context(|| format!("cannot read {}", file.display()))?;
        for item in P::read(masu_core::Format::of(file), &text) {
            let puzzle = item.puzzle.map_err(|e| anyhow::anyhow!("{}", e.in_file(file)))?;
            instances.push(Instance::new(format!("{}:{}", file.display(), item.line), puzzle));
        }
    }
    Ok(instances)
}

/// The puzzle's id in its JSON file, as CPMpy's script prints it.
pub(crate) fn json_id(path: &str) -> String {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let value: serde_json::Value = serde_json::from_str(&text).unwrap_or_default();
    value["id"].as_str().map_or_else(|| path.to_string(), str::to_string)
}

/// The formulations a comparison runs, one a kind, and the model each row names.
pub(crate) struct Models {
    pub(crate) sudoku: (sudoku::Formulation, &'static str),
    pub(crate) nonogram: (nonogram::Formulation, &'static str),
    pub(crate) numberlink: (numberlink::Formulation, &'static str),
}

/// masu's `models` on the runnable members of `family`, and CPMpy's models on `solvers` (for
/// each set, sudoku's, the nonograms', the numberlinks'), over the three sets of `data`: the section `name` of BENCHMARKS.md, `text` given the machine,
/// the cross-check's sentence and the table; an error where runners disagree.
pub(crate) fn compared(
    data: &Path,
    name: &str,
    (family, solvers): (&[Backend], [&[&str]; 3]),
    models: Models,
    text: impl Fn(String, String, String) -> String,
) -> Result<()> {
    python()?;
    let files = Sets::of(data)?;
    let backends = &runnable(family)[..];
    use {nonogram::Nonogram, numberlink::Numberlink, sudoku::Sudoku};
    let [sudokus, nonograms, numberlinks] = files.names.clone();
    let Models { sudoku, nonogram, numberlink } = models;
    let sets: Vec<(String, &str, Vec<Line>)> = vec![
        (
            sudokus,
            sudoku.1,
            kind_lines::<Sudoku>(sudoku.0, &files.sudoku, read_lines, str::to_string, (backends, solvers[0]))?,
        ),
        (
            nonograms,
            nonogram.1,
            kind_lines::<Nonogram>(nonogram.0, &files.nonogram, read_each, json_id, (backends, solvers[1]))?,
        ),
        (
            numberlinks,
            numberlink.1,
            kind_lines::<Numberlink>(numberlink.0, &files.numberlink, read_each, json_id, (backends, solvers[2]))?,
        ),
    ];
    let (table, findings) = table(&sets);
    publish(name, &text(machine(), cross_check(&findings), table))?;
    if !findings.is_empty() {
        bail!("runners disagree on {} puzzles", findings.len());
    }
    Ok(())
}

pub(crate) fn run(data: &Path) -> Result<()> {
    use nonogram::Formulation::StartIndex;
    use numberlink::Formulation::Reified;
    use sudoku::Formulation::AllDifferent;
    let models = Models {
        sudoku: (AllDifferent, "all-different"),
        nonogram: (StartIndex, "start-index"),
        numberlink: (Reified, "reified"),
    };
    compared(data, "cp", (&Backend::CP, [CPMPY; 3]), models, |machine, cross, table| {
        format!(
            "## CP: masu's backends beside CPMpy\n\nMachine: {machine}. Command: {}, release profile; CPMpy's rows in a venv `.cpmpy/` \
             with {}.\n\nEach kind's CP model (the article's) on every CP backend compiled in, and the same model written in \
             CPMpy (`scripts/cpmpy_models.py`) on its solvers: uniqueness (up to two solutions), one thread, {LIMIT} s a \
             puzzle. Times are a puzzle's wall time inside its process, building the model included (CPMpy's: its \
             transformation and the solver's enumeration); a puzzle not settled counts at the limit in the median and the \
             shifted geometric mean (sgm, shift 10 ms). masu re-checks every answer it prints; CPMpy's statuses are \
             cross-checked against the others'. CPMpy reaches Gecode only through MiniZinc 2.8.2 or later (Debian's is 2.6), \
             so Gecode has masu's row alone; masu's `choco` row appears where that backend is compiled in. {cross}\n\n{table}",
            command("cp", "cp"),
            PACKAGES.join(", ")
        )
    })
}
