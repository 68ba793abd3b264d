//! Generating sudokus with a proven-unique solution.
//!
//! 1. A full grid: the [`native`](crate::native) search on the empty board, each branch
//!    trying its values in a random order, one solution.
//! 2. Givens removed one at a time, the cells in a random order: a removal stays when the
//!    native search still counts exactly one solution (limit 2, complete), and is undone
//!    otherwise.
//!
//! One pass leaves a **minimal** puzzle (no given can be removed): if removing a given `g`
//! failed on the puzzle `P` of that moment, the puzzle `Q ⊆ P` at the end has at least the
//! solutions of `P − g` with `g` removed from `Q`, so removing `g` from `Q` fails too. With a
//! target number of givens the pass stops as soon as it is reached (the puzzle is then not
//! necessarily minimal, and a target below what the pass reaches is not met: the puzzle says
//! how many givens it has).
//!
//! Measures of difficulty, from the native search on the finished puzzle: whether naked and
//! hidden singles alone solve it, and the nodes the search needs to prove it unique.
//!
//! Every search here runs on the band engine (the portable path), on every machine: a seed
//! gives the same grid and the same node counts with or without AVX2, and on these boards,
//! near-minimal and mostly solved by singles, it is the faster engine (`bench
//! sudoku-generate`: 0.31 ms a minimal puzzle against 0.34 ms on the triad engine).

/// `masu generate sudoku`: its flags, and each puzzle made as a JSON line.
pub mod command;

use masu_core::{Clock, Random};

use crate::native::{Route, Technique, search_on, technique};
use crate::puzzle::Sudoku;

/// The native search on the band engine (see the module doc).
fn search(puzzle: &Sudoku, limit: usize, clock: &Clock, random: Option<&mut Random>) -> masu_core::Found<Vec<u8>> {
    search_on(puzzle, Route::Portable, limit, clock, random)
}

/// What to remove down to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// Remove until no given can be removed.
    Minimal,
    /// Stop at this many givens or fewer (or at a minimal puzzle with more).
    Givens(usize),
}

/// The symmetry of the givens: cells are removed together with their images.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, clap::ValueEnum, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Symmetry {
    /// Any cell alone.
    #[default]
    None,
    /// Half-turn rotation: `(r, c)` with `(n−1−r, n−1−c)`, as most published sudoku.
    Rotational,
    /// Left–right mirror: `(r, c)` with `(r, n−1−c)`.
    Mirror,
}

impl Symmetry {
    /// The image of `cell` on a `side`×`side` grid.
    pub fn image(self, side: usize, cell: usize) -> usize {
        match self {
            Symmetry::None => cell,
            Symmetry::Rotational => side * side - 1 - cell,
            Symmetry::Mirror => cell / side * side + side - 1 - cell % side,
        }
    }

    /// Whether `cells` (0 blank) has this symmetry: a cell is given exactly where its image is.
    pub fn holds(self, side: usize, cells: &[u8]) -> bool {
        (0..cells.len()).all(|i| (cells[i] == 0) == (cells[self.image(side, i)] == 0))
    }
}

/// How a generated puzzle must be: givens, symmetry, the technique it needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    /// What to remove down to.
    pub target: Target,
    /// The givens' symmetry.
    pub symmetry: Symmetry,
    /// Keep only puzzles that need exactly this technique (others are drawn again).
    pub technique: Option<Technique>,
}

impl Shape {
    /// Minimal, no symmetry, any technique.
    pub fn minimal() -> Shape {
        Shape { target: Target::Minimal, symmetry: Symmetry::None, technique: None }
    }
}

/// A generated puzzle with its solution and measures.
#[derive(Clone, Debug)]
pub struct Generated {
    /// The puzzle.
    pub puzzle: Sudoku,
    /// Its unique solution, cells row by row.
    pub solution: Vec<u8>,
    /// Givens left.
    pub givens: usize,
    /// No given (with its image, under a symmetry) can be removed, checked for every given
    /// whatever the target.
    pub minimal: bool,
    /// The hardest technique it needs.
    pub technique: Technique,
    /// Nodes of the native search proving it unique.
    pub nodes: u64,
    /// Grids drawn for it (more than one when a technique was asked for).
    pub draws: usize,
    /// Seconds to make it.
    pub seconds: f64,
}

