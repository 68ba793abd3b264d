//! Article 000 (nonogram): prints what the article printed.
//!
//! `./masu example article_000_nonogram`

#[cfg(feature = "cp-sat")]
fn main() -> std::process::ExitCode {
    masu::articles::print(masu::articles::nonogram_000())
}

#[cfg(not(feature = "cp-sat"))]
fn main() {
    eprintln!("article 000's model runs on CP-SAT: build with the cp-sat feature");
    std::process::exit(1);
}
