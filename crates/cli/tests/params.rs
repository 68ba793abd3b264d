//! `--param`, `--log` and the JSON's record of them: each backend's own names, checked
//! before any solve; its own log on stderr, stdout left to the answers.

mod common;

use common::{masu, text};
use masu_core::Backend;
use serde_json::Value;

const NONOGRAM: &str = "examples/data/article_003_nonogram.json";

/// `solve nonogram` of article 003's puzzle with `args`, as JSON: the line and stderr.
fn solve(args: &[&str]) -> (Value, String) {
    let out = masu(&[&["solve", "nonogram", NONOGRAM, "--format", "json"], args].concat());
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert!(out.status.success(), "{args:?}: {stderr}");
    assert_eq!(stdout.lines().count(), 1, "stdout holds the answer alone: {stdout}");
    (serde_json::from_str(&stdout).unwrap(), stderr)
}

/// `solve` of article 003's puzzle with the patterns MILP on `backend`, the raw parameter
/// `param` and `--log`: unique, on a backend whose version starts with `version`; the line
/// and stderr.
#[cfg(any(feature = "highs", feature = "cbc", feature = "scip"))]
fn logged(backend: &str, param: &str, version: &str) -> (Value, String) {
    let (line, stderr) = solve(&["--formulation", "patterns", "--backend", backend, "--param", param, "--log"]);
    assert_eq!(line["status"], "unique");
    assert!(line["backend_version"].as_str().unwrap().starts_with(version), "{line}");
    (line, stderr)
}

/// `solve` with `args`: it must fail before solving, naming `name`.
fn refused(args: &[&str], name: &str) -> String {
    let out = masu(&[&["solve", "nonogram", NONOGRAM], args].concat());
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{args:?}: {stderr}");
    assert!(stderr.contains(&format!("parameter '{name}'")), "{args:?}: {stderr}");
    assert!(text(&out.stdout).is_empty(), "nothing solved: {}", text(&out.stdout));
    stderr
}

#[cfg(feature = "cp-sat")]
#[test]
fn cp_sat_takes_sat_parameters_by_name_and_logs_its_search() {
    let args = ["--formulation", "start-index", "--backend", "cp-sat", "--param", "num_workers=1"];
    let (line, stderr) = solve(&[&args[..], &["--param", "random_seed=7", "--log"]].concat());
    assert_eq!(line["status"], "unique");
    assert_eq!(line["stats"]["threads"], 1, "{line}");
    assert_eq!(line["parameters"], serde_json::json!({"num_workers": "1", "random_seed": "7"}));
    assert_eq!(line["backend_version"], "OR-Tools CP-SAT 9.15.6755");
    assert!(stderr.contains("Starting CP-SAT solver v9.15.6755"), "{stderr}");
    assert!(stderr.contains("random_seed: 7") && stderr.contains("num_workers: 1"), "{stderr}");
    let (quiet, stderr) = solve(&args);
    assert_eq!(quiet["stats"]["threads"], 1);
    assert!(!stderr.contains("CP-SAT"), "no log without --log: {stderr}");

    let stderr = refused(
        &["--backend", "cp-sat", "--formulation", "start-index", "--param", "no_such_field=1"],
        "no_such_field",
    );
    assert!(stderr.contains("SatParameters has no such field"), "{stderr}");
    let stderr =
        refused(&["--backend", "cp-sat", "--formulation", "start-index", "--param", "num_workers=many"], "num_workers");
    assert!(stderr.contains("'many' is not an integer"), "{stderr}");
}

#[cfg(feature = "highs")]
#[test]
fn highs_takes_its_options_and_logs_to_stderr() {
    let (_, stderr) = logged("highs", "mip_rel_gap=0", "HiGHS 1.");
    assert!(stderr.contains("Presolving model") || stderr.contains("Solving MIP model"), "{stderr}");
    // The two options masu's glue acts on: the threads it reports, presolve off or not.
    let (line, stderr) = solve(&[
        "--formulation",
        "patterns",
        "--backend",
        "highs",
        "--param",
        "threads=1",
        "--param",
        "presolve=off",
        "--log",
    ]);
    assert_eq!((&line["status"], &line["stats"]["threads"]), (&"unique".into(), &1.into()), "{line}");
    assert!(!stderr.contains("Presolving model"), "{stderr}");
    let stderr = refused(&["--backend", "highs", "--formulation", "patterns", "--param", "presolve=maybe"], "presolve");
    assert!(stderr.contains("HiGHS has no such option, or refuses the value 'maybe'"), "{stderr}");
    refused(&["--backend", "highs", "--formulation", "patterns", "--param", "no_such_option=1"], "no_such_option");
    refused(&["--backend", "highs", "--formulation", "patterns", "--param", "mip_rel_gap=lots"], "mip_rel_gap");
}

#[cfg(feature = "cbc")]
#[test]
fn cbc_takes_its_command_line_parameters_and_logs_to_stderr() {
    let (line, stderr) = logged("cbc", "maxNodes=100000", "CBC 2.10");
    assert_eq!(line["stats"]["threads"], 1);
    assert!(stderr.contains("Welcome to the CBC MILP Solver"), "{stderr}");
    refused(&["--backend", "cbc", "--formulation", "patterns", "--param", "noSuchParameter=1"], "noSuchParameter");
}

#[cfg(feature = "scip")]
#[test]
fn scip_takes_its_parameters_and_logs_to_stderr() {
    let (line, stderr) = logged("scip", "limits/gap=0", "SCIP 10.0.0");
    assert_eq!(line["backend_version"], "SCIP 10.0.0");
    assert!(stderr.contains("presolving"), "{stderr}");
    refused(&["--backend", "scip", "--formulation", "patterns", "--param", "limits/no_such=1"], "limits/no_such");
    refused(&["--backend", "scip", "--formulation", "patterns", "--param", "limits/gap=x"], "limits/gap");
}

