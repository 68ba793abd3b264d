//! The `masu` command-line tool: solve, count, compare, corpus, report, bench and generate, for every
//! kind in the registry (`kinds.rs`). `src/main.rs` is the binary; `examples/masu.rs` of the
//! workspace calls the same [`main`].

mod args;
mod batch;
mod compare;
mod corpus;
mod generate;
mod kinds;
mod options;
mod out;
mod report;
mod runners;
mod show;
mod signals;
mod solve;

use std::process::ExitCode;

use clap::Parser;

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
        Command::Generate(kind) => kind.run(),
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
