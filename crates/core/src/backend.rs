//! The solver backends, declared in one list (`backends!`): a backend is one entry there,
//! its variant and the row of what masu knows of it (its name on the command line, its Cargo
//! feature, its families, its version, how its solver checks raw parameters (`--param`), how
//! it takes threads, what limits its free licence, and its solve of a MILP in matrix form),
//! plus its solver's file in `masu-milp`. Everything else reads the row: the families a
//! formulation names (`formulations!`), help texts, errors and the docs' lists (checked by
//! `tests/labels.rs`). What is checked of a backend before a solve, with masu's errors, is
//! [`crate::check`].

use std::fmt;
use std::str::FromStr;

use crate::UnknownName;
use crate::parameter::{Declared, Parameter};

/// HiGHS's threads, which masu's glue reports.
pub const HIGHS_THREADS: Parameter<Option<u64>> = Parameter::solver_count("threads", "HiGHS's threads");
/// HiGHS's presolve: masu runs it unless `off` (with it, a failed solve is decided again
/// without: `masu_milp::highs`).
pub const HIGHS_PRESOLVE: Parameter<Option<&'static str>> =
    Parameter::solver_choice("presolve", &["off", "choose", "on"], "HiGHS's presolve; masu runs it on unless off");

/// HiGHS's parameters that masu's glue reads.
const HIGHS_READS: &[&dyn Declared] = &[&HIGHS_THREADS, &HIGHS_PRESOLVE];

/// A family of backends: what a formulation needs of one (`formulations!` names families
/// as `MILP` and `CP`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Family {
    /// It solves a [`Milp`](crate::milp::Milp).
    Milp,
    /// It solves a CP model built with `masu_cp::CpModel` ([`crate::cp`]).
    Cp,
    /// It solves clauses in conjunctive normal form ([`crate::sat`]).
    Sat,
    /// It runs the algorithms written in Rust inside masu.
    Native,
}

/// How a backend takes threads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Threads {
    /// The number asked for (`--threads`), else its own default (every core).
    Asked,
    /// One, whatever is asked (CBC as the wheel builds it, SCIP, microlp, masu's engines).
    One,
}

/// How large a model a backend is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scale {
    /// Any model its memory holds.
    Any,
    /// Small ones: a dense solver without presolve or cuts (microlp), which refuses large
    /// models by type ([`Error::TooLarge`](crate::Error::TooLarge)) and is slow on hard ones.
    Small,
}

/// One backend's facts.
#[derive(Clone, Copy)]
struct Facts {
    /// The name on the command line and in reports.
    name: &'static str,
    /// The Cargo feature that compiles it in (`None`: always there).
    feature: Option<&'static str>,
    /// This build has it.
    compiled: bool,
    /// What it solves.
    families: &'static [Family],
    /// How it takes threads.
    threads: Threads,
    /// How large a model it is for.
    scale: Scale,
    /// The licence it runs under without one of the user's (the free editions in the
    /// commercial solvers' PyPI wheels) refuses models past a size, with a typed
    /// [`Error::Licence`](crate::Error::Licence).
    size_limited: bool,
    /// The solver and its version.
    version: fn() -> String,
    /// Checks raw parameters by the solver's own definitions (compiled in only).
    check: CheckParameters,
    /// The solver's own parameters that masu's glue for it also acts on.
    reads: &'static [&'static dyn Declared],
    /// Its solve of a MILP in matrix form, for a matrix backend compiled in (CP-SAT takes
    /// good_lp's model its own way).
    matrix: fn() -> Option<MatrixSolver>,
    /// Its solve for several points of a MILP in matrix form, for a solver that enumerates
    /// itself (CPLEX's populate, Gurobi's pool).
    pool: fn() -> Option<PoolSolver>,
    /// Its SAT solver, for a SAT backend compiled in.
    sat: fn() -> Option<SatSolver>,
    /// How it opens a CP model, for a CP backend run once a solve compiled in (masu-cp's
    /// `open`: the CP count runs it, `crate::cp`).
    run_once: fn() -> Option<RunOnceOpen>,
    /// Why it cannot run on this machine though compiled in (a program it runs is missing),
    /// or `None`.
    missing: fn() -> Option<String>,
}

/// A solver's check of raw parameters, `(name, value)` pairs (called for a backend compiled in).
type CheckParameters = fn(&[(String, String)]) -> Result<(), masu_milp::Error>;

/// A solve of a MILP in matrix form.
pub(crate) type MatrixSolver =
    fn(&masu_milp::Model, &masu_milp::Settings) -> Result<masu_milp::Outcome, masu_milp::Error>;

