"""Time table-scale PDFs the way the command line writes them, each in a fresh process.

``tactical snapshot FILE OUT.pdf --table-scale`` on A4 (landscape, 1-inch
squares, 6 mm margins, 10 mm overlap): the time spent writing the pages (the
scene, the cover and every tile), the whole process (Python's and Qt's start,
loading the file, writing) and its peak resident memory. Targets from tracker
issue 11.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MAPS = ROOT / "maps"

CASES = {
    "hillside-ruin": ("< 3 s", ""),
    "benchmark-256": ("< 60 s", "< 500 MB"),
}
"""Example map -> (time target, memory target)."""

CHILD = """
import json, resource, sys, time
t0 = time.perf_counter()
from tactical import cli
from tactical.app.snapshot import render
real = render.export_snapshot
spent = []
def timed(*args, **kwargs):
    start = time.perf_counter()
    try:
        return real(*args, **kwargs)
    finally:
        spent.append(time.perf_counter() - start)
render.export_snapshot = timed
status = cli.main(["snapshot", sys.argv[1], sys.argv[2], "--table-scale", "--paper", "A4"])
took = time.perf_counter() - t0
rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
print(json.dumps({"status": status, "seconds": took, "writing": sum(spent), "rss": rss}))
"""


def run_case(example: Path) -> dict[str, float]:
    """One table-scale PDF of ``example`` in a fresh interpreter: seconds, MB, pages."""
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "tiles.pdf"
        start = time.perf_counter()
        done = subprocess.run(
            [sys.executable, "-c", CHILD, str(example), str(out)],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
            env={"QT_QPA_PLATFORM": "offscreen", "PATH": "/usr/bin:/bin"},
        )
        wall = time.perf_counter() - start
        figures: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
        pages = done.stdout.strip().splitlines()[-2].rsplit(": ", 1)[-1].split()[0]
        figures["pages"] = float(pages)
        figures["process"] = wall
    return figures


def measure(*, big: bool = True) -> dict[str, tuple[str, str]]:
    """Benchmark rows: measure -> (figure, target); nothing when Qt is missing.
    ``big`` False leaves out the 256 x 256 example."""
    try:
        import PySide6  # noqa: F401
    except ImportError:
        return {}
    rows: dict[str, tuple[str, str]] = {}
    for name, (time_target, memory_target) in CASES.items():
        example = MAPS / f"{name}.tactical.json"
        if not example.exists() or (not big and name == "benchmark-256"):
            continue
        figures = run_case(example)
        label = f"table-scale PDF, {name} on A4 ({figures['pages']:.0f} pages)"
        rows[f"{label}: writing the pages"] = (f"{figures['writing']:.2f} s", time_target)
        rows[f"{label}: whole command (Python, Qt, load, write)"] = (
            f"{figures['process']:.2f} s",
            time_target,
        )
        rows[f"{label}: peak resident memory"] = (f"{figures['rss']:.0f} MB", memory_target)
    return rows


if __name__ == "__main__":
    for key, (figure, target) in measure().items():
        print(f"| {key} | {figure} | {target} |")
