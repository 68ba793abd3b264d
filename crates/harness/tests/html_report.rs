//! The HTML report at scale, with a kind that draws its puzzles (sudoku): the page of a
//! thousand instances on three runners stays small enough to open and mail.

use masu_core::{Backend, Status};
use masu_harness::html::{Page, html, pictures};
use masu_harness::{Comparison, Row, Verdict};

/// A 9×9 grid: the pattern `(3r + r/3 + c) mod 9`, relabelled by a shift of the digits.
fn grid(shift: usize) -> Vec<Vec<u8>> {
    (0..9).map(|r| (0..9).map(|c| ((3 * r + r / 3 + c + shift) % 9 + 1) as u8).collect()).collect()
}

#[test]
fn a_report_of_a_thousand_instances_stays_under_two_megabytes() {
    let runners = [("all-different", Backend::CpSat), ("binary", Backend::CpSat), ("binary", Backend::Highs)];
    let mut puzzles = Vec::new();
    let mut rows = Vec::new();
    let mut random = masu_core::Random::new(7);
    for i in 0..1000 {
        let solution = grid(i % 9);
        let cells: Vec<u8> = solution.concat().iter().map(|&v| if random.below(3) == 0 { v } else { 0 }).collect();
        let name = format!("set/puzzles-{}.txt:{}", i / 100, i % 100 + 1);
        for (formulation, backend) in runners {
            let mut row = Row::new(&name, "", formulation, backend);
            row.verdict = Verdict::Status(Status::Unique);
            row.solutions = 1;
            row.checked = Some(true);
            row.wall_s = 0.001 + random.below(100_000) as f64 * 1e-6;
            row.first_solution = Some(serde_json::json!(solution));
            rows.push(row);
        }
        puzzles.push((name, masu_sudoku::Sudoku::new(cells).unwrap()));
    }
    let pictures = pictures(puzzles.iter().map(|(n, p)| (n.as_str(), p)), &rows);
    assert!(pictures.values().all(|(bare, solved)| bare.is_some() && solved.is_some()));
    let page = Page { title: "sudoku".into(), shift: 0.01, pictures, ..Page::default() };
    let html = html(&Comparison::of(rows), &page).unwrap();
    assert!(html.len() < 2 << 20, "{} bytes", html.len());
}
