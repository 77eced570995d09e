"""The GUI thread's gaps while Ctrl+S writes on its worker, giving way or not (issue 32).

``python -m benchmarks.save_gaps [--saves N] [--size N]``: the session benchmark's window
(``benchmarks.session``: the generated map, the player view, 8 phone pages in a process of
their own, fog on) saves again and again; during each save the GM either waits (as the
session's save step does) or drags a token to and fro until it is written. The saves take
turns: the worker giving way to the busy GUI at its checkpoints (``core.give_way``, as the
app does), and not giving way (its budget 0: the code before, the reference on the same
work, in the same minutes). For each: the longest gap between two ticks of a 5 ms timer on
the GUI thread during a save, its GUI CPU and its time waiting for a core (medians and the
most over the saves), the longest time the GUI thread was blocked in one gap (neither
working nor waiting for a core: Python's lock held by another thread), and press to
written. The load average is printed: the gaps mean little on a loaded machine.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from benchmarks.timing import print_table  # noqa: E402


def one_save(session: Any, ticks: Any, drag: bool) -> dict[str, float]:
    """Ctrl+S, the GM waiting or dragging until written: the gaps in it and press to written."""
    from PySide6.QtCore import Qt

    from benchmarks.session import settle

    files = session.window.files
    settle()
    ticks.reset()
    begin = time.perf_counter()
    session.keys(Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    step = 2
    while files.background.running:
        if drag:
            session.drag(step)
            step = -step
        else:
            settle(lambda: not files.background.running)
    written = time.perf_counter() - begin
    ticks.tick()  # the gap up to now
    got = {
        "gap": ticks.longest * 1000,
        "cpu": ticks.longest_cpu * 1000,
        "queued": ticks.longest_queued * 1000,
        "blocked": ticks.blocked * 1000,
        "written": written * 1000,
    }
    if drag and step < 0:
        session.drag(step)  # back where it was
    return got


def run(size: int, saves: int) -> list[tuple[str, ...]]:
    from PySide6.QtWidgets import QApplication

    from benchmarks import big
    from benchmarks.session import Session, Ticks, settle
    from tactical.app.runtime.gil_turns import install_quick_gil_turns
    from tactical.app.runtime.give_way import install_give_way, remove_give_way
    from tactical.app.runtime.gui_thread_gc import install_gui_thread_gc
    from tactical.app.storage import background_save
    from tactical.core.give_way import SAVE_BUDGET_S

    app = QApplication.instance() or QApplication(sys.argv[:1])
    collector = install_gui_thread_gc(app)
    install_quick_gil_turns()
    install_give_way(app)
    found: dict[tuple[bool, bool], list[dict[str, float]]] = {}
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        path = folder / "saved.tactical.json"
        path.write_bytes(big.map_file(size, folder).read_bytes())
        session = Session(path, folder)
        collector.freeze_now()
        ticks = Ticks()
        for drag in (False, True):
            for index in range(2 * saves + 2):
                giving = index % 2 == 0
                background_save.SAVE_BUDGET_S = SAVE_BUDGET_S if giving else 0.0
                got = one_save(session, ticks, drag)
                if index >= 2:  # the first two warm up
                    found.setdefault((drag, giving), []).append(got)
        background_save.SAVE_BUDGET_S = SAVE_BUDGET_S
        ticks.stop()
        session.pages.close()
        session.window.phone_sharing.stop()
        session.player.close()
        session.window.close()
        settle()
    remove_give_way(app)
    rows = []
    for (drag, giving), runs in found.items():

        def ms(key: str, runs: list[dict[str, float]] = runs) -> str:
            values = [r[key] for r in runs]
            return f"{statistics.median(values):.0f} ({max(values):.0f})"

        rows.append(
            (
                f"{'dragging' if drag else 'waiting'}, {'giving way' if giving else 'not'}",
                ms("gap"),
                ms("cpu"),
                ms("queued"),
                ms("blocked"),
                ms("written"),
            )
        )
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--saves", type=int, default=8, help="saves of each kind")
    parser.add_argument("--size", type=int, default=1024, help="the generated map's side")
    args = parser.parse_args(argv)
    load = [f"{os.getloadavg()[0]:.1f}"]
    rows = run(args.size, args.saves)
    load.append(f"{os.getloadavg()[0]:.1f}")
    head = (
        f"Ctrl+S on {args.size} x {args.size}, the GM ... (median (most) of {args.saves}, ms)",
        "longest GUI gap",
        "its GUI CPU",
        "its wait for a core",
        "GUI blocked longest in a gap",
        "press to written",
    )
    print_table(head, rows, 5)
    print(f"load average (1 min) before and after: {', '.join(load)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
