//! Making puzzles with a proven-unique solution (`masu generate KIND`): a kind that can
//! implements [`Generate`], with its own flags ([`Generate::Args`], so that the command line
//! refuses another kind's) and a generator that hands each puzzle over as it is made. The
//! flags are one typed struct: clap reads it from the command line, serde from a typed front
//! end (Python's keywords); both start from the same defaults ([`flag_defaults`]) and the
//! generator checks what neither parser holds ([`within`], flags that exclude each other).

use crate::{Clock, Puzzle, Random, SolveOptions};

/// The attempts of one draw (`seed`, `index`) of a generator that draws until a puzzle is
/// proven unique: the draw's own random generator, the attempts so far, and the clock that
/// ends them.
#[derive(Debug)]
pub struct Draws {
    /// The draw's generator ([`Random::of_draw`]): each index an independent draw.
    pub random: Random,
    /// The attempts started.
    pub attempts: usize,
    /// The puzzle's clock.
    pub clock: Clock,
}

impl Draws {
    /// The attempts of draw `index` of `seed`, within `options`' time.
    pub fn new(seed: u64, index: u64, options: &SolveOptions) -> Draws {
        Draws { random: Random::of_draw(seed, index), attempts: 0, clock: options.clock() }
    }
    /// Starts the next attempt: `false` once the clock says stop.
    pub fn next_attempt(&mut self) -> bool {
        if self.clock.reached() {
            return false;
        }
        self.attempts += 1;
        true
    }
    /// The seconds since the draw started.
    pub fn seconds(&self) -> f64 {
        self.clock.elapsed().as_secs_f64()
    }
}

/// What every generator is asked besides its kind's own flags.
#[derive(Clone, Debug)]
pub struct Run {
    /// Puzzles to make, each drawn independently.
    pub count: u64,
    /// The seed: the same seed gives the same puzzles.
    pub seed: u64,
    /// The time limit (per puzzle, unless the kind says otherwise), threads and the interrupt.
    pub options: SolveOptions,
}

impl Run {
    /// Whether the run was interrupted.
    pub fn interrupted(&self) -> bool {
        self.options.interrupted()
    }
    /// The clock of one puzzle, starting now: the time limit is per puzzle.
    pub fn clock(&self) -> Clock {
        self.options.clock()
    }
}

/// Why a generated puzzle has no puzz.link URL.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NoUrl {
    /// Its kind has no puzz.link form.
    #[error("its kind has no puzz.link form")]
    NoForm,
    /// puzz.link cannot hold it (a nonogram clue over 255).
    #[error("puzz.link cannot hold it: {0}")]
    TooLarge(&'static str),
    /// puzz.link plays it under another rule, under which it is not unique.
    #[error("unique under the {ours} rule only; puzz.link plays it under the {theirs} rule")]
    OtherRule {
        /// The rule it is unique under.
        ours: &'static str,
        /// The rule puzz.link plays.
        theirs: &'static str,
    },
}

/// A generated puzzle as its kind prints it: a JSON line (serialized), and its puzz.link URL
/// or why it has none.
pub trait Printed: serde::Serialize {
    /// Its puzz.link URL.
    fn url(&self) -> Result<String, NoUrl>;
}

/// Why a generator made nothing more (besides a puzzle its time limit stopped).
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum Failed {
    /// Its flags do not go together (said before anything is made).
    #[error("{0}")]
    Flags(String),
    /// A solve or a file it needed failed.
    #[error("{0}")]
    Making(String),
}

/// One puzzle asked of a generator.
#[derive(Clone, Debug)]
pub enum Made {
    /// Made in `seconds`: its JSON line and its URL.
    Puzzle {
        /// Which puzzle of the run.
        index: u64,
        /// Its seconds.
        seconds: f64,
        /// Its puzz.link URL, or why it has none.
        url: Result<String, NoUrl>,
        /// What `masu generate` prints of it.
        json: serde_json::Value,
    },
    /// Puzzle `index` was not made: why (its time limit came first).
    Missed {
        /// Which puzzle of the run.
        index: u64,
        /// Why.
        why: String,
    },
    /// Puzzle `index` is being made: what the generator is doing (a front end shows the
    /// latest as progress; a puzzle follows as [`Made::Puzzle`] or [`Made::Missed`]).
    Working {
        /// Which puzzle of the run.
        index: u64,
        /// What it is doing, a short phrase.
        what: String,
    },
}

impl Made {
    /// Puzzle `made` in `seconds`: the kind's type of a generated puzzle, which serializes
    /// itself into the line `masu generate` prints.
    pub fn puzzle(index: u64, seconds: f64, made: &impl Printed) -> Result<Made, Failed> {
        let json =
            serde_json::to_value(made).map_err(|e| Failed::Making(format!("a generated puzzle as JSON: {e}")))?;
        Ok(Made::Puzzle { index, seconds, url: made.url(), json })
    }
}

