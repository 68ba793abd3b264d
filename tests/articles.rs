//! Every "Shown" claim of FORMULATIONS.md that the built crates cover, reproduced exactly.

/// `puzzle` has exactly one solution, `solution`, on every formulation × backend this build
/// runs (but where a free licence does not take the model's size: CPLEX's Community Edition).
fn unique_on_every_pair<P: masu::core::Puzzle>(puzzle: &P, solution: &P::Solution)
where
    P::Solution: PartialEq + std::fmt::Debug,
{
    for (formulation, backend) in masu::core::runnable::<P>() {
        let report = match masu::core::solve(puzzle, formulation, backend, &masu::core::SolveOptions::default()) {
            Err(masu::core::Error::Licence(_)) => continue,
            result => result.unwrap(),
        };
        assert_eq!(report.status, masu::core::Status::Unique, "{formulation} on {backend}");
        assert_eq!(report.solutions.as_slice(), std::slice::from_ref(solution), "{formulation} on {backend}");
    }
}

/// Article 002: the printed output of its program on its puzzle.
#[cfg(feature = "cp-sat")]
#[test]
fn article_002_prints_its_one_solution() {
    let expected = "解けました\n 1\n\
        3 5 8 4 6 9 2 1 7\n2 9 4 7 1 5 6 3 8\n1 7 6 8 2 3 9 5 4\n\
        6 1 2 9 3 7 8 4 5\n8 4 7 6 5 2 3 9 1\n5 3 9 1 4 8 7 2 6\n\
        7 8 3 5 9 4 1 6 2\n9 6 5 2 7 1 4 8 3\n4 2 1 3 8 6 5 7 9\n";
    assert_eq!(masu::articles::sudoku_002().unwrap(), expected);
}

/// Article 002's puzzle and solution as FORMULATIONS.md states them (rows, 0 = blank), on
/// every backend and formulation: exactly one solution, the article's.
#[test]
fn article_002_solution_is_unique_on_every_backend() {
    use masu::sudoku;
    let given = "008009200 000010000 100003904 002007040 047000000 030140006 000090100 005000483 020300570";
    let shown = "358469217 294715638 176823954 612937845 847652391 539148726 783594162 965271483 421386579";
    let puzzle = sudoku::format::parse_line(&given.replace(' ', "")).unwrap();
    let solution: Vec<Vec<u8>> = shown.split(' ').map(|r| r.bytes().map(|b| b - b'0').collect()).collect();
    unique_on_every_pair(&puzzle, &solution);
}

/// Article 000: the placements and fills of its two lines, exactly (as sets: the article's
/// order is CP-SAT's enumeration order, which is not fixed).
#[cfg(feature = "cp-sat")]
#[test]
fn article_000_enumerations() {
    let text = masu::articles::nonogram_000().unwrap();
    assert!(text.contains("show_all_locations([2, 1], 5)\n[{'A': 0, 'B': 3}, {'A': 0, 'B': 4}, {'A': 1, 'B': 4}]\n"));
    assert!(text.contains(
        "show_all_locations([3, 2, 2], 10)\n[{'A': 0, 'B': 4, 'C': 7},\n {'A': 0, 'B': 4, 'C': 8},\n \
         {'A': 0, 'B': 5, 'C': 8},\n {'A': 1, 'B': 5, 'C': 8}]\n"
    ));
    let fills = |header: &str| -> Vec<String> {
        let mut rows: Vec<String> = text
            .split(header)
            .nth(1)
            .unwrap()
            .lines()
            .skip(1)
            .take_while(|l| l.starts_with('['))
            .map(|l| l.replace(", ", "").trim_matches(['[', ']']).to_string())
            .collect();
        rows.sort();
        rows
    };
    assert_eq!(fills("show_all_fills([2, 1], 5)"), ["01101", "11001", "11010"]);
    assert_eq!(fills("show_all_fills([3, 2, 2], 10)"), ["0111011011", "1110011011", "1110110011", "1110110110"]);
}

