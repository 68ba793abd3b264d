//! Sudoku sets: one folder per set, one-line puzzle files and a `counts.json` (file name →
//! solution count per line; 2 means "2 or more", null unknown).

use std::collections::BTreeMap;
use std::path::Path;

use masu_core::corpus::{Cases, Instance, Source};
use masu_core::{Expected, Invalid};

use crate::puzzle::Sudoku;

impl Source for Sudoku {
    const DEFAULT_SETS: Option<&'static [&'static str]> = Some(&["norvig", "tdoku-tests", "janko-puzzlekit"]);
    const EVERY_BACKEND: bool = true;

    fn cases(dir: &Path, sets: &[String]) -> Result<Cases<Sudoku>, Invalid> {
        let cannot_read = |path: &Path, e: std::io::Error| Invalid(format!("cannot read {}: {e}", path.display()));
        let sets: Vec<String> = if sets.iter().any(|s| s == "all") {
            let mut all: Vec<String> = std::fs::read_dir(dir)
                .map_err(|e| cannot_read(dir, e))?
                .filter_map(|e| e.ok())
                .filter(|e| e.path().join("counts.json").is_file())
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .collect();
            all.sort();
            all
        } else {
            sets.to_vec()
        };
        let (mut cases, mut unreadable) = (Vec::new(), Vec::new());
        for set in &sets {
            let counts_path = dir.join(set).join("counts.json");
            let text = std::fs::read_to_string(&counts_path).map_err(|e| cannot_read(&counts_path, e))?;
            let counts: BTreeMap<String, Vec<Option<u64>>> = serde_json::from_str(&text)
                .map_err(|e| Invalid(format!("{} is not a map of file name to counts: {e}", counts_path.display())))?;
            for (file, expected) in counts {
                let path = dir.join(set).join(&file);
                let text = std::fs::read_to_string(&path).map_err(|e| cannot_read(&path, e))?;
                for item in crate::puzzle::format::parse_puzzles(&text) {
                    let place = format!("{set}/{file}:{}", item.line);
                    match (item.puzzle, expected.get(item.line - 1)) {
                        (Err(e), _) => unreadable.push((place, e.message)),
                        (Ok(_), None) => unreadable.push((place, "no count in counts.json".into())),
                        (Ok(_), Some(None)) => {} // count unknown: nothing to check against
                        (Ok(puzzle), Some(&Some(count))) => cases.push(Instance {
                            name: place,
                            group: set.clone(),
                            puzzle,
                            expected: Expected { count: Some(count), ..Expected::default() },
                        }),
                    }
                }
            }
        }
        Ok((cases, unreadable))
    }
}
