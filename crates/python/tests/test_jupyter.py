"""masu in a Jupyter kernel, as a notebook runs it: results and generated puzzles show as
SVG pictures, and the kernel's interrupt (the notebook's stop button: SIGINT to the kernel)
stops a solve. Skipped where nbclient and ipykernel are not installed (CI installs them)."""

import pathlib
import threading
import time

import pytest

nbformat = pytest.importorskip("nbformat")
nbclient = pytest.importorskip("nbclient")
pytest.importorskip("ipykernel")
from jupyter_client.utils import run_sync  # noqa: E402  (after the skips)

ROOT = pathlib.Path(__file__).resolve().parents[3]


def test_a_notebook_draws_results_and_its_stop_button_stops_a_solve():
    cells = [
        'import masu\nmasu.solve("sudoku", "examples/data/article_002_sudoku.json")',
        'masu.generate("nonogram", size=8, seed=2)[0]',
        'import time\nprint("counting", flush=True)\nstart = time.perf_counter()\ntry:\n'
        '    masu.count("sudoku", "." * 256, formulation="native", count=10**12, time_limit=60)\n'
        'except KeyboardInterrupt:\n    print(f"stopped after {time.perf_counter() - start:.1f} s")',
        'masu.solve("sudoku", "examples/data/article_002_sudoku.json", formulation="native").status',
    ]
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(c) for c in cells])
    # (bounded: each cell at most two minutes; the kernel is shut down when the block ends)
    client = nbclient.NotebookClient(notebook, timeout=120, kernel_name="python3",
                                     resources={"metadata": {"path": str(ROOT)}})
    with client.setup_kernel():
        for i in (0, 1):
            client.execute_cell(notebook.cells[i], i)
            shown = [o for o in notebook.cells[i].outputs if o.output_type == "execute_result"]
            assert shown and shown[0]["data"]["image/svg+xml"].startswith("<svg"), notebook.cells[i].outputs
        # The stop button once the count has begun (its cell has printed), as a person
        # presses it; the cell runs on a thread of its own meanwhile.
        cell = notebook.cells[2]
        running = threading.Thread(target=client.execute_cell, args=(cell, 2))
        running.start()
        deadline = time.monotonic() + 60
        while "counting" not in "".join(o.get("text", "") for o in cell.outputs):
            assert time.monotonic() < deadline and running.is_alive(), cell.outputs
            time.sleep(0.05)
        time.sleep(0.5)
        run_sync(client.km.interrupt_kernel)()
        running.join(timeout=120)
        assert not running.is_alive(), "the cell ran past two minutes"
        printed = "".join(o.get("text", "") for o in cell.outputs)
        assert "stopped after " in printed, cell.outputs
        assert float(printed.split("stopped after ")[1].split()[0]) < 10, printed
        client.execute_cell(notebook.cells[3], 3)
        assert notebook.cells[3].outputs[0]["data"]["text/plain"] == "'unique'"
