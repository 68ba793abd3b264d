//! What the command-line tests share: the built binary, run from the workspace's root, with
//! every wait on it bounded; and temporary files removed when dropped.

#![allow(dead_code)]

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use masu_core::Backend;

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
    drop(started.child.stdin.take());
    started.finish(BOUND)
}

/// A process a test started, with its output piped: killed and reaped when dropped, so a test
/// that fails leaves nothing running.
pub struct Started {
    child: Child,
    command: String,
}

impl Started {
    /// Starts `command` with standard input empty and its output piped.
    pub fn new(command: &mut Command) -> Started {
        let described = format!("{command:?}");
        let child = command
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start {described}: {e}"));
        Started { child, command: described }
    }

    /// Starts `command` with `input` written to its standard input (small enough for the
    /// pipe's buffer, so the write cannot wait on the process) and its output piped.
    pub fn with_input(command: &mut Command, input: &str) -> Started {
        let described = format!("{command:?}");
        let mut child = command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start {described}: {e}"));
        assert!(input.len() < 16_384, "input larger than a pipe's buffer");
        std::io::Write::write_all(child.stdin.as_mut().unwrap(), input.as_bytes()).unwrap();
        Started { child, command: described }
    }

    /// Sends `signal` to the process.
    pub fn signal(&self, signal: nix::sys::signal::Signal) {
        let pid = nix::unistd::Pid::from_raw(self.child.id() as i32);
        nix::sys::signal::kill(pid, signal).unwrap();
    }

    /// The first `bytes` bytes the process prints, read within `bound`; its standard output
    /// is closed after (the reader goes away).
    pub fn read_stdout(&mut self, bytes: usize, bound: Duration) -> Vec<u8> {
        let mut stdout = self.child.stdout.take().expect("stdout is piped");
        let (send, receive) = mpsc::channel();
        std::thread::spawn(move || {
            let mut head = vec![0; bytes];
            let _ = send.send(stdout.read_exact(&mut head).map(|()| head));
        });
        match receive.recv_timeout(bound) {
            Ok(Ok(head)) => head,
            Ok(Err(e)) => panic!("{}: cannot read {bytes} bytes: {e}", self.command),
            Err(_) => panic!("{}: printed fewer than {bytes} bytes in {bound:?}", self.command),
        }
    }

    /// Waits for the process to end, within `bound` (else kills it and fails), and returns
    /// its status and what it printed.
    pub fn finish(mut self, bound: Duration) -> Output {
        let pipe = |reader: Option<Box<dyn Read + Send>>| {
            let (send, receive) = mpsc::channel();
            std::thread::spawn(move || {
                let mut bytes = Vec::new();
                if let Some(mut reader) = reader {
                    let _ = reader.read_to_end(&mut bytes);
                }
                let _ = send.send(bytes);
            });
            receive
        };
        let stdout = pipe(self.child.stdout.take().map(|r| Box::new(r) as Box<dyn Read + Send>));
        let stderr = pipe(self.child.stderr.take().map(|r| Box::new(r) as Box<dyn Read + Send>));
        let deadline = Instant::now() + bound;
        let status = loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                break status;
            }
            if Instant::now() >= deadline {
                let _ = self.child.kill();
                let _ = self.child.wait();
                let printed = String::from_utf8_lossy(&stderr.recv_timeout(Duration::from_secs(5)).unwrap_or_default())
                    .into_owned();
                panic!("{} still running after {bound:?}: killed. Its stderr:\n{printed}", self.command);
            }
            std::thread::sleep(Duration::from_millis(10));
        };
        // The pipes close when the process ends (masu starts no process that outlives it).
        let read = |pipe: mpsc::Receiver<Vec<u8>>| pipe.recv_timeout(Duration::from_secs(10)).unwrap_or_default();
        Output { status, stdout: read(stdout), stderr: read(stderr) }
    }
}

impl Drop for Started {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
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
