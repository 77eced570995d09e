"""The recovery journal on the biggest map (issue 32): ``python -m benchmarks.journal``.

The generated 1024 x 1024 map of ``benchmarks/maps.py`` with 10,000 tokens and
fog on (half of it found), in a document with its autosave as the app has it:

- *the GUI thread's copy*: what a change costs the GUI thread for the journal
  (``journal_capture.capture``: a token's move, a fog-brush dab of 5 x 5, a
  terrain dab), median of ``--repeat``;
- *a change to on disk*: from a move's push until its record is written by the
  writer thread, median and slowest of ``--repeat`` moves made 50 ms apart (the
  journal's promise: a kill loses at most the last 2 s), and the same for the
  first change after an untitled map is opened, while its base is still written;
- *memory*: what the journal keeps between changes and its peak while it writes a
  base (tracemalloc: Python's and numpy's allocations), beside the peak of the
  helper process the minute-ly autosave started before the journal (no longer
  started; measured with the code before, so quoted: ``REFERENCE``);
- *recovery*: the next start's rebuild from the base and ``--records`` records.

The reference column is the work the minute-ly autosave did for each change:
the whole file made, proven and written (here, in this process).
"""

from __future__ import annotations

import argparse
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

from benchmarks import big, maps  # noqa: E402
from benchmarks.timing import print_table  # noqa: E402

SIZE = 1024
TOKENS = 10_000
MB = 1024 * 1024
REFERENCE = {"helper_mb": 130.0, "tick_s": 1.5}
"""The minute-ly autosave before the journal, same map (its helper process's peak resident
memory, VmHWM, and tick to written; three ticks at a load average of 4-5)."""


def crowded(size: int, tokens: int) -> object:
    from tactical.core.fog import Fog

    encounter = maps.generated(size, tokens=tokens)
    for token_id in sorted(encounter.tokens)[tokens:]:  # the generator may add its own
        del encounter.tokens[token_id]
    grid = encounter.grid
    assert grid is not None
    found = grid.terrain.copy().astype(bool)
    found[:, : size // 2] = True
    encounter.fog = Fog(enabled=True, revealed=found)
    return encounter


def until(condition: object, most: float = 60.0) -> float:
    """Seconds until ``condition()`` holds (polled every half millisecond)."""
    begin = time.perf_counter()
    while not condition() and time.perf_counter() - begin < most:  # type: ignore[operator]
        time.sleep(0.0005)
    return time.perf_counter() - begin


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=40)
    parser.add_argument("--records", type=int, default=1000)
    parser.add_argument("--side", type=int, default=SIZE, help="the map's side in squares")
    parser.add_argument("--tokens", type=int, default=TOKENS)
    options = parser.parse_args(argv)
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication(sys.argv[:1])
    rows: list[tuple[str, str, str]] = []
    with tempfile.TemporaryDirectory() as name:
        rows = measure(Path(name), options)
    print_table(("measure", "now", "reference: the minute-ly autosave"), rows, numbers=2)
    del app
    return 0


def memory(folder: Path, size: int, tokens: int) -> tuple[int, int]:
    """What the journal keeps once its base is written, and its peak meanwhile (bytes)."""
    from tactical.app.encounter.document import EncounterDocument
    from tactical.app.storage.autosave import Autosave

    document = EncounterDocument(crowded(size, tokens))  # type: ignore[arg-type]
    tracemalloc.start()
    autosave = Autosave(document, folder)
    autosave.wait()
    _, peak = tracemalloc.get_traced_memory()
    kept, _ = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    autosave.stop()
    return kept, peak


