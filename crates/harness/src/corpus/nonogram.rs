//! Nonogram collections: `json/` folders, one puzzle per file, with the source's `solution`,
//! `unique` and `other_solutions` where known. Every puzzle is solvable.

use std::path::Path;

use anyhow::Result;
use masu_nonogram::{Grid, Nonogram};

use super::{Cases, Source, json_cases};
use crate::Expected;
use crate::expectations::IsSource;

impl Source for Nonogram {
    const DEFAULT_FORMULATIONS: Option<&'static [&'static str]> = Some(&["native"]);

    fn cases(dir: &Path, sets: &[String]) -> Result<Cases<Nonogram>> {
        json_cases(dir, sets, |text| {
            let (item, known) = masu_nonogram::format::parse_json(text).into_iter().next().ok_or("empty JSON")?;
            let several = known.unique == Some(false) || text.contains("\"other_solutions\"");
            let solution = known.solution.map(|source| Box::new(move |grid: &Grid| *grid == source) as IsSource<_>);
            Ok((
                item.puzzle.map_err(|e| e.message)?,
                Expected { solution, several, solvable: true, ..Expected::default() },
            ))
        })
    }
}
