//! The `masu` command-line tool as an example of this workspace, so that
//! `cargo run --release --example masu -- ARGS` runs it as the installed `masu` does.

fn main() -> std::process::ExitCode {
    masu_cli::main()
}
