"""Time saving a map with a big picture (``python -m benchmarks.save``).

The map is the Universal VTT benchmark's (``benchmarks/uvtt.py``): a 6144 x
3456 PNG battle map (about 40 MiB, 54 MiB as base64) under a 48 x 27 grid with
449 wall lines, imported as ``tactical import`` does. Measured, medians of
``--repeat`` runs, each for the code as it is and for the code path of before
(every save encoding the picture again, ``json.dumps`` escaping its base64 and
the whole text loaded back, all on the GUI thread), same map, same work:

With ``--grid 1024`` the generated 1024 x 1024 battlefield of
``benchmarks/maps.py`` (200 tokens, ``--tokens`` for more; no picture) is
measured the same way (issue 22's row: ``--grid 1024 --tokens 9999``; the autosave
runs add one token, and a file holds at most 10,000).

- *save (Ctrl+S)*: ``save_encounter`` to a file, fsync included; the first
  save after opening also encodes the picture (its base64 is kept afterwards);
- *autosave, a move kept*: the recovery journal keeps each change as it is
  made (``tactical/app/storage/autosave.py``): the longest gap between beats of a 1 ms
  timer on the GUI thread's event loop from a token's move until its record is
  written (a stall the GM sees while dragging), and that time. The reference
  is how a change was kept before the journal: the whole file written (on the
  GUI thread, as before autosave moved to a worker).
"""

from __future__ import annotations

import argparse
import base64
import itertools
import json
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QEventLoop, Qt, QTimer  # noqa: E402
from PySide6.QtGui import QGuiApplication  # noqa: E402

from benchmarks import maps  # noqa: E402
from benchmarks.timing import print_table, timed  # noqa: E402
from benchmarks.uvtt import HEIGHT, WIDTH, picture, seconds, uvtt_document  # noqa: E402
from tactical.app.encounter.document import EncounterDocument  # noqa: E402
from tactical.app.storage.autosave import META_NAME, RECOVERY_NAME, Autosave, Recovery  # noqa: E402
from tactical.core.changes import GM  # noqa: E402
from tactical.core.commands import AddToken, MoveToken  # noqa: E402
from tactical.core.encounter import Encounter  # noqa: E402
from tactical.core.tokens import Token  # noqa: E402
from tactical.persistence import (  # noqa: E402
    load_encounter,
    loads_encounter,
    save_encounter,
    write_atomic,
)
from tactical.persistence.convert import to_document  # noqa: E402
from tactical.persistence.files import document_parts, file_chunks  # noqa: E402
from tactical.persistence.foreign import import_map  # noqa: E402
from tactical.persistence.jsonfmt import dumps  # noqa: E402


def before_bytes(encounter: Encounter) -> bytes:
    """The save's bytes as the code of before made them: the reference, same output (the
    map's own file: an encounter held by a document is the one scene of an evening)."""
    document = to_document(encounter, with_evening=False)
    document["pictures"] = [
        {"id": p.id, **({"name": p.name} if p.name else {})}  # schema 4: the name, if any
        | (
            {"data": base64.b64encode(p.data).decode("ascii")}  # a plain str: escaped
            if p.data is not None
            else {"path": p.path}
        )
        for p in encounter.pictures.values()
    ]
    data = dumps(document).encode("utf-8")
    loads_encounter(data)  # the whole text loaded back, pictures decoded again
    return data


def before_save(encounter: Encounter, path: Path) -> None:
    write_atomic(path, before_bytes(encounter))


def before_autosave(encounter: Encounter, folder: Path) -> None:
    """The autosave tick of before: all of it on the GUI thread."""
    write_atomic(folder / RECOVERY_NAME, before_bytes(encounter))
    meta = {"original": None, "saved_at": time.time()}
    write_atomic(folder / META_NAME, json.dumps(meta).encode("utf-8"))


