//! The decisions: row by row, the first link east or south still undecided, line first, then
//! blank, each propagated; a node is cut where the links left between two columns cannot
//! carry the paths that must cross there.

use super::state::{BLANK, LINE, State};
pub(crate) use crate::frontier::Ended;
use crate::{Numberlink, Paths, Rule, Shortcut};

/// Which solutions a search keeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kept {
    /// Every solution (paths may touch themselves).
    All,
    /// Paths never run beside themselves.
    Induced,
    /// Canonical solutions (`docs/counting.md`): induced, corners nested, and under the
    /// blanks rule no blank cell joining two cells of one path in two steps.
    Canonical,
}

pub(crate) struct Search<'a> {
    puzzle: &'a Numberlink,
    state: State,
    kept: Kept,
    shortcuts: Vec<Shortcut>,
    /// Each number's two endpoints.
    pairs: Vec<(usize, usize)>,
    /// Scratch for the cut test: paths that must cross, per column.
    need: Vec<i32>,
    limit: usize,
    /// The solutions kept to list (at most `keep`), and how many were found.
    pub solutions: Vec<Paths>,
    pub keep: usize,
    pub found: u128,
    pub nodes: u64,
}

impl<'a> Search<'a> {
    pub fn new(puzzle: &'a Numberlink, kept: Kept) -> Search<'a> {
        let nest = kept == Kept::Canonical || kept == Kept::Induced && puzzle.rule == Rule::Fill;
        let state = State::new(puzzle, kept != Kept::All, nest);
        let shortcuts =
            if kept == Kept::Canonical && puzzle.rule == Rule::Blanks { puzzle.shortcuts() } else { vec![] };
        let pairs = (1..=puzzle.pairs)
            .map(|k| {
                let (a, b) = puzzle.endpoints(k);
                (puzzle.index(a), puzzle.index(b))
            })
            .collect();
        Search {
            puzzle,
            state,
            kept,
            shortcuts,
            pairs,
            need: Vec::new(),
            limit: 0,
            solutions: Vec::new(),
            keep: usize::MAX,
            found: 0,
            nodes: 0,
        }
    }

    /// Searches for up to `limit` solutions, asking `stop` now and then (it never ends on a
    /// budget). A search may run again (with a higher limit): it starts over.
    pub fn run(&mut self, limit: usize, stop: &dyn Fn() -> bool) -> Ended {
        self.limit = limit;
        if limit == 0 {
            return Ended::Limit;
        }
        let mark = self.state.mark();
        self.state.inspect_all();
        let ended = if self.state.propagate() { self.descend(stop, 0) } else { None };
        self.state.undo(mark);
        ended.unwrap_or(Ended::Exhausted)
    }

    /// One node: `Some` when the search must end.
    fn descend(&mut self, stop: &dyn Fn() -> bool, mut from: usize) -> Option<Ended> {
        self.nodes += 1;
        if self.nodes % 1024 == 0 && stop() {
            return Some(Ended::Stopped);
        }
        if self.state.open == 0 {
            return self.finish();
        }
        if !self.cuts() {
            return None;
        }
        // The first cell, row by row, with a link east or south undecided: that link.
        let cells = self.state.deg.len();
        let link = loop {
            if from == cells {
                return self.finish();
            }
            if let Some((l, _)) = self.state.open_links(from).find(|&(l, _)| self.state.ends(l).0 == from) {
                break l;
            }
            from += 1;
        };
        let mark = self.state.mark();
        if self.state.set(link, LINE) && self.state.propagate() {
            if let Some(ended) = self.descend(stop, from) {
                return Some(ended);
            }
        }
        self.state.undo(mark);
        let ended = if self.state.set(link, BLANK) && self.state.propagate() { self.descend(stop, from) } else { None };
        self.state.undo(mark);
        ended
    }

    /// Every number joined: a solution when no chain is left dangling (and, under the fill
    /// rule, no cell empty) and it is of the kind kept.
    fn finish(&mut self) -> Option<Ended> {
        let s = &self.state;
        let fill = self.puzzle.rule == Rule::Fill;
        let dangling =
            s.open > 0 || (0..s.deg.len()).any(|i| s.clue[i] == 0 && (s.deg[i] == 1 || fill && s.deg[i] == 0));
        if dangling {
            return None;
        }
        if self.kept == Kept::Canonical && s.has_cup() {
            return None;
        }
        let paths = Paths::from_links(self.puzzle, &s.lines());
        if self.kept != Kept::All && paths.touches_itself() {
            return None;
        }
        if !crate::uniqueness::shortcut_free(&self.shortcuts, &paths) {
            return None;
        }
        self.found += 1;
        if self.solutions.len() < self.keep {
            self.solutions.push(paths);
        }
        (self.found >= self.limit as u128).then_some(Ended::Limit)
    }

    /// Whether, between every two neighbouring columns, the links still undecided can carry
    /// the paths that must cross there: each open number whose two ends lie on either side
    /// needs one of them, or a chain without a number that already crosses (and that it
    /// may take in).
    fn cuts(&mut self) -> bool {
        let s = &self.state;
        let w = s.w;
        if w < 2 {
            return true;
        }
        let need = &mut self.need;
        need.clear();
        need.resize(w, 0);
        for &(a, b) in &self.pairs {
            let (ea, eb) = (s.mate[a], s.mate[b]);
            let (ca, cb) = (ea % w, eb % w);
            if ea != b && ca != cb {
                need[ca.min(cb)] += 1;
                need[ca.max(cb)] -= 1;
            }
        }
        let mut crossing = 0;
        need.iter().zip(&s.spans).zip(&s.across).all(|((need, span), &across)| {
            crossing += need + span;
            crossing <= across as i32
        })
    }
}
