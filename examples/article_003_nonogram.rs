//! Article 003 (nonogram): prints what the article printed.
//!
//! `./masu example article_003_nonogram`

fn main() {
    match masu::articles::nonogram_003() {
        Ok(text) => print!("{text}"),
        Err(e) => {
            eprintln!("error: {e}");
            std::process::exit(1);
        }
    }
}
