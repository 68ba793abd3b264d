//! What is read: one puzzle of a file ([`Item`]) or what is wrong with it and where
//! ([`ParseError`], [`At`] for a cell), and what a source says of a puzzle besides it
//! ([`Expected`]).

use std::fmt::{self, Display};
use std::path::Path;

/// What a kind's reader is told of its input's format, besides the text: a file's extension
/// (its readers choose by it, then by content), the kind's JSON form, or nothing (content
/// alone decides: a line typed or piped, a one-line sudoku, a puzz.link URL).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format<'a> {
    /// A file with this extension, lower case, without the dot (`""`: none).
    Extension(&'a str),
    /// The kind's JSON form (a JSON line's `puzzle`, lists and dicts from Python).
    Json,
    /// No name: the content decides.
    Content,
}

impl<'a> Format<'a> {
    /// The format a file's name gives: its extension.
    pub fn of(path: &'a Path) -> Format<'a> {
        Format::Extension(path.extension().and_then(|e| e.to_str()).unwrap_or(""))
    }
    /// The extension that stands for this format, lower case (`json` for the JSON form, `""`
    /// where the content decides).
    pub fn extension(self) -> String {
        match self {
            Format::Extension(e) => e.to_ascii_lowercase(),
            Format::Json => "json".into(),
            Format::Content => String::new(),
        }
    }
}

/// What is wrong with an input, said before its place is known (a puzzle's text, a URL, a
/// solution's JSON, a board's numbers, a collection's folder): a sentence. A reader puts it
/// at its line ([`Item::read`] makes it a [`ParseError`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Invalid(pub String);

impl Display for Invalid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Invalid {}

impl From<String> for Invalid {
    fn from(why: String) -> Invalid {
        Invalid(why)
    }
}

impl From<Invalid> for String {
    fn from(why: Invalid) -> String {
        why.0
    }
}

impl From<&str> for Invalid {
    fn from(why: &str) -> Invalid {
        Invalid(why.to_string())
    }
}

/// What is wrong with an input, and where: the 1-based line, and column where one is to
/// blame. The file is added by whoever read it ([`ParseError::in_file`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// The file, where known.
    pub file: Option<String>,
    /// 1-based line in the input (0: the file as a whole, e.g. it could not be read).
    pub line: usize,
    /// 1-based column (character) in that line, where one is to blame.
    pub column: Option<usize>,
    /// What is wrong.
    pub message: String,
}

impl ParseError {
    /// An error at `line` (and `column`).
    pub fn new(line: usize, column: Option<usize>, message: impl Into<String>) -> ParseError {
        ParseError { file: None, line, column, message: message.into() }
    }
    /// The same error, in `file`.
    pub fn in_file(self, file: &Path) -> ParseError {
        ParseError { file: Some(file.display().to_string()), ..self }
    }
}

impl Display for ParseError {
    /// `file:line:column: message`, leaving out what is unknown (`line 3: ...` without a file).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (&self.file, self.line, self.column) {
            (Some(file), 0, _) => write!(f, "{file}: {}", self.message),
            (Some(file), line, Some(c)) => write!(f, "{file}:{line}:{c}: {}", self.message),
            (Some(file), line, None) => write!(f, "{file}:{line}: {}", self.message),
            (None, line, Some(c)) => write!(f, "line {line}, column {c}: {}", self.message),
            (None, line, None) => write!(f, "line {line}: {}", self.message),
        }
    }
}

impl std::error::Error for ParseError {}

/// A grid cell (row, column), 0-based, as a checker names it: shown 1-based, `r1c1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct At(pub usize, pub usize);

impl Display for At {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "r{}c{}", self.0 + 1, self.1 + 1)
    }
}

impl From<(usize, usize)> for At {
    fn from((row, column): (usize, usize)) -> At {
        At(row, column)
    }
}

/// One puzzle of an input file, or why it could not be read.
#[derive(Clone, Debug)]
pub struct Item<P> {
    /// 1-based line where it starts (0 when the file could not be read at all).
    pub line: usize,
    /// Its name inside the file, where the format gives one.
    pub name: Option<String>,
    /// The puzzle, or what is wrong with it.
    pub puzzle: Result<P, ParseError>,
}

impl<P> Item<P> {
    /// The puzzle read at `line`, or what is wrong with it there.
    pub fn read(line: usize, puzzle: Result<P, Invalid>) -> Item<P> {
        Item { line, name: None, puzzle: puzzle.map_err(|why| ParseError::new(line, None, why.0)) }
    }
    /// What is wrong at `line` (and `column`).
    pub fn error(line: usize, column: Option<usize>, message: impl Into<String>) -> Item<P> {
        Item { line, name: None, puzzle: Err(ParseError::new(line, column, message)) }
    }
    /// The same item, named as its file names it.
    pub fn named(self, name: impl Into<String>) -> Item<P> {
        Item { name: Some(name.into()), ..self }
    }
}

/// Whether an answer is the one a source gives.
pub type IsSource<S> = Box<dyn Fn(&S) -> bool + Send + Sync>;

/// What the source of a puzzle says of its solutions besides the puzzle (collections carry
/// it; readers of such sources return it beside each [`Item`], for answers to be held to).
pub struct Expected<S> {
    /// Its number of solutions: 0, 1, or 2 for two or more.
    pub count: Option<u64>,
    /// Whether an answer is the source's solution.
    pub solution: Option<IsSource<S>>,
    /// The source gives several solutions, or says the puzzle has more than one.
    pub several: bool,
    /// The puzzle comes from a collection of solvable ones.
    pub solvable: bool,
}

impl<S> Expected<S> {
    /// The source's solution `source`, as the kind compares an answer with it (`same`).
    pub fn solution<A: Send + Sync + 'static>(source: Option<A>, same: fn(&S, &A) -> bool) -> Expected<S>
    where
        S: 'static,
    {
        let solution = source.map(|source| Box::new(move |answer: &S| same(answer, &source)) as IsSource<S>);
        Expected { solution, ..Expected::default() }
    }
}

impl<S> Default for Expected<S> {
    fn default() -> Self {
        Expected { count: None, solution: None, several: false, solvable: false }
    }
}

impl<S> std::fmt::Debug for Expected<S> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Expected")
            .field("count", &self.count)
            .field("solution", &self.solution.is_some())
            .field("several", &self.several)
            .field("solvable", &self.solvable)
            .finish()
    }
}
