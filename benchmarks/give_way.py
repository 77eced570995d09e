"""The phones' page builder giving way to the GUI thread, alone (issue 32).

``python -m benchmarks.give_way [--seconds S] [--turns N]``: on the generated 1024 x 1024
map (200 tokens, fog on, its top half revealed), the GUI thread's event loop runs, as the
app's does:

- every 100 ms a party token moves a square and the GM's thread hands the phones a frozen
  copy (``builder_for``, as the app publishes);
- a worker thread builds the 8 pages of the newest copy (``server._build_all``, as the
  share server's worker does), one build after another while there is a new copy;
- every 16 ms a *step* of the GM's: a scene of 1,000 items painted in Python drawn (as the
  map's token items are): Qt calls each item's ``paint``, and each call takes Python's
  lock back, waiting for it while the builder holds it.

Measured over ``--seconds`` in each case, the cases in ``--turns`` turns (the load of a
shared machine changes meanwhile): the step's wall time and, in it, the GUI thread
*blocked* (neither working nor waiting for a core, Linux's schedstat: waiting for Python's
lock), median and most; and the pages' latency, from the hand-over until the build that
holds it is done (median and most). The reference is the builder not giving way
(``tactical.share.give_way`` never marked).
"""

from __future__ import annotations

import argparse
import os
import queue
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from benchmarks.timing import print_table  # noqa: E402

PAGES = 8
ITEMS = 1000
STEP_MS = 16
PUBLISH_MS = 100


def _item_class() -> Any:
    from PySide6.QtCore import QRectF
    from PySide6.QtGui import QPainter
    from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

    class Item(QGraphicsItem):
        """A token-like item painted in Python (as the map's token items are)."""

        def boundingRect(self) -> QRectF:
            return QRectF(0, 0, 10, 10)

        def paint(
            self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
        ) -> None:
            painter.drawEllipse(0, 0, 10, 10)

    return Item


def _encounter() -> Any:
    import numpy as np

    from benchmarks import big
    from tactical.persistence import load_encounter

    with tempfile.TemporaryDirectory() as scratch:
        encounter = load_encounter(big.map_file(1024, Path(scratch)))
    grid = encounter.grid
    revealed = np.zeros((grid.height, grid.width), dtype=np.bool_)
    revealed[: grid.height // 2] = True
    encounter.fog.enabled = True
    encounter.fog.set_mask(revealed)
    from tactical.share.links import links_for
    from tactical.share.publish import builder_for
    from tactical.share.server import _build_all

    _build_all(builder_for(encounter), links_for(encounter).all()[:PAGES], {})  # warm
    return encounter


def measure(encounter: Any, seconds: float, give_way: bool) -> dict[str, list[float]]:
    """Each step's (wall ms, blocked ms) and each hand-over's latency ms, for ``seconds``."""
    from PySide6.QtCore import QEventLoop, QTimer
    from PySide6.QtGui import QImage, QPainter
    from PySide6.QtWidgets import QApplication, QGraphicsScene

    from tactical.app.runtime.give_way import install_give_way, remove_give_way
    from tactical.core.commands.tokens import MoveToken
    from tactical.share.links import links_for
    from tactical.share.publish import builder_for
    from tactical.share.server import _build_all

    app = QApplication.instance() or QApplication(sys.argv[:1])
    _Item = _item_class()
    if give_way:
        install_give_way(app)
    else:
        remove_give_way(app)
    links = links_for(encounter).all()[:PAGES]
    mover = next(t for t in encounter.tokens.values() if t.side in encounter.fog.party)
    handed: queue.Queue[tuple[float, Any] | None] = queue.Queue()
    latencies: list[float] = []

    def build() -> None:
        held: dict[str, Any] = {}
        while (item := handed.get()) is not None:
            while not handed.empty():  # coalesced: the newest copy only
                newer = handed.get()
                if newer is None:
                    return
                item = newer
            at, builder = item
            built = _build_all(builder, links, held)
            held.update({token: wire for token, (wire, _pictures) in built.items()})
            latencies.append((time.perf_counter() - at) * 1000)

    scene = QGraphicsScene()
    for i in range(ITEMS):
        item = _Item()
        item.setPos(i % 40 * 12, i // 40 * 12)
        scene.addItem(item)
    image = QImage(480, 12 * ITEMS // 40, QImage.Format.Format_ARGB32)
    queued_file = os.open("/proc/thread-self/schedstat", os.O_RDONLY)
    steps: list[tuple[float, float]] = []
    moves = [0]

    def queued() -> float:
        return int(os.pread(queued_file, 100, 0).split()[1]) / 1e6

    def step() -> None:
        wall, cpu, waited = time.perf_counter(), time.thread_time(), queued()
        painter = QPainter(image)
        scene.render(painter)
        painter.end()
        wall = (time.perf_counter() - wall) * 1000
        cpu = (time.thread_time() - cpu) * 1000
        steps.append((wall, wall - cpu - (queued() - waited)))

    def publish() -> None:
        assert mover.square is not None
        col, row = mover.square
        moves[0] += 1
        MoveToken(mover.id, (col + (1 if moves[0] % 2 else -1), row)).do(encounter)
        handed.put((time.perf_counter(), builder_for(encounter)))

    worker = threading.Thread(target=build, daemon=True)
    worker.start()
    timers = []
    for interval, job in ((STEP_MS, step), (PUBLISH_MS, publish)):
        timer = QTimer()
        timer.setInterval(interval)
        timer.timeout.connect(job)
        timer.start()
        timers.append(timer)
    loop = QEventLoop()
    QTimer.singleShot(int(seconds * 1000), loop.quit)
    loop.exec()
    for timer in timers:
        timer.stop()
    handed.put(None)
    worker.join(30)
    os.close(queued_file)
    remove_give_way(app)
    return {
        "wall": [w for w, _ in steps],
        "blocked": [b for _, b in steps],
        "latency": latencies,
    }


def _figures(values: list[float]) -> str:
    return f"{statistics.median(values):.1f} / {max(values):.1f}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=8.0, help="each case's measure")
    parser.add_argument("--turns", type=int, default=3, help="each case this many times")
    args = parser.parse_args(argv)
    encounter = _encounter()
    got: dict[bool, dict[str, list[float]]] = {True: {}, False: {}}
    loads = [f"{os.getloadavg()[0]:.1f}"]
    for _ in range(args.turns):
        for give_way in (True, False):
            for key, values in measure(encounter, args.seconds, give_way).items():
                got[give_way].setdefault(key, []).extend(values)
            loads.append(f"{os.getloadavg()[0]:.1f}")
    rows = []
    for give_way, name in ((True, "gives way"), (False, "does not (the reference)")):
        figures = got[give_way]
        rows.append(
            (
                f"the builder {name}: {len(figures['wall'])} steps, "
                f"{len(figures['latency'])} builds",
                _figures(figures["wall"]),
                _figures(figures["blocked"]),
                _figures(figures["latency"]),
            )
        )
    head = (
        f"1024 x 1024, 8 pages, {ITEMS:,} items drawn every {STEP_MS} ms",
        "step ms (median / most)",
        "GUI blocked in a step ms",
        "pages built after the hand-over ms",
    )
    print_table(head, rows, 3)
    print(f"load average (1 min) before and after each case: {', '.join(loads)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
