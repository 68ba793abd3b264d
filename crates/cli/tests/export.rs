//! `solve --export`: a model written by masu is solved by another tool to masu's answer —
//! the CP-SAT model by OR-Tools' own Python, the MPS by highspy (HiGHS's Python API), the
//! DIMACS by PySAT's CaDiCaL. The three Python packages are installed once, pinned, into
//! `target/export-check-py` (as the build fetches the OR-Tools wheel).

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

use common::{BOUND, Started, masu, root, temp_dir, text};
use masu_core::Backend;
use serde_json::Value;

const PACKAGES: [&str; 3] = ["ortools==9.15.6755", "highspy==1.16.0", "python-sat==1.9.dev24"];

fn python() -> String {
    std::env::var("PYTHON").unwrap_or_else(|_| "python3".into())
}

/// The folder holding the packages, installed at the first call.
fn packages() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = root().join("target").join("export-check-py");
        if dir.join("ortools").is_dir() && dir.join("highspy").is_dir() && dir.join("pysat").is_dir() {
            return dir;
        }
        let staging = dir.with_extension(format!("partial-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&staging);
        let mut pip = Command::new(python());
        pip.args(["-m", "pip", "install", "--quiet", "--disable-pip-version-check", "--target"]).arg(&staging);
        let installed = Started::new(pip.args(PACKAGES)).finish(BOUND);
        assert!(installed.status.success(), "pip install {PACKAGES:?} failed: {}", text(&installed.stderr));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::rename(&staging, &dir).unwrap();
        dir
    })
}

/// What `export_check.py KIND FILE` found: its status and the values by variable name.
fn solve_elsewhere(kind: &str, file: &Path) -> (String, serde_json::Map<String, Value>) {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/export_check.py");
    let mut command = Command::new(python());
    command.arg(script).args([kind, file.to_str().unwrap()]).env("PYTHONPATH", packages());
    let output = Started::new(&mut command).finish(BOUND);
    assert!(output.status.success(), "{kind} {}: {}", file.display(), text(&output.stderr));
    // The last line: highspy prints a banner first.
    let stdout = text(&output.stdout);
    let last: Value = serde_json::from_str(stdout.lines().last().unwrap()).unwrap();
    (last["status"].as_str().unwrap().to_string(), last["values"].as_object().unwrap().clone())
}

/// masu's answer (its JSON line) to `solve ARGS --export DIR --format json`.
fn solve_exporting(args: &[&str], dir: &Path) -> Value {
    let out = masu(&[&["solve"], args, &["--export", dir.to_str().unwrap(), "--format", "json"]].concat());
    assert!(out.status.success(), "{}", text(&out.stderr));
    serde_json::from_str(text(&out.stdout).lines().next().unwrap()).unwrap()
}

/// The nonogram grid the variables `T_r_c` of a solution spell, as masu writes it.
fn grid_of(values: &serde_json::Map<String, Value>, height: usize, width: usize) -> Vec<String> {
    let cell = |r: usize, c: usize| values[&format!("T_{r}_{c}")].as_f64().unwrap() > 0.5;
    (0..height).map(|r| (0..width).map(|c| if cell(r, c) { '#' } else { '.' }).collect()).collect()
}

const NONOGRAM: &str = "examples/data/article_003_nonogram.json";

fn nonogram_answer(answer: &Value) -> Vec<String> {
    assert_eq!(answer["status"], "unique", "{answer}");
    serde_json::from_value(answer["solutions"][0].clone()).unwrap()
}

/// Article 003's nonogram on `formulation` and `backend`, exported as `ext`: the other tool
/// ends with `status` and masu's grid.
fn nonogram_solves_elsewhere(formulation: &str, backend: &str, ext: &str, status: &str) {
    let dir = temp_dir(&format!("export-{ext}"));
    let answer = solve_exporting(&["nonogram", NONOGRAM, "--formulation", formulation, "--backend", backend][..], &dir);
    let expected = nonogram_answer(&answer);
    let (said, values) = solve_elsewhere(ext, &dir.join(format!("article_003_nonogram.json_1.{ext}")));
    assert_eq!(said, status);
    assert_eq!(grid_of(&values, expected.len(), expected[0].len()), expected);
}

#[cfg(feature = "cp-sat")]
#[test]
fn an_exported_cp_sat_model_solves_in_or_tools_python_to_masus_answer() {
    nonogram_solves_elsewhere("start-index", "cp-sat", "pb", "OPTIMAL");
}

#[test]
fn an_exported_mps_solves_in_highs_python_to_masus_answer() {
    let Some(backend) = Backend::MILP.into_iter().find(|b| b.is_compiled()) else { return };
    nonogram_solves_elsewhere("patterns", backend.name(), "mps", "Optimal");
}

/// masu's answer to `solve ARGS` (one board, unique), the CNF it exported (read before its
/// folder goes), and PySAT's model of that CNF (satisfiable) by variable number.
fn cnf_solved_in_pysat(name: &str, args: &[&str]) -> (Value, String, serde_json::Map<String, Value>) {
    let dir = temp_dir(name);
    let answer = solve_exporting(args, &dir);
    assert_eq!(answer["status"], "unique", "{answer}");
    let board = Path::new(args[1]).file_name().unwrap().to_str().unwrap();
    let file = dir.join(format!("{board}_1.cnf"));
    let (status, values) = solve_elsewhere("cnf", &file);
    assert_eq!(status, "SAT");
    (answer, std::fs::read_to_string(&file).unwrap(), values)
}

/// Article 001's board through the native solver's clause-learning stage at once
/// (`handover=0`): its CNF solved by PySAT gives masu's numbers (the board is filled, so no
/// detached loop fits beside the paths).
#[test]
fn an_exported_cnf_solves_in_pysat_to_masus_answer() {
    let args =
        ["numberlink", "examples/data/article_001_numberlink.json", "--formulation", "native", "--param", "handover=0"];
    let (answer, cnf, values) = cnf_solved_in_pysat("export-cnf", &args);
    let numbers: Vec<Vec<u32>> = serde_json::from_value(answer["solutions"][0]["numbers"].clone()).unwrap();
    // The comment's `x R C K V` lines name the variables; each cell's true one is its number.
    let mut theirs = vec![vec![0; numbers[0].len()]; numbers.len()];
    for line in cnf.lines().filter_map(|l| l.strip_prefix("c x ")) {
        let [r, c, k, v]: [usize; 4] =
            line.split(' ').map(|x| x.parse().unwrap()).collect::<Vec<_>>().try_into().unwrap();
        if values[&v.to_string()] == 1 {
            theirs[r][c] = k as u32;
        }
    }
    assert_eq!(theirs, numbers);
}

/// Article 002's sudoku on the `cnf` formulation: the clauses it exports, solved by PySAT,
/// give masu's grid (variable `(r·9 + c)·9 + v` true where cell `(r, c)` holds `v`).
#[test]
fn the_cnf_formulations_clauses_solve_in_pysat_to_masus_answer() {
    let args = ["sudoku", "examples/data/article_002_sudoku.json", "--formulation", "cnf", "--backend", "cadical"];
    let (answer, _, values) = cnf_solved_in_pysat("export-sat-cnf", &args);
    let grid: Vec<Vec<u8>> = serde_json::from_value(answer["solutions"][0].clone()).unwrap();
    let value = |r: usize, c: usize| (1..=9u8).find(|&v| values[&((r * 9 + c) * 9 + v as usize).to_string()] == 1);
    let theirs: Vec<Vec<u8>> = (0..9).map(|r| (0..9).map(|c| value(r, c).unwrap()).collect()).collect();
    assert_eq!(theirs, grid);
}
