//! Records of a batch: one JSON line per instance and runner, carrying everything needed to
//! merge shards and machines into one comparison ([`crate::merge`]) and to resume a stopped
//! run ([`Log`]): the row, the first solution, the puzzle itself (so that the answer is
//! re-checked on merging, without the input files), what the source contradicted, the
//! limits, and the versions and host that produced it.
//!
//! A record is one `write` of one whole line; a run killed mid-write leaves at most a last
//! line cut short, which readers skip and [`Log::resume`] closes before appending.

use std::collections::HashSet;
use std::fs::{File, OpenOptions};
use std::io::{self, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

use masu_core::{Backend, Puzzle, SolveOptions};
use serde::{Deserialize, Serialize};

use crate::row::Row;
use masu_core::Instance;

/// How the rows of a batch were made: the same for every record of one run.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Setting {
    /// masu's version.
    pub masu: String,
    /// The host that ran it.
    pub host: String,
    /// Solutions each solve looked for (2 decides uniqueness).
    pub solution_limit: u64,
    /// Wall-clock limit per solve, seconds.
    pub time_limit_s: Option<f64>,
    /// Largest model a formulation could build.
    pub size_limit: Option<u64>,
    /// The shard, `K/N`, when the batch was split.
    pub shard: Option<String>,
    /// The raw parameters given (`--param`), each `[BACKEND:]KEY=VALUE`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub parameters: Vec<String>,
}

impl Setting {
    /// The setting of a batch of solves with `options`, its runners given the raw `params`
    /// (each on its backend, or on all), on `shard`: what `compare`, `corpus` and Python's
    /// `compare` record.
    pub fn of_batch(options: &SolveOptions, params: &[crate::params::ScopedParam], shard: Option<String>) -> Setting {
        let parameters = params.iter().map(ToString::to_string).collect();
        Setting { parameters, ..Setting::of(options, shard) }
    }

    /// This process's setting for solves with `options`: masu's version and this host, the
    /// solution and time limits, the size limit where one was given, the shard, and the raw
    /// parameters of `options` (a batch whose runners take different ones sets its own).
    pub fn of(options: &SolveOptions, shard: Option<String>) -> Setting {
        let solution_limit = u64::try_from(options.solution_limit).unwrap_or(u64::MAX);
        let time_limit_s = options.time_limit().map(|t| t.as_secs_f64());
        let given = options.size_limit != SolveOptions::default().size_limit;
        let size_limit = given.then_some(options.size_limit);
        // Read once per process: Python prepares a request, and so a setting, per solve.
        static HOST: std::sync::OnceLock<String> = std::sync::OnceLock::new();
        let host = HOST
            .get_or_init(|| {
                std::fs::read_to_string("/proc/sys/kernel/hostname")
                    .map(|h| h.trim().to_string())
                    .or_else(|_| std::env::var("HOSTNAME"))
                    .unwrap_or_else(|_| "unknown".into())
            })
            .clone();
        let parameters = options.parameters.iter().map(|(k, v)| format!("{k}={v}")).collect();
        Setting {
            masu: env!("CARGO_PKG_VERSION").into(),
            host,
            solution_limit,
            time_limit_s,
            size_limit,
            shard,
            parameters,
        }
    }
}

/// One instance on one runner, as a JSON line.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Record {
    /// The kind of puzzle.
    pub kind: String,
    /// The row; its `instance` is the instance's stable id.
    #[serde(flatten)]
    pub row: Row,
    /// The backend's name and version.
    pub backend_version: String,
    /// The first solution, in the kind's JSON form.
    pub solution: Option<serde_json::Value>,
    /// The puzzle, as a text its kind reads back ([`Puzzle::to_text`]).
    pub puzzle: String,
    /// What the row contradicts of the instance's source (a corpus's known answers).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub failures: Vec<String>,
    /// How the run was made.
    pub setting: Setting,
}

/// What identifies a record: the instance's id and the runner.
pub type Key = (String, String, Backend);

impl Record {
    /// The record of `row`, a run of `instance` (its first solution moves to the record's
    /// `solution`, where a record read back has it).
    pub fn new<P: Puzzle>(instance: &Instance<P>, mut row: Row, failures: Vec<String>, setting: &Setting) -> Record {
        Record {
            kind: P::KIND.into(),
            backend_version: row.answered_by.unwrap_or(row.backend).version(),
            solution: row.first_solution.take(),
            row,
            puzzle: instance.puzzle.to_text(),
            failures,
            setting: setting.clone(),
        }
    }
    /// The instance and runner it records.
    pub fn key(&self) -> Key {
        (self.row.instance.clone(), self.row.formulation.clone(), self.row.backend)
    }
}

/// The records of a file, with the lines that are not records.
#[derive(Debug, Default)]
pub struct Records {
    /// Each record with its 1-based line.
    pub records: Vec<(usize, Record)>,
    /// Lines cut short (a run killed while writing), skipped.
    pub cut: Vec<usize>,
    /// Lines that are not records, with why.
    pub bad: Vec<(usize, String)>,
}

