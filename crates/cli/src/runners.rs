//! The runners a command asks for: formulations × backends, and the pairs that cannot run.

use anyhow::{Result, bail};
use masu_core::{Backend, Formulation, Puzzle};
use masu_harness::Runner;

/// A formulation × backend pair that cannot run, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct NotRun {
    /// `formulation/backend`.
    pub(crate) runner: String,
    /// Why not.
    pub(crate) reason: Reason,
}

/// Why a pair cannot run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Reason {
    /// The formulation does not run on the backend.
    NotApplicable,
    /// This build leaves the backend out.
    NotCompiled,
}

impl Reason {
    /// How tables and JSON say it.
    pub(crate) fn text(self) -> &'static str {
        match self {
            Reason::NotApplicable => "not applicable",
            Reason::NotCompiled => "not compiled in",
        }
    }
}

impl std::fmt::Display for NotRun {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.runner, self.reason.text())
    }
}

/// The runners `formulations` × `backends` asked for (default: all), and the pairs that
/// cannot run.
pub(crate) fn runners<'a, P: Puzzle>(
    formulations: Option<&[String]>,
    backends: Option<&[Backend]>,
) -> Result<(Vec<Runner<'a, P>>, Vec<NotRun>)> {
    let formulations = parse_formulations::<P, _>(formulations)?;
    let backends = backends.map_or_else(|| Backend::ALL.to_vec(), <[Backend]>::to_vec);
    let (mut runners, mut not_run) = (Vec::new(), Vec::new());
    for &f in &formulations {
        for &b in &backends {
            let runner = format!("{f}/{b}");
            if !f.backends().contains(&b) {
                not_run.push(NotRun { runner, reason: Reason::NotApplicable });
            } else if !b.is_compiled() {
                not_run.push(NotRun { runner, reason: Reason::NotCompiled });
            } else {
                runners.push(Runner::new(f, b));
            }
        }
    }
    if runners.is_empty() {
        let lines: Vec<String> = not_run.iter().map(NotRun::to_string).collect();
        bail!("nothing to run: {}", lines.join("; "));
    }
    Ok((runners, not_run))
}

/// The formulations `names` names, or every one of the kind.
pub(crate) fn parse_formulations<P: Puzzle, S: AsRef<str>>(names: Option<&[S]>) -> Result<Vec<P::Formulation>> {
    match names {
        Some(names) => names.iter().map(|n| n.as_ref().parse().map_err(anyhow::Error::msg)).collect(),
        None => Ok(P::Formulation::ALL.to_vec()),
    }
}
