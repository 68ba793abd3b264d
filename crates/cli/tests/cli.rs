//! The command-line tool as a person or a script uses it: the built `masu` binary, run from
//! the workspace's root.

mod common;

use std::process::{Command, Output};

use common::*;
use masu_core::Backend;

#[test]
fn the_quick_start_puzzle_is_solved_and_unique_on_every_backend() {
    for backend in backends() {
        let out = masu(&["solve", "sudoku", "examples/data/article_002_sudoku.json", "--backend", backend]);
        let stdout = text(&out.stdout);
        assert!(out.status.success(), "{backend}: {}", text(&out.stderr));
        assert!(stdout.contains(": unique (1 solution(s), complete;"), "{stdout}");
        assert!(stdout.contains("3 5 8 | 4 6 9 | 2 1 7\n"), "{stdout}");
        assert!(stdout.contains("4 2 1 | 3 8 6 | 5 7 9\n"), "{stdout}");
    }
}

#[test]
fn bad_lines_are_named_and_the_rest_of_the_file_is_solved() {
    let contents = format!(
        "# two good puzzles around four bad ones\n{ARTICLE}\n12345\n{}\n55{}\n{ARTICLE}\n",
        ARTICLE.replacen('8', "x", 1),
        &ARTICLE[2..]
    );
    let file = temp_file("mixed.txt", &contents);
    let grid = temp_file("ten.txt", &"1234567890\n".repeat(10));
    let file_name = file.to_str().unwrap();
    let out = masu(&["solve", "sudoku", file_name, grid.to_str().unwrap(), "--format", "json"]);
    assert_eq!(out.status.code(), Some(1));
    let stderr = text(&out.stderr);
    for expected in [
        format!("{file_name}:3: 5 cells"),
        format!("{file_name}:4:3: unknown symbol 'x'"),
        format!("{file_name}:5: contradictory givens: row 1 has two 5s"),
        format!("{}:1: 10×10 grid", grid.display()),
    ] {
        assert!(stderr.contains(&expected), "missing «{expected}» in:\n{stderr}");
    }
    let lines: Vec<serde_json::Value> =
        text(&out.stdout).lines().map(|l| serde_json::from_str(l).expect("one JSON object per line")).collect();
    let statuses: Vec<(&str, u64)> =
        lines.iter().map(|l| (l["status"].as_str().unwrap(), l["line"].as_u64().unwrap())).collect();
    assert_eq!(statuses, [("unique", 2), ("error", 3), ("error", 4), ("error", 5), ("unique", 6), ("error", 1)]);
    let solved = &lines[0];
    assert_eq!(solved["count"], 1);
    assert_eq!(solved["complete"], true);
    assert_eq!(solved["solutions"][0][0], serde_json::json!([3, 5, 8, 4, 6, 9, 2, 1, 7]));
    assert!(solved["stats"]["variables"].as_u64().unwrap() >= 81);
}

#[test]
fn a_tiny_time_limit_reports_timed_out() {
    // A 25×25 grid from the pattern (r·5 + r/5 + c) mod 25 with two cells in three blanked:
    // too large for any backend to settle in 10 ms.
    let line: String = (0..625)
        .map(|i| {
            let (r, c) = (i / 25, i % 25);
            if i % 3 != 0 { '.' } else { char::from(b'A' + ((r * 5 + r / 5 + c) % 25) as u8) }
        })
        .collect();
    let file = temp_file("big.txt", &format!("{line}\n"));
    for backend in backends() {
        let out = masu(&["solve", "sudoku", file.to_str().unwrap(), "--backend", backend, "--time-limit", "0.01"]);
        let stdout = text(&out.stdout);
        assert!(out.status.success(), "{backend}: {}", text(&out.stderr));
        assert!(stdout.contains(": timed-out ("), "{backend}: {stdout}");
        assert!(!stdout.contains(": unique"), "{backend}: {stdout}");
    }
}

