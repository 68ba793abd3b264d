//! Numberlink collections: `json/` folders, one board per file (its rule as the source
//! states it), with the source's solution as a numbered grid where it gives one.

use std::path::Path;

use masu_core::Invalid;
use masu_core::corpus::{Cases, Source, json_cases};

use crate::puzzle::Numberlink;

impl Source for Numberlink {
    const DEFAULT_SETS: Option<&'static [&'static str]> = Some(&["janko-puzzlekit", "flow-solver"]);
    const DEFAULT_FORMULATIONS: Option<&'static [&'static str]> = Some(&["auto", "connected", "milp"]);

    fn cases(dir: &Path, sets: &[String]) -> Result<Cases<Numberlink>, Invalid> {
        json_cases(dir, sets, |text| {
            let (item, expected) = crate::puzzle::format::parse_json(text, None);
            Ok((item.puzzle.map_err(|e| Invalid(e.message))?, expected))
        })
    }
}
