"""masu from Python: the articles' puzzle formulations on CP-SAT, HiGHS, CBC, SCIP, microlp and
native solvers, with every answer re-checked by the puzzle's own checker.

    >>> import masu
    >>> r = masu.solve("sudoku", "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
    >>> r.status
    'unique'

The same registry of kinds, readers and solve path as the `masu` command line: the same
answers. A solve releases the GIL, so threads solve at once.
"""

import os
import signal
import threading

from . import _masu
from ._masu import InputError, SolveError, __version__

#: The OR-Tools release masu's CP-SAT binding is built for.
ORTOOLS_VERSION = "9.15.6755"


def _share_ortools():
    """Where this environment has the `ortools` package of the pinned release, masu opens its
    library (`ortools/.libs`) instead of its build's copy: with two copies in one process, the
    second aborts the process (protobuf registers its files twice). The package is located,
    not imported; its release is read from the name of its `dist-info` folder beside it
    (`importlib.metadata` would take most of the import's time)."""
    import importlib.util

    try:
        spec = importlib.util.find_spec("ortools")
    except (ImportError, ValueError):
        return
    if spec is None or not spec.submodule_search_locations:
        return
    for folder in spec.submodule_search_locations:
        libs = os.path.join(folder, ".libs")
        release = os.path.join(os.path.dirname(folder), f"ortools-{ORTOOLS_VERSION}.dist-info")
        if os.path.isdir(release) and os.path.exists(os.path.join(libs, "libortools.so.9")):
            _masu.prefer_ortools(libs)
            return


_share_ortools()


def _sigint_reader():
    """A function telling whether SIGINT is left to the system's default (the process ends)
    while Python has a handler for it, read from the C library (`sigaction`); one that says
    no where that cannot be read."""
    try:
        import ctypes

        libc = ctypes.CDLL(None)
        action = ctypes.create_string_buffer(512)  # a struct sigaction, its handler first
        handler = ctypes.c_void_p.from_buffer(action)
        sigaction = libc.sigaction
    except (ImportError, OSError, AttributeError):
        return lambda: False

    def dropped():
        return sigaction(signal.SIGINT, None, action) == 0 and not handler.value and callable(
            signal.getsignal(signal.SIGINT))

    return dropped


_sigint_dropped = _sigint_reader()


class _Stop:
    """Ctrl-C during a call on the main thread. The solve runs on the calling thread with the
    GIL released, so Python's handler only records a signal; for the length of the call
    Python also writes the signal's number into a pipe of masu's (`signal.set_wakeup_fd`),
    where a watcher thread reads it and stops the solve (`_masu.stop_main`). The handler runs
    when the call returns (`KeyboardInterrupt`). What the pipe received is passed on to the
    wakeup fd the call took the place of (an event loop's, say). On other threads (which
    Python's signals never reach) a call runs as it is."""

    __slots__ = ("main", "taken")
    pipe = None  # (read, write), made at the first call on the main thread
    forward = -1  # the wakeup fd the last call took the place of

    def __enter__(self):
        self.main = threading.current_thread() is threading.main_thread()
        if self.main:
            # OR-Tools' own `CpSolver.solve` (its `catch_sigint_signal`) leaves SIGINT to
            # the system's default after a solve, which ends the process at Ctrl-C: Python's
            # handler is put back in place.
            if _sigint_dropped():
                signal.signal(signal.SIGINT, signal.getsignal(signal.SIGINT))
            if _Stop.pipe is None:
                _Stop._watch()
            try:
                self.taken = _Stop.forward = signal.set_wakeup_fd(_Stop.pipe[1], warn_on_full_buffer=False)
            except ValueError:  # not the main interpreter
                self.main = False
        return self

    def __exit__(self, *_):
        if self.main:
            signal.set_wakeup_fd(self.taken)

    @staticmethod
    def _watch():
        read, write = os.pipe()
        os.set_blocking(write, False)
        _Stop.pipe = (read, write)

        def watch():
            while True:
                received = os.read(read, 512)
                _masu.stop_main()
                if _Stop.forward >= 0:
                    try:
                        os.write(_Stop.forward, received)
                    except OSError:
                        pass

        threading.Thread(target=watch, name="masu-signals", daemon=True).start()


