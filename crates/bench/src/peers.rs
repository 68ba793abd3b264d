//! Peer numberlink solvers, each through a driver of masu's, one process per board bounded
//! by `timeout`:
//!
//! - semiexp/numlin (`MASU_NUMLIN`, built by `just peer-numlin` with
//!   `scripts/peers/numlin_count.rs`): uniqueness under the blanks rule, its count 0, 1 or 2;
//! - semiexp's clause-learning reference model (`MASU_REFERENCE`, built by `just
//!   peer-reference` with `scripts/peers/reference_count.rs` on semiexp/cspuz_core): the
//!   same question, formats and output as numlin's driver;
//! - semiexp's canonical clause-learning model (`MASU_CANONICAL`, a build of
//!   `../shared/peers/canonical-numberlink`, its README says how): the reference model with
//!   numlin_v2's canonization on (at most two line edges around a unit square, L-shaped
//!   corners nested) and the check for a second route; the board as JSON, its verdict in JSON;
//! - thomasahle/numberlink (`MASU_AHLE`, the Go solver built by `just peer-ahle`): one answer
//!   under the fill rule, its `W H` text on standard input.

use std::fs::File;
use std::path::Path;
use std::process::Command;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use anyhow::{Context, Result};
use masu_core::Instance;
use masu_kinds::numberlink::Numberlink;

/// What a peer said of one board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Said {
    /// numlin: 0 (no answer), 1 (unique) or 2 (several); the Go solver: 1 (an answer) or 0
    /// (impossible).
    Count(u8),
    /// Past the time limit (or it failed).
    Open,
}

/// A peer: its driver, how a board is written for it and whether it reads standard input,
/// and how its output reads.
pub(crate) struct Peer<'a> {
    /// The built driver.
    pub driver: &'a Path,
    /// Its arguments before the board's file.
    pub args: &'static [&'static str],
    /// The board as the driver reads it.
    pub write: fn(&Numberlink) -> String,
    /// The board on standard input (else its file as the argument).
    pub stdin: bool,
    /// What its standard output says.
    pub read: fn(&str) -> Option<u8>,
}

/// `header`, then each row of `board` as `row` writes it, a line each.
fn lines(header: String, board: &Numberlink, row: impl Fn(&[u32]) -> String) -> String {
    board.rows().iter().fold(header + "\n", |text, cells| text + &row(cells) + "\n")
}

/// semiexp/numlin's driver (and the reference model's): input `HEIGHT WIDTH`, then the rows
/// of numbers; output, the count first.
pub(crate) fn numlin(driver: &Path) -> Peer<'_> {
    Peer {
        driver,
        args: &[],
        write: |board| {
            let header = format!("{} {}", board.height(), board.width());
            lines(header, board, |row| row.iter().map(u32::to_string).collect::<Vec<_>>().join(" "))
        },
        stdin: false,
        read: |out| out.split_whitespace().next().and_then(|c| c.parse().ok()),
    }
}

/// thomasahle's Go solver: `W H`, rows of symbols (`.` blank), `0 0`; it prints the solved
/// grid, or `IMPOSSIBLE`.
pub(crate) fn ahle(driver: &Path) -> Peer<'_> {
    const SYMBOLS: &[u8] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
    Peer {
        driver,
        args: &[],
        write: |board| {
            let header = format!("{} {}", board.width(), board.height());
            let symbol = |k: u32| if k == 0 { '.' } else { SYMBOLS[(k as usize - 1) % 62] as char };
            lines(header, board, |row| row.iter().map(|&k| symbol(k)).collect()) + "0 0\n"
        },
        stdin: true,
        read: |out| match out.trim() {
            "" => None,
            text if text.contains("IMPOSSIBLE") => Some(0),
            _ => Some(1),
        },
    }
}

/// semiexp's canonical model (`cspuz_numlin --engine cspuz-canon`): the board as
/// `{"grid": rows}`; its line `{"status": "unique" | "multiple" | "infeasible", ...}`.
pub(crate) fn canonical(driver: &Path) -> Peer<'_> {
    Peer {
        driver,
        args: &["--engine", "cspuz-canon"],
        write: |board| serde_json::json!({ "grid": board.rows() }).to_string(),
        stdin: false,
        read: |out| {
            let said: serde_json::Value = serde_json::from_str(out.trim()).ok()?;
            match said["status"].as_str()? {
                "infeasible" => Some(0),
                "unique" => Some(1),
                "multiple" => Some(2),
                _ => None,
            }
        },
    }
}

/// `peer` on each board (in order), `jobs` at once: what it said, and the process's seconds.
pub(crate) fn run(
    peer: &Peer,
    boards: &[Instance<Numberlink>],
    limit: Duration,
    jobs: usize,
) -> Result<Vec<(Said, f64)>> {
    let dir = std::env::temp_dir().join(format!("masu-peer-{}", std::process::id()));
    std::fs::create_dir_all(&dir)?;
    let next = AtomicUsize::new(0);
    let said = Mutex::new(vec![(Said::Open, 0.0); boards.len()]);
    let one = |i: usize| -> Result<(Said, f64)> {
        let file = dir.join(format!("{i}.txt"));
        std::fs::write(&file, (peer.write)(&boards[i].puzzle))?;
        let mut command = Command::new("timeout");
        command.arg(limit.as_secs().to_string()).arg(peer.driver).args(peer.args);
        if peer.stdin {
            command.stdin(File::open(&file)?);
        } else {
            command.arg(&file);
        }
        let started = Instant::now();
        let out = command.output().with_context(|| format!("cannot run {}", peer.driver.display()))?;
        let seconds = started.elapsed().as_secs_f64();
        let count = (peer.read)(&String::from_utf8_lossy(&out.stdout));
        Ok((count.filter(|_| out.status.success()).map_or(Said::Open, Said::Count), seconds))
    };
    std::thread::scope(|scope| -> Result<()> {
        let workers: Vec<_> = (0..jobs.max(1))
            .map(|_| {
                scope.spawn(|| -> Result<()> {
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        if i >= boards.len() {
                            return Ok(());
                        }
                        let answer = one(i)?;
                        said.lock().unwrap_or_else(std::sync::PoisonError::into_inner)[i] = answer;
                    }
                })
            })
            .collect();
        for worker in workers {
            worker.join().map_err(|_| anyhow::anyhow!("a peer's worker panicked"))??;
        }
        Ok(())
    })?;
    let _ = std::fs::remove_dir_all(&dir);
    Ok(said.into_inner().unwrap_or_else(std::sync::PoisonError::into_inner))
}
