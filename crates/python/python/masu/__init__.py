"""masu from Python: the articles' puzzle formulations on CP-SAT, HiGHS, CBC, SCIP, microlp and
native solvers, with every answer re-checked by the puzzle's own checker.

    >>> import masu
    >>> r = masu.solve("sudoku", "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
    >>> r.status
    'unique'

The same registry of kinds, readers and solve path as the `masu` command line: the same
answers. A solve releases the GIL, so threads solve at once.
"""

from . import _masu
from ._masu import InputError, SolveError

#: The OR-Tools release masu's CP-SAT binding is built for.
ORTOOLS_VERSION = "9.15.6755"


def _share_ortools():
    """Where this environment has the `ortools` package of the pinned release, masu opens its
    library (`ortools/.libs`) instead of its build's copy: with two copies in one process, the
    second aborts the process (protobuf registers its files twice). The package is located,
    not imported."""
    import importlib.metadata
    import importlib.util
    import os

    try:
        spec = importlib.util.find_spec("ortools")
        version = importlib.metadata.version("ortools")
    except (ImportError, ValueError, importlib.metadata.PackageNotFoundError):
        return
    if spec is None or not spec.submodule_search_locations or version != ORTOOLS_VERSION:
        return
    for folder in spec.submodule_search_locations:
        libs = os.path.join(folder, ".libs")
        if os.path.exists(os.path.join(libs, "libortools.so.9")):
            _masu.prefer_ortools(libs)
            return


_share_ortools()

__all__ = ["Result", "Comparison", "solve", "count", "compare", "generate", "kinds", "InputError", "SolveError"]


class Result:
    """One puzzle solved or counted: `status` ('unique', 'multiple', 'solved', 'infeasible',
    'timed-out'), `count`, `complete` (the count is all there is), `solutions` (each as
    nested lists, re-checked), `stats` (model size, build, solve and backend seconds),
    `formulation`, `backend`; `to_dict()` gives the fields of `masu solve --format json`."""

    def __init__(self, fields):
        self._fields = fields

    def __getattr__(self, name):
        try:
            return self._fields[name]
        except KeyError:
            raise AttributeError(name) from None

    def to_dict(self):
        """The report as a dict (a copy)."""
        import copy

        return copy.deepcopy(self._fields)

    def _repr_svg_(self):
        """The puzzle and its first solution drawn (Jupyter shows it), where the kind draws."""
        solutions = self._fields["solutions"]
        return _masu.svg(self._fields["kind"], self._fields["puzzle"], solutions[0] if solutions else None)

    def __repr__(self):
        f = self._fields
        return f"<masu.Result {f['kind']} {f['status']}: {f['count']} solution(s), {f['formulation']} on {f['backend']}>"


def _puzzle(puzzle, rows, cols):
    if puzzle is None and rows is not None and cols is not None:
        return {"rows": rows, "cols": cols}
    if puzzle is None:
        raise InputError("no puzzle: give one, or a nonogram's rows= and cols=")
    return str(puzzle) if hasattr(puzzle, "__fspath__") else puzzle


def solve(kind, puzzle=None, *, rows=None, cols=None, formulation=None, backend=None, count=2,
          solutions=100, time_limit=None, threads=None, rule=None, params=None):
    """Solves `puzzle` of `kind` ('sudoku', 'nonogram', 'numberlink'), deciding uniqueness
    (count=2) unless told otherwise. `puzzle`: a file path, a puzzle's text (a one-line
    sudoku, a puzz.link URL), or lists and dicts in the kind's JSON form (a numberlink grid;
    a nonogram as rows= and cols=). Keywords as the command line's flags (`solutions`: at
    most this many listed, the count goes on past them); `params` a dict of raw backend
    parameters. Raises InputError or SolveError with the command line's message."""
    params = [(str(k), str(v)) for k, v in (params or {}).items()]
    fields = _masu.solve(kind, _puzzle(puzzle, rows, cols), formulation, backend, count,
                         solutions, time_limit, threads, rule, params)
    return Result(fields)


def count(kind, puzzle=None, *, count=1000, **options):
    """Counts the solutions of `puzzle`, up to `count` (as `masu count`)."""
    return solve(kind, puzzle, count=count, **options)


class Comparison:
    """What `compare` found: `records` (a dict per puzzle and runner, the fields of `masu
    compare --format jsonl`: ready for `pandas.DataFrame(c.records)`), `summary` (a dict per
    runner and the virtual best: instances, solved, the statuses, sgm_s, median_s, max_s),
    `findings` (runners disagreeing on a puzzle) and `input_errors` (puzzles not read)."""

    def __init__(self, fields):
        self.records = fields["records"]
        self.summary = fields["summary"]
        self.findings = fields["findings"]
        self.input_errors = fields["input_errors"]

    def __repr__(self):
        return f"<masu.Comparison {len(self.records)} records, {len(self.summary)} summary lines, {len(self.findings)} findings>"


def compare(kind, puzzles, *, formulations=None, backends=None, count=2, time_limit=60, threads=None, jobs=1):
    """Runs every formulation on every backend (or those named) on the same puzzles, as `masu
    compare`: each answer re-checked, all cross-checked, every solve bounded by `time_limit`
    seconds (None lifts it). `puzzles`: a file, a folder, a puzzle's text, or a list of them."""
    if isinstance(puzzles, (str, bytes)) or hasattr(puzzles, "__fspath__"):
        puzzles = [puzzles]
    paths = [str(p) for p in puzzles]
    return Comparison(_masu.compare(kind, paths, formulations, backends, count, time_limit, threads, jobs))


def generate(kind, *, count=1, seed=1, time_limit=None, threads=None, **flags):
    """Makes `count` puzzles of `kind` with a proven-unique solution; `flags` are the kind's
    own flags of `masu generate KIND` (size=9, minimal=True, ...). Each puzzle a dict with
    its solution and URL, as the command prints it."""
    return _masu.generate(kind, list(flags.items()), count, seed, time_limit, threads)


def kinds():
    """The kinds masu knows."""
    return _masu.kinds()
