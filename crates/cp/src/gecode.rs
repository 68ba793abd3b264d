//! Gecode 6.2 (feature `gecode`): its FlatZinc program `fzn-gecode` (Debian's package
//! `flatzinc`), run once per solve on a model in FlatZinc text (`crate::FlatZinc`), or
//! another FlatZinc program named by `MASU_FLATZINC` that reads Gecode's names for the global
//! constraints.
//!
//! A solve writes the text to a temporary file and runs `fzn-gecode -n <wanted> [-time <ms>]
//! [-p <threads>] [-<name> <value> …] <file>`: up to `wanted` solutions of one search, each
//! the lines `v<index> = <value>;` closed by `----------`; `==========` after the last says
//! the search went through the whole space (every solution is among those printed),
//! `=====UNSATISFIABLE=====` that there is none, `=====UNKNOWN=====` that the time limit came
//! first. The program stops at its time limit; when the stop flag is set it is killed. Raw
//! parameters are the program's own options without their dash (`restart=luby`, `c-d=8`,
//! `r=7`), checked by running it on a one-variable model. `--log` echoes its output and
//! statistics (`-s`) to standard error.
//!
//! As a backend ([`open`]): the model written once as FlatZinc ([`CpModel::to_flatzinc`],
//! `--export` writes it as `.fzn`), the program run once a solve for as many solutions as the
//! count still wants, and the points it found excluded by a clause each
//! ([`FlatZinc::exclude`]). One run hands several points: Gecode enumerates the FlatZinc
//! model, whose auxiliary Booleans may let one assignment of the model's variables print
//! twice (the count keeps each point of the projection once); "all" is Gecode's own word that
//! its search went through the whole space.

use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::OnceLock;

use crate::runner::{Opened, Rereads, not_written};
use crate::{Answer, CpModel, FlatZinc};
use masu_native::program::{self, Stop};

use masu_native::{Error, Settings};

/// The variable naming another FlatZinc program.
const PROGRAM: &str = "MASU_FLATZINC";

/// The program: `MASU_FLATZINC`'s, else `fzn-gecode` on the path.
fn program() -> Result<PathBuf, Error> {
    if let Some(path) = std::env::var_os(PROGRAM) {
        return Ok(PathBuf::from(path));
    }
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path).map(|dir| dir.join("fzn-gecode")).find(|p| p.is_file()).ok_or_else(|| {
        Error::NotInstalled(
            "Gecode: no fzn-gecode on the PATH: install Debian's package flatzinc (apt-get install flatzinc), or name a \
             FlatZinc program in MASU_FLATZINC"
                .into(),
        )
    })
}

/// Why Gecode cannot run here, if it cannot: no program.
pub fn missing() -> Option<String> {
    program().err().map(|e| e.to_string())
}

/// Runs the program with `arguments` until it ends or the stop flag is set (then it is
/// killed: `None`); its standard output and error, or its error.
fn run(arguments: &[String], settings: &Settings) -> Result<Option<(String, String)>, Error> {
    let program = program()?;
    let mut command = Command::new(&program);
    command.args(arguments).stderr(Stdio::piped());
    let ran = program::run(&mut command, settings, Stop::Kill, settings.log)
        .map_err(|e| Error::Library(format!("Gecode: running {}: {e}", program.display())))?;
    if ran.stopped {
        return Ok(None);
    }
    if !ran.status.success() {
        let said = ran.stderr.lines().chain(ran.stdout.lines()).find(|l| !l.trim().is_empty()).unwrap_or_default();
        return Err(Error::Library(format!(
            "Gecode: {} ended with {}: {}",
            program.display(),
            ran.status,
            said.trim()
        )));
    }
    Ok(Some((ran.stdout, ran.stderr)))
}

/// The raw parameters as the program's options.
fn options(parameters: &[(String, String)]) -> Vec<String> {
    parameters.iter().flat_map(|(name, value)| [format!("-{}", name.trim_start_matches('-')), value.clone()]).collect()
}

/// Refuses options the program does not take or values it rejects, by running it with them on
/// a one-variable model (it says so and ends with an error).
pub fn check_parameters(parameters: &[(String, String)]) -> Result<(), Error> {
    if parameters.is_empty() {
        return Ok(());
    }
    let file = program::temporary("fzn", b"var 0..1: v0 :: output_var;\nsolve satisfy;\n")
        .map_err(|e| Error::Library(format!("Gecode: a model's file: {e}")))?;
    let mut arguments = options(parameters);
    arguments.push(file.display().to_string());
    match run(&arguments, &program::quick()) {
        Err(Error::Library(said)) => {
            let name = parameters.iter().find(|(name, _)| said.contains(name.as_str())).map_or_else(
                || parameters.iter().map(|(n, _)| n.as_str()).collect::<Vec<_>>().join(", "),
                |(name, _)| name.clone(),
            );
            Err(Error::Parameter { solver: "Gecode", name, reason: format!("the program refuses it ({said})") })
        }
        other => other.map(|_| ()),
    }
}