/// A SAT backend's solver, stopped by the stop test it is given.
pub(crate) type SatSolver = fn(masu_sat::Stop) -> Box<dyn masu_sat::Solver>;

/// How a CP backend run once a solve opens the model.
#[cfg(feature = "cp-sat")]
pub(crate) type RunOnceOpen = masu_cp::runner::Open;
/// Without the CP model's builder no CP backend opens anything.
#[cfg(not(feature = "cp-sat"))]
pub(crate) type RunOnceOpen = std::convert::Infallible;

/// A solve for up to `n` points of a MILP in matrix form.
pub(crate) type PoolSolver =
    fn(&masu_milp::Model, usize, &masu_milp::Settings) -> Result<masu_milp::Several, masu_milp::Error>;

/// `masu_milp::$module::$function`, where the feature `$name` compiles it in.
macro_rules! compiled {
    ($name:literal, $module:ident :: $function:ident) => {
        || {
            #[cfg(feature = $name)]
            return Some(masu_milp::$module::$function);
            #[cfg(not(feature = $name))]
            None
        }
    };
}

/// The facts of a backend whose solver is `$krate::$module` (its `version` and
/// `check_parameters`), compiled in as `$compiled` says, by `$feature`; the rest of the row
/// after `..`.
macro_rules! solver_backend {
    ($name:literal, $feature:literal, $compiled:expr, $families:expr, $solver:literal, $krate:ident :: $module:ident,
     matrix: $matrix:expr, pool: $pool:expr, $($rest:tt)*) => {
        Facts {
            name: $name,
            feature: Some($feature),
            compiled: $compiled,
            families: $families,
            version: || {
                #[cfg(feature = $feature)]
                return VersionText::text($krate::$module::version(), $solver);
                #[cfg(not(feature = $feature))]
                not_loaded($solver)
            },
            check: |_parameters| {
                #[cfg(feature = $feature)]
                return $krate::$module::check_parameters(_parameters);
                #[cfg(not(feature = $feature))]
                Ok(())
            },
            matrix: $matrix,
            pool: $pool,
            $($rest)*,
            ..BARE
        }
    };
}

/// A MILP backend whose solver is the matrix solver `masu_milp::$module` (its `solve`, and
/// `pool` where it enumerates itself), compiled in by the feature of its name.
macro_rules! matrix_backend {
    ($name:literal, $solver:literal, $module:ident, $pool:expr, $($rest:tt)*) => {
        solver_backend!($name, $name, cfg!(feature = $name), &[Family::Milp], $solver, masu_milp::$module,
            matrix: compiled!($name, $module::solve), pool: $pool, $($rest)*)
    };
}

/// A CP backend whose solver runs once a solve in `masu_cp::$module` (its `version`,
/// `check_parameters` and `open`), compiled in by `$feature` with `cp-sat` (whose builder
/// makes the model).
macro_rules! cp_backend {
    ($name:literal, $feature:literal, $solver:literal, $module:ident, $($rest:tt)*) => {
        solver_backend!($name, $feature, cfg!(all(feature = $feature, feature = "cp-sat")), &[Family::Cp], $solver,
            masu_cp::$module, matrix: || None, pool: || None, scale: Scale::Any,
            run_once: || {
                #[cfg(all(feature = $feature, feature = "cp-sat"))]
                return Some(masu_cp::$module::open);
                #[cfg(not(all(feature = $feature, feature = "cp-sat")))]
                None
            },
            $($rest)*)
    };
}

