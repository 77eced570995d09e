"""What the cycle collector's idle steps hold the GUI thread for (issue 32).

``python -m benchmarks.idle_gc`` (``--drags N``, 360 by default; ``--quick``: 40 drags and
200 tokens). The generated 1024 x 1024 battlefield with 5,000 tokens as one scene of an
evening beside the hillside example, opened in a fresh process as ``tactical FILE`` opens it
(``tactical.app.main.run``'s collector, freezing and background warm-up), the window 1600 x
1000 offscreen. Each step the collector takes when the GM is idle (no input for a second) is
timed on the GUI thread, wall clock and the GUI thread's CPU: a full collection, a settle
(what start-up, a load or the warm-up made: collected, then frozen) and the give-back of freed
memory (``malloc_trim``). Three moments, each followed by 3 s without input (the TV and the
phones keep making small objects meanwhile: 400 every 50 ms, 20 of them in cycles):

- after the load, once the warm-up is done (numba's kernel on this map, then scipy);
- after a scene switch: to the example and back to the big scene;
- after a scripted hour of undo steps: ``--drags`` tokens dragged a square (press, move,
  release: one undo step each) without a pause, then 20 undos and a new drag (the redo
  steps dropped).

Then a whole collection (the frozen objects included) says what the idle steps left behind.
The reference, on the same work in its own process: the collector before issue 32's idle
pass, whose every settle unfroze and collected everything.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.app_start_save import START_TOKENS, crowded_map  # noqa: E402
from benchmarks.scenes import evening_file  # noqa: E402
from benchmarks.timing import child_figures, print_table  # noqa: E402

CHILD = r"""
import gc, json, sys, threading, time
from pathlib import Path
from PySide6.QtCore import QEvent, QPointF, QSettings, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QApplication
path, mode, drags, folder = Path(sys.argv[1]), sys.argv[2], int(sys.argv[3]), Path(sys.argv[4])
rest = float(sys.argv[5]) * 1000  # the GM's pause after each moment
app = QApplication([])
from tactical.app.runtime import gui_thread_gc
from tactical.app.map.geometry import CELL
from tactical.app.window.startup import start
from tactical.app.runtime.warm_imports import warm_after_first_frame
from tactical.core import sight_kernel

class Before(gui_thread_gc.GuiThreadCollector):
    # before: a full collection did not freeze, and every settle unfroze everything
    def collect(self):
        if not self._kernel_ready and sight_kernel.ready():
            self._kernel_ready = True
            self.pending = self.pending or self.freezing
        if not self.idle():
            return gui_thread_gc.collect_due(full=False)
        found = self.settle() if self.pending else gui_thread_gc.collect_due()
        now = time.monotonic()
        if not self.trimmed and gui_thread_gc.give_back is not None and now >= self.next_give_back:
            self.trimmed, self.next_give_back = True, now + gui_thread_gc.GIVE_BACK_EVERY_S
            gui_thread_gc.give_back()
        return found

    def settle(self):
        self.pending = False
        gc.unfreeze()
        found = gc.collect()
        gc.freeze()
        return found

if mode == "now":  # as tactical.app.main.run
    collector = gui_thread_gc.install_gui_thread_gc(app, first_ms=gui_thread_gc.START_UP_MS)
    collector.freeze_now()
else:
    gui_thread_gc.share_heaps()
    collector = Before(app, first_ms=gui_thread_gc.START_UP_MS)
    app.installEventFilter(collector)
settings = QSettings(str(folder / "settings.ini"), QSettings.Format.IniFormat)
window = start(path, settings=settings, recovery_dir=folder / "recovery", ask=lambda r: False)
window.resize(1600, 1000)
window.show()
if mode == "now":
    collector.freeze_now()
else:
    collector.settle_soon()
def closes():  # as tactical.app.main.run: what a load replaces
    evening = window.document.evening
    return [evening, *(scene.encounter for scene in evening.scenes)]
collector.watch(
    window.document.encounter_replaced, closes if mode == "now" else None
)
warm_after_first_frame(
    collector.imported if mode == "now" else collector.settle_soon, squares=lambda: 1024 * 1024
)

