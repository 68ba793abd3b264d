//! masu's driver for semiexp's clause-learning reference model of numberlink (the model of
//! `tests/reference_solver` in semiexp/numlin_v2, MIT), written here on semiexp's
//! cspuz_core/cspuz_rs (MIT), for `masu-bench numberlink-janko` when MASU_REFERENCE names its
//! build (`just peer-reference`).
//!
//! The model, over the line edges between neighbouring cells (blanks rule):
//!
//! - a numbered cell has one line edge, any other cell none or two;
//! - each cell has a path number, fixed at the numbers, equal across every line edge;
//! - no loop: the unit squares between four cells, and the outside, joined across every
//!   edge that carries no line, stay connected (cspuz_core's graph-connectivity propagator).
//!
//! Reads one board: a line `HEIGHT WIDTH`, then HEIGHT lines of WIDTH numbers (0 blank).
//! Enumerates the distinct line sets up to two and prints the count (0 none, 1 unique,
//! 2 several) and the nanoseconds of the model's construction and search.

use std::time::Instant;

use cspuz_rs::graph;
use cspuz_rs::solver::{Solver, TRUE};

mod board;

fn main() {
    let board::Board { height, width, cells } = board::read("reference-count BOARD.txt", 2);
    let clue = |y: usize, x: usize| cells[y * width + x];
    let started = Instant::now();
    let mut solver = Solver::new();
    // Cells are the lattice's vertices: `horizontal[(y, x)]` joins (y, x) and (y, x + 1),
    // `vertical[(y, x)]` joins (y, x) and (y + 1, x).
    let line = graph::BoolGridEdges::new(&mut solver, (height - 1, width - 1));
    solver.add_answer_key_bool(&line.horizontal);
    solver.add_answer_key_bool(&line.vertical);
    let most = cells.iter().copied().max().unwrap_or(0).max(1);
    let label = solver.int_var_2d((height, width), 0, most);
    for y in 0..height {
        for x in 0..width {
            let degree = line.vertex_neighbors((y, x)).count_true();
            if clue(y, x) > 0 {
                solver.add_expr(degree.eq(1));
                solver.add_expr(label.at((y, x)).eq(clue(y, x)));
            } else {
                solver.add_expr(degree.eq(0) | degree.eq(2));
            }
            if x + 1 < width {
                solver.add_expr(line.horizontal.at((y, x)).imp(label.at((y, x)).eq(label.at((y, x + 1)))));
            }
            if y + 1 < height {
                solver.add_expr(line.vertical.at((y, x)).imp(label.at((y, x)).eq(label.at((y + 1, x)))));
            }
        }
    }
    // The dual graph: square (y, x) has cells (y, x) and (y + 1, x + 1) at its corners.
    let outside = (height - 1) * (width - 1);
    let square = |y: isize, x: isize| {
        if y < 0 || x < 0 || y >= height as isize - 1 || x >= width as isize - 1 {
            outside
        } else {
            y as usize * (width - 1) + x as usize
        }
    };
    let mut dual = graph::Graph::new(outside + 1);
    let mut open = Vec::new();
    for y in 0..height {
        for x in 0..width - 1 {
            // Crosses the squares above and below it.
            dual.add_edge(square(y as isize - 1, x as isize), square(y as isize, x as isize));
            open.push(!line.horizontal.at((y, x)));
        }
    }
    for y in 0..height - 1 {
        for x in 0..width {
            dual.add_edge(square(y as isize, x as isize - 1), square(y as isize, x as isize));
            open.push(!line.vertical.at((y, x)));
        }
    }
    let every = vec![TRUE; dual.n_vertices()];
    graph::active_vertices_connected_via_active_edges(&mut solver, &every, &open, &dual);
    let count = solver.answer_iter().take(2).count();
    println!("{count} {}", started.elapsed().as_nanos());
}
