//! The board file masu-bench hands a peer's driver: a line `HEIGHT WIDTH`, then HEIGHT lines
//! of WIDTH numbers (0 blank). Copied beside each driver's `main.rs` by its `just peer-…`.

/// A board: its sides and its numbers, row by row.
pub struct Board {
    pub height: usize,
    pub width: usize,
    pub cells: Vec<i32>,
}

/// The board named by the first argument, each side at least `least`; where there is none,
/// or the file does not read as one, a message naming it (or `usage`) and exit code 2.
pub fn read(usage: &str, least: i32) -> Board {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: {usage}");
        std::process::exit(2);
    };
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        eprintln!("{path}: {e}");
        std::process::exit(2);
    });
    let numbers: Vec<i32> = text.split_whitespace().filter_map(|t| t.parse().ok()).collect();
    match numbers[..] {
        [h, w, ..] if h >= least && w >= least && numbers.len() == 2 + (h * w) as usize => {
            Board { height: h as usize, width: w as usize, cells: numbers[2..].to_vec() }
        }
        _ => {
            eprintln!("{path}: expected HEIGHT WIDTH (each at least {least}) and HEIGHT × WIDTH numbers");
            std::process::exit(2);
        }
    }
}
