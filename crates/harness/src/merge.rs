//! Many files of records (shards, machines, backends run apart) merged into one
//! [`Comparison`]: every answer re-checked against the puzzle its record carries, all
//! runners cross-checked, and the records that are missing, duplicated or unreadable named.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::PathBuf;

use masu_core::{Backend, Invalid, Puzzle};

use crate::record::{Key, Record, parse};
use crate::row::{Row, Verdict};
use crate::run::Comparison;

/// Records read from files, not yet checked.
#[derive(Debug, Default)]
pub struct Gathered {
    /// Each record once (the first met), with `file:line`.
    pub records: Vec<(String, Record)>,
    /// What is wrong with the files: unreadable, lines that are not records, duplicates.
    pub problems: Vec<String>,
    /// Lines cut short by a killed run (skipped, not a problem).
    pub cut: Vec<String>,
}

impl Gathered {
    /// The kinds the records are of.
    pub fn kinds(&self) -> BTreeSet<&str> {
        self.records.iter().map(|(_, r)| r.kind.as_str()).collect()
    }
}

/// Reads every record of `files`, keeping the first of each instance and runner.
pub fn gather(files: &[PathBuf]) -> Gathered {
    let mut gathered = Gathered::default();
    let mut first: HashMap<Key, String> = HashMap::new();
    for file in files {
        let text = match std::fs::read_to_string(file) {
            Ok(text) => text,
            Err(e) => {
                gathered.problems.push(format!("{}: cannot read: {e}", file.display()));
                continue;
            }
        };
        let read = parse(&text);
        let place = |line: usize| format!("{}:{line}", file.display());
        gathered.cut.extend(read.cut.iter().map(|&l| place(l)));
        gathered.problems.extend(read.bad.iter().map(|(l, why)| format!("{}: not a record: {why}", place(*l))));
        for (line, record) in read.records {
            let here = place(line);
            match first.get(&record.key()) {
                Some(there) => gathered.problems.push(format!(
                    "duplicate: {} on {}/{} is in {there} and {here} (the first is kept)",
                    record.row.instance, record.row.formulation, record.row.backend
                )),
                None => {
                    first.insert(record.key(), here.clone());
                    gathered.records.push((here, record));
                }
            }
        }
    }
    gathered
}

/// Gathered records, merged.
#[derive(Debug)]
pub struct Merged<P> {
    /// Their rows, each answer re-checked, and the runners' disagreements.
    pub comparison: Comparison,
    /// What records say their source contradicts, `instance: message`.
    pub failures: Vec<String>,
    /// What is wrong with the files ([`Gathered::problems`]), then with the records: a puzzle
    /// or solution that cannot be read, an instance a runner has no record of.
    pub problems: Vec<String>,
    /// Lines cut short by a killed run ([`Gathered::cut`]).
    pub cut: Vec<String>,
    /// Each instance's puzzle, read from its first record.
    pub puzzles: BTreeMap<String, P>,
}

/// The comparison of gathered records of kind `P`: each record's answer re-checked by the
/// kind's checker against the record's own puzzle, rows in instance order (runners in the
/// order first met), the runners cross-checked.
pub fn merge<P: Puzzle>(gathered: Gathered) -> Merged<P> {
    let Gathered { records, mut problems, cut } = gathered;
    let mut runners: Vec<(String, Backend)> = Vec::new();
    let mut by_instance: BTreeMap<String, Vec<(usize, Row)>> = BTreeMap::new();
    let mut failures = Vec::new();
    let mut puzzles = BTreeMap::new();
    for (place, record) in records {
        let runner = (record.row.formulation.clone(), record.row.backend);
        let order = runners.iter().position(|r| *r == runner).unwrap_or_else(|| {
            runners.push(runner);
            runners.len() - 1
        });
        failures.extend(record.failures.iter().map(|f| format!("{}: {f}", record.row.instance)));
        match recheck::<P>(&record) {
            Ok((row, puzzle)) => {
                puzzles.entry(row.instance.clone()).or_insert(puzzle);
                by_instance.entry(row.instance.clone()).or_default().push((order, row));
            }
            Err(why) => problems.push(format!("{place}: {why}")),
        }
    }
    let mut rows = Vec::new();
    for (instance, mut have) in by_instance {
        have.sort_by_key(|(order, _)| *order);
        for (i, (formulation, backend)) in runners.iter().enumerate() {
            if !have.iter().any(|(order, _)| *order == i) {
                problems.push(format!("missing: {instance} has no record of {formulation}/{backend}"));
            }
        }
        rows.extend(have.into_iter().map(|(_, row)| row));
    }
    Merged { comparison: Comparison::of(rows), failures, problems, cut, puzzles }
}

/// The record's row with its answer checked again: a solution that does not solve the
/// record's puzzle makes the row a wrong answer, whatever the record says. An error when
/// the puzzle or the solution cannot be read back. The puzzle comes with it.
pub fn recheck<P: Puzzle>(record: &Record) -> Result<(Row, P), Invalid> {
    let mut row = record.row.clone();
    let puzzle =
        P::from_text(&record.puzzle).map_err(|e| Invalid(format!("the record's puzzle cannot be read: {e}")))?;
    row.first_solution = record.solution.clone();
    if let Some(value) = &record.solution {
        let solution = P::solution_from_json(value.clone())?;
        match puzzle.check(&solution) {
            Ok(()) => row.checked = row.checked.or(Some(true)),
            Err(why) => {
                row.verdict = Verdict::WrongAnswer;
                row.checked = Some(false);
                row.message = Some(format!("the recorded solution fails the checker: {why}"));
            }
        }
    } else if row.solutions > 0 {
        return Err(Invalid(format!("{} solutions but none recorded", row.solutions)));
    }
    Ok((row, puzzle))
}
