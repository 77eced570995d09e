"""Fog on the biggest map and on an example (issue 32): the memory fog adds, and the GUI's
longest wait during the first reveal and a brush stroke.

``python -m benchmarks.fog_reveal [--side N] [--repeat N] [--tokens N]``: each figure from a fresh
process that opens the generated map (``maps.generated``: 200 tokens (``--tokens``), half the
party's) or ``maps/crypt-fog`` in the real window, offscreen, 1600 x 1000, the player view
open, with the sight kernel ready (the app makes it in the background a moment after the
window opens; its memory is not counted), then turns fog on, then reveals what the party sees
(``Fog > Reveal what the party sees``, worked out on the worker), then paints a fog-brush
stroke of 40 dabs (brush 5) across the map, then undoes and redoes it. Two ways, in turns, same run:

- *whole rebuild* (the reference, the code before: :mod:`benchmarks.fog_before`): each
  change of the fog rebuilt and repainted both screens' whole fog pictures and synced every
  token item of both screens;
- *now*: each screen redraws the squares whose fog changed, in its kept picture, and
  repaints their box; only the tokens standing there are synced, on the players' screens.

Memory is the resident set (``VmRSS``) after a collection, before fog is turned on and once
the reveal is painted on both screens; the peak (``VmHWM``) beside it. A GUI gap is the
longest interval between two ticks of a 5 ms ``QTimer``: from turning fog on until it is
painted, from the trigger until the reveal and every token it brings into view are painted
on both screens (from the sight's answer on beside it: before it, the party's sight is
worked out on the worker; then until the tokens drawn as dots have their items), over the
stroke (each dab pushed as the tool pushes it, then painted) and over its undo and redo;
beside it the GUI thread's
own CPU time in that gap, and the most CPU it spent in any one gap (a turn of the event
loop, or a few), which the load does not inflate as it does the wall clock.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
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
from tactical.core.commands.fog import SetFogSetting
from tactical.app.fog.gesture import FogGesture
from tactical.app.map.geometry import CELL
from tactical.app.map.interaction.events import Pointer
from tactical.core.commands.base import Command

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

where, way, crowd = sys.argv[1], sys.argv[2], int(sys.argv[3])
if way == "before":
    from benchmarks.fog_before import use_whole_rebuild
    use_whole_rebuild()
folder = tempfile.mkdtemp()
if where.isdigit():
    encounter = maps.generated(int(where), tokens=crowd)
else:
    from tactical.persistence import load_encounter
    encounter = load_encounter(where)
    encounter.fog.enabled = False
    encounter.fog.revealed = None
document = EncounterDocument(encounter)
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
longest, last = [0.0, 0.0, 0.0], [time.perf_counter(), time.thread_time()]
def tick():
    now, cpu = time.perf_counter(), time.thread_time()
    if now - last[0] > longest[0]:  # the gap, and the GUI thread's own CPU time in it
        longest[0], longest[1] = now - last[0], cpu - last[1]
    longest[2] = max(longest[2], cpu - last[1])  # the most CPU the GUI thread spent in one gap
    last[0], last[1] = now, cpu
def start():
    settle()
    last[0], last[1] = time.perf_counter(), time.thread_time()
    longest[0] = longest[2] = 0.0
timer = QTimer()
timer.setInterval(5)
timer.timeout.connect(tick)
timer.start()
start()
document.push(SetFogSetting("enabled", True), GM)  # Fog > Fog on this map: all fogged
settle(10)
on_gap, on_cpu, on_turn = longest
start()
begin = time.perf_counter()
controls = window.fog_controls
controls.party_action.trigger()
fog = document.encounter.fog
while fog.revealed is None or not fog.revealed.any():
    app.processEvents()
    time.sleep(0.001)
landed = time.perf_counter()
def drawn(scene):  # every token it shows is drawn: none left for later turns
    return not scene.tokens.fog_watch._later
while not (drawn(window.scene) and drawn(player.scene)):
    app.processEvents()
    time.sleep(0.001)
settle(10)  # painted: the tokens still without items are drawn as dots
took = time.perf_counter() - begin
shown = time.perf_counter() - landed
while window.scene.tokens.pending or player.scene.tokens.pending:
    app.processEvents()  # their items made over the next turns
    time.sleep(0.001)
items_made = time.perf_counter() - landed
reveal_gap, reveal_cpu, reveal_turn = longest
gc.collect()
after = status()
grid = document.encounter.grid
gesture = FogGesture(lambda: document.encounter, size=5)
row = grid.height // 3
cols = [int(i * (grid.width - 1) / 39) for i in range(40)]
def at(col):
    return Pointer((col + 0.5) * CELL, (row + 0.5) * CELL, left=True)
start()
begin = time.perf_counter()
made = [gesture.press(at(cols[0]))] + [gesture.move(at(c)) for c in cols[1:]]
made.append(gesture.release(at(cols[-1])))
for command in made:
    if isinstance(command, Command):
        document.push(command, GM)
    settle(2)
settle(5)
stroke = time.perf_counter() - begin
stroke_gap, stroke_cpu, stroke_turn = longest
start()
document.undo_stack.undo()  # Ctrl+Z: the stroke goes, then Ctrl+Shift+Z: back
settle(5)
document.undo_stack.redo()
settle(5)
undo_gap, undo_cpu, undo_turn = longest
timer.stop()
print(json.dumps({"before": before["VmRSS"], "after": after["VmRSS"], "peak": after["VmHWM"],
                  "gap": reveal_gap * 1000, "cpu": reveal_cpu * 1000,
                  "turn": reveal_turn * 1000,
                  "on_gap": on_gap * 1000, "on_cpu": on_cpu * 1000, "on_turn": on_turn * 1000,
                  "took": took * 1000, "shown": shown * 1000, "made": items_made * 1000,
                  "stroke_gap": stroke_gap * 1000, "stroke_cpu": stroke_cpu * 1000,
                  "stroke_turn": stroke_turn * 1000, "stroke": stroke * 1000,
                  "undo_gap": undo_gap * 1000, "undo_cpu": undo_cpu * 1000,
                  "undo_turn": undo_turn * 1000,
                  "kernel": sight_kernel.ready()}))
window.close()
"""


