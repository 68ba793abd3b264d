//! What `compare` and `corpus` share to run past one machine: a shard of the instances, and
//! records of each instance and runner, appended to a file (`--resume`) or streamed to
//! stdout (`--format jsonl`), for `masu report` to merge.

use anyhow::{Context, Result};
use masu_core::Instance;
use masu_core::{Puzzle, Status};
use masu_harness::record::{Log, Record, Setting};
use masu_harness::{Row, Runner, Verdict};

use crate::args::BatchArgs;
use crate::out::outln;

/// Where a batch's records go, and which instances it runs.
pub(crate) struct Batch<'a> {
    args: &'a BatchArgs,
    log: Option<Log>,
    stream: bool,
    setting: Setting,
    failed: Option<std::io::Error>,
}

impl<'a> Batch<'a> {
    /// The batch `args` ask for, its records stamped with `setting` (which names the shard);
    /// `stream` writes every record to stdout as well.
    pub(crate) fn open(args: &'a BatchArgs, stream: bool, setting: Setting) -> Result<Batch<'a>> {
        let log = match &args.resume {
            Some(path) => Some(Log::resume(path).with_context(|| format!("cannot resume {}", path.display()))?),
            None => None,
        };
        Ok(Batch { args, log, stream, setting, failed: None })
    }

    /// The instances of this shard that the records do not hold yet (for every runner); says
    /// on stderr how many the shard and the records left out.
    pub(crate) fn select<P: Puzzle>(&self, instances: Vec<Instance<P>>, runners: &[Runner<P>]) -> Vec<Instance<P>> {
        let all = instances.len();
        let in_shard: Vec<Instance<P>> =
            instances.into_iter().filter(|i| self.args.shard.shard.is_none_or(|s| s.contains(&i.name))).collect();
        let shard = in_shard.len();
        let recorded = |i: &Instance<P>| {
            self.log
                .as_ref()
                .is_some_and(|log| runners.iter().all(|r| log.has(&(i.name.clone(), r.formulation.clone(), r.backend))))
        };
        let left: Vec<Instance<P>> = in_shard.into_iter().filter(|i| !recorded(i)).collect();
        if let Some(s) = self.args.shard.shard {
            eprintln!("shard {s}: {shard} of {all} instances");
        }
        if let Some(log) = &self.log {
            eprintln!("{}: {} records; {} instances left to run", log.path().display(), log.len(), left.len());
        }
        left
    }

    /// Records `rows`, the runs of `instance`, with what each contradicts of its source. A
    /// run stopped by Ctrl-C or SIGTERM (Slurm's `scancel`) is not recorded: resuming runs
    /// it again.
    pub(crate) fn record<P: Puzzle>(
        &mut self,
        instance: &Instance<P>,
        rows: &[Row],
        failures: impl Fn(&Row) -> Vec<String>,
    ) {
        if self.log.is_none() && !self.stream {
            return;
        }
        let records: Vec<Record> = rows
            .iter()
            .filter(|r| r.verdict != Verdict::Status(Status::Interrupted))
            .map(|r| Record::new(instance, r.clone(), failures(r), &self.setting))
            .collect();
        if self.stream {
            for record in &records {
                outln!("{}", serde_json::to_string(record).unwrap_or_default());
            }
        }
        if let (Some(log), None) = (&mut self.log, &self.failed)
            && let Err(e) = log.append(&records)
        {
            self.failed = Some(e);
        }
    }

    /// An error if writing a record failed.
    pub(crate) fn finish(self) -> Result<()> {
        match (self.failed, &self.log) {
            (Some(e), Some(log)) => Err(e).with_context(|| format!("cannot append to {}", log.path().display())),
            _ => Ok(()),
        }
    }
}
