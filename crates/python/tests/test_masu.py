"""masu from Python: every kind solved, counted and generated, with the command line's
answers on the same inputs; bad input raises the right exception; the GIL is released."""

import json
import os
import pathlib
import subprocess
import sys
import threading
import time

import pytest

import masu

ROOT = pathlib.Path(__file__).resolve().parents[3]
SUDOKU = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
ARTICLE_SUDOKU = ROOT / "examples/data/article_002_sudoku.json"
ARTICLE_NONOGRAM = ROOT / "examples/data/article_003_nonogram.json"
ARTICLE_NUMBERLINK = ROOT / "examples/data/article_001_numberlink.json"


def cli(*args, format="json"):
    """`masu ARGS --format json`, from the workspace's build (every backend compiled in, as
    `./masu test` leaves it), within two minutes."""
    binary = os.environ.get("MASU_BIN", str(ROOT / "target/release/masu"))
    out = subprocess.run([binary, *args, "--format", format], cwd=ROOT, capture_output=True,
                         text=True, timeout=120, check=True)
    return [json.loads(line) for line in out.stdout.splitlines()]


def test_the_readme_sudoku_is_unique_and_equal_to_the_command_line():
    r = masu.solve("sudoku", SUDOKU)
    assert r.status == "unique" and r.count == 1 and r.complete
    assert r.solutions == cli("solve", "sudoku", SUDOKU)[0]["solutions"]
    assert r.to_dict()["backend"] == "cp-sat"
    assert r._repr_svg_().startswith("<svg")


def test_a_solve_answers_with_the_fields_of_the_command_line_line():
    """One answer type: `masu.solve` returns what `masu solve --format json` writes, field by
    field (the times aside), for every kind."""
    times = {"wall_s", "solve_s", "backend_s", "build_s"}
    for kind, path in [("sudoku", ARTICLE_SUDOKU), ("nonogram", ARTICLE_NONOGRAM), ("numberlink", ARTICLE_NUMBERLINK)]:
        ours = masu.solve(kind, str(path), threads=1).to_dict()
        theirs = cli("solve", kind, str(path), "--threads", "1")[0]
        assert set(ours) == set(theirs), kind
        for key in set(theirs) - times - {"stats"}:
            assert ours[key] == theirs[key], (kind, key)
        stats = {k for k in theirs["stats"] if not k.endswith("_time")}
        assert {k: ours["stats"][k] for k in stats} == {k: theirs["stats"][k] for k in stats}, kind
        assert ours["url"] and ours["status"] == "unique", kind


def test_the_version_is_the_crate_version():
    manifest = (ROOT / "crates/python/Cargo.toml").read_text()
    version = next(line.split('"')[1] for line in manifest.splitlines() if line.startswith("version"))
    assert masu.__version__ == version


def test_every_kind_from_its_article_file_on_two_backends():
    for kind, path in [("nonogram", ARTICLE_NONOGRAM), ("numberlink", ARTICLE_NUMBERLINK)]:
        line = cli("solve", kind, str(path))[0]
        r = masu.solve(kind, path)
        assert (r.status, r.solutions) == (line["status"], line["solutions"]), kind
    a = masu.solve("sudoku", SUDOKU, formulation="binary", backend="highs")
    b = masu.solve("sudoku", SUDOKU, formulation="native")
    assert a.solutions == b.solutions and a.backend == "highs" and b.backend == "native"


def test_lists_are_puzzles_in_the_kind_json_form():
    # .#.
    # #.#
    # ###
    r = masu.solve("nonogram", rows=[[1], [1, 1], [3]], cols=[[2], [1, 1], [2]])
    assert r.status == "unique"
    assert r.solutions == [[".#.", "#.#", "###"]]
    assert masu.solve("nonogram", rows=[[1], [1, 1], [3]], cols=[[1], [3], [1, 1]]).status == "infeasible"
    grid = [[1, 0, 0], [2, 0, 1], [0, 0, 2]]
    line = cli("count", "numberlink", json.dumps({"grid": grid}), "--count", "100")[0]
    r = masu.count("numberlink", {"grid": grid}, count=100)
    assert (r.count, r.complete) == (line["count"], line["complete"])


