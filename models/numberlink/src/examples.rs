//! Numberlink's examples for the conformance suite. A 1×4 board with a pair at the ends has
//! one path. A 2×3 board with a pair in opposite corners has four simple paths with blanks
//! allowed (right-right-down, down-right-right, right-down-right, and the snake
//! down-right-up-right-down) and one, the snake, when every cell must be used. A board whose
//! pairs must cross has none, under either rule (flow-solver's `unsolvable_cross` level is
//! such a board).

use crate::puzzle::Rule::{Blanks, Fill};
use crate::{Formulation, Numberlink, Rule};

fn board(rows: &[&[u32]], rule: Rule) -> Numberlink {
    Numberlink::new(rows.iter().map(|r| r.to_vec()).collect(), rule).expect("an example reads")
}

impl masu_core::Examples for Numberlink {
    fn examples() -> Vec<(String, Numberlink, usize)> {
        let cross = [&[0, 0, 1, 0, 0][..], &[0; 5], &[2, 0, 0, 0, 2], &[0; 5], &[0, 0, 1, 0, 0]];
        vec![
            ("1×4".into(), board(&[&[1, 0, 0, 1]], Blanks), 1),
            ("2×3, blanks".into(), board(&[&[1, 0, 0], &[0, 0, 1]], Blanks), 4),
            ("2×3, fill".into(), board(&[&[1, 0, 0], &[0, 0, 1]], Fill), 1),
            ("crossing".into(), board(&[&[0, 1, 0], &[2, 0, 2], &[0, 1, 0]], Blanks), 0),
            ("crossing, fill".into(), board(&cross, Fill), 0),
        ]
    }
    /// `reified` admits detached loops (article 001's flaw); `auto`, `frontier` and `links`
    /// stop at the first answers they prove.
    fn counts_exactly(formulation: Formulation) -> bool {
        matches!(formulation, Formulation::Connected | Formulation::Milp | Formulation::Native)
    }
}
