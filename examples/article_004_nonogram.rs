//! Article 004 (nonogram): prints what the article printed.
//!
//! `./masu example article_004_nonogram`

fn main() {
    match masu::articles::nonogram_004() {
        Ok(text) => print!("{text}"),
        Err(e) => {
            eprintln!("error: {e}");
            std::process::exit(1);
        }
    }
}
