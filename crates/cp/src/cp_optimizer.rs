//! IBM CP Optimizer 22.2, the constraint solver of the `cplex` wheel (feature `cp-optimizer`, which masu-core's `cplex` turns on): its
//! `cpoptimizer` program, run once per solve on a model in CP Optimizer's `.cpo` text. The
//! program is the wheel's (the Community Edition: search spaces up to 2¹⁰⁰⁰, about 1,000
//! binary variables), or `cpoptimizer` of the installation named by `CPLEX_STUDIO_DIR2220`
//! (any size, under its licence).
//!
//! A solve writes the model into a temporary file with a `parameters` block (the time limit
//! `TimeLimit`, the threads `Workers`, `LogVerbosity = Quiet` unless `--log`, then the raw
//! parameters by CP Optimizer's names, `FailLimit`, `SearchType`), runs `cpoptimizer -c "read
//! <file>" "optimize" "display solution" "quit"`, and reads the values back from the lines
//! `v<index> = intVar(<value>);`. A model past the Community Edition's search space is
//! refused by the program before any search ("Problem size limit exceeded"): that is
//! [`Error::Licence`], never an infeasible model. It stops at its time limit, and when the
//! stop flag is set the program is killed. The log (`--log`) is the program's own output, on
//! standard error.
//!
//! As a backend ([`open`]): the model written once as `.cpo` text ([`CpModel::to_cpo`],
//! `--export` writes it), the program run once a solve, and each no-good appended as CP
//! Optimizer's own disjunction `v3 != 5 || v8 != 1 || …` over the projection (no auxiliary
//! variable: the search space, which the Community Edition bounds, stays the model's).

use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::OnceLock;

use masu_native::program::{self, Stop};
use masu_native::{Error, Settings};

use crate::runner::{Excludes, Opened, Rereads, not_written};
use crate::{Answer, CpModel};

/// The variable naming a CPLEX Studio installation, and the program's place in it.
const STUDIO: &str = "CPLEX_STUDIO_DIR2220";
const STUDIO_PROGRAM: &str = "cpoptimizer/bin/x86-64_linux/cpoptimizer";

/// The program: the installation's, else the wheel's.
fn program() -> Result<PathBuf, Error> {
    if let Some(dir) = std::env::var_os(STUDIO) {
        return Ok(PathBuf::from(dir).join(STUDIO_PROGRAM));
    }
    option_env!("MASU_CPOPTIMIZER")
        .map(PathBuf::from)
        .ok_or_else(|| Error::Library("CP Optimizer: the build found no cpoptimizer in the cplex wheel".into()))
}

/// Whether the program is the wheel's Community Edition.
fn community() -> bool {
    std::env::var_os(STUDIO).is_none()
}

/// Runs the program with `commands` until it ends or the stop flag is set (then it is
/// killed: `None`); its output (standard output, then error), echoed to standard error with
/// `log`.
fn run(commands: &[String], settings: &Settings) -> Result<Option<String>, Error> {
    let program = program()?;
    let mut command = Command::new(&program);
    command.arg("-c").args(commands).stderr(Stdio::piped());
    let ran = program::run(&mut command, settings, Stop::Kill, settings.log)
        .map_err(|e| Error::Library(format!("CP Optimizer: running {}: {e}", program.display())))?;
    Ok((!ran.stopped).then(|| ran.stdout + &ran.stderr))
}

/// What the program says of a parameter it refuses, if it does.
fn refusal(output: &str) -> Option<(&str, String)> {
    output.lines().find_map(|line| {
        let line = line.trim();
        if let Some(rest) = line.strip_prefix("Parameter '") {
            let name = rest.split('\'').next().unwrap_or_default();
            return Some((name, "no such parameter (CP Optimizer's names: FailLimit, SearchType, Workers)".into()));
        }
        let rest = line.strip_prefix("Wrong value ")?;
        let (value, name) = rest.split_once(" for parameter ")?;
        Some((name.trim_end_matches('.'), format!("'{value}' is not a value of its type")))
    })
}

/// Refuses parameter names CP Optimizer does not know and values it rejects, by setting them
/// in the program.
pub fn check_parameters(parameters: &[(String, String)]) -> Result<(), Error> {
    if parameters.is_empty() {
        return Ok(());
    }
    let mut commands: Vec<String> = parameters.iter().map(|(name, value)| format!("set {name} {value}")).collect();
    commands.push("quit".into());
    let output = run(&commands, &program::quick())?.unwrap_or_default();
    match refusal(&output) {
        Some((said, reason)) => {
            // The program lowercases a name it does not know: report the name as given.
            let name = parameters
                .iter()
                .find(|(name, _)| name.eq_ignore_ascii_case(said))
                .map_or(said.to_string(), |(name, _)| name.clone());
            Err(Error::Parameter { solver: "CP Optimizer", name, reason })
        }
        None => Ok(()),
    }
}

