"""Issue 22's two app rows: a crowded big map opening, and Ctrl+S on it (``python -m
benchmarks.app_start_save``, ``--quick`` for one run of each).

- *start-up to first frame, 5,000 tokens*: the generated 1024 x 1024 map of
  ``benchmarks/maps.py`` with 5,000 tokens, opened as ``tactical FILE`` opens it,
  from just before a fresh process is launched until the first paint after the
  combat panel is docked (all tokens in view), and the peak memory after the first
  drag (``benchmarks/big_app.py``'s child, median of runs after one untimed start,
  with compiled bytecode kept as in a user's install), and the peak once the app's
  background warm-up is done (on this map numba and the sight kernel, then scipy), the
  app idle (the issue's measure), then once the party's sight was asked
  (six viewers spread over the map), with how much of what is then resident are pages
  of library files (Qt, LLVM: read from disk, shared, but counted in the peak as the
  issue counts it); beside them, the same map with its usual 200 tokens (what the
  tokens add); the same with the party's sight asked before the warm-up (the worst
  case: the numpy path answers meanwhile); and the hillside-ruin example measured the
  same way (a small map: sight stays on numpy, numba is never loaded);
- *Ctrl+S, GUI thread blocked, 10,000 tokens*: in the app's window on the same
  map with 10,000 tokens, one move, then File > Save as the shortcut triggers
  it: how long the action keeps the GUI thread, the longest gap between beats
  of a 1 ms timer on its event loop from the press until the file is written
  (what a GM dragging meanwhile would feel; the worker shares Python's lock),
  and the whole save; and what one more save allocates at its peak (tracemalloc:
  the file is made and proven in the app's process, where a helper process of
  130 MB made it before). Beside it, the reference on the same
  window and work: the save that returns once written (``FileController.save``),
  all of it on the GUI thread.
"""

from __future__ import annotations

import argparse
import itertools
import os
import statistics
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from benchmarks import big, big_app, maps  # noqa: E402
from benchmarks.timing import print_table  # noqa: E402

SIZE = 1024
START_TOKENS = 5000
EXAMPLE = ROOT / "maps" / "hillside-ruin.tactical.json"
SAVE_TOKENS = 10_000


def crowded_map(folder: Path, tokens: int) -> Path:
    """The generated map with ``tokens`` tokens in all, saved once into ``folder``."""
    from tactical.persistence import save_encounter

    path = folder / f"crowded-{SIZE}-{tokens}.tactical.json"
    if not path.exists():
        encounter = maps.generated(SIZE, tokens=tokens)
        extra = sorted(encounter.tokens)[tokens:]  # the generator may add its own
        for token_id in extra:
            del encounter.tokens[token_id]
        save_encounter(encounter, path)
    return path


