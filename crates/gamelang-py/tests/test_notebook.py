"""The tour notebook (examples/tour.ipynb) runs headless from start to end
without an error, and shows its pictures."""

import nbformat
from nbclient import NotebookClient

from conftest import ROOT


def test_the_tour_runs():
    path = ROOT / "examples" / "tour.ipynb"
    notebook = nbformat.read(path, as_version=4)
    client = NotebookClient(
        notebook,
        timeout=300,
        kernel_name="python3",
        resources={"metadata": {"path": str(path.parent)}},
    )
    # A cell that raises stops the run with CellExecutionError.
    client.execute()
    shown = [
        output
        for cell in notebook.cells
        if cell.cell_type == "code"
        for output in cell.outputs
        if "image/svg+xml" in output.get("data", {})
    ]
    # The table, the thermograph and the board.
    assert len(shown) == 3
