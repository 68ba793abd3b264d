//! masu's driver for the peer numberlink solver semiexp/numlin (github.com/semiexp/numlin,
//! MIT), used by `masu-bench numberlink-janko` when MASU_NUMLIN names its build (`just
//! peer-numlin`).
//!
//! Reads one board: a line `HEIGHT WIDTH`, then HEIGHT lines of WIDTH numbers (0 blank, cells
//! may stay empty). Asks numlin for up to two answers (it searches canonical solutions and
//! checks the one it finds for a second route) and prints the count it decides (0 none,
//! 1 unique, 2 several) and the nanoseconds of the call.

use std::time::Instant;

fn main() {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: numlin-count BOARD.txt");
        std::process::exit(2);
    };
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        eprintln!("{path}: {e}");
        std::process::exit(2);
    });
    let numbers: Vec<i32> = text.split_whitespace().filter_map(|t| t.parse().ok()).collect();
    let (height, width) = match numbers[..] {
        [h, w, ..] if numbers.len() == 2 + (h * w) as usize => (h, w),
        _ => {
            eprintln!("{path}: expected HEIGHT WIDTH and HEIGHT × WIDTH numbers");
            std::process::exit(2);
        }
    };
    let started = Instant::now();
    let answer = numlin::v1_puzrs::solve_problem(&numbers[2..], height, width, 2);
    let nanoseconds = started.elapsed().as_nanos();
    let count = if answer.contains("\"status\":\"error\"") {
        0
    } else if answer.contains("\"isUnique\":true") {
        1
    } else {
        2
    };
    println!("{count} {nanoseconds}");
}