def child(where: str, way: str, tokens: int) -> dict[str, float]:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", PYTHONPATH=str(ROOT))
    done = subprocess.run(
        [sys.executable, "-c", CHILD, where, way, str(tokens)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
        env=env,
    )
    figures: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    return figures


def median(runs: list[dict[str, float]], key: str) -> float:
    return float(statistics.median(run[key] for run in runs))


def rows(where: str, label: str, repeat: int, tokens: int = 200) -> list[tuple[str, str, str]]:
    runs: dict[str, list[dict[str, float]]] = {"before": [], "now": []}
    for _ in range(repeat):
        for way, got in runs.items():  # in turns: the load falls on both alike
            got.append(child(where, way, tokens))
    before, now = runs["before"], runs["now"]

    def added(got: list[dict[str, float]]) -> str:
        grown = median([{"d": r["after"] - r["before"]} for r in got], "d")
        return f"{grown:.0f} MB (peak {median(got, 'peak'):.0f} MB)"

    def ms(got: list[dict[str, float]], key: str, cpu: str = "") -> str:
        shown = f"{median(got, key):,.0f} ms"
        return f"{shown} (CPU {median(got, cpu):,.0f} ms)" if cpu else shown

    def gap(got: list[dict[str, float]], key: str) -> str:
        """The longest gap (its GUI CPU) / the most GUI CPU in one gap."""
        return (
            f"{median(got, key + 'gap'):,.0f} ms (CPU {median(got, key + 'cpu'):,.0f})"
            f" / {median(got, key + 'turn'):,.0f} ms"
        )

    return [
        (
            f"{label}: memory fog adds (fog on, first reveal, both screens)",
            added(before),
            added(now),
        ),
        (f"{label}: fog turned on (the whole map fogged)", gap(before, "on_"), gap(now, "on_")),
        (f"{label}: first reveal", gap(before, ""), gap(now, "")),
        (f"{label}: first reveal, all its tokens painted", ms(before, "took"), ms(now, "took")),
        (f"{label}: of which from the answer on", ms(before, "shown"), ms(now, "shown")),
        (f"{label}: from the answer to every item made", ms(before, "made"), ms(now, "made")),
        (f"{label}: a 40-dab brush stroke", gap(before, "stroke_"), gap(now, "stroke_")),
        (f"{label}: the stroke, pushed and painted", ms(before, "stroke"), ms(now, "stroke")),
        (f"{label}: the stroke undone and redone", gap(before, "undo_"), gap(now, "undo_")),
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--side", type=int, default=1024, help="the generated map's side")
    parser.add_argument("--repeat", type=int, default=3, help="fresh processes per way")
    parser.add_argument("--tokens", type=int, default=200, help="tokens on the generated map")
    args = parser.parse_args(argv)
    crypt = ROOT / "maps" / "crypt-fog.tactical.json"
    label = f"{args.side} x {args.side}" + (
        f", {args.tokens:,} tokens" if args.tokens != 200 else ""
    )
    table = rows(str(args.side), label, args.repeat, args.tokens)
    table += rows(str(crypt), "crypt-fog", args.repeat)
    print(f"load average {os.getloadavg()[0]:.1f}, medians of {args.repeat}")
    print("gaps: the longest gap (the GUI thread's CPU in it) / the most GUI CPU in one gap")
    print_table(("measure", "whole rebuild (before, reference)", "now"), table, 2)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
