"""The GUI thread's own CPU in each event of a drag, an undo and redo and a fog stroke.

``python -m benchmarks.drag_cpu [--rounds N] [--only crypt|1024]``: the session of
:mod:`benchmarks.session` (the real window offscreen, 1600 x 1000, the player view open, 8
phone pages in a process of their own, fog with "Reveal after every move"), its rounds
played as there; each event is timed alone: ``time.thread_time`` of the GUI thread from
the event sent to the event loop settled after it (three turns: what the event set off,
its repaints, the sight landing when it came back meanwhile, a timer that fell due). The
drag's press, its two moves and its release; each Ctrl+Z and Ctrl+Y; each dab of the fog
stroke (from the hand's move over the map to the dab pushed and settled). CPU time, not
the wall clock: it holds on a loaded machine (a busy core still slows it a little).
Median and most over the rounds after the warm-up.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from benchmarks import session as played  # noqa: E402
from benchmarks.timing import print_table  # noqa: E402

EVENTS = ("press", "move", "release", "undo", "redo", "fog dab")


class Timed:
    """The GUI thread's CPU in each event, by event; nothing kept while ``keeping`` is off."""

    def __init__(self) -> None:
        self.cpu: dict[str, list[float]] = {name: [] for name in EVENTS}
        self.keeping = False

    def run(self, name: str, event: Callable[[], None]) -> None:
        began = time.thread_time()
        event()
        played.settle()
        if self.keeping:
            self.cpu[name].append((time.thread_time() - began) * 1000)


def timed_session(timed: Timed) -> type[played.Session]:
    """The benchmark's session, its drag, undo and redo and stroke sent one timed event
    at a time (the same events, in the same order)."""

    class Session(played.Session):
        def drag(self, dx: int) -> None:
            from PySide6.QtCore import QEvent, QPointF, Qt
            from PySide6.QtGui import QMouseEvent
            from PySide6.QtWidgets import QApplication

            from tactical.app.map.geometry import CELL

            view = self.window.view
            viewport = view.viewport()
            square = self.document.encounter.token(self.mover).square
            assert square is not None
            col, row = square

            def send(kind: QEvent.Type, at: int, buttons: Qt.MouseButton) -> None:
                point = view.mapFromScene(QPointF((at + 0.5) * CELL, (row + 0.5) * CELL))
                moved = kind == QEvent.Type.MouseMove
                button = Qt.MouseButton.NoButton if moved else Qt.MouseButton.LeftButton
                global_point = QPointF(viewport.mapToGlobal(point))
                event = QMouseEvent(
                    kind, QPointF(point), global_point, button, buttons, Qt.KeyboardModifier(0)
                )
                name = {QEvent.Type.MouseButtonPress: "press", QEvent.Type.MouseMove: "move"}
                timed.run(
                    name.get(kind, "release"), lambda: QApplication.sendEvent(viewport, event)
                )

            left = Qt.MouseButton.LeftButton
            send(QEvent.Type.MouseButtonPress, col, left)
            send(QEvent.Type.MouseMove, col + dx // 2, left)
            send(QEvent.Type.MouseMove, col + dx, left)
            self.drops.append((time.perf_counter(), list(self.pages.seen)))
            send(QEvent.Type.MouseButtonRelease, col + dx, Qt.MouseButton.NoButton)
            self.wait_sight()

        def undo_redo(self) -> None:
            from PySide6.QtCore import Qt

            control = Qt.KeyboardModifier.ControlModifier
            for key, name in ((Qt.Key.Key_Z, "undo"),) * 2 + ((Qt.Key.Key_Y, "redo"),) * 2:
                timed.run(name, lambda key=key: self.keys(key, control))  # type: ignore[misc]
            self.wait_sight()

        def stroke(self) -> None:
            """Each dab from the hand's move over the map to the dab pushed and settled."""
            push, began = self.document.push, [0.0]

            def hand() -> None:
                began[0] = time.thread_time()
                played.Session.hand(self)

            def timed_push(command: object, initiator: object, **kwargs: object) -> None:
                push(command, initiator, **kwargs)  # type: ignore[arg-type]
                played.settle()
                if timed.keeping:
                    timed.cpu["fog dab"].append((time.thread_time() - began[0]) * 1000)

            self.hand = hand  # type: ignore[method-assign]
            self.document.push = timed_push  # type: ignore[method-assign]
            try:
                super().stroke()
            finally:
                del self.document.push, self.hand

    return Session


def measure(path: Path, rounds: int) -> dict[str, list[float]]:
    from PySide6.QtWidgets import QApplication

    from tactical.app.runtime.gil_turns import install_quick_gil_turns
    from tactical.app.runtime.give_way import install_give_way, remove_give_way
    from tactical.app.runtime.gui_thread_gc import install_gui_thread_gc

    app = QApplication.instance() or QApplication(sys.argv[:1])
    collector = install_gui_thread_gc(app)
    install_quick_gil_turns(0.25 / 1000)  # as the app does
    install_give_way(app)
    timed = Timed()
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        copy = folder / path.name
        copy.write_bytes(path.read_bytes())
        session = timed_session(timed)(copy, folder)
        collector.freeze_now()
        for _ in range(played.WARM_UP):
            session.play_round()
        played.pause(collector, session)
        timed.keeping = True
        for _ in range(rounds):
            session.play_round()
        timed.keeping = False
        session.close()
    remove_give_way(app)
    return timed.cpu


def main(argv: list[str] | None = None) -> int:

    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=20, help="rounds after the warm-up")
    parser.add_argument("--only", default="", help="only the maps whose name holds this")
    args = parser.parse_args(argv)
    names = [n for n in ("crypt-fog", "generated 1024 x 1024") if args.only in n]
    rows: list[tuple[str, ...]] = []
    loads = [f"{os.getloadavg()[0]:.1f}"]
    with tempfile.TemporaryDirectory() as scratch:
        for name in names:
            path = played.map_path(name, Path(scratch))
            cpu = measure(path, args.rounds)
            for event in EVENTS:
                got = cpu[event]
                if got:
                    rows.append(
                        (
                            f"{name}: {event} ({len(got)})",
                            f"{statistics.median(got):.1f}",
                            f"{max(got):.1f}",
                        )
                    )
            loads.append(f"{os.getloadavg()[0]:.1f}")
    print_table(("event (how many)", "GUI CPU, median (ms)", "most (ms)"), rows, 2)
    print(f"load average (1 min) before and after each map: {', '.join(loads)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
