//! The link-by-link search: the board as the links between neighbouring cells, each
//! undecided, line or blank; a decision fixes one link, and propagation pushes it to its
//! consequences before the next (the shape of semiexp/numlin's solver, written anew).
//!
//! Propagation, to a fixpoint after every decision (`state.rs`):
//!
//! ```text
//! degrees    an endpoint has one line link, any other cell none or two: a cell at its
//!            degree blanks the rest; one that needs a link and has one undecided takes it;
//!            a plain cell with one undecided link left and none set blanks it (fill: two
//!            undecided and none set are both lines, fewer fail)
//! chains     each partial path's two ends know each other (mate) and the number either
//!            end carries: a line that joins two numbers or closes a loop fails; two ends
//!            side by side that may not join are blank across
//! induced    two line links in a 2×2 block blank its other two (a third would run the path
//!            beside itself); two ends carrying one number side by side are linked
//! canonical  a ┌ or ┐ puts an endpoint or the same corner across its 2×2 block (the cell
//!            there cannot be blank, or the corner would move down into it), so a corner
//!            whose diagonal meets the edge before an endpoint never stands
//! cups       no straight run of two links or more whose ends turn the same way around
//!            clue-free cells that are all blank (canonical: it would straighten through
//!            them, `docs/counting.md`)
//! ```
//!
//! Before each decision a cut: between two neighbouring columns, the undecided links must
//! carry every open number whose ends lie on either side, less the chains without a number
//! that already cross there.
//!
//! The decision (`search.rs`): the first link, row by row, east then south of each cell,
//! line first, then blank; a board wider than high is searched transposed, so that the rows
//! are the shorter side. Every solution fixes each decision one way, so the branches
//! partition the solutions and an exhausted search has counted each once.
//!
//! What it admits ([`Admit`]): under the blanks rule, deciding none, one or several, only
//! *canonical* solutions (`docs/counting.md`: induced, corners nested, no cup, no shortcut
//! through a blank cell; each solution found is checked for all four, since propagation
//! sees some only once the cells around them are settled), settled as every canonical stage
//! is by [`crate::theory::uniqueness::induced_first`] (none: no solution; one: unique unless
//! [`crate::theory::uniqueness::reroute`] finds a second; two: several). Counts above two, and
//! counts under the fill rule, keep every solution; one answer under the fill rule is
//! searched among induced solutions first; with `--param touch=false` only induced ones.

mod search;
mod state;
#[cfg(test)]
mod tests;

use masu_core::{Backend, Ended, Error, Kept, SolveOptions, Stats};

use crate::puzzle::{Found, Numberlink, Paths, Rule};
pub(crate) use crate::theory::uniqueness::Admit;
pub(crate) use search::Search;

/// Which link of a cell `links` decides first (`--param south-first=true`: the south one, as
/// semiexp/numlin's search tries a cell's links). The branches partition the solutions either
/// way; the order changes which are met first, so a board with several solutions may be
/// settled at once in one order and not in the other (`docs/hard-instances.md`).
pub const SOUTH_FIRST: masu_core::Parameter<bool> = masu_core::Parameter::switch(
    "south-first",
    false,
    "true: links decides a cell's south link before its east one (the board as searched)",
);

/// Solves, counts up to `options.solution_limit`, or decides uniqueness (the module doc).
/// A board wider than high is searched transposed, so that the rows swept are the shorter
/// side.
pub(crate) fn solve(puzzle: &Numberlink, options: &SolveOptions) -> Result<Found, Error> {
    within(puzzle, options, None)
}

/// A budget of nodes for each search stage, and where the search was when it ran out.
pub(crate) struct Budget {
    /// Nodes each stage may visit.
    pub nodes: u64,
    /// The cell (of the board as given) the search was deciding from when it ran out;
    /// `usize::MAX` while it has not.
    pub stopped_at: std::sync::atomic::AtomicUsize,
}

