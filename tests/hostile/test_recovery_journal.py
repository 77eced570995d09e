"""A damaged recovery journal is refused naming its line, its files are kept, the app starts.

Never a traceback, never a deleted file: the journal and its base are moved into
``refused/`` beside them (the next start offers them no more), and the GM is told
where they are.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tactical.app.encounter.document import EncounterDocument
from tactical.app.storage.recovery_files import JOURNAL_NAME, RECOVERY_NAME, pending_recovery
from tactical.app.window.startup import start
from tactical.core.changes import GM
from tactical.core.commands import MoveToken
from tactical.persistence import save_encounter

from ..app.conftest import settings, small_grid
from .conftest import fifo, guarded

__all__ = ["settings"]


def _crashed(folder: Path) -> None:
    """What a killed session leaves: a base and a journal of three moves."""
    from tactical.app.storage.autosave import Autosave

    document = EncounterDocument(small_grid())
    autosave = Autosave(document, folder)
    for column in (2, 3, 4):
        document.push(MoveToken("hero", (column, 1)), GM)
    assert autosave.tick()
    autosave.stop()  # as a kill leaves it: the files stay


DAMAGE = [
    (b'{"n": 2, "time": 1.0, "tokens": {"put": [}}', "recovery.journal line 3: is not JSON"),
    (b'{"n": 2, "time": 1.0, "squares": [[500, 0, 1, "."]]}', "line 3: square (500, 0) is off"),
    (b'{"n": 2, "time": 1e999}', "recovery.journal line 3 time: must be a finite number"),
    (b"[" * 100_000 + b"]" * 100_000, "recovery.journal line 3: is not JSON tactical reads"),
    (b'{"n": 2, "n": 2, "time": 1}', "recovery.journal line 3"),
]


@pytest.fixture
def shown(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, str]]:
    """The error boxes the window would show, in order (none pops up)."""
    from tactical.app.storage.files import FileController

    boxes: list[tuple[str, str]] = []
    monkeypatch.setattr(FileController, "_dialog_error", lambda self, t, x: boxes.append((t, x)))
    return boxes


@pytest.mark.parametrize(("damage", "said"), DAMAGE)
def test_a_damaged_journal_is_refused_by_line_kept_aside_and_the_app_starts(
    qtbot: Any,
    tmp_path: Path,
    settings: Any,
    shown: list[tuple[str, str]],
    damage: bytes,
    said: str,
) -> None:
    data = tmp_path / "data"
    _crashed(data)
    lines = (data / JOURNAL_NAME).read_bytes().split(b"\n")
    lines[2] = damage
    (data / JOURNAL_NAME).write_bytes(b"\n".join(lines))
    kept = {name: (data / name).read_bytes() for name in (RECOVERY_NAME, JOURNAL_NAME)}
    crypt = tmp_path / "crypt.tactical.json"
    save_encounter(small_grid(), crypt)
    with guarded():
        window = start(crypt, settings=settings, recovery_dir=data, choose=lambda r, p: "restore")
    qtbot.addWidget(window)
    window.files.ask_unsaved = lambda: "discard"
    assert [title for title, _ in shown] == ["Could not recover"]
    assert said in shown[0][1]
    assert window.document.path == crypt and not window.document.modified  # it started
    refused = list((data / "refused").iterdir())
    assert len(refused) == 1
    assert {p.name: p.read_bytes() for p in refused[0].iterdir() if p.name in kept} == kept
    window.autosave.wait()
    assert pending_recovery(data) is None  # not offered again


def test_the_refusal_names_the_line_and_where_the_files_are(
    qtbot: Any, tmp_path: Path, settings: Any, shown: list[tuple[str, str]]
) -> None:
    data = tmp_path / "data"
    _crashed(data)
    lines = (data / JOURNAL_NAME).read_bytes().split(b"\n")
    lines[3] = b'{"n": 3, "time": 1.0, "tokens": {"drop": ["nobody"]}}'
    (data / JOURNAL_NAME).write_bytes(b"\n".join(lines))
    window = start(None, settings=settings, recovery_dir=data, ask=lambda r: True)
    qtbot.addWidget(window)
    window.files.ask_unsaved = lambda: "discard"
    assert len(shown) == 1
    title, text = shown[0]
    assert title == "Could not recover"
    assert "recovery.journal line 4: removes token 'nobody', which is not there" in text
    assert f"Its files are kept in {data / 'refused'}" in text


def test_a_journal_that_is_a_pipe_is_refused_at_once(
    qtbot: Any, tmp_path: Path, settings: Any
) -> None:
    data = tmp_path / "data"
    _crashed(data)
    (data / JOURNAL_NAME).unlink()
    fifo(data / JOURNAL_NAME)
    recovery = pending_recovery(data)
    assert recovery is not None
    with guarded(), pytest.raises(Exception, match="is a named pipe"):
        recovery.load()
