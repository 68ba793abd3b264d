//! The `masu` command-line tool: solve, count, compare, corpus, report and generate, for every
//! kind of a registry ([`masu_kinds`]). `src/main.rs` is the binary over masu's kinds;
//! `examples/masu.rs` of the workspace calls the same [`main`]; a program with kinds of its
//! own calls [`run`] with its registry.

mod args;
mod batch;
mod compare;
mod corpus;
mod generate;
mod help;
mod out;
mod report;
mod show;
mod signals;
mod solve;

use std::process::ExitCode;

use std::ffi::OsString;

use clap::FromArgMatches;
use masu_kinds::Registry;

use args::{Cli, Command};

/// The `masu` binary: [`run`] over masu's kinds and the process's arguments.
pub fn main() -> ExitCode {
    run::<masu_kinds::Kinds>(std::env::args_os())
}

/// Parses the command line `args` (the program's name first) over the kinds of `R`, runs the
/// command, and returns its exit status: 0 when everything ran, 1 on any error (named on
/// stderr), 2 for a command line clap refuses, 130 after Ctrl-C.
pub fn run<R: Registry>(args: impl IntoIterator<Item = impl Into<OsString> + Clone>) -> ExitCode {
    if let Err(e) = signals::install() {
        eprintln!("error: {e:#}");
        return ExitCode::from(1);
    }
    let cli = match help::command::<R>().try_get_matches_from(args).and_then(|m| Cli::<R>::from_arg_matches(&m)) {
        Ok(cli) => cli,
        Err(e) => e.exit(),
    };
    let result = match cli.command {
        Command::Solve(c) => R::visit(c.kind, solve::Solve { args: &c.args, default_count: 2 }),
        Command::Count(c) => R::visit(c.kind, solve::Solve { args: &c.args, default_count: 1000 }),
        Command::Compare(c) => R::visit(c.kind, compare::Compare(&c.args)),
        Command::Corpus(c) => R::visit(c.kind, corpus::Corpus(&c.args)),
        Command::Generate(args) => generate::run::<R>(&args),
        Command::Report(args) => report::run::<R>(&args),
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::from(1)
        }
    }
}
