//! The canonical clauses of a two-stage certificate (blanks rule): clauses that keep a
//! solution of several, each added by dominance with a fixed witness ([`masu_core::certify::Dominance`]),
//! so that CaDiCaL refutes the strengthened clauses where it could not refute the plain ones
//! (`docs/certify.md`).
//!
//! The order: a solution is smaller when it uses less weight of cells, a cell of row `r`
//! (from 0, of `H`) weighing `H − r`; over the cells' `u` (unused), more weight unused is
//! smaller. Each clause `D`, and why every assignment `α` that breaks it maps to a smaller one
//! that keeps every input clause (the puzzle, and each solution found excluded as "some link
//! of it absent"):
//!
//! ```text
//! quad:    ¬e_1 ∨ ¬e_2 ∨ ¬e_3 ∨ ¬e_4   the four links around a 2×2 block of cells with no
//!                                      number: a closed loop; blank the block
//! square:  ¬e_1 ∨ ¬e_2 ∨ ¬e_3          three links around a block, its two middle cells with
//!                                      no number: a U-turn; link its ends, blank the middle
//! corner:  ¬e_cr ∨ ¬e_cs ∨ ¬u_d        a ┌ or ┐ at c (r beside it, s below it), c and d (across
//!                                      the block) with no number: move the corner down to d,
//!                                      blank c (one row lower weighs one less)
//! loop:    ∨_{c∈S} u_c ∨ ∨_{e∈∂S} e    a region S with no number closed off (the lemmas,
//!                                      [`super::Cuts`]): blank S
//! ```
//!
//! A blanked cell has its `u` true, each `x` false, and its links gone; a moved corner's
//! cell takes the number of the cell it left. The quads come first: a square's witness links
//! its ends, and that the fourth link is absent follows from the quad. The mapped assignment
//! keeps each solution found excluded unless the found solution is itself one step from `α`
//! (a U-turn through two blank cells, or a corner moved into a blank cell), and then `α` is a
//! second solution: VeriPB's check of that goal is the check that no such step exists.
//! Every goal follows by unit propagation, which is all VeriPB is asked to do.

use masu_core::certify::{Dominance, Step, Witness};

use super::Links;
use crate::puzzle::Numberlink;

/// The variables of the encoding, as the witnesses name them.
pub(super) struct Vars<'a> {
    pub(super) puzzle: &'a Numberlink,
    pub(super) links: &'a Links,
    /// `x[c][k - 1]`.
    pub(super) x: &'a [Vec<i32>],
    /// `u[c]` (blanks rule).
    pub(super) u: &'a [i32],
}

impl Vars<'_> {
    fn link(&self, a: usize, b: usize) -> i32 {
        let w = self.puzzle.width();
        self.links.between((a / w, a % w), (b / w, b % w)).expect("neighbours have a link")
    }
    fn numberless(&self, cell: usize) -> bool {
        self.puzzle.cells[cell] == 0
    }
    /// `cell` blanked: unused, no number.
    fn blanked(&self, witness: &mut Witness, cell: usize) {
        witness.set(self.u[cell], true);
        for &x in &self.x[cell] {
            witness.set(x, false);
        }
    }

    /// The order: each cell with no number, its `u` weighing `H − row`.
    fn order(&self) -> Vec<(i32, u64)> {
        let (w, h) = (self.puzzle.width(), self.puzzle.height());
        (0..w * h).filter(|&c| self.numberless(c)).map(|c| (self.u[c], (h - c / w) as u64)).collect()
    }

    /// The witness of a loop lemma closing off `region`: each cell blanked, each link inside
    /// it gone.
    pub(super) fn blanking(&self, region: &[usize]) -> Witness {
        let mut witness = Witness::default();
        for &c in region {
            self.blanked(&mut witness, c);
        }
        let w = self.puzzle.width();
        for (&(a, b), e) in self.links.edges.iter().zip(1..) {
            let (a, b) = (a.0 * w + a.1, b.0 * w + b.1);
            if region.contains(&a) && region.contains(&b) {
                witness.set(e, false);
            }
        }
        witness
    }

    /// Every quad, square and corner clause of the board, with its witness, in that order.
    pub(super) fn dominance(&self) -> Dominance {
        let mut steps = Vec::new();
        let squares = self.puzzle.squares();
        // Around each block [tl, tr, bl, br]: the cells in cycle order.
        let rings: Vec<[usize; 4]> = squares.iter().map(|&[tl, tr, bl, br]| [tl, tr, br, bl]).collect();
        for ring in rings.iter().filter(|ring| ring.iter().all(|&c| self.numberless(c))) {
            let witness = self.blanking(ring);
            let clause = (0..4).map(|i| -self.link(ring[i], ring[(i + 1) % 4])).collect();
            steps.push(Step { clause, witness });
        }
        for ring in &rings {
            for gap in 0..4 {
                // The link gap..gap+1 missing: the U runs from ring[gap + 1] round to ring[gap].
                let (from, to) = (ring[(gap + 1) % 4], ring[gap]);
                let middle = [ring[(gap + 2) % 4], ring[(gap + 3) % 4]];
                if !middle.iter().all(|&c| self.numberless(c)) {
                    continue;
                }
                let path = [from, middle[0], middle[1], to];
                let mut witness = Witness::default();
                for &c in &middle {
                    self.blanked(&mut witness, c);
                }
                let clause: Vec<i32> = path.windows(2).map(|pair| -self.link(pair[0], pair[1])).collect();
                for &l in &clause {
                    witness.set(-l, false);
                }
                witness.set(self.link(from, to), true);
                steps.push(Step { clause, witness });
            }
        }
        for (here, side, below, across) in self.puzzle.corners_down() {
            if !self.numberless(here) || !self.numberless(across) {
                continue;
            }
            let (cr, cs) = (self.link(here, side), self.link(here, below));
            let mut witness = Witness::default();
            witness.set(cr, false);
            witness.set(cs, false);
            witness.set(self.link(side, across), true);
            witness.set(self.link(below, across), true);
            witness.set(self.u[here], true);
            witness.set(self.u[across], false);
            for (&from, &to) in self.x[here].iter().zip(&self.x[across]) {
                witness.set(from, false);
                witness.map(to, from);
            }
            steps.push(Step { clause: vec![-cr, -cs, -self.u[across]], witness });
        }
        Dominance { order: self.order(), steps }
    }
}
