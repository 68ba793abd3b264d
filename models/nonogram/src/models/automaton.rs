//! Each line as a regular-language constraint: the model CP practitioners use for nonograms.
//!
//! A clue `(b_1, …, b_k)` is the regular expression `0* 1^{b_1} 0+ 1^{b_2} 0+ … 1^{b_k} 0*`.
//! Its deterministic automaton has one state per position in that word: state `q` counts the
//! cells of the blocks read so far (blocks and their separating gap), so with `B = Σ b + k`
//! states `0..=B−1` plus the final gap state:
//!
//! ```text
//! for every line ℓ with cells t_1..t_n:   automaton(t_1..t_n, start 0, finals F_ℓ, δ_ℓ)
//! ```
//!
//! where `δ_ℓ` reads 0 in a gap (staying, or leaving a finished block) and 1 inside a block,
//! and `F_ℓ` holds the state after the last block and the trailing gap. An empty clue is the
//! single state 0 with a 0-loop.
//!
//! Counting solves again with a no-good per solution found, each re-solve hinted with the
//! last solution (`hint_last_solution`, shared with `start_index`): a nonogram's solutions
//! often differ in a few cells, and CP-SAT then finds the next one near the last. Before
//! those re-solves, one short run of CP-SAT's own enumeration on one worker
//! (`CpSolver::enumerate_first`) settles the easy puzzles in one search; every variable of
//! the model follows from the cells, so that count is exact. `start_index` does without the
//! short run: there it costs more than it saves (`docs/tuning.md`).

use masu_core::{Backend, Error, SolveOptions};
use masu_cp::{BoolVar, CpModel, Transition};

use crate::models::start_index::{found_from_cp, lines};
use crate::puzzle::{Found, Nonogram};
use masu_core::timed;

/// The automaton of a clue: (final states, transitions `(from, to, label)`), start state 0.
pub fn clue_automaton(clue: &[usize]) -> (Vec<i64>, Vec<Transition>) {
    let mut transitions = Vec::new();
    // State 0: before the first block (0-loop). Then for each block of length b: b states
    // reached by reading 1s; after the block a gap state reached by a 0, looping on 0.
    let mut state = 0i64;
    transitions.push((0, 0, 0));
    for (j, &b) in clue.iter().enumerate() {
        for _ in 0..b {
            transitions.push((state, state + 1, 1));
            state += 1;
        }
        // `state` is "block j just finished"; a 0 leads to the gap state, which loops.
        let gap = state + 1;
        transitions.push((state, gap, 0));
        transitions.push((gap, gap, 0));
        if j + 1 == clue.len() {
            return (vec![state, gap], transitions);
        }
        state = gap;
    }
    (vec![0], transitions)
}

/// The model and one Boolean per cell, row-major.
pub type AutomatonModel = masu_core::Built<CpModel, BoolVar>;

/// One automaton constraint per row and column.
pub fn build(puzzle: &Nonogram) -> AutomatonModel {
    let mut model = CpModel::new();
    let cells: Vec<BoolVar> = (0..puzzle.width() * puzzle.height()).map(|_| model.new_bool_var()).collect();
    for (clue, indices) in lines(puzzle) {
        let (finals, transitions) = clue_automaton(clue);
        model.add_automaton(indices.iter().map(|&i| cells[i]), 0, &finals, &transitions);
    }
    AutomatonModel { model, vars: cells }
}

pub(crate) fn solve(puzzle: &Nonogram, options: &SolveOptions) -> Result<Found, Error> {
    let (built, build_time) = timed(|| build(puzzle));
    found_from_cp(puzzle, Backend::CpSat, &built.model, &built.vars, options, build_time, true)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::line::{clue_of, count_placements};

    /// The automaton accepts exactly the lines whose clue it was built from.
    #[test]
    fn accepts_exactly_the_clue() {
        for n in 0..=10usize {
            for bits in 0..1u32 << n {
                let line: Vec<bool> = (0..n).map(|i| bits >> i & 1 == 1).collect();
                for clue in [vec![], vec![1], vec![2, 1], vec![1, 1, 1], vec![3]] {
                    let (finals, transitions) = clue_automaton(&clue);
                    let mut state = Some(0i64);
                    for &cell in &line {
                        state = state
                            .and_then(|s| transitions.iter().find(|t| t.0 == s && t.2 == i64::from(cell)).map(|t| t.1));
                    }
                    let accepted = state.is_some_and(|s| finals.contains(&s));
                    assert_eq!(accepted, clue_of(line.iter().copied()) == clue, "{clue:?} {line:?}");
                }
            }
        }
        assert_eq!(count_placements(&[2, 1], 5), 3);
    }
}
