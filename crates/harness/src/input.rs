//! The puzzles of files and directories: every puzzle in order, bad ones named by file and
//! line, so that the rest of a batch still runs.

use std::path::{Path, PathBuf};

use masu_core::{Item, ParseError, Puzzle};

/// One puzzle (or the error in its place) and the file it came from.
#[derive(Debug)]
pub struct Located<P> {
    /// The file.
    pub file: PathBuf,
    /// The file as the stable id names it: below a directory given, the directory's name and
    /// the path inside it (`norvig/top95.txt`); a file given, its name. The same on every
    /// machine, wherever the data is mounted.
    pub id_file: String,
    /// The puzzle, its line and name; an error names the file.
    pub item: Item<P>,
}

impl<P> Located<P> {
    /// The puzzle's stable id, `id_file:line`: what shards are cut by and records are
    /// merged on.
    pub fn id(&self) -> String {
        match self.item.line {
            0 => self.id_file.clone(),
            line => format!("{}:{line}", self.id_file),
        }
    }

    /// Why this item could not be read, spelled as every command spells an input error:
    /// `file:line:column: message` (the column where one is to blame and the item has no
    /// name), else its place and the message.
    pub fn error(&self, e: &ParseError) -> String {
        match e.column {
            Some(c) if self.item.name.is_none() => format!("{}:{c}: {}", self.place(), e.message),
            _ => format!("{}: {}", self.place(), e.message),
        }
    }

    /// `file:line`, with the puzzle's name in brackets where the file gives one (`file`
    /// alone for line 0).
    pub fn place(&self) -> String {
        let mut place = match self.item.line {
            0 => self.file.display().to_string(),
            line => format!("{}:{line}", self.file.display()),
        };
        if let Some(name) = &self.item.name {
            place.push_str(&format!(" ({name})"));
        }
        place
    }
}

/// Every puzzle of every path, in order; a directory is searched recursively, sorted, for
/// the kind's puzzle files (leaving out `native/` folders, which keep the sources'
/// originals). `-` reads standard input; an argument that names no file but reads as
/// puzzles of the kind (a one-line puzzle, a URL) is those puzzles. An unreadable file, or
/// one without a puzzle, is an error item.
pub fn read_inputs<P: Puzzle>(paths: &[PathBuf]) -> Vec<Located<P>> {
    let mut files: Vec<(PathBuf, String)> = Vec::new();
    for path in paths {
        let name = path
            .file_name()
            .map(PathBuf::from)
            .or_else(|| path.canonicalize().ok().and_then(|p| p.file_name().map(PathBuf::from)))
            .unwrap_or_else(|| path.clone());
        if path.is_dir() {
            let mut below = Vec::new();
            collect_dir::<P>(path, &mut below);
            for file in below {
                let inside = file.strip_prefix(path).unwrap_or(&file);
                files.push((file.clone(), name.join(inside).display().to_string()));
            }
        } else {
            files.push((path.clone(), name.display().to_string()));
        }
    }
    let mut items = Vec::new();
    for (file, id_file) in files {
        let failed =
            |line, message: String| Item { line, name: None, puzzle: Err(ParseError::new(line, None, message)) };
        let read = match read_text(&file) {
            Ok(text) => masu_core::lines::read::<P>(masu_core::Format::of(&file), &text),
            Err(e) => match inline::<P>(&file) {
                Some(items) => items,
                None => vec![failed(0, format!("cannot read: {e}"))],
            },
        };
        if read.is_empty() {
            items.push(Located {
                file: file.clone(),
                id_file: id_file.clone(),
                item: failed(1, "no puzzle in this file".into()),
            });
        }
        for mut item in read {
            item.puzzle = item.puzzle.map_err(|e| e.in_file(&file));
            items.push(Located { file: file.clone(), id_file: id_file.clone(), item });
        }
    }
    items
}

/// The text of a file, or of standard input for `-`.
fn read_text(file: &Path) -> std::io::Result<String> {
    if file == Path::new("-") {
        let mut text = String::new();
        std::io::Read::read_to_string(&mut std::io::stdin().lock(), &mut text)?;
        Ok(text)
    } else {
        std::fs::read_to_string(file)
    }
}

/// The puzzles an argument that names no file spells itself, when it reads as puzzles of the
/// kind without an error.
fn inline<P: Puzzle>(argument: &Path) -> Option<Vec<Item<P>>> {
    let text = argument.to_str()?;
    if argument.exists() || text.trim().is_empty() {
        return None;
    }
    let items = P::read(masu_core::Format::Content, text);
    // A web address is a URL, read or refused by the kind's readers with their reason.
    let url = text.starts_with("http://") || text.starts_with("https://");
    (!items.is_empty() && (url || items.iter().all(|i| i.puzzle.is_ok()))).then_some(items)
}

fn collect_dir<P: Puzzle>(dir: &Path, files: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    paths.sort();
    for path in paths {
        if path.is_dir() {
            if path.file_name().is_none_or(|n| n != "native") {
                collect_dir::<P>(&path, files);
            }
        } else if P::is_puzzle_file(&path) {
            files.push(path);
        }
    }
}
