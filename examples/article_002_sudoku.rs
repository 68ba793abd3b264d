//! Article 002 (CPでパズルを解く - ナンプレ): prints what the article's program printed.
//!
//! `cargo run --release --example article_002_sudoku`

fn main() {
    match masu::articles::sudoku_002() {
        Ok(text) => print!("{text}"),
        Err(e) => {
            eprintln!("error: {e}");
            std::process::exit(1);
        }
    }
}
