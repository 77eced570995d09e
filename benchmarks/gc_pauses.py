"""The cycle collector's pauses while the GM drags on a crowded big map (issue 35).

``python -m benchmarks.gc_pauses`` (``--seconds 60`` by default; ``--quick``: 15 s on
5,000 tokens still). The generated 1024 x 1024 battlefield with 5,000 tokens, opened in
a fresh process as ``tactical FILE`` opens it (``tactical.app.main.run``'s collector,
freezing and background imports), the window 1600 x 1000 at 1:1 zoom. Once start-up
has settled (the background warm-up done, numba's kernel included, then 2 s idle), a
script drags for the given time without a break: a press on a
token, a mouse move every 16 ms a quarter of a square further (a new square every four
moves, the path recomputed and repainted), 40 moves, a release (the token moves, one
undo entry), the next token; the view is centred on each token before its press. It
then stops for 3 s, as a GM pausing.

Measured on the GUI thread: every collection's pause (``gc.callbacks``; wall clock, and
the GUI thread's CPU time, which a loaded machine does not inflate, and its context
switches: voluntary ones wait for a lock, involuntary ones are the load), the longest during
the dragging and the number of full collections then, and the longest after it
(idle); beside them the longest gap between the beats of a 1 ms timer during the
dragging (everything the GM can feel, the drag's own work included). The reference,
on the same work in its own process: the collector before issue 35, which collected
every generation when due, the oldest included, and froze nothing.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.app_start_save import START_TOKENS, crowded_map  # noqa: E402
from benchmarks.timing import child_figures, print_table  # noqa: E402

CHILD = r"""
import gc, json, sys, time
from pathlib import Path
from PySide6.QtCore import QEvent, QPointF, QSettings, Qt, QTimer
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QApplication
path, mode, seconds, folder = Path(sys.argv[1]), sys.argv[2], float(sys.argv[3]), Path(sys.argv[4])
app = QApplication([])
from tactical.app.runtime import gui_thread_gc
from tactical.app.map.geometry import CELL
from tactical.app.window.startup import start
from tactical.app.runtime.warm_imports import warm_after_first_frame
if mode == "now":  # as tactical.app.main.run
    collector = gui_thread_gc.install_gui_thread_gc(app, first_ms=gui_thread_gc.START_UP_MS)
    collector.freeze_now()
else:  # before issue 35: every generation when due, the oldest too; nothing frozen
    gc.disable()
    old = QTimer()
    old.setInterval(gui_thread_gc.INTERVAL_MS)
    old.timeout.connect(gui_thread_gc.collect_due)
    QTimer.singleShot(gui_thread_gc.START_UP_MS, old.start)
settings = QSettings(str(folder / "settings.ini"), QSettings.Format.IniFormat)
window = start(path, settings=settings, recovery_dir=folder / "recovery", ask=lambda r: False)
window.resize(1600, 1000)
window.show()
squares = lambda: 1024 * 1024  # as tactical.app.main.run: this map loads numba's kernel
if mode == "now":
    collector.freeze_now()
    def closes():  # as tactical.app.main.run: what a load replaces
        evening = window.document.evening
        return [evening, *(scene.encounter for scene in evening.scenes)]
    collector.watch(window.document.encounter_replaced, closes)
    warm_after_first_frame(collector.imported, squares=squares)
else:
    warm_after_first_frame(squares=squares)

import resource
pauses = []  # (moment, generation, ms, CPU ms, voluntary and involuntary switches, found)
began = {}
def switches():  # the GUI thread's context switches: waiting (a lock) and preempted (the load)
    use = resource.getrusage(resource.RUSAGE_THREAD)
    return use.ru_nvcsw, use.ru_nivcsw
def watch_gc(phase, info):
    now, cpu = time.perf_counter(), time.thread_time()
    if phase == "start":
        began["t"], began["cpu"], began["sw"] = now, cpu, switches()
    elif "t" in began:
        wall, used = (now - began.pop("t")) * 1000, (cpu - began.pop("cpu")) * 1000
        (v0, i0), (v1, i1) = began.pop("sw"), switches()
        pauses.append((now, info["generation"], wall, used, v1 - v0, i1 - i0,
                       info["collected"] + info["uncollectable"]))
