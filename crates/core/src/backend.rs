//! The solver backends, and one table of what masu knows of each: its name on the command
//! line, its Cargo feature, whether it solves MILPs, its version, how its solver checks raw
//! parameters (`--param`), and its solve of a MILP in matrix form. Adding a backend is a
//! variant, a row, and its solver file. What is checked of a backend before a solve, with
//! masu's errors, is [`crate::check`].

use std::fmt;
use std::str::FromStr;

use crate::UnknownName;
use crate::parameter::{Declared, Parameter};

/// HiGHS's threads, which masu's glue reports.
pub const HIGHS_THREADS: Parameter<Option<u64>> = Parameter::solver_count("threads", "HiGHS's threads");
/// HiGHS's presolve: masu runs it unless `off` (with it, a failed solve is decided again
/// without).
pub const HIGHS_PRESOLVE: Parameter<Option<&'static str>> =
    Parameter::solver_choice("presolve", &["off", "choose", "on"], "HiGHS's presolve; masu runs it on unless off");

/// HiGHS's parameters that masu's glue reads.
const HIGHS_READS: &[&dyn Declared] = &[&HIGHS_THREADS, &HIGHS_PRESOLVE];

/// A solver backend.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Backend {
    /// Google OR-Tools CP-SAT (feature `cp-sat`).
    CpSat,
    /// HiGHS through good_lp (feature `highs`).
    Highs,
    /// A solver written in Rust inside masu, needing no library.
    Native,
    /// CBC 2.10 from the OR-Tools wheel (feature `cbc`).
    Cbc,
    /// SCIP 10 from the OR-Tools wheel (feature `scip`).
    Scip,
    /// microlp, pure Rust (feature `microlp`).
    Microlp,
    /// IBM CPLEX 22.2 (feature `cplex`): its PyPI wheel's Community Edition, or an
    /// installation named by `CPLEX_STUDIO_DIR2220`.
    Cplex,
    /// FICO Xpress 9.9 (feature `xpress`): its PyPI wheel's library under the community
    /// licence, or an installation named by `XPRESSDIR`.
    Xpress,
    /// Gurobi 13 (feature `gurobi`): its PyPI package `gurobipy` in a child process, under
    /// the wheel's size-limited licence or one named by `GRB_LICENSE_FILE`.
    Gurobi,
    /// IBM CP Optimizer 22.2 (features `cplex` and `cp-sat`): the `cplex` wheel's
    /// `cpoptimizer` program on the CP models written as `.cpo` text ([`crate::cp`]).
    CpOptimizer,
}

/// One backend's facts.
struct Facts {
    /// The backend, where [`Backend::ALL`] has it (checked by a test; [`Backend::MILP`] is
    /// read from it).
    backend: Backend,
    /// The name on the command line and in reports.
    name: &'static str,
    /// The Cargo feature that compiles it in (`None`: always there).
    feature: Option<&'static str>,
    /// This build has it.
    compiled: bool,
    /// It solves a [`Milp`](crate::milp::Milp).
    milp: bool,
    /// The solver and its version.
    version: fn() -> String,
    /// Checks raw parameters by the solver's own definitions (compiled in only).
    check: CheckParameters,
    /// The solver's own parameters that masu's glue for it also acts on.
    reads: &'static [&'static dyn Declared],
    /// Its solve of a MILP in matrix form, for a matrix backend compiled in (HiGHS and CP-SAT
    /// take good_lp's model their own ways).
    matrix: fn() -> Option<MatrixSolver>,
    /// Its solve for several points of a MILP in matrix form, for a solver that enumerates
    /// itself (CPLEX's populate, Gurobi's pool).
    pool: fn() -> Option<PoolSolver>,
}

/// A solver's check of raw parameters, `(name, value)` pairs (called for a backend compiled in).
type CheckParameters = fn(&[(String, String)]) -> Result<(), masu_mip::Error>;

/// A solve of a MILP in matrix form.
pub(crate) type MatrixSolver = fn(&masu_mip::Model, &masu_mip::Settings) -> Result<masu_mip::Outcome, masu_mip::Error>;

/// A solve for up to `n` points of a MILP in matrix form.
pub(crate) type PoolSolver =
    fn(&masu_mip::Model, usize, &masu_mip::Settings) -> Result<masu_mip::Several, masu_mip::Error>;

/// `masu_mip::$module::$function`, where the feature `$name` compiles it in.
macro_rules! compiled {
    ($name:literal, $module:ident :: $function:ident) => {
        || {
            #[cfg(feature = $name)]
            return Some(masu_mip::$module::$function);
            #[cfg(not(feature = $name))]
            None
        }
    };
}

