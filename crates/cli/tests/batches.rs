//! Batches past one machine: shards, a killed run resumed, and `masu report` merging the
//! records into what one unsharded run gives.

mod common;

use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use common::*;

/// tdoku's unit-test puzzles (BSD-2, `tests/data`), one per line, as a set of their own:
/// unique, multiple and infeasible ones.
fn tdoku_set(dir: &Path) -> String {
    let text = std::fs::read_to_string(root().join("tests/data/tdoku_test_puzzles.txt")).unwrap();
    let puzzles: Vec<&str> = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| l.split(':').next().unwrap())
        .collect();
    assert!(puzzles.len() >= 20, "{} puzzles", puzzles.len());
    let set = dir.join("tdoku");
    std::fs::create_dir_all(&set).unwrap();
    std::fs::write(set.join("puzzles.txt"), puzzles.join("\n") + "\n").unwrap();
    set.to_str().unwrap().to_string()
}

/// What a run established of each instance and runner: status, count and first solution.
type Answers = BTreeMap<(String, String, String), (String, u64, serde_json::Value)>;

fn answers(jsonl: &str) -> Answers {
    jsonl
        .lines()
        .map(|line| {
            let r: serde_json::Value = serde_json::from_str(line).unwrap();
            let s = |k: &str| r[k].as_str().unwrap().to_string();
            (
                (s("instance"), s("formulation"), s("backend")),
                (s("status"), r["solutions"].as_u64().unwrap(), r["solution"].clone()),
            )
        })
        .collect()
}

/// `masu compare` of `binary` on `backend` over `set`, its records appended to `file`.
fn record_binary(set: &str, backend: &str, file: &Path) {
    let file = file.to_str().unwrap();
    let out = masu(&["compare", "sudoku", set, "--formulations", "binary", "--backends", backend, "--resume", file]);
    assert!(out.status.success(), "{}", text(&out.stderr));
}

fn records(path: &Path) -> usize {
    std::fs::read_to_string(path).map_or(0, |t| t.lines().count())
}

#[test]
fn three_shards_one_killed_and_resumed_merge_to_the_unsharded_run() {
    // Two backends are enough to merge runners from shards (each added one costs seconds).
    let backends = backends().into_iter().take(2).collect::<Vec<_>>().join(",");
    if backends.is_empty() {
        return;
    }
    let dir = temp_dir("shards");
    let set = tdoku_set(&dir);
    let whole = masu(&["compare", "sudoku", &set, "--backends", &backends, "--format", "jsonl"]);
    assert!(whole.status.success(), "{}", text(&whole.stderr));
    let expected = answers(&text(&whole.stdout));
    assert!(expected.values().any(|(status, ..)| status == "multiple"));
    assert!(expected.values().any(|(status, ..)| status == "infeasible"));

    let shard = |k: u32| dir.join(format!("shard-{k}.jsonl"));
    let run = |k: u32, extra: &[&str]| {
        let file = shard(k);
        let args = [
            &[
                "compare",
                "sudoku",
                &set,
                "--backends",
                &backends,
                "--shard",
                &format!("{k}/3"),
                "--resume",
                file.to_str().unwrap(),
            ],
            extra,
        ];
        Started::new(Command::new(MASU).args(args.concat()).current_dir(root()))
    };
    for k in [1, 3] {
        let out = run(k, &[]).finish(BOUND);
        assert!(out.status.success(), "{}", text(&out.stderr));
    }

    // Shard 2, stopped by SIGTERM (as Slurm's scancel stops it) once it has written its
    // first records (each solve repeated, so that the stop comes midway: the solve it
    // interrupts must not be recorded), then a line cut short as SIGKILL inside a write
    // leaves it.
    let child = run(2, &["--repeat", "10"]);
    let started = Instant::now();
    while records(&shard(2)) < 3 && started.elapsed() < Duration::from_secs(60) {
        std::thread::sleep(Duration::from_millis(1));
    }
    child.signal(nix::sys::signal::Signal::SIGTERM);
    child.finish(BOUND);
    let before = records(&shard(2));
    assert!(before >= 3);
    let whole_line = std::fs::read_to_string(shard(2)).unwrap().lines().next().unwrap().to_string();
    let mut text_2 = std::fs::read_to_string(shard(2)).unwrap();
    text_2.push_str(&whole_line[..whole_line.len() / 2]);
    std::fs::write(shard(2), text_2).unwrap();
    let resumed = run(2, &[]).finish(BOUND);
    assert!(resumed.status.success(), "{}", text(&resumed.stderr));
    assert!(text(&resumed.stderr).contains("instances left to run"), "{}", text(&resumed.stderr));
    assert!(records(&shard(2)) > before + 1, "the kill came after shard 2 had finished");

    let files: Vec<String> = (1..=3).map(|k| shard(k).to_str().unwrap().to_string()).collect();
    let report =
        masu(&[&["report", "--format", "jsonl"], &files.iter().map(String::as_str).collect::<Vec<_>>()[..]].concat());
    let stderr = text(&report.stderr);
    assert!(report.status.success(), "{stderr}");
    assert!(stderr.contains("a line cut short"), "{stderr}");
    let merged = answers(&text(&report.stdout));
    let differ: Vec<_> = expected.keys().chain(merged.keys()).filter(|k| expected.get(*k) != merged.get(*k)).collect();
    assert!(differ.is_empty(), "the merged shards differ from the unsharded run on {differ:?}");

    let table = masu(&[&["report"], &files.iter().map(String::as_str).collect::<Vec<_>>()[..]].concat());
    assert!(table.status.success());
    assert!(text(&table.stdout).contains("| formulation | backend | instances |"), "{}", text(&table.stdout));
}