phase = ["load"]
steps = []  # (phase, step, wall ms, CPU ms)
current = []  # the step under way in this look
def timed(step, work, always=False):
    def run(*args):
        if step == "settle" and not collector.pending:  # now: an idle full collection
            current.append("full collection")
        else:
            current.append(step)
        wall, cpu = time.perf_counter(), time.thread_time()
        try:
            return work(*args)
        finally:
            name = current.pop()
            if idle_look[0] or always:
                steps.append((phase[0], name, (time.perf_counter() - wall) * 1000,
                              (time.thread_time() - cpu) * 1000))
    return run
collector.settle = timed("settle", collector.settle)
if mode == "now":
    collector._freed = timed("collection in the load", collector._freed, True)
gui_thread_gc.give_back = timed("give-back", gui_thread_gc.give_back)
began = {}
def watch_gc(stage, info):  # full collections outside a settle
    if current or info["generation"] != 2:
        return
    if stage == "start":
        began["t"], began["cpu"] = time.perf_counter(), time.thread_time()
    elif "t" in began and idle_look[0]:
        steps.append((phase[0], "full collection", (time.perf_counter() - began.pop("t")) * 1000,
                      (time.thread_time() - began.pop("cpu")) * 1000))
gc.callbacks.append(watch_gc)
idle_look = [False]
look = collector.collect
collector.timer.timeout.disconnect()
def timed_look():
    idle_look[0] = collector.idle()
    wall, cpu = time.perf_counter(), time.thread_time()
    look()
    if idle_look[0]:
        steps.append((phase[0], "whole look", (time.perf_counter() - wall) * 1000,
                      (time.thread_time() - cpu) * 1000))
    idle_look[0] = False
collector.timer.timeout.connect(timed_look)

def wait(ms, background=True):
    end = time.perf_counter() + ms / 1000
    next_litter = 0.0
    while time.perf_counter() < end:
        app.processEvents()
        if background and time.perf_counter() >= next_litter:  # the TV's, the phones' updates
            litter = [[i] for i in range(400)]  # freed as it goes
            for _ in range(20):  # and some in cycles: freed only by a collection
                made = []
                made.append(made)
            next_litter = time.perf_counter() + 0.05
        time.sleep(0.001)

def warming():
    return any(t.name == "warm imports" and t.is_alive() for t in threading.enumerate())
wait(2500)
deadline = time.perf_counter() + 120
while warming() and time.perf_counter() < deadline:
    wait(100)
wait(rest)

document = window.document
scenes = [scene.id for scene in document.evening.scenes]
phase[0] = "switch"
document.switch_scene(scenes[1])
wait(rest)
document.switch_scene(scenes[0])
wait(rest)

