//! What the command-line tests share: the built binary, run from the workspace's root, with
//! every wait on it bounded; and temporary files removed when dropped.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::Duration;

use masu_core::Backend;
pub use masu_testkit::Started;

/// The `masu` binary, built by `cargo test` for this test.
pub const MASU: &str = env!("CARGO_BIN_EXE_masu");

/// The workspace's root.
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The longest a test waits for a process it started: past it the process is killed and the
/// test fails, in minutes rather than at CI's limit.
pub const BOUND: Duration = Duration::from_secs(300);

/// `masu ARGS` in the workspace's root, as the README runs it, within [`BOUND`].
pub fn masu(args: &[&str]) -> Output {
    let mut command = Command::new(MASU);
    command.args(args).current_dir(root());
    Started::new(&mut command).finish(BOUND)
}

/// `masu ARGS` with `input` on its standard input, within [`BOUND`].
pub fn masu_with_input(args: &[&str], input: &str) -> Output {
    let mut command = Command::new(MASU);
    command.args(args).current_dir(root());
    let mut started = Started::with_input(&mut command, input);
    started.close_stdin();
    started.finish(BOUND)
}

/// Sends a signal to a process a test started.
pub trait Signal {
    /// Sends `signal`.
    fn signal(&self, signal: nix::sys::signal::Signal);
}

impl Signal for Started {
    fn signal(&self, signal: nix::sys::signal::Signal) {
        let pid = nix::unistd::Pid::from_raw(self.id() as i32);
        nix::sys::signal::kill(pid, signal).unwrap();
    }
}

/// `masu corpus ARGS`.
pub fn run_corpus(args: &[&str]) -> Output {
    masu(&[&["corpus"], args].concat())
}

pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A fresh temporary folder, removed with everything in it when dropped.
pub struct TempDir(pub PathBuf);

impl std::ops::Deref for TempDir {
    type Target = Path;
    fn deref(&self) -> &Path {
        &self.0
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

pub fn temp_dir(name: &str) -> TempDir {
    let dir = std::env::temp_dir().join(format!("masu-cli-{}-{}", std::process::id(), name.replace('/', "-")));
    std::fs::create_dir_all(&dir).unwrap();
    TempDir(dir)
}

/// A file in a fresh temporary folder, removed with the folder when dropped.
pub struct TempFile {
    _dir: TempDir,
    pub path: PathBuf,
}

impl std::ops::Deref for TempFile {
    type Target = Path;
    fn deref(&self) -> &Path {
        &self.path
    }
}

pub fn temp_file(name: &str, contents: &str) -> TempFile {
    let dir = temp_dir(name);
    let path = dir.join(name);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(&path, contents).unwrap();
    TempFile { _dir: dir, path }
}

pub const ARTICLE: &str = "008009200000010000100003904002007040047000000030140006000090100005000483020300570";

/// The backends of sudoku's formulations compiled in, but microlp: it takes minutes on some
/// of tdoku's hard puzzles (its own bounds are tested in tests/conformance.rs). Empty in a
/// build of microlp alone, where the tests that need one return.
pub fn backends() -> Vec<&'static str> {
    let all = [Backend::CpSat, Backend::Highs, Backend::Cbc, Backend::Scip];
    all.into_iter().filter(|b| b.is_compiled()).map(Backend::name).collect()
}
