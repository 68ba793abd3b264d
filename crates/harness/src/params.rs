//! Raw backend parameters as every front end gives them, `[BACKEND:]KEY=VALUE`, and the one
//! place they are checked for a backend and set in a solve's options ([`Checked`]): `solve`,
//! `count`, `compare`, `corpus` and the Python package all go through it.
//!
//! Invariant: a solve on backend B gets the parameters without a backend and those naming
//! B, in the order given, each checked for B (by the kind's own declarations on the native
//! backend, by the solver's otherwise) before anything runs.

use masu_core::{Backend, Error, Invalid, ParameterValue, Puzzle, SolveOptions};

/// A raw parameter, for one backend's solves or for all.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScopedParam {
    /// The backend it is for (`None`: every backend).
    pub backend: Option<Backend>,
    /// The parameter's name and value.
    pub param: (String, String),
}

impl ScopedParam {
    /// `key=value` for every backend.
    pub fn unscoped(key: impl Into<String>, value: impl Into<String>) -> ScopedParam {
        ScopedParam { backend: None, param: (key.into(), value.into()) }
    }

    /// Whether a solve on `backend` takes it.
    pub fn is_for(&self, backend: Backend) -> bool {
        self.backend.is_none_or(|b| b == backend)
    }
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
    /// `[BACKEND:]KEY=VALUE`, the key trimmed.
    fn from_str(s: &str) -> Result<ScopedParam, Invalid> {
        let Some((key, value)) = s.split_once('=').filter(|(key, _)| !key.trim().is_empty()) else {
            return Err(Invalid(format!("'{s}' is not KEY=VALUE")));
        };
        let backend = match key.split_once(':') {
            Some((backend, _)) => {
                Some(backend.trim().parse().map_err(|e: masu_core::UnknownName| Invalid(format!("'{s}': {e}")))?)
            }
            None => None,
        };
        let key = key.split_once(':').map_or(key, |(_, key)| key).trim();
        Ok(ScopedParam { backend, param: (key.to_string(), value.to_string()) })
    }
}

/// The first of `params` that names a backend `runs` says no solve asked for runs on.
pub fn unused(params: &[ScopedParam], runs: impl Fn(Backend) -> bool) -> Option<&ScopedParam> {
    params.iter().find(|p| p.backend.is_some_and(|b| !runs(b)))
}

/// Raw parameters checked for one backend: as given, and what masu reads of them.
#[derive(Clone, Debug, Default)]
pub struct Checked {
    given: Vec<(String, String)>,
    read: Vec<(&'static str, ParameterValue)>,
}

impl Checked {
    /// Those of `params` that a solve of kind `P` on `backend` takes, checked for it: an
    /// unknown name or a refused value is [`Error::Parameter`].
    pub fn of<P: Puzzle>(backend: Backend, params: &[ScopedParam]) -> Result<Checked, Error> {
        let given: Vec<(String, String)> =
            params.iter().filter(|p| p.is_for(backend)).map(|p| p.param.clone()).collect();
        let read = masu_core::check_parameters::<P>(backend, &given)?;
        Ok(Checked { given, read })
    }

    /// Whether the backend takes none.
    pub fn is_empty(&self) -> bool {
        self.given.is_empty()
    }

    /// Sets them in `options`, after masu's own settings (so they win).
    pub fn set(&self, options: &mut SolveOptions) {
        options.parameters.clone_from(&self.given);
        options.read.clone_from(&self.read);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A parameter reads with or without a backend, its key trimmed; what is not
    /// `KEY=VALUE` or names no backend is refused, saying what was given.
    #[test]
    fn parameters_read_with_and_without_a_backend() {
        let p: ScopedParam = "highs: mip_rel_gap =0".parse().unwrap();
        assert_eq!((p.backend, p.param.0.as_str(), p.param.1.as_str()), (Some(Backend::Highs), "mip_rel_gap", "0"));
        assert_eq!(p.to_string(), "highs:mip_rel_gap=0");
        assert!(p.is_for(Backend::Highs) && !p.is_for(Backend::CpSat));
        let all: ScopedParam = "limits/gap=0.01".parse().unwrap();
        assert_eq!(all, ScopedParam::unscoped("limits/gap", "0.01"));
        assert!(all.is_for(Backend::CpSat));
        for bad in ["novalue", "=1", "nosuch:key=1"] {
            let e = bad.parse::<ScopedParam>().unwrap_err();
            assert!(e.to_string().contains(bad), "{bad}: {e}");
        }
        let params = [all, p];
        assert_eq!(
            unused(&params, |b| b == Backend::CpSat).map(ToString::to_string),
            Some("highs:mip_rel_gap=0".into())
        );
        assert!(unused(&params, |b| b == Backend::Highs).is_none());
    }
}
