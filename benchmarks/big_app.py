"""The app on a 1024 x 1024 map (issue 13), each figure from a fresh process.

- *start-up to first frame with the combat panel docked*: from just before the
  process is launched (the interpreter's start counts) until the first paint
  after the combat panel is in its dock, the app started as ``tactical FILE``
  starts it (:data:`CHILD`), the whole map and all its tokens in view;
- *first drag step*: a mouse press on a token (budget 12) and the first move
  onto a new square, until the event loop has repainted;
- *brush stroke*: 40 dabs of a 5 x 5 brush pushed on the document's undo
  stack as the editor pushes them (merged into one entry), until repainted;
- *peak memory after the first drag* (the whole app), and once the background
  warm-up that starts 1.5 s after the window shows is done (scipy and, on a
  map of ``sight_kernel.BIG`` squares or more, numba and the sight kernel:
  ``tactical/app/runtime/warm_imports.py``) and the party's sight (six viewers) was asked (both
  the peak resident set, ``VmHWM``: pages of library files included; beside the second,
  how much of what is resident then are such pages, ``RssFile``);
- *PDF snapshot*: ``tactical snapshot FILE OUT.pdf`` of the map, whole command.

Runs under Qt's offscreen platform unless ``DISPLAY`` is set. The children run
without ``PYTHONDONTWRITEBYTECODE`` (a user's install has its ``.pyc`` files: pip
compiles them, the folder app carries them) after one untimed start on the same
file (:func:`warmed_runs`), so a start-up does not compile modules a user's would not.
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
if "--no-numba" in sys.argv:  # as where numba has no wheel: ``import numba`` fails
    sys.modules["numba"] = sys.modules["llvmlite"] = None
started = time.perf_counter()
import tactical.app.main as app_main  # no import of its own: Qt comes with run()
measured = {"started": started}
after_frame = []
def hooked(*args, **kwargs):
    # ``run`` calls this right after ``window.show()``, before its event loop paints
    original(*args, **kwargs)
    from PySide6.QtCore import QEvent, QObject, QTimer
    from PySide6.QtWidgets import QApplication
    window = next(w for w in QApplication.topLevelWidgets() if hasattr(w, "ensure_panel"))
    window.resize(1600, 1000)  # the offscreen screen is smaller than a GM's
    class Watch(QObject):
        def eventFilter(self, obj, event):
            docked = window.docks.panel is not None or "--any-frame" in sys.argv
            if event.type() == QEvent.Type.Paint and docked:
                if "painted" not in measured:
                    QTimer.singleShot(0, painted)  # runs once this paint has finished
            return False
    def painted():
        if "painted" not in measured:
            measured["painted"] = time.perf_counter()
            measured["cpu"] = time.process_time()  # the child's, all its threads
            dots = window.view.scene().token_dots
            measured["dots"] = dots.count  # tokens drawn in that frame (all dots when fitted)
            QTimer.singleShot(0, lambda: after_frame[0](window))
    watch = Watch(window)
    window.view.viewport().installEventFilter(watch)
def run(path):
    # hooked here, not before: the command imports its modules in its own order (PySide
    # reads the source of every module imported after it, so the order has a cost)
    global original
    import tactical.app.runtime.warm_imports as warm_imports
    original = warm_imports.warm_after_first_frame
    warm_imports.warm_after_first_frame = hooked
    return original_run(path)
original_run = app_main.run
app_main.run = run
def measure(window):
    from PySide6.QtCore import QEvent, QPointF, Qt
    from PySide6.QtGui import QMouseEvent
    from PySide6.QtWidgets import QApplication
    from tactical.app.map.geometry import CELL
    from benchmarks.maps import middle_token
    import threading
    from tactical.core import sight_kernel
    from tactical.core.sight import Viewer, visible_squares
    app = QApplication.instance()
    def settle():
        app.processEvents()
        app.processEvents()
    encounter = window.document.encounter
    grid = encounter.grid
    every = max(1, len(encounter.tokens) // 6)
    six = [t.square for t in list(encounter.tokens.values())[::every]][:6]
    def party_sight():  # six viewers spread over the map, as "Reveal what the party sees"
        measured["kernel_ready"] = sight_kernel.ready()
        visible_squares(grid, [Viewer(square) for square in six if square is not None])
    if "--sight-first" in sys.argv:  # at the first frame, before the warm-up: numpy answers
        party_sight()
    for _ in range(10):
        settle()
    scene = window.view.scene()
    shown = [t for t in window.document.encounter.tokens.values() if scene.shows_token(t)]
    measured["tokens"] = len(shown)
    measured["in_view"] = window.view.mapToScene(
        window.view.viewport().rect()).boundingRect().contains(scene.map_rect())
    view = window.view
    viewport = view.viewport()
    encounter = window.document.encounter
    who = middle_token(encounter)
    token = encounter.token(who)
    token.speed = 12  # the drag's budget (no procedure runs on this map)
    centre = QPointF((token.square[0] + 0.5) * CELL, (token.square[1] + 0.5) * CELL)
    view.resetTransform()
    view.centerOn(centre)
    settle()
    def send(kind, point, button, buttons):
        pos = view.mapFromScene(point)
        event = QMouseEvent(kind, QPointF(pos), QPointF(viewport.mapToGlobal(pos)), button,
                            buttons, Qt.KeyboardModifier.NoModifier)
        QApplication.sendEvent(viewport, event)
    begin = time.perf_counter()
    send(QEvent.Type.MouseButtonPress, centre, Qt.MouseButton.LeftButton,
         Qt.MouseButton.LeftButton)
    settle()
    measured["press"] = time.perf_counter() - begin
    target = QPointF(centre.x() + 4 * CELL, centre.y() + 3 * CELL)
    begin = time.perf_counter()
    send(QEvent.Type.MouseMove, target, Qt.MouseButton.NoButton, Qt.MouseButton.LeftButton)
    settle()
    measured["drag"] = time.perf_counter() - begin
    send(QEvent.Type.MouseButtonRelease, centre, Qt.MouseButton.LeftButton,
         Qt.MouseButton.NoButton)
    settle()
    measured["rss"] = peak_mb()
    from tactical.core.changes import GM
    from tactical.core.commands.terrain import PaintSquares
    from tactical.core.grid import Terrain
    grid = encounter.grid
    strokes = []
    for n in range(3 if grid.width >= 100 else 0):  # a big map's brush strokes
        row0 = grid.height // 2 - 20 + n * 9
        begin = time.perf_counter()
        for dab in range(40):
            col = grid.width // 2 - 40 + dab * 2
            squares = [(col + i, row0 + j) for i in range(5) for j in range(5)]
            terrain = Terrain.DIFFICULT if n % 2 == 0 else Terrain.OPEN
            command = PaintSquares(squares, terrain=terrain, stroke_id=("bench", n))
            window.document.push(command, GM)
        settle()
        strokes.append(time.perf_counter() - begin)
    strokes.sort()
    measured["stroke"] = strokes[1] if strokes else 0.0
    deadline = time.perf_counter() + 60
    def busy():  # the app's warm-up (scipy and, on a big map, the sight kernel)
        names = ("warm imports", "warm sight kernel")
        return any(t.name in names and t.is_alive() for t in threading.enumerate())
    def wait():  # the warm-up starts 1.5 s after the window shows (warm_imports.DELAY_MS)
        while time.perf_counter() - measured["painted"] < 2.5 or busy():
            if time.perf_counter() > deadline:
                break
            settle()
            time.sleep(0.01)
    if "--sight-first" in sys.argv:  # asked at the first frame, above
        wait()
    else:  # a GM who reveals a few seconds after opening
        wait()
        measured["rss_idle"] = peak_mb()  # the issue's measure: warm, idle, first drag done
        party_sight()
        wait()
    for _ in range(50):  # idle for a moment, as a GM looking at the map (collections run)
        settle()
        time.sleep(0.01)
    measured["numba"] = sys.modules.get("numba") is not None
    measured["rss_warm"] = peak_mb()
    measured.setdefault("rss_idle", measured["rss_warm"])
    for line in open("/proc/self/status"):  # of the resident pages then, those read from
        if line.startswith("RssFile:"):  # library files (Qt, LLVM, ...): counted in the peak
            measured["rss_warm_files"] = int(line.split()[1]) / 1024
    window.files.ask_unsaved = lambda: "discard"
    window.close()  # the last window: the event loop ends and the command returns
after_frame.append(measure)
from tactical.command import main  # the console script's entry
measured["status"] = main([sys.argv[1]])
print(json.dumps(measured))
"""
)
"""The app as the ``tactical FILE`` command starts it (``tactical.command.main``: arguments,
logging, the crash reporter, the window), hooked only where ``run`` shows the window
(``warm_after_first_frame``): the window is made 1600 x 1000 before its first paint, and the
first paint after the combat panel docked is the moment measured. The child reports
``time.perf_counter()`` at that moment; on Linux that is CLOCK_MONOTONIC, the clock the
parent read just before launching it, so the figure counts the interpreter's start too."""

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


