//! `masu generate numberlink`: its flags, and each puzzle made as a JSON line (article 001's
//! enumeration, or random paths proven unique; both prove uniqueness with CP-SAT).

use masu_core::generate::{Failed, Made, NoUrl, Run};

use crate::generate::Method;
use crate::puzzle::{Numberlink, Rule};

/// The sides `--size` takes.
const SIZES: std::ops::RangeInclusive<u64> = 2..=100;
/// The largest side the fast method is the default for; grow makes larger boards faster
/// (`docs/generate.md`).
pub const FAST_UP_TO: u64 = 9;

/// Each puzzle's time limit where none is given: a large board that cannot be made says so.
pub const DEFAULT_TIME_LIMIT: std::time::Duration = std::time::Duration::from_secs(60);

/// The pairs `--pairs` takes (the board bounds them further).
const PAIRS: std::ops::RangeFrom<u64> = 1..;

/// The flags of `masu generate numberlink` (or Python's keywords of
/// `masu.generate("numberlink")`).
#[derive(Debug, clap::Args, serde::Deserialize)]
#[serde(default = "masu_core::generate::flag_defaults", deny_unknown_fields)]
pub struct Args {
    /// Board side.
    #[arg(long, default_value_t = 7, value_parser = clap::value_parser!(u64).range(SIZES))]
    pub size: u64,
    /// The most pairs a puzzle may have (at most size²/3, a path having 3 cells or more).
    ///
    /// fast and grow: paths are joined down toward this many, repairs add pairs, and a
    /// unique board with more is drawn again; a puzzle not made within it by its time limit
    /// is reported with the fewest pairs reached. Without it, boards are made toward the
    /// side (1 on 2×2) and keep what repairs add: each puzzle's JSON gives its own count.
    /// article: the numbers of its model.
    #[arg(long, value_parser = clap::value_parser!(u64).range(PAIRS))]
    pub pairs: Option<u64>,
    /// The rule uniqueness is proven under: fill (every cell on a path; article 001, Flow
    /// Free; the default) or blanks (cells may stay empty; Nikoli, puzz.link, Janko's
    /// Arukone). Each puzzle's JSON says which; a URL is given only to a puzzle unique under
    /// the blanks rule, which puzz.link plays by.
    #[arg(long, value_enum, default_value_t = Rule::Fill)]
    pub rule: Rule,
    /// Method (default: fast up to the side where grow is faster, grow above it).
    #[arg(long, value_enum)]
    pub method: Option<Method>,
    /// Candidate boards to enumerate (article method).
    #[arg(long, default_value = "1000")]
    pub candidates: u64,
}

impl Args {
    /// The ranges of typed values, which clap's parsers hold on the command line.
    fn check(&self) -> Result<(), Failed> {
        masu_core::generate::within("size", self.size, &SIZES)?;
        self.pairs.map_or(Ok(()), |pairs| masu_core::generate::within("pairs", pairs, &PAIRS))
    }
}

impl masu_core::Generate for Numberlink {
    type Args = Args;

    #[cfg(not(feature = "cp-sat"))]
    fn generate(args: &Args, _: &Run, _: &mut dyn FnMut(Made)) -> Result<Option<String>, Failed> {
        args.check()?;
        Err(Failed::Flags("numberlink generation proves uniqueness with CP-SAT: build with the cp-sat feature".into()))
    }

    #[cfg(feature = "cp-sat")]
    fn generate(args: &Args, run: &Run, made: &mut dyn FnMut(Made)) -> Result<Option<String>, Failed> {
        with_cp_sat::generate(args, run, made)
    }
}

#[cfg(feature = "cp-sat")]
mod with_cp_sat {
    use masu_core::generate::{Attempt, Failed, Made, NoUrl, Run, each};
    use masu_core::{Backend, SolveOptions, Status};

    /// A failure of the solves that make or check a puzzle.
    fn making(e: impl std::fmt::Display) -> Failed {
        Failed::Making(e.to_string())
    }

