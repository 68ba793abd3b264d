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

use crate::parameter::Declared;
use crate::{Backend, Clock, Error, Format, Formulation, Found, Invalid, Item, Report, SolveOptions};

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
    type Rule: Copy + Debug + Display + FromStr<Err = Invalid> + Send + Sync;
    /// The kind's name on the command line.
    const KIND: &'static str;
    /// The formulation used when none is asked for.
    const DEFAULT: Self::Formulation;
    /// Its rule variants and the default, for help (empty: it has none).
    const RULES: &'static str = "";
    /// The raw parameters its native formulations read (`--param NAME=VALUE` on the native
    /// backend), checked by [`check_parameters`].
    const PARAMETERS: &'static [&'static dyn Declared] = &[];
    /// The formats that choose each of its readers (besides content): the fuzz targets pick
    /// one by an input's first byte ([`crate::fuzz`]).
    const READER_FORMATS: &'static [Format<'static>] = &[Format::Content];

    /// Whether a file met in a directory walk holds puzzles of this kind.
    fn is_puzzle_file(path: &Path) -> bool;
    /// Every puzzle of `text`, read in `format` (a file's extension where it tells, the
    /// JSON form, or by content alone).
    fn read(format: Format, text: &str) -> Vec<Item<Self>>;
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
    fn solution_from_json(value: serde_json::Value) -> Result<Self::Solution, Invalid>;
    /// The puzzle as one text, rule included, that [`Puzzle::from_text`] reads back: a record
    /// of a run carries it, so that its answer is re-checked without the input files.
    fn to_text(&self) -> String;
    /// The puzzle of [`Puzzle::to_text`]'s text.
    fn from_text(text: &str) -> Result<Self, Invalid>;
    /// The puzzle as a puzz.link URL a person can open and play, where the kind has one.
    fn url(&self) -> Option<String> {
        None
    }
    /// The puzzle of a puzz.link URL of the kind's genre, where [`Puzzle::url`] writes one
    /// ([`url_round_trip`] checks the two agree).
    fn from_url(url: &crate::pzpr::Url) -> Result<Self, Invalid> {
        Err(Invalid(format!("{} has no puzz.link form (a URL of {})", Self::KIND, url.genre)))
    }
    /// The puzzle and a solution as an SVG picture, where the kind draws one.
    fn svg(&self, _solution: Option<&Self::Solution>) -> Option<String> {
        None
    }
    /// The puzzle as clauses with one more excluding each of `solutions`, for a certified
    /// verdict ([`crate::certify`]): a model of them, closed under its lemmas, is exactly a
    /// solution not among `solutions`. `None` for a kind with no encoding.
    fn cnf(&self, solutions: &[Self::Solution]) -> Option<crate::certify::Encoding> {
        let _ = solutions;
        None
    }
    /// Sets a rule variant (a kind without variants has no [`Puzzle::Rule`] value to take).
    fn set_rule(&mut self, rule: Self::Rule) {
        let _ = rule;
    }
    /// Solves it with `formulation` on `backend`, every solution re-checked ([`solve`]).
    fn solve(
        &self,
        formulation: Self::Formulation,
        backend: Backend,
        options: &SolveOptions,
    ) -> Result<Report<Self::Solution>, Error> {
        solve(self, formulation, backend, options)
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
    type Err = Invalid;
    fn from_str(s: &str) -> Result<NoRule, Invalid> {
        Err(Invalid(format!("no rule '{s}': this kind has no rule variants")))
    }
}

/// Solves `puzzle` with `formulation` on `backend`: the backend must be one the formulation
/// runs on and compiled in ([`Error::NotApplicable`], [`Error::NotCompiled`]); every
/// solution found is re-checked by the kind's checker (one that fails is
/// [`Error::WrongAnswer`], never a solution); the status follows from the count, the limit
/// and completeness, unless the search says how it ended ([`Found::ended`]).
pub fn solve<P: Puzzle>(
    puzzle: &P,
    formulation: P::Formulation,
    backend: Backend,
    options: &SolveOptions,
) -> Result<Report<P::Solution>, Error> {
    crate::check_backend(formulation.name(), formulation.backends(), backend)?;
    let found = puzzle.find(formulation, backend, &options.started())?;
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
    let mut stats = found.stats;
    if let Some(certify) = options.certify.as_ref().filter(|_| found.complete) {
        stats.certificate = Some(certified(puzzle, &found.solutions, found.count, certify, options));
    }
    let mut report = Report::checked(
        found.by.unwrap_or(backend),
        formulation.name(),
        found.solutions,
        found.count,
        found.complete,
        stats,
        options,
        check,
    )?;
    if let Some(ended) = found.ended {
        report.status = ended;
    }
    Ok(report)
}

/// The certificate of a complete search's verdict: its `count` solutions, all of them in
/// `solutions`, excluded from the kind's clauses, and the rest refuted
/// ([`crate::certify::certify`], within the options' time limit of its own).
fn certified<P: Puzzle>(
    puzzle: &P,
    solutions: &[P::Solution],
    count: u128,
    certify: &crate::Certify,
    options: &SolveOptions,
) -> crate::Certificate {
    if count != solutions.len() as u128 {
        return crate::certify::not_certified(format!(
            "{count} solutions counted, {} kept: a certificate excludes each one (keep {count} or more)",
            solutions.len()
        ));
    }
    match puzzle.cnf(solutions) {
        Some(encoding) => {
            crate::certify::certify(encoding, certify, &Clock::new(options.time_limit(), options.interrupt().clone()))
        }
        None => crate::certify::not_certified(format!("{} has no encoding as clauses yet", P::KIND)),
    }
}