/// The facts of a backend whose solver is `masu_mip::$module` (its `version`,
/// `check_parameters` and, for the matrix form, `solve`), compiled in by the feature of its
/// name; the parameters masu's glue reads and the matrix solve may be given.
macro_rules! solver_backend {
    ($backend:ident, $name:literal, $solver:literal, $module:ident) => {
        solver_backend!($backend, $name, $solver, $module, &[], compiled!($name, $module::solve), || None)
    };
    ($backend:ident, $name:literal, $solver:literal, $module:ident, pool) => {
        solver_backend!(
            $backend,
            $name,
            $solver,
            $module,
            &[],
            compiled!($name, $module::solve),
            compiled!($name, $module::pool)
        )
    };
    ($backend:ident, $name:literal, $solver:literal, $module:ident, $reads:expr, $matrix:expr, $pool:expr) => {
        Facts {
            backend: Backend::$backend,
            name: $name,
            feature: Some($name),
            compiled: cfg!(feature = $name),
            milp: true,
            version: || {
                #[cfg(feature = $name)]
                return VersionText::text(masu_mip::$module::version(), $solver);
                #[cfg(not(feature = $name))]
                not_loaded($solver)
            },
            check: |_parameters| {
                #[cfg(feature = $name)]
                return masu_mip::$module::check_parameters(_parameters);
                #[cfg(not(feature = $name))]
                Ok(())
            },
            reads: $reads,
            matrix: $matrix,
            pool: $pool,
        }
    };
}

/// A solver's version as records carry it, from a library that cannot fail to load (HiGHS,
/// microlp) or one that can.
#[allow(dead_code)]
trait VersionText {
    fn text(self, solver: &str) -> String;
}

impl VersionText for String {
    fn text(self, _: &str) -> String {
        self
    }
}

impl VersionText for Result<String, masu_mip::Error> {
    fn text(self, solver: &str) -> String {
        self.unwrap_or_else(|e| format!("{solver} (not loaded: {e})"))
    }
}

/// Every backend's facts, in the order of [`Backend::ALL`].
const FACTS: [Facts; 10] =
    [
        Facts {
            backend: Backend::CpSat,
            name: "cp-sat",
            feature: Some("cp-sat"),
            compiled: cfg!(feature = "cp-sat"),
            milp: true,
            version: || "OR-Tools CP-SAT 9.15.6755".into(),
            check: |_parameters| {
                #[cfg(feature = "cp-sat")]
                return masu_cpsat::check_parameters(_parameters)
                    .map_err(|(name, reason)| masu_mip::Error::Parameter { solver: "cp-sat", name, reason });
                #[cfg(not(feature = "cp-sat"))]
                Ok(())
            },
            reads: &[],
            matrix: || None,
            pool: || None,
        },
        // HiGHS solves good_lp's model (crate::milp::highs), not the matrix form.
        solver_backend!(Highs, "highs", "HiGHS", highs, HIGHS_READS, || None, || None),
        Facts {
            backend: Backend::Native,
            name: "native",
            feature: None,
            compiled: true,
            milp: false,
            version: || format!("masu {}", env!("CARGO_PKG_VERSION")),
            // The kind checks its native formulations' parameters ([`crate::check_parameters`]).
            check: |_| Ok(()),
            reads: &[],
            matrix: || None,
            pool: || None,
        },
        solver_backend!(Cbc, "cbc", "CBC", cbc),
        solver_backend!(Scip, "scip", "SCIP", scip),
        solver_backend!(Microlp, "microlp", "microlp", microlp),
        solver_backend!(Cplex, "cplex", "CPLEX", cplex, pool),
        solver_backend!(Xpress, "xpress", "Xpress", xpress),
        solver_backend!(Gurobi, "gurobi", "Gurobi", gurobi, pool),
        Facts {
            backend: Backend::CpOptimizer,
            name: "cp-optimizer",
            feature: Some("cplex"),
            compiled: cfg!(all(feature = "cplex", feature = "cp-sat")),
            milp: false,
            version: || {
                #[cfg(feature = "cplex")]
                return VersionText::text(masu_mip::cp_optimizer::version(), "CP Optimizer");
                #[cfg(not(feature = "cplex"))]
                not_loaded("CP Optimizer")
            },
            check: |_parameters| {
                #[cfg(feature = "cplex")]
                return masu_mip::cp_optimizer::check_parameters(_parameters);
                #[cfg(not(feature = "cplex"))]
                Ok(())
            },
            reads: &[],
            matrix: || None,
            pool: || None,
        },
    ];

/// HiGHS, CP-SAT, then the other backends whose row says `milp`, in the order of
/// [`Backend::ALL`] (a wrong length fails the build: the array is filled at compile time).
const fn milp_backends() -> [Backend; 8] {
    let mut milp = [
        Backend::Highs,
        Backend::CpSat,
        Backend::Highs,
        Backend::Highs,
        Backend::Highs,
        Backend::Highs,
        Backend::Highs,
        Backend::Highs,
    ];
    let (mut i, mut n) = (0, 2);
    while i < FACTS.len() {
        let backend = FACTS[i].backend;
        if FACTS[i].milp && !matches!(backend, Backend::Highs | Backend::CpSat) {
            milp[n] = backend;
            n += 1;
        }
        i += 1;
    }
    assert!(n == milp.len(), "Backend::MILP's length is not the number of MILP rows");
    milp
}

