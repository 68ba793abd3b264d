//! Every "Shown" claim of FORMULATIONS.md that the built crates cover, reproduced exactly.

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
    use masu::core::{SolveOptions, Status};
    use masu::sudoku::{self, Formulation};
    let given = "008009200 000010000 100003904 002007040 047000000 030140006 000090100 005000483 020300570";
    let shown = "358469217 294715638 176823954 612937845 847652391 539148726 783594162 965271483 421386579";
    let puzzle = sudoku::format::parse_line(&given.replace(' ', "")).unwrap();
    let solution: Vec<Vec<u8>> = shown.split(' ').map(|r| r.bytes().map(|b| b - b'0').collect()).collect();
    for formulation in Formulation::ALL {
        for &backend in formulation.backends().iter().filter(|b| b.is_compiled()) {
            let report = sudoku::solve(&puzzle, formulation, backend, &SolveOptions::default()).unwrap();
            assert_eq!(report.status, Status::Unique, "{formulation} on {backend}");
            assert_eq!(report.solutions, vec![solution.clone()], "{formulation} on {backend}");
        }
    }
}
