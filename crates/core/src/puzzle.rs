//! The interface every puzzle kind implements, so that one solve path, one harness and one
//! command-line tool serve them all: read, formulations with their backends, find, check,
//! render.
//!
//! A kind is a model crate implementing [`Puzzle`] for its puzzle type, with its
//! formulations declared by [`formulations!`](crate::formulations). [`solve`] is the one
//! path from a puzzle to a report: backend check, the kind's dispatch ([`Puzzle::find`]),
//! then every solution re-checked by the kind's own checker ([`Report::checked`]).

use std::fmt::{self, Debug, Display};
use std::path::Path;
use std::str::FromStr;
use std::time::{Duration, Instant};

use crate::parameter::{Declared, ParameterValue};
use crate::{Backend, Error, Report, SolveOptions, Stats, Status};

/// How a puzzle becomes a model: one variant per formulation of a kind, declared with
/// [`formulations!`](crate::formulations).
pub trait Formulation:
    Copy + Eq + Ord + Debug + Display + FromStr<Err = crate::UnknownName> + Send + Sync + serde::Serialize + 'static
{
    /// Every formulation of the kind, in the order defaults are chosen from.
    const ALL: &'static [Self];
    /// The name used on the command line and in reports.
    fn name(self) -> &'static str;
    /// The backends it runs on, its own first (compiled in or not).
    fn backends(self) -> &'static [Backend];
}