    use super::{Args, Printed};
    use crate::generate::{Generated, Method, Outcome, Pairs, Progress, article, fast, grow};
    use crate::{Formulation, Numberlink, Rule};

    pub(super) fn generate(args: &Args, run: &Run, made: &mut dyn FnMut(Made)) -> Result<Option<String>, Failed> {
        args.check()?;
        let n = args.size as usize;
        let asked = args.pairs.map(|k| k as usize);
        let pairs = asked.unwrap_or(n.min(n * n / 3));
        if pairs > n * n / 3 {
            return Err(Failed::Flags(format!(
                "--pairs {pairs}: a {n}×{n} board holds at most {} paths of 3 cells or more",
                n * n / 3
            )));
        }
        let rule = args.rule;
        let options = &run.options;
        // Each puzzle of fast and grow is bounded by default (the article's method is one
        // enumeration, bounded by its candidates).
        let per_puzzle = &options.within_or(super::DEFAULT_TIME_LIMIT);
        let method = args.method.unwrap_or(if args.size <= super::FAST_UP_TO { Method::Fast } else { Method::Grow });
        if method == Method::Grow && n < 3 {
            // A 2×2 board's one path of four cells runs beside itself.
            return Err(Failed::Flags(format!(
                "--method grow: a {n}×{n} board has no paths that keep apart; use fast"
            )));
        }
        // What fast and grow make toward, and the bound `--pairs` sets.
        let bound = Pairs { toward: pairs, most: asked };
        match method {
            Method::Article => {
                let run = article(n, pairs, rule, args.candidates as usize, options).map_err(making)?;
                for (i, g) in run.unique.iter().enumerate() {
                    let line = printed("article", n, pairs, i as u64, None, g, options)?;
                    made(Made::puzzle(i as u64, run.generate_seconds / run.unique.len() as f64, &line)?);
                }
                let rate = run.unique.len() as f64 / run.candidates.max(1) as f64;
                Ok(Some(format!(
                    "article: {} candidates in {:.2} s, {} unique ({:.1}%), checked in {:.2} s",
                    run.candidates,
                    run.generate_seconds,
                    run.unique.len(),
                    100.0 * rate,
                    run.check_seconds
                )))
            }
            Method::Fast => {
                each(run, "no unique board within the time limit", made, |index, _| {
                    let outcome = fast(n, bound, rule, run.seed, index, per_puzzle).map_err(making)?;
                    attempt("fast", n, bound, index, run.seed, outcome, options)
                })?;
                Ok(None)
            }
            Method::Grow => {
                each(run, "no unique board within the time limit", made, |index, made| {
                    let mut working = |p: Progress| {
                        made(Made::Working {
                            index,
                            what: format!("cover {} drawn, {} pairs after {} cuts", p.drawn, p.pairs, p.cuts),
                        })
                    };
                    let found = grow(n, bound, rule, run.seed, index, &per_puzzle.clock(), &mut working);
                    attempt("grow", n, bound, index, run.seed, found.map_err(making)?, options)
                })?;
                Ok(None)
            }
        }
    }

    /// What a draw of fast or grow came to, as `each` reports it: the puzzle made, or why
    /// none was (beyond the time limit: the fewest pairs a unique board reached, over the most
    /// asked).
    fn attempt(
        method: &'static str,
        n: usize,
        pairs: Pairs,
        index: u64,
        seed: u64,
        outcome: Outcome,
        options: &SolveOptions,
    ) -> Result<Attempt<Printed>, Failed> {
        Ok(match outcome {
            Outcome::Made(g) => Attempt::Made(g.seconds, printed(method, n, g.pairs, index, Some(seed), &g, options)?),
            Outcome::OutOfTime { fewest: Some(fewest) } => {
                Attempt::PastBound { unit: "pairs", most: pairs.most.unwrap_or(pairs.toward), fewest }
            }
            Outcome::OutOfTime { fewest: None } => Attempt::OutOfTime,
        })
    }