/// CP Optimizer's version and route, e.g. `CP Optimizer 22.2.0.0 (Community Edition, the
/// cplex wheel)`.
pub fn version() -> Result<String, Error> {
    static VERSION: OnceLock<Result<String, Error>> = OnceLock::new();
    VERSION
        .get_or_init(|| {
            let file = program::temporary("cpo", b"v0 = intVar(0..1);\nv0 == 1;\n")
                .map_err(|e| Error::Library(format!("CP Optimizer: a model's file: {e}")))?;
            let commands = [format!("read {}", file.display()), "optimize".into(), "quit".into()];
            let output = run(&commands, &program::quick())?.unwrap_or_default();
            let version = output
                .lines()
                .find_map(|line| line.split("CP Optimizer ").nth(1)?.split_whitespace().next())
                .ok_or_else(|| Error::Library("CP Optimizer: no version in its log".into()))?;
            let route = if community() {
                "Community Edition, the cplex wheel".to_string()
            } else {
                program()?.display().to_string()
            };
            Ok(format!("CP Optimizer {version} ({route})"))
        })
        .clone()
}

/// One solve of the model `cpo` (CP Optimizer text over `v0 … v<variables − 1>`).
pub fn solve(cpo: &str, variables: usize, settings: &Settings) -> Result<Answer, Error> {
    if settings.stopped() {
        return Ok(Answer::Unknown);
    }
    let mut text = String::with_capacity(cpo.len() + 200);
    text.push_str(cpo);
    text.push_str("parameters {\n");
    if let Some(limit) = settings.time_limit {
        text.push_str(&format!("  TimeLimit = {};\n", limit.as_secs_f64().max(0.001)));
    }
    if let Some(threads) = settings.threads {
        text.push_str(&format!("  Workers = {threads};\n"));
    }
    if !settings.log {
        text.push_str("  LogVerbosity = Quiet;\n");
    }
    for (name, value) in settings.parameters {
        text.push_str(&format!("  {name} = {value};\n"));
    }
    text.push_str("}\n");
    let file = program::temporary("cpo", text.as_bytes())
        .map_err(|e| Error::Library(format!("CP Optimizer: the model's file: {e}")))?;
    let commands = [format!("read {}", file.display()), "optimize".into(), "display solution".into(), "quit".into()];
    let Some(output) = run(&commands, settings)? else { return Ok(Answer::Unknown) };
    read_answer(&output, variables)
}

/// The answer in the program's output.
fn read_answer(output: &str, variables: usize) -> Result<Answer, Error> {
    if output.contains("Problem size limit exceeded") {
        return Err(Error::Licence(
            "CP Optimizer Community Edition (the cplex wheel) solves search spaces up to 2^1000 (counted after its \
             first propagation); this model's is larger (an installation named by CPLEX_STUDIO_DIR2220 takes any \
             size)"
                .into(),
        ));
    }
    if let Some((name, reason)) = refusal(output) {
        return Err(Error::Parameter { solver: "CP Optimizer", name: name.into(), reason });
    }
    if output.contains("Infeasible problem.") || output.contains("Search completed, model has no solution") {
        return Ok(Answer::Infeasible);
    }
    if let Some(error) = output.lines().find(|line| line.contains("Error") || line.contains(": error")) {
        return Err(Error::Library(format!("CP Optimizer: {}", error.trim())));
    }
    if !output.contains("// Feasible solution:") && !output.contains("// Optimal solution:") {
        return Ok(Answer::Unknown);
    }
    let mut values: Vec<Option<i64>> = vec![None; variables];
    for line in output.lines() {
        if let Some((name, rest)) = line.trim().split_once(" = intVar(") {
            program::record(&mut values, name, rest.strip_suffix(");"));
        }
    }
    Ok(Answer::solved(program::complete(values, "CP Optimizer")?))
}