def longest_stall(start: Callable[[], object], done: Callable[[], bool]) -> tuple[float, float]:
    """The longest gap between 1 ms beats on this thread's event loop, and the time to done.

    ``start`` runs from the event loop once the beats run; the loop runs until
    ``done()`` is true (checked on every beat), in seconds.
    """
    loop = QEventLoop()
    beats: list[float] = []
    started: list[float] = []

    def beat() -> None:
        beats.append(time.perf_counter())
        if started and done():
            loop.quit()

    def go() -> None:
        started.append(time.perf_counter())
        start()

    probe = QTimer()
    probe.setTimerType(Qt.TimerType.PreciseTimer)
    probe.setInterval(1)
    probe.timeout.connect(beat)
    probe.start()
    QTimer.singleShot(30, go)
    QTimer.singleShot(60_000, loop.quit)  # a safety net, never reached when all is well
    loop.exec()
    probe.stop()
    during = [b for b in beats if b >= started[0]]
    marks = [started[0], *during]
    gaps = [later - earlier for earlier, later in itertools.pairwise(marks)]
    return max(gaps), during[-1] - started[0]


def measure(
    encounter: Encounter, folder: Path, repeat: int, label: str
) -> list[tuple[str, str, str]]:
    folder.mkdir()
    target = folder / "saved.tactical.json"
    opened = folder / "opened.tactical.json"
    save_encounter(encounter, opened)

    cold: list[float] = []
    for _ in range(repeat):
        fresh = load_encounter(opened)  # its picture's base64 not yet made
        begin = time.perf_counter()
        save_encounter(fresh, target)
        cold.append(time.perf_counter() - begin)
    save_now = timed(lambda: save_encounter(encounter, target), repeat) / 1000
    save_before = timed(lambda: before_save(encounter, target), repeat) / 1000
    assert target.read_bytes() == opened.read_bytes()

    document = EncounterDocument(encounter)
    autosave = Autosave(document, folder / "now")
    document.push(AddToken(Token("bench-hero", "Hero", "pcs", (1, 1))), GM)
    autosave.wait()  # the base written: from now on each change is one record
    stalls_now, totals_now, stalls_before, totals_before = [], [], [], []
    for index in range(repeat):
        records = autosave.writer.records
        stall, total = longest_stall(
            lambda index=index: document.push(MoveToken("bench-hero", (index % 2, 0)), GM),
            lambda records=records: autosave.writer.records > records,
        )
        stalls_now.append(stall)
        totals_now.append(total)
        (folder / "before").mkdir(exist_ok=True)
        stall, total = longest_stall(
            lambda: before_autosave(encounter, folder / "before"), lambda: True
        )
        stalls_before.append(stall)
        totals_before.append(total)
    autosave.stop()
    assert autosave.failures == 0
    recovered = Recovery(folder / "now" / RECOVERY_NAME, None, 0.0).load()
    alone = file_chunks(document_parts(to_document(recovered, with_evening=False)))
    assert b"".join(alone) == (folder / "before" / RECOVERY_NAME).read_bytes()

    def median(values: list[float]) -> str:
        return seconds(statistics.median(values))

    mib = f"{opened.stat().st_size / 2**20:.1f} MiB file"
    rows = [
        (f"{label}: save (Ctrl+S), {mib}", seconds(save_now), seconds(save_before)),
        (f"{label}: save (Ctrl+S), first after opening", median(cold), seconds(save_before)),
        (
            f"{label}: autosave, a move kept: longest GUI stall",
            median(stalls_now),
            median(stalls_before),
        ),
        (f"{label}: autosave, a move kept: to on disk", median(totals_now), median(totals_before)),
    ]
    return rows if encounter.pictures else [rows[0], *rows[2:]]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--small", action="store_true", help="a 640 x 360 picture (a quick check)")
    parser.add_argument(
        "--grid",
        type=int,
        default=0,
        help="also the generated SIZE x SIZE map of benchmarks/maps.py",
    )
    parser.add_argument(
        "--tokens", type=int, default=200, help="tokens on the generated map (--grid)"
    )
    options = parser.parse_args(argv)
    app = QGuiApplication.instance() or QGuiApplication(sys.argv[:1])
    width, height = (640, 360) if options.small else (WIDTH, HEIGHT)
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        source = folder / "bench.dd2vtt"
        source.write_text(json.dumps(uvtt_document(picture("PNG", width, height))))
        encounter, _ = import_map(source)
        rows = measure(encounter, folder / "picture", options.repeat, f"PNG {width} x {height}")
        if options.grid:
            # generated() places one token more than asked: the map holds exactly --tokens
            grid = maps.generated(options.grid, tokens=options.tokens - 1)
            label = f"grid {options.grid}, {options.tokens} tokens"
            rows += measure(grid, folder / "grid", options.repeat, label)
    print_table(("measure", "now", "before (the reference)"), rows, numbers=2)
    del app
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
