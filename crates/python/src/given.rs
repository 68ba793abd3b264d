//! Puzzles as Python gives them: a path, the text of puzzles, or lists and dicts in a
//! kind's JSON form; each read and placed as the command line reads and places it.

use std::path::{Path, PathBuf};

use masu_core::Puzzle;
use masu_harness::input::Located;
use pyo3::prelude::*;

use crate::Failure;
use crate::json::from_python;

/// The one puzzle given: a file's first, or the puzzle.
pub(crate) fn read<P: Puzzle>(puzzle: &Given) -> Result<P, Failure> {
    let first = first::<P>(puzzle)?;
    first.item.puzzle.clone().map_err(|e| Failure::Input(first.error(&e)))
}

/// The one puzzle given, where it was read (a file's first, or the puzzle).
pub(crate) fn first<P: Puzzle>(puzzle: &Given) -> Result<Located<P>, Failure> {
    let first = located::<P>(std::slice::from_ref(puzzle)).into_iter().next();
    first.ok_or_else(|| Failure::Input(format!("no {} puzzle in the input", P::KIND)))
}

/// Puzzles as Python gives them.
pub(crate) enum Given {
    /// A file or a folder.
    Path(PathBuf),
    /// The text of puzzles (a one-line sudoku, a puzz.link URL, a file's content).
    Text(String),
    /// Lists and dicts in the kind's JSON form, as JSON.
    Json(String),
}

/// A path that exists, the text of puzzles, or lists and dicts.
pub(crate) fn given(py: Python<'_>, value: &Bound<'_, PyAny>) -> PyResult<Given> {
    Ok(match value.extract::<String>() {
        Ok(text) if Path::new(&text).exists() => Given::Path(PathBuf::from(text)),
        Ok(text) => Given::Text(text),
        Err(_) => Given::Json(from_python(py, value)?),
    })
}

/// Every puzzle of `given`, each placed as the command line places it: a file's by its
/// file and line, the others by their place in the list (`puzzles[2]`, or `puzzle` alone).
pub(crate) fn located<P: Puzzle>(given: &[Given]) -> Vec<Located<P>> {
    let mut out = Vec::new();
    for (i, g) in given.iter().enumerate() {
        let (format, text) = match g {
            Given::Path(path) => {
                out.extend(masu_harness::input::read_inputs::<P>(std::slice::from_ref(path)));
                continue;
            }
            Given::Text(text) if names_a_file::<P>(text) => {
                out.extend(masu_harness::input::read_inputs::<P>(&[PathBuf::from(text)]));
                continue;
            }
            Given::Text(text) => (masu_core::Format::Content, text),
            Given::Json(text) => (masu_core::Format::Json, text),
        };
        let place = if given.len() == 1 { "puzzle".to_string() } else { format!("puzzles[{i}]") };
        let mut items = P::read(format, text);
        if items.is_empty() {
            items.push(masu_core::input::Item::read(1, Err(masu_core::Invalid(format!("no {} puzzle here", P::KIND)))));
        }
        out.extend(items.into_iter().map(|item| Located { file: PathBuf::from(&place), id_file: place.clone(), item }));
    }
    out
}

/// Whether a text that names no file that exists was meant as a file's name (one line with a
/// `/` or ending in one of the kind's file extensions, no URL): it is reported as a file not
/// found, as the command line reports it, rather than as a puzzle that does not read.
fn names_a_file<P: Puzzle>(text: &str) -> bool {
    let url = text.starts_with("http://") || text.starts_with("https://");
    let path = Path::new(text);
    !url && !text.contains('\n') && (text.contains('/') || path.extension().is_some() && P::is_puzzle_file(path))
}