/// `solve` takes a parameter for its own backend (`BACKEND:KEY=VALUE`) as `compare` does,
/// and refuses one for another backend by name, before solving; `--time-limit none` lifts
/// the limit on every command.
#[test]
fn solve_takes_parameters_scoped_to_its_backend() {
    let (line, _) = solve(&["--param", "native:handover=0", "--time-limit", "none"]);
    assert_eq!(line["status"], "unique");
    assert_eq!(line["parameters"], serde_json::json!({"handover": "0"}), "{line}");
    let out = masu(&["solve", "nonogram", NONOGRAM, "--param", "cp-sat:num_workers=1"]);
    assert_eq!(out.status.code(), Some(1));
    let stderr = text(&out.stderr);
    assert!(stderr.contains("--param cp-sat:num_workers=1: the solve runs on native"), "{stderr}");
    assert!(text(&out.stdout).is_empty(), "nothing solved: {}", text(&out.stdout));
    let out = masu(&["solve", "nonogram", NONOGRAM, "--param", "nosuch:a=1"]);
    assert_eq!(out.status.code(), Some(2), "clap refuses an unknown backend: {}", text(&out.stderr));
    assert!(text(&out.stderr).contains("nosuch"), "{}", text(&out.stderr));
}

#[test]
fn microlp_and_native_refuse_what_they_do_not_take() {
    if Backend::Microlp.is_compiled() {
        refused(&["--backend", "microlp", "--formulation", "patterns", "--param", "a=1"], "a");
    }
    refused(&["--param", "depth=3"], "depth");
    refused(&["--param", "handover=soon"], "handover");
    let (line, _) = solve(&["--param", "handover=0"]);
    assert_eq!(line["status"], "unique");
    let out = masu(&["solve", "nonogram", NONOGRAM, "--param", "novalue"]);
    assert!(text(&out.stderr).contains("'novalue' is not KEY=VALUE"), "{}", text(&out.stderr));
}

/// Numberlink's `frontier` takes `touch`: with it off, only paths that never run beside
/// themselves count. The board below has four solutions under the blanks rule: the straight
/// path, the detour round the bottom row, and two that run beside themselves.
#[test]
fn frontier_takes_touch() {
    let dir = tempfile_dir();
    let board = dir.join("two.json");
    std::fs::write(&board, r#"{"grid": [[1, 0, 1], [0, 0, 0]], "rule": "blanks"}"#).unwrap();
    let count = |touch: &str| {
        let out = masu(&[
            "count",
            "numberlink",
            board.to_str().unwrap(),
            "--count",
            "10",
            "--formulation",
            "frontier",
            "--param",
            touch,
            "--format",
            "json",
        ]);
        assert!(out.status.success(), "{}", text(&out.stderr));
        let line: Value = serde_json::from_str(&text(&out.stdout)).unwrap();
        (line["count"].as_u64().unwrap(), line["complete"].as_bool().unwrap())
    };
    assert_eq!(count("touch=true"), (4, true));
    assert_eq!(count("touch=false"), (2, true));
    let out =
        masu(&["solve", "numberlink", board.to_str().unwrap(), "--formulation", "frontier", "--param", "touch=maybe"]);
    assert!(text(&out.stderr).contains("parameter 'touch'"), "{}", text(&out.stderr));
}

/// A fresh folder under the target directory.
fn tempfile_dir() -> std::path::PathBuf {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("params-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// `compare` and `corpus` take `--param` too: for one backend's runners
/// (`BACKEND:KEY=VALUE`) or for every backend, each checked for every backend it goes to
/// before anything runs, and named in the records' setting.
#[cfg(feature = "cp-sat")]
#[test]
fn compare_and_corpus_give_each_backend_its_parameters() {
    const SUDOKU: &str = "examples/data/article_002_sudoku.json";
    let compare = |params: &[&str]| {
        let args = ["compare", "sudoku", SUDOKU, "--backends", "cp-sat,native", "--format", "jsonl"];
        masu(&[&args[..], params].concat())
    };
    let out = compare(&["--param", "cp-sat:max_time_in_seconds=0"]);
    let records: Vec<Value> = text(&out.stdout).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(records.len(), 3, "{}", text(&out.stderr));
    for record in &records {
        let expected = if record["backend"] == "cp-sat" { "timed-out" } else { "unique" };
        assert_eq!(record["status"], expected, "{record}");
        assert_eq!(record["setting"]["parameters"], serde_json::json!(["cp-sat:max_time_in_seconds=0"]));
    }
    // A parameter for every backend must suit each: the native sudoku solver takes none.
    let out = compare(&["--param", "num_workers=1"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("native/native: native parameter 'num_workers'"), "{}", text(&out.stderr));
    assert!(text(&out.stdout).is_empty(), "nothing ran: {}", text(&out.stdout));
    let out = compare(&["--param", "highs:threads=1"]);
    assert!(text(&out.stderr).contains("no runner on that backend is compared"), "{}", text(&out.stderr));

    let dir = common::temp_dir("corpus-params");
    let json = dir.join("set").join("json");
    std::fs::create_dir_all(&json).unwrap();
    std::fs::write(json.join("a.json"), r##"{"rows": [[1], []], "cols": [[1], []], "solution": ["#.", ".."]}"##)
        .unwrap();
    let corpus = |param: &str| masu(&["corpus", "nonogram", dir.to_str().unwrap(), "--param", param]);
    let out = corpus("native:handover=5");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let out = corpus("native:handoff=5");
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("parameter 'handoff'"), "{}", text(&out.stderr));
}