def test_generated_puzzles_read_back_unique():
    made = masu.generate("sudoku", size=4, count=3, seed=7)
    assert len(made) == 3
    for puzzle in made:
        r = masu.solve("sudoku", puzzle["puzzle"])
        assert r.status == "unique"
        assert "".join(str(v) for row in r.solutions[0] for v in row) == puzzle["solution"]
    assert made == masu.generate("sudoku", size=4, count=3, seed=7) or all(
        {k: v for k, v in a.items() if k != "seconds"} == {k: v for k, v in b.items() if k != "seconds"}
        for a, b in zip(made, masu.generate("sudoku", size=4, count=3, seed=7)))


def test_every_kind_generated_as_the_command_line_generates_and_read_back_from_its_url():
    for kind, flags, argv in [("sudoku", {"size": 9, "minimal": True, "symmetry": "rotational"},
                               ["--size", "9", "--minimal", "--symmetry", "rotational"]),
                              ("nonogram", {"size": 10}, ["--size", "10"]),
                              ("numberlink", {"size": 7, "method": "fast"}, ["--size", "7", "--method", "fast"])]:
        made = masu.generate(kind, count=2, seed=11, **flags)
        line = cli("generate", kind, *argv, "--count", "2", "--seed", "11")
        without_time = lambda p: {k: v for k, v in dict(p).items() if k != "seconds"}
        assert [without_time(p) for p in made] == [without_time(p) for p in line], kind
        for p in made:
            r = masu.solve(kind, p["puzzle"], rule=p.get("rule"))
            by_url = masu.solve(kind, p["url"], rule=p.get("rule"))
            assert r.status == by_url.status == "unique" and r.solutions == by_url.solutions, (kind, p["url"])


def test_puzzles_draw_themselves_before_and_after_a_solve():
    # A generated puzzle draws as a player sees it; a result draws the puzzle with its
    # answer; `draw` takes a puzzle as `solve` does. Each the command line's `--svg` picture.
    for kind, flags in [("sudoku", {"size": 9}), ("nonogram", {"size": 8}), ("numberlink", {"size": 6})]:
        made = masu.generate(kind, seed=2, **flags)[0]
        r = masu.solve(kind, made["puzzle"], rule=made.get("rule"))
        blank, solved = made._repr_svg_(), r._repr_svg_()
        assert blank.startswith("<svg") and solved.startswith("<svg") and blank != solved, kind
        assert blank == str(masu.draw(kind, made["puzzle"])) == str(r.draw(None)), kind
        assert solved == str(r.draw()), kind
    r = masu.solve("sudoku", ARTICLE_SUDOKU)
    out = ROOT / "target" / "article_002.svg"
    subprocess.run([os.environ.get("MASU_BIN", str(ROOT / "target/release/masu")), "solve", "sudoku",
                    str(ARTICLE_SUDOKU), "--svg", str(out)], check=True, timeout=120, capture_output=True)
    assert r._repr_svg_() == out.read_text()
    with pytest.raises(masu.InputError):
        masu.draw("sudoku", "12345")


def test_each_object_says_what_it_is():
    assert repr(masu.solve("sudoku", SUDOKU)) == "<masu.Result sudoku unique: 1 solution(s), all-different on cp-sat>"
    made = masu.generate("sudoku", size=4, seed=1)[0]
    assert repr(made).startswith("masu.Made({") and repr(made).endswith("}, 'sudoku')")
    assert repr(masu.draw("sudoku", "." * 16)).startswith("<masu.Picture: ")
    assert {"status", "count", "complete", "solutions", "stats", "to_dict"} <= set(dir(masu.solve("sudoku", SUDOKU)))


def test_results_pickle_and_copy_as_a_process_pool_needs():
    import copy
    import multiprocessing
    import pickle

    r = masu.solve("sudoku", SUDOKU, formulation="native")
    for twin in (pickle.loads(pickle.dumps(r)), copy.copy(r), copy.deepcopy(r)):
        assert twin.to_dict() == r.to_dict() and twin._repr_svg_() == r._repr_svg_()
    made = masu.generate("sudoku", size=4, seed=1)[0]
    assert pickle.loads(pickle.dumps(made)).kind == "sudoku"
    # A pool of fresh interpreters (spawn), each importing masu, results sent back pickled.
    with multiprocessing.get_context("spawn").Pool(2) as pool:
        results = pool.starmap_async(masu.solve, [("sudoku", SUDOKU), ("sudoku", "." * 16)]).get(timeout=120)
    assert [x.status for x in results] == ["unique", "multiple"]