/// Article 003: its 10×10 puzzle has one picture, the same on every backend of its pattern
/// model and on every other formulation that decides it.
#[test]
fn article_003_one_picture_on_every_backend() {
    use masu::core::{SolveOptions, Status};
    use masu::nonogram::Formulation;
    let (rows, cols) = masu::articles::NONOGRAM_003;
    let puzzle = masu::articles::nonogram_from_clues(rows, cols).unwrap();
    let native =
        masu_core::solve(&puzzle, Formulation::Native, masu::core::Backend::Native, &SolveOptions::default()).unwrap();
    assert_eq!(native.status, Status::Unique);
    unique_on_every_pair(&puzzle, &native.solutions[0]);
    let printed = masu::articles::nonogram_003().unwrap();
    assert!(printed.contains(": unique\n"), "{printed}");
    // On CBC, as the article ran it, when this build has it.
    assert_eq!(printed.starts_with("patterns on cbc: "), masu::core::Backend::Cbc.is_compiled(), "{printed}");
}

/// Article 004: the three printed iterations of the 5×5 sample, board by board, then
/// `Finished!`.
#[test]
fn article_004_prints_three_iterations() {
    let board = |rows: &str| -> String {
        let mut out = "+----------\n".to_string();
        for row in rows.split(' ') {
            let cells: Vec<String> = row.chars().map(String::from).collect();
            out.push_str(&format!("| {}\n", cells.join(" ")));
        }
        out
    };
    let expected = format!(
        "Creating all patterns...\nDrawing board...\niter=1\n{}\niter=2\n{}\niter=3\n{}\nFinished!\n",
        board("..o.. ..-.. ooooo ..-.. ..o.."),
        board("--o-- -.--- ooooo -.--- --o--"),
        board("--o-- -o--- ooooo -o--- --o--"),
    );
    assert_eq!(masu::articles::nonogram_004().unwrap(), expected);
}

/// Article 001: its solver on its board (m = 5, cells in 1..5) prints one grid, in its own
/// numbering; its generator at 5×5 with 3 numbers yields candidates, each kept puzzle proven
/// unique.
#[cfg(feature = "cp-sat")]
#[test]
fn article_001_board_and_generator() {
    let text = masu::articles::numberlink_001(20).unwrap();
    assert!(text.starts_with("11332\n13322\n13221\n13331\n11111\n\n"), "{text}");
    let rate = text.lines().find(|l| l.starts_with("generate(5, 3): 20 candidates, ")).unwrap();
    let unique: usize = rate.split(", ").nth(2).unwrap().split(' ').next().unwrap().parse().unwrap();
    assert!(unique > 0 && unique <= 20, "{rate}");
}

/// The data files the README's commands solve hold the articles' own instances.
#[test]
fn example_data_holds_the_articles_instances() {
    let text = std::fs::read_to_string("examples/data/article_003_nonogram.json").unwrap();
    let entries = masu::nonogram::format::parse_json(&text);
    let (rows, cols) = masu::articles::NONOGRAM_003;
    let article = masu::articles::nonogram_from_clues(rows, cols).unwrap();
    assert_eq!(entries.len(), 1);
    assert_eq!(entries[0].0.puzzle.as_ref().unwrap(), &article);

    let text = std::fs::read_to_string("examples/data/article_001_numberlink.json").unwrap();
    let entry = masu::numberlink::format::parse_json(&text, None);
    let read: Vec<u32> = entry.0.puzzle.unwrap().rows().concat();
    let article: Vec<u32> = masu::articles::NUMBERLINK_001.concat();
    // The reader numbers the pairs in reading order: the same board up to that renumbering.
    for (i, j) in (0..read.len()).flat_map(|i| (0..read.len()).map(move |j| (i, j))) {
        assert_eq!(read[i] == 0, article[i] == 0, "cell {i}");
        assert_eq!(read[i] == read[j], article[i] == article[j], "cells {i} and {j}");
    }
}