/// A limit shorter than loading the model: the overrun is in the JSON of solve and compare.
#[test]
fn an_overrun_is_in_the_json() {
    let line: String = (0..625)
        .map(|i| if i % 3 != 0 { '.' } else { char::from(b'A' + ((i / 25 * 5 + i / 125 + i % 25) % 25) as u8) })
        .collect();
    let file = temp_file("overrun.txt", &format!("{line}\n"));
    let file = file.to_str().unwrap();
    let Some(&backend) = backends().first() else { return };
    let out = masu(&["solve", "sudoku", file, "--backend", backend, "--time-limit", "0.000001", "--format", "json"]);
    let json: serde_json::Value = serde_json::from_str(text(&out.stdout).trim()).unwrap();
    assert!(json["overran_by"].as_f64().is_some_and(|s| s > 0.0), "{json}");
    let out = masu(&["compare", "sudoku", file, "--backends", backend, "--time-limit", "0.000001", "--format", "json"]);
    let json: serde_json::Value = serde_json::from_str(text(&out.stdout).trim()).unwrap();
    assert!(json["rows"][0]["overran_by_s"].as_f64().is_some_and(|s| s > 0.0), "{json}");
    let out =
        masu(&["solve", "sudoku", "examples/data/article_002_sudoku.json", "--time-limit", "60", "--format", "json"]);
    assert!(!text(&out.stdout).contains("overran_by"), "within the limit, no overrun");
}

