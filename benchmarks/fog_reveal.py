"""Fog on the biggest map (issue 32): the memory fog adds, and the GUI's longest wait during
the first reveal.

``python -m benchmarks.fog_reveal [--side N]``: each row from a fresh process that opens
the generated map (``maps.generated``: 200 tokens, 100 of them the party's) in the real
window, offscreen, 1600 x 1000, the player view open, with the sight kernel ready (the app
makes it in the background a moment after the window opens; its memory is not counted),
then turns fog on and reveals what the party sees (Ctrl+R). Two ways, same run:

- *on the GUI thread* (the code before): the reveal pushed as the menu pushed it, its
  sight worked out where it is asked;
- *on the worker* (now): ``Fog > Reveal what the party sees`` triggered; the GUI goes on.

Memory is the resident set (``VmRSS``) after a collection, before fog is turned on and once
the reveal is painted on both screens; the peak (``VmHWM``) beside it. The longest GUI gap
is the longest interval between two ticks of a 5 ms ``QTimer`` from the trigger until the
reveal is painted.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.timing import print_table  # noqa: E402

CHILD = r"""
import gc, json, sys, tempfile, time
from pathlib import Path
from PySide6.QtCore import QSettings, QTimer
from PySide6.QtWidgets import QApplication
app = QApplication([])
from benchmarks import maps
from tactical.app.encounter.document import EncounterDocument
from tactical.app.window.main_window import MainWindow
from tactical.core import sight_kernel
from tactical.core.changes import GM
from tactical.core.commands.fog import SetFogSetting, reveal_party_sight

def status():
    found = {}
    for line in open("/proc/self/status"):
        key, _, value = line.partition(":")
        if key in ("VmRSS", "VmHWM"):
            found[key] = int(value.split()[0]) / 1024
    return found

def settle(rounds=5):
    for _ in range(rounds):
        app.processEvents()

side, way = int(sys.argv[1]), sys.argv[2]
folder = tempfile.mkdtemp()
document = EncounterDocument(maps.generated(side, tokens=200))
window = MainWindow(document, settings=QSettings(folder + "/s.ini", QSettings.Format.IniFormat),
                    recovery_dir=Path(folder) / "recovery")
window.files.ask_unsaved = lambda: "discard"
window.resize(1600, 1000)
window.show()
player = window.open_player_view()
player.show()
settle(20)
window.view.fit_map()
sight_kernel.warm()  # the app warms it in the background a moment after the window opens
settle(10)
gc.collect()
before = status()
longest, last = [0.0], [time.perf_counter()]
def tick():
    now = time.perf_counter()
    longest[0] = max(longest[0], now - last[0])
    last[0] = now
timer = QTimer()
timer.setInterval(5)
timer.timeout.connect(tick)
timer.start()
settle()
last[0], longest[0] = time.perf_counter(), 0.0
begin = time.perf_counter()
document.push(SetFogSetting("enabled", True), GM)
controls = window.fog_controls
if way == "gui":
    document.push(reveal_party_sight(document.encounter), GM)
else:
    controls.party_action.trigger()
fog = document.encounter.fog
while fog.revealed is None or not fog.revealed.any():
    app.processEvents()
    time.sleep(0.001)
settle(10)
took = time.perf_counter() - begin
timer.stop()
gc.collect()
after = status()
print(json.dumps({"before": before["VmRSS"], "after": after["VmRSS"], "peak": after["VmHWM"],
                  "gap": longest[0] * 1000, "took": took * 1000,
                  "kernel": sight_kernel.ready()}))
window.close()
"""


def child(side: int, way: str) -> dict[str, float]:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", PYTHONPATH=str(ROOT))
    done = subprocess.run(
        [sys.executable, "-c", CHILD, str(side), way],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
        env=env,
    )
    figures: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    return figures


def rows(side: int) -> list[tuple[str, str, str]]:
    gui, worker = child(side, "gui"), child(side, "worker")
    label = f"{side} x {side}"

    def added(run: dict[str, float]) -> str:
        return f"{run['after'] - run['before']:.0f} MB (peak {run['peak']:.0f} MB)"

    return [
        (
            f"{label}: memory fog adds (fog on, first reveal, both screens)",
            added(gui),
            added(worker),
        ),
        (
            f"{label}: longest GUI gap, first reveal",
            f"{gui['gap']:.0f} ms",
            f"{worker['gap']:.0f} ms",
        ),
        (f"{label}: first reveal painted", f"{gui['took']:.0f} ms", f"{worker['took']:.0f} ms"),
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--side", type=int, default=1024, help="the map's side in squares")
    args = parser.parse_args(argv)
    print_table(
        ("measure", "on the GUI thread (before)", "on the worker (now)"), rows(args.side), 2
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
