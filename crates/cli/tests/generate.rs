//! `masu generate` for every kind, and puzzles given on standard input or written out.

mod common;

use common::{Signal, Started, masu, masu_with_input, temp_dir, text};

fn json_lines(bytes: &[u8]) -> Vec<serde_json::Value> {
    text(bytes).lines().map(|l| serde_json::from_str(l).unwrap()).collect()
}

/// `generate sudoku`: JSON lines, deterministic, each puzzle minimal and (by `count` on
/// CP-SAT or the first backend compiled in) unique, its solution the one printed.
#[test]
fn sudoku_generation_is_deterministic_minimal_and_unique() {
    let run = || masu(&["generate", "sudoku", "--size", "9", "--count", "3", "--minimal", "--seed", "4"]);
    let (a, b) = (run(), run());
    assert!(a.status.success(), "{}", text(&a.stderr));
    let (lines, again) = (json_lines(&a.stdout), json_lines(&b.stdout));
    assert_eq!(lines.len(), 3);
    for (x, y) in lines.iter().zip(&again) {
        assert_eq!(x["puzzle"], y["puzzle"], "same seed, same puzzles");
        assert_eq!(x["minimal"], true);
        let puzzle = x["puzzle"].as_str().unwrap();
        assert_eq!(puzzle.len(), 81);
        let givens = puzzle.chars().filter(|&c| c != '.').count();
        assert_eq!(x["givens"].as_u64(), Some(givens as u64));
        // The puzzle written out as the argument, counted again (tests/generate.rs re-proves
        // generated puzzles with a second formulation).
        let out = masu(&["count", "sudoku", puzzle, "--count", "2", "--format", "json", "--formulation", "native"]);
        assert!(out.status.success(), "{}", text(&out.stderr));
        let report = &json_lines(&out.stdout)[0];
        assert_eq!(report["status"], "unique", "{puzzle}");
        let solution: String = report["solutions"][0]
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|row| row.as_array().unwrap().iter().map(|v| v.to_string()))
            .collect();
        assert_eq!(x["solution"].as_str(), Some(solution.as_str()));
    }
    assert_ne!(lines[0]["puzzle"], lines[1]["puzzle"]);
    // Refused, with what is wrong: a side that is no sudoku, another kind's option.
    let out = masu(&["generate", "sudoku", "--size", "10"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("a sudoku's side is 4, 9, 16 or 25, not 10"), "{}", text(&out.stderr));
    // A side past the flag's bound is refused before anything is allocated.
    let out = masu(&["generate", "sudoku", "--size", "4000000000"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("is not in 2..=100"), "{}", text(&out.stderr));
    let out = masu(&["generate", "sudoku", "--size", "9", "--pairs", "3"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("unexpected argument '--pairs'"), "{}", text(&out.stderr));
}

/// `generate nonogram`: line-solvable random pictures, and a picture judged with its
/// ambiguous cells drawn.
#[test]
fn nonogram_generation_and_a_picture_judged() {
    let out = masu(&["generate", "nonogram", "--size", "15", "--count", "3", "--line-solvable", "--seed", "2"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let lines = json_lines(&out.stdout);
    assert_eq!(lines.len(), 3);
    let dir = temp_dir("generate-nonogram");
    for (i, line) in lines.iter().enumerate() {
        assert_eq!(line["line_solvable"], true);
        // The puzzle read back and solved by line solving alone: its picture.
        let file = dir.join(format!("{i}.json"));
        std::fs::write(&file, line["puzzle"].to_string()).unwrap();
        let out =
            masu(&["solve", "nonogram", file.to_str().unwrap(), "--formulation", "line-solver-dp", "--format", "json"]);
        let report = &json_lines(&out.stdout)[0];
        assert_eq!(report["status"], "unique");
        assert_eq!(report["solutions"][0], line["solution"]);
    }
    // Two crossing diagonals in a corner: two solutions, those four cells ambiguous.
    let picture = dir.join("diagonal.pbm");
    std::fs::write(&picture, "P1\n3 3\n1 0 0\n0 1 0\n0 0 0\n").unwrap();
    let svg = dir.join("diagonal.svg");
    let out = masu(&["generate", "nonogram", "--from", picture.to_str().unwrap(), "--svg", svg.to_str().unwrap()]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let verdict = &json_lines(&out.stdout)[0];
    assert_eq!(verdict["unique"], false);
    assert_eq!(verdict["ambiguous"], serde_json::json!([[0, 0], [0, 1], [1, 0], [1, 1]]));
    assert!(text(&out.stderr).contains("2 solutions; 4 ambiguous cells"), "{}", text(&out.stderr));
    assert_eq!(std::fs::read_to_string(&svg).unwrap().matches("fill=\"red\"").count(), 4);
    let out = masu(&["generate", "nonogram", "--from", "no-such-picture.png"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("no-such-picture.png: cannot read"), "{}", text(&out.stderr));
}

/// `-` reads standard input; a puzzle written out as the argument is solved; an argument that
/// is neither a file nor a puzzle is still "cannot read".
#[test]
fn puzzles_from_standard_input_and_written_out() {
    let puzzle = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
    let out = masu_with_input(&["solve", "sudoku", "-", "--formulation", "native"], &format!("{puzzle}\n{puzzle}\n"));
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("2 puzzles: 2 unique"), "{}", text(&out.stdout));
    assert!(text(&out.stdout).contains("-:2: unique"), "{}", text(&out.stdout));
    let out = masu(&["solve", "sudoku", puzzle, "--formulation", "native"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains(": unique"), "{}", text(&out.stdout));
    let out = masu(&["solve", "sudoku", "8..12"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("8..12: cannot read"), "{}", text(&out.stderr));
}

/// `generate --format url` prints puzz.link URLs that `solve` reads back, as the argument or
/// from standard input, and `solve --format url` writes them again.
#[test]
fn generated_urls_are_solved_as_given() {
    let out = masu(&["generate", "sudoku", "--size", "9", "--count", "2", "--format", "url", "--seed", "8"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let urls: Vec<String> = text(&out.stdout).lines().map(str::to_string).collect();
    assert_eq!(urls.len(), 2);
    for url in &urls {
        assert!(url.starts_with("https://puzz.link/p?sudoku/9/9/"), "{url}");
        let solved = masu(&["solve", "sudoku", url, "--formulation", "native"]);
        assert!(solved.status.success(), "{}", text(&solved.stderr));
        assert!(text(&solved.stdout).contains(": unique"), "{}", text(&solved.stdout));
    }
    // Nonogram URLs through standard input, written back by `solve --format url` unchanged.
    let out = masu(&["generate", "nonogram", "--size", "7", "--count", "3", "--format", "url", "--seed", "4"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let urls = text(&out.stdout);
    assert_eq!(urls.lines().filter(|l| l.starts_with("https://puzz.link/p?nonogram/7/7/")).count(), 3, "{urls}");
    let solved = masu_with_input(&["solve", "nonogram", "-", "--format", "url"], &urls);
    assert!(solved.status.success(), "{}", text(&solved.stderr));
    assert_eq!(text(&solved.stdout), urls);
    assert!(text(&solved.stderr).contains("3 unique"), "{}", text(&solved.stderr));
}

/// What masu writes, masu reads, with the same verdict: `generate KIND … | solve KIND -` for
/// every kind and both numberlink rules (JSON lines, read with their rule), the URLs of
/// `--format url`, and `solve --format json` records fed back to `solve`: every puzzle read
/// back `unique`, the same puzzle (its record's `puzzle` equal).
#[test]
fn generated_puzzles_and_records_read_back_unique() {
    let cases: [&[&str]; 4] = [
        &["sudoku", "--size", "9", "--count", "3", "--seed", "5"],
        &["nonogram", "--size", "8", "--count", "3", "--seed", "5"],
        &["numberlink", "--size", "7", "--count", "3", "--seed", "5", "--rule", "fill"],
        &["numberlink", "--size", "7", "--count", "3", "--seed", "5", "--rule", "blanks"],
    ];
    for case in cases {
        let (kind, rest) = (case[0], &case[1..]);
        if kind == "numberlink" && !masu_core::Backend::CpSat.is_compiled() {
            continue; // numberlink generation proves uniqueness with CP-SAT
        }
        let generated = masu(&[&["generate", kind], rest].concat());
        assert!(generated.status.success(), "{case:?}: {}", text(&generated.stderr));
        let lines = json_lines(&generated.stdout);
        assert_eq!(lines.len(), 3, "{case:?}");
        let solved = masu_with_input(&["solve", kind, "-", "--format", "json"], &text(&generated.stdout));
        assert!(solved.status.success(), "{case:?}: {}", text(&solved.stderr));
        let records = json_lines(&solved.stdout);
        assert_eq!(records.len(), 3, "{case:?}");
        for (record, line) in records.iter().zip(&lines) {
            assert_eq!(record["status"], "unique", "{case:?}: {line}");
            if let Some(rule) = line.get("rule") {
                assert!(record["puzzle"].as_str().unwrap().contains(&format!("\"rule\":{rule}")), "{record}");
            }
        }
        // The records, read back: the same puzzles, the same verdict.
        let again = masu_with_input(&["solve", kind, "-", "--format", "json"], &text(&solved.stdout));
        assert!(again.status.success(), "{case:?}: {}", text(&again.stderr));
        for (a, b) in json_lines(&again.stdout).iter().zip(&records) {
            assert_eq!((&a["status"], &a["puzzle"]), (&b["status"], &b["puzzle"]), "{case:?}");
        }
        // The URLs, read as puzz.link reads them: unique (a fill-rule numberlink not unique
        // under the blanks rule has none, and says why).
        let urls = masu(&[&["generate", kind], rest, &["--format", "url"]].concat());
        assert!(urls.status.success(), "{case:?}: {}", text(&urls.stderr));
        let given = text(&urls.stdout).lines().count();
        let missing = text(&urls.stderr).matches("no puzz.link URL").count();
        assert_eq!(given + missing, 3, "{case:?}: {}", text(&urls.stderr));
        if given > 0 {
            let solved = masu_with_input(&["solve", kind, "-"], &text(&urls.stdout));
            assert!(solved.status.success(), "{case:?}: {}", text(&solved.stderr));
            assert!(
                text(&solved.stdout).contains(&format!("{given} puzzles: {given} unique")),
                "{case:?}: {}",
                text(&solved.stdout)
            );
        }
        if case.contains(&"blanks") {
            assert_eq!(missing, 0, "a blanks-rule puzzle always has its URL");
        }
    }
}

/// Generated 20×20 numberlink boards of both rules, whose uniqueness the generator proved
/// with its own engines, are solved back unique by a second one: `native`'s clause-learning
/// stage alone (CaDiCaL with the connectivity propagator, `--param handover=0`).
#[test]
fn generated_20x20_numberlinks_are_unique_to_the_clause_learning_stage() {
    if !masu_core::Backend::CpSat.is_compiled() {
        return; // numberlink generation proves uniqueness with CP-SAT
    }
    for rule in ["fill", "blanks"] {
        let generated = masu(&["generate", "numberlink", "--size", "20", "--seed", "3", "--rule", rule]);
        assert!(generated.status.success(), "{rule}: {}", text(&generated.stderr));
        let args = ["solve", "numberlink", "-", "--formulation", "native", "--param", "handover=0"];
        let solved = masu_with_input(
            &[&args[..], &["--time-limit", "120", "--format", "json"]].concat(),
            &text(&generated.stdout),
        );
        assert!(solved.status.success(), "{rule}: {}", text(&solved.stderr));
        let records = json_lines(&solved.stdout);
        assert_eq!(records.len(), 1, "{rule}");
        assert_eq!(records[0]["status"], "unique", "{rule}: {}", records[0]);
        assert!(records[0]["stats"]["engine"]["connectivity_clauses"].as_u64() > Some(0), "{rule}");
    }
}

/// A numberlink board too large for its time limit ends the run with a status: each puzzle
/// named on stderr, the summary, exit status 1; stopped by SIGINT, a run prints the puzzles
/// it made, whole lines, says so in its summary, and exits 130.
#[test]
fn numberlink_generation_ends_at_its_time_limit_and_when_stopped() {
    if !masu_core::Backend::CpSat.is_compiled() {
        return;
    }
    let out = masu(&["generate", "numberlink", "--size", "60", "--count", "2", "--time-limit", "0.3"]);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("puzzle 0: no unique board within the time limit"), "{stderr}");
    assert!(stderr.contains("puzzle 1: no unique board within the time limit"), "{stderr}");
    assert!(stderr.contains("numberlink: 0 of 2 puzzles\n"), "no median of no puzzles: {stderr}");
    assert!(out.stdout.is_empty());

    let mut command = std::process::Command::new(common::MASU);
    command.args(["generate", "numberlink", "--size", "12", "--count", "100000", "--seed", "4"]);
    let child = Started::new(&mut command);
    std::thread::sleep(std::time::Duration::from_millis(1500));
    child.signal(nix::sys::signal::Signal::SIGINT);
    let out = child.finish(std::time::Duration::from_secs(10));
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(130), "{stderr}");
    assert!(text(&out.stdout).ends_with('\n'), "a partial line");
    let lines = json_lines(&out.stdout);
    assert!(!lines.is_empty() && lines.len() < 100000, "{stderr}");
    assert!(lines.iter().all(|l| l["method"] == "grow" && l["size"] == 12));
    assert!(!stderr.contains("within the time limit"), "a stopped puzzle is not a missed one: {stderr}");
    assert!(stderr.contains(&format!("numberlink: {} of 100000 puzzles", lines.len())), "{stderr}");
    assert!(stderr.trim_end().ends_with("per puzzle (interrupted)"), "the summary says the run was stopped: {stderr}");
}

/// `--pairs N` is the most pairs a numberlink puzzle has: every puzzle made by either method,
/// under either rule, has at most N (its JSON's count is its numbers'); one that cannot be
/// made within N by its time limit is reported with the fewest pairs reached and never
/// printed.
#[test]
fn numberlink_pairs_bound_every_puzzle() {
    if !masu_core::Backend::CpSat.is_compiled() {
        return;
    }
    for (method, size, most, rule) in [("fast", 8, 8, "fill"), ("fast", 8, 8, "blanks"), ("grow", 12, 12, "blanks")] {
        let (size, most_text) = (size.to_string(), most.to_string());
        let out = masu(&[
            "generate",
            "numberlink",
            "--size",
            &size,
            "--pairs",
            &most_text,
            "--method",
            method,
            "--rule",
            rule,
            "--count",
            "4",
            "--seed",
            "9",
            "--time-limit",
            "60",
        ]);
        assert!(out.status.success(), "{method} {rule}: {}", text(&out.stderr));
        let lines = json_lines(&out.stdout);
        assert_eq!(lines.len(), 4, "{method} {rule}");
        for line in lines {
            let numbers: std::collections::BTreeSet<u64> = line["puzzle"]
                .as_array()
                .unwrap()
                .iter()
                .flat_map(|r| r.as_array().unwrap())
                .filter_map(|v| v.as_u64())
                .filter(|&k| k > 0)
                .collect();
            assert_eq!(line["pairs"].as_u64(), Some(numbers.len() as u64), "{method} {rule}: {line}");
            assert!(numbers.len() <= most, "{method} {rule}: {} pairs over {most}", numbers.len());
        }
    }
    let out = masu(&["generate", "numberlink", "--size", "12", "--pairs", "3", "--count", "1", "--time-limit", "3"]);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(out.stdout.is_empty(), "a puzzle over its pairs was printed");
    assert!(
        stderr.contains(
            "puzzle 0: no unique board within the time limit: none with at most 3 pairs (the fewest one reached: "
        ),
        "{stderr}"
    );
}

/// `--seed` gives the same puzzles on any machine: three per kind, pinned.
#[test]
fn a_seed_pins_the_puzzles_of_every_kind() {
    let pinned: [(&[&str], [&str; 3]); 4] = [
        (
            &["sudoku", "--size", "9"],
            [
                r#""4.1.5287.3.26...5..........9....7.2.....8...5.8..1...........6.....4.13.5.4......""#,
                r#""4683......9.....2.....9.......2..4..93.6......2.5..76..4....65...3.5..8...6..79..""#,
                r#""...8.1.....8.6..3.......57.9.32..6...5....1.3.4...9..............2.9.71.587..2...""#,
            ],
        ),
        (
            &["nonogram", "--size", "6"],
            [
                r#"{"cols":[[1,3],[2,1],[6],[1,3],[4],[6]],"rows":[[4,1],[2,2],[4],[1,4],[6],[1,1,1]]}"#,
                r#"{"cols":[[2],[1,1,2],[6],[4],[1,3],[1,2]],"rows":[[2,1],[1,2],[4,1],[3],[5],[2,2]]}"#,
                r#"{"cols":[[1,2,1],[1,1],[1],[1,1],[6],[1,1,1]],"rows":[[1,3],[1,1],[2,3],[1,1],[1,1],[1,2]]}"#,
            ],
        ),
        (
            &["numberlink", "--size", "6"],
            [
                "[[1,0,0,2,0,0],[3,0,0,1,0,0],[4,0,0,0,0,5],[0,3,0,6,0,0],[0,7,2,5,6,0],[4,0,7,0,0,0]]",
                "[[0,1,2,0,0,3],[1,0,0,3,0,4],[2,0,5,0,4,6],[7,0,0,0,5,0],[0,8,0,7,9,0],[8,9,0,0,0,6]]",
                "[[1,2,3,0,0,0],[0,0,0,2,4,3],[1,0,0,5,0,0],[0,0,6,0,6,4],[0,7,0,8,0,0],[0,5,0,0,7,8]]",
            ],
        ),
        (
            // grow, the default above 9×9
            &["numberlink", "--size", "10"],
            [
                "[[0,0,0,0,0,0,0,1,0,2],[0,0,0,0,0,0,0,3,0,4],[0,0,5,6,0,0,0,0,0,0],[0,3,0,0,0,0,7,8,0,0],[0,9,0,0,8,0,2,0,0,0],[0,0,0,0,0,7,0,0,0,0],[0,0,0,0,0,0,0,10,0,10],[0,0,0,0,0,0,0,0,0,0],[0,4,0,9,5,0,0,0,6,0],[1,0,0,0,0,0,0,0,0,0]]",
                "[[0,0,0,0,0,1,0,0,2,3],[0,0,0,0,0,0,0,1,0,0],[0,0,4,0,0,0,0,0,0,0],[0,0,0,5,0,0,0,2,6,0],[0,0,0,7,0,0,0,0,0,0],[0,0,0,0,0,0,0,0,5,0],[0,0,0,0,0,8,0,0,9,0],[0,0,0,7,0,0,0,0,3,0],[0,0,0,0,0,0,9,0,10,0],[6,0,0,0,8,0,0,0,4,10]]",
                "[[0,0,0,0,0,0,0,0,1,2],[3,0,0,0,0,0,0,1,0,0],[0,0,0,0,4,0,0,3,0,5],[0,6,0,7,0,0,0,0,0,0],[0,0,0,0,0,7,0,0,0,0],[0,6,8,0,9,0,0,0,5,2],[10,0,0,0,0,0,9,0,0,0],[0,0,0,0,0,0,0,0,0,0],[0,4,0,8,0,0,0,0,10,0],[0,0,0,0,0,0,0,0,0,0]]",
            ],
        ),
    ];
    for (args, expected) in pinned {
        if args[0] == "numberlink" && !masu_core::Backend::CpSat.is_compiled() {
            continue;
        }
        let out = masu(&[&["generate"], args, &["--count", "3", "--seed", "77"]].concat());
        assert!(out.status.success(), "{args:?}: {}", text(&out.stderr));
        let puzzles: Vec<String> = json_lines(&out.stdout).iter().map(|l| l["puzzle"].to_string()).collect();
        assert_eq!(puzzles, expected, "{args:?}");
    }
}
