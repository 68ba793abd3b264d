//! The solvers run as programs (Gurobi's Python child, CP Optimizer's `cpoptimizer`,
//! Gecode's `fzn-gecode`): a run to its end, or to the stop flag, with its output read whole,
//! and the temporary file the program reads its model from.
#![allow(unsafe_code)]

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

use crate::Settings;

/// How a program is asked to stop once the stop flag is set (Gurobi's interrupted, CP
/// Optimizer's killed: a build with one of them uses one way).
#[derive(Clone, Copy, Debug)]
pub enum Stop {
    /// SIGINT (the program ends its search and says what it found), killed if it still runs
    /// after the grace.
    Interrupt(Duration),
    /// Killed at once.
    Kill,
}

/// How long past its time limit a program may run before it is killed (it should have
/// stopped itself: a program that does not is never waited for without bound).
const OVERRUN: Duration = Duration::from_secs(5);

/// The settings of a run that does no search (a version, a check of parameters): bounded by a
/// minute all the same.
pub fn quick() -> Settings<'static> {
    Settings { time_limit: Some(Duration::from_secs(60)), ..Settings::default() }
}

/// How a run ended: its output and exit status (Gurobi's error names it), and whether the
/// stop flag ended it.
#[derive(Debug)]
pub struct Ran {
    /// What it wrote on its standard output.
    pub stdout: String,
    /// What it wrote on its standard error (empty where the caller kept it).
    pub stderr: String,
    /// How it exited.
    pub status: ExitStatus,
    /// Whether the stop flag (or the overrun past its time limit) ended it.
    pub stopped: bool,
}

/// Runs `command` with standard input closed and its output piped (standard error too,
/// unless the caller set it), until it ends or, the stop flag set, until `stop` ends it (or it
/// is killed five seconds past the settings' time limit: then too `stopped`); with `echo`,
/// each line it writes is also written to standard error as it comes.
pub fn run(command: &mut Command, settings: &Settings, stop: Stop, echo: bool) -> std::io::Result<Ran> {
    let mut child = command.stdin(Stdio::null()).stdout(Stdio::piped()).spawn()?;
    let (stdout, stderr) = (child.stdout.take(), child.stderr.take());
    std::thread::scope(|scope| {
        let read = |stream: Option<Box<dyn Read + Send>>| {
            scope.spawn(move || {
                let mut text = String::new();
                for line in stream.into_iter().flat_map(|s| BufReader::new(s).lines().map_while(Result::ok)) {
                    if echo {
                        let _ = writeln!(std::io::stderr(), "{line}");
                    }
                    text.push_str(&line);
                    text.push('\n');
                }
                text
            })
        };
        let out = read(stdout.map(|s| Box::new(s) as Box<dyn Read + Send>));
        let err = read(stderr.map(|s| Box::new(s) as Box<dyn Read + Send>));
        let ended = wait(&mut child, settings, stop);
        let (stdout, stderr) = (out.join().unwrap_or_default(), err.join().unwrap_or_default());
        ended.map(|(status, stopped)| Ran { stdout, stderr, status, stopped })
    })
}

/// Waits for `child`, stopping it as `stop` says once the stop flag is set, and killing it
/// [`OVERRUN`] past the time limit: its status, and whether it was stopped.
fn wait(child: &mut Child, settings: &Settings, stop: Stop) -> std::io::Result<(ExitStatus, bool)> {
    let mut asked: Option<Instant> = None;
    let started = Instant::now();
    loop {
        if let Some(status) = child.try_wait()? {
            return Ok((status, asked.is_some()));
        }
        let overran = settings.time_limit.is_some_and(|limit| started.elapsed() > limit + OVERRUN);
        let kill = overran
            || match (stop, asked) {
                (Stop::Kill, _) => settings.stopped(),
                (Stop::Interrupt(_), None) => {
                    if settings.stopped() {
                        if let Ok(pid) = libc::pid_t::try_from(child.id()) {
                            // SAFETY: kill sends a signal to our own child, still unreaped (try_wait
                            // has not seen it end), so its pid is not reused.
                            unsafe { libc::kill(pid, libc::SIGINT) };
                        }
                        asked = Some(Instant::now());
                    }
                    false
                }
                (Stop::Interrupt(grace), Some(at)) => at.elapsed() > grace,
            };
        if kill {
            child.kill()?;
            return Ok((child.wait()?, true));
        }
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// `text` in a new temporary file for a program to read: an unpredictable name
/// (`masu-<random>.<extension>` in the temporary folder), created anew and readable by this
/// user only; removed when the path drops.
pub fn temporary(extension: &str, text: &[u8]) -> std::io::Result<tempfile::TempPath> {
    let mut file = tempfile::Builder::new().prefix("masu-").suffix(&format!(".{extension}")).tempfile()?;
    file.write_all(text)?;
    file.flush()?;
    Ok(file.into_temp_path())
}

/// One line of a solution as a program prints it, `vN` and `value`, written into
/// `values[N]`; a name or a value that does not read as one (another line) is passed over.
pub fn record(values: &mut [Option<i64>], name: &str, value: Option<&str>) {
    let index = name.strip_prefix('v').and_then(|i| i.parse::<usize>().ok());
    let value = value.and_then(|v| v.parse::<i64>().ok());
    if let (Some(slot), Some(value)) = (index.and_then(|i| values.get_mut(i)), value) {
        *slot = Some(value);
    }
}

/// The values [`record`] wrote, one for each variable, or an error naming the first variable
/// `solver` printed no value of.
pub fn complete(values: Vec<Option<i64>>, solver: &str) -> Result<Vec<i64>, crate::Error> {
    let missing = |i| crate::Error::Library(format!("{solver}: no value of v{i} in a solution"));
    values.into_iter().enumerate().map(|(i, v)| v.ok_or_else(|| missing(i))).collect()
}