/// Every formulation × backend of a kind that this build can run on this machine (compiled
/// in, and nothing it runs missing: [`Backend::missing`]), in the kind's order.
pub fn runnable<P: Puzzle>() -> Vec<(P::Formulation, Backend)> {
    P::Formulation::ALL
        .iter()
        .flat_map(|&f| f.backends().iter().map(move |&b| (f, b)))
        .filter(|(_, b)| b.is_compiled() && b.missing().is_none())
        .collect()
}

/// Why no formulation and backend could be chosen from what was asked ([`choose`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Unchosen {
    /// No formulation of the kind has that name.
    #[error(transparent)]
    Unknown(#[from] crate::UnknownName),
    /// The formulation does not run on the backend asked for.
    #[error("formulation '{formulation}' cannot run on {backend} (it runs on {runs_on})")]
    NotOn {
        /// The formulation.
        formulation: String,
        /// The backend asked for.
        backend: Backend,
        /// The backends it runs on.
        runs_on: String,
    },
    /// The backend asked for is not compiled in.
    #[error("backend {0} is not compiled in (enable the Cargo feature '{feature}')", feature = .0.feature().unwrap_or("default"))]
    NotCompiled(Backend),
    /// None of the formulation's backends is compiled in.
    #[error("no backend of '{0}' is compiled in")]
    NoBackendOf(String),
    /// No formulation of the kind runs on the backend asked for.
    #[error("no {kind} formulation runs on {backend}")]
    NoneOn {
        /// The kind.
        kind: &'static str,
        /// The backend.
        backend: Backend,
    },
    /// No formulation of the kind has a compiled backend.
    #[error("no {0} formulation has a compiled backend")]
    NoneCompiled(&'static str),
}

/// The formulation and backend to run from what the user asked: a formulation alone runs
/// on its first compiled backend; a backend alone with the first formulation that runs on
/// it; neither, the kind's default (or the first formulation whose backend is compiled).
pub fn choose<P: Puzzle>(
    formulation: Option<&str>,
    backend: Option<Backend>,
) -> Result<(P::Formulation, Backend), Unchosen> {
    let compiled = |f: P::Formulation| f.backends().iter().copied().find(|b| b.is_compiled());
    let runs_on = |f: P::Formulation, b: Backend| f.backends().contains(&b);
    let require = |b: Backend| if b.is_compiled() { Ok(b) } else { Err(Unchosen::NotCompiled(b)) };
    let formulation = formulation.map(str::parse::<P::Formulation>).transpose()?;
    match (formulation, backend) {
        (Some(f), Some(b)) if !runs_on(f, b) => {
            let names: Vec<&str> = f.backends().iter().map(|b| b.name()).collect();
            Err(Unchosen::NotOn { formulation: f.to_string(), backend: b, runs_on: names.join(" and ") })
        }
        (Some(f), Some(b)) => require(b).map(|b| (f, b)),
        (Some(f), None) => compiled(f).map(|b| (f, b)).ok_or_else(|| Unchosen::NoBackendOf(f.to_string())),
        (None, Some(b)) => {
            require(b)?;
            P::Formulation::ALL
                .iter()
                .copied()
                .find(|&f| runs_on(f, b))
                .map(|f| (f, b))
                .ok_or(Unchosen::NoneOn { kind: P::KIND, backend: b })
        }
        (None, None) => std::iter::once(P::DEFAULT)
            .chain(P::Formulation::ALL.iter().copied())
            .find_map(|f| compiled(f).map(|b| (f, b)))
            .ok_or(Unchosen::NoneCompiled(P::KIND)),
    }
}

/// Runs `build`, timing it (for [`crate::Stats::build_time`]).
pub fn timed<T>(build: impl FnOnce() -> T) -> (T, Duration) {
    let started = Instant::now();
    let built = build();
    (built, started.elapsed())
}

/// Checks raw parameters for a solve of kind `P` on `backend`, before any solve, and reads
/// once what masu itself acts on ([`crate::check::read_parameters`] with the kind's
/// [`Puzzle::PARAMETERS`]). An unknown name or a refused value is [`Error::Parameter`].
pub fn check_parameters<P: Puzzle>(
    backend: Backend,
    parameters: &[(String, String)],
) -> Result<Vec<(&'static str, crate::ParameterValue)>, Error> {
    crate::check::read_parameters(P::KIND, P::PARAMETERS, backend, parameters)
}

/// `puzzle` written as its URL and read back ([`Puzzle::url`], [`Puzzle::from_url`]): the
/// round trip each kind's tests check. `None` for a puzzle without a URL.
pub fn url_round_trip<P: Puzzle>(puzzle: &P) -> Option<Result<P, Invalid>> {
    let url = puzzle.url()?;
    let read = crate::pzpr::read_url(&url).unwrap_or_else(|| Err(Invalid(format!("'{url}' is no puzz.link URL"))));
    Some(read.and_then(|parsed| P::from_url(&parsed).map_err(|e| Invalid(format!("{url}: {e}")))))
}