view = window.view
viewport = view.viewport()
encounter = document.encounter
tokens = [t.id for t in encounter.tokens.values() if t.square is not None]
left, none = Qt.MouseButton.LeftButton, Qt.MouseButton.NoButton
def send(kind, point, button, buttons):
    pos = view.mapFromScene(point)
    event = QMouseEvent(kind, QPointF(pos), QPointF(viewport.mapToGlobal(pos)), button,
                        buttons, Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(viewport, event)
    app.processEvents()
def drag(number):
    col, row = encounter.token(tokens[number % 100]).square
    centre = QPointF((col + 0.5) * CELL, (row + 0.5) * CELL)
    to = QPointF(centre.x() + (CELL if (number // 100) % 2 == 0 else -CELL), centre.y())
    view.centerOn(centre)
    send(QEvent.Type.MouseButtonPress, centre, left, left)
    send(QEvent.Type.MouseMove, to, none, left)
    send(QEvent.Type.MouseButtonRelease, to, left, none)
phase[0] = "session"
for number in range(drags):
    drag(number)
for _ in range(20):
    document.undo_stack.undo()
drag(drags)
wait(1200)  # the GM stops: idle looks from now on
for generation in (1, 0):  # the young collections of a longer session: the oldest one due
    for _ in range(11):
        gc.collect(generation)
wait(rest + 2000)  # the oldest generation comes due at the tenth young collection
undo_steps = document.undo_stack.count()

del encounter  # this script's: the app holds none
phase[0] = "reopen"  # File > Open: the same file again
window.files.ask_unsaved = lambda: "discard"
wall, cpu = time.perf_counter(), time.thread_time()
window.files.open_path(path)
steps.append((phase[0], "the load itself", (time.perf_counter() - wall) * 1000,
              (time.thread_time() - cpu) * 1000))
wait(rest + 2000)

phase[0] = "deep"
gc.collect()  # what is not frozen
gc.unfreeze()
gc.set_debug(gc.DEBUG_SAVEALL)
left_behind = gc.collect()  # garbage among the frozen objects
from collections import Counter
kinds = Counter(f"{type(o).__module__}.{type(o).__qualname__}" for o in gc.garbage)
gc.set_debug(0)
gc.garbage.clear()
window.files.ask_unsaved = lambda: "discard"
window.close()
print(json.dumps({"steps": steps, "left_behind": left_behind, "undo_steps": undo_steps,
                  "kinds": kinds.most_common(12)}))
"""


def child(path: Path, mode: str, drags: int, rest: float) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as folder:
        env = dict(os.environ)
        if "DISPLAY" not in env:
            env["QT_QPA_PLATFORM"] = "offscreen"
        env["XDG_CONFIG_HOME"] = str(Path(folder) / "config")
        env["XDG_DATA_HOME"] = str(Path(folder) / "data")
        figures: dict[str, Any] = child_figures(
            CHILD, str(path), mode, str(drags), folder, str(rest), env=env
        )
    return figures


PHASES = {
    "load": "after the load and the warm-up",
    "switch": "after a scene switch (away and back)",
    "session": "after the scripted hour",
    "reopen": "after File > Open of the same file",
}
STEPS = ("full collection", "settle", "give-back")


def longest(run: dict[str, Any], phase: str, steps: tuple[str, ...] = STEPS) -> str:
    """The longest of ``steps`` in ``phase``: wall ms (CPU ms), which, and how many."""
    found = [s for s in run["steps"] if s[0] == phase and s[1] in steps]
    if not found:
        return "none"
    worst = max(found, key=lambda s: s[2])
    return f"{worst[2]:.1f} ms (CPU {worst[3]:.1f}; {worst[1]}; of {len(found)})"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--drags", type=int, default=360)
    parser.add_argument("--quick", action="store_true", help="40 drags, 200 tokens")
    parser.add_argument("--steps", action="store_true", help="print every idle step too")
    parser.add_argument("--rest", type=float, default=3.0, help="seconds idle after each moment")
    options = parser.parse_args(argv)
    drags = 40 if options.quick else options.drags
    tokens = 200 if options.quick else START_TOKENS
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        path = evening_file(folder, crowded_map(folder, tokens), 1)
        now = child(path, "now", drags, options.rest)
        before = child(path, "before", drags, options.rest)
    if options.steps:
        for mode, run in (("now", now), ("before", before)):
            for step in run["steps"]:
                if step[1] != "whole look" or step[2] > 1:
                    print(mode, *step)
            print(mode, "left behind:", run["kinds"])
    label = f"1024 x 1024, {tokens:,} tokens"
    rows = [
        (f"{label}, {said}: longest idle step", longest(now, phase), longest(before, phase))
        for phase, said in PHASES.items()
    ]
    rows.append(
        (
            f"{label}, File > Open: its collection, in the load (not idle)",
            longest(now, "reopen", ("collection in the load",)),
            "none: the settle above",
        )
    )
    rows.append(
        (
            f"{label}, File > Open: the load itself (the GM waits for it)",
            longest(now, "reopen", ("the load itself",)),
            longest(before, "reopen", ("the load itself",)),
        )
    )
    rows.append(
        (
            f"{label}: garbage among frozen objects at the end ({now['undo_steps']} undo steps)",
            f"{now['left_behind']} objects",
            f"{before['left_behind']} objects",
        )
    )
    print_table(("moment", "now", "before (same work)"), rows, numbers=2)
    print(f"load average (1 min): {os.getloadavg()[0]:.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