/// Gecode's version and route, e.g. `Gecode 6.2.0 (fzn-gecode)`, or the program named by
/// `MASU_FLATZINC`.
pub fn version() -> Result<String, Error> {
    static VERSION: OnceLock<Result<String, Error>> = OnceLock::new();
    VERSION
        .get_or_init(|| {
            let program = program()?;
            if std::env::var_os(PROGRAM).is_some() {
                return Ok(format!("FlatZinc program {}", program.display()));
            }
            // The program prints its help on standard error.
            let (_, help) = run(&["-help".into()], &program::quick())?.unwrap_or_default();
            let version = help
                .lines()
                .find_map(|line| line.trim().strip_prefix("- Version: "))
                .ok_or_else(|| Error::Library("Gecode: no version in fzn-gecode -help".into()))?;
            Ok(format!("Gecode {} (fzn-gecode)", version.trim()))
        })
        .clone()
}

/// One run on the FlatZinc `text` over `v0 … v<variables − 1>`, for up to `wanted` solutions.
pub fn solve(text: &str, variables: usize, wanted: usize, settings: &Settings) -> Result<Answer, Error> {
    if settings.stopped() {
        return Ok(Answer::Unknown);
    }
    let file = program::temporary("fzn", text.as_bytes())
        .map_err(|e| Error::Library(format!("Gecode: the model's file: {e}")))?;
    let mut arguments = vec!["-n".to_string(), wanted.clamp(1, i32::MAX as usize).to_string()];
    if let Some(limit) = settings.time_limit {
        // 0 would mean no limit.
        arguments.extend(["-time".into(), (limit.as_millis().max(1)).to_string()]);
    }
    if let Some(threads) = settings.threads {
        arguments.extend(["-p".into(), threads.to_string()]);
    }
    if settings.log {
        arguments.push("-s".into());
    }
    arguments.extend(options(settings.parameters));
    arguments.push(file.display().to_string());
    let Some((output, _)) = run(&arguments, settings)? else { return Ok(Answer::Unknown) };
    read_answer(&output, variables)
}

/// The answer in the program's output.
fn read_answer(output: &str, variables: usize) -> Result<Answer, Error> {
    let (mut solutions, mut all) = (Vec::new(), false);
    let mut values: Vec<Option<i64>> = vec![None; variables];
    for line in output.lines().map(str::trim) {
        match line {
            "----------" => {
                let printed = std::mem::replace(&mut values, vec![None; variables]);
                solutions.push(program::complete(printed, "Gecode")?);
            }
            "==========" => all = true,
            "=====UNSATISFIABLE=====" => return Ok(Answer::Infeasible),
            "=====UNKNOWN=====" if solutions.is_empty() => return Ok(Answer::Unknown),
            _ => {
                if let Some((name, value)) = line.split_once(" = ") {
                    program::record(&mut values, name, value.strip_suffix(';'));
                }
            }
        }
    }
    if solutions.is_empty() {
        return Ok(if all { Answer::Infeasible } else { Answer::Unknown });
    }
    Ok(Answer::Found { solutions, all })
}

/// The most solutions one run is asked for: its output is read whole (about 650 bytes a
/// 9×9 sudoku's solution), so a long count goes on in runs of this many, each excluding the
/// points found before.
const RUN: usize = 20_000;

/// `model` opened on Gecode's program (no raw parameter is read here: each run checks them).
pub fn open<'a>(model: &'a CpModel, _: &[(String, String)]) -> Result<Opened<'a>, Error> {
    if let Some(how) = missing() {
        return Err(Error::NotInstalled(how));
    }
    let flatzinc = model.to_flatzinc().map_err(|r| not_written("FlatZinc", r))?;
    let text = Some(("fzn", flatzinc.text()));
    let solve =
        |f: &FlatZinc, settings: &Settings, wanted: usize| solve(&f.text(), f.variables(), wanted.min(RUN), settings);
    Ok(Opened { text, runner: Box::new(Rereads { text: flatzinc, solve }) })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_answer_is_read_from_the_program_s_output() {
        let two = "v0 = 5;\nv1 = 0;\n----------\nv0 = 4;\nv1 = 1;\n----------\n";
        let found = Answer::Found { solutions: vec![vec![5, 0], vec![4, 1]], all: false };
        assert_eq!(read_answer(two, 2).unwrap(), found);
        let all = Answer::Found { solutions: vec![vec![5, 0], vec![4, 1]], all: true };
        assert_eq!(read_answer(&format!("{two}==========\n"), 2).unwrap(), all);
        assert!(read_answer(two, 3).unwrap_err().to_string().contains("no value of v2"));
        assert_eq!(read_answer("=====UNSATISFIABLE=====\n", 2).unwrap(), Answer::Infeasible);
        assert_eq!(read_answer("=====UNKNOWN=====\n%%%mzn-stat: nodes=7\n", 2).unwrap(), Answer::Unknown);
        assert_eq!(read_answer("", 2).unwrap(), Answer::Unknown);
    }
}