/// Declares a kind's formulation enum: its variants with their names and backends, and the
/// boilerplate every kind shares (`ALL`, `name`, `backends`, `Display`, `FromStr`, serde).
///
/// ```
/// masu_core::formulations! {
///     /// How a toy becomes a model.
///     pub enum Toy for "toy" {
///         /// One way.
///         One = "one" on [Native],
///         /// Another.
///         Two = "two" on [Highs, CpSat],
///         /// A MILP: every backend that solves one.
///         Three = "three" on [MILP],
///     }
/// }
/// use masu_core::{Backend, Formulation};
/// assert_eq!("two".parse::<Toy>().unwrap().backends(), &[Backend::Highs, Backend::CpSat]);
/// assert_eq!(Toy::Three.backends(), &Backend::MILP);
/// assert_eq!("four".parse::<Toy>().unwrap_err().to_string(), "unknown toy formulation 'four' (expected one, two, three)");
/// ```
#[macro_export]
macro_rules! formulations {
    (
        $(#[$meta:meta])*
        pub enum $name:ident for $kind:literal {
            $( $(#[$vmeta:meta])* $variant:ident = $text:literal on [$($backend:tt)+] ),+ $(,)?
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum $name {
            $( $(#[$vmeta])* $variant ),+
        }

        impl $name {
            /// Every formulation, in the order defaults are chosen from.
            pub const ALL: &'static [$name] = &[$($name::$variant),+];
            /// The name used on the command line and in reports.
            pub fn name(self) -> &'static str {
                match self { $($name::$variant => $text),+ }
            }
            /// The backends it runs on, its own first (compiled in or not).
            pub fn backends(self) -> &'static [$crate::Backend] {
                match self { $($name::$variant => $crate::formulations!(@backends $($backend)+)),+ }
            }
        }

        impl $crate::Formulation for $name {
            const ALL: &'static [$name] = $name::ALL;
            fn name(self) -> &'static str {
                $name::name(self)
            }
            fn backends(self) -> &'static [$crate::Backend] {
                $name::backends(self)
            }
        }

        impl ::std::fmt::Display for $name {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                f.write_str(self.name())
            }
        }

        impl ::std::str::FromStr for $name {
            type Err = $crate::UnknownName;
            fn from_str(s: &str) -> Result<$name, $crate::UnknownName> {
                $name::ALL.iter().copied().find(|f| f.name() == s).ok_or_else(|| $crate::UnknownName {
                    what: concat!($kind, " formulation").into(),
                    name: s.into(),
                    expected: $name::ALL.iter().map(|f| f.name()).collect(),
                })
            }
        }

        impl ::serde::Serialize for $name {
            fn serialize<S: ::serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.serialize_str(self.name())
            }
        }
    };
    // `MILP`: every backend a MILP runs on; else backends by name.
    (@backends MILP) => { &$crate::Backend::MILP };
    (@backends $($backend:ident),+ $(,)?) => { &[$($crate::Backend::$backend),+] };
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
    pub fn read(line: usize, puzzle: Result<P, String>) -> Item<P> {
        Item { line, name: None, puzzle: puzzle.map_err(|message| ParseError::new(line, None, message)) }
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

/// What a source says of a puzzle besides the puzzle: a solution, in the form the source
/// writes it, and its word on uniqueness. Collections carry them; readers of such sources
/// return them beside each [`Item`], for the harness to compare answers with.
#[derive(Clone, Debug, PartialEq)]
pub struct Known<A> {
    /// The source's solution.
    pub solution: Option<A>,
    /// The source's word on uniqueness.
    pub unique: Option<bool>,
}

impl<A> Default for Known<A> {
    fn default() -> Known<A> {
        Known { solution: None, unique: None }
    }
}

/// What a formulation found, before checking.
#[derive(Clone, Debug)]
pub struct Found<S> {
    /// The solutions kept to list, pairwise different (a method that honours
    /// [`SolveOptions::keep`] keeps no more than that).
    pub solutions: Vec<S>,
    /// How many solutions it found: those kept and those counted past them (never fewer
    /// than `solutions`).
    pub count: u128,
    /// Whether `count` is all there is (the search was exhausted).
    pub complete: bool,
    /// Model size and timings.
    pub stats: Stats,
    /// A method without search (a line solver) ended with cells it could not decide.
    pub stuck: bool,
}

impl<S> Found<S> {
    /// What a search found.
    pub fn new(solutions: Vec<S>, complete: bool, stats: Stats) -> Found<S> {
        Found { count: solutions.len() as u128, solutions, complete, stats, stuck: false }
    }
    /// What a search found that counted `count` solutions and kept `solutions` of them.
    pub fn counted(solutions: Vec<S>, count: u128, complete: bool, stats: Stats) -> Found<S> {
        Found { count: count.max(solutions.len() as u128), solutions, complete, stats, stuck: false }
    }
    /// The same, each solution mapped (e.g. from a model's values to the kind's grid).
    pub fn map<T>(self, f: impl FnMut(S) -> T) -> Found<T> {
        let solutions = self.solutions.into_iter().map(f).collect();
        Found { solutions, count: self.count, complete: self.complete, stats: self.stats, stuck: self.stuck }
    }
}

/// A kind of puzzle: how it is read, which formulations it has, how each finds solutions,
/// and how a solution is checked and shown. Adding a kind is one model crate implementing
/// this, and one line in the command-line tool's registry.
pub trait Puzzle: Sized + Clone + Debug + Send + Sync + 'static {
    /// One solution.
    type Solution: Clone + PartialEq + Debug + Send + serde::Serialize;
    /// Its formulations.
    type Formulation: Formulation;
    /// What its checker finds wrong with a solution (its `Display` is the sentence a person
    /// reads in [`Error::WrongAnswer`]).
    type Violation: Clone + Debug + Display + PartialEq + Send + Sync;
    /// Its rule variants (numberlink: `fill`, `blanks`), read once from their names;
    /// [`NoRule`] for a kind that has none.
    type Rule: Copy + Debug + Display + FromStr<Err = String> + Send + Sync;
    /// The kind's name on the command line.
    const KIND: &'static str;
    /// The formulation used when none is asked for.
    const DEFAULT: Self::Formulation;
    /// The raw parameters its native formulations read (`--param NAME=VALUE` on the native
    /// backend), checked by [`check_parameters`].
    const PARAMETERS: &'static [&'static dyn Declared] = &[];
    /// File names that choose each of its readers (they tell formats by extension and
    /// content): the fuzz targets pick one by an input's first byte ([`crate::fuzz`]).
    const READER_FILE_NAMES: &'static [&'static str] = &["puzzle.txt"];

    /// Whether a file met in a directory walk holds puzzles of this kind.
    fn is_puzzle_file(path: &Path) -> bool;
    /// Every puzzle of a file (`path` tells the format where the extension does).
    fn read(path: &Path, text: &str) -> Vec<Item<Self>>;
    /// What `formulation` on `backend` finds, up to `options.solution_limit` solutions,
    /// unchecked. [`solve`] has already checked that the backend fits and is compiled in.
    fn find(
        &self,
        formulation: Self::Formulation,
        backend: Backend,
        options: &SolveOptions,
    ) -> Result<Found<Self::Solution>, Error>;
    /// The kind's independent checker: `Ok` when `solution` solves the puzzle.
    fn check(&self, solution: &Self::Solution) -> Result<(), Self::Violation>;
    /// The solution as text lines (a grid, with clues where the puzzle has them).
    fn render(&self, solution: &Self::Solution) -> String;
    /// The solution on one line, for batch output.
    fn one_line(&self, solution: &Self::Solution) -> String;
    /// The solution in JSON output.
    fn to_json(solution: &Self::Solution) -> serde_json::Value {
        serde_json::to_value(solution).unwrap_or(serde_json::Value::Null)
    }
    /// A solution read back from [`Puzzle::to_json`]'s form (unchecked: the checker decides
    /// whether it solves anything).
    fn solution_from_json(value: serde_json::Value) -> Result<Self::Solution, String>;
    /// The puzzle as one text, rule included, that [`Puzzle::from_text`] reads back: a record
    /// of a run carries it, so that its answer is re-checked without the input files.
    fn to_text(&self) -> String;
    /// The puzzle of [`Puzzle::to_text`]'s text.
    fn from_text(text: &str) -> Result<Self, String>;
    /// The puzzle as a puzz.link URL a person can open and play, where the kind has one.
    fn url(&self) -> Option<String> {
        None
    }
    /// The puzzle and a solution as an SVG picture, where the kind draws one.
    fn svg(&self, _solution: Option<&Self::Solution>) -> Option<String> {
        None
    }
    /// Sets a rule variant (a kind without variants has no [`Puzzle::Rule`] value to take).
    fn set_rule(&mut self, rule: Self::Rule) {
        let _ = rule;
    }
}

