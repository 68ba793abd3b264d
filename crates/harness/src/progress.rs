//! Progress on stderr: a bar on a terminal; piped (CI logs), optionally a line per 5%.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// A progress report over `len` steps.
#[derive(Debug)]
pub struct Progress {
    bar: ProgressBar,
    unit: String,
    lines_when_piped: bool,
    /// Where stderr is not a terminal, notes are written as lines this often at most (none:
    /// not at all), and when the last one was.
    notes: Option<(std::time::Duration, std::sync::Mutex<std::time::Instant>)>,
}

impl Progress {
    /// A bar over `len` steps named `unit` (`puzzles`, `solves`, ...); with
    /// `lines_when_piped`, a line every 5% where stderr is not a terminal.
    pub fn new(len: u64, unit: &str, lines_when_piped: bool) -> Progress {
        let bar = ProgressBar::with_draw_target(Some(len), ProgressDrawTarget::stderr());
        let template = format!("{{bar:40}} {{pos}}/{{len}} {unit}, {{elapsed}} elapsed, ETA {{eta}} {{msg}}");
        bar.set_style(ProgressStyle::with_template(&template).unwrap_or_else(|_| ProgressStyle::default_bar()));
        Progress { bar, unit: unit.into(), lines_when_piped, notes: None }
    }
    /// The same, writing a [`note`](Progress::note) as a line at most `every` where stderr
    /// is not a terminal (the first after `every`: a short run says nothing).
    pub fn noting_when_piped(self, every: std::time::Duration) -> Progress {
        Progress { notes: Some((every, std::sync::Mutex::new(std::time::Instant::now()))), ..self }
    }
    /// What is being done now: the bar's message, or a line now and then when piped.
    pub fn note(&self, what: &str) {
        if !self.bar.is_hidden() {
            return self.bar.set_message(what.to_string());
        }
        let Some((every, last)) = &self.notes else { return };
        let Ok(mut last) = last.lock() else { return };
        if last.elapsed() >= *every {
            *last = std::time::Instant::now();
            eprintln!("{what}, {:.0} s elapsed", self.bar.elapsed().as_secs_f64());
        }
    }
    /// No output at all.
    pub fn hidden() -> Progress {
        Progress { bar: ProgressBar::hidden(), unit: String::new(), lines_when_piped: false, notes: None }
    }
    /// One step done.
    pub fn advance(&self) {
        self.bar.inc(1);
        let (pos, len) = (self.bar.position(), self.bar.length().unwrap_or(0).max(1));
        let crossed = pos * 20 / len != (pos - 1) * 20 / len || pos == len;
        if self.lines_when_piped && self.bar.is_hidden() && crossed {
            eprintln!("{pos}/{len} {}, {:.0} s elapsed", self.unit, self.bar.elapsed().as_secs_f64());
        }
    }
    /// Runs `f` with the bar out of the way, for a line of output.
    pub fn suspend<R>(&self, f: impl FnOnce() -> R) -> R {
        self.bar.suspend(f)
    }
    /// Removes the bar.
    pub fn finish(&self) {
        self.bar.finish_and_clear();
    }
}
