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

    A child of the bare services: its connections end with it, not in a later test.
    """

    def __init__(self, services: Any) -> None:
        super().__init__(services.host)
        self.sets: list[ChangeSet] = []
        self.tokens_refreshed = 0
        services.document.changes_done.connect(self._changes)
        services.scene.tokens_refreshed.connect(self._tokens)

    def _changes(self, changes: ChangeSet) -> None:
        self.sets.append(changes)

    def _tokens(self) -> None:
        self.tokens_refreshed += 1

    def clear(self) -> None:
        self.sets.clear()
        self.tokens_refreshed = 0


def test_one_panel_press_on_the_hillside_is_one_change_set(make_services: Any) -> None:
    services = make_services(load_encounter(HILLSIDE), HILLSIDE)
    panel = services.open_panel()
    panel.start("thrum")
    primary = panel.actions_bar.primary
    assert primary is not None and primary.id == "npcs-placed" and not primary.params
    heard = Heard(services)
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
    services.document.undo_stack.undo()  # Ctrl+Z: the panel follows the map's undo
    assert len(heard.sets) == 1  # carried with the step, so the panel can name it
    assert heard.sets[0].initiator == HistoryStep("Undone", "NPCs placed")
    assert heard.tokens_refreshed == 1
    assert len(refreshes) == 2
    heard.clear()
    services.document.undo_stack.redo()
    assert len(heard.sets) == 1 and heard.tokens_refreshed == 1


def test_a_token_drag_is_one_change_set_and_so_are_its_undo_and_redo(
    make_services: Any, qtbot: Any
) -> None:
    services = make_services()
    heard = Heard(services)
    viewport = services.view.viewport()

    def at(col: int, row: int) -> Any:
        return services.view.mapFromScene(QPointF((col + 0.5) * CELL, (row + 0.5) * CELL))

    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=at(1, 1))
    for col in (2, 3, 4):
        qtbot.mouseMove(viewport, at(col, 1))
    assert heard.sets == []  # the drag previews without touching the model
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=at(4, 1))
    assert services.document.encounter.tokens["hero"].position == (4, 1)
    assert services.document.undo_stack.count() == 1
    assert len(heard.sets) == 1 and heard.sets[0].kinds == {"tokens"}
    assert heard.tokens_refreshed == 1
    for step in (services.document.undo_stack.undo, services.document.undo_stack.redo):
        heard.clear()
        step()
        assert len(heard.sets) == 1 and heard.tokens_refreshed == 1
    assert services.scene.token_items["hero"].pos() == QPointF(4 * CELL, 1 * CELL)
