//! Nonogram collections: `json/` folders, one puzzle per file, with the source's `solution`,
//! `unique` and `other_solutions` where known. Every puzzle is solvable.

use std::path::Path;

use masu_core::corpus::{Cases, Source, json_cases};
use masu_core::{Expected, Invalid};

use crate::puzzle::Nonogram;

impl Source for Nonogram {
    const DEFAULT_FORMULATIONS: Option<&'static [&'static str]> = Some(&["native"]);

    fn cases(dir: &Path, sets: &[String]) -> Result<Cases<Nonogram>, Invalid> {
        json_cases(dir, sets, |text| {
            let (item, known) = crate::puzzle::format::parse_json(text).into_iter().next().ok_or("empty JSON")?;
            let several = known.several || text.contains("\"other_solutions\"");
            Ok((item.puzzle.map_err(|e| Invalid(e.message))?, Expected { several, solvable: true, ..known }))
        })
    }
}