gc.callbacks.append(watch_gc)
beats = []
beat = QTimer()
beat.setInterval(1)
beat.timeout.connect(lambda: beats.append(time.perf_counter()))

def wait(ms):
    end = time.perf_counter() + ms / 1000
    while time.perf_counter() < end:
        app.processEvents()
        time.sleep(0.001)

import threading
def warming():  # the app's background warm-up (scipy; numba on this big map)
    return any(t.name == "warm imports" and t.is_alive() for t in threading.enumerate())
wait(2500)  # the warm-up starts 1.5 s after the window shows
deadline = time.perf_counter() + 120
while warming() and time.perf_counter() < deadline:
    wait(100)
wait(2000)  # idle: the freeze after the warm-up
view = window.view
viewport = view.viewport()
encounter = window.document.encounter
tokens = [t for t in encounter.tokens.values() if t.square is not None]
tokens.sort(key=lambda t: (abs(t.square[0] - 512) + abs(t.square[1] - 512)))
view.resetTransform()

def send(kind, point, button, buttons):
    pos = view.mapFromScene(point)
    event = QMouseEvent(kind, QPointF(pos), QPointF(viewport.mapToGlobal(pos)), button,
                        buttons, Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(viewport, event)

left = Qt.MouseButton.LeftButton
none = Qt.MouseButton.NoButton
state = {"drag": 0, "move": 0, "drags": 0, "moves": 0}
def step():
    token = tokens[state["drag"] % 200]
    col, row = token.square
    centre = QPointF((col + 0.5) * CELL, (row + 0.5) * CELL)
    direction = 1 if state["drag"] % 2 == 0 else -1
    n = state["move"]
    if n == 0:
        view.centerOn(centre)
        send(QEvent.Type.MouseButtonPress, centre, left, left)
    elif n <= 40:
        point = QPointF(centre.x() + direction * n * CELL / 4, centre.y())
        send(QEvent.Type.MouseMove, point, none, left)
        state["moves"] += 1
    else:
        point = QPointF(centre.x() + direction * 10 * CELL, centre.y())
        send(QEvent.Type.MouseButtonRelease, point, left, none)
        state["drag"] += 1
        state["drags"] += 1
        state["move"] = -1
    state["move"] += 1
driver = QTimer()
driver.setInterval(16)
driver.timeout.connect(step)
before_drag = list(pauses)  # start-up, and the idle freezes after it and the warm-up
pauses.clear()
start_at = time.perf_counter()
beat.start()
driver.start()
wait(seconds * 1000)
driver.stop()
if state["move"]:
    send(QEvent.Type.MouseButtonRelease, QPointF(0, 0), left, none)
beat.stop()
end_at = time.perf_counter()
wait(3000)  # the GM stops: idle
gaps = [b - a for a, b in zip(beats, beats[1:])]
worst = max(range(len(gaps)), key=gaps.__getitem__) if gaps else 0
during = [p for p in pauses if p[0] <= end_at]
after = [p for p in pauses if p[0] > end_at]
print(json.dumps({
    "seconds": end_at - start_at,
    "drags": state["drags"],
    "moves": state["moves"],
    "longest": max((p[2] for p in during), default=0.0),
    "longest_cpu": max(during, key=lambda p: p[2])[3] if during else 0.0,
    "most_cpu": max((p[3] for p in during), default=0.0),
    "longest_generation": max(during, key=lambda p: p[2])[1] if during else -1,
    "longest_waits": max(during, key=lambda p: p[2])[4] if during else 0,
    "longest_preempted": max(during, key=lambda p: p[2])[5] if during else 0,
    "longest_found": max(during, key=lambda p: p[2])[6] if during else 0,
    "unswitched": max((p[2] for p in during if not p[4] and not p[5]), default=0.0),
    "switched": sum(1 for p in during if p[4] or p[5]),
    "full": sum(1 for p in during if p[1] == 2),
    "collections": len(during),
    "gap": max(gaps) * 1000 if gaps else 0.0,
    "gap_at": beats[worst] - start_at if gaps else 0.0,
    "idle_longest": max((p[2] for p in after), default=0.0),
    "settle": max((p[2] for p in before_drag), default=0.0),
    "settle_cpu": max((p[3] for p in before_drag), default=0.0),
    "idle_full": sum(1 for p in after if p[1] == 2),
    "frozen": gc.get_freeze_count(),
}))
window.files.ask_unsaved = lambda: "discard"
window.close()
"""


def child(path: Path, mode: str, seconds: float) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as folder:
        env = dict(os.environ)
        if "DISPLAY" not in env:
            env["QT_QPA_PLATFORM"] = "offscreen"
        env["XDG_CONFIG_HOME"] = str(Path(folder) / "config")
        env["XDG_DATA_HOME"] = str(Path(folder) / "data")
        figures: dict[str, float] = child_figures(
            CHILD, str(path), mode, str(seconds), folder, env=env
        )
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--quick", action="store_true", help="15 s of dragging")
    options = parser.parse_args(argv)
    seconds = 15.0 if options.quick else options.seconds
    with tempfile.TemporaryDirectory() as name:
        path = crowded_map(Path(name), START_TOKENS)
        now = child(path, "now", seconds)
        before = child(path, "before", seconds)
    label = f"1024 x 1024, {START_TOKENS:,} tokens, {now['seconds']:.0f} s of dragging"

    def pause(run: dict[str, float]) -> str:
        return (
            f"{run['longest']:.1f} ms (generation {run['longest_generation']:.0f}, CPU"
            f" {run['longest_cpu']:.1f} ms; most CPU of one: {run['most_cpu']:.1f} ms)"
        )

    def switched(run: dict[str, float]) -> str:
        return (
            f"{run['longest_waits']:.0f} waits, {run['longest_preempted']:.0f} preemptions,"
            f" {run['longest_found']:.0f} objects freed; longest with neither:"
            f" {run['unswitched']:.1f} ms ({run['switched']:.0f} pauses switched)"
        )

    def work(run: dict[str, float]) -> str:
        return f"{run['drags']:.0f} drags, {run['moves']:.0f} moves"

    rows = [
        (
            f"{label}: longest collection pause while dragging",
            pause(now),
            pause(before),
            "< 16 ms",
        ),
        (
            f"{label}: ... the GUI thread switched out during it (a lock: waits; the load:"
            " preemptions)",
            switched(now),
            switched(before),
            "",
        ),
        (
            f"{label}: full collections while dragging (of all collections)",
            f"{now['full']:.0f} of {now['collections']:.0f}",
            f"{before['full']:.0f} of {before['collections']:.0f}",
            "",
        ),
        (
            f"{label}: longest event-loop gap while dragging (the drag's own work too)",
            f"{now['gap']:.1f} ms at {now['gap_at']:.1f} s ({work(now)})",
            f"{before['gap']:.1f} ms at {before['gap_at']:.1f} s ({work(before)})",
            "",
        ),
        (
            f"{label}: longest collection in the 3 s idle after (full ones: count)",
            f"{now['idle_longest']:.1f} ms ({now['idle_full']:.0f})",
            f"{before['idle_longest']:.1f} ms ({before['idle_full']:.0f})",
            "",
        ),
    ]
    rows.append(
        (
            "before the dragging: longest collection (now: the idle freezes after start-up and"
            " the warm-up)",
            f"{now['settle']:.1f} ms (CPU {now['settle_cpu']:.1f} ms)",
            f"{before['settle']:.1f} ms (CPU {before['settle_cpu']:.1f} ms)",
            "",
        )
    )
    print_table(("measure", "now", "before issue 35 (same work)", "target"), rows, numbers=2)
    print(f"objects frozen (now): {now['frozen']:,.0f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