impl Generated {
    /// Naked and hidden singles alone solve it.
    pub fn singles_only(&self) -> bool {
        self.technique == Technique::Singles
    }
}

/// Why no puzzle came out.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GenerateError {
    /// The side is not 4, 9, 16 or 25.
    #[error("a sudoku's side is 4, 9, 16 or 25, not {0}")]
    Side(usize),
    /// The time limit or an interrupt came first.
    #[error("stopped before the puzzle was finished")]
    Stopped,
}

/// One puzzle of side `side` and `shape` for `seed` and `index` (each index an independent
/// draw), with the search stopping when `clock` says.
pub fn generate(side: usize, shape: Shape, seed: u64, index: u64, clock: &Clock) -> Result<Generated, GenerateError> {
    let mut random = Random::of_draw(seed, index);
    for draws in 1.. {
        let mut g = draw(side, shape, &mut random, clock)?;
        if shape.technique.is_none_or(|t| t == g.technique) {
            g.draws = draws;
            g.seconds = clock.elapsed().as_secs_f64();
            return Ok(g);
        }
        if clock.reached() {
            return Err(GenerateError::Stopped);
        }
    }
    Err(GenerateError::Stopped)
}

/// One full grid and its givens removed, orbit by orbit of the symmetry.
fn draw(side: usize, shape: Shape, random: &mut Random, clock: &Clock) -> Result<Generated, GenerateError> {
    let empty = Sudoku::new(vec![0; side * side]).map_err(|_| GenerateError::Side(side))?;
    let full = search(&empty, 1, clock, Some(&mut *random));
    let solution = full.solutions.into_iter().next().ok_or(GenerateError::Stopped)?;
    let mut cells = solution.clone();
    let mut order: Vec<usize> = (0..cells.len()).collect();
    for i in (1..order.len()).rev() {
        order.swap(i, random.below(i + 1));
    }
    let mut givens = cells.len();
    // Whether every cell was tried: the pass then leaves a minimal puzzle.
    let mut whole_pass = true;
    for &cell in &order {
        if matches!(shape.target, Target::Givens(n) if givens <= n) {
            whole_pass = false;
            break;
        }
        if cells[cell] == 0 {
            continue; // removed with its image
        }
        if unique_without(side, shape.symmetry, &mut cells, cell, clock)? {
            let image = shape.symmetry.image(side, cell);
            (cells[cell], cells[image]) = (0, 0);
            givens -= if image == cell { 1 } else { 2 };
        }
    }
    let minimal = whole_pass || !removable(side, shape.symmetry, &mut cells, clock)?;
    let puzzle = Sudoku::new(cells).map_err(|_| GenerateError::Side(side))?;
    let proof = search(&puzzle, 2, clock, None);
    if !proof.complete {
        return Err(GenerateError::Stopped);
    }
    let technique = technique(&puzzle);
    Ok(Generated {
        puzzle,
        solution,
        givens,
        minimal,
        technique,
        nodes: proof.stats.engine.nodes.unwrap_or(0),
        draws: 1,
        seconds: 0.0,
    })
}

/// Solutions of `cells` up to 2; an error when the search stopped first.
fn count(side: usize, cells: &[u8], clock: &Clock) -> Result<usize, GenerateError> {
    let puzzle = Sudoku::new(cells.to_vec()).map_err(|_| GenerateError::Side(side))?;
    let found = search(&puzzle, 2, clock, None);
    if !found.complete && found.solutions.len() < 2 {
        return Err(GenerateError::Stopped);
    }
    Ok(found.solutions.len())
}

/// Whether some given of a unique puzzle can be removed (with its image under `symmetry`)
/// with the puzzle staying unique.
fn removable(side: usize, symmetry: Symmetry, cells: &mut [u8], clock: &Clock) -> Result<bool, GenerateError> {
    for cell in 0..cells.len() {
        if cells[cell] != 0 && unique_without(side, symmetry, cells, cell, clock)? {
            return Ok(true);
        }
    }
    Ok(false)
}