/// A SAT backend: the solver `masu_sat` opens with `$open` (a path of a function of a stop
/// test), compiled in by `$feature` (`None`: always, CaDiCaL), taking no parameters.
macro_rules! sat_backend {
    ($name:literal, $feature:expr, ($($compiled:tt)*), $solver:literal, $open:path) => {
        Facts {
            name: $name,
            feature: $feature,
            compiled: cfg!($($compiled)*),
            families: &[Family::Sat],
            // A solver's version is read off an instance (rustsat has no other way): one, once.
            version: || {
                #[cfg($($compiled)*)]
                {
                    static VERSION: std::sync::OnceLock<String> = std::sync::OnceLock::new();
                    let read = || masu_sat::Solver::version(&$open(std::sync::Arc::new(|| false)));
                    return VERSION.get_or_init(read).clone();
                }
                #[cfg(not($($compiled)*))]
                not_loaded($solver)
            },
            check: |parameters| masu_native::takes_none($name, parameters),
            sat: || {
                #[cfg($($compiled)*)]
                return Some(|stop| Box::new($open(stop)));
                #[cfg(not($($compiled)*))]
                None
            },
            ..BARE
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

impl VersionText for Result<String, masu_milp::Error> {
    fn text(self, solver: &str) -> String {
        self.unwrap_or_else(|e| format!("{solver} (not loaded: {e})"))
    }
}

/// What a row does not say: one thread, models of any size, no licence limit, no raw
/// parameters the glue reads, no matrix, pool or SAT solver, nothing missing (the rest each
/// row says).
const BARE: Facts = Facts {
    name: "",
    feature: None,
    compiled: false,
    families: &[],
    threads: Threads::One,
    scale: Scale::Any,
    size_limited: false,
    version: String::new,
    check: |_| Ok(()),
    reads: &[],
    matrix: || None,
    pool: || None,
    sat: || None,
    run_once: || None,
    missing: || None,
};

/// Declares [`Backend`], one variant an entry, and [`FACTS`], one row an entry, in the
/// same order: adding a backend is one entry.
macro_rules! backends {
    ($( $(#[doc = $doc:literal])* $variant:ident => $facts:expr, )+) => {
        /// A solver backend.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize)]
        #[serde(rename_all = "kebab-case")]
        pub enum Backend {
            $( $(#[doc = $doc])* $variant, )+
        }

        /// Every backend's facts, in the order of [`Backend::ALL`].
        const FACTS: &[Facts] = &[$($facts),+];

        impl Backend {
            /// Every backend, compiled in or not.
            pub const ALL: [Backend; FACTS.len()] = [$(Backend::$variant),+];
        }
    };
}

backends! {
    /// Google OR-Tools CP-SAT (feature `cp-sat`).
    CpSat => Facts {
        name: "cp-sat",
        feature: Some("cp-sat"),
        compiled: cfg!(feature = "cp-sat"),
        families: &[Family::Cp, Family::Milp],
        threads: Threads::Asked,
        version: || {
            #[cfg(feature = "cp-sat")]
            return format!("OR-Tools CP-SAT {}", masu_cp::VERSION);
            #[cfg(not(feature = "cp-sat"))]
            not_loaded("OR-Tools CP-SAT")
        },
        check: |_parameters| {
            #[cfg(feature = "cp-sat")]
            return masu_cp::check_parameters(_parameters)
                .map_err(|(name, reason)| masu_milp::Error::Parameter { solver: "cp-sat", name, reason });
            #[cfg(not(feature = "cp-sat"))]
            Ok(())
        },
        ..BARE
    },
    /// HiGHS 1.16 (feature `highs`): its C API, from the library `scripts/build-highs` compiles
    /// out of the highs-sys crate's source (`./masu` builds it in the background).
    Highs => Facts {
        reads: HIGHS_READS,
        missing: || {
            #[cfg(feature = "highs")]
            return masu_milp::highs::missing();
            #[cfg(not(feature = "highs"))]
            None
        },
        ..matrix_backend!("highs", "HiGHS", highs, || None, threads: Threads::Asked, scale: Scale::Any, size_limited: false)
    },
    /// A solver written in Rust inside masu, needing no library.
    Native => Facts {
        name: "native",
        feature: None,
        compiled: true,
        families: &[Family::Native],
        version: || format!("masu {}", env!("CARGO_PKG_VERSION")),
        // The kind checks its native formulations' parameters ([`crate::check_parameters`]).
        check: |_| Ok(()),
        ..BARE
    },
    /// CBC 2.10 from the OR-Tools wheel (feature `cbc`).
    Cbc => matrix_backend!("cbc", "CBC", cbc, || None, threads: Threads::One, scale: Scale::Any, size_limited: false),
    /// SCIP 10 from the OR-Tools wheel (feature `scip`).
    Scip => matrix_backend!("scip", "SCIP", scip, || None, threads: Threads::One, scale: Scale::Any, size_limited: false),
    /// microlp, pure Rust (feature `microlp`).
    Microlp => matrix_backend!("microlp", "microlp", microlp, || None, threads: Threads::One, scale: Scale::Small, size_limited: false),
    /// IBM CPLEX 22.2 (feature `cplex`): its PyPI wheel's Community Edition, or an
    /// installation named by `CPLEX_STUDIO_DIR2220`.
    Cplex => matrix_backend!("cplex", "CPLEX", cplex, compiled!("cplex", cplex::pool),
        threads: Threads::Asked, scale: Scale::Any,
        size_limited: true),
    /// FICO Xpress 9.9 (feature `xpress`): its PyPI wheel's library under the community
    /// licence, or an installation named by `XPRESSDIR`.
    Xpress => matrix_backend!("xpress", "Xpress", xpress, || None,
        threads: Threads::Asked, scale: Scale::Any,
        size_limited: true),
    /// Gurobi 13 (feature `gurobi`): its PyPI package `gurobipy` in a child process, under
    /// the wheel's size-limited licence or one named by `GRB_LICENSE_FILE`.
    Gurobi => matrix_backend!("gurobi", "Gurobi", gurobi, compiled!("gurobi", gurobi::pool),
        threads: Threads::Asked, scale: Scale::Any,
        size_limited: true),
    /// IBM CP Optimizer 22.2 (features `cplex` and `cp-sat`): the `cplex` wheel's
    /// `cpoptimizer` program on the CP models written as `.cpo` text ([`crate::cp`]).
    CpOptimizer => cp_backend!("cp-optimizer", "cplex", "CP Optimizer", cp_optimizer,
        threads: Threads::Asked, size_limited: true),
    /// Gecode 6.2 (features `gecode` and `cp-sat`): its FlatZinc program `fzn-gecode`
    /// (Debian's `flatzinc`) on the CP models written as FlatZinc ([`crate::cp`]).
    Gecode => Facts {
        missing: || {
            #[cfg(feature = "gecode")]
            return masu_cp::gecode::missing();
            #[cfg(not(feature = "gecode"))]
            None
        },
        ..cp_backend!("gecode", "gecode", "Gecode", gecode, threads: Threads::Asked, size_limited: false)
    },
    /// Z3 4.15 (features `z3` and `cp-sat`): the SMT solver's library from its PyPI wheel
    /// `z3-solver`, on the CP models written as SMT-LIB 2 ([`crate::cp`]).
    Z3 => cp_backend!("z3", "z3", "Z3", z3, threads: Threads::One, size_limited: false),
    /// Pumpkin 0.5 (features `pumpkin` and `cp-sat`): TU Delft's lazy-clause-generation
    /// solver as a library, on the CP models translated call by call ([`crate::cp`]); with
    /// `--param proof-path=FILE` its DRCP proof, checked by `pumpkin-checker`.
    Pumpkin => cp_backend!("pumpkin", "pumpkin", "Pumpkin", pumpkin, threads: Threads::One, size_limited: false),
    /// Choco 6 (features `choco` and `cp-sat`): IMT Atlantique's constraint solver, Java
    /// compiled to a native library (pychoco's `libchoco_capi.so`), on the CP models posted
    /// call by call ([`crate::cp`]), its own search enumerating.
    Choco => cp_backend!("choco", "choco", "Choco", choco, threads: Threads::One, size_limited: false),
    /// CaDiCaL 1.9, its library built beside cargo by `./masu` (always there): the clauses of
    /// a kind's `cnf` formulation ([`crate::sat`]).
    Cadical => sat_backend!("cadical", None, (all()), "CaDiCaL", masu_sat::Cadical::new),
    /// Kissat 4.0 (feature `kissat`), through `rustsat-kissat`: built afresh for each solve.
    Kissat => sat_backend!("kissat", Some("kissat"), (feature = "kissat"), "Kissat", masu_sat::kissat::new),
    /// MiniSat 2.2 (feature `minisat`), through `rustsat-minisat`.
    Minisat => sat_backend!("minisat", Some("minisat"), (feature = "minisat"), "MiniSat", masu_sat::minisat::new),
    /// Glucose 4.2 (feature `glucose`), through `rustsat-glucose`.
    Glucose => sat_backend!("glucose", Some("glucose"), (feature = "glucose"), "Glucose", masu_sat::glucose::new),
}

/// How many members `family` has.
const fn family_len(family: Family) -> usize {
    let (mut i, mut n) = (0, 0);
    while i < FACTS.len() {
        n += in_family(&FACTS[i], family) as usize;
        i += 1;
    }
    n
}

const fn in_family(facts: &Facts, family: Family) -> bool {
    let mut j = 0;
    while j < facts.families.len() {
        if facts.families[j] as u8 == family as u8 {
            return true;
        }
        j += 1;
    }
    false
}

/// The members of `family`: HiGHS first where it is one (good_lp's own solver, where a MILP
/// runs by default), then in the order of [`Backend::ALL`].
const fn members<const N: usize>(family: Family) -> [Backend; N] {
    let mut out = [Backend::Native; N];
    let mut n = 0;
    if in_family(&FACTS[Backend::Highs as usize], family) {
        out[0] = Backend::Highs;
        n = 1;
    }
    let mut i = 0;
    while i < FACTS.len() {
        if in_family(&FACTS[i], family) && i != Backend::Highs as usize {
            out[n] = Backend::ALL[i];
            n += 1;
        }
        i += 1;
    }
    assert!(n == N, "a family's length");
    out
}

/// The backends `lists` name, in order, each once, and how many they are (the rest of the
/// array is padding).
const fn union_all(lists: &[&[Backend]]) -> ([Backend; FACTS.len()], usize) {
    let mut out = [Backend::Native; FACTS.len()];
    let mut seen = [false; FACTS.len()];
    let (mut n, mut l) = (0, 0);
    while l < lists.len() {
        let mut i = 0;
        while i < lists[l].len() {
            let b = lists[l][i];
            if !seen[b as usize] {
                seen[b as usize] = true;
                out[n] = b;
                n += 1;
            }
            i += 1;
        }
        l += 1;
    }
    (out, n)
}

/// How many backends `lists` name together, each counted once (for `formulations!`).
#[doc(hidden)]
pub const fn union_len(lists: &[&[Backend]]) -> usize {
    union_all(lists).1
}

/// The backends `lists` name, in order, each once (for `formulations!`).
#[doc(hidden)]
pub const fn union<const N: usize>(lists: &[&[Backend]]) -> [Backend; N] {
    let (all, n) = union_all(lists);
    assert!(n == N, "the union's length");
    let mut out = [Backend::Native; N];
    let mut i = 0;
    while i < N {
        out[i] = all[i];
        i += 1;
    }
    out
}

/// The version line of a backend this build leaves out.
#[allow(dead_code)]
fn not_loaded(name: &str) -> String {
    format!("{name} (not loaded: not compiled in)")
}

impl Backend {
    /// The backends a MILP runs on ([`milp::Milp::solve`](crate::milp::Milp::solve)), HiGHS
    /// first: what `formulations!` writes as `MILP`.
    pub const MILP: [Backend; family_len(Family::Milp)] = members(Family::Milp);

    /// The backends a CP model runs on ([`cp::enumerate`](crate::cp::enumerate)): what
    /// `formulations!` writes as `CP`.
    pub const CP: [Backend; family_len(Family::Cp)] = members(Family::Cp);

    /// The backends a kind's clauses run on ([`crate::sat`]): what `formulations!` writes as
    /// `SAT`.
    pub const SAT: [Backend; family_len(Family::Sat)] = members(Family::Sat);

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

    /// Whether it is one of `family`.
    pub fn is(self, family: Family) -> bool {
        in_family(self.facts(), family)
    }

    /// Whether it solves MILPs.
    pub fn is_milp(self) -> bool {
        self.is(Family::Milp)
    }

    /// How it takes threads.
    pub fn threads(self) -> Threads {
        self.facts().threads
    }

    /// How large a model it is for.
    pub fn scale(self) -> Scale {
        self.facts().scale
    }

    /// Whether the licence it runs under without one of the user's refuses models past a
    /// size (with a typed [`Error::Licence`](crate::Error::Licence)).
    pub fn is_size_limited(self) -> bool {
        self.facts().size_limited
    }

    /// The solver and its version, as records of runs carry it: the OR-Tools wheel masu's
    /// build fetches, HiGHS's, CBC's and SCIP's as their libraries report them, or masu's
    /// own.
    pub fn version(self) -> String {
        (self.facts().version)()
    }

    /// Its solver's check of raw parameters (for a backend compiled in; masu's own check,
    /// with its errors, is [`Backend::check_parameters`]).
    pub(crate) fn solver_check(self, parameters: &[(String, String)]) -> Result<(), masu_milp::Error> {
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

    /// Its SAT solver, if it is a SAT backend compiled in.
    pub(crate) fn sat_solver(self) -> Option<SatSolver> {
        (self.facts().sat)()
    }

    /// How it opens a CP model, if it is a CP backend run once a solve compiled in.
    #[cfg_attr(not(feature = "cp-sat"), allow(dead_code))]
    pub(crate) fn run_once(self) -> Option<RunOnceOpen> {
        (self.facts().run_once)()
    }

    /// Why it cannot run on this machine though compiled in (the program it runs is
    /// missing: how to install it), or `None` when it can (or is not compiled in).
    pub fn missing(self) -> Option<String> {
        if self.is_compiled() { (self.facts().missing)() } else { None }
    }

    /// `backends` as the docs and the help name them: a whole family by its name (`CP`,
    /// then `MILP`), the others by theirs, in order (`CP, MILP`; `cp-sat, native`).
    pub fn label(backends: &[Backend]) -> String {
        let families = [("CP", &Backend::CP[..]), ("MILP", &Backend::MILP[..]), ("SAT", &Backend::SAT[..])];
        let whole: Vec<(&str, &[Backend])> =
            families.into_iter().filter(|(_, members)| members.iter().all(|b| backends.contains(b))).collect();
        let mut words: Vec<&str> = Vec::new();
        for backend in backends {
            let word = whole.iter().find(|(_, members)| members.contains(backend)).map_or(backend.name(), |w| w.0);
            if !words.contains(&word) {
                words.push(word);
            }
        }
        words.join(", ")
    }

    /// The names of `backends`, as a list for a sentence: `highs, cp-sat or cbc`.
    pub fn listed(backends: &[Backend], last: &str) -> String {
        let names: Vec<&str> = backends.iter().map(|b| b.name()).collect();
        match names.split_last() {
            Some((end, [])) => end.to_string(),
            Some((end, rest)) => format!("{} {last} {end}", rest.join(", ")),
            None => String::new(),
        }
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

    /// Each backend's name is its serde name and parses back; the families list their
    /// members, HiGHS first among the MILP solvers.
    #[test]
    fn names_parse_back_and_families_list_their_members() {
        for backend in Backend::ALL {
            assert_eq!(backend.name().parse::<Backend>(), Ok(backend));
            assert_eq!(serde_json::to_string(&backend).unwrap(), format!("\"{backend}\""));
        }
        for (family, listed) in
            [(Family::Milp, &Backend::MILP[..]), (Family::Cp, &Backend::CP[..]), (Family::Sat, &Backend::SAT[..])]
        {
            let mut members: Vec<Backend> = Backend::ALL.into_iter().filter(|b| b.is(family)).collect();
            let mut sorted = listed.to_vec();
            sorted.sort();
            members.sort();
            assert_eq!(members, sorted);
        }
        assert_eq!(Backend::MILP[0], Backend::Highs);
        // CP-SAT is one of CP: the CP backends and HiGHS, each once.
        const CP_AND_HIGHS: usize = Backend::CP.len() + 1;
        assert_eq!(union::<CP_AND_HIGHS>(&[&[Backend::CpSat], &Backend::CP, &[Backend::Highs]]).len(), CP_AND_HIGHS);
        assert_eq!(union_len(&[&[Backend::CpSat], &Backend::CP, &[Backend::Highs]]), CP_AND_HIGHS);
        assert_eq!(Backend::listed(&[Backend::Highs, Backend::CpSat, Backend::Cbc], "or"), "highs, cp-sat or cbc");
        let both = union::<{ union_len(&[&Backend::CP, &Backend::MILP]) }>(&[&Backend::CP, &Backend::MILP]);
        assert_eq!(Backend::label(&both), "CP, MILP");
        assert_eq!(Backend::label(&Backend::MILP), "MILP");
        assert_eq!(Backend::label(&[Backend::CpSat, Backend::Native]), "cp-sat, native");
        let all: Vec<&str> = Backend::ALL.iter().map(|b| b.name()).collect();
        let said = "mosek".parse::<Backend>().unwrap_err().to_string();
        assert!(said.contains(&format!("expected {}", all.join(", "))), "{said}");
    }
}

#[cfg(all(test, feature = "highs"))]
mod version_tests {
    /// HiGHS's library reports the version of the `highs-sys` that Cargo.lock pins, whose
    /// source `scripts/build-highs` compiles.
    #[test]
    fn the_highs_version_is_read_from_the_library_cargo_lock_builds() {
        if let Some(why) = crate::Backend::Highs.missing() {
            // Where the launcher built the library, it must be found.
            assert!(std::env::var_os("MASU_EXPECT_HIGHS").is_none(), "MASU_EXPECT_HIGHS is set, yet: {why}");
            eprintln!("HiGHS is not installed here: {why}");
            return;
        }
        let lock = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../Cargo.lock")).unwrap();
        let at = lock.find("name = \"highs-sys\"\nversion = \"").expect("highs-sys in Cargo.lock");
        let version = lock[at..].split('"').nth(3).unwrap();
        assert_eq!(crate::Backend::Highs.version(), format!("HiGHS {version}"));
    }
}