def measure(folder: Path, options: argparse.Namespace) -> list[tuple[str, str, str]]:
    from tactical.app.encounter.document import EncounterDocument
    from tactical.app.storage.autosave import Autosave
    from tactical.core.changes import GM
    from tactical.core.commands import MoveToken, PaintSquares, RevealSquares
    from tactical.persistence import write_atomic
    from tactical.persistence.convert import to_document
    from tactical.persistence.files import document_parts, file_chunks
    from tactical.persistence.journal_capture import capture
    from tactical.persistence.journal_replay import recover

    repeat, records, size, tokens = options.repeat, options.records, options.side, options.tokens
    kept, base_peak = memory(folder / "memory", size, tokens)
    encounter = crowded(size, tokens)
    document = EncounterDocument(encounter)  # type: ignore[arg-type]
    base_start = time.perf_counter()
    autosave = Autosave(document, folder / "recovery")
    who = maps.middle_token(encounter)  # type: ignore[arg-type]
    document.push(MoveToken(who, (0, 0)), GM)  # the first change: its base is written now
    first = until(lambda: autosave.writer.records >= 1)
    autosave.wait()
    base_seconds = time.perf_counter() - base_start

    def copied(changes: list[object]) -> float:
        times = []
        for _ in range(repeat):
            begin = time.perf_counter()
            capture(document.encounter, changes)  # type: ignore[arg-type]
            times.append(time.perf_counter() - begin)
        return statistics.median(times) * 1000

    from tactical.core.changes import Change

    move_ms = copied([Change("tokens", frozenset({who}))])
    fog_ms = copied([Change("fog", squares=frozenset({(1, 1)}))])
    terrain_ms = copied([Change("terrain", squares=frozenset({(1, 1)}))])

    latencies = []
    for index in range(repeat):
        done = autosave.writer.records
        document.push(MoveToken(who, (index % 40, 1 + index % 2)), GM)
        latencies.append(until(lambda done=done: autosave.writer.records > done))
        time.sleep(0.05)
    dab = [(x, y) for x in range(size // 2, size // 2 + 5) for y in range(size // 2, size // 2 + 5)]
    document.push(RevealSquares(dab, gesture=1), GM)
    document.push(PaintSquares(dab, elevation=2), GM)
    for index in range(records - repeat - 3):
        document.push(MoveToken(who, (index % 40, 3 + index % 2)), GM)
    assert autosave.tick()
    journal = (folder / "recovery" / "recovery.journal").stat().st_size
    autosave.stop()

    begin = time.perf_counter()
    recovered = recover(
        folder / "recovery" / "recovery.tactical.json", folder / "recovery" / "recovery.journal"
    )
    recovery_seconds = time.perf_counter() - begin
    assert recovered.records >= records - 1

    begin = time.perf_counter()
    write_atomic(
        folder / "whole.tactical.json", file_chunks(document_parts(to_document(encounter)))
    )  # type: ignore[arg-type]
    whole = time.perf_counter() - begin

    label = f"{size} x {size}, {tokens:,} tokens, fog"
    reference_disk = f"up to 60 s, then {REFERENCE['tick_s']:.1f} s (a helper process)"
    return [
        (f"{label}: GUI thread's copy of a token's move", big.ms(move_ms), "none (nothing kept)"),
        (f"{label}: GUI thread's copy of a fog dab", big.ms(fog_ms), "none"),
        (f"{label}: GUI thread's copy of a terrain dab", big.ms(terrain_ms), "none"),
        (
            f"{label}: a move to on disk, median (slowest) of {repeat}",
            f"{big.ms(statistics.median(latencies) * 1000)} ({big.ms(max(latencies) * 1000)})",
            reference_disk,
        ),
        (
            f"{label}: the first change after opening an untitled map to on disk",
            f"{first:.2f} s (its base: {base_seconds:.2f} s)",
            f"{whole:.2f} s: the whole file, made here",
        ),
        (
            f"{label}: memory the journal keeps between changes",
            f"{kept / MB:.0f} MB",
            f"{REFERENCE['helper_mb']:.0f} MB: the helper process's peak, every minute",
        ),
        (
            f"{label}: memory peak while it writes a base",
            f"{base_peak / MB:.0f} MB (in the app's process)",
            f"{REFERENCE['helper_mb']:.0f} MB",
        ),
        (
            f"{label}: journal after {records} changes",
            f"{journal / MB:.1f} MB",
            "",
        ),
        (
            f"{label}: recovery at start: base and {recovered.records} records",
            f"{recovery_seconds:.2f} s",
            "",
        ),
    ]


if __name__ == "__main__":
    raise SystemExit(main())
