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
