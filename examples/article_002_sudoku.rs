//! Article 002 (CPでパズルを解く - ナンプレ): prints what the article's program printed.
//!
//! `cargo run --release --example article_002_sudoku`

fn main() -> std::process::ExitCode {
    masu::articles::print(masu::articles::sudoku_002())
}
