//! `--certify` from the command line: a verdict is `certified` only when the independent
//! checker accepted a proof of it, a verdict with a second solution is never certified
//! unique, a count is certified only with every solution excluded, and `--certify=DIR` keeps
//! what anyone can re-check.
//!
//! The checkers (`rate`, and VeriPB for numberlink's blanks rule) are installed by the test
//! commands (`./masu test`), which then set `MASU_EXPECT_RATE` and `MASU_EXPECT_VERIPB`:
//! there their absence fails these tests; elsewhere they check the certificate's refusal,
//! which names the missing checker.

mod common;

use common::*;
use serde_json::Value;

/// tdoku's test puzzles (BSD-2, `tests/data`): one with no solution, three, and 102.
const NONE: &str = "1...5.2.9..7.......6.......2...........5.1..2....2.39.3.4.9...15...1...3...8...4.";
const THREE: &str = "8.........95.......67.........472968...913245...856137....9.716...6.8492......583";
const MANY: &str = "8.........95.......67.........954286...712943...638517...476..5...521.3....8934..";

/// Whether a checker runs for the binary (`variable` names it, else `name` on the PATH);
/// where it must (`MASU_EXPECT_…`, set by the test commands), that it does.
fn runs(variable: &str, name: &str) -> bool {
    let program = std::env::var_os(variable).map(std::path::PathBuf::from).or_else(|| {
        let path = std::env::var_os("PATH").unwrap_or_default();
        std::env::split_paths(&path).map(|dir| dir.join(name)).find(|p| p.is_file())
    });
    // Its `--version` within BOUND (else killed and the test fails), where it is there at all.
    let runs = program.filter(|p| p.is_file()).is_some_and(|program| {
        Started::new(std::process::Command::new(program).arg("--version")).finish(BOUND).status.success()
    });
    let expect = variable.replace("MASU_", "MASU_EXPECT_");
    assert!(runs || std::env::var_os(&expect).is_none(), "{expect} is set and {name} does not run");
    runs
}

/// Whether the DRAT checker runs.
fn checker_runs() -> bool {
    runs("MASU_RATE", "rate")
}

/// Whether both checkers of a two-stage certificate (numberlink's blanks rule) run.
fn both_run() -> bool {
    checker_runs() && runs("MASU_VERIPB", "veripb")
}

/// The JSON record of `masu ARGS` on one puzzle given on standard input.
fn record(args: &[&str], puzzle: &str) -> Value {
    let out = masu_with_input(&[args, &["--format", "json", "-"]].concat(), puzzle);
    let stdout = text(&out.stdout);
    let line = stdout.lines().next().unwrap_or_else(|| panic!("no record: {}", text(&out.stderr)));
    serde_json::from_str(line).unwrap()
}

/// The certificate of `record`, checked against the checker's presence: accepted only where
/// it runs, and where it does not, the reason names it.
fn certificate(record: &Value) -> &Value {
    let c = &record["stats"]["certificate"];
    assert!(c.is_object(), "no certificate: {record}");
    if !checker_runs() {
        assert_eq!(c["accepted"], false, "{c}");
        assert!(c["detail"].as_str().unwrap().contains("did not start"), "{c}");
    }
    c
}

#[test]
fn unique_infeasible_and_complete_counts_are_certified() {
    let unique = record(&["solve", "sudoku", "--certify"], ARTICLE);
    assert_eq!(unique["status"], "unique");
    let c = certificate(&unique);
    assert!(c["proof_bytes"].as_u64().unwrap() > 0, "{c}");
    if checker_runs() {
        assert_eq!(c["accepted"], true, "{c}");
        assert!(c["checker"].as_str().unwrap().starts_with("rate "), "{c}");
    }

    let none = record(&["solve", "sudoku", "--certify"], NONE);
    assert_eq!(none["status"], "infeasible");
    assert_eq!(certificate(&none)["accepted"], checker_runs());

    // Exactly three: the count excludes its three solutions, and the rest is refuted.
    let three = record(&["count", "sudoku", "--certify", "--formulation", "native"], THREE);
    assert_eq!((three["count"].as_u64(), three["complete"].as_bool()), (Some(3), Some(true)), "{three}");
    assert_eq!(certificate(&three)["accepted"], checker_runs());
}

#[test]
fn a_verdict_with_a_solution_left_out_is_never_certified() {
    // Counting to two finds two of three: not a complete verdict, so nothing is certified.
    let two = record(&["solve", "sudoku", "--certify"], THREE);
    assert_eq!(two["status"], "multiple");
    assert!(two["stats"]["certificate"].is_null(), "{two}");

    // 102 counted and 100 kept: two would be left in the clauses, so no certificate.
    let many = record(&["count", "sudoku", "--certify", "--formulation", "native"], MANY);
    assert_eq!(many["count"].as_u64(), Some(102), "{many}");
    let c = &many["stats"]["certificate"];
    assert_eq!(c["accepted"], false, "{c}");
    assert!(c["detail"].as_str().unwrap().contains("102 solutions counted, 100 kept"), "{c}");

    // Every one kept: certified.
    let kept = record(&["count", "sudoku", "--certify", "--formulation", "native", "--solutions", "102"], MANY);
    assert_eq!(certificate(&kept)["accepted"], checker_runs());
}