impl Budget {
    pub fn new(nodes: u64) -> Budget {
        Budget { nodes, stopped_at: usize::MAX.into() }
    }
    /// Where the search was when the budget ran out.
    #[cfg(feature = "cp-sat")]
    pub fn stopped_at(&self) -> Option<usize> {
        Some(self.stopped_at.load(std::sync::atomic::Ordering::Relaxed)).filter(|&i| i != usize::MAX)
    }
}

/// [`solve`], each search stage ending incomplete past `budget`'s nodes: deterministic, where
/// a time limit is not (the generator decides with it).
pub(crate) fn within(puzzle: &Numberlink, options: &SolveOptions, budget: Option<&Budget>) -> Result<Found, Error> {
    // The search recurses once per decision, at most once per link: on a thread of its own
    // whose stack is sized for the board, so that a large board cannot overflow it.
    let depth = 2 * puzzle.width * puzzle.height + 1;
    masu_core::on_sized_stack("the link-by-link search", depth, FRAME_BYTES, || oriented(puzzle, options, budget))
}

/// Stack bytes per level of the search's recursion, with room to spare.
const FRAME_BYTES: usize = 512;

fn oriented(puzzle: &Numberlink, options: &SolveOptions, budget: Option<&Budget>) -> Result<Found, Error> {
    if puzzle.width <= puzzle.height {
        return searched(puzzle, options, budget, false);
    }
    let mut found = searched(&transposed(puzzle), options, budget, true)?;
    for paths in &mut found.solutions {
        let links: Vec<_> =
            paths.paths.iter().flat_map(|p| p.windows(2).map(|s| ((s[0].1, s[0].0), (s[1].1, s[1].0)))).collect();
        *paths = Paths::from_links(puzzle, &links);
    }
    Ok(found)
}

/// The board with rows and columns exchanged.
fn transposed(puzzle: &Numberlink) -> Numberlink {
    let rows = (0..puzzle.width).map(|c| (0..puzzle.height).map(|r| puzzle.at((r, c))).collect()).collect();
    Numberlink::new(rows, puzzle.rule).expect("a board transposed is a board")
}

fn searched(
    puzzle: &Numberlink,
    options: &SolveOptions,
    budget: Option<&Budget>,
    transposed: bool,
) -> Result<Found, Error> {
    let clock = options.clock();
    let touch = options.get(&crate::theory::TOUCH);
    let south_first = options.get(&SOUTH_FIRST);
    let mut nodes = 0;
    let mut run = |admit: Admit, limit: usize| {
        let mut search = Search::new(puzzle, admit);
        search.budget = budget.map(|b| b.nodes);
        search.south_first = south_first;
        let (kept, ended) = search.run(Kept::of(options).up_to(limit), &clock);
        if let (Some(budget), Some(at)) = (budget, search.stopped_at) {
            // Searched transposed, the cell is the transposed board's.
            let (w, h) = (puzzle.width, puzzle.height);
            let at = if transposed { (at % w) * h + at / w } else { at };
            budget.stopped_at.store(at, std::sync::atomic::Ordering::Relaxed);
        }
        nodes += search.nodes;
        Ok::<_, std::convert::Infallible>(kept.found(ended == Ended::Exhausted, Stats::default()))
    };
    let limit = options.solution_limit;
    let Ok(found) = if !touch {
        run(Admit::Induced, limit)
    } else if puzzle.rule == Rule::Blanks {
        crate::theory::uniqueness::induced_first(puzzle, limit, |induced, limit| {
            run(if induced { Admit::Canonical } else { Admit::All }, limit)
        })
    } else if limit == 1 {
        // One answer: those whose paths never run beside themselves are searched far
        // faster, and any of them will do; only where there is none, every answer.
        match run(Admit::Induced, 1) {
            Ok(found) if found.complete && found.count == 0 => run(Admit::All, 1),
            induced => induced.map(|found| Found { complete: false, ..found }),
        }
    } else {
        run(Admit::All, limit)
    };
    let mut stats =
        Stats { variables: 2 * puzzle.width * puzzle.height, threads: Some(1), solves: 1, ..Stats::default() };
    stats.engine.figures.set(crate::figures::LINK_DECISIONS, nodes);
    Ok(Found { stats, ..found }.finish(&clock).by(Backend::Native))
}
