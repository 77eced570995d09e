"""A damaged recovery note never stops the app from starting, and the work is still offered.

Before: a ``saved_at`` that is no time gave a traceback at every start, and the
only way out was to throw the recovered work away.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tactical.app.storage.recovery_files import META_NAME, RECOVERY_NAME, Recovery, pending_recovery
from tactical.app.window.startup import recovery_question, start
from tactical.persistence import save_encounter

from ..app.conftest import settings, small_grid
from .conftest import fifo, guarded

__all__ = ["settings"]

NOTES = [
    '{"original": null, "saved_at": NaN}',
    '{"original": null, "saved_at": Infinity}',
    '{"original": null, "saved_at": 1e300}',
    '{"original": null, "saved_at": -5}',
    '{"original": null, "saved_at": "yesterday"}',
    '{"original": null, "saved_at": true}',
    '{"original": ["not", "a", "path"], "saved_at": 1700000000}',
    '{"original": 12, "imported_from": {"x": 1}}',
    "[1, 2, 3]",
    '{"original": "',
    "\udcff not utf-8".encode("utf-8", "surrogateescape").decode("latin-1"),
]


def _crashed(folder: Path, note: str | None) -> None:
    """The recovery a killed session leaves: the work (the hero moved) and its note."""
    folder.mkdir(parents=True, exist_ok=True)
    encounter = small_grid()
    encounter.token("hero").position = (2, 1)
    save_encounter(encounter, folder / RECOVERY_NAME)
    if note is not None:
        (folder / META_NAME).write_text(note, encoding="latin-1")


@pytest.mark.parametrize("note", NOTES)
def test_a_damaged_note_still_offers_the_work_and_the_app_starts(
    qtbot: Any, tmp_path: Path, settings: Any, note: str
) -> None:
    data = tmp_path / "data"
    _crashed(data, note)
    offered: list[Recovery] = []

    def ask(recovery: Recovery) -> bool:
        offered.append(recovery)
        assert "were kept at" in recovery_question(recovery)  # what the GM reads
        return True

    window = start(None, settings=settings, recovery_dir=data, ask=ask)
    qtbot.addWidget(window)
    window.files.ask_unsaved = lambda: "discard"
    assert len(offered) == 1
    assert window.document.encounter.tokens["hero"].position == (2, 1)
    assert window.document.modified


def test_a_note_that_is_a_pipe_is_not_read(qtbot: Any, tmp_path: Path, settings: Any) -> None:
    data = tmp_path / "data"
    _crashed(data, None)
    fifo(data / META_NAME)
    with guarded():
        recovery = pending_recovery(data)
    assert recovery is not None and recovery.original is None
    with guarded():
        window = start(None, settings=settings, recovery_dir=data, ask=lambda r: True)
    qtbot.addWidget(window)
    window.files.ask_unsaved = lambda: "discard"
    assert window.document.encounter.tokens["hero"].position == (2, 1)
