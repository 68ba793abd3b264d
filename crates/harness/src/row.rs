//! One instance on one runner, as tables, records and plots read it: the [`Row`], and how the
//! run ended, its [`Verdict`].

use masu_core::{Backend, Status};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// How a run ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Verdict {
    /// The backend answered; its answers passed the checker.
    Status(Status),
    /// An answer failed the checker: a bug, reported loudly.
    WrongAnswer,
    /// The model was refused as too large for its size limit or the memory left.
    TooLarge,
    /// Any other error.
    Error,
}

impl Verdict {
    /// The name in tables, CSV and JSON: a status's, or `WRONG-ANSWER`, `too-large`, `error`.
    pub fn name(self) -> &'static str {
        match self {
            Verdict::Status(status) => status.name(),
            Verdict::WrongAnswer => "WRONG-ANSWER",
            Verdict::TooLarge => "too-large",
            Verdict::Error => "error",
        }
    }
    /// Whether the runner reached a conclusion: unique, multiple, solved or infeasible.
    pub fn finished(self) -> bool {
        matches!(self, Verdict::Status(Status::Unique | Status::Multiple | Status::Solved | Status::Infeasible))
    }
    /// Whether the runner proved the count (unique, multiple, infeasible).
    pub fn settled(self) -> bool {
        matches!(self, Verdict::Status(Status::Unique | Status::Multiple | Status::Infeasible))
    }
}

impl std::fmt::Display for Verdict {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl Serialize for Verdict {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name())
    }
}

impl<'de> Deserialize<'de> for Verdict {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Verdict, D::Error> {
        let name = String::deserialize(deserializer)?;
        Ok(match name.as_str() {
            "WRONG-ANSWER" => Verdict::WrongAnswer,
            "too-large" => Verdict::TooLarge,
            "error" => Verdict::Error,
            status => Verdict::Status(Status::deserialize(serde::de::value::StrDeserializer::new(status))?),
        })
    }
}

/// One instance on one runner.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Row {
    /// The instance's name.
    pub instance: String,
    /// The instance's group (set or collection).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub group: String,
    /// The formulation.
    pub formulation: String,
    /// The backend.
    pub backend: Backend,
    /// The backend whose engine answered, where a portfolio's member on another backend did
    /// (`auto` on cp-sat settled by its native count): the record's version is that one's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub answered_by: Option<Backend>,
    /// How it ended.
    #[serde(rename = "status")]
    pub verdict: Verdict,
    /// Solutions found (each checked). Read from a number, or from the list of solutions that
    /// `solve --format json` writes in its place.
    #[serde(deserialize_with = "count_or_list")]
    pub solutions: usize,
    /// Whether the count is complete (the search was exhausted).
    pub complete: bool,
    /// Model variables.
    pub variables: usize,
    /// Model constraints.
    pub constraints: usize,
    /// Building the model, seconds (median over repeats).
    pub build_s: f64,
    /// The backend calls as masu measures them, seconds (median over repeats).
    pub solve_s: f64,
    /// Wall time of the whole solve as the caller sees it, seconds (median over repeats).
    pub wall_s: f64,
    /// The backend's own time, seconds, where it reports one.
    pub backend_s: Option<f64>,
    /// How far the wall time went past the time limit, seconds (`None`: no limit, or within
    /// it). Model loading and some builds are not interruptible: docs/limits.md.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub overran_by_s: Option<f64>,
    /// Threads the backend was allowed (`None`: its default).
    pub threads: Option<u32>,
    /// Whether every solution passed the checker (`None` when there was none to check).
    pub checked: Option<bool>,
    /// The error or the checker's complaint.
    pub message: Option<String>,
    /// Whether the verdict's certificate was accepted (`--certify`; `None`: none asked, or a
    /// verdict that claims nothing about further solutions).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub certified: Option<bool>,
    /// The first solution, for cross-checking.
    #[serde(skip)]
    pub first_solution: Option<serde_json::Value>,
    /// Whether the unique answer is the source's solution (`None`: nothing to compare).
    #[serde(skip)]
    pub matches_source: Option<bool>,
}

/// A number, or a list counted.
fn count_or_list<'de, D: Deserializer<'de>>(deserializer: D) -> Result<usize, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum CountOrList {
        Count(usize),
        List(Vec<serde::de::IgnoredAny>),
    }
    Ok(match CountOrList::deserialize(deserializer)? {
        CountOrList::Count(n) => n,
        CountOrList::List(list) => list.len(),
    })
}

impl Row {
    /// A row of `instance` on `formulation/backend` that has not run yet (verdict: error).
    pub fn new(instance: &str, group: &str, formulation: &str, backend: Backend) -> Row {
        Row {
            instance: instance.into(),
            group: group.into(),
            formulation: formulation.into(),
            backend,
            answered_by: None,
            verdict: Verdict::Error,
            solutions: 0,
            complete: false,
            variables: 0,
            constraints: 0,
            build_s: 0.0,
            solve_s: 0.0,
            wall_s: 0.0,
            backend_s: None,
            overran_by_s: None,
            threads: None,
            checked: None,
            message: None,
            certified: None,
            first_solution: None,
            matches_source: None,
        }
    }
    /// Whether the runner reached a conclusion (not a timeout, refusal or error).
    pub fn finished(&self) -> bool {
        self.verdict.finished()
    }
    /// The row's runner, `formulation/backend`.
    pub fn label(&self) -> String {
        format!("{}/{}", self.formulation, self.backend)
    }
}