/// Whether `cells` stays unique without the given at `cell` and its image under `symmetry`;
/// `cells` is left as it was.
fn unique_without(
    side: usize,
    symmetry: Symmetry,
    cells: &mut [u8],
    cell: usize,
    clock: &Clock,
) -> Result<bool, GenerateError> {
    let image = symmetry.image(side, cell);
    let (value, mirrored) = (std::mem::replace(&mut cells[cell], 0), std::mem::replace(&mut cells[image], 0));
    let unique = count(side, cells, clock).map(|n| n == 1);
    cells[image] = mirrored; // first: the image may be the cell itself
    cells[cell] = value;
    unique
}

#[cfg(test)]
mod tests {
    use super::*;

    fn unlimited() -> Clock {
        masu_core::SolveOptions::default().clock()
    }

    #[test]
    fn minimal_puzzles_are_unique_minimal_and_agree_with_their_solution() {
        for index in 0..5 {
            let g = generate(9, Shape::minimal(), 7, index, &unlimited()).unwrap();
            assert!(g.minimal);
            assert_eq!(g.givens, g.puzzle.cells().iter().filter(|&&v| v != 0).count());
            assert_eq!(crate::puzzle::check::check(&g.puzzle, &g.solution), Ok(()));
            let again = search(&g.puzzle, 2, &unlimited(), None);
            assert_eq!(again.solutions, vec![g.solution.clone()]);
            assert!(again.complete);
            // Every given agrees with the solution, and none can be removed.
            for (cell, &v) in g.puzzle.cells().iter().enumerate() {
                if v != 0 {
                    assert_eq!(v, g.solution[cell]);
                    let mut fewer = g.puzzle.cells().to_vec();
                    fewer[cell] = 0;
                    let fewer = Sudoku::new(fewer).unwrap();
                    assert_eq!(search(&fewer, 2, &unlimited(), None).solutions.len(), 2);
                }
            }
        }
    }

    #[test]
    fn a_seed_gives_the_same_puzzle_and_a_target_is_met_when_reachable() {
        let forty = Shape { target: Target::Givens(40), ..Shape::minimal() };
        let a = generate(9, forty, 3, 0, &unlimited()).unwrap();
        let b = generate(9, forty, 3, 0, &unlimited()).unwrap();
        assert_eq!(a.puzzle, b.puzzle);
        assert_eq!(a.givens, 40);
        assert_ne!(generate(9, forty, 3, 1, &unlimited()).unwrap().puzzle, a.puzzle);
    }

    #[test]
    fn other_sides_work_and_bad_ones_are_refused() {
        for side in [4, 16] {
            let g = generate(side, Shape::minimal(), 1, 0, &unlimited()).unwrap();
            assert_eq!(search(&g.puzzle, 2, &unlimited(), None).solutions.len(), 1);
        }
        assert_eq!(generate(10, Shape::minimal(), 1, 0, &unlimited()).unwrap_err(), GenerateError::Side(10));
    }

    /// Symmetric puzzles keep their symmetry and are minimal among symmetric removals; a
    /// technique asked for is the one the puzzle needs; the same seed, the same puzzle.
    #[test]
    fn symmetry_and_technique_are_kept() {
        for symmetry in [Symmetry::Rotational, Symmetry::Mirror] {
            let shape = Shape { symmetry, ..Shape::minimal() };
            let g = generate(9, shape, 11, 0, &unlimited()).unwrap();
            assert!(symmetry.holds(9, g.puzzle.cells()), "{symmetry:?}");
            assert!(g.minimal);
            assert_eq!(search(&g.puzzle, 2, &unlimited(), None).solutions, vec![g.solution.clone()]);
            assert_eq!(generate(9, shape, 11, 0, &unlimited()).unwrap().puzzle, g.puzzle);
        }
        for wanted in [Technique::Singles, Technique::BoxLine, Technique::Search] {
            let shape = Shape { technique: Some(wanted), ..Shape::minimal() };
            let g = generate(9, shape, 5, 0, &unlimited()).unwrap();
            assert_eq!((g.technique, technique(&g.puzzle)), (wanted, wanted));
            assert_eq!(g.singles_only(), wanted == Technique::Singles);
        }
    }
}
