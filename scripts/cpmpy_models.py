"""The articles' three CP models written in CPMpy 1.1, for `masu bench cp` (BENCHMARKS.md's
CP table): the same variables and constraints as masu's formulations of the same name, so
that a row of CPMpy on a solver sits beside masu's row on that solver.

Usage: python cpmpy_models.py KIND SOLVER SECONDS FILE...
  KIND: sudoku (all-different), nonogram (start-index), numberlink (reified)
  SOLVER: a CPMpy solver name (ortools, z3, pumpkin, choco)
Prints one JSON line per puzzle: id, status (unique, multiple, infeasible, timed-out),
seconds (building the model and the solver's enumeration of up to two solutions, as
`masu solve` decides uniqueness), and the solution count found.

The models (the articles', as masu's module docs state them):
- sudoku all-different (article 002): a cell 1..9 each, AllDifferent per row, column and box,
  the givens fixed.
- nonogram start-index (article 000): a start integer per block, the next block starting past
  the end of the one before; a Boolean per block and start, b <-> (start = i), b -> the cells
  the block covers filled for that block and none else in the line; a cell filled iff one
  of its line's blocks fills it.
- numberlink reified (article 001): a number 1..m per cell, the clues fixed; for every cell
  and neighbour e <-> (x_c = x_d); f <-> (x_c != 0), f -> sum e = 1 at an endpoint, 2
  elsewhere.
"""
import json
import sys
import time
import warnings

import cpmpy as cp
from cpmpy.solvers.solver_interface import ExitStatus


def sudoku_models(path):
    """One model per 81-character line of `path`: (id, model, variables)."""
    for number, line in enumerate(open(path), start=1):
        line = line.strip()
        if len(line) != 81:
            continue
        grid = cp.intvar(1, 9, shape=(9, 9), name="cell")
        model = cp.Model()
        for i in range(9):
            model += cp.AllDifferent(grid[i, :])
            model += cp.AllDifferent(grid[:, i])
        for r in range(0, 9, 3):
            for c in range(0, 9, 3):
                model += cp.AllDifferent(grid[r:r + 3, c:c + 3])
        for i, ch in enumerate(line):
            if ch not in ".0":
                model += grid[i // 9, i % 9] == int(ch)
        yield f"{path}:{number}", model, grid


def line_model(model, clue, cells, prefix):
    """Article 000's placement of one line's clue over its cells (Boolean variables)."""
    clue = [n for n in clue if n > 0]
    width = len(cells)
    if not clue:
        for t in cells:
            model += ~t
        return
    starts = [cp.intvar(0, width - 1, name=f"{prefix}s{j}") for j in range(len(clue))]
    for s1, s2, n in zip(starts, starts[1:], clue):
        model += s2 > s1 + n
    model += starts[-1] <= width - clue[-1]
    fills = cp.boolvar(shape=(width, len(clue)), name=f"{prefix}f")
    for j, s in enumerate(starts):
        for i in range(width - clue[j] + 1):
            b = cp.boolvar(name=f"{prefix}b{j}_{i}")
            model += b == (s == i)
            model += b.implies(cp.all([fills[x, j] if i <= x < i + clue[j] else ~fills[x, j] for x in range(width)]))
    for i, t in enumerate(cells):
        model += t == cp.any(fills[i, :])


def nonogram_models(path):
    puzzle = json.load(open(path))
    rows, cols = puzzle["rows"], puzzle["cols"]
    cells = cp.boolvar(shape=(len(rows), len(cols)), name="T")
    model = cp.Model()
    for r, clue in enumerate(rows):
        line_model(model, clue, list(cells[r, :]), f"R{r}")
    for c, clue in enumerate(cols):
        line_model(model, clue, list(cells[:, c]), f"C{c}")
    yield puzzle.get("id", path), model, cells


def numberlink_models(path):
    puzzle = json.load(open(path))
    board = puzzle["grid"]
    h, w = len(board), len(board[0])
    m = max(max(row) for row in board)
    x = cp.intvar(1, m, shape=(h, w), name="cell")
    model = cp.Model()
    for i in range(h):
        for j in range(w):
            if board[i][j]:
                model += x[i, j] == board[i][j]
            same = []
            for di, dj in ((0, 1), (1, 0), (0, -1), (-1, 0)):
                ni, nj = i + di, j + dj
                if 0 <= ni < h and 0 <= nj < w:
                    e = cp.boolvar(name=f"e{i}_{j}_{ni}_{nj}")
                    model += e == (x[i, j] == x[ni, nj])
                    same.append(e)
            f = cp.boolvar(name=f"f{i}_{j}")
            model += f == (x[i, j] != 0)
            model += f.implies(cp.sum(same) == (1 if board[i][j] else 2))
    yield puzzle.get("id", path), model, x


MODELS = {"sudoku": sudoku_models, "nonogram": nonogram_models, "numberlink": numberlink_models}


def main():
    # solveAll warns that it adds blocking clauses to the solver: it is used once.
    warnings.filterwarnings("ignore", message="Adding constraints to solver object")
    kind, solver, seconds, files = sys.argv[1], sys.argv[2], float(sys.argv[3]), sys.argv[4:]
    for path in files:
        for ident, model, variables in MODELS[kind](path):
            started = time.perf_counter()
            s = cp.SolverLookup.get(solver, model)
            # One thread, as masu's rows run (CP-SAT would take every core).
            threads = {"num_workers": 1} if solver == "ortools" else {}
            found = s.solveAll(solution_limit=2, time_limit=seconds, display=None, **threads)
            took = time.perf_counter() - started
            exhausted = s.status().exitstatus in (ExitStatus.OPTIMAL, ExitStatus.UNSATISFIABLE, ExitStatus.FEASIBLE)
            if found >= 2:
                status = "multiple"
            elif took >= seconds or not exhausted:
                status = "timed-out"
            else:
                status = "unique" if found == 1 else "infeasible"
            print(json.dumps({"id": ident, "status": status, "seconds": took, "found": found}), flush=True)


if __name__ == "__main__":
    main()
