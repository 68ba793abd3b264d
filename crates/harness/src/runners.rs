//! The runners a comparison asks for: formulations × backends, the pairs that cannot run,
//! and raw backend parameters scoped to a backend (`[BACKEND:]KEY=VALUE`). The command line
//! and the Python package ask through these, with the same messages.

use anyhow::{Result, bail};
use masu_core::{Backend, Formulation, Invalid, Puzzle};

use crate::Runner;

/// A raw parameter of a comparison, for one backend's runners or for all.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScopedParam {
    /// The backend it is for (`None`: every backend).
    pub backend: Option<Backend>,
    /// The parameter's name and value.
    pub param: (String, String),
}

impl std::fmt::Display for ScopedParam {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if let Some(backend) = self.backend {
            write!(f, "{backend}:")?;
        }
        write!(f, "{}={}", self.param.0, self.param.1)
    }
}

impl std::str::FromStr for ScopedParam {
    type Err = Invalid;
    /// `[BACKEND:]KEY=VALUE`.
    fn from_str(s: &str) -> Result<ScopedParam, Invalid> {
        let (key, value) = parse_param(s)?;
        match key.split_once(':') {
            Some((backend, key)) => Ok(ScopedParam {
                backend: Some(
                    backend.trim().parse().map_err(|e: masu_core::UnknownName| Invalid(format!("'{s}': {e}")))?,
                ),
                param: (key.trim().to_string(), value),
            }),
            None => Ok(ScopedParam { backend: None, param: (key, value) }),
        }
    }
}

/// `KEY=VALUE`, the key trimmed.
pub fn parse_param(s: &str) -> Result<(String, String), Invalid> {
    match s.split_once('=') {
        Some((key, value)) if !key.trim().is_empty() => Ok((key.trim().to_string(), value.to_string())),
        _ => Err(Invalid(format!("'{s}' is not KEY=VALUE"))),
    }
}

/// A formulation × backend pair that cannot run, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotRun {
    /// `formulation/backend`.
    pub runner: String,
    /// Why not.
    pub reason: Reason,
}

/// Why a pair cannot run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reason {
    /// The formulation does not run on the backend.
    NotApplicable,
    /// This build leaves the backend out.
    NotCompiled,
    /// The backend is compiled in, but a program it runs is missing on this machine.
    NotInstalled,
}

impl Reason {
    /// How tables and JSON say it.
    pub fn text(self) -> &'static str {
        match self {
            Reason::NotApplicable => "not applicable",
            Reason::NotCompiled => "not compiled in",
            Reason::NotInstalled => "not installed",
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
pub fn runners<'a, P: Puzzle>(
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
            } else if b.missing().is_some() {
                not_run.push(NotRun { runner, reason: Reason::NotInstalled });
            } else {
                runners.push(Runner::new(f, b));
            }
        }
    }
    if runners.is_empty() {
        let lines: Vec<String> = not_run.iter().map(NotRun::to_string).collect();
        if lines.is_empty() {
            bail!("nothing to run: no formulation or no backend asked for");
        }
        bail!("nothing to run: {}", lines.join("; "));
    }
    Ok((runners, not_run))
}

/// The formulations `names` names, or every one of the kind.
pub fn parse_formulations<P: Puzzle, S: AsRef<str>>(names: Option<&[S]>) -> Result<Vec<P::Formulation>> {
    match names {
        Some(names) => names.iter().map(|n| n.as_ref().parse().map_err(anyhow::Error::msg)).collect(),
        None => Ok(P::Formulation::ALL.to_vec()),
    }
}

/// The runners a comparison asks for ([`runners`]), given the raw `params` each takes
/// ([`with_parameters`]); the pairs not run, and why.
pub fn asked<'a, P: Puzzle>(
    formulations: Option<&[String]>,
    backends: Option<&[Backend]>,
    params: &[ScopedParam],
) -> Result<(Vec<Runner<'a, P>>, Vec<NotRun>)> {
    let (runners, not_run) = runners::<P>(formulations, backends)?;
    Ok((with_parameters(runners, params)?, not_run))
}

/// `runners`, each given the raw parameters of `params` meant for its backend (those
/// without a backend and those naming it), checked for it before anything runs.
pub fn with_parameters<'a, P: Puzzle>(
    runners: Vec<Runner<'a, P>>,
    params: &[ScopedParam],
) -> Result<Vec<Runner<'a, P>>> {
    if let Some(unused) = params.iter().find(|p| p.backend.is_some_and(|b| runners.iter().all(|r| r.backend != b))) {
        bail!("--param {unused}: no runner on that backend is compared");
    }
    runners
        .into_iter()
        .map(|mut runner| {
            let parameters: Vec<(String, String)> = params
                .iter()
                .filter(|p| p.backend.is_none_or(|b| b == runner.backend))
                .map(|p| p.param.clone())
                .collect();
            if parameters.is_empty() {
                return Ok(runner);
            }
            let read = masu_core::check_parameters::<P>(runner.backend, &parameters)
                .map_err(|e| anyhow::anyhow!("{}: {e}", runner.label()))?;
            let solve = runner.solve;
            runner.solve = Box::new(move |puzzle, options| {
                let options =
                    masu_core::SolveOptions { parameters: parameters.clone(), read: read.clone(), ..options.clone() };
                solve(puzzle, &options)
            });
            Ok(runner)
        })
        .collect()
}
