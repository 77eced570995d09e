"""The recovery journal of an evening with a big scene (issue 32): ``python -m
benchmarks.journal_evening``.

An evening of two scenes: the generated 1024 x 1024 map of ``benchmarks/maps.py``
with 10,000 tokens and fog on (the scene shown to players), and a small one the GM is
on. A phone moves a token on the big scene, which is not on the GM's screen; a roster
character (on both scenes) gets a status on the GM's scene, which its token on the big
scene takes too:

- *now*: the journal records the change on the scene it was made on: the GUI thread's
  push (the edit and the journal's copy), and the time until its record is written,
  median (slowest) of ``--repeat``;
- *reference*: the journal before, on the same change: the push and a new base of the
  whole evening, its GUI thread's part (the GM's scene copied and the rest of the
  evening's text made: the changed big scene proven and printed again), then the writer
  thread's until the new base is written;
- the first change on the big scene after a new base (an open, a save, an edit of the
  scene list): the journal copies that scene once, before the change.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from benchmarks import big, journal, maps
from benchmarks.timing import print_table


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=15)
    parser.add_argument("--side", type=int, default=journal.SIZE)
    parser.add_argument("--tokens", type=int, default=journal.TOKENS)
    options = parser.parse_args(argv)
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication(sys.argv[:1])
    with tempfile.TemporaryDirectory() as name:
        rows = measure(Path(name), options)
    print_table(("measure", "now", "reference: a new base, as before"), rows, numbers=2)
    del app
    return 0


def _median(times: list[float]) -> str:
    return f"{big.ms(statistics.median(times) * 1000)} ({big.ms(max(times) * 1000)})"


def measure(folder: Path, options: argparse.Namespace) -> list[tuple[str, str, str]]:
    from tactical.app.encounter.document import EncounterDocument
    from tactical.app.storage.autosave import Autosave
    from tactical.core.changes import GM, phone
    from tactical.core.commands import MoveToken, SetStatus
    from tactical.core.evening import Character, Evening, Scene
    from tactical.persistence.journal_capture import capture_all

    size, tokens, repeat = options.side, options.tokens, options.repeat
    crowded: Any = journal.crowded(size, tokens)
    small: Any = maps.generated(40, tokens=10)
    hero = maps.middle_token(small)
    for encounter in (small, crowded):  # the roster's character on both scenes
        if hero not in encounter.tokens:
            token = small.tokens[hero]
            encounter.tokens[hero] = type(token)(hero, token.name, token.side, (0, 0))
        encounter.tokens[hero].character = "hero"
    evening = Evening(
        [Scene("big", crowded), Scene("room", small)], [Character("hero", "Hero")], shown="big"
    )
    document = EncounterDocument(small)
    assert document.evening is evening
    document.push(MoveToken(hero, (1, 1)), GM)  # unsaved: the journal runs
    autosave = Autosave(document, folder)
    autosave.wait()
    who = maps.middle_token(crowded)

    def new_base() -> tuple[float, float]:
        """The journal before, after a change off the GM's screen: a new base of the whole
        evening (the GUI thread's part, then the writer's until it is written)."""
        begin = time.perf_counter()
        full = capture_all(small)  # the GM's scene and the evening's frame
        gui = time.perf_counter() - begin
        autosave.wait()
        begin = time.perf_counter()
        autosave.writer.prepare(full)
        autosave.writer.wait()
        writer = time.perf_counter() - begin
        autosave._restart()  # the journal goes on as now, from a new base
        autosave.wait()
        return gui, writer

    def move(index: int) -> float:
        begin = time.perf_counter()
        document.push(MoveToken(who, (index % 40, 1 + index % 2)), phone(who, "Bram"), on=crowded)
        return time.perf_counter() - begin

    pushes, written = [], []
    move(0)  # the first change there since the base: the scene is copied once
    autosave.wait()
    for index in range(repeat):
        done = autosave.writer.records
        pushes.append(move(index + 1))
        written.append(journal.until(lambda done=done: autosave.writer.records > done))
        autosave.wait()

    firsts, old_gui, old_written, statuses, old_status = [], [], [], [], []
    for index in range(repeat):
        firsts.append(move(index))  # the first since a new base
        autosave.wait()
        gui, writer = new_base()
        old_gui.append(firsts[-1] + gui)
        old_written.append(writer)
        begin = time.perf_counter()
        document.push(SetStatus(hero, "Blessed", index + 1), GM)
        statuses.append(time.perf_counter() - begin)
        old_status.append(statuses[-1] + new_base()[0])
    assert crowded.tokens[hero].statuses == {"Blessed": repeat}
    autosave.stop()

    label = f"{size} x {size}, {tokens:,} tokens"
    return [
        (
            f"{label}: a phone's move off the GM's screen, the GUI thread",
            _median(pushes),
            _median(old_gui),
        ),
        (
            f"{label}: the same move to on disk",
            _median(written),
            f"{_median(old_written)} more, for the new base",
        ),
        (
            f"{label}: a roster character's status, the GUI thread",
            _median(statuses),
            _median(old_status),
        ),
        (
            f"{label}: the first change there after a new base (the scene copied)",
            _median(firsts),
            _median(old_gui),
        ),
    ]


if __name__ == "__main__":
    raise SystemExit(main())