# A forked child has the pipe but not the thread that watches it: it makes its own.
os.register_at_fork(after_in_child=lambda: setattr(_Stop, "pipe", None))

__all__ = ["Result", "Comparison", "Picture", "Made", "solve", "count", "compare", "generate", "draw", "kinds",
           "InputError", "SolveError"]


class Result:
    """One puzzle solved or counted: `status` ('unique', 'multiple', 'solved', 'infeasible',
    'timed-out', 'interrupted', 'stuck', 'licence-limit'), `count`, `complete` (the count is all there is), `solutions` (each as
    nested lists, re-checked), `stats` (model size, build, solve and backend seconds),
    `formulation`, `backend`; `to_dict()` gives the fields of `masu solve --format json`.
    A field becomes a Python object when it is first read (the binding's answer holds it
    until then), and stays the same object after."""

    def __init__(self, fields):
        # A dict (as `to_dict` gives), or the binding's answer, read field by field.
        self._fields = fields

    def __getattr__(self, name):
        # Through __dict__: pickle and copy ask before `_fields` is set.
        fields = self.__dict__.get("_fields")
        if fields is None or name.startswith("__"):
            raise AttributeError(name)
        try:
            value = fields[name]
        except KeyError:
            raise AttributeError(name) from None
        self.__dict__[name] = value
        return value

    def __dir__(self):
        # The fields too, so that IPython and editors complete `r.sta` to `r.status`.
        return sorted(set(super().__dir__()) | set(self.to_dict()))

    def __reduce__(self):
        return (Result, (self.to_dict(),))

    def to_dict(self):
        """The report as a dict (a copy)."""
        fields = self._fields
        if isinstance(fields, dict):
            import copy

            return copy.deepcopy(fields)
        return fields.to_dict()

    def _repr_svg_(self):
        """The puzzle and its first solution drawn (Jupyter shows it), where the kind draws."""
        return _svg(self.draw())

    def draw(self, solution=0):
        """The puzzle with its solution number `solution` (None: the puzzle alone), as a
        `Picture`."""
        solutions = self.solutions
        return draw(self.kind, self.puzzle, None if solution is None or not solutions else solutions[solution])

    def __repr__(self):
        return f"<masu.Result {self.kind} {self.status}: {self.count} solution(s), {self.formulation} on {self.backend}>"


class Picture:
    """An SVG picture: Jupyter shows it; `str()` is the SVG text, `save(path)` writes it."""

    def __init__(self, svg):
        self.svg = svg

    def _repr_svg_(self):
        return self.svg

    def __str__(self):
        return self.svg

    def __repr__(self):
        return f"<masu.Picture: {len(self.svg)} characters of SVG>"

    def save(self, path):
        """Writes the SVG to `path`."""
        with open(path, "w", encoding="utf-8") as out:
            out.write(self.svg)


def _svg(picture):
    """A picture's SVG text, None for none."""
    return None if picture is None else picture.svg


def draw(kind, puzzle=None, solution=None, *, rows=None, cols=None):
    """The picture of `puzzle` (given as to `solve`), with `solution` (as a result's
    `solutions` lists it) drawn in, or None where the kind draws no picture."""
    svg = _masu.svg(kind, _puzzle(puzzle, rows, cols), solution)
    return None if svg is None else Picture(svg)


class Made(dict):
    """A generated puzzle: the dict `masu generate` prints (`puzzle`, `solution`, `url`, ...),
    which draws itself in Jupyter as a player sees it, unsolved; `kind` is its kind."""

    def __init__(self, fields, kind):
        super().__init__(fields)
        self.kind = kind

    def _repr_svg_(self):
        return _svg(draw(self.kind, self["puzzle"]))

    def __repr__(self):
        return f"masu.Made({dict.__repr__(self)}, {self.kind!r})"


def _whole(**numbers):
    """Each `name=(value, least)` a whole number from `least` on (None lets it be), else
    InputError naming it: the binding takes unsigned 32- or 64-bit numbers."""
    for name, (value, least) in numbers.items():
        most = 2**32 - 1 if name == "threads" else 2**64 - 1
        if value is not None and (isinstance(value, bool) or not isinstance(value, int) or not least <= value <= most):
            raise InputError(f"{name} must be a whole number from {least} to {most}, not {value!r}")


