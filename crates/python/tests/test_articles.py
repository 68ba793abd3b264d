"""The articles' own Python code (`../shared/anchors/`, beside the clone) and masu, in one
process on one OR-Tools, on the same puzzles: the same solutions and the same counts, each
article against the formulation masu names after it. Skipped where the anchors are not
beside the clone; CI installs what they import (ortools comes with masu, pulp, numpy)."""

import importlib.util
import json
import pathlib

import pytest

import masu

ROOT = pathlib.Path(__file__).resolve().parents[3]
ANCHORS = ROOT.parent / "shared" / "anchors"

# The article's PuLP code as written, which PuLP 3 warns will change in PuLP 4 (CI pins pulp<4).
pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

if not ANCHORS.is_dir():
    pytest.skip(f"the articles' code is not at {ANCHORS}", allow_module_level=True)


def anchor(name):
    """The article's script as a module (its `__main__` part does not run)."""
    spec = importlib.util.spec_from_file_location(name, ANCHORS / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def sudokus(count):
    """The first `count` of tdoku's test puzzles (in tests/data: `puzzle:count[:solution]`)."""
    lines = (ROOT / "tests/data/tdoku_test_puzzles.txt").read_text().splitlines()
    return [l.split(":")[0] for l in lines if l and not l.startswith("#")][:count]


def nonograms():
    """Article 003's picture and generated ones (line-solvable and not), as rows and cols."""
    article = json.loads((ROOT / "examples/data/article_003_nonogram.json").read_text())
    made = masu.generate("nonogram", size=8, count=3, seed=3) + masu.generate("nonogram", size=10, density=0.4, count=4, seed=5)
    return [(article["rows"], article["cols"])] + [(p["puzzle"]["rows"], p["puzzle"]["cols"]) for p in made]


def picture(grid):
    """A grid of 0/1 (articles 000, 003) or b/c (article 004: black, cross) as masu writes a
    nonogram's solution."""
    return ["".join("#" if c in (1, "b") else "." for c in row) for row in grid]


def test_article_002_sudoku_counts_and_solutions():
    article = anchor("seed002_sudoku")
    for line in sudokus(40):
        grid = [[0 if c in ".0" else int(c) for c in line[r * 9:(r + 1) * 9]] for r in range(9)]
        theirs = article.solve(grid, limit=10)
        ours = masu.count("sudoku", line, formulation="all-different", backend="cp-sat", count=10)
        assert ours.count == len(theirs), line
        if ours.complete:  # (past the limit, each lists the first ten it met)
            assert sorted(ours.solutions) == sorted(theirs), line


def test_article_000_003_004_nonograms():
    cpsat, pulp, lines = anchor("seed000_nonogram_cpsat"), anchor("seed003_nonogram_pulp"), anchor("seed004_line_solver")
    stuck = 0
    for rows, cols in nonograms():
        truth = masu.solve("nonogram", rows=rows, cols=cols)
        assert truth.status == "unique"
        # Article 000: CP-SAT's start-index model finds the picture.
        status, _, _, grid = cpsat.solve_nonogram(rows, cols)
        ours = masu.solve("nonogram", rows=rows, cols=cols, formulation="start-index", backend="cp-sat")
        assert status == "OPTIMAL" and picture(grid) == ours.solutions[0] == truth.solutions[0], rows
        # Article 003: PuLP's pattern model on CBC.
        status, _, _, grid, _, _ = pulp.solve(rows, cols, "cbc")
        ours = masu.solve("nonogram", rows=rows, cols=cols, formulation="patterns", backend="cbc")
        assert status == "Optimal" and picture(grid) == ours.solutions[0] == truth.solutions[0], rows
        # Article 004: the line solver settles the same puzzles, and where it sticks, masu's does.
        board, _ = lines.solve(rows, cols)
        ours = masu.solve("nonogram", rows=rows, cols=cols, formulation="line-solver")
        if (board == "w").any():
            assert ours.status == "stuck", rows
            stuck += 1
        else:
            assert ours.status == "unique" and picture(board.tolist()) == truth.solutions[0], rows
    assert stuck > 0  # (one of the puzzles needs search)


def test_article_001_numberlink_counts_on_its_generator_boards():
    # The article's model checks degrees only: a detached loop passes it. masu runs the same
    # model (`reified`) and its checker refuses such an answer (SolveError) rather than
    # count it; elsewhere the two count and list the same answers.
    article = anchor("seed001_numberlink")
    boards = [json.loads((ROOT / "examples/data/article_001_numberlink.json").read_text()),
              [[1, 0, 0, 1], [0, 0, 0, 0], [0, 0, 0, 0], [2, 0, 0, 2]]]
    # The article's generator's candidates, each made a puzzle as its `provide` makes one:
    # the cells that continue a path are blanked, the ends kept.
    for n in (5, 6):
        for solution in article.generate(n, 3, limit=12):
            boards.append([[v if sum(1 for di, dj in ((0, 1), (1, 0), (0, -1), (-1, 0))
                                     if 0 <= i + di < n and 0 <= j + dj < n and solution[i + di][j + dj] == v) == 1
                            else 0 for j, v in enumerate(row)] for i, row in enumerate(solution)])
    agreed = refused = 0
    for puzzle in boards:
        m = max(max(row) for row in puzzle)
        theirs = article.solve(puzzle, m, limit=50)
        try:
            ours = masu.count("numberlink", {"grid": puzzle}, formulation="reified", count=50)
        except masu.SolveError as e:
            assert "detached loop" in str(e) and theirs, (puzzle, str(e))
            refused += 1
            continue
        assert ours.count == len(theirs), puzzle
        assert sorted(relabelled(s["numbers"]) for s in ours.solutions) == sorted(map(relabelled, theirs)), puzzle
        agreed += 1
    assert agreed > 10 and refused > 0, (agreed, refused)


def relabelled(grid):
    """A grid of path numbers, renumbered in the order they first appear (masu numbers the
    pairs of a board its own way)."""
    names = {}
    return [[names.setdefault(v, len(names) + 1) for v in row] for row in grid]
