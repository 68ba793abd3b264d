//! What a front end asks of masu, built once: the command line and the Python package read
//! their arguments into a [`Request`]; [`Request::prepare`] checks it against a kind (the
//! formulation and backend chosen, raw parameters checked and read with the options, the
//! rule read) and gives the [`Prepared`] solve; an [`Answer`] is what one solve answers, the
//! JSON line `masu solve --format json` writes and the dict `masu.solve` returns.

use std::collections::BTreeMap;
use std::time::Duration;

use masu_core::{Backend, Error, Instance, Interrupt, Puzzle, Report, SolveOptions, Stats};
use serde::{Serialize, Serializer};

use crate::Row;
use crate::input::Located;
use crate::params::{Checked, ScopedParam, unused};
use crate::record::{Record, Setting};
use crate::runners::Refused;

/// A solve as a front end asks for it, before any kind is known.
#[derive(Clone, Debug)]
pub struct Request {
    /// The formulation by name (`None`: the kind's default, or the first that runs on the
    /// backend).
    pub formulation: Option<String>,
    /// The backend (`None`: the formulation's first compiled one).
    pub backend: Option<Backend>,
    /// The rule variant by name (`None`: what each input implies).
    pub rule: Option<String>,
    /// Stop after this many solutions: 1 solves, 2 decides uniqueness.
    pub count: u64,
    /// List at most this many of them; the count goes on past them.
    pub keep: usize,
    /// Wall-clock limit per solve.
    pub time_limit: Option<Duration>,
    /// Threads per solve (`None`: the backend's default).
    pub threads: Option<u32>,
    /// The largest model a formulation may build (`None`: the default).
    pub size_limit: Option<u64>,
    /// Raw parameters by the backend's own names, each for one backend or for all
    /// (checked by [`Request::prepare`]).
    pub params: Vec<ScopedParam>,
    /// Write the backend's own log to stderr.
    pub log: bool,
    /// Certify each verdict that claims no further solution (`--certify`): the clauses and
    /// the proof kept where it says.
    pub certify: Option<masu_core::Certify>,
    /// Stops the solves from another thread.
    pub interrupt: Interrupt,
}

impl Default for Request {
    /// Decide uniqueness with the kind's defaults, every solution listed, no limit.
    fn default() -> Request {
        Request {
            formulation: None,
            backend: None,
            rule: None,
            count: 2,
            keep: usize::MAX,
            time_limit: None,
            threads: None,
            size_limit: None,
            params: Vec::new(),
            log: false,
            certify: None,
            interrupt: Interrupt::new(),
        }
    }
}

/// The line `masu solve --format json` writes for a puzzle it could not read, in place of an
/// [`Answer`]: its place, and why.
#[derive(Debug, Serialize)]
pub struct Unreadable<'a> {
    /// The puzzle's stable id (`file:line`).
    pub id: String,
    /// Its file.
    pub file: &'a std::path::Path,
    /// Its line in the file.
    pub line: usize,
    /// Its name in the file, where it has one.
    pub name: Option<&'a str>,
    /// Always `error`.
    pub status: &'static str,
    /// What is wrong, at its place.
    pub error: &'a str,
}

impl<'a> Unreadable<'a> {
    /// The puzzle `id` at `line` of `file` (named `name`), unreadable for `error`.
    pub fn new(
        id: String,
        file: &'a std::path::Path,
        line: usize,
        name: Option<&'a str>,
        error: &'a str,
    ) -> Unreadable<'a> {
        Unreadable { id, file, line, name, status: "error", error }
    }
}

/// The JSON line.
impl std::fmt::Display for Unreadable<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&serde_json::to_string(self).map_err(|_| std::fmt::Error)?)
    }
}

impl Request {
    /// The limits as solve options, for any kind (a comparison's runners take these).
    pub fn options(&self) -> SolveOptions {
        let defaults = SolveOptions::default();
        SolveOptions {
            clock: masu_core::Clock::within(self.time_limit).stopped_by(&self.interrupt),
            threads: self.threads,
            solution_limit: usize::try_from(self.count).unwrap_or(usize::MAX),
            keep: self.keep,
            size_limit: self.size_limit.unwrap_or(defaults.size_limit),
            log: self.log,
            certify: self.certify.clone(),
            ..defaults
        }
    }

    /// The rule asked for, read by kind `P` (`None`: none asked).
    pub fn rule<P: Puzzle>(&self) -> Result<Option<P::Rule>, Refused> {
        self.rule.as_deref().map(str::parse::<P::Rule>).transpose().map_err(Refused::Rule)
    }