/// The rule type of a kind without rule variants: no name reads as one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoRule {}

impl Display for NoRule {
    fn fmt(&self, _: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {}
    }
}

impl FromStr for NoRule {
    type Err = String;
    fn from_str(s: &str) -> Result<NoRule, String> {
        Err(format!("no rule '{s}': this kind has no rule variants"))
    }
}

/// Checks raw parameters for a solve of kind `P` on `backend`, before any solve, and reads
/// once what masu itself acts on, into the [`ParameterValue`]s a solve gets
/// ([`SolveOptions::read`]): the native backend takes what the kind declares
/// ([`Puzzle::PARAMETERS`]); every other backend takes what its solver defines
/// ([`Backend::check_parameters`]), passed on to it as text, and masu reads those of them its
/// glue acts on ([`Backend::reads`]). An unknown name or a refused value is
/// [`Error::Parameter`].
pub fn check_parameters<P: Puzzle>(
    backend: Backend,
    parameters: &[(String, String)],
) -> Result<Vec<(&'static str, ParameterValue)>, Error> {
    let declared = if backend == Backend::Native {
        P::PARAMETERS
    } else {
        backend.check_parameters(parameters)?;
        backend.reads()
    };
    let mut read = Vec::new();
    for (name, value) in parameters {
        let refuse = |reason: String| Error::Parameter { backend, name: name.clone(), reason };
        match declared.iter().find(|p| p.name() == name) {
            Some(parameter) => read.push((parameter.name(), parameter.read(value).map_err(refuse)?)),
            None if backend != Backend::Native => {} // the solver's own, checked by it
            None => {
                let helps: Vec<String> = P::PARAMETERS.iter().map(|p| p.help()).collect();
                return Err(refuse(match helps.as_slice() {
                    [] => format!("the native {} solvers take no parameters", P::KIND),
                    helps => format!("the native {} solvers take {}", P::KIND, helps.join("; ")),
                }));
            }
        }
    }
    Ok(read)
}

