"""``tactical FILE``'s first frame is the whole window: the map and the combat panel beside it.

Docked after that frame, the panel narrowed the map, which jumped to a smaller fit and
was drawn a second time (0.1 s on 1024 x 1024 with 5,000 tokens, before the GM saw the
panel at all).
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QEvent, QObject, QSettings
from pytestqt.qtbot import QtBot

from tactical.app.window.startup import start
from tactical.persistence import save_encounter

from .conftest import small_grid
from .settle import settle


class FirstFrame(QObject):
    """What the map's first paint shows: whether the panel is docked and shown, and the map's
    zoom then."""

    def __init__(self, window) -> None:  # type: ignore[no-untyped-def]
        super().__init__(window)
        self.window = window
        self.seen: list[tuple[bool, float]] = []
        window.view.viewport().installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint and not self.seen:
            panel = self.window.docks.panel
            docked = panel is not None and panel.isVisible()
            self.seen.append((docked, self.window.view.transform().m11()))
        return False


def test_the_first_frame_shows_the_map_fitted_once_beside_the_combat_panel(
    qtbot: QtBot, tmp_path: Path, settings: QSettings
) -> None:
    path = tmp_path / "crypt.tactical.json"
    save_encounter(small_grid(), path)
    window = start(path, settings=settings, recovery_dir=tmp_path / "data")
    qtbot.addWidget(window)
    window.files.ask_unsaved = lambda: "discard"
    first = FirstFrame(window)
    window.resize(1200, 800)
    window.show()
    qtbot.waitUntil(lambda: bool(first.seen))
    settle(qtbot, window)
    docked, zoom = first.seen[0]
    assert docked
    assert window.view.transform().m11() == zoom  # the map did not jump to another fit