    /// A generated board as printed: how it was made, its `rule`, the share of cells its
    /// solution leaves empty (`blank_share`), and its puzz.link `url`, which puzz.link plays
    /// under the blanks rule: a puzzle unique under the fill rule gets one only when it is
    /// unique under the blanks rule too (proven by `auto` within the time limit, 10 s without
    /// one); else `url` is null and `no_url` says why.
    fn printed(
        method: &'static str,
        size: usize,
        pairs: usize,
        index: u64,
        seed: Option<u64>,
        g: &Generated,
        options: &SolveOptions,
    ) -> Result<Printed, Failed> {
        let cells = g.solution.iter().map(Vec::len).sum::<usize>().max(1);
        let blank = g.solution.iter().flatten().filter(|&&k| k == 0).count();
        let mut lengths = std::collections::HashMap::new();
        for &k in g.solution.iter().flatten().filter(|&&k| k > 0) {
            *lengths.entry(k).or_insert(0) += 1;
        }
        let blanks = Numberlink::new(g.puzzle.clone(), Rule::Blanks).map_err(making)?;
        let unique_blanks = g.blanks_unique || {
            let bounded = options.within_or(std::time::Duration::from_secs(10));
            let check = SolveOptions { solution_limit: 2, ..bounded };
            let report = masu_core::solve(&blanks, Formulation::Auto, Backend::CpSat, &check).map_err(making)?;
            report.status == Status::Unique
        };
        let fast = seed.is_some();
        Ok(Printed {
            method,
            size,
            pairs,
            index,
            seed,
            attempts: fast.then_some(g.attempts),
            seconds: fast.then_some(g.seconds),
            puzzle: g.puzzle.clone(),
            solution: g.solution.clone(),
            rule: g.rule,
            blank_share: blank as f64 / cells as f64,
            longest_path: lengths.values().copied().max().unwrap_or(0),
            url: unique_blanks.then(|| crate::puzzle::format::to_url(&blanks)),
            no_url: (!unique_blanks).then_some(NoUrl::OtherRule { ours: "fill", theirs: "blanks" }),
        })
    }
}

/// A generated board as `masu generate numberlink` prints it.
#[derive(Debug, serde::Serialize)]
pub struct Printed {
    /// `article`, `fast` or `grow`.
    pub method: &'static str,
    /// The side.
    pub size: usize,
    /// Its pairs.
    pub pairs: usize,
    /// Which puzzle of the run.
    pub index: u64,
    /// The run's seed (fast and grow).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    /// Boards drawn for this one (fast and grow).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub attempts: Option<usize>,
    /// Seconds to make it (fast and grow).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seconds: Option<f64>,
    /// The numbers (0 empty).
    pub puzzle: Vec<Vec<u32>>,
    /// Each cell's path number (0 empty).
    pub solution: Vec<Vec<u32>>,
    /// The rule uniqueness is proven under.
    pub rule: Rule,
    /// The share of cells the solution leaves empty.
    pub blank_share: f64,
    /// The cells of the solution's longest path.
    pub longest_path: usize,
    /// Its puzz.link URL, where it is unique under the blanks rule puzz.link plays by.
    pub url: Option<String>,
    /// Why it has no URL.
    #[serde(skip_serializing_if = "Option::is_none", serialize_with = "reason")]
    pub no_url: Option<NoUrl>,
}

/// A reason, as its sentence.
fn reason<S: serde::Serializer>(why: &Option<NoUrl>, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.collect_str(&why.map_or(String::new(), |w| w.to_string()))
}

impl masu_core::generate::Printed for Printed {
    fn url(&self) -> Result<String, NoUrl> {
        self.url.clone().ok_or(self.no_url.unwrap_or(NoUrl::OtherRule { ours: "fill", theirs: "blanks" }))
    }
}
