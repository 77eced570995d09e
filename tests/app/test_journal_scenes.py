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
