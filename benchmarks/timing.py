"""The one stopwatch of the benchmarks: the median of a few runs, in milliseconds."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable


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