#[test]
fn count_stops_at_the_limit_and_says_so() {
    let file = temp_file("empty4.txt", &format!("{}\n", ".".repeat(16)));
    let out = masu(&["count", "sudoku", file.to_str().unwrap(), "--count", "5", "--format", "json"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let line: serde_json::Value = serde_json::from_str(text(&out.stdout).trim()).unwrap();
    assert_eq!(
        (line["status"].as_str(), line["count"].as_u64(), line["complete"].as_bool()),
        (Some("multiple"), Some(5), Some(false))
    );
}

/// `auto` on cp-sat is a portfolio whose native count settles small boards: the record names
/// the native engine and its version, not CP-SAT's, while the runner stays `auto/cp-sat`.
#[test]
fn a_count_made_by_a_native_member_of_auto_is_labelled_native() {
    if !Backend::CpSat.is_compiled() {
        return;
    }
    let file = temp_file("corners4.txt", "4 4\n1..1\n....\n....\n2..2\n");
    let out = masu(&["count", "numberlink", file.to_str().unwrap(), "--backend", "cp-sat", "--format", "json"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let line: serde_json::Value = serde_json::from_str(text(&out.stdout).trim()).unwrap();
    assert_eq!((line["formulation"].as_str(), line["backend"].as_str()), (Some("auto"), Some("cp-sat")));
    assert_eq!(line["answered_by"].as_str(), Some("native"), "{line}");
    assert_eq!(line["backend_version"].as_str(), Some(Backend::Native.version().as_str()), "{line}");
    assert_eq!((line["count"].as_u64(), line["complete"].as_bool()), (Some(142), Some(true)));
}

#[test]
fn a_formulation_that_cannot_run_on_a_backend_is_refused() {
    if !Backend::Highs.is_compiled() {
        return;
    }
    let out = masu(&[
        "solve",
        "sudoku",
        "examples/data/article_002_sudoku.json",
        "--backend",
        "highs",
        "--formulation",
        "all-different",
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("cannot run on highs"), "{}", text(&out.stderr));
}

/// Where CaDiCaL's library cannot be opened, a solve that needs it is an error naming the
/// library and how to build it (exit 1, no panic), and a solve whose certificate needs it
/// still answers, its certificate unchecked and saying why.
#[test]
fn without_cadicals_library_what_needs_it_says_how_to_build_it_and_the_rest_runs() {
    let missing = |args: &[&str]| {
        let mut command = Command::new(MASU);
        command.args(args).current_dir(root()).env("MASU_CADICAL_LIB", "/nonexistent/libmasu_cadical.so");
        Started::new(&mut command).finish(BOUND)
    };
    let puzzle = "examples/data/article_002_sudoku.json";
    let out = missing(&["solve", "sudoku", puzzle, "--formulation", "cnf", "--backend", "cadical"]);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("cannot load libmasu_cadical.so") && stderr.contains("scripts/build-cadical"), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");

    let out = missing(&["solve", "sudoku", puzzle, "--formulation", "native", "--certify", "--format", "json"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let record: serde_json::Value = serde_json::from_str(text(&out.stdout).lines().next().unwrap()).unwrap();
    assert_eq!(record["status"], "unique");
    let certificate = &record["stats"]["certificate"];
    assert_eq!(certificate["proof"], "unchecked", "{certificate}");
    assert!(certificate["detail"].as_str().unwrap().contains("scripts/build-cadical"), "{certificate}");
}

/// Ctrl-C (SIGINT) or SIGTERM stops the running count within moments, on every backend
/// compiled in: what was found is still printed, whole lines only, with the summary, and the
/// exit status is 130. (CP-SAT and CBC would otherwise take over SIGINT during a solve.)
#[test]
fn ctrl_c_or_sigterm_stops_and_prints_what_finished() {
    use nix::sys::signal::Signal;
    let empty = temp_file("empty9.txt", &format!("{}\n{}\n", ".".repeat(81), ".".repeat(81)));
    let mut runs = vec![vec![]];
    let mut milp = backends();
    if Backend::Microlp.is_compiled() {
        milp.push("microlp");
    }
    runs.extend(milp.into_iter().map(|b| vec!["--formulation", "binary", "--backend", b]));
    for extra in runs {
        for signal in [Signal::SIGINT, Signal::SIGTERM] {
            let mut command = Command::new(MASU);
            command.args(["count", "sudoku", empty.to_str().unwrap(), "--count", "1000000"]).args(&extra);
            let child = Started::new(&mut command);
            std::thread::sleep(std::time::Duration::from_millis(1500));
            child.signal(signal);
            let started = std::time::Instant::now();
            let out = child.finish(std::time::Duration::from_secs(10));
            let took = started.elapsed();
            assert!(took < std::time::Duration::from_secs(2), "{extra:?} {signal}: stopped after {took:?}");
            assert_eq!(out.status.code(), Some(130), "{extra:?} {signal}: {}", text(&out.stderr));
            // The first puzzle's line: `multiple` once two solutions were found before the
            // signal, `interrupted` with one (a loaded machine may take that long to start).
            let stdout = text(&out.stdout);
            let first = stdout.contains(":1: multiple (") || stdout.contains(":1: interrupted (");
            assert!(first, "{extra:?} {signal}: {stdout}");
            assert!(stdout.contains("1 not run"), "{extra:?} {signal}: {stdout}");
            assert!(stdout.ends_with('\n'), "{extra:?} {signal}: a partial line: {stdout}");
        }
    }
}

/// Nonogram bad input, one file each beside a good one: every error names its file and
/// line, the good puzzle is still solved, and the exit status is 1.
#[test]
fn nonogram_bad_input_is_named_and_the_batch_goes_on() {
    let sample = "5 5\n1\n1\n5\n1\n1\n1\n3\n1 1 1\n1\n1\n";
    let cases = [
        ("good.nin", sample.to_string(), None),
        ("too-long.nin", sample.replace("\n5\n", "\n3 2\n"), Some(("4", "row 3 clue [3, 2] needs 6 cells"))),
        (
            "totals.nin",
            sample.replace("\n1 1 1\n", "\n1 1\n"),
            Some(("1", "the row clues fill 9 cells but the column clues fill 8")),
        ),
        ("negative.nin", sample.replace("\n3\n", "\n-3\n"), Some(("8", "negative clue -3"))),
        ("letters.nin", sample.replace("\n3\n", "\nthree\n"), Some(("8", "'three' is not a number"))),
        (
            "width.nin",
            sample.replacen("5 5", "6 5", 1),
            Some(("1", "a 6×5 puzzle needs 5 row and 6 column clue lines, found 10")),
        ),
        ("empty.nin", String::new(), Some(("1", "empty file: no puzzle"))),
    ];
    let cases: Vec<(&str, String, Option<String>)> = (cases.into_iter())
        .map(|(name, contents, expected)| (name, contents, expected.map(|(line, why)| format!(":{line}: {why}"))))
        .collect();
    let (dir, out) = solve_bad_batch("nonogram", &cases);
    let stdout = text(&out.stdout);
    assert!(
        stdout
            .contains(&format!("{}:1: unique (1 solution(s), complete; native native", dir.join("good.nin").display())),
        "{stdout}"
    );
    assert!(stdout.contains("7 puzzles: 1 unique"), "{stdout}");
}

/// `masu solve KIND` on a folder of the files `cases` (name, contents, the error its place
/// is followed by on stderr, or `None` for a good one): exit status 1, and every error said
/// at its file; the folder and the output.
fn solve_bad_batch<C: AsRef<str>, E: AsRef<str>>(kind: &str, cases: &[(&str, C, Option<E>)]) -> (TempDir, Output) {
    let dir = temp_dir(&format!("{kind}s"));
    for (name, contents, _) in cases {
        std::fs::write(dir.join(name), contents.as_ref()).unwrap();
    }
    let out = masu(&["solve", kind, dir.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let stderr = text(&out.stderr);
    for (name, _, expected) in cases {
        if let Some(message) = expected {
            let wanted = format!("{}{}", dir.join(name).display(), message.as_ref());
            assert!(stderr.contains(&wanted), "missing «{wanted}» in:\n{stderr}");
        }
    }
    (dir, out)
}

/// A nonogram solved from the command line is drawn with its clues, and as SVG on request.
#[test]
fn nonogram_solution_is_drawn() {
    let file = temp_file("sample.json", r#"{"rows": [[1],[1],[5],[1],[1]], "cols": [[1],[3],[1,1,1],[1],[1]]}"#);
    let svg = file.with_extension("svg");
    let out = masu(&["solve", "nonogram", file.to_str().unwrap(), "--svg", svg.to_str().unwrap()]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("██████████  5\n"), "{}", text(&out.stdout));
    let picture = std::fs::read_to_string(&svg).unwrap();
    assert_eq!(picture.matches("fill=\"black\"").count(), 9);
}

/// Numberlink bad input, one file each beside a good one: each error names the file and the
/// cell or line; the good board is still solved; exit status 1.
#[test]
fn numberlink_bad_input_is_named_and_the_batch_goes_on() {
    let cases = [
        ("good.json", "[[0,1,0,3,2],[0,0,0,0,0],[0,0,2,0,1],[0,0,0,3,0],[0,0,0,0,0]]", None),
        ("once.json", "[[4,0],[0,2],[2,0]]", Some(":1: number 4 appears 1 time(s) (at r1c1)")),
        ("thrice.txt", "A.A\n..A\n", Some(":1: symbol 'A' appears 3 time(s) (at r1c1, r1c3, r2c3)")),
        ("ragged.txt", "A.B\nAB\n", Some(":2: 2 cells in a row of a board 3 wide: not a rectangle")),
        ("symbol.json", "[[1,\"x\"],[1,0]]", Some(":1: r1c2: \"x\" is not a number")),
        ("nopairs.json", "[[0,0],[0,0]]", Some(":1: no endpoints: the board has no pairs to connect")),
    ];
    let (_, out) = solve_bad_batch("numberlink", &cases);
    assert!(text(&out.stdout).contains("6 puzzles: 1 unique"), "{}", text(&out.stdout));
}

/// `generate numberlink`: JSON lines, the same for the same seed, each puzzle unique.
#[test]
fn numberlink_generation_is_json_lines_and_deterministic() {
    if !Backend::CpSat.is_compiled() {
        return;
    }
    let run = || masu(&["generate", "numberlink", "--size", "6", "--pairs", "5", "--count", "2", "--seed", "9"]);
    let (a, b) = (run(), run());
    assert!(a.status.success(), "{}", text(&a.stderr));
    let parse = |out: &Output| -> Vec<serde_json::Value> {
        text(&out.stdout).lines().map(|l| serde_json::from_str(l).unwrap()).collect()
    };
    let (lines, again) = (parse(&a), parse(&b));
    for (x, y) in lines.iter().zip(&again) {
        assert_eq!((&x["puzzle"], &x["solution"]), (&y["puzzle"], &y["solution"]), "same seed, same puzzles");
    }
    assert_eq!(lines.len(), 2);
    assert_ne!(lines[0]["puzzle"], lines[1]["puzzle"]);
    assert_eq!(lines[0]["puzzle"].as_array().unwrap().len(), 6);
    // More pairs than paths of 3 cells fit: refused, not quietly fewer.
    let out = masu(&["generate", "numberlink", "--size", "3", "--pairs", "4"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("--pairs 4: a 3×3 board holds at most 3 paths"), "{}", text(&out.stderr));
}

/// `corpus` runs the sets `--sets` names and no others, and refuses a set without puzzles.
#[test]
fn corpus_runs_the_named_sets_only() {
    let dir = temp_dir("corpus-sets");
    for set in ["one", "two"] {
        let json = dir.join(set).join("json");
        std::fs::create_dir_all(&json).unwrap();
        let puzzle = r##"{"rows": [[1], []], "cols": [[1], []], "solution": ["#.", ".."]}"##;
        std::fs::write(json.join(format!("{set}-1.json")), puzzle).unwrap();
    }
    let corpus = |sets: &str| run_corpus(&["nonogram", dir.to_str().unwrap(), "--sets", sets]);
    let out = corpus("one");
    let printed = text(&out.stdout);
    assert!(out.status.success(), "{printed}{}", text(&out.stderr));
    assert!(printed.contains("one") && !printed.contains("two"), "{printed}");
    let out = corpus("one,three");
    assert!(!out.status.success());
    assert!(text(&out.stderr).contains("set three: no json/*.json puzzles"), "{}", text(&out.stderr));
}

/// A numberlink board with one solution, given as the source's.
const GOOD_BOARD: &str = r#"{"grid": [[1, 0, 1], [2, 0, 2]], "solution": [[1, 1, 1], [2, 2, 2]]}"#;

/// A corpus folder holding one set, `set`, of the boards given as (file stem, JSON).
fn numberlink_set(name: &str, boards: &[(&str, &str)]) -> TempDir {
    let dir = temp_dir(name);
    let json = dir.join("set").join("json");
    std::fs::create_dir_all(&json).unwrap();
    for (stem, board) in boards {
        std::fs::write(json.join(format!("{stem}.json")), board).unwrap();
    }
    dir
}

/// `corpus --jobs` solves several boards at once and reports what one job reports: the same
/// summary, a failure for a wrong source solution and for an unreadable board, each naming
/// its file, and a failing exit status.
#[test]
fn corpus_jobs_report_what_one_job_reports() {
    let good: Vec<String> = (0..5).map(|n| format!("good-{n}")).collect();
    let mut boards: Vec<(&str, &str)> = good.iter().map(|name| (name.as_str(), GOOD_BOARD)).collect();
    boards.push(("wrong", r#"{"grid": [[1, 0, 1], [2, 0, 2]], "solution": [[1, 1, 1], [2, 0, 2]]}"#));
    boards.push(("once", r#"{"grid": [[1, 0], [0, 0]]}"#));
    let dir = numberlink_set("corpus-jobs", &boards);
    let corpus = |jobs: &str| {
        run_corpus(&["numberlink", dir.to_str().unwrap(), "--sets", "set", "--formulations", "native", "--jobs", jobs])
    };
    // The summary's rows without their two timing columns.
    let summary = |out: &Output| -> Vec<Vec<String>> {
        let cells = |l: &str| l.trim_matches('|').split('|').map(|c| c.trim().to_string()).collect::<Vec<_>>();
        let printed = text(&out.stdout);
        let rows = printed.lines().filter(|l| l.starts_with("| ") && !l.starts_with("|---")).map(cells);
        rows.map(|mut row| {
            row.truncate(row.len().saturating_sub(2));
            row
        })
        .collect()
    };
    let (one, three) = (corpus("1"), corpus("3"));
    assert_eq!(summary(&one), summary(&three));
    for out in [&one, &three] {
        let errors = text(&out.stderr);
        assert!(!out.status.success(), "{errors}");
        assert!(errors.contains("wrong.json: native: unique, but not the source's solution"), "{errors}");
        assert!(errors.contains("once.json: unreadable"), "{errors}");
        assert_eq!(errors.matches("FAIL").count(), 2, "{errors}");
    }
    let rows = summary(&three);
    // set, formulation, backend, puzzles, answered, unique, multiple, infeasible, timed out,
    // too large, other, wrong
    assert_eq!(rows[1], ["set", "native", "native", "6", "6", "6", "0", "0", "0", "0", "0", "0"], "{rows:?}");
}

/// `corpus` names the boards a formulation left without an answer, in order, after the
/// summary: at `--time-limit 0` `milp` builds no model (its build looks at the clock first),
/// so both boards are named; with an answer for every board no such line is printed.
#[test]
fn corpus_names_the_boards_left_without_an_answer() {
    let dir = numberlink_set("corpus-unanswered", &[("b-board", GOOD_BOARD), ("a-board", GOOD_BOARD)]);
    let corpus = |args: &[&str]| {
        let fixed = ["numberlink", dir.to_str().unwrap(), "--sets", "set", "--jobs", "2"];
        run_corpus(&[&fixed[..], args].concat())
    };
    let out = corpus(&["--formulations", "milp", "--time-limit", "0"]);
    let printed = text(&out.stdout);
    assert!(out.status.success(), "{printed}{}", text(&out.stderr));
    let line = printed.lines().find(|l| l.starts_with("no answer from milp/")).unwrap_or_default();
    assert!(line.ends_with(" (2): a-board, b-board"), "{printed}");
    let out = corpus(&["--formulations", "native"]);
    let printed = text(&out.stdout);
    assert!(out.status.success(), "{printed}{}", text(&out.stderr));
    assert!(!printed.contains("no answer"), "{printed}");
}

/// OR-Tools is opened at the first CP-SAT solve, not at start: `--version` and a native
/// solve never load it (the dynamic loader's own log shows what it loads), a CP-SAT solve
/// does.
#[test]
fn libortools_is_loaded_only_by_a_cp_sat_solve() {
    let loads_ortools = |args: &[&str]| {
        let out = Started::new(Command::new(MASU).args(args).current_dir(root()).env("LD_DEBUG", "libs")).finish(BOUND);
        assert!(out.status.success(), "{args:?}: {}", text(&out.stderr));
        text(&out.stderr).contains("libortools.so.9")
    };
    let nonogram = "examples/data/article_003_nonogram.json";
    assert!(!loads_ortools(&["--version"]));
    assert!(!loads_ortools(&["solve", "nonogram", nonogram, "--formulation", "native"]));
    if Backend::CpSat.is_compiled() {
        assert!(loads_ortools(&["solve", "nonogram", nonogram, "--formulation", "automaton"]));
    }
}

/// A reader that goes away early (`masu ... | head -c 200`) ends each command quietly: no
/// panic, no error, status 0.
#[test]
fn a_closed_pipe_ends_quietly() {
    let batch = temp_file("batch.txt", &format!("{ARTICLE}\n").repeat(100));
    let batch = batch.to_str().unwrap();
    let boards: Vec<(String, &str)> = (0..300).map(|n| (format!("board-{n:03}"), GOOD_BOARD)).collect();
    let boards: Vec<(&str, &str)> = boards.iter().map(|(name, board)| (name.as_str(), *board)).collect();
    let corpus = numberlink_set("corpus-pipe", &boards);
    let corpus = corpus.to_str().unwrap();
    let mut commands = vec![
        vec!["solve", "sudoku", batch, "--format", "json"],
        vec!["count", "sudoku", batch, "--count", "3"],
        vec!["compare", "sudoku", batch, "--format", "csv"],
        vec!["corpus", "numberlink", corpus, "--sets", "set", "--formulations", "native"],
    ];
    if Backend::CpSat.is_compiled() {
        commands.push(vec!["generate", "numberlink", "--size", "8", "--count", "200", "--seed", "1"]);
    }
    for args in commands {
        let mut child = Started::new(Command::new(MASU).args(&args).current_dir(root()));
        child.read_stdout(200, BOUND);
        let out = child.finish(BOUND);
        let stderr = text(&out.stderr);
        assert!(!stderr.contains("panicked") && !stderr.contains("error:"), "{args:?}: {stderr}");
        assert_eq!(out.status.code(), Some(0), "{args:?}: {stderr}");
    }
}

/// `compare` bounds every solve by default and says so in its title; `--summary` writes the
/// summary as CSV (sgm and the virtual best among it); stopped while a backend does not heed
/// the stop (CBC loading and preprocessing a 20×20 nonogram's `patterns` model of 1.2
/// million rows), it still prints the table of what finished, the rest interrupted, within
/// the stop's bound.
#[test]
fn compare_is_bounded_summarised_and_prints_what_finished_when_stopped() {
    let dir = temp_dir("compare-bounded");
    let summary = dir.0.join("summary.csv");
    // The native solver, and the binary MILP on the first backend compiled in.
    let backends = ["native"].into_iter().chain(backends().into_iter().take(1)).collect::<Vec<_>>().join(",");
    let out = masu(&[
        "compare",
        "sudoku",
        "examples/data/article_002_sudoku.json",
        "--formulations",
        "native,binary",
        "--backends",
        &backends,
        "--summary",
        summary.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("at most 60 s per solve"), "{}", text(&out.stdout));
    let csv = std::fs::read_to_string(&summary).unwrap();
    let lines: Vec<&str> = csv.lines().collect();
    assert!(
        lines[0].starts_with("formulation,backend,instances,solved,") && lines[0].ends_with(",sgm_s,median_s,max_s")
    );
    let native = lines.iter().find(|l| l.starts_with("native,native,")).expect("the native line");
    assert!(native.starts_with("native,native,1,1,1,0,0,0,0,0,"), "{csv}");
    let sgm: f64 = native.split(',').nth(10).unwrap().parse().unwrap();
    assert!(sgm > 0.0 && sgm < 1.0, "{csv}");
    if backends.contains(',') {
        // Two runners: the virtual best, its status columns empty, its times the best.
        let best = lines.iter().find(|l| l.starts_with("virtual best,")).expect("the virtual best");
        assert!(best.starts_with("virtual best,–,1,1,,,,,,,"), "{csv}");
        let best_sgm: f64 = best.split(',').nth(10).unwrap().parse().unwrap();
        assert!(best_sgm <= sgm, "{csv}");
    }
    if !Backend::Cbc.is_compiled() {
        return;
    }
    let clues = r#"{"cols":[[1,1,2,1,1,1],[3,2,1],[1,1,1,1],[2,1,1,2,1],[2,1,1,2],[1,2,2],[2,1,2,1,1,2],[1,3],[1,1,2,1,1],[1,1,1,1,1],[3,1,1],[1],[2,3,1],[1,1,1],[2,2],[1,1],[1,1,2,1],[1,1,1,1],[1,1,1,2],[1,1,1,1,1]],"rows":[[1,1,1],[1,1,1,2],[1,2,1,1],[1,1,1],[1,1,3],[2,1,2,1,2],[1,1,1,1],[2,1,1],[1,1,1,1,1,1],[3,1,1],[1,2,3,2],[2,1,1,1],[1,2,1,1,1],[1,1,1],[1,1,1,1],[1,2],[1,2,1],[1,2,1,1,1,2],[1,1,1,1],[2,2,1,1]]}"#;
    let board = dir.0.join("n20.json");
    std::fs::write(&board, clues).unwrap();
    let mut command = Command::new(MASU);
    command.args(["compare", "nonogram", board.to_str().unwrap(), "--formulations", "native,patterns"]);
    command.args(["--backends", "native,cbc", "--size-limit", "1000000"]);
    let child = Started::new(&mut command);
    std::thread::sleep(std::time::Duration::from_millis(2500));
    child.signal(nix::sys::signal::Signal::SIGTERM);
    let started = std::time::Instant::now();
    let out = child.finish(std::time::Duration::from_secs(30));
    assert!(started.elapsed() < std::time::Duration::from_secs(4), "stopped after {:?}", started.elapsed());
    assert_eq!(out.status.code(), Some(130), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(stdout.contains("| native | native | 1 | 1 |"), "the native row, solved: {stdout}");
    assert!(stdout.contains(" patterns     cbc      interrupted "), "the CBC run, interrupted: {stdout}");
    assert!(stdout.contains("| patterns | cbc | 1 | 0 |"), "the CBC row, not solved: {stdout}");
}
