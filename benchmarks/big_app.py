"""The app on a 1024 x 1024 map (issue 13), each figure from a fresh process.

- *start-up to first frame with the combat panel docked*: from launching the
  process until the first paint after the combat panel is in its dock;
- *first drag step*: a mouse press on a token (budget 12) and the first move
  onto a new square, until the event loop has repainted;
- *brush stroke*: 40 dabs of a 5 x 5 brush pushed on the document's undo
  stack as the editor pushes them (merged into one entry), until repainted;
- *peak memory after the first drag* (the whole app);
- *PDF snapshot*: ``tactical snapshot FILE OUT.pdf`` of the map, whole command.

Runs under Qt's offscreen platform unless ``DISPLAY`` is set.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchmarks import big
from benchmarks.timing import CHILD_PRELUDE

ROOT = Path(__file__).resolve().parent.parent

CHILD = (
    CHILD_PRELUDE
    + r"""
t0 = time.perf_counter()
from pathlib import Path
from PySide6.QtCore import QEvent, QObject, QPointF, QSettings, Qt, QTimer
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QApplication
app = QApplication(sys.argv[:1])
from tactical.app.startup import start
folder = Path(sys.argv[2])
settings = QSettings(str(folder / "settings.ini"), QSettings.Format.IniFormat)
window = start(Path(sys.argv[1]), settings=settings, recovery_dir=folder, ask=lambda r: False)
painted = []
class Watch(QObject):
    def eventFilter(self, obj, event):
        if event.type() == QEvent.Type.Paint and getattr(window, "panel", None) is not None:
            if not painted:
                QTimer.singleShot(0, lambda: painted.append(time.perf_counter()))
        return False
watch = Watch()
window.view.viewport().installEventFilter(watch)
window.resize(1600, 1000)
window.show()
while not painted:
    app.processEvents()
first_frame = painted[0] - t0
def settle():
    app.processEvents()
    app.processEvents()
for _ in range(10):
    settle()
from tactical.app.geometry import CELL
from benchmarks.maps import middle_token
view = window.view
viewport = view.viewport()
encounter = window.document.encounter
who = middle_token(encounter)
token = encounter.token(who)
window.document.move_budgets[who] = 12
centre = QPointF((token.square[0] + 0.5) * CELL, (token.square[1] + 0.5) * CELL)
view.resetTransform()
view.centerOn(centre)
settle()
def send(kind, point, button, buttons):
    pos = view.mapFromScene(point)
    event = QMouseEvent(kind, QPointF(pos), QPointF(viewport.mapToGlobal(pos)), button, buttons,
                        Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(viewport, event)
begin = time.perf_counter()
send(QEvent.Type.MouseButtonPress, centre, Qt.MouseButton.LeftButton, Qt.MouseButton.LeftButton)
settle()
press = time.perf_counter() - begin
target = QPointF(centre.x() + 4 * CELL, centre.y() + 3 * CELL)
begin = time.perf_counter()
send(QEvent.Type.MouseMove, target, Qt.MouseButton.NoButton, Qt.MouseButton.LeftButton)
settle()
drag = time.perf_counter() - begin
send(QEvent.Type.MouseButtonRelease, centre, Qt.MouseButton.LeftButton, Qt.MouseButton.NoButton)
settle()
rss = peak_mb()
from tactical.core.commands.terrain import PaintSquares
from tactical.core.grid import Terrain
grid = encounter.grid
strokes = []
for n in range(3):
    row0 = grid.height // 2 - 20 + n * 9
    begin = time.perf_counter()
    for dab in range(40):
        col = grid.width // 2 - 40 + dab * 2
        squares = [(col + i, row0 + j) for i in range(5) for j in range(5)]
        terrain = Terrain.DIFFICULT if n % 2 == 0 else Terrain.OPEN
        window.document.push(PaintSquares(squares, terrain=terrain, stroke_id=("bench", n)))
    settle()
    strokes.append(time.perf_counter() - begin)
strokes.sort()
window.files.ask_unsaved = lambda: "discard"
window.close()
print(json.dumps({"frame": first_frame, "press": press, "drag": drag, "rss": rss,
                  "stroke": strokes[1]}))
"""
)

SNAPSHOT = (
    CHILD_PRELUDE
    + """
t0 = time.perf_counter()
from tactical import cli
status = cli.main(["snapshot", sys.argv[1], sys.argv[2]])
rss = peak_mb()
print(json.dumps({"status": status, "seconds": time.perf_counter() - t0, "rss": rss}))
"""
)


def _env() -> dict[str, str]:
    env = dict(os.environ)
    if "DISPLAY" not in env:
        env["QT_QPA_PLATFORM"] = "offscreen"
    return env


def app_run(path: Path) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as folder:
        begin = time.perf_counter()
        done = subprocess.run(
            [sys.executable, "-c", CHILD, str(path), folder],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
            env=_env(),
        )
        figures: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
        figures["launch"] = time.perf_counter() - begin - figures["frame"]
    return figures


def snapshot_run(path: Path) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as folder:
        begin = time.perf_counter()
        done = subprocess.run(
            [sys.executable, "-c", SNAPSHOT, str(path), str(Path(folder) / "out.pdf")],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
            env=_env(),
        )
        figures: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
        figures["process"] = time.perf_counter() - begin
    return figures


def rows(quick: bool, folder: Path | None = None) -> big.Figures:
    """The app rows for the generated 1024 x 1024 map (512 with ``quick``)."""
    try:
        import PySide6  # noqa: F401
    except ImportError:
        return {}
    size = 512 if quick else 1024
    label = f"{size} x {size}"
    with tempfile.TemporaryDirectory() as scratch:
        path = big.map_file(size, folder or Path(scratch))
        runs = [app_run(path) for _ in range(1 if quick else 3)]
        runs.sort(key=lambda r: r["frame"])
        app = runs[len(runs) // 2]
        shot = snapshot_run(path)
        crowded = app_run(big.map_file(size, folder or Path(scratch), tokens=5000))
    ms = big.ms
    return {
        f"app, {label}, 5,000 tokens: start-up to first frame, combat panel docked": (
            f"{ms(crowded['frame'] * 1000)} (200 tokens: {ms(app['frame'] * 1000)})",
            "< 1 s",
        ),
        f"app, {label}, 5,000 tokens: peak memory after the first drag": (
            f"{crowded['rss']:.0f} MB (200 tokens: {app['rss']:.0f} MB)",
            "< 250 MB",
        ),
        f"app, {label}: start-up to first frame, combat panel docked (in-process)": (
            ms(app["frame"] * 1000),
            "< 1 s",
        ),
        f"app, {label}: press a token (reachable 12 shaded)": (ms(app["press"] * 1000), ""),
        f"app, {label}: first drag step to repainted overlay": (
            ms(app["drag"] * 1000),
            "< 16 ms",
        ),
        f"app, {label}: peak memory after the first drag": (f"{app['rss']:.0f} MB", "< 250 MB"),
        f"app, {label}: brush stroke (40 dabs, one undo entry) to repainted": (
            f"{ms(app['stroke'] * 1000)} ({ms(app['stroke'] * 1000 / 40)} a dab)",
            "",
        ),
        f"app, {label}: PDF snapshot, whole command": (f"{shot['process']:.2f} s", ""),
        f"app, {label}: PDF snapshot, peak memory": (f"{shot['rss']:.0f} MB", ""),
    }


if __name__ == "__main__":
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    for key, (figure, target) in rows("--quick" in sys.argv).items():
        print(f"| {key} | {figure} | {target} |")