/// The version line of a backend this build leaves out.
#[allow(dead_code)]
fn not_loaded(name: &str) -> String {
    format!("{name} (not loaded: not compiled in)")
}

impl Backend {
    /// Every backend, compiled in or not.
    pub const ALL: [Backend; 10] = [
        Backend::CpSat,
        Backend::Highs,
        Backend::Native,
        Backend::Cbc,
        Backend::Scip,
        Backend::Microlp,
        Backend::Cplex,
        Backend::Xpress,
        Backend::Gurobi,
        Backend::CpOptimizer,
    ];

    /// The backends a MILP runs on ([`milp::Milp::solve`](crate::milp::Milp::solve)), HiGHS
    /// first: what `formulations!` writes as `MILP`.
    pub const MILP: [Backend; 8] = milp_backends();

    fn facts(self) -> &'static Facts {
        &FACTS[self as usize]
    }

    /// The name used on the command line and in reports.
    pub fn name(self) -> &'static str {
        self.facts().name
    }

    /// The Cargo feature that compiles it in (`None` for the native solvers, always there).
    pub fn feature(self) -> Option<&'static str> {
        self.facts().feature
    }

    /// Whether this build of masu includes the backend (its Cargo feature is on).
    pub fn is_compiled(self) -> bool {
        self.facts().compiled
    }

    /// Whether it solves MILPs.
    pub fn is_milp(self) -> bool {
        self.facts().milp
    }

    /// The solver and its version, as records of runs carry it: the OR-Tools wheel masu's
    /// build fetches, HiGHS's, CBC's and SCIP's as their libraries report them, or masu's
    /// own.
    pub fn version(self) -> String {
        (self.facts().version)()
    }

    /// Its solver's check of raw parameters (for a backend compiled in; masu's own check,
    /// with its errors, is [`Backend::check_parameters`]).
    pub(crate) fn solver_check(self, parameters: &[(String, String)]) -> Result<(), masu_mip::Error> {
        (self.facts().check)(parameters)
    }

    /// The solver's own parameters that masu's glue for it also reads (once, typed:
    /// [`crate::check_parameters`]).
    pub fn reads(self) -> &'static [&'static dyn Declared] {
        self.facts().reads
    }

    /// Its solve of a MILP in matrix form, if it is a matrix backend compiled in.
    pub(crate) fn matrix_solver(self) -> Option<MatrixSolver> {
        (self.facts().matrix)()
    }

    /// Its solve for several points at once, if its solver enumerates itself.
    pub(crate) fn pool_solver(self) -> Option<PoolSolver> {
        (self.facts().pool)()
    }
}

impl fmt::Display for Backend {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Backend {
    type Err = UnknownName;
    fn from_str(s: &str) -> Result<Backend, UnknownName> {
        Backend::ALL.into_iter().find(|b| b.name() == s).ok_or_else(|| UnknownName {
            what: "backend".into(),
            name: s.into(),
            expected: Backend::ALL.iter().map(|b| b.name()).collect(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A backend left out names the feature that brings it (CP Optimizer's is `cplex`).
    #[test]
    fn a_backend_left_out_names_its_feature() {
        let said = crate::Error::NotCompiled(Backend::CpOptimizer).to_string();
        assert!(said.ends_with("(enable the Cargo feature 'cplex')"), "{said}");
        let said = crate::puzzle::Unchosen::NotCompiled(Backend::Gurobi).to_string();
        assert!(said.ends_with("(enable the Cargo feature 'gurobi')"), "{said}");
    }

    #[test]
    fn the_table_is_in_the_order_of_all_and_milp_lists_its_milp_rows() {
        for (i, backend) in Backend::ALL.iter().enumerate() {
            assert_eq!(FACTS[i].backend, *backend);
            assert_eq!(backend.name().parse::<Backend>(), Ok(*backend));
        }
        let milp: Vec<Backend> = Backend::ALL.into_iter().filter(|b| b.is_milp()).collect();
        let mut listed = Backend::MILP.to_vec();
        listed.sort();
        assert_eq!(milp, listed);
        assert!(
            "mosek"
                .parse::<Backend>()
                .unwrap_err()
                .to_string()
                .contains("expected cp-sat, highs, native, cbc, scip, microlp, cplex, xpress, gurobi")
        );
    }
}

#[cfg(all(test, feature = "highs"))]
mod version_tests {
    /// The linked HiGHS reports the version of the `highs-sys` that Cargo.lock pins.
    #[test]
    fn the_highs_version_is_read_from_the_library_cargo_lock_builds() {
        let lock = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../Cargo.lock")).unwrap();
        let at = lock.find("name = \"highs-sys\"\nversion = \"").expect("highs-sys in Cargo.lock");
        let version = lock[at..].split('"').nth(3).unwrap();
        assert_eq!(crate::Backend::Highs.version(), format!("HiGHS {version}"));
    }
}
