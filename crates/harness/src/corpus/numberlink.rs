//! Numberlink collections: `json/` folders, one board per file (its rule as the source
//! states it), with the source's solution as a numbered grid where it gives one.

use std::path::Path;

use anyhow::Result;
use masu_numberlink::{Numberlink, Paths};

use super::{Cases, Source, json_cases};
use crate::Expected;
use crate::expectations::IsSource;

impl Source for Numberlink {
    const DEFAULT_SETS: Option<&'static [&'static str]> = Some(&["janko-puzzlekit", "flow-solver"]);
    const DEFAULT_FORMULATIONS: Option<&'static [&'static str]> = Some(&["auto", "connected", "milp"]);

    fn cases(dir: &Path, sets: &[String]) -> Result<Cases<Numberlink>> {
        json_cases(dir, sets, |text| {
            let (item, known) = masu_numberlink::format::parse_json(text, None);
            let solution =
                known.solution.map(|source| Box::new(move |paths: &Paths| paths.numbers == source) as IsSource<_>);
            Ok((item.puzzle.map_err(|e| e.message)?, Expected { solution, ..Expected::default() }))
        })
    }
}
