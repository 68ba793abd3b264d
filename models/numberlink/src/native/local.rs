//! The two local rules of `native`'s clause-learning stage, `square` and `nested`, on the
//! link variables alone (stated in `cdcl.rs`'s module doc).
//!
//! Invariant: each is implied by the stage's induced clauses (a third link around a block
//! closes four cells of one number; a corner's `d` linked to `r` or `s` would too, so a used
//! `d` turns away from them, and a canonical one is used), so they keep every model
//! (`cdcl`'s tests enumerate them with and without).

use crate::puzzle::Numberlink;
use crate::puzzle::geometry::Side;
use crate::theory::uniqueness::Admit;

/// Which of [`rules`] a clause states.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Local {
    /// At most two of the four links around a 2×2 block.
    Square,
    /// A corner's cell across its 2×2 block takes the same corner.
    Nested,
}

/// The two local rules of the induced and canonical models, on the links alone (the module
/// doc): no three links around a 2×2 block, and a corner's diagonal cell taking the same
/// corner (or, an endpoint, one of its two links). `between(c, d)` is the link variable of
/// neighbours `c, d`; each clause comes with its rule.
pub(super) fn rules(
    puzzle: &Numberlink,
    admit: Admit,
    unused: &[Option<i32>],
    between: impl Fn(usize, usize) -> i32,
) -> Vec<(Local, Vec<i32>)> {
    let (w, h) = (puzzle.width(), puzzle.height());
    let mut clauses = Vec::new();
    for [a, b, c, d] in puzzle.squares() {
        let around = [between(a, b), between(b, d), between(d, c), between(c, a)];
        for skip in 0..4 {
            clauses.push((Local::Square, (0..4).filter(|&j| j != skip).map(|j| -around[j]).collect()));
        }
    }
    for (here, side, below, across) in puzzle.corners_down() {
        let corner = [-between(here, side), -between(here, below)];
        let onward = if side > here { Side::East } else { Side::West };
        let far: Vec<i32> = [onward, Side::South]
            .into_iter()
            .filter_map(|s| s.step(across, w, h))
            .map(|f| between(across, f))
            .collect();
        if puzzle.cells[across] != 0 {
            clauses.push((Local::Nested, corner.into_iter().chain(far).collect()));
            continue;
        }
        // Canonical solutions leave no blank across a corner; induced ones may.
        let blank = if admit == Admit::Canonical { None } else { unused[across] };
        if far.len() < 2 {
            clauses.push((Local::Nested, corner.into_iter().chain(blank).collect()));
        } else {
            clauses.extend(far.iter().map(|&f| (Local::Nested, corner.into_iter().chain(blank).chain([f]).collect())));
        }
    }
    clauses
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::Rule;

    /// Each rule states its clauses: on a 3×3 board with an endpoint in the middle, a blank
    /// centre, and a blank centre under the canonical model, the corner at the top left
    /// (links 0–1 and 0–3) gets what its rule says of the cell across it, 4.
    #[test]
    fn local_rules_state_their_clauses() {
        let lines = |puzzle: &Numberlink, admit: Admit| {
            let unused: Vec<Option<i32>> =
                (0..9).map(|i| (puzzle.rule == Rule::Blanks && i == 4).then_some(100)).collect();
            let between = |a: usize, b: usize| 10 * a.min(b) as i32 + a.max(b) as i32;
            rules(puzzle, admit, &unused, between)
        };
        let corner = |rules: &[(Local, Vec<i32>)]| -> Vec<Vec<i32>> {
            let mut of: Vec<Vec<i32>> = rules
                .iter()
                .filter(|(rule, c)| *rule == Local::Nested && c[..2] == [-1, -3])
                .map(|(_, c)| c.clone())
                .collect();
            of.sort();
            of
        };
        let endpoint = Numberlink::new(vec![vec![0, 0, 1], vec![0, 1, 0], vec![0, 0, 0]], Rule::Blanks).unwrap();
        assert_eq!(corner(&lines(&endpoint, Admit::Induced)), vec![vec![-1, -3, 45, 47]]);
        let blank = Numberlink::new(vec![vec![1, 0, 0], vec![0, 0, 0], vec![0, 0, 1]], Rule::Blanks).unwrap();
        assert_eq!(corner(&lines(&blank, Admit::Induced)), vec![vec![-1, -3, 100, 45], vec![-1, -3, 100, 47]]);
        assert_eq!(corner(&lines(&blank, Admit::Canonical)), vec![vec![-1, -3, 45], vec![-1, -3, 47]]);
        // Four blocks, four clauses each; the top-left block's links 1, 3, 14, 34.
        let squares: Vec<Vec<i32>> =
            lines(&blank, Admit::Induced).into_iter().filter(|(r, _)| *r == Local::Square).map(|(_, c)| c).collect();
        assert_eq!(squares.len(), 16);
        assert!(squares.contains(&vec![-1, -14, -34]) && squares.contains(&vec![-14, -34, -3]));
    }
}