def test_compare_takes_puzzles_as_solve_does():
    made = masu.generate("sudoku", size=9, count=4, seed=1)
    c = masu.compare("sudoku", [m["puzzle"] for m in made] + ["12345"], formulations=["native"], backends=["native"])
    assert [r["instance"] for r in c.records] == [f"puzzles[{i}]:1" for i in range(4)]
    assert all(r["status"] == "unique" for r in c.records)
    assert c.input_errors == ["puzzles[4]:1: 5 cells; a one-line sudoku has 81 (9×9), 16 (4×4), 256 (16×16) or 625 "
                              "(25×25)"]


def test_bad_input_raises_with_the_command_line_message():
    with pytest.raises(masu.InputError, match="unknown kind 'kakuro'"):
        masu.solve("kakuro", SUDOKU)
    with pytest.raises(masu.InputError, match="unknown sudoku formulation 'magic'"):
        masu.solve("sudoku", SUDOKU, formulation="magic")
    with pytest.raises(masu.InputError, match="cp-sat parameter 'no_such_field'"):
        masu.solve("sudoku", SUDOKU, params={"no_such_field": 1})
    with pytest.raises(masu.InputError):
        masu.solve("sudoku", "12345")
    with pytest.raises(masu.InputError, match="^generate sudoku: unknown field `pairs`, expected one of `size`"):
        masu.generate("sudoku", pairs=3)
    with pytest.raises(masu.InputError, match="nothere.txt: cannot read: No such file"):
        masu.solve("sudoku", "nothere.txt")
    with pytest.raises(masu.InputError, match="^generate sudoku: invalid value: integer `-7`, expected u64"):
        masu.generate("sudoku", size=-7)
    # The flags come typed: a range clap holds on the command line, and flags that exclude
    # each other, are the generator's to check.
    with pytest.raises(masu.InputError, match=r"^generate numberlink: size 1 is not in 2\.\.=100$"):
        masu.generate("numberlink", size=1)
    with pytest.raises(masu.InputError, match="^generate sudoku: givens and minimal ask for two ends"):
        masu.generate("sudoku", givens=30, minimal=True)
    with pytest.raises(masu.InputError, match="^generate sudoku: unknown variant `spiral`, expected one of `none`"):
        masu.generate("sudoku", symmetry="spiral")
    with pytest.raises(masu.InputError, match="^no sudoku puzzle to compare$"):
        masu.compare("sudoku", [])
    with pytest.raises(masu.InputError, match="nothing to run: no formulation or no backend asked for"):
        masu.compare("sudoku", SUDOKU, formulations=[])
    with pytest.raises(masu.InputError, match="the solution does not solve the puzzle: 1 cells, expected 81"):
        masu.draw("sudoku", SUDOKU, [[1]])
    for call, name in ((lambda: masu.solve("sudoku", SUDOKU, count=-1), "count"),
                       (lambda: masu.count("sudoku", SUDOKU, count=10**30), "count"),
                       (lambda: masu.solve("sudoku", SUDOKU, solutions=2.5), "solutions"),
                       (lambda: masu.solve("sudoku", SUDOKU, threads=-1), "threads"),
                       (lambda: masu.compare("sudoku", SUDOKU, jobs=0), "jobs"),
                       (lambda: masu.generate("sudoku", seed=True), "seed")):
        with pytest.raises(masu.InputError, match=f"^{name} must be a whole number from"):
            call()
    for call in (lambda: masu.generate("sudoku", size=4, time_limit=-1),
                 lambda: masu.solve("sudoku", SUDOKU, time_limit=float("nan")),
                 lambda: masu.compare("sudoku", [SUDOKU], time_limit=-1)):
        with pytest.raises(masu.InputError, match="is not a time limit in seconds"):
            call()


