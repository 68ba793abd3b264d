//! The independent checkers a certificate's proofs go to: programs of their own, not linked
//! into masu. `rate` (krobelus/rate) replays a DRAT refutation; VeriPB checks the dominance
//! steps of a two-stage certificate ([`super::dominance`]). `./masu` installs each from
//! crates.io into `.tools/` (no root) for any command given `--certify` and for the test
//! commands, unless one is on the `PATH`; a variable names another build.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use crate::{Clock, Proof};

/// How long a checker may take to say its version.
const VERSION_BOUND: Duration = Duration::from_secs(10);

/// One checker: where to find it, and the line it prints on acceptance.
#[derive(Debug)]
pub struct Checker {
    /// The variable naming its program.
    pub variable: &'static str,
    /// Its program's name on the `PATH`.
    program: &'static str,
    /// Where `./masu` installs it (in the source tree this was built from).
    provisioned: &'static str,
    /// The line of its output that says the proof holds.
    verified: &'static str,
    /// Its name and version, asked once.
    name: OnceLock<String>,
}

/// The DRAT checker.
pub static RATE: Checker =
    Checker::new("MASU_RATE", "rate", concat!(env!("CARGO_MANIFEST_DIR"), "/../../.tools/rate/bin/rate"), "s VERIFIED");

/// The pseudo-Boolean proof checker, for the dominance stage.
pub static VERIPB: Checker = Checker::new(
    "MASU_VERIPB",
    "veripb",
    concat!(env!("CARGO_MANIFEST_DIR"), "/../../.tools/veripb/bin/veripb"),
    "s VERIFIED OUTPUT EQUISATISFIABLE",
);

impl Checker {
    /// The checker `program`, named by `variable`, which `./masu` installs at `provisioned`
    /// (`cargo install program`) and which says `verified` on acceptance.
    const fn new(
        variable: &'static str,
        program: &'static str,
        provisioned: &'static str,
        verified: &'static str,
    ) -> Checker {
        Checker { variable, program, provisioned, verified, name: OnceLock::new() }
    }

    /// Its program: the one its variable names, else the one on the `PATH`, else the one
    /// `./masu` installed, else its bare name (which then does not start, saying how to
    /// install it).
    pub fn path(&self) -> PathBuf {
        if let Some(named) = std::env::var_os(self.variable) {
            return PathBuf::from(named);
        }
        let path = std::env::var_os("PATH").unwrap_or_default();
        let on_path = std::env::split_paths(&path).any(|dir| dir.join(self.program).is_file());
        if !on_path && Path::new(self.provisioned).is_file() {
            return PathBuf::from(self.provisioned);
        }
        PathBuf::from(self.program)
    }

    /// Its name with its version (`rate 0.3.0`, `veripb 3.0.2`), or its program's path when it
    /// does not run.
    pub fn name(&self) -> String {
        self.name
            .get_or_init(|| {
                self.version()
                    // VeriPB says "Running VeriPB version …" first: the name is the last line.
                    .and_then(|text| text.lines().rev().map(str::trim).find(|line| !line.is_empty()).map(String::from))
                    .unwrap_or_else(|| self.path().display().to_string())
            })
            .clone()
    }

    /// Whether it runs here.
    pub fn runs(&self) -> bool {
        self.version().is_some()
    }

    /// What it says to `--version`, within [`VERSION_BOUND`] (past it, it is killed): `None`
    /// where it does not start, or fails.
    fn version(&self) -> Option<String> {
        let mut child = Command::new(self.path())
            .arg("--version")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .ok()?;
        let started = Instant::now();
        loop {
            match child.try_wait() {
                Ok(Some(status)) if status.success() => {
                    let mut text = String::new();
                    child.stdout.take()?.read_to_string(&mut text).ok()?;
                    return Some(text);
                }
                Ok(None) if started.elapsed() < VERSION_BOUND => std::thread::sleep(Duration::from_millis(5)),
                Ok(Some(_)) => return None,
                _ => {
                    let _ = child.kill();
                    let _ = child.wait();
                    return None;
                }
            }
        }
    }

    /// Its word on the files `args`: accepted where it ends well and printed its line of
    /// acceptance, rejected on any other end of its run, unchecked where it did not start or
    /// ran out of time. Its output and its errors go to `output` (a file: no pipe to fill); it
    /// is killed at the clock's end.
    pub fn check(&self, args: &[&Path], output: &Path, clock: &Clock) -> Proof {
        let program = self.path();
        let file = match std::fs::File::create(output) {
            Ok(file) => file,
            Err(e) => return Proof::Unchecked(format!("{}: {e}", output.display())),
        };
        let errors = match file.try_clone() {
            Ok(errors) => errors,
            Err(e) => return Proof::Unchecked(format!("{}: {e}", output.display())),
        };
        let spawned = Command::new(&program).args(args).stdin(Stdio::null()).stdout(file).stderr(errors).spawn();
        let mut child = match spawned {
            Ok(child) => child,
            Err(e) => {
                return Proof::Unchecked(format!(
                    "the checker {} did not start ({e}): install it (cargo install {}) or set {}",
                    program.display(),
                    self.program,
                    self.variable
                ));
            }
        };
        let status = loop {
            match child.try_wait() {
                Ok(Some(status)) => break status,
                Ok(None) if clock.reached() => {
                    let _ = child.kill();
                    let _ = child.wait();
                    let why = if clock.interrupted() { "interrupted" } else { "out of time" };
                    return Proof::Unchecked(format!("{why} while {} ran", self.program));
                }
                Ok(None) => std::thread::sleep(Duration::from_millis(5)),
                Err(e) => {
                    let _ = child.kill();
                    return Proof::Unchecked(format!("waiting for {}: {e}", self.program));
                }
            }
        };
        let said = std::fs::read_to_string(output).unwrap_or_default();
        let verified = said.lines().any(|line| line.trim() == self.verified);
        if status.success() && verified {
            return Proof::Accepted;
        }
        let verdict = said.lines().find(|line| line.starts_with("s ")).unwrap_or("no verdict line").trim().to_string();
        // VeriPB says where and why on the lines after "Error:" (its backtrace after a blank line).
        let error: Vec<&str> = said
            .lines()
            .skip_while(|line| !line.contains("Error:"))
            .take_while(|line| !line.contains("Stack backtrace"))
            .map(str::trim)
            .filter(|line| !line.is_empty() && *line != "Caused by:")
            .collect();
        Proof::Rejected(match error.is_empty() {
            true => format!("{} rejected the proof: {verdict} ({status})", self.program),
            false => format!("{} rejected the proof: {} ({status})", self.program, error.join(" ")),
        })
    }
}
