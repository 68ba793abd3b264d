#!/usr/bin/env python3
"""Ctrl-C and SIGTERM at random moments of a solve's life, on every backend compiled in.

For each backend, N runs of a long count (9x9 sudoku with no givens, 1,000,000 solutions
asked; for the native backend a 20x20 nonogram whose clues are all 1, which has 20!
solutions), each sent SIGINT or SIGTERM after a random delay of 0 to 2 s: start-up, library
loading, model building, search, and the rounds between two no-good cuts of a count. A run
passes when the process has ended within the bound (masu's own, 3 s, plus a margin for a
loaded machine) with exit status 130 and no partial line on stdout, or was ended by the
signal itself because it came before masu's start-up had blocked it (counted apart). Prints one row per
backend: runs, passed, the slowest and median stop (signal to exit), and the failures.

    scripts/signal_stress.py [--runs 200] [--masu target/release/masu] [--backends cp-sat,highs]
    just signal-stress 200

Exit status 1 when any run failed.
"""

import argparse
import json
import os
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BACKENDS = ["cp-sat", "highs", "cbc", "scip", "microlp", "cplex", "xpress", "gurobi", "cp-optimizer", "gecode", "z3", "pumpkin",
            "cadical", "kissat", "minisat", "glucose", "native"]


def formulation_of(backend):
    """The sudoku formulation a backend runs: the CP model, the clauses, or the MILP."""
    if backend in ("cp-sat", "cp-optimizer", "gecode", "z3", "pumpkin"):
        return "all-different"
    return "cnf" if backend in ("cadical", "kissat", "minisat", "glucose") else "binary"


def instances(folder):
    sudoku = os.path.join(folder, "empty9.txt")
    with open(sudoku, "w") as f:
        f.write("." * 81 + "\n" + "." * 81 + "\n")
    nonogram = os.path.join(folder, "ones20.json")
    with open(nonogram, "w") as f:
        json.dump({"rows": [[1]] * 20, "cols": [[1]] * 20}, f)
    return sudoku, nonogram


def command(masu, backend, sudoku, nonogram):
    if backend == "native":
        return [masu, "count", "nonogram", nonogram, nonogram, "--formulation", "native", "--count", "1000000"]
    formulation = formulation_of(backend)
    return [masu, "count", "sudoku", sudoku, "--formulation", formulation, "--backend", backend, "--count", "1000000"]


def one_run(args, seed):
    """Starts the command, signals it after a random delay, and returns what happened."""
    rng = random.Random(seed)
    delay = rng.uniform(0.0, 2.0)
    sent = rng.choice([signal.SIGINT, signal.SIGTERM])
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        process = subprocess.Popen(args, stdout=out, stderr=err, stdin=subprocess.DEVNULL, cwd=ROOT)
        time.sleep(delay)
        signalled = time.monotonic()
        process.send_signal(sent)
        try:
            code = process.wait(timeout=LIMIT)
            stopped = time.monotonic() - signalled
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
            return {"delay": delay, "signal": sent.name, "stopped": None, "code": None, "problem": "still running",
                    "early": False}
        out.seek(0)
        printed = out.read()
        err.seek(0)
        complaint = err.read().decode(errors="replace")
    problem = None
    # Ended by the signal itself: it came before masu's `main` blocked it (the process was
    # still being loaded), and its default action ended the process at once, a stop too.
    early = code == -sent
    if code != 130 and not early:
        problem = f"exit {code}: {complaint.strip()[-300:]}"
    elif printed and not printed.endswith(b"\n"):
        problem = "a partial line on stdout"
    elif "panicked" in complaint:
        problem = "a panic"
    return {"delay": delay, "signal": sent.name, "stopped": stopped, "code": code, "problem": problem, "early": early}


def compiled(masu):
    """The backends this build of masu has: those that solve article 002's sudoku."""
    puzzle = os.path.join(ROOT, "examples/data/article_002_sudoku.json")
    found = ["native"]
    for backend in BACKENDS[:-1]:
        formulation = formulation_of(backend)
        args = [masu, "solve", "sudoku", puzzle, "--formulation", formulation, "--backend", backend]
        if subprocess.run(args, capture_output=True, timeout=120).returncode == 0:
            found.insert(len(found) - 1, backend)
    return found


LIMIT = 10.0


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=200, help="runs per backend (default 200)")
    parser.add_argument("--masu", default=os.path.join(ROOT, "target/release/masu"))
    parser.add_argument("--backends", help="comma-separated; default: every backend compiled in")
    parser.add_argument("--bound", type=float, default=5.0, help="seconds from signal to exit (default 5)")
    parser.add_argument("--jobs", type=int, default=2, help="runs at once (default 2)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    backends = args.backends.split(",") if args.backends else compiled(args.masu)
    failed = False
    with tempfile.TemporaryDirectory() as folder:
        sudoku, nonogram = instances(folder)
        print(f"{args.runs} runs per backend, SIGINT or SIGTERM after 0-2 s, bound {args.bound} s, {args.jobs} at once")
        print("| backend | runs | stopped within the bound | of which before start-up | slowest stop s | median stop s | failures |")
        print("|---|---:|---:|---:|---:|---:|---|")
        for backend in backends:
            run = command(args.masu, backend, sudoku, nonogram)
            seeds = [args.seed * 1_000_003 + BACKENDS.index(backend) * 10_007 + k for k in range(args.runs)]
            with ThreadPoolExecutor(args.jobs) as pool:
                results = list(pool.map(lambda s: one_run(run, s), seeds))
            stops = [r["stopped"] for r in results if r["stopped"] is not None]
            bad = [r for r in results if r["problem"] or r["stopped"] is None or r["stopped"] > args.bound]
            within = len(results) - len(bad)
            failed |= bool(bad)
            slowest = f"{max(stops):.3f}" if stops else "-"
            median = f"{statistics.median(stops):.3f}" if stops else "-"
            shown = "; ".join(
                f"{r['signal']} at {r['delay']:.2f} s: {r['problem'] or 'stopped after %.2f s' % r['stopped']}"
                for r in bad[:3]
            )
            early = sum(r["early"] for r in results)
            print(f"| {backend} | {len(results)} | {within} | {early} | {slowest} | {median} | {shown or '-'} |", flush=True)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
