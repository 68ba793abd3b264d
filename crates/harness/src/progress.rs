//! Progress on stderr: a bar on a terminal; piped (CI logs), optionally a line per 5%.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// A progress report over `len` steps.
#[derive(Debug)]
pub struct Progress {
    bar: ProgressBar,
    unit: String,
    lines_when_piped: bool,
}

impl Progress {
    /// A bar over `len` steps named `unit` (`puzzles`, `solves`, ...); with
    /// `lines_when_piped`, a line every 5% where stderr is not a terminal.
    pub fn new(len: u64, unit: &str, lines_when_piped: bool) -> Progress {
        let bar = ProgressBar::with_draw_target(Some(len), ProgressDrawTarget::stderr());
        let template = format!("{{bar:40}} {{pos}}/{{len}} {unit}, {{elapsed}} elapsed, ETA {{eta}} {{msg}}");
        bar.set_style(ProgressStyle::with_template(&template).unwrap_or_else(|_| ProgressStyle::default_bar()));
        Progress { bar, unit: unit.into(), lines_when_piped }
    }
    /// No output at all.
    pub fn hidden() -> Progress {
        Progress { bar: ProgressBar::hidden(), unit: String::new(), lines_when_piped: false }
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
