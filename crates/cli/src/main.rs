//! The `masu` binary.

fn main() -> std::process::ExitCode {
    masu_cli::main()
}
