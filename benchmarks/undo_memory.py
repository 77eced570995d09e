"""What the undo history keeps of fog-brush strokes on the biggest map (issue 32).

``python -m benchmarks.undo_memory [--side N] [--strokes N]``: on an N x N map
under fog, one stroke of 300 dabs (brush 5), then N strokes of 40 dabs each,
through the document as the fog tool pushes them; prints the memory each kept
(tracemalloc: Python's and numpy's allocations, the map's own 1-bit-a-square
fog included) and what clearing the history leaves, and the time a dab takes.
"""

from __future__ import annotations

import argparse
import gc
import os
import sys
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from benchmarks.timing import print_table

MB = 1024 * 1024


def _stroke(push: Callable[[object], None], gesture: object, path: list[tuple[int, int]]) -> None:
    from tactical.app.fog.gesture import FogGesture
    from tactical.app.map.geometry import CELL
    from tactical.app.map.interaction.events import Pointer

    assert isinstance(gesture, FogGesture)

    def at(square: tuple[int, int]) -> Pointer:
        return Pointer((square[0] + 0.5) * CELL, (square[1] + 0.5) * CELL, left=True)

    push(gesture.press(at(path[0])))
    for square in path[1:]:
        push(gesture.move(at(square)))
    push(gesture.release(at(path[-1])))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--side", type=int, default=1024, help="the map's side in squares")
    parser.add_argument("--strokes", type=int, default=300, help="strokes of 40 dabs")
    args = parser.parse_args(argv)
    from PySide6.QtWidgets import QApplication

    from tactical.app.encounter.document import EncounterDocument
    from tactical.app.fog.gesture import FogGesture
    from tactical.core.changes import GM
    from tactical.core.commands.base import Command
    from tactical.core.encounter import Encounter
    from tactical.core.fog import Fog
    from tactical.core.grid import GridMap

    app = QApplication.instance() or QApplication(sys.argv[:1])
    side = args.side
    document = EncounterDocument(Encounter(GridMap(side, side), fog=Fog(enabled=True)))
    gesture = FogGesture(lambda: document.encounter, size=5)
    dabs = 0

    def push(command: object) -> None:
        nonlocal dabs
        if isinstance(command, Command):
            dabs += 1
            document.push(command, GM)

    rows: list[tuple[str, ...]] = []
    gc.collect()
    tracemalloc.start()
    base = tracemalloc.get_traced_memory()[0]
    step = max(1, (side - 20) // 300)
    begin = time.perf_counter()
    _stroke(push, gesture, [(10 + step * i, 10 + step * i) for i in range(300)])
    per_dab = (time.perf_counter() - begin) * 1000 / dabs
    gc.collect()
    kept = tracemalloc.get_traced_memory()[0] - base
    rows.append((f"one stroke of 300 dabs on {side} x {side}: kept", f"{kept / MB:.1f} MB"))
    rows.append(("... a dab, pushed (tracemalloc on)", f"{per_dab:.2f} ms"))
    dabs = 0
    column = max(1, (side - 20) // max(1, args.strokes))
    for n in range(args.strokes):
        col = 10 + column * n
        _stroke(push, gesture, [(col, 10 + (side - 30) * i // 39) for i in range(40)])
    gc.collect()
    kept = tracemalloc.get_traced_memory()[0] - base
    steps = document.undo_stack.count()
    rows.append(
        (
            f"then {args.strokes} strokes of 40 dabs ({steps} undo steps): kept",
            f"{kept / MB:.1f} MB",
        )
    )
    document.undo_stack.clear()
    gc.collect()
    kept = tracemalloc.get_traced_memory()[0] - base
    tracemalloc.stop()
    rows.append(("the history cleared: left (the map's own fog)", f"{kept / MB:.1f} MB"))
    print_table(("measure", "now"), rows)
    del app
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
