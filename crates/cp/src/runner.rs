//! The CP solvers run once a solve (CP Optimizer, Gecode, Z3, Pumpkin, Choco), as each one's
//! module opens it on a model: an [`Opened`], a [`Runner`] with the model's text in the
//! solver's language where it has one (`--export` writes it). One run hands one point or
//! several; the count around the runs (the time left, the no-goods, each point of the
//! projection kept once) is masu-core's, the same loop for every backend.
//!
//! Invariant: a run never hands a point excluded before it (on the projection).

use masu_native::{Error, Settings};

use crate::{Answer, Checked, CpModel};

/// A CP solver opened on a model.
pub trait Runner {
    /// One run within `settings`, `wanted` more points of `projection` (indices of the
    /// model's variables) being asked for.
    fn run(&mut self, projection: &[usize], settings: &Settings, wanted: usize) -> Result<Answer, Error>;

    /// Excludes the point `values` (on `projection`, indices of the model's variables) from
    /// every run that follows.
    fn exclude(&mut self, projection: &[usize], values: &[i64]);

    /// The check of a proof that nothing is left, where the solver logged one (Pumpkin).
    fn certificate(&self) -> Option<Checked> {
        None
    }
}

/// A model opened on a solver run once a solve.
pub struct Opened<'a> {
    /// The runs.
    pub runner: Box<dyn Runner + 'a>,
    /// The model in the solver's language, and the extension `--export` writes it under
    /// (`None`: the model is posted call by call).
    pub text: Option<(&'static str, String)>,
}

impl std::fmt::Debug for Opened<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Opened").field("text", &self.text.as_ref().map(|(e, t)| (e, t.len()))).finish_non_exhaustive()
    }
}

/// How a backend opens a model, given the raw parameters (`--param`) for those that read
/// them when opening (Pumpkin's proof path; Choco refuses any).
pub type Open = for<'a> fn(&'a CpModel, &[(String, String)]) -> Result<Opened<'a>, Error>;

/// A model in a solver's language, each point excluded by a no-good appended to its text
/// (FlatZinc's clause, SMT-LIB's assertion, CP Optimizer's disjunction).
pub trait Excludes {
    /// Excludes the point `values` (on `projection`, indices of the model's variables).
    fn exclude(&mut self, projection: &[usize], values: &[i64]);
}

/// The runs of a solver that reads a model's whole text each run (Gecode's and CP
/// Optimizer's programs, a Z3 check): `solve` on the text with the no-goods so far, wanting
/// that many more points.
pub struct Rereads<T> {
    /// The text.
    pub text: T,
    /// One run on it.
    pub solve: fn(&T, &Settings, usize) -> Result<Answer, Error>,
}

impl<T> std::fmt::Debug for Rereads<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Rereads")
    }
}

impl<T: Excludes> Runner for Rereads<T> {
    fn run(&mut self, _: &[usize], settings: &Settings, wanted: usize) -> Result<Answer, Error> {
        (self.solve)(&self.text, settings, wanted)
    }

    fn exclude(&mut self, projection: &[usize], values: &[i64]) {
        self.text.exclude(projection, values);
    }
}

impl Excludes for crate::FlatZinc {
    fn exclude(&mut self, projection: &[usize], values: &[i64]) {
        crate::FlatZinc::exclude(self, projection, values);
    }
}

impl Excludes for crate::SmtLib {
    fn exclude(&mut self, projection: &[usize], values: &[i64]) {
        crate::SmtLib::exclude(self, projection, values);
    }
}

/// Why the model cannot be given to a solver: it cannot be written in the solver's
/// `language`.
pub fn not_written(language: &str, reason: crate::NotExpressible) -> Error {
    Error::Library(format!("the model cannot be written in {language}: {reason}"))
}