def _puzzle(puzzle, rows, cols):
    if puzzle is None and rows is not None and cols is not None:
        return {"rows": rows, "cols": cols}
    if puzzle is None:
        raise InputError("no puzzle: give one, or a nonogram's rows= and cols=")
    return _path_as_text(puzzle)


def _path_as_text(puzzle):
    """A path-like puzzle as its path's text (what the binding reads); others as they are."""
    return str(puzzle) if hasattr(puzzle, "__fspath__") else puzzle


def solve(kind, puzzle=None, *, rows=None, cols=None, formulation=None, backend=None, count=2,
          solutions=100, time_limit=None, threads=None, rule=None, params=None, certify=False):
    """Solves `puzzle` of `kind` ('sudoku', 'nonogram', 'numberlink'), deciding uniqueness
    (count=2) unless told otherwise. `puzzle`: a file path, a puzzle's text (a one-line
    sudoku, a puzz.link URL), or lists and dicts in the kind's JSON form (a numberlink grid;
    a nonogram as rows= and cols=). Keywords as the command line's flags (`solutions`: at
    most this many listed, the count goes on past them); `params` a dict of raw backend
    parameters. `certify`: True certifies a verdict that claims no further solution (as
    `--certify`: `stats["certificate"]` says whether the checker accepted it), a folder keeps
    the clauses and the proof there (`puzzle.cnf`, `puzzle.drat`). Raises InputError or
    SolveError with the command line's message."""
    _whole(count=(count, 1), solutions=(solutions, 0), threads=(threads, 0))
    if certify is True:
        certify = ""
    elif certify is False or certify is None:
        certify = None
    elif isinstance(certify, str) or hasattr(certify, "__fspath__"):
        certify = os.fspath(certify)
        if not certify:
            raise InputError("certify: an empty folder name (True certifies without keeping the proof)")
    else:
        raise InputError(f"certify: {certify!r} is neither True, False nor a folder")
    params = [(str(k), str(v)) for k, v in (params or {}).items()]
    puzzle = _puzzle(puzzle, rows, cols)
    with _Stop() as s:
        fields = _masu.solve(kind, puzzle, formulation, backend, count, solutions, time_limit, threads, rule,
                             params, s.main, certify)
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


def compare(kind, puzzles, *, formulations=None, backends=None, count=2, time_limit=60, threads=None, jobs=1,
            params=None, certify=False):
    """Runs every formulation on every backend (or those named) on the same puzzles, as `masu
    compare`: each answer re-checked, all cross-checked, every solve bounded by `time_limit`
    seconds (None lifts it). `puzzles`: a file or a folder, or a list of files, puzzles'
    texts and puzzles in the kind's JSON form (a list's puzzles are named `puzzles[i]`).
    `params`: raw backend parameters, a dict whose keys are `KEY` (every runner) or
    `BACKEND:KEY` (that backend's runners), as `--param`. `certify`: each verdict that claims
    no further solution certified, as `--certify` (each record's `certified`)."""
    if isinstance(puzzles, (str, bytes)) or hasattr(puzzles, "__fspath__"):
        puzzles = [puzzles]
    puzzles = [_path_as_text(p) for p in puzzles]
    _whole(count=(count, 1), threads=(threads, 0), jobs=(jobs, 1))
    params = [f"{k}={v}" for k, v in (params or {}).items()]
    with _Stop() as s:
        fields = _masu.compare(kind, puzzles, formulations, backends, count, time_limit, threads, jobs, params, s.main,
                               bool(certify))
    return Comparison(fields)


def generate(kind, *, count=1, seed=1, time_limit=None, threads=None, **flags):
    """Makes `count` puzzles of `kind` with a proven-unique solution; `flags` are the kind's
    own flags of `masu generate KIND`, typed (size=9, minimal=True, symmetry="rotational",
    ...; a flag's dashes as underscores). Each puzzle a dict with its solution and URL, as
    the command prints it (a `Made`: it draws itself in Jupyter)."""
    _whole(count=(count, 0), seed=(seed, 0), threads=(threads, 0))
    flags = {name: _path_as_text(value) for name, value in flags.items()}
    with _Stop() as s:
        made = _masu.generate(kind, flags, count, seed, time_limit, threads, s.main)
    return [Made(m, kind) for m in made]


def kinds():
    """The kinds masu knows."""
    return _masu.kinds()