/// Reads the records of `text`: a line that ends before its JSON does is counted as cut, any
/// other line that is not a record as bad; blank lines are skipped.
pub fn parse(text: &str) -> Records {
    let mut read = Records::default();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        match serde_json::from_str::<Record>(line) {
            Ok(record) => read.records.push((i + 1, record)),
            Err(e) if e.is_eof() => read.cut.push(i + 1),
            Err(e) => read.bad.push((i + 1, e.to_string())),
        }
    }
    read
}

/// A file of records that a run appends to, one whole line per record.
#[derive(Debug)]
pub struct Log {
    file: File,
    path: PathBuf,
    done: HashSet<Key>,
}

impl Log {
    /// Opens `path` for appending (creating it), reading the records already there, so that
    /// a stopped run goes on where it stopped. A last line cut short by a kill is closed with
    /// a newline and left for readers to skip; a line that is not a record is an error.
    pub fn resume(path: &Path) -> io::Result<Log> {
        let mut file = OpenOptions::new().read(true).append(true).create(true).open(path)?;
        let mut text = String::new();
        file.read_to_string(&mut text)?;
        let read = parse(&text);
        if let Some((line, why)) = read.bad.first() {
            return Err(io::Error::new(
                io::ErrorKind::InvalidData,
                format!("{}:{line}: not a record: {why}", path.display()),
            ));
        }
        if !text.is_empty() && !text.ends_with('\n') {
            file.seek(SeekFrom::End(0))?;
            file.write_all(b"\n")?;
        }
        let done = read.records.iter().map(|(_, r)| r.key()).collect();
        Ok(Log { file, path: path.to_path_buf(), done })
    }
    /// Whether `key` is recorded already.
    pub fn has(&self, key: &Key) -> bool {
        self.done.contains(key)
    }
    /// How many records the file holds.
    pub fn len(&self) -> usize {
        self.done.len()
    }
    /// Whether the file holds no record.
    pub fn is_empty(&self) -> bool {
        self.done.is_empty()
    }
    /// Appends the records not recorded yet, each as one line written at once.
    pub fn append(&mut self, records: &[Record]) -> io::Result<()> {
        for record in records {
            if !self.done.insert(record.key()) {
                continue;
            }
            let mut line = serde_json::to_string(record).map_err(io::Error::other)?;
            line.push('\n');
            self.file.write_all(line.as_bytes())?;
        }
        self.file.flush()
    }
    /// The file.
    pub fn path(&self) -> &Path {
        &self.path
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::row::Verdict;
    use masu_core::Status;

    fn record(instance: &str) -> Record {
        let mut row = Row::new(instance, "", "all-different", Backend::CpSat);
        row.verdict = Verdict::Status(Status::Unique);
        row.solutions = 1;
        row.complete = true;
        Record {
            kind: "toy".into(),
            row,
            backend_version: Backend::CpSat.version(),
            solution: Some(serde_json::json!([[1]])),
            puzzle: ".".into(),
            failures: Vec::new(),
            setting: Setting::of(
                &SolveOptions {
                    clock: masu_core::Clock::within(Some(std::time::Duration::from_secs(10))),
                    ..SolveOptions::default()
                },
                Some("1/3".into()),
            ),
        }
    }

    #[test]
    fn a_record_reads_back_as_written() {
        let line = serde_json::to_string(&record("a.txt:1")).unwrap();
        let read = parse(&line);
        let (_, back) = &read.records[0];
        assert_eq!(back.key(), ("a.txt:1".into(), "all-different".into(), Backend::CpSat));
        assert_eq!(back.row.verdict, Verdict::Status(Status::Unique));
        assert_eq!(back.setting, record("a.txt:1").setting);
        assert_eq!(back.solution, Some(serde_json::json!([[1]])));
    }

    #[test]
    fn a_cut_line_is_skipped_and_closed_before_appending() {
        let dir = std::env::temp_dir().join(format!("masu-record-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("run.jsonl");
        let whole = serde_json::to_string(&record("a.txt:1")).unwrap();
        let cut = &serde_json::to_string(&record("a.txt:2")).unwrap()[..40];
        std::fs::write(&path, format!("{whole}\n{cut}")).unwrap();

        let mut log = Log::resume(&path).unwrap();
        assert!(log.has(&record("a.txt:1").key()));
        assert!(!log.has(&record("a.txt:2").key()));
        log.append(&[record("a.txt:1"), record("a.txt:2")]).unwrap();

        let read = parse(&std::fs::read_to_string(&path).unwrap());
        let ids: Vec<&str> = read.records.iter().map(|(_, r)| r.row.instance.as_str()).collect();
        assert_eq!(ids, ["a.txt:1", "a.txt:2"], "the recorded one is not written twice");
        assert_eq!(read.cut, [2]);
        assert!(read.bad.is_empty());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_line_that_is_no_record_stops_a_resume() {
        let dir = std::env::temp_dir().join(format!("masu-record-bad-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("run.jsonl");
        std::fs::write(&path, "{\"kind\": 3}\n").unwrap();
        let err = Log::resume(&path).unwrap_err().to_string();
        assert!(err.contains("run.jsonl:1: not a record"), "{err}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
