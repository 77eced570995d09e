"""Time the table app: drag previews, pan and zoom frames, start-up to the first frame.

``python -m benchmarks.app_preview`` (from the repository root) prints a
Markdown table. Under X (``DISPLAY`` set) it uses the xcb platform, otherwise
Qt's offscreen platform; both paint with the raster engine.

- *move to repainted overlay*: a mouse-move event sent to the view's viewport
  while a token is held with a budget of 12, until the event loop has
  repainted the changed region (path overlay and token). Each move lands on a
  new square, so every one recomputes the path; moves inside one square are
  timed separately (they recompute nothing).
- *pan* and *zoom*: scroll by 40 pixels, or zoom by 10 %, then repaint; zoom
  redraws the whole background, pan only the exposed strip.
- *start-up*: a fresh interpreter opens the example and paints its first
  frame with the combat panel docked (the panel loads after the first paint,
  so the first paint alone would leave it out); the parent measures from
  launching the process to the child's report, the child from its first line
  to the end of that paint.
"""

from __future__ import annotations

import argparse
import math
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MAPS = ROOT / "maps"
BIG = MAPS / "benchmark-256.tactical.json"
EXAMPLES = [
    "hillside-ruin.tactical.json",
    "tavern-brawl.tactical.json",
    "benchmark-256.tactical.json",
]

if "DISPLAY" not in os.environ:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

STARTUP_CHILD = r"""
import time
t0 = time.perf_counter()
import sys
from pathlib import Path
from PySide6.QtCore import QEvent, QObject, QSettings, QTimer
from PySide6.QtWidgets import QApplication
app = QApplication(sys.argv[:1])
from tactical.app.window.startup import start
folder = Path(sys.argv[2])
settings = QSettings(str(folder / "settings.ini"), QSettings.Format.IniFormat)
window = start(Path(sys.argv[1]), settings=settings, recovery_dir=folder, ask=lambda r: False)
done = []
def painted():
    if not done:
        done.append(time.perf_counter())
        print(f"{(done[0] - t0) * 1000:.1f}", flush=True)
class Watch(QObject):
    def eventFilter(self, obj, event):
        # the first paint after the combat panel is docked (it loads after the first frame)
        if event.type() == QEvent.Type.Paint and not done and window.docks.panel is not None:
            QTimer.singleShot(0, painted)  # runs once this paint has finished
        return False
watch = Watch()
window.view.viewport().installEventFilter(watch)
window.resize(1600, 1000)
window.show()
while not done:
    app.processEvents()
for _ in range(20):
    app.processEvents()
window.files.ask_unsaved = lambda: "discard"
window.close()
"""


def startup(example: Path) -> tuple[float, float]:
    """(launch to first frame, the child's own time to it) in milliseconds."""
    with tempfile.TemporaryDirectory() as folder:
        begin = time.perf_counter()
        child = subprocess.Popen(
            [sys.executable, "-c", STARTUP_CHILD, str(example), folder],
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            cwd=ROOT,
        )
        assert child.stdout is not None
        line = child.stdout.readline()
        whole = (time.perf_counter() - begin) * 1000
        child.wait(timeout=60)
    return whole, float(line.strip())


def quantiles(values: list[float]) -> tuple[float, float, float]:
    ordered = sorted(values)
    return (
        statistics.median(ordered),
        ordered[min(len(ordered) - 1, int(len(ordered) * 0.9))],
        ordered[-1],
    )


