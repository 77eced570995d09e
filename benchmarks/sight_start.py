"""The sight kernel's cold costs (issue 22, third pass), each measured in a fresh process.

What a GM's first minutes pay for numba: importing it, then the kernel either compiled
(numba's cache empty: the first start after an install or an update, and every start
of the frozen folder app, which has no cache) or loaded from the cache (every later
start). Both happen on a background thread after the first frame; sight answers on
the numpy path meanwhile. Each figure is the median of a few fresh processes, given
as wall clock and CPU time of that process.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

SCRIPT = """
import json, time
from tactical.core import sight_kernel  # numpy, the engine: not numba
wall, cpu = time.perf_counter(), time.process_time()
import numba
imported = (time.perf_counter() - wall, time.process_time() - cpu)
wall, cpu = time.perf_counter(), time.process_time()
ok = sight_kernel.warm()
warmed = (time.perf_counter() - wall, time.process_time() - cpu)
print(json.dumps({"ok": ok, "import": imported, "warm": warmed}))
"""


def _once(cache: Path) -> dict[str, list[float]]:
    env = {**os.environ, "NUMBA_CACHE_DIR": str(cache)}
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT], capture_output=True, text=True, env=env, check=True
    )
    got: dict[str, list[float]] = json.loads(done.stdout.splitlines()[-1])
    if not got["ok"]:
        raise RuntimeError(f"the sight kernel did not compile: {done.stderr}")
    return got


def _ms(values: list[float]) -> str:
    return f"{statistics.median(values) * 1000:.0f} ms"


def start_costs(repeat: int = 3) -> dict[str, str]:
    """Median import, compile (empty cache) and load (from the cache) times, wall and CPU."""
    imports: list[list[float]] = []
    compiled: list[list[float]] = []
    loaded: list[list[float]] = []
    for _ in range(repeat):
        with tempfile.TemporaryDirectory() as folder:
            first = _once(Path(folder))  # an empty cache: compiled, then saved
            again = _once(Path(folder))  # from the cache
        imports += [first["import"], again["import"]]
        compiled.append(first["warm"])
        loaded.append(again["warm"])

    def cell(values: list[list[float]]) -> str:
        return f"{_ms([w for w, _ in values])} (CPU {_ms([c for _, c in values])})"

    return {"import": cell(imports), "compiled": cell(compiled), "loaded": cell(loaded)}


def row(repeat: int = 3) -> dict[str, tuple[str, str]]:
    """Issue 22's row of the kernel's cold costs."""
    costs = start_costs(repeat)
    return {
        "first sight after start-up: numba import + kernel from cache / compiled": (
            f"import {costs['import']}; + kernel loaded from the cache {costs['loaded']}"
            f" / compiled (empty cache, the folder app) {costs['compiled']};"
            " on a background thread after the first frame, numpy answers meanwhile",
            "off the GUI thread",
        )
    }


if __name__ == "__main__":
    for key, (figure, target) in row().items():
        print(f"| {key} | {figure} | {target} |")