#[test]
fn a_report_of_two_backends_plots_them_and_flags_a_planted_wrong_answer() {
    let backends = backends();
    if backends.len() < 2 {
        return; // one backend compiled in: nothing to put beside it
    }
    let dir = temp_dir("report");
    let set = tdoku_set(&dir);
    let (a, b) = (dir.join("a.jsonl"), dir.join("b.jsonl"));
    for (backend, file) in [(backends[0], &a), (backends[1], &b)] {
        record_binary(&set, backend, file);
    }
    let plot = dir.join("plot.svg");
    let (a, b, plot) = (a.to_str().unwrap(), b.to_str().unwrap(), plot.to_str().unwrap());
    let clean = masu(&["report", a, b, "--plot", plot]);
    assert!(clean.status.success(), "{}", text(&clean.stderr));
    let second = backends[1];
    assert!(text(&clean.stdout).contains(&format!("| binary | {second} |")), "{}", text(&clean.stdout));
    assert!(std::fs::read_to_string(plot).unwrap().contains("<svg"));
    let page = masu(&["report", a, b, "--format", "html"]);
    let html = text(&page.stdout);
    assert!(page.status.success(), "{}", text(&page.stderr));
    assert!(html.starts_with("<!DOCTYPE html>") && html.trim_end().ends_with("</html>"));
    assert!(html.contains(&format!("<td>binary</td><td>{second}</td>")), "the summary names both runners");
    assert!(!html.contains("class=\"alarm\""), "no wrong answer, no alarm");
    assert!(["src=\"", "href=\"", "@import", "url("].iter().all(|a| !html.contains(a)), "nothing is fetched");

    // Plant a wrong answer: the first unique solution the second backend recorded, two cells
    // swapped.
    let recorded = std::fs::read_to_string(b).unwrap();
    let mut lines: Vec<serde_json::Value> = recorded.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    let planted = lines.iter_mut().find(|r| r["status"] == "unique").unwrap();
    let row = planted["solution"][0].as_array_mut().unwrap();
    row.swap(0, 1);
    let instance = planted["instance"].as_str().unwrap().to_string();
    let text_b: Vec<String> = lines.iter().map(|r| r.to_string()).collect();
    std::fs::write(b, text_b.join("\n") + "\n").unwrap();

    let page = masu(&["report", a, b, "--format", "html"]);
    let html = text(&page.stdout);
    assert_eq!(page.status.code(), Some(1));
    let alarm = html.find(&format!("WRONG ANSWER on <b>{instance}</b> by binary/{second}")).expect("the wrong answer");
    assert!(alarm < html.find("<h2>Summary").unwrap(), "wrong answers come first");

    let report = masu(&["report", a, b]);
    let (stdout, stderr) = (text(&report.stdout), text(&report.stderr));
    assert_eq!(report.status.code(), Some(1), "{stderr}");
    assert!(stdout.contains("WRONG-ANSWER"), "{stdout}");
    assert!(
        stderr
            .contains(&format!("WRONG-ANSWER {instance} on binary/{second}: the recorded solution fails the checker")),
        "{stderr}"
    );
}

#[test]
fn a_report_names_missing_and_duplicated_records_and_bad_lines() {
    let dir = temp_dir("report-problems");
    let set = tdoku_set(&dir);
    let Some(&backend) = backends().first() else { return };
    let file = dir.join("run.jsonl");
    record_binary(&set, backend, &file);
    let run = std::fs::read_to_string(&file).unwrap();
    let first = run.lines().next().unwrap();
    let mut other: serde_json::Value = serde_json::from_str(first).unwrap();
    other["formulation"] = "all-different".into();
    other["backend"] = "cp-sat".into();
    let extra = dir.join("extra.jsonl");
    std::fs::write(&extra, format!("{first}\n{other}\nnot json\n")).unwrap();

    let report = masu(&["report", file.to_str().unwrap(), extra.to_str().unwrap()]);
    let stderr = text(&report.stderr);
    assert_eq!(report.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("error: duplicate: tdoku/puzzles.txt:1 on binary/"), "{stderr}");
    assert!(stderr.contains("extra.jsonl:3: not a record"), "{stderr}");
    assert!(stderr.contains("missing: tdoku/puzzles.txt:2 has no record of all-different/cp-sat"), "{stderr}");
}