/// `model` opened on CP Optimizer's program (no raw parameter is read here: each run takes
/// them).
pub fn open<'a>(model: &'a CpModel, _: &[(String, String)]) -> Result<Opened<'a>, Error> {
    let text = model.to_cpo().map_err(|r| not_written("CP Optimizer's language", r))?;
    let cpo = Cpo { text: text.clone(), variables: model.num_variables() };
    let solve = |cpo: &Cpo, settings: &Settings, _: usize| solve(&cpo.text, cpo.variables, settings);
    Ok(Opened { text: Some(("cpo", text)), runner: Box::new(Rereads { text: cpo, solve }) })
}

/// The model's `.cpo` text, and its variables.
struct Cpo {
    text: String,
    variables: usize,
}

impl Excludes for Cpo {
    /// CP Optimizer's own disjunction `v3 != 5 || v8 != 1 || …` over the projection.
    fn exclude(&mut self, projection: &[usize], values: &[i64]) {
        let differs: Vec<String> = projection.iter().map(|&x| format!("v{x} != {}", values[x])).collect();
        self.text.push_str(&format!("{};\n", differs.join(" || ")));
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicBool;
    use std::time::Duration;

    use super::*;

    #[test]
    fn an_answer_is_read_from_the_program_s_output() {
        let solved = "Solution found.\n\n// Feasible solution:\nv0 = intVar(5);\nv1 = intVar(0);\n";
        assert_eq!(read_answer(solved, 2).unwrap(), Answer::solved(vec![5, 0]));
        assert!(read_answer(solved, 3).unwrap_err().to_string().contains("no value of v2"));
        assert_eq!(read_answer("Infeasible problem.\n\nNo available solution.\n", 2).unwrap(), Answer::Infeasible);
        let refused = "Error solving: Problem size limit exceeded.\nCP Optimizer Community Edition ...\n";
        assert!(matches!(read_answer(refused, 2), Err(Error::Licence(_))));
        assert_eq!(read_answer("Search terminated by limit, no solution found.\n", 2).unwrap(), Answer::Unknown);
    }

    /// Settings bounding a solve at a minute (the program is killed past it).
    fn bounded() -> Settings<'static> {
        Settings { time_limit: Some(Duration::from_secs(60)), ..Settings::default() }
    }

    /// CP Optimizer's program: its parameters by name, its route, an answer, a proof of
    /// infeasibility, the Community Edition's refusal past 2^1000 (typed, not infeasible), and
    /// a stop.
    #[test]
    fn cp_optimizer_solves_refuses_and_stops() {
        let owned =
            |pairs: &[(&str, &str)]| pairs.iter().map(|(n, v)| (n.to_string(), v.to_string())).collect::<Vec<_>>();
        check_parameters(&owned(&[("FailLimit", "1000"), ("SearchType", "DepthFirst")])).unwrap();
        let err = check_parameters(&owned(&[("NoSuchParameter", "1")])).unwrap_err();
        assert!(err.to_string().contains("'NoSuchParameter': no such parameter"), "{err}");
        let err = check_parameters(&owned(&[("Workers", "many")])).unwrap_err();
        assert!(err.to_string().contains("'many' is not a value of its type"), "{err}");
        let model = "v0 = intVar(0..9);\nv1 = intVar(0..9);\nv0 + v1 == 12;\nv0 - v1 >= 4;\n";
        let Answer::Found { solutions, .. } = solve(model, 2, &bounded()).unwrap() else { panic!("no answer") };
        let values = &solutions[0];
        assert!(values[0] + values[1] == 12 && values[0] - values[1] >= 4, "{values:?}");
        let none = "v0 = intVar(0..1);\nv1 = intVar(0..1);\nv0 + v1 == 3;\n";
        assert_eq!(solve(none, 2, &bounded()).unwrap(), Answer::Infeasible);
        let stop = AtomicBool::new(true);
        assert_eq!(solve(model, 2, &Settings { stop: Some(&stop), ..bounded() }).unwrap(), Answer::Unknown);
        if std::env::var_os("CPLEX_STUDIO_DIR2220").is_some() {
            return; // an installation: its limits are its own
        }
        assert!(version().unwrap().starts_with("CP Optimizer 22.2.0.0 (Community Edition, the cplex wheel)"));
        // 1,100 free binaries: a search space of 2^1100.
        let mut wide: String = (0..1100).map(|i| format!("v{i} = intVar(0..1);\n")).collect();
        wide.push_str(&format!("{} >= 1;\n", (0..1100).map(|i| format!("v{i}")).collect::<Vec<_>>().join(" + ")));
        assert!(matches!(solve(&wide, 1100, &bounded()), Err(Error::Licence(_))));
    }
}
