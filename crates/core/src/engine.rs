//! What masu's own engines did (`stats.engine` in the JSON). Core holds the figures every
//! engine may have (search nodes, SAT solves, lazy rows); a kind declares its own as
//! [`Figure`] constants in its crate and sets them in [`Engine::figures`]. Every figure is
//! serialized under its own name and left out when no engine set it.
//!
//! Invariant: one merge rule ([`Engine::and`]) for the stages of one solve: work adds up,
//! what a count found is the later stage's, a flag set by either stays set.

use serde::ser::{Serialize, SerializeMap, Serializer};

/// A figure of a kind's engine, declared where the engine is: its name in the JSON and how
/// two stages' values merge.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Figure {
    /// Its name under `stats.engine`.
    pub name: &'static str,
    merge: Merge,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Merge {
    /// Counts of work: added up over the stages.
    Work,
    /// What a count found: the later stage's, where it has one.
    Found,
    /// Set by either stage: serialized as `true`.
    Flag,
}

impl Figure {
    /// A count of work, added up over a solve's stages.
    pub const fn work(name: &'static str) -> Figure {
        Figure { name, merge: Merge::Work }
    }
    /// What a count found: a later stage's value replaces an earlier one's.
    pub const fn found(name: &'static str) -> Figure {
        Figure { name, merge: Merge::Found }
    }
    /// A flag: set by either stage, it stays set.
    pub const fn flag(name: &'static str) -> Figure {
        Figure { name, merge: Merge::Flag }
    }
}

/// A kind's figures, in the order first set.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Figures(Vec<(Figure, u64)>);

impl Figures {
    /// Sets `figure` to `value` (a flag: set, whatever `value`).
    pub fn set(&mut self, figure: Figure, value: u64) {
        match self.0.iter_mut().find(|(f, _)| *f == figure) {
            Some((_, v)) => *v = value,
            None => self.0.push((figure, value)),
        }
    }
    /// The value of `figure`, where an engine set it.
    pub fn get(&self, figure: Figure) -> Option<u64> {
        self.0.iter().find(|(f, _)| *f == figure).map(|&(_, v)| v)
    }
    /// Whether `figure` was set.
    pub fn has(&self, figure: Figure) -> bool {
        self.get(figure).is_some()
    }
    fn and(mut self, later: Figures) -> Figures {
        for (figure, value) in later.0 {
            let merged = match (self.get(figure), figure.merge) {
                (Some(earlier), Merge::Work) => earlier + value,
                _ => value,
            };
            self.set(figure, merged);
        }
        self
    }
}

impl Serialize for Figures {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (figure, value) in &self.0 {
            match figure.merge {
                Merge::Flag => map.serialize_entry(figure.name, &true)?,
                Merge::Work | Merge::Found => map.serialize_entry(figure.name, value)?,
            }
        }
        map.end()
    }
}

/// What masu's own engines did, each figure under its own name (`stats.engine` in the
/// JSON): an engine fills the figures it has, and the others are left out. Several stages
/// of one solve merge theirs ([`Engine::and`]).
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Engine {
    /// Nodes of a depth-first search (sudoku, nonogram and numberlink `native`, numberlink
    /// `frontier`'s search).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub nodes: Option<u64>,
    /// Solves of a clause-learning stage (CaDiCaL).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sat_solves: Option<u64>,
    /// Rows a lazy MILP added before its answers broke none (numberlink `milp`'s cycle cuts).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lazy_rows: Option<u64>,
    /// The kind's own figures, declared in its crate.
    #[serde(flatten)]
    pub figures: Figures,
}

impl Engine {
    /// A stage's figures, then `later`'s: counts of work add up, what a count found is the
    /// later one's where it has one, and a flag set by either stays set.
    pub fn and(self, later: Engine) -> Engine {
        let sum = |a: Option<u64>, b: Option<u64>| match (a, b) {
            (Some(a), Some(b)) => Some(a + b),
            (a, b) => a.or(b),
        };
        Engine {
            nodes: sum(self.nodes, later.nodes),
            sat_solves: sum(self.sat_solves, later.sat_solves),
            lazy_rows: sum(self.lazy_rows, later.lazy_rows),
            figures: self.figures.and(later.figures),
        }
    }

    /// Whether no figure is set.
    pub fn is_empty(&self) -> bool {
        *self == Engine::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const STEPS: Figure = Figure::work("steps");
    const LAYER: Figure = Figure::found("layer");
    const FULL: Figure = Figure::flag("full");

    /// Two stages merge by the figure's rule, and the JSON names each figure set, flags as
    /// `true`, leaving out what no stage set.
    #[test]
    fn stages_merge_by_each_figures_rule() {
        let mut first = Engine { nodes: Some(3), ..Engine::default() };
        first.figures.set(STEPS, 2);
        first.figures.set(LAYER, 7);
        first.figures.set(FULL, 1);
        let mut later = Engine { nodes: Some(4), sat_solves: Some(1), ..Engine::default() };
        later.figures.set(STEPS, 5);
        later.figures.set(LAYER, 9);
        let both = first.and(later);
        assert_eq!((both.nodes, both.sat_solves, both.lazy_rows), (Some(7), Some(1), None));
        assert_eq!(
            (both.figures.get(STEPS), both.figures.get(LAYER), both.figures.has(FULL)),
            (Some(7), Some(9), true)
        );
        let json = serde_json::to_value(&both).unwrap();
        assert_eq!(json, serde_json::json!({"nodes": 7, "sat_solves": 1, "steps": 7, "layer": 9, "full": true}));
        assert!(
            Engine::default().is_empty() && serde_json::to_value(Engine::default()).unwrap() == serde_json::json!({})
        );
    }
}