/// Solves `puzzle` with `formulation` on `backend`: the backend must be one the formulation
/// runs on and compiled in ([`Error::NotApplicable`], [`Error::NotCompiled`]); every
/// solution found is re-checked by the kind's checker (one that fails is
/// [`Error::WrongAnswer`], never a solution); the status follows from the count, the limit
/// and completeness ([`Status::Stuck`] for a line solver that could not decide every cell).
pub fn solve<P: Puzzle>(
    puzzle: &P,
    formulation: P::Formulation,
    backend: Backend,
    options: &SolveOptions,
) -> Result<Report<P::Solution>, Error> {
    crate::check_backend(formulation.name(), formulation.backends(), backend)?;
    let found = puzzle.find(formulation, backend, options)?;
    report(puzzle, formulation, backend, found, options)
}

/// The report of what `formulation` found on `backend` (the last step of [`solve`], for
/// callers that ran a formulation's search themselves): every solution re-checked by the
/// kind's checker, the status from the count, the limit and completeness.
pub fn report<P: Puzzle>(
    puzzle: &P,
    formulation: P::Formulation,
    backend: Backend,
    found: Found<P::Solution>,
    options: &SolveOptions,
) -> Result<Report<P::Solution>, Error> {
    let check = |s: &P::Solution| puzzle.check(s);
    let mut report = Report::checked(
        backend,
        formulation.name(),
        found.solutions,
        found.count,
        found.complete,
        found.stats,
        options,
        check,
    )?;
    if found.stuck {
        report.status = Status::Stuck;
    }
    Ok(report)
}

/// Every formulation × backend of a kind that this build can run, in the kind's order.
pub fn runnable<P: Puzzle>() -> Vec<(P::Formulation, Backend)> {
    P::Formulation::ALL
        .iter()
        .flat_map(|&f| f.backends().iter().map(move |&b| (f, b)))
        .filter(|(_, b)| b.is_compiled())
        .collect()
}

/// The formulation and backend to run from what the user asked: a formulation alone runs
/// on its first compiled backend; a backend alone with the first formulation that runs on
/// it; neither, the kind's default (or the first formulation whose backend is compiled).
pub fn choose<P: Puzzle>(
    formulation: Option<&str>,
    backend: Option<Backend>,
) -> Result<(P::Formulation, Backend), String> {
    let compiled = |f: P::Formulation| f.backends().iter().copied().find(|b| b.is_compiled());
    let runs_on = |f: P::Formulation, b: Backend| f.backends().contains(&b);
    let formulation = formulation.map(str::parse::<P::Formulation>).transpose().map_err(|e| e.to_string())?;
    match (formulation, backend) {
        (Some(f), Some(b)) if !runs_on(f, b) => {
            let names: Vec<&str> = f.backends().iter().map(|b| b.name()).collect();
            Err(format!("formulation '{f}' cannot run on {b} (it runs on {})", names.join(" and ")))
        }
        (Some(f), Some(b)) => b.require().map(|b| (f, b)).map_err(|e| e.to_string()),
        (Some(f), None) => compiled(f).map(|b| (f, b)).ok_or_else(|| format!("no backend of '{f}' is compiled in")),
        (None, Some(b)) => {
            b.require().map_err(|e| e.to_string())?;
            P::Formulation::ALL
                .iter()
                .copied()
                .find(|&f| runs_on(f, b))
                .map(|f| (f, b))
                .ok_or_else(|| format!("no {} formulation runs on {b}", P::KIND))
        }
        (None, None) => std::iter::once(P::DEFAULT)
            .chain(P::Formulation::ALL.iter().copied())
            .find_map(|f| compiled(f).map(|b| (f, b)))
            .ok_or_else(|| format!("no {} formulation has a compiled backend", P::KIND)),
    }
}

/// The backend `formulation` runs on when `preferred` may not suit it: `preferred` where the
/// formulation supports it, else its first compiled-in backend, else its first (which
/// [`solve`] then refuses as not compiled).
pub fn backend_for<F: Formulation>(formulation: F, preferred: Option<Backend>) -> Backend {
    let backends = formulation.backends();
    preferred
        .filter(|b| backends.contains(b))
        .or_else(|| backends.iter().copied().find(|b| b.is_compiled()))
        .unwrap_or(backends[0])
}

/// Runs `build`, timing it (for [`Stats::build_time`]).
pub fn timed<T>(build: impl FnOnce() -> T) -> (T, Duration) {
    let started = Instant::now();
    let built = build();
    (built, started.elapsed())
}