/// A kind that makes puzzles.
pub trait Generate: Puzzle {
    /// The kind's own flags of `masu generate KIND`.
    type Args: clap::Args + clap::FromArgMatches + serde::de::DeserializeOwned + std::fmt::Debug + Send + Sync;

    /// Makes the puzzles `args` and `run` ask for, handing each to `made` as it comes, until
    /// `run.count` are asked or the run is interrupted; returns a summary line for stderr
    /// (`None`: the command's own, made of the puzzles' times). `Err` when the flags are
    /// wrong together or a puzzle could not be made for another reason than its time.
    fn generate(args: &Self::Args, run: &Run, made: &mut dyn FnMut(Made)) -> Result<Option<String>, Failed>;
}

/// The flags `A` as the command line reads them when none is given: the defaults a typed
/// front end starts from (each kind's `Args` names it as serde's container default, which
/// fills the fields it is not given), so a default is stated once, in its clap attribute.
///
/// # Panics
///
/// When `A` has a required flag: no generator's has (the conformance suite reads each
/// kind's defaults).
pub fn flag_defaults<A: clap::Args + clap::FromArgMatches>() -> A {
    let command = A::augment_args(clap::Command::new("defaults").no_binary_name(true));
    let defaults = command.try_get_matches_from(std::iter::empty::<String>()).and_then(|m| A::from_arg_matches(&m));
    defaults.unwrap_or_else(|e| panic!("a generator's flags with none given: {e}"))
}

/// `value` of flag `name` within `range`, the range its clap parser takes: the check of a
/// value that came typed, not through clap (one range constant serves both).
pub fn within<T, R>(name: &str, value: T, range: &R) -> Result<(), Failed>
where
    T: PartialOrd + std::fmt::Display,
    R: std::ops::RangeBounds<T> + std::fmt::Debug,
{
    if range.contains(&value) { Ok(()) } else { Err(Failed::Flags(format!("{name} {value} is not in {range:?}"))) }
}

/// Refuses flags that do not go together: `why` when `apart` (checked by the generator, so
/// that the command line and a typed front end say the same).
pub fn apart(apart: bool, why: &str) -> Result<(), Failed> {
    if apart { Err(Failed::Flags(why.into())) } else { Ok(()) }
}

/// What making one puzzle came to, for [`each`]: an `Option<(seconds, puzzle)>` is one too
/// (`None`: the time limit came first).
#[derive(Debug)]
pub enum Attempt<T> {
    /// Made in these seconds.
    Made(f64, T),
    /// Not made before the time limit: the run's sentence says why.
    OutOfTime,
    /// Not made within the time limit, though puzzles past the bound asked for were: the
    /// bound's unit (numberlink's `pairs`), the most asked for, and the fewest one reached.
    PastBound {
        /// What the bound counts.
        unit: &'static str,
        /// The most asked for.
        most: usize,
        /// The fewest a puzzle reached.
        fewest: usize,
    },
}

impl<T> From<Option<(f64, T)>> for Attempt<T> {
    fn from(made: Option<(f64, T)>) -> Attempt<T> {
        made.map_or(Attempt::OutOfTime, |(seconds, puzzle)| Attempt::Made(seconds, puzzle))
    }
}

/// The loop most generators are: `make(index, made)` for each index of the run, until it is
/// interrupted (`made` hears its [`Made::Working`] notes); a puzzle not made is
/// [`Made::Missed`], saying `missed` when its time limit stopped it, and what it reached
/// where it went past its bound (one the interrupt stopped is not reported).
pub fn each<T: Printed, A: Into<Attempt<T>>>(
    run: &Run,
    missed: &str,
    made: &mut dyn FnMut(Made),
    mut make: impl FnMut(u64, &mut dyn FnMut(Made)) -> Result<A, Failed>,
) -> Result<(), Failed> {
    for index in 0..run.count {
        if run.interrupted() {
            break;
        }
        match make(index, made)?.into() {
            Attempt::Made(seconds, puzzle) => made(Made::puzzle(index, seconds, &puzzle)?),
            // Stopped, not missed: the puzzle in hand is not reported.
            _ if run.interrupted() => break,
            Attempt::OutOfTime => made(Made::Missed { index, why: missed.to_string() }),
            Attempt::PastBound { unit, most, fewest } => made(Made::Missed {
                index,
                why: format!("{missed}: none with at most {most} {unit} (the fewest one reached: {fewest})"),
            }),
        }
    }
    Ok(())
}
