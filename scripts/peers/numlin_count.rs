//! masu's driver for the peer numberlink solver semiexp/numlin (github.com/semiexp/numlin,
//! MIT), used by `masu-bench numberlink-janko` when MASU_NUMLIN names its build (`just
//! peer-numlin`).
//!
//! Reads one board: a line `HEIGHT WIDTH`, then HEIGHT lines of WIDTH numbers (0 blank, cells
//! may stay empty). Asks numlin for up to two answers (it searches canonical solutions and
//! checks the one it finds for a second route) and prints the count it decides (0 none,
//! 1 unique, 2 several) and the nanoseconds of the call.

use std::time::Instant;

mod board;

fn main() {
    let board = board::read("numlin-count BOARD.txt", 1);
    let started = Instant::now();
    let answer = numlin::v1_puzrs::solve_problem(&board.cells, board.height as i32, board.width as i32, 2);
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
