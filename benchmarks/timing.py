"""The one stopwatch of the benchmarks: the median of a few runs, in milliseconds."""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def timed(fn: Callable[[], object], repeat: int) -> float:
    """Median milliseconds of ``repeat`` calls of ``fn``."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


CHILD_PRELUDE = """
import json, resource, sys, time
def peak_mb():
    # VmHWM: this process's own peak (ru_maxrss keeps the parent's size at fork)
    for line in open("/proc/self/status"):
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
"""
"""The start of a measured child process's script: its imports and ``peak_mb()``."""


def child_figures(script: str, *arguments: str, env: dict[str, str] | None = None) -> Any:
    """Run ``script`` in a fresh Python from the repository root: its last printed line, as JSON."""
    done = subprocess.run(
        [sys.executable, "-c", script, *arguments],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
        env=env,
    )
    return json.loads(done.stdout.strip().splitlines()[-1])


def print_table(header: tuple[str, ...], rows: list[tuple[str, ...]], numbers: int = 1) -> None:
    """A Markdown table, as docs/performance.md quotes it; the ``numbers`` columns after the
    first are right-aligned, the rest (targets, notes) left."""
    align = ["---"] + ["---:"] * numbers + ["---"] * (len(header) - 1 - numbers)
    for line in (header, align, *rows):
        print("| " + " | ".join(line) + " |")


def settle(
    until: Callable[[], object] | None = None, most: float = 30.0, pause: float = 0.002
) -> None:
    """Run the Qt event loop a little, and until ``until()`` holds (at most ``most`` seconds),
    sleeping ``pause`` seconds between turns."""
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance()
    assert app is not None
    deadline = time.perf_counter() + most
    for _ in range(3):
        app.processEvents()
    while until is not None and not until() and time.perf_counter() < deadline:
        app.processEvents()
        time.sleep(pause)
