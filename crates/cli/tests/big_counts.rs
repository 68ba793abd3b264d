//! Large counts as a user runs them: a status and a count, never an abort; memory that does
//! not grow with `--count`; a stop under `timeout` that still prints the record. This file is
//! a test binary of its own, so the peak memory of its children (`RUSAGE_CHILDREN`) is that
//! of the processes started here.

mod common;

use std::process::Command;
use std::time::Duration;

use common::*;

/// A `side`×`side` numberlink board: `1` on the two top corners, `2` on the two bottom ones,
/// every other cell blank (billions of solutions under the blanks rule from 8×8 on).
fn corners(side: usize) -> String {
    let mut rows = vec![vec![0; side]; side];
    rows[0][0] = 1;
    rows[0][side - 1] = 1;
    rows[side - 1][0] = 2;
    rows[side - 1][side - 1] = 2;
    serde_json::to_string(&rows).unwrap()
}

fn json_of(stdout: &[u8]) -> serde_json::Value {
    let stdout = text(stdout);
    serde_json::from_str(stdout.trim()).unwrap_or_else(|e| panic!("one JSON line: {e}: {stdout}"))
}

/// Peak resident memory of the children reaped so far, in bytes.
fn children_peak() -> u64 {
    let usage = nix::sys::resource::getrusage(nix::sys::resource::UsageWho::RUSAGE_CHILDREN).unwrap();
    usage.max_rss() as u64 * 1024
}

/// The three kinds of count that aborted inside CaDiCaL or grew with the count: each ends
/// with a status and a count; the counts of a million solutions stay under 100 MB, and the
/// 8×8 board's count is exact (the frontier count; equal to the native search's on the
/// smaller boards of the differential suite).
#[test]
fn large_counts_end_with_a_status_in_bounded_memory() {
    let dir = temp_dir("big-counts");
    let board = |side: usize| {
        let path = dir.0.join(format!("b{side}.json"));
        std::fs::write(&path, corners(side)).unwrap();
        path.to_str().unwrap().to_string()
    };
    let (b8, b20) = (board(8), board(20));
    for (path, count, extra) in [(&b8, "1000000", vec![]), (&b8, "1000000", vec!["--formulation", "frontier"])] {
        let mut command = Command::new(MASU);
        command.args(["count", "numberlink", path, "--count", count, "--format", "json"]).args(&extra);
        let out = Started::new(&mut command).finish(Duration::from_secs(60));
        assert!(out.status.success(), "{extra:?}: {}", text(&out.stderr));
        let line = json_of(&out.stdout);
        assert_eq!(line["status"], "multiple", "{extra:?}");
        assert_eq!(line["complete"], true, "{extra:?}");
        // 907,893,640,807 solutions: the frontier count of this board, under the blanks rule.
        assert_eq!(line["count"].as_u64(), Some(907_893_640_807), "{extra:?}");
        assert_eq!(line["solutions"].as_array().map(Vec::len), Some(100), "{extra:?}: --solutions' default");
    }
    let peak = children_peak();
    assert!(peak < 100 << 20, "a count of a million took {} MB", peak >> 20);
    // The board that aborted inside CaDiCaL: a count under a time limit, a status and a
    // count whatever it reaches.
    let mut command = Command::new(MASU);
    command.args(["count", "numberlink", &b20, "--count", "10000", "--time-limit", "5", "--format", "json"]);
    let out = Started::new(&mut command).finish(Duration::from_secs(60));
    assert!(out.status.success(), "{}", text(&out.stderr));
    let line = json_of(&out.stdout);
    let status = line["status"].as_str().unwrap();
    assert!(["multiple", "timed-out"].contains(&status), "{line}");
    assert!(line["count"].as_u64().is_some_and(|n| n > 0 && n <= 10_000), "{line}");
}

/// A count far beyond what fits in the time, stopped by GNU `timeout` (which signals masu and
/// then its process group: one stop that arrives twice): the record of what it found is
/// printed every time, interrupted, with the count so far.
#[test]
fn a_count_stopped_by_timeout_prints_its_record() {
    let dir = temp_dir("timeout-count");
    let path = dir.0.join("b10.json");
    std::fs::write(&path, corners(10)).unwrap();
    for run in 0..3 {
        let mut command = Command::new("timeout");
        command.args(["2", MASU, "count", "numberlink", path.to_str().unwrap(), "--formulation", "native"]);
        command.args(["--count", "1000000000", "--format", "json"]);
        let out = Started::new(&mut command).finish(Duration::from_secs(30));
        let stderr = text(&out.stderr);
        assert!(!stderr.contains("again: stopped") && !stderr.contains("still running"), "run {run}: {stderr}");
        let line = json_of(&out.stdout);
        assert_eq!(line["status"], "interrupted", "run {run}: {line}");
        assert_eq!(line["complete"], false, "run {run}");
        assert!(line["count"].as_u64().is_some_and(|n| n > 100), "run {run}: {line}");
        assert_eq!(line["solutions"].as_array().map(Vec::len), Some(100), "run {run}");
    }
}

/// A comparison with a count beyond what fits in its time limit keeps and checks at most a
/// hundred solutions of each report, as a count does: it ends at its limit, in bounded
/// memory (keeping them all took 466 MB and twice the limit on this puzzle).
#[test]
fn a_comparison_of_a_large_count_keeps_a_bounded_number_of_solutions() {
    let path = temp_file("empty16.txt", &format!("{}\n", ".".repeat(256)));
    let mut command = Command::new(MASU);
    command.args(["compare", "sudoku", path.to_str().unwrap(), "--formulations", "native", "--backends", "native"]);
    command.args(["--count", "1000000000000", "--time-limit", "2", "--format", "jsonl"]);
    let out = Started::new(&mut command).finish(Duration::from_secs(60));
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    let record: serde_json::Value = serde_json::from_str(stdout.lines().next().unwrap()).unwrap();
    assert_eq!(record["status"], "timed-out", "{record}");
    assert_eq!(record["checked"], true, "{record}");
    assert!(record["solutions"].as_u64().is_some_and(|n| n > 1000), "{record}");
    let peak = children_peak();
    assert!(peak < 100 << 20, "a comparison took {} MB", peak >> 20);
}
