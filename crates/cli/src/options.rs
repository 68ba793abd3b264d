//! The options of a solve from the command line's limits.

use std::time::Duration;

use masu_core::{Interrupt, SolveOptions};

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