    /// The request checked against kind `P`: the formulation and backend chosen, the raw
    /// parameters checked for that backend and set in the options beside what masu read of
    /// them, the rule read.
    pub fn prepare<P: Puzzle>(&self) -> Result<Prepared<P>, Refused> {
        let (formulation, backend) =
            masu_core::choose::<P>(self.formulation.as_deref(), self.backend).map_err(Refused::Choice)?;
        if let Some(other) = unused(&self.params, |b| b == backend) {
            return Err(Refused::Unused { param: other.clone(), solve_on: Some(backend) });
        }
        let mut options = self.options();
        Checked::of::<P>(backend, &self.params)
            .map_err(|error| Refused::Parameter { runner: None, error })?
            .set(&mut options);
        let rule = self.rule::<P>()?;
        let setting = Setting::of(&options, None);
        Ok(Prepared { formulation, backend, rule, options, setting })
    }
}

/// A request checked for kind `P`: what its solves run with.
#[derive(Clone, Debug)]
pub struct Prepared<P: Puzzle> {
    /// The formulation.
    pub formulation: P::Formulation,
    /// The backend.
    pub backend: Backend,
    /// The rule to set on each puzzle, if one was asked for.
    pub rule: Option<P::Rule>,
    /// The options of each solve.
    pub options: SolveOptions,
    /// How the solves are made, as records carry it.
    pub setting: Setting,
}

impl<P: Puzzle> Prepared<P> {
    /// Sets the rule asked for on `puzzle` (none asked: it keeps its own).
    pub fn set_rule(&self, puzzle: &mut P) {
        if let Some(rule) = self.rule {
            puzzle.set_rule(rule);
        }
    }

    /// Solves `puzzle` as prepared, with `options` (these options, or a copy that exports).
    pub fn solve(&self, puzzle: &P, options: &SolveOptions) -> Result<Report<P::Solution>, Error> {
        masu_core::solve(puzzle, self.formulation, self.backend, options)
    }

    /// The answer of one solve of the puzzle at `located` that ended with `result` after
    /// `elapsed` (an error is said at the puzzle's place).
    pub fn answer(
        &self,
        located: &Located<P>,
        puzzle: &P,
        result: Result<&Report<P::Solution>, &Error>,
        elapsed: Duration,
    ) -> Answer {
        use masu_core::Formulation as _;
        let instance = Instance::new(located.id(), puzzle.clone());
        let row = Row::of_solve(&instance, self.formulation.name(), self.backend, &self.options, result, elapsed);
        let overran_by = row.overran_by_s;
        let record = Record::new(&instance, row, Vec::new(), &self.setting);
        let item = &located.item;
        let (count, solutions, stats, error) = match result {
            Ok(report) => {
                (report.count, report.solutions.iter().map(P::to_json).collect(), Some(report.stats.clone()), None)
            }
            Err(e) => (0, Vec::new(), None, Some(format!("{}: {e}", located.place()))),
        };
        Answer {
            record,
            id: located.id(),
            file: located.file.display().to_string(),
            line: item.line,
            name: item.name.clone(),
            parameters: self.options.parameters.iter().cloned().collect(),
            count: Count(count),
            solutions,
            stats,
            overran_by,
            error,
            url: puzzle.url(),
        }
    }
}

/// One solve's answer: the record `report` and `compare --resume` read (the kind, the checked
/// row, the puzzle, the first solution, the setting) with the solve's own fields. What `masu
/// solve --format json` writes as a line and `masu.solve` returns as a dict.
#[derive(Clone, Debug, Serialize)]
pub struct Answer {
    /// The record of the run.
    #[serde(flatten)]
    pub record: Record,
    /// The puzzle's stable id (`file:line`).
    pub id: String,
    /// Its file, or its place in a list given (`puzzle`, `puzzles[2]`).
    pub file: String,
    /// Its line in the file (0: the whole file).
    pub line: usize,
    /// Its name in the file, where it has one.
    pub name: Option<String>,
    /// The raw parameters given.
    pub parameters: BTreeMap<String, String>,
    /// Solutions found: a number, or past 2^64 its digits (JSON numbers that large lose
    /// digits in most readers).
    pub count: Count,
    /// Every solution listed, in the kind's JSON form.
    pub solutions: Vec<serde_json::Value>,
    /// Model size and times.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stats: Option<Stats>,
    /// How far past the time limit the solve ran, seconds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub overran_by: Option<f64>,
    /// What went wrong, at its place.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// The puzzle as a puzz.link URL, where its kind has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
}

/// A count of solutions, which may pass 2^64.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Count(pub u128);

impl Serialize for Count {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match u64::try_from(self.0) {
            Ok(n) => serializer.serialize_u64(n),
            Err(_) => serializer.serialize_str(&self.0.to_string()),
        }
    }
}