#[test]
fn certify_dir_keeps_the_clauses_and_the_proof_and_the_text_says_certified() {
    let dir = temp_dir("certify-keep");
    let keep = dir.to_str().unwrap();
    let out = masu_with_input(&["solve", "sudoku", &format!("--certify={keep}"), "-"], ARTICLE);
    let said = text(&out.stdout);
    let line = said.lines().find(|l| l.contains("certified")).unwrap_or_else(|| panic!("{said}"));
    if checker_runs() {
        assert!(out.status.success(), "{}", text(&out.stderr));
        assert!(line.contains(": certified (rate "), "{line}");
    } else {
        assert!(line.contains(": not certified: "), "{line}");
    }
    let kept: Vec<String> =
        std::fs::read_dir(&*dir).unwrap().map(|e| e.unwrap().file_name().into_string().unwrap()).collect();
    let cnf = kept.iter().find(|f| f.ends_with(".cnf")).unwrap_or_else(|| panic!("{kept:?}"));
    let clauses = std::fs::read_to_string(dir.join(cnf)).unwrap();
    // 729 variables; the one solution excluded by a clause of 81 negations.
    assert!(clauses.lines().any(|l| l.starts_with("p cnf 729 ")), "{}", &clauses[..200]);
    assert!(clauses.lines().any(|l| l.split(' ').filter(|t| t.starts_with('-')).count() == 81));
    assert!(kept.iter().any(|f| f == &cnf.replace(".cnf", ".drat")), "{kept:?}");
}

#[test]
fn nonogram_and_numberlink_verdicts_are_certified() {
    let out = masu(&["solve", "nonogram", "examples/data/article_003_nonogram.json", "--certify", "--format", "json"]);
    let nonogram: Value = serde_json::from_str(text(&out.stdout).lines().next().unwrap()).unwrap();
    assert_eq!(nonogram["status"], "unique");
    assert_eq!(certificate(&nonogram)["accepted"], checker_runs());

    // An open 3×4 board with one pair in its corners: 4 paths under the fill rule, and
    // under the blanks rule many more, whose clauses admit closed loops in the cells a path
    // leaves: the count is certified only once the cycles are added as lemmas, proved by
    // dominance with the canonical clauses (VeriPB's stage) under the blanks rule.
    let open = "[[1,0,0,0],[0,0,0,0],[0,0,0,1]]";
    for (rule, count) in [("fill", 4), ("blanks", 38)] {
        let counted = record(&["count", "numberlink", "--rule", rule, "--count", "1000", "--certify"], open);
        assert_eq!((counted["count"].as_u64(), counted["complete"].as_bool()), (Some(count), Some(true)), "{counted}");
        let c = certificate(&counted);
        let runs = if rule == "blanks" { both_run() } else { checker_runs() };
        assert_eq!(c["accepted"], runs, "{c}");
        if runs && rule == "blanks" {
            assert!(c["dominance"]["steps"].as_u64().unwrap() > 0, "{c}");
            assert!(c["dominance"]["checker"].as_str().unwrap().starts_with("veripb "), "{c}");
        }
    }

    // The same counts as the frontier count, the link search and a MILP backend (the first
    // compiled in) give them: each certified.
    let milp = backends().first().map(|&b| ("milp", b));
    for (formulation, backend) in [("frontier", "native"), ("links", "native")].into_iter().chain(milp) {
        for (rule, count) in [("fill", 4), ("blanks", 38)] {
            let args = ["count", "numberlink", "--rule", rule, "--count", "1000", "--certify"];
            let counted = record(&[&args[..], &["--formulation", formulation, "--backend", backend]].concat(), open);
            let said = (counted["count"].as_u64(), counted["complete"].as_bool());
            assert_eq!(said, (Some(count), Some(true)), "{formulation}/{backend}: {counted}");
            let runs = if rule == "blanks" { both_run() } else { checker_runs() };
            assert_eq!(certificate(&counted)["accepted"], runs, "{formulation}/{backend}: {counted}");
        }
    }

    // Solving keeps two of those (the frontier count may still count all four): a verdict
    // with solutions left out of the clauses is never certified.
    let two = record(&["solve", "numberlink", "--rule", "fill", "--certify"], open);
    assert_eq!(two["status"], "multiple");
    let c = &two["stats"]["certificate"];
    assert!(c.is_null() || c["accepted"] == false, "{two}");

    // `--certify -` is the flag and the standard input, never a folder named "-".
    let out = masu_with_input(&["solve", "numberlink", "--certify", "-"], "[[1,0,1]]");
    assert!(text(&out.stdout).contains("unique"), "{}", text(&out.stderr));
}

/// `compare --certify` says which verdicts are certified: a column of the table, a line under
/// the summary, each JSONL record's `certified`; a `multiple` row has no certificate.
#[test]
fn compare_says_which_verdicts_are_certified() {
    let puzzles = temp_file("certify-compare.txt", &format!("{ARTICLE}\n{THREE}\n"));
    let path = puzzles.path.to_str().unwrap();
    let args = ["compare", "sudoku", path, "--formulations", "native", "--backends", "native", "--certify"];
    let out = masu(&args);
    let table = text(&out.stdout);
    assert!(out.status.success(), "{table}{}", text(&out.stderr));
    let runs = checker_runs();
    let header = table.lines().find(|l| l.starts_with("instance")).unwrap();
    assert!(header.trim_end().ends_with("certified"), "{table}");
    let seen = if runs { "native/native 1 of 1" } else { "native/native 0 of 1" };
    assert!(table.contains(&format!("claim no further solution): {seen}.")), "{table}");
    let out = masu(&[&args[..], &["--format", "jsonl"]].concat());
    let records: Vec<Value> = text(&out.stdout).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    let certified: Vec<&Value> = records.iter().map(|r| &r["certified"]).collect();
    assert_eq!(certified, [&Value::Bool(runs), &Value::Null], "{records:?}");
    // Without the flag, no column.
    let plain = text(&masu(&args[..args.len() - 1]).stdout);
    assert!(!plain.lines().find(|l| l.starts_with("instance")).unwrap().contains("certified"), "{plain}");
}