def _app_env(folder: str) -> dict[str, str]:
    """The child's environment: as a user's install, compiled bytecode kept (pip compiles
    it at install, the folder app carries it), and the settings, the recovery folder and
    the log in ``folder`` (a first start: nothing saved, no crash to recover)."""
    env = _env()
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["XDG_CONFIG_HOME"] = str(Path(folder) / "config")
    env["XDG_DATA_HOME"] = str(Path(folder) / "data")
    return env


def app_run(
    path: Path, dots: bool = True, sight_first: bool = False, numba: bool = True
) -> dict[str, float]:
    """One fresh ``tactical FILE`` process (see :data:`CHILD`); ``frame`` is from just before
    the launch to the first painted frame with the combat panel docked, on one clock.
    ``dots``: the whole map must be in view, every token a dot (a big map fitted), and
    the frame one with the combat panel docked (else the first frame: a small example).
    ``sight_first``: the party's sight is asked before the background warm-up, not after.
    ``numba=False``: ``import numba`` fails in the child, as where it has no wheel."""
    if time.get_clock_info("perf_counter").implementation != "clock_gettime(CLOCK_MONOTONIC)":
        raise RuntimeError("the child's clock must be the parent's (CLOCK_MONOTONIC, Linux)")
    with tempfile.TemporaryDirectory() as folder:
        begin = time.perf_counter()
        done = subprocess.run(
            [
                sys.executable,
                "-c",
                CHILD,
                str(path),
                *([] if dots else ["--any-frame"]),
                *(["--sight-first"] if sight_first else []),
                *([] if numba else ["--no-numba"]),
            ],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
            env=_app_env(folder),
        )
        ended = time.perf_counter()
        figures: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    if not begin < figures["started"] < figures["painted"] < ended:
        raise RuntimeError("the child's clock is not the parent's")
    whole = figures["in_view"] and figures["dots"] == figures["tokens"]
    if figures["status"] != 0 or (dots and not whole):
        raise RuntimeError(f"the app did not open the whole map: {figures}")
    figures["frame"] = figures["painted"] - begin
    figures["launch"] = figures["started"] - begin
    return figures


def warmed_runs(
    path: Path, runs: int, dots: bool = True, numba: bool = True
) -> list[dict[str, float]]:
    """``runs`` timed starts on ``path`` after one untimed start (which compiles the
    bytecode a user's install already has and reads the file into the OS cache)."""
    app_run(path, dots, numba=numba)
    return [app_run(path, dots, numba=numba) for _ in range(runs)]


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
        runs = warmed_runs(path, 1 if quick else 3)
        runs.sort(key=lambda r: r["frame"])
        app = runs[len(runs) // 2]
        shot = snapshot_run(path)
        crowded = warmed_runs(big.map_file(size, folder or Path(scratch), tokens=5000), 1)[0]
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
        f"app, {label}: start-up to first frame, combat panel docked": (
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
