"""One GM action sends one change set: a panel press, a token drag, an undo, a redo.

Before, one press in the combat panel on the hillside example sent a change
notification for every step the procedure applied, took back and pushed again
(27 to 312 of them), and the map re-synced its tokens for each.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, QPointF, Qt

from tactical.app.map.geometry import CELL
from tactical.core.changes import ChangeSet, HistoryStep
from tactical.persistence.files import load_encounter

HILLSIDE = Path(__file__).resolve().parents[3] / "maps" / "hillside-ruin.tactical.json"


class Heard(QObject):
    """The change sets the document sent and the scene's refresh signals, counted.

    A child of the window: its connections end with the window, not in a later test.
    """

    def __init__(self, window: Any) -> None:
        super().__init__(window)
        self.sets: list[ChangeSet] = []
        self.tokens_refreshed = 0
        window.document.changes_done.connect(self._changes)
        window.scene.tokens_refreshed.connect(self._tokens)

    def _changes(self, changes: ChangeSet) -> None:
        self.sets.append(changes)

    def _tokens(self) -> None:
        self.tokens_refreshed += 1

    def clear(self) -> None:
        self.sets.clear()
        self.tokens_refreshed = 0


def test_one_panel_press_on_the_hillside_is_one_change_set(make_window: Any) -> None:
    window = make_window(load_encounter(HILLSIDE), HILLSIDE)
    panel = window.ensure_panel()
    panel.start("thrum")
    primary = panel.actions_bar.primary
    assert primary is not None and primary.id == "npcs-placed" and not primary.params
    heard = Heard(window)
    refreshes: list[int] = []  # what the panel computed to show, once per refresh
    present = panel.presenter.present
    panel.presenter.present = lambda: (refreshes.append(1), present())[-1]  # type: ignore[method-assign]
    panel.actions_bar.primary_button.click()
    assert len(heard.sets) == 1
    (changes,) = heard.sets
    assert changes.initiator is panel
    assert {"tokens", "procedure"} <= changes.kinds
    assert heard.tokens_refreshed == 1  # the map synced its tokens once
    assert len(refreshes) == 1  # the panel refreshed once, not again for its own echo
    assert panel.outline.current_step() != "setup"
    heard.clear()
    window.edit_menu.undo_action.trigger()  # Ctrl+Z: the panel follows the map's undo
    assert len(heard.sets) == 1  # carried with the step, so the panel can name it
    assert heard.sets[0].initiator == HistoryStep("Undone", "NPCs placed")
    assert heard.tokens_refreshed == 1
    assert len(refreshes) == 2
    heard.clear()
    window.edit_menu.redo_action.trigger()
    assert len(heard.sets) == 1 and heard.tokens_refreshed == 1


def test_a_token_drag_is_one_change_set_and_so_are_its_undo_and_redo(
    make_window: Any, qtbot: Any
) -> None:
    window = make_window()
    heard = Heard(window)
    viewport = window.view.viewport()

    def at(col: int, row: int) -> Any:
        return window.view.mapFromScene(QPointF((col + 0.5) * CELL, (row + 0.5) * CELL))

    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=at(1, 1))
    for col in (2, 3, 4):
        qtbot.mouseMove(viewport, at(col, 1))
    assert heard.sets == []  # the drag previews without touching the model
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=at(4, 1))
    assert window.document.encounter.tokens["hero"].position == (4, 1)
    assert window.document.undo_stack.count() == 1
    assert len(heard.sets) == 1 and heard.sets[0].kinds == {"tokens"}
    assert heard.tokens_refreshed == 1
    for step in (window.document.undo_stack.undo, window.document.undo_stack.redo):
        heard.clear()
        step()
        assert len(heard.sets) == 1 and heard.tokens_refreshed == 1
    assert window.scene.token_items["hero"].pos() == QPointF(4 * CELL, 1 * CELL)
