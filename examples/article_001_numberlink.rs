//! Article 001 (numberlink): its solver on its 5×5 board, printed as the article's program
//! prints it, then its generator at 5×5 with 3 numbers.
//!
//! `./masu example article_001_numberlink [CANDIDATES]` (default 100; the article enumerates 1000,
//! which takes about 0.24 s each here: see the README)

#[cfg(feature = "cp-sat")]
fn main() -> std::process::ExitCode {
    let candidates = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(100);
    masu::articles::print(masu::articles::numberlink_001(candidates))
}

#[cfg(not(feature = "cp-sat"))]
fn main() {
    eprintln!("article 001's model runs on CP-SAT: build with the cp-sat feature");
    std::process::exit(1);
}