def start_rows(folder: Path, runs: int, numba: bool = True) -> list[tuple[str, str, str, str]]:
    def median_run(path: Path) -> dict[str, float]:
        found = sorted(big_app.warmed_runs(path, runs, numba=numba), key=lambda r: r["frame"])
        return found[len(found) // 2]

    crowded = median_run(crowded_map(folder, START_TOKENS))
    usual = median_run(crowded_map(folder, 200))
    at_once = big_app.app_run(crowded_map(folder, START_TOKENS), sight_first=True, numba=numba)
    hillside = sorted(
        big_app.warmed_runs(EXAMPLE, runs, dots=False, numba=numba), key=lambda r: r["rss_warm"]
    )
    example = hillside[len(hillside) // 2]
    label = f"app, {SIZE} x {SIZE}, {START_TOKENS:,} tokens"

    def numba(run: dict[str, float]) -> str:
        return "numba loaded" if run["numba"] else "no numba"

    return [
        (
            f"{label}: start-up to first frame, combat panel docked",
            f"{crowded['frame']:.2f} s",
            f"{usual['frame']:.2f} s (200 tokens)",
            "< 1 s",
        ),
        (
            f"{label}: the same, CPU time of the app's process",
            f"{crowded['cpu']:.2f} s",
            f"{usual['cpu']:.2f} s (200 tokens)",
            "",
        ),
        (
            f"{label}: peak memory after the first drag",
            f"{crowded['rss']:.0f} MB",
            f"{usual['rss']:.0f} MB (200 tokens)",
            "< 250 MB",
        ),
        (
            f"{label}: peak memory once warm (numba, scipy), idle, first drag done",
            f"{crowded['rss_idle']:.0f} MB ({numba(crowded)})",
            f"{usual['rss_idle']:.0f} MB (200 tokens; {numba(usual)})",
            "< 320 MB",
        ),
        (
            f"{label}: the same, then the party's sight asked (six viewers)",
            f"{crowded['rss_warm']:.0f} MB ({crowded['rss_warm_files']:.0f} MB library files)",
            f"{usual['rss_warm']:.0f} MB (200 tokens; {usual['rss_warm_files']:.0f} MB files)",
            "the app's peak",
        ),
        (
            f"{label}: the party's sight asked before the warm-up (numpy path meanwhile)",
            f"{at_once['rss_warm']:.0f} MB ({numba(at_once)};"
            f" kernel ready when asked: {at_once['kernel_ready']})",
            "the row above: asked after it",
            "",
        ),
        (
            "app, hillside-ruin example (48 x 36): peak memory once warm, then the party's sight",
            f"{example['rss_warm']:.0f} MB (idle before sight {example['rss_idle']:.0f} MB;"
            f" {example['rss_warm_files']:.0f} MB library files; {numba(example)})",
            f"start-up to first frame {example['frame']:.2f} s",
            "< 180 MB",
        ),
    ]


def settle(most_seconds: float = 60.0) -> None:
    """Run the event loop until it beats a quarter second with no gap over 100 ms."""
    from PySide6.QtCore import QEventLoop, QTimer

    deadline = time.perf_counter() + most_seconds
    beats: list[float] = []
    probe = QTimer()
    probe.setInterval(5)
    probe.timeout.connect(lambda: beats.append(time.perf_counter()))
    probe.start()
    while time.perf_counter() < deadline:
        beats[:] = [time.perf_counter()]
        loop = QEventLoop()
        QTimer.singleShot(250, loop.quit)
        loop.exec()
        beats.append(time.perf_counter())
        if max(later - earlier for earlier, later in itertools.pairwise(beats)) < 0.1:
            break
    probe.stop()


def save_rows(folder: Path, repeat: int) -> list[tuple[str, str, str, str]]:
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    from benchmarks.save import longest_stall
    from tactical.app.encounter.document import EncounterDocument
    from tactical.app.runtime.gil_turns import install_quick_gil_turns
    from tactical.app.runtime.gui_thread_gc import install_gui_thread_gc
    from tactical.app.window.main_window import MainWindow
    from tactical.core.changes import GM
    from tactical.core.commands import MoveToken
    from tactical.persistence import load_encounter

    app = QApplication.instance() or QApplication(sys.argv[:1])
    install_gui_thread_gc(app)  # as the app does: cycles are collected on the GUI thread
    install_quick_gil_turns()  # as the app does
    source = crowded_map(folder, SAVE_TOKENS)
    path = folder / "saved.tactical.json"
    path.write_bytes(source.read_bytes())
    encounter = load_encounter(path)
    settings = QSettings(str(folder / "settings.ini"), QSettings.Format.IniFormat)
    window = MainWindow(
        EncounterDocument(encounter, path), settings=settings, recovery_dir=folder / "recovery"
    )
    window.autosave.wait()  # its first base written: the journal runs on as in the app
    window.resize(1600, 1000)
    window.show()
    app.processEvents()
    settle()  # the combat panel docks after the first frame: seconds, not the save's
    who = maps.middle_token(encounter)
    start = encounter.token(who).square
    assert start is not None
    spots = [start, (start[0], start[1] + 1)]
    files = window.files
    blocked, stalls, totals, before = [], [], [], []
    for index in range(repeat):
        window.document.push(MoveToken(who, spots[(index + 1) % 2]), GM)
        held: list[float] = []

        def press(held: list[float] = held) -> None:
            begin = time.perf_counter()
            window.file_menu.save_action.trigger()
            held.append(time.perf_counter() - begin)

        stall, total = longest_stall(press, lambda: not files.background.running)
        assert not window.document.modified
        blocked.append(held[0])
        stalls.append(stall)
        totals.append(total)
        window.document.push(MoveToken(who, spots[index % 2]), GM)
        begin = time.perf_counter()
        assert files.save()
        before.append(time.perf_counter() - begin)
    window.document.push(MoveToken(who, start), GM)
    tracemalloc.start()
    longest_stall(window.file_menu.save_action.trigger, lambda: not files.background.running)
    _, peak_saving = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert load_encounter(path) == window.document.encounter
    window.close()

    def ms(values: list[float]) -> str:
        return big.ms(statistics.median(values) * 1000)

    label = f"app, {SIZE} x {SIZE}, {SAVE_TOKENS:,} tokens: Ctrl+S"
    reference = f"{ms(before)} (saved on the GUI thread)"
    return [
        (f"{label}, the GUI thread blocked by the press", ms(blocked), reference, "< 50 ms"),
        (f"{label}, longest event-loop stall until written", ms(stalls), reference, "< 50 ms"),
        (f"{label}, press to written", ms(totals), reference, "< 0.75 s"),
        (
            f"{label}, the save's memory at its peak (tracemalloc, in the app's process)",
            f"{peak_saving / 2**20:.0f} MB",
            "130 MB: the helper process before (its own peak)",
            "",
        ),
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="one run of each")
    parser.add_argument("--no-start", action="store_true", help="only the Ctrl+S rows")
    parser.add_argument("--no-save", action="store_true", help="only the start-up rows")
    parser.add_argument(
        "--no-numba",
        action="store_true",
        help="the apps started with `import numba` failing, as where it has no wheel",
    )
    options = parser.parse_args(argv)
    runs = 1 if options.quick else 3
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        rows = [] if options.no_start else start_rows(folder, runs, not options.no_numba)
        if not options.no_save:
            rows += save_rows(folder, runs)
    print_table(("measure", "now", "reference (same work)", "target"), rows, numbers=2)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
