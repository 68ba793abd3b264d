//! The decisions: row by row, the first link east or south still undecided (south first with
//! `south_first`), line first, then blank, each propagated; a node is cut where the links
//! left between two columns cannot carry the paths that must cross there.

use masu_core::{Clock, Ended, Kept};

use super::state::{BLANK, LINE, State};
use crate::puzzle::{Numberlink, Paths, Rule, Shortcut};
use crate::theory::uniqueness::Admit;

pub(crate) struct Search<'a> {
    puzzle: &'a Numberlink,
    state: State,
    admit: Admit,
    shortcuts: Vec<Shortcut>,
    /// Each number's two endpoints.
    pairs: Vec<(usize, usize)>,
    /// Scratch for the cut test: paths that must cross, per column.
    need: Vec<i32>,
    pub nodes: u64,
    /// Nodes the search may visit before it ends with [`Ended::Budget`] (none: no bound).
    pub budget: Option<u64>,
    /// The cell the search was deciding from when its budget ran out.
    pub stopped_at: Option<usize>,
    /// A cell's south link is decided before its east one.
    pub south_first: bool,
}

impl<'a> Search<'a> {
    pub fn new(puzzle: &'a Numberlink, admit: Admit) -> Search<'a> {
        let nest = admit == Admit::Canonical || admit == Admit::Induced && puzzle.rule == Rule::Fill;
        let state = State::new(puzzle, admit != Admit::All, nest);
        let shortcuts =
            if admit == Admit::Canonical && puzzle.rule == Rule::Blanks { puzzle.shortcuts() } else { vec![] };
        let pairs = (1..=puzzle.pairs)
            .map(|k| {
                let (a, b) = puzzle.endpoints(k);
                (puzzle.index(a), puzzle.index(b))
            })
            .collect();
        Search {
            puzzle,
            state,
            admit,
            shortcuts,
            pairs,
            need: Vec::new(),
            nodes: 0,
            budget: None,
            stopped_at: None,
            south_first: false,
        }
    }

    /// Searches for solutions into `kept`, up to its limit, asking `clock` now and then (it
    /// never ends on a budget). A search may run again: it starts over.
    pub fn run(&mut self, mut kept: Kept<Paths>, clock: &Clock) -> (Kept<Paths>, Ended) {
        if kept.full() {
            return (kept, Ended::Limit);
        }
        let mark = self.state.mark();
        self.state.inspect_all();
        let ended = if self.state.propagate() { self.descend(&mut kept, clock, 0) } else { None };
        self.state.undo(mark);
        (kept, ended.unwrap_or(Ended::Exhausted))
    }

    /// One node: `Some` when the search must end.
    fn descend(&mut self, kept: &mut Kept<Paths>, clock: &Clock, mut from: usize) -> Option<Ended> {
        self.nodes += 1;
        if self.budget.is_some_and(|b| self.nodes > b) {
            self.stopped_at = Some(from);
            return Some(Ended::Budget);
        }
        if self.nodes.is_multiple_of(1024) && clock.reached() {
            return Some(Ended::Stopped);
        }
        if self.state.open == 0 {
            return self.finish(kept);
        }
        if !self.cuts() {
            return None;
        }
        // The first cell, row by row, with a link east or south undecided: that link (east
        // first, unless south first).
        let cells = self.state.deg.len();
        let link = loop {
            if from == cells {
                return self.finish(kept);
            }
            let mut open = self.state.open_links(from).filter(|&(l, _)| self.state.ends(l).0 == from);
            let first = open.next();
            let pick = if self.south_first { open.next().or(first) } else { first };
            if let Some((l, _)) = pick {
                break l;
            }
            from += 1;
        };
        let mark = self.state.mark();
        if self.state.set(link, LINE)
            && self.state.propagate()
            && let Some(ended) = self.descend(kept, clock, from)
        {
            return Some(ended);
        }
        self.state.undo(mark);
        let ended =
            if self.state.set(link, BLANK) && self.state.propagate() { self.descend(kept, clock, from) } else { None };
        self.state.undo(mark);
        ended
    }

    /// Every number joined: a solution when no chain is left dangling (and, under the fill
    /// rule, no cell empty) and it is of the kind kept.
    fn finish(&mut self, kept: &mut Kept<Paths>) -> Option<Ended> {
        let s = &self.state;
        let fill = self.puzzle.rule == Rule::Fill;
        let dangling =
            s.open > 0 || (0..s.deg.len()).any(|i| s.clue[i] == 0 && (s.deg[i] == 1 || fill && s.deg[i] == 0));
        if dangling {
            return None;
        }
        if self.admit == Admit::Canonical && s.has_cup() {
            return None;
        }
        let paths = Paths::from_links(self.puzzle, &s.lines());
        if self.admit != Admit::All && paths.touches_itself() {
            return None;
        }
        if !crate::theory::uniqueness::shortcut_free(&self.shortcuts, &paths) {
            return None;
        }
        kept.record(|| paths).then_some(Ended::Limit)
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
            let (ca, cb) = (s.col[ea] as usize, s.col[eb] as usize);
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
