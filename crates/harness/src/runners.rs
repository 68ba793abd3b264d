//! The runners a comparison asks for: formulations × backends, the pairs that cannot run,
//! each runner given the raw parameters meant for its backend ([`crate::params`]). The
//! command line and the Python package ask through these, refused alike ([`Refused`]).

use masu_core::{Backend, Error, Formulation, Puzzle, Unchosen};

use crate::Runner;
use crate::params::{Checked, ScopedParam, unused};

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
) -> Result<(Vec<Runner<'a, P>>, Vec<NotRun>), Refused> {
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
        return Err(Refused::NothingToRun(not_run));
    }
    Ok((runners, not_run))
}

/// The formulations `names` names, or every one of the kind.
pub fn parse_formulations<P: Puzzle, S: AsRef<str>>(names: Option<&[S]>) -> Result<Vec<P::Formulation>, Refused> {
    match names {
        Some(names) => {
            names.iter().map(|n| n.as_ref().parse().map_err(|e| Refused::Choice(Unchosen::Unknown(e)))).collect()
        }
        None => Ok(P::Formulation::ALL.to_vec()),
    }
}

/// The runners a comparison asks for ([`runners`]), given the raw `params` each takes
/// ([`with_parameters`]); the pairs not run, and why.
pub fn asked<'a, P: Puzzle>(
    formulations: Option<&[String]>,
    backends: Option<&[Backend]>,
    params: &[ScopedParam],
) -> Result<(Vec<Runner<'a, P>>, Vec<NotRun>), Refused> {
    let (runners, not_run) = runners::<P>(formulations, backends)?;
    Ok((with_parameters(runners, params)?, not_run))
}

/// `runners`, each given the raw parameters of `params` meant for its backend (those
/// without a backend and those naming it), checked for it before anything runs.
pub fn with_parameters<'a, P: Puzzle>(
    runners: Vec<Runner<'a, P>>,
    params: &[ScopedParam],
) -> Result<Vec<Runner<'a, P>>, Refused> {
    if let Some(unused) = unused(params, |b| runners.iter().any(|r| r.backend == b)) {
        return Err(Refused::Unused { param: unused.clone(), solve_on: None });
    }
    runners
        .into_iter()
        .map(|mut runner| {
            let checked = Checked::of::<P>(runner.backend, params)
                .map_err(|error| Refused::Parameter { runner: Some(runner.label()), error })?;
            if checked.is_empty() {
                return Ok(runner);
            }
            let solve = runner.solve;
            runner.solve = Box::new(move |puzzle, options| {
                let mut options = options.clone();
                checked.set(&mut options);
                solve(puzzle, &options)
            });
            Ok(runner)
        })
        .collect()
}

/// Why a request cannot run on a kind: said before any solve, by every front end alike.
#[derive(Debug, thiserror::Error)]
pub enum Refused {
    /// The formulation or backend: unknown, not compiled in, or not a pair that runs.
    #[error(transparent)]
    Choice(masu_core::Unchosen),
    /// A raw parameter the backend or the kind does not take (on a comparison's runner,
    /// named).
    #[error("{}{error}", runner.as_ref().map(|r| format!("{r}: ")).unwrap_or_default())]
    Parameter {
        /// The runner, `formulation/backend`, in a comparison.
        runner: Option<String>,
        /// What the backend or the kind said.
        error: Error,
    },
    /// A raw parameter for a backend that nothing asked for runs on: a solve's backend
    /// (`Some`), or none of a comparison's runners.
    #[error("--param {param}: {}", match .solve_on {
        Some(backend) => format!("the solve runs on {backend}"),
        None => "no runner on that backend is compared".into(),
    })]
    Unused {
        /// The parameter.
        param: ScopedParam,
        /// The backend a solve runs on.
        solve_on: Option<Backend>,
    },
    /// A rule the kind does not have.
    #[error(transparent)]
    Rule(masu_core::Invalid),
    /// No pair asked for can run: each one, and why (none: nothing was asked for).
    #[error("nothing to run: {}", nothing(.0))]
    NothingToRun(Vec<NotRun>),
}

fn nothing(not_run: &[NotRun]) -> String {
    if not_run.is_empty() {
        return "no formulation or no backend asked for".into();
    }
    not_run.iter().map(NotRun::to_string).collect::<Vec<_>>().join("; ")
}
