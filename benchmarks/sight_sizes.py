"""Where numba pays: sight on the numpy path and in the kernel, by map size (issue 32).

``python -m benchmarks.sight_sizes`` (``--sizes 128,256`` to choose). For each size,
the generated rough battlefield (``maps.generated``: hills -3 .. +8, walled buildings)
with a party of six, and an open flat map with no walls (where a viewer sees everything:
the most work a viewer can be):

- *the drag's preview*: the party's sight after one party token moves one square, as a
  drag asks it on every new square (``party_sight``; the other five are kept);
- *one viewer, open map*: one viewer in the middle of the open map;
- *the party at once*: the six viewers' sight, the wall masks built in the timer (a reveal
  on a freshly opened map; once, not every frame).

Each row gives the numpy path (what answers without numba) beside the kernel on the same
work, wall clock and CPU medians. The kernel is imported and compiled (or loaded from
numba's cache) once, before any row; where numba is missing (or ``--no-numba``) the
kernel column says so.
The size from which the numpy path's preview misses a 16 ms frame is where the app
loads the kernel (``sight_kernel.BIG``).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks import maps, sight  # noqa: E402
from benchmarks.issue22 import party, replace_grid, shown  # noqa: E402
from benchmarks.timing import print_table  # noqa: E402
from tactical.core import GridMap, sight_kernel  # noqa: E402
from tactical.core.commands.fog import party_sight  # noqa: E402
from tactical.core.sight import Viewer, sight_masks, visible_squares  # noqa: E402

SIZES = (128, 192, 256, 320, 384, 512, 768, 1024)


def both(run: Callable[[], object], repeat: int, kernel: bool) -> tuple[str, str]:
    """The numpy path's clocks, then the kernel's, on the same work."""
    with sight_kernel.suspended():
        numpy_path = shown(sight.clocks(run, repeat))
    return numpy_path, shown(sight.clocks(run, repeat)) if kernel else "numba unavailable"


def size_rows(size: int, repeat: int, kernel: bool) -> list[tuple[str, str, str, str]]:
    encounter = maps.generated(size, tokens=60)
    grid = encounter.grid
    assert grid is not None
    pcs = party(encounter)
    label = f"{size} x {size}"
    rows: list[tuple[str, str, str, str]] = []

    few = max(3, repeat // 4)
    copies = iter([replace_grid(encounter) for _ in range(2 * few)])
    whole = both(lambda: party_sight(next(copies)), few, kernel)
    party_sight(encounter)
    mover = pcs[0]
    home = mover.position
    assert home is not None
    step = 1 if home[0] + 2 * repeat + 2 < grid.width else -1
    walk = iter([(home[0] + step * k, home[1]) for k in range(1, 2 * repeat + 3)])

    def moved() -> None:
        mover.position = next(walk)
        party_sight(encounter)

    preview = both(moved, repeat, kernel)
    open_grid = GridMap(size, size)
    masks = sight_masks(open_grid)
    middle = [Viewer((size // 2, size // 2))]
    visible_squares(open_grid, middle, masks)
    alone = both(lambda: visible_squares(open_grid, middle, masks), repeat, kernel)
    rows.append((f"{label}: the drag's preview (one of six moves a square)", *preview, "< 16 ms"))
    rows.append((f"{label}: one viewer in the middle of the open map", *alone, ""))
    rows.append((f"{label}: the party at once, masks built in the timer", *whole, ""))
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default=",".join(map(str, SIZES)))
    parser.add_argument("--repeat", type=int, default=15)
    parser.add_argument(
        "--no-numba", action="store_true", help="numba made unavailable: the numpy path only"
    )
    options = parser.parse_args(argv)
    if options.no_numba:  # ``import numba`` fails, as where it has no wheel
        sys.modules["numba"] = sys.modules["llvmlite"] = None  # type: ignore[assignment]
    kernel = sight_kernel.warm()
    rows = []
    for size in (int(s) for s in options.sizes.split(",")):
        rows += size_rows(size, options.repeat, kernel)
    print_table(("measure", "numpy path", "kernel (same work)", "frame"), rows, numbers=2)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