def interactive(moves: int) -> list[tuple[str, str, str]]:
    """Pan, zoom and drag-preview timings on the 256 x 256 example with 200 tokens."""
    from PySide6.QtCore import QEvent, QPointF, QSettings, Qt
    from PySide6.QtGui import QMouseEvent
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication(sys.argv[:1])
    from tactical.app.map.geometry import CELL
    from tactical.app.window.startup import start

    folder = tempfile.mkdtemp()
    settings = QSettings(str(Path(folder) / "settings.ini"), QSettings.Format.IniFormat)
    window = start(BIG, settings=settings, recovery_dir=Path(folder), ask=lambda r: False)
    window.resize(1600, 1000)
    window.show()
    for _ in range(10):
        app.processEvents()
    view = window.view
    viewport = view.viewport()
    encounter = window.document.encounter
    token = min(
        (t for t in encounter.tokens.values() if t.square is not None and t.size == 1),
        key=lambda t: abs(t.square[0] - 128) + abs(t.square[1] - 128),  # type: ignore[index]
    )
    assert token.square is not None
    token.speed = 12  # the drag's budget (no procedure runs on this map)
    view.resetTransform()
    centre = QPointF((token.square[0] + 0.5) * CELL, (token.square[1] + 0.5) * CELL)
    view.centerOn(centre)
    for _ in range(5):
        app.processEvents()

    def settle() -> None:
        app.processEvents()
        app.processEvents()

    def send(
        kind: QEvent.Type, point: QPointF, button: Qt.MouseButton, buttons: Qt.MouseButton
    ) -> None:
        pos = view.mapFromScene(point)
        event = QMouseEvent(
            kind,
            QPointF(pos),
            QPointF(viewport.mapToGlobal(pos)),
            button,
            buttons,
            Qt.KeyboardModifier.NoModifier,
        )
        QApplication.sendEvent(viewport, event)

    rows: list[tuple[str, str, str]] = []
    view.fit_map()
    settle()
    whole_map = []
    for i in range(20):
        begin = time.perf_counter()
        view.zoom_by(1.1 if i % 2 else 1 / 1.1)
        settle()
        whole_map.append((time.perf_counter() - begin) * 1000)
    view.resetTransform()
    view.centerOn(centre)
    settle()
    pans = []
    for i in range(40):
        begin = time.perf_counter()
        bar = view.horizontalScrollBar() if i % 2 else view.verticalScrollBar()
        bar.setValue(bar.value() + (40 if (i // 2) % 2 else -40))
        settle()
        pans.append((time.perf_counter() - begin) * 1000)
    zooms = []
    for i in range(20):
        begin = time.perf_counter()
        view.zoom_by(1.1 if i % 2 else 1 / 1.1)
        settle()
        zooms.append((time.perf_counter() - begin) * 1000)
    view.resetTransform()
    view.centerOn(centre)
    settle()
    full = []
    for _ in range(10):
        begin = time.perf_counter()
        viewport.repaint()
        full.append((time.perf_counter() - begin) * 1000)
    begin = time.perf_counter()
    send(QEvent.Type.MouseButtonPress, centre, Qt.MouseButton.LeftButton, Qt.MouseButton.LeftButton)
    settle()
    press = (time.perf_counter() - begin) * 1000
    reach = len(window.scene.reach.costs)
    steps = []
    same = []
    for i in range(moves):
        angle = i * 2.399  # golden angle: the squares wander round the token
        radius = 1 + (i % 11)
        col = token.square[0] + round(math.cos(angle) * radius)
        row = token.square[1] + round(math.sin(angle) * radius)
        point = QPointF((col + 0.5) * CELL, (row + 0.5) * CELL)
        begin = time.perf_counter()
        send(QEvent.Type.MouseMove, point, Qt.MouseButton.NoButton, Qt.MouseButton.LeftButton)
        settle()
        steps.append((time.perf_counter() - begin) * 1000)
        nudge = QPointF(point.x() + 5, point.y() + 3)  # the same square
        begin = time.perf_counter()
        send(QEvent.Type.MouseMove, nudge, Qt.MouseButton.NoButton, Qt.MouseButton.LeftButton)
        settle()
        same.append((time.perf_counter() - begin) * 1000)
    previews = window.map_tools.select_tool.drag.previews
    send(QEvent.Type.MouseButtonRelease, centre, Qt.MouseButton.LeftButton, Qt.MouseButton.NoButton)
    settle()
    window.files.ask_unsaved = lambda: "discard"
    window.close()

    def fmt(values: list[float]) -> str:
        median, p90, worst = quantiles(values)
        return f"{median:.2f} ms (p90 {p90:.2f}, max {worst:.1f})"

    rows.append(("zoom 10 % and repaint, whole map in view", fmt(whole_map), "smooth"))
    rows.append(("pan 40 px and repaint (1:1 zoom)", fmt(pans), "smooth"))
    rows.append(("zoom 10 % and repaint (1:1 zoom)", fmt(zooms), "smooth"))
    rows.append(("repaint the whole viewport from the cache", fmt(full), "2-6 ms"))
    rows.append((f"press a token: reachable squares ({reach}) shaded", f"{press:.2f} ms", ""))
    rows.append(
        (f"move to a new square to repainted overlay ({len(steps)} moves)", fmt(steps), "< 8 ms")
    )
    rows.append(("move inside the same square", fmt(same), ""))
    rows.append(
        ("path recomputations", f"{previews} for {2 * len(steps)} mouse moves", "one per square")
    )
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=120, help="mouse moves to time")
    parser.add_argument("--no-startup", action="store_true", help="skip the start-up runs")
    options = parser.parse_args(argv)
    rows = interactive(options.moves)
    if not options.no_startup:
        for name in EXAMPLES:
            runs = [startup(MAPS / name) for _ in range(3)]
            whole = statistics.median(r[0] for r in runs)
            child = statistics.median(r[1] for r in runs)
            rows.append(
                (
                    f"start-up to first frame, combat panel docked: {name}",
                    f"{whole:.0f} ms (in-process {child:.0f} ms)",
                    "< 1 s",
                )
            )
    platform = os.environ.get("QT_QPA_PLATFORM") or (
        "xcb" if "DISPLAY" in os.environ else "default"
    )
    print(f"Qt platform: {platform}; 256 x 256 example, 200 tokens, window 1600 x 1000\n")
    from benchmarks.timing import print_table

    print_table(("measure", "figure", "target"), rows)
    return 0


if __name__ == "__main__":
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    raise SystemExit(main())
