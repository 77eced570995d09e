"""Saving an evening (issue 33): six scenes where one changed, against that scene alone.

The app saves as Ctrl+S does: :func:`~tactical.persistence.snapshot.take_snapshot` on
the GUI thread, then :func:`~tactical.app.storage.background_save.write_snapshot` (the
proof that the file opens again and the atomic write) on the save's thread; both are
timed here, one after the other, in one thread. Before each save one token of the
changed scene moves, so every save has a change to write (no save is a cache hit).

- *evening*: a file of six scenes (benchmark-256, the changed one, and five example
  maps); the other five scenes are unchanged since the last save, so their text is
  kept, not made again.
- *reference*: benchmark-256 alone, a file of one scene, saved the same way: what
  saving that map cost before a file could hold an evening.

``python -m benchmarks.evening_save [--repeat N]``
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING

from benchmarks.timing import print_table

if TYPE_CHECKING:
    from tactical.core.evening import Evening

ROOT = Path(__file__).resolve().parent.parent
MAPS = ROOT / "maps"
CHANGED = "benchmark-256"
OTHERS = ["hillside-ruin", "tavern-brawl", "crypt-fog", "thrum", "side-initiative"]


def _evening(names: list[str]) -> Evening:
    from tactical.core.evening import Evening, Scene
    from tactical.persistence import load_encounter

    scenes = [
        Scene(f"s{i}", load_encounter(MAPS / f"{n}.tactical.json")) for i, n in enumerate(names)
    ]
    return Evening(scenes, shown="s0")


def save_times(names: list[str], repeat: int, folder: Path) -> tuple[list[float], list[float], int]:
    """Milliseconds of each save's snapshot and of its write, and the file's size in bytes."""
    from tactical.app.storage.background_save import write_snapshot
    from tactical.core.commands import MoveToken
    from tactical.persistence.evening_file import load_evening
    from tactical.persistence.snapshot import take_snapshot

    evening = _evening(names)
    encounter = evening.scenes[0].encounter
    path = folder / f"evening-{len(names)}.tactical.json"
    token = next(t for t in encounter.tokens.values() if t.position is not None)
    grid = encounter.grid
    assert grid is not None, f"{names[0]} is a grid map"
    free = [(x, y) for x in range(grid.width) for y in range(grid.height)]
    assert write_snapshot(path, take_snapshot(encounter)) is None  # the first save: every scene
    snapshots: list[float] = []
    writes: list[float] = []
    for step in range(repeat):
        MoveToken(token.id, free[(step * 7919) % len(free)]).do(encounter)
        start = time.perf_counter()
        snapshot = take_snapshot(encounter)
        taken = time.perf_counter()
        assert write_snapshot(path, snapshot) is None
        snapshots.append((taken - start) * 1000)
        writes.append((time.perf_counter() - taken) * 1000)
    again = load_evening(path)  # the file written holds every scene and the last move
    assert [s.name for s in again.scenes] == [s.name for s in evening.scenes]
    assert again.scenes[0].encounter.token(token.id).position == token.position
    return snapshots, writes, path.stat().st_size


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=15)
    args = parser.parse_args(argv)
    rows: list[tuple[str, ...]] = []
    with tempfile.TemporaryDirectory() as folder:
        for label, names in (
            (f"{CHANGED} alone (reference)", [CHANGED]),
            (f"six scenes, {CHANGED} changed", [CHANGED, *OTHERS]),
        ):
            snapshots, writes, size = save_times(names, args.repeat, Path(folder))
            total = [s + w for s, w in zip(snapshots, writes, strict=True)]
            rows.append(
                (
                    label,
                    f"{statistics.median(total):.1f}",
                    f"{statistics.median(snapshots):.1f}",
                    f"{statistics.median(writes):.1f}",
                    f"{size / 1024:.0f} KiB",
                )
            )
    print_table(("save (medians)", "total ms", "snapshot ms", "write ms", "file"), rows, 4)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
