//! How a kind's collections are read: its sets, and each puzzle with what its source knows
//! of it (the [`Source`] trait, which each model implements in its own `corpus` module), and
//! the `json/` collections most sources share ([`json_cases`]).

use crate::Invalid;
use std::path::{Path, PathBuf};

use crate::{Expected, Puzzle};

/// One puzzle to run, with the name it is reported under, the group it is counted in (a
/// corpus set; empty for none) and what its source says of it.
#[derive(Debug)]
pub struct Instance<P: Puzzle> {
    /// Where it comes from, e.g. `norvig/top95.txt:3`.
    pub name: String,
    /// The set or collection it belongs to, for per-group summaries.
    pub group: String,
    /// The puzzle.
    pub puzzle: P,
    /// What the source knows of its solutions.
    pub expected: Expected<P::Solution>,
}

impl<P: Puzzle> Instance<P> {
    /// An instance with nothing expected of it.
    pub fn new(name: impl Into<String>, puzzle: P) -> Instance<P> {
        Instance { name: name.into(), group: String::new(), puzzle, expected: Expected::default() }
    }
}

/// A corpus's puzzles with their expectations, and the files that could not be read, with
/// why.
pub type Cases<P> = (Vec<Instance<P>>, Vec<(String, String)>);

/// How a kind's corpus is read: its sets, and each puzzle with what its source knows.
pub trait Source: Puzzle {
    /// The sets checked by default (`None`: every set below the folder).
    const DEFAULT_SETS: Option<&'static [&'static str]> = None;
    /// The formulations run by default (`None`: every one).
    const DEFAULT_FORMULATIONS: Option<&'static [&'static str]> = None;
    /// Whether every compiled backend of each formulation runs (else one, `--backend` where
    /// the formulation supports it).
    const EVERY_BACKEND: bool = false;

    /// The puzzles of `sets` below `dir` (`all`: every set), with their expectations; and the
    /// files that could not be read, with why; `Err` when the sets themselves cannot be
    /// read. By default the first puzzle of each `json/*.json` file, with nothing known of it
    /// but that it is read.
    fn cases(dir: &Path, sets: &[String]) -> Result<Cases<Self>, Invalid> {
        json_cases(dir, sets, |text| Ok((Self::from_text(text)?, Expected::default())))
    }
}

/// The `json/*.json` puzzle files of `sets` below `dir` (`all`: every collection; a folder
/// that is one collection is read whole), sorted. A named set without puzzles is an error,
/// not a silent skip.
fn json_files(dir: &Path, sets: &[String]) -> Result<Vec<PathBuf>, Invalid> {
    fn walk(dir: &Path, files: &mut Vec<PathBuf>) {
        let Ok(entries) = std::fs::read_dir(dir) else { return };
        let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
        paths.sort();
        for path in paths {
            if path.is_dir() {
                walk(&path, files);
            } else if path.extension().is_some_and(|e| e == "json")
                && path.parent().is_some_and(|p| p.ends_with("json"))
            {
                files.push(path);
            }
        }
    }
    let mut files = Vec::new();
    if dir.join("json").is_dir() || sets.iter().any(|s| s == "all") {
        walk(dir, &mut files);
    } else {
        for set in sets {
            let before = files.len();
            walk(&dir.join(set), &mut files);
            if files.len() == before {
                return Err(Invalid(format!("set {set}: no json/*.json puzzles in {}", dir.join(set).display())));
            }
        }
    }
    if files.is_empty() {
        return Err(Invalid(format!("no json/*.json puzzles below {}", dir.display())));
    }
    Ok(files)
}

/// The puzzles of the `json/*.json` files of `sets` below `dir`, each read by `read` from the
/// file's text, in the file's collection; a file that cannot be read is named with why.
pub fn json_cases<P: Puzzle>(
    dir: &Path,
    sets: &[String],
    read: impl Fn(&str) -> Result<(P, Expected<P::Solution>), Invalid>,
) -> Result<Cases<P>, Invalid> {
    let (mut cases, mut unreadable) = (Vec::new(), Vec::new());
    for file in json_files(dir, sets)? {
        let name = file.strip_prefix(dir).unwrap_or(&file).display().to_string();
        match std::fs::read_to_string(&file).map_err(|e| Invalid(e.to_string())).and_then(|text| read(&text)) {
            Ok((puzzle, expected)) => cases.push(Instance { name, group: collection(&file), puzzle, expected }),
            Err(why) => unreadable.push((name, why.0)),
        }
    }
    Ok((cases, unreadable))
}

/// The collection a `json/` file belongs to: the folder above its `json/`.
fn collection(file: &Path) -> String {
    file.iter().rev().nth(2).map_or("?".into(), |c| c.to_string_lossy().into_owned())
}
