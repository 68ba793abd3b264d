//! Article 003 (nonogram): prints what the article printed.
//!
//! `./masu example article_003_nonogram`

fn main() -> std::process::ExitCode {
    masu::articles::print(masu::articles::nonogram_003())
}
