//! The options of a solve from the command line: its limits, and the rule `--rule` names.

use std::time::Duration;

use masu_core::{Interrupt, Puzzle, SolveOptions};

/// The options of a solve from the command line's limits.
pub(crate) fn solve_options(
    time_limit: Option<Duration>,
    threads: Option<u32>,
    count: u64,
    size_limit: Option<u64>,
    interrupt: &Interrupt,
) -> SolveOptions {
    SolveOptions {
        time_limit,
        threads,
        solution_limit: usize::try_from(count).unwrap_or(usize::MAX),
        interrupt: interrupt.clone(),
        size_limit: size_limit.unwrap_or(SolveOptions::default().size_limit),
        ..SolveOptions::default()
    }
}

/// The rule `--rule` names, read once by kind `P` (`None` without `--rule`).
pub(crate) fn rule<P: Puzzle>(text: Option<&str>) -> anyhow::Result<Option<P::Rule>> {
    text.map(str::parse::<P::Rule>).transpose().map_err(anyhow::Error::msg)
}
