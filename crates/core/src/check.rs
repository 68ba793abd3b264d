//! What is checked of a backend before a solve, with masu's errors: that it is compiled in
//! and fits the formulation ([`check_backend`]), and that its raw parameters are ones it takes
//! ([`Backend::check_parameters`], and [`read_parameters`] for what masu reads of them).

use crate::parameter::{Declared, ParameterValue};
use crate::{Backend, Error};

impl Backend {
    /// `Ok(self)` when compiled in, else [`Error::NotCompiled`].
    pub fn require(self) -> Result<Backend, Error> {
        if self.is_compiled() { Ok(self) } else { Err(Error::NotCompiled(self)) }
    }

    /// Checks raw solver parameters (`--param KEY=VALUE`) by the backend's own definitions,
    /// before any solve: an unknown name or a refused value is [`Error::Parameter`]. The
    /// native solvers' parameters belong to the kind: [`crate::check_parameters`].
    pub fn check_parameters(self, parameters: &[(String, String)]) -> Result<(), Error> {
        if parameters.is_empty() {
            return Ok(());
        }
        self.require()?.solver_check(parameters).map_err(|e| Error::of_solver(self, e))
    }
}

/// `Ok` when `formulation` (which runs on `backends`) can run on `backend` in this build;
/// else the typed reason: [`Error::NotApplicable`] or [`Error::NotCompiled`].
pub fn check_backend(formulation: &str, backends: &[Backend], backend: Backend) -> Result<(), Error> {
    if !backends.contains(&backend) {
        let names: Vec<&str> = backends.iter().map(|b| b.name()).collect();
        return Err(Error::NotApplicable {
            formulation: formulation.into(),
            backend,
            reason: format!("it runs on {}", names.join(" and ")),
        });
    }
    backend.require().map(|_| ())
}

/// Checks raw parameters for a solve on `backend` of a kind named `kind` whose native
/// formulations take `native`, and reads once what masu itself acts on, into the
/// [`ParameterValue`]s a solve gets ([`SolveOptions::read`](crate::SolveOptions::read)): the
/// native backend takes what the kind declares; every other backend takes what its solver
/// defines ([`Backend::check_parameters`]), passed on to it as text, and masu reads those of
/// them its glue acts on ([`Backend::reads`]). An unknown name or a refused value is
/// [`Error::Parameter`]. [`crate::check_parameters`] calls it with a kind's declarations.
pub fn read_parameters(
    kind: &str,
    native: &[&'static dyn Declared],
    backend: Backend,
    parameters: &[(String, String)],
) -> Result<Vec<(&'static str, ParameterValue)>, Error> {
    let declared = if backend == Backend::Native {
        native
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
                let helps: Vec<String> = native.iter().map(|p| p.help()).collect();
                return Err(refuse(match helps.as_slice() {
                    [] => format!("the native {kind} solvers take no parameters"),
                    helps => format!("the native {kind} solvers take {}", helps.join("; ")),
                }));
            }
        }
    }
    Ok(read)
}
