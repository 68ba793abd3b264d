//! Article 004 (nonogram): prints what the article printed.
//!
//! `./masu example article_004_nonogram`

fn main() -> std::process::ExitCode {
    masu::articles::print(masu::articles::nonogram_004())
}
