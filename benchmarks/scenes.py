"""Scenes (issue 33): switching the GM's scene, and what an evening of 20 scenes costs.

- *switching the GM's scene, first frame*: from ``document.switch_scene`` until the
  map's viewport has painted the new scene (repaint included), in a shown window on an
  evening of the example maps, and to a generated 1024 x 1024 scene. The reference on
  the same work: ``document.replace_encounter`` to the same encounter (what opening it
  as a file costs once it is read), timed in the same run, in turns.
- *memory*: a fresh process opens, as ``tactical FILE`` does, a file of the 1024 x 1024
  scene alone, and a file of 20 scenes (the same scene on screen, 19 example maps
  beside it); ``VmHWM`` once the background warm-up is done (4 s after the window
  shows). The target: the 20 scenes cost at most 30 % more.

``python -m benchmarks.scenes [--quick] [--repeat N]``; ``--quick`` uses 256 x 256
instead of 1024 x 1024 and fewer runs (what the test runs).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

from benchmarks.big import map_file
from benchmarks.timing import CHILD_PRELUDE, child_figures, print_table

if "DISPLAY" not in os.environ:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

ROOT = Path(__file__).resolve().parent.parent
MAPS = ROOT / "maps"
EXAMPLES = ["hillside-ruin", "tavern-brawl", "benchmark-256", "crypt-fog", "thrum"]


def evening_file(folder: Path, big: Path, others: int) -> Path:
    """A file of the big map's scene (shown) and ``others`` example maps around it."""
    from tactical.core.evening import Evening, Scene
    from tactical.persistence import load_encounter
    from tactical.persistence.evening_file import save_evening

    scenes = [Scene("big", load_encounter(big))]
    for number in range(others):
        name = EXAMPLES[number % len(EXAMPLES)]
        scenes.append(Scene(f"s{number}", load_encounter(MAPS / f"{name}.tactical.json")))
    path = folder / f"evening-{len(scenes)}.tactical.json"
    save_evening(Evening(scenes, shown="big"), path)
    return path


def switch_times(big: Path, repeat: int) -> list[tuple[str, str, str, str]]:
    """The first frame after a switch to each scene, and after replacing to it."""
    from PySide6.QtCore import QEvent, QObject, QSettings
    from PySide6.QtWidgets import QApplication

    from tactical.app.encounter.document import EncounterDocument
    from tactical.app.window.main_window import MainWindow
    from tactical.core.evening import Evening, Scene
    from tactical.persistence import load_encounter

    app = QApplication.instance() or QApplication(sys.argv[:1])
    names = ["hillside-ruin", "tavern-brawl", "benchmark-256"]
    scenes = [Scene(n, load_encounter(MAPS / f"{n}.tactical.json")) for n in names]
    scenes.append(Scene("big", load_encounter(big)))
    Evening(scenes, shown=names[0])
    with tempfile.TemporaryDirectory() as folder:
        settings = QSettings(str(Path(folder) / "s.ini"), QSettings.Format.IniFormat)
        document = EncounterDocument(scenes[0].encounter)
        window = MainWindow(document, settings=settings, recovery_dir=Path(folder) / "r")
        window.files.ask_unsaved = lambda: "discard"
        window.resize(1400, 900)
        window.show()
        window.ensure_panel()
        painted: list[float] = []

        class Watch(QObject):
            def eventFilter(self, _obj: QObject, event: QEvent) -> bool:
                if event.type() == QEvent.Type.Paint:
                    painted.append(0.0)
                return False

        watch = Watch()
        window.view.viewport().installEventFilter(watch)

        def frame(act: object) -> tuple[float, float]:
            for _ in range(20):
                app.processEvents()
            painted.clear()
            start, cpu = time.perf_counter(), time.process_time()
            act()  # type: ignore[operator]
            while not painted:
                app.processEvents()
            app.processEvents()  # the paint finished
            return (time.perf_counter() - start) * 1000, (time.process_time() - cpu) * 1000

        switched: dict[str, list[tuple[float, float]]] = {s.id: [] for s in scenes[1:]}
        replaced: dict[str, list[tuple[float, float]]] = {s.id: [] for s in scenes[1:]}
        home = scenes[0]
        for scene in scenes[1:]:  # warm-up: each scene's first drawing, imports, caches
            frame(lambda s=scene: document.switch_scene(s.id))
            frame(lambda: document.switch_scene(home.id))
        for _ in range(repeat):
            for scene in scenes[1:]:
                switched[scene.id].append(frame(lambda s=scene: document.switch_scene(s.id)))
                frame(lambda: document.switch_scene(home.id))
                replaced[scene.id].append(
                    frame(lambda s=scene: document.replace_encounter(s.encounter, None))
                )
                document.replace_encounter(home.encounter, None)  # the same evening
        rows = []
        for scene in scenes[1:]:
            grid = scene.encounter.grid
            size = f"{grid.width} x {grid.height}" if grid is not None else "areas"
            target = "< 1 s" if scene.id == "big" else "< 150 ms"
            rows.append(
                (
                    f"switch the GM's scene to {scene.id} ({size}), first frame",
                    _median(switched[scene.id]),
                    _median(replaced[scene.id]),
                    target,
                )
            )
        window.close()
        window.deleteLater()
        return rows


def _median(times: list[tuple[float, float]]) -> str:
    """The median wall clock, and the median CPU time of this process beside it."""
    wall = statistics.median(t[0] for t in times)
    cpu = statistics.median(t[1] for t in times)
    return f"{wall:.0f} ms (CPU {cpu:.0f} ms)"


MEMORY_CHILD = (
    CHILD_PRELUDE
    + r"""
from pathlib import Path
from PySide6.QtCore import QSettings, QTimer
from PySide6.QtWidgets import QApplication
app = QApplication(sys.argv[:1])
from tactical.app.window.startup import start
import tempfile
folder = tempfile.mkdtemp()
settings = QSettings(folder + "/s.ini", QSettings.Format.IniFormat)
window = start(Path(sys.argv[1]), settings=settings, recovery_dir=Path(folder) / "r",
               ask=lambda r: False)
window.files.ask_unsaved = lambda: "discard"
def done():
    print(json.dumps({"peak": peak_mb(), "scenes": len(window.document.evening.scenes)}))
    app.quit()
QTimer.singleShot(4000, done)
app.exec()
"""
)


def peak(path: Path) -> tuple[float, int]:
    figures = child_figures(MEMORY_CHILD, str(path), env={**os.environ, "PYTHONPATH": str(ROOT)})
    return float(figures["peak"]), int(figures["scenes"])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--repeat", type=int, default=5)
    options = parser.parse_args(argv)
    size = 256 if options.quick else 1024
    repeat = 1 if options.quick else options.repeat
    load = os.getloadavg()[0]
    with tempfile.TemporaryDirectory() as folder:
        big = map_file(size, Path(folder))
        rows = switch_times(big, repeat)
        alone, _one = peak(evening_file(Path(folder), big, 0))
        many, count = peak(evening_file(Path(folder), big, 19))
    rows.append(
        (
            f"memory: {count} scenes, one {size} x {size} on screen, against it alone",
            f"{many:.0f} MB (+{100 * (many - alone) / alone:.0f} %)",
            f"{alone:.0f} MB",
            "at most +30 %",
        )
    )
    print(f"load average {load:.1f}; medians of {repeat}")
    print_table(("measure", "scenes", "reference (replace / alone)", "target"), rows, numbers=2)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
