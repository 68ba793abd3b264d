//! A process a test starts, every wait on it bounded, killed when the test is done with it.

use std::io::Read;
use std::process::{Child, Command, Output, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// A process a test started, with its output piped: killed and reaped when dropped, so a test
/// that fails leaves nothing running.
#[derive(Debug)]
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

    /// Closes the process's standard input (it reads to its end).
    pub fn close_stdin(&mut self) {
        drop(self.child.stdin.take());
    }

    /// The process's id.
    pub fn id(&self) -> u32 {
        self.child.id()
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
        let started = Instant::now();
        let status = loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                break status;
            }
            if started.elapsed() >= bound {
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