def test_two_threads_solve_at_once():
    # A count that takes a while on the native backend; two threads must overlap (the GIL
    # is released during a solve).
    def work(out):
        start = time.perf_counter()
        masu.count("sudoku", "." * 81, formulation="native", count=300000, time_limit=60)
        out.append((start, time.perf_counter()))

    spans = []
    threads = [threading.Thread(target=work, args=(spans,)) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    assert len(spans) == 2
    (a0, a1), (b0, b1) = sorted(spans)
    assert b0 < a1, "the second solve started only after the first ended"


def test_compare_gives_the_records_and_summary_of_the_command_line(tmp_path):
    # tdoku's test lines are `puzzle:count`; the first ten puzzles, one per line.
    lines = (ROOT / "tests/data/tdoku_test_puzzles.txt").read_text().splitlines()
    puzzles = [l.split(":")[0] for l in lines if l and not l.startswith("#")][:10]
    path = tmp_path / "ten.txt"
    path.write_text("\n".join(puzzles) + "\n")
    c = masu.compare("sudoku", path, formulations=["native", "binary"], backends=["native", "highs"])
    lines = cli("compare", "sudoku", str(path), "--formulations", "native,binary", "--backends", "native,highs",
                format="jsonl")
    assert len(c.records) == len(lines) and c.findings == [] and c.input_errors == []
    key = lambda r: (r["instance"], r["formulation"], r["backend"])
    assert sorted((key(r), r["status"], r["solutions"]) for r in c.records) == sorted(
        (key(r), r["status"], r["solutions"]) for r in lines)
    runners = {(s["formulation"], s["backend"]): s for s in c.summary}
    assert runners[("native", "native")]["solved"] == runners[("binary", "highs")]["solved"] > 0
    assert ("virtual best", "–") in runners


def test_compare_takes_raw_parameters_scoped_to_a_backend():
    # As `--param cp-sat:max_time_in_seconds=0`: cp-sat's runners stop at once, native's do not.
    path = ROOT / "examples/data/article_002_sudoku.json"
    c = masu.compare("sudoku", path, backends=["cp-sat", "native"], params={"cp-sat:max_time_in_seconds": 0})
    line = cli("compare", "sudoku", str(path), "--backends", "cp-sat,native", "--param",
               "cp-sat:max_time_in_seconds=0", format="jsonl")
    statuses = lambda records: sorted((r["formulation"], r["backend"], r["status"]) for r in records)
    assert statuses(c.records) == statuses(line)
    assert {r["status"] for r in c.records if r["backend"] == "cp-sat"} == {"timed-out"}
    assert {r["status"] for r in c.records if r["backend"] == "native"} == {"unique"}
    assert c.records[0]["setting"]["parameters"] == ["cp-sat:max_time_in_seconds=0"]
    with pytest.raises(masu.InputError, match="native/native: .*native"):
        masu.compare("sudoku", path, backends=["native"], params={"num_workers": 1})
    with pytest.raises(masu.InputError, match="no runner on that backend is compared"):
        masu.compare("sudoku", path, backends=["native"], params={"highs:presolve": "off"})


def test_ctrl_c_stops_a_solve():
    # The empty 16×16 sudoku has more solutions than any count reaches in seconds: the
    # signal must end the count early and raise KeyboardInterrupt.
    import _thread

    timer = threading.Timer(0.5, _thread.interrupt_main)
    timer.start()
    start = time.perf_counter()
    with pytest.raises(KeyboardInterrupt):
        # (bounded: without the signal the count would stop at its time limit, and fail)
        masu.count("sudoku", "." * 256, formulation="native", count=10**12, time_limit=60)
    assert time.perf_counter() - start < 3
    # So does a comparison's (which keeps a hundred solutions of the count, not all).
    timer = threading.Timer(0.5, _thread.interrupt_main)
    timer.start()
    start = time.perf_counter()
    with pytest.raises(KeyboardInterrupt):
        masu.compare("sudoku", ["." * 256], formulations=["native"], backends=["native"], count=10**12, time_limit=60)
    assert time.perf_counter() - start < 3
    # A count stopped by its time limit lists at most `solutions` and says so.
    r = masu.count("sudoku", "." * 81, formulation="native", count=10**12, time_limit=0.3, solutions=5)
    assert r.status == "timed-out" and len(r.solutions) == 5 and r.count > 5 and not r.complete


def test_a_real_sigint_stops_a_solve_and_the_wakeup_fd_is_given_back():
    # An event loop's wakeup fd: masu takes its place for the call, passes on what Python
    # wrote into its own, and gives it back.
    import signal

    from ortools.sat.python import cp_model

    # OR-Tools' own solve leaves SIGINT to the system's default (the process would end).
    m = cp_model.CpModel()
    m.new_int_var(0, 5, "x")
    cp_model.CpSolver().solve(m)
    read, write = os.pipe()
    os.set_blocking(read, False)
    os.set_blocking(write, False)
    before = signal.set_wakeup_fd(write)
    timer = threading.Timer(0.5, os.kill, (os.getpid(), signal.SIGINT))
    try:
        timer.start()
        start = time.perf_counter()
        with pytest.raises(KeyboardInterrupt):
            masu.count("sudoku", "." * 256, formulation="native", count=10**12, time_limit=60)
        assert time.perf_counter() - start < 3
        assert signal.set_wakeup_fd(write) == write
        passed = b""
        for _ in range(50):  # (bounded: 5 s)
            try:
                passed += os.read(read, 16)
                break
            except BlockingIOError:
                time.sleep(0.1)
        assert passed == bytes([signal.SIGINT])
    finally:
        timer.cancel()
        signal.set_wakeup_fd(before)
        os.close(read)
        os.close(write)
    # The next solve runs to its end.
    assert masu.solve("sudoku", SUDOKU, formulation="native").status == "unique"


def test_the_walk_through_of_docs_python_md_runs(monkeypatch, tmp_path):
    # Every Python block of docs/python.md in turn, as a notebook runs its cells, in a
    # folder of its own that sees the clone's examples/.
    import re

    pytest.importorskip("pandas", reason="docs/python.md's walk-through uses pandas (CI installs it)")
    pytest.importorskip("matplotlib", reason="docs/python.md's cactus plot uses matplotlib (CI installs it)")
    monkeypatch.setenv("MPLBACKEND", "Agg")
    (tmp_path / "examples").symlink_to(ROOT / "examples")
    monkeypatch.chdir(tmp_path)
    scope = {}
    for code in re.findall(r"```python\n(.*?)```", (ROOT / "docs/python.md").read_text(), flags=re.S):
        exec(compile(code, "docs/python.md", "exec"), scope)
    assert scope["r"].status == "unique"
    assert (scope["a"].status, scope["a"].backend, scope["b"].backend) == ("unique", "cbc", "highs")
    assert scope["a"].solutions == scope["b"].solutions
    assert scope["made"]._repr_svg_().startswith("<svg")
    assert (tmp_path / "board.svg").read_text().startswith("<svg")
    # 20 puzzles × native/native, binary/highs, binary/cp-sat, all-different/cp-sat.
    c = scope["c"]
    assert len(c.records) == 80 and c.findings == [] and c.input_errors == []
    assert {r["status"] for r in c.records} == {"unique"}
    assert all(r["setting"]["parameters"] == ["cp-sat:num_workers=1"] for r in c.records)
    assert (tmp_path / "cactus.svg").read_text().count("<svg") == 1


@pytest.mark.parametrize("first", ["ortools", "masu"])
def test_ortools_python_and_masu_share_one_library_in_one_process(first):
    # In a process of its own: two copies of libortools abort the process.
    code = f"""
import masu
from ortools.sat.python import cp_model
def ortools():
    m = cp_model.CpModel(); x = m.NewIntVar(0, 5, "x"); m.Add(x == 3)
    s = cp_model.CpSolver(); assert s.Solve(m) == cp_model.OPTIMAL and s.Value(x) == 3
def ours():
    assert masu.solve("sudoku", "{SUDOKU}").status == "unique"
for step in (["ortools", "ours"] if "{first}" == "ortools" else ["ours", "ortools"]) * 2:
    (ortools if step == "ortools" else ours)()
import ortools as package, os
print(masu._masu.ortools_library(), os.path.dirname(package.__file__))
"""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr[-2000:]
    opened, package = out.stdout.split()
    assert opened.startswith(package), (opened, package)


def test_cbc_and_scip_open_from_the_ortools_package_too():
    # In a process of its own: CBC and SCIP ship beside libortools in the `ortools` package,
    # and masu opens them from there, not from its build's copy (Linux: /proc/self/maps).
    code = """
import masu, os
import ortools as package
for backend in ("cbc", "scip"):
    assert masu.solve("sudoku", "examples/data/article_002_sudoku.json", formulation="binary",
                      backend=backend).status == "unique"
maps = {line.split()[-1] for line in open("/proc/self/maps") if "libCbc.so" in line or "libscip.so" in line}
print(os.path.dirname(package.__file__)); print(*sorted(maps), sep="\\n")
"""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert out.returncode == 0, out.stderr[-2000:]
    package, *opened = out.stdout.split("\n")
    opened = [o for o in opened if o]
    assert len(opened) == 2 and all(o.startswith(package) for o in opened), (package, opened)


def test_the_type_stubs_match_the_package(tmp_path):
    pytest.importorskip("mypy", reason="mypy's stubtest holds __init__.pyi to the package (CI installs it)")
    out = subprocess.run([sys.executable, "-m", "mypy.stubtest", "masu"], capture_output=True, text=True,
                         timeout=300, cwd=tmp_path)
    assert out.returncode == 0, out.stdout[-3000:] + out.stderr[-2000:]


def test_ctrl_c_in_a_forked_child():
    # A child forked after a solve watches signals with a thread of its own.
    import signal

    masu.solve("sudoku", SUDOKU, formulation="native")
    pid = os.fork()
    if pid == 0:  # the child: a count that only Ctrl-C ends early
        code, start = 1, time.monotonic()
        try:
            threading.Timer(0.5, os.kill, (os.getpid(), signal.SIGINT)).start()
            masu.count("sudoku", "." * 256, formulation="native", count=10**12, time_limit=20)
        except KeyboardInterrupt:
            code = 0 if time.monotonic() - start < 5 else 2  # stopped, not run to its limit
        finally:
            os._exit(code)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:  # (bounded: the child is killed past a minute)
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            break
        time.sleep(0.05)
    else:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        pytest.fail("the child ran past a minute")
    assert os.waitstatus_to_exitcode(status) == 0


def _checker():
    """The proof checker `./masu test` installs (`.tools/rate`), or the one named or on the PATH."""
    installed = ROOT / ".tools/rate/bin/rate"
    if "MASU_RATE" not in os.environ and installed.exists():
        os.environ["MASU_RATE"] = str(installed)
    named = os.environ.get("MASU_RATE")
    return bool(named and pathlib.Path(named).exists()) or any(
        (pathlib.Path(p) / "rate").exists() for p in os.environ.get("PATH", "").split(os.pathsep))


def _checkers():
    """Both checkers of numberlink's two-stage certificates (blanks rule): rate and VeriPB
    (`.tools/veripb`, or the one named or on the PATH)."""
    installed = ROOT / ".tools/veripb/bin/veripb"
    if "MASU_VERIPB" not in os.environ and installed.exists():
        os.environ["MASU_VERIPB"] = str(installed)
    named = os.environ.get("MASU_VERIPB")
    veripb = bool(named and pathlib.Path(named).exists()) or any(
        (pathlib.Path(p) / "veripb").exists() for p in os.environ.get("PATH", "").split(os.pathsep))
    return _checker() and veripb


def test_certify_proves_a_unique_verdict_and_keeps_its_proof(tmp_path):
    have = _checker()
    r = masu.solve("sudoku", SUDOKU, formulation="native", certify=tmp_path)
    certificate = r.stats["certificate"]
    assert certificate["accepted"] is have, certificate
    assert (tmp_path / "puzzle.cnf").read_text().startswith("c masu")
    assert (tmp_path / "puzzle.drat").exists()
    # Two solutions: `multiple` claims nothing of further solutions and gets no certificate.
    two = masu.solve("sudoku", "." * 81, formulation="native", certify=True)
    assert two.status == "multiple" and two.stats.get("certificate") is None
    with pytest.raises(masu.InputError, match="certify"):
        masu.solve("sudoku", SUDOKU, certify=3)


def test_compare_says_which_verdicts_are_certified():
    have = _checkers()
    c = masu.compare("numberlink", ARTICLE_NUMBERLINK, formulations=["links", "frontier"], backends=["native"],
                     certify=True)
    assert [r["certified"] for r in c.records] == [have, have]
    assert "certified" not in masu.compare("numberlink", ARTICLE_NUMBERLINK, formulations=["links"],
                                           backends=["native"]).records[0]