#[test]
fn solve_shards_partition_a_batch() {
    let dir = temp_dir("solve-shards");
    let set = tdoku_set(&dir);
    let ids = |args: &[&str]| -> Vec<String> {
        // Which puzzle runs where is the question, not the answers: a second per puzzle
        // keeps microlp (minutes on tdoku's hardest, in a build of it alone) within the
        // bound of a test's wait.
        let solve = ["solve", "sudoku", &set, "--format", "json", "--count", "1", "--time-limit", "1"];
        let out = masu(&[&solve[..], args].concat());
        text(&out.stdout)
            .lines()
            .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap()["id"].as_str().unwrap().into())
            .collect()
    };
    let all = ids(&[]);
    let mut parts: Vec<String> = (1..=3).flat_map(|k| ids(&["--shard", &format!("{k}/3")])).collect();
    parts.sort();
    let mut sorted = all.clone();
    sorted.sort();
    assert_eq!(parts, sorted);
    assert!(all[0].starts_with("tdoku/puzzles.txt:"), "{}", all[0]);
    let bad = masu(&["solve", "sudoku", &set, "--shard", "4/3"]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(text(&bad.stderr).contains("'4/3' is not a shard"), "{}", text(&bad.stderr));
}

/// `solve --format json` writes records: its three shards merge with `report` into the table
/// of the whole batch (times aside), and a solve's lines keep their own fields.
#[test]
fn sharded_solve_lines_merge_with_report() {
    let dir = temp_dir("solve-records");
    let set = tdoku_set(&dir);
    let solve = |shard: Option<&str>, file: &Path| {
        let mut args = vec!["solve", "sudoku", &set, "--formulation", "native", "--format", "json"];
        if let Some(shard) = shard {
            args.extend(["--shard", shard]);
        }
        let out = masu(&args);
        assert!(out.status.success(), "{}", text(&out.stderr));
        std::fs::write(file, &out.stdout).unwrap();
    };
    let whole = dir.join("whole.jsonl");
    solve(None, &whole);
    let shards: Vec<_> = (1..=3).map(|k| dir.join(format!("shard{k}.jsonl"))).collect();
    for (k, file) in shards.iter().enumerate() {
        solve(Some(&format!("{}/3", k + 1)), file);
    }
    let line: serde_json::Value =
        serde_json::from_str(std::fs::read_to_string(&whole).unwrap().lines().next().unwrap()).unwrap();
    for field in
        ["id", "file", "line", "status", "count", "solutions", "stats", "kind", "instance", "puzzle", "setting"]
    {
        assert!(line.get(field).is_some(), "no {field} in {line}");
    }
    // The table without its two time columns.
    let table = |files: &[&Path]| -> Vec<String> {
        let mut args = vec!["report"];
        args.extend(files.iter().map(|f| f.to_str().unwrap()));
        let out = masu(&args);
        assert!(out.status.success(), "{}", text(&out.stderr));
        text(&out.stdout)
            .lines()
            .filter(|l| l.starts_with("| native"))
            .map(|l| l.split('|').take(10).collect::<Vec<_>>().join("|"))
            .collect()
    };
    let merged = table(&shards.iter().map(|p| p.as_path()).collect::<Vec<_>>());
    assert_eq!(merged, table(&[whole.as_path()]));
    assert_eq!(merged.len(), 1, "{merged:?}");
    assert!(merged[0].contains("| native | native |"), "{merged:?}");
}

/// A sharded comparison's page names its shard (it once said "whole"), as its records do.
#[test]
fn a_sharded_html_page_names_its_shard() {
    let dir = temp_dir("shard-page");
    let set = tdoku_set(&dir);
    let args = ["compare", "sudoku", &set, "--formulations", "native", "--backends", "native", "--shard", "2/3"];
    let page = masu(&[&args[..], &["--format", "html"]].concat());
    assert!(page.status.success(), "{}", text(&page.stderr));
    let html = text(&page.stdout);
    assert!(html.contains("2/3") && !html.contains(">whole<"), "the page does not name shard 2/3");
    let records = masu(&[&args[..], &["--format", "jsonl"]].concat());
    let first: serde_json::Value = serde_json::from_str(text(&records.stdout).lines().next().unwrap()).unwrap();
    assert_eq!(first["setting"]["shard"], "2/3");
}
