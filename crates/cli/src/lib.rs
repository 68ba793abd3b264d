//! The `masu` command-line tool: solve, count, compare, corpus, report, bench and generate, for every
//! kind in the registry (`kinds.rs`). `src/main.rs` is the binary; `examples/masu.rs` of the
//! workspace calls the same [`main`].

mod args;
mod batch;
mod bench;
mod compare;
mod corpus;
mod generate;
mod kinds;
mod out;
mod report;
mod signals;
mod solve;

use std::process::ExitCode;
use std::time::Duration;

use clap::Parser;
use masu_core::{Interrupt, SolveOptions};

use args::{Cli, Command};

/// Parses the command line, runs the command, and returns its exit status: 0 when
/// everything ran, 1 on any error (named on stderr), 130 after Ctrl-C.
pub fn main() -> ExitCode {
    if let Err(e) = signals::install() {
        eprintln!("error: {e:#}");
        return ExitCode::from(1);
    }
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Solve(args) => args.kind.visit(solve::Solve { args: &args, default_count: 2 }),
        Command::Count(args) => args.kind.visit(solve::Solve { args: &args, default_count: 1000 }),
        Command::Compare(args) => args.kind.visit(compare::Compare(&args)),
        Command::Corpus(args) => args.kind.visit(corpus::Corpus(&args)),
        Command::Bench(args) => bench::run(&args),
        Command::Generate(args) => generate::run(&args),
        Command::Report(args) => report::run(&args),
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::from(1)
        }
    }
}

/// The options of a solve from the command line's limits.
fn solve_options(
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

/// The exit status of a batch: 130 when interrupted, 1 when anything failed, else 0.
fn exit_status(interrupt: &Interrupt, failed: bool) -> ExitCode {
    if interrupt.is_interrupted() {
        ExitCode::from(130)
    } else if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}
