"""A change off the GM's screen (a phone's move on the players' scene, a roster character's
status copied to its other scenes) goes into the running journal as a record of its scene:
the evening's base is not written again, and a crash now gives the change back."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tactical.app.encounter.document import EncounterDocument
from tactical.app.storage.autosave import JOURNAL_NAME, RECOVERY_NAME, Autosave, pending_recovery
from tactical.core.changes import GM, phone
from tactical.core.commands import MoveToken, SetStatus
from tactical.core.evening import Character, Evening, Scene
from tests.app.conftest import small_grid


def test_a_change_off_the_gms_screen_is_a_record_not_a_new_base(qapp: Any, tmp_path: Path) -> None:
    looked_at, shown = small_grid(), small_grid()
    for encounter in (looked_at, shown):
        encounter.tokens["hero"].character = "hero"
    Evening(
        [Scene("gm", looked_at), Scene("table", shown)], [Character("hero", "Hero")], shown="table"
    )
    document = EncounterDocument(looked_at)
    autosave = Autosave(document, tmp_path)
    try:
        document.push(MoveToken("orc", (2, 5)), GM)
        assert autosave.tick()
        base = (tmp_path / RECOVERY_NAME).stat()
        document.push(MoveToken("ally", (4, 4)), phone("ally", "Bram"), on=shown)
        document.push(SetStatus("hero", "Blessed", 1), GM)  # its token on the table too
        assert autosave.tick()
        after = (tmp_path / RECOVERY_NAME).stat()
        assert (after.st_ino, after.st_mtime_ns) == (base.st_ino, base.st_mtime_ns)
        lines = (tmp_path / JOURNAL_NAME).read_text().splitlines()
        records = [json.loads(line) for line in lines[1:]]
        assert [(r.get("scene"), r["step"][0]["do"]) for r in records] == [
            ("gm", "push"),
            ("table", "push"),
            ("gm", "push"),
        ]
    finally:
        autosave.stop()  # no clean close: the recovery stays, as after a crash
    recovery = pending_recovery(tmp_path)
    assert recovery is not None
    evening = recovery.recover().encounter.evening
    assert isinstance(evening, Evening)
    table = evening.scene("table").encounter
    assert table.tokens["ally"].position == (4, 4)
    assert table.tokens["hero"].statuses == {"Blessed": 1}
    assert evening.scene("gm").encounter.tokens["orc"].position == (2, 5)


def test_after_a_recovery_the_same_journal_goes_on_without_its_torn_line(
    qtbot: Any, tmp_path: Path, settings: Any
) -> None:
    from tactical.app.window.startup import start
    from tactical.persistence import save_encounter

    user_file = tmp_path / "mine.tactical.json"
    save_encounter(small_grid(), user_file)
    data = tmp_path / "data"
    first = start(user_file, settings=settings, recovery_dir=data, ask=lambda r: False)
    qtbot.addWidget(first)
    first.files.ask_unsaved = lambda: "discard"
    first.document.push(MoveToken("hero", (2, 1)), GM)
    assert first.autosave.tick()
    first.autosave.stop()  # the "crash", killed while writing its next line:
    with (data / JOURNAL_NAME).open("ab") as journal:
        journal.write(b'{"n": 2, "time": 1.0, "tokens": {"put": [')
    second = start(None, settings=settings, recovery_dir=data, ask=lambda r: True)
    qtbot.addWidget(second)
    second.files.ask_unsaved = lambda: "discard"
    second.document.push(MoveToken("orc", (3, 5)), GM)
    assert second.autosave.tick()
    second.autosave.stop()  # a second crash
    lines = (data / JOURNAL_NAME).read_bytes().splitlines()
    assert len(lines) == 3 and b"[2,1]" in lines[1] and b"[3,5]" in lines[2]
    recovery = pending_recovery(data)
    assert recovery is not None
    recovered = recovery.recover()
    assert recovered.encounter.tokens["orc"].position == (3, 5)
    assert [s.text for s in recovered.history.steps] == ["Move Hero", "Move Orc"]
