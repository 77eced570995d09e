"""Party sight timings: 6 PCs on a 256 x 256 map with 500 wall lines (issue 9).

The map is a dungeon of 8 x 8 rooms, 32 squares on a side, whose walls are
free wall lines (8 per room, each wall split by a doorway two squares wide),
the first 500 of them kept. "Together" puts the party in two neighbouring
rooms (a real crawl); "scattered" puts each PC in a different room; "open"
is the same map without walls, where everyone sees the whole map (the worst
case: no wall stops the work). Each figure is the product's path on a map this size, the
numpy path (numba is loaded only for maps of ``sight_kernel.BIG`` squares), with the numba
kernel's beside it.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from tactical.core import sight_kernel
from tactical.core.grid import GridMap
from tactical.core.sight import Viewer, sight_masks, visible_squares
from tactical.core.wall_lines import WallLine

SIZE = 256
ROOM = 32
LINES = 500


def dungeon_lines(size: int = SIZE, room: int = ROOM, count: int = LINES) -> list[WallLine]:
    lines: list[WallLine] = []
    for top in range(0, size, room):
        for left in range(0, size, room):
            mid_x, mid_y = left + room / 2, top + room / 2
            right, bottom = left + room, top + room
            lines += [
                WallLine((left, top), (mid_x - 1, top)),
                WallLine((mid_x + 1, top), (right, top)),
                WallLine((left, bottom), (mid_x - 1, bottom)),
                WallLine((mid_x + 1, bottom), (right, bottom)),
                WallLine((left, top), (left, mid_y - 1)),
                WallLine((left, mid_y + 1), (left, bottom)),
                WallLine((right, top), (right, mid_y - 1)),
                WallLine((right, mid_y + 1), (right, bottom)),
            ]
    return lines[:count]


def clocks(fn: Callable[[], Any], repeat: int) -> tuple[float, float]:
    """Median wall-clock and CPU milliseconds of ``repeat`` calls.

    The CPU time tells what the call costs when other processes share the cores
    (the wall clock then counts their turns too).
    """
    walls, cpus = [], []
    for _ in range(repeat):
        wall, cpu = time.perf_counter(), time.process_time()
        fn()
        walls.append((time.perf_counter() - wall) * 1000)
        cpus.append((time.process_time() - cpu) * 1000)
    return statistics.median(walls), statistics.median(cpus)


def rows(ms: Callable[[float], str], repeat: int) -> dict[str, str]:
    """The sight rows of the benchmark table."""
    walled = GridMap(SIZE, SIZE, wall_lines=dungeon_lines())
    open_map = GridMap(SIZE, SIZE)
    masks = sight_masks(walled)
    open_masks = sight_masks(open_map)
    rng = random.Random(9)
    together = [Viewer((100 + rng.randrange(20), 100 + rng.randrange(8))) for _ in range(6)]
    together[3:] = [Viewer((140 + rng.randrange(10), 105 + rng.randrange(8))) for _ in range(3)]
    rooms = rng.sample([(c, r) for c in range(8) for r in range(8)], 6)
    scattered = [Viewer((c * ROOM + 10, r * ROOM + 12)) for c, r in rooms]

    # The product's path on a map this size is numpy (numba is loaded only from
    # sight_kernel.BIG squares); the kernel beside it, as after a big map loaded it.
    kernel = sight_kernel.warm()

    def figure(fn: Callable[[], Any], times: int, paths: bool = True) -> str:
        """The product's path (numpy here), the kernel beside it (``paths``)."""
        with sight_kernel.suspended():
            fn()  # warm: ring tables, caches
            wall, cpu = clocks(fn, times)
        if not paths:
            return f"{ms(wall)} (CPU {ms(cpu)})"
        if not kernel:
            return f"{ms(wall)} (CPU {ms(cpu)}); kernel: numba unavailable"
        fn()  # warm: packed walls
        kernel_wall, kernel_cpu = clocks(fn, times)
        return f"{ms(wall)} (CPU {ms(cpu)}); kernel {ms(kernel_wall)} (CPU {ms(kernel_cpu)})"

    few = max(3, repeat // 5)
    return {
        "party sight, 6 PCs together, 500 wall lines": figure(
            lambda: visible_squares(walled, together, masks), repeat
        ),
        "party sight, 6 PCs scattered, 500 wall lines": figure(
            lambda: visible_squares(walled, scattered, masks), repeat
        ),
        "party sight, 6 PCs, no walls (all 65,536 squares seen)": figure(
            lambda: visible_squares(open_map, scattered, open_masks), few
        ),
        "sight masks: rasterise 500 wall lines (once per map edit)": figure(
            lambda: sight_masks(walled), few, paths=False
        ),
    }
