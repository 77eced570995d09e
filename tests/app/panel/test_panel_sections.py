"""The combat panel's sections fold to their headers and give their room to the others."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QApplication

from tactical.app.panel.sections import SETTINGS_PREFIX
from tactical.persistence import load_encounter

HILLSIDE = Path(__file__).resolve().parents[3] / "maps" / "hillside-ruin.tactical.json"


def settle(qtbot: Any) -> None:
    QApplication.processEvents()
    qtbot.wait(20)


def test_folding_a_section_gives_its_height_to_the_others(make_window: Any, qtbot: Any) -> None:
    window = make_window(load_encounter(HILLSIDE))
    window.resize(1400, 900)
    panel = window.ensure_panel()
    assert panel is not None
    window.show()
    qtbot.waitExposed(window)
    settle(qtbot)
    # the map keeps most of a 1400 x 900 window
    assert window.view.width() >= 0.6 * window.width()
    assert list(panel.sections) == ["steps", "combatants", "roll", "dice"]
    table_before = panel.table.height()
    log_before = panel.dice_log.height()
    assert log_before > 40 and panel.dice_log.isVisible()

    panel.sections["dice"].button.click()  # fold the dice log
    settle(qtbot)
    assert not panel.dice_log.isVisible()
    header = panel.sections["dice"].button.height()
    assert panel.sections["dice"].height() <= header + 2
    assert panel.table.height() >= table_before + log_before // 2  # the table got the room

    table_mid = panel.table.height()
    outline_before = panel.outline.height()
    panel.sections["steps"].button.click()
    settle(qtbot)
    assert not panel.outline.isVisible()
    assert panel.table.height() >= table_mid + outline_before // 2

    panel.sections["roll"].button.click()
    settle(qtbot)
    assert not panel.roll_box.isVisible()
    assert panel.sections["roll"].button.isVisible()  # the header stays to unfold it
    assert window.settings.value(SETTINGS_PREFIX + "dice") in (True, "true")

    panel.sections["dice"].button.click()  # unfold: the log comes back with room
    settle(qtbot)
    assert panel.dice_log.isVisible() and panel.dice_log.height() > 40
    assert window.settings.value(SETTINGS_PREFIX + "dice") in (False, "false")


def test_folded_sections_are_remembered(make_window: Any, settings: Any, qtbot: Any) -> None:
    settings.setValue(SETTINGS_PREFIX + "steps", True)
    window = make_window(load_encounter(HILLSIDE))
    panel = window.ensure_panel()
    assert panel is not None
    assert not panel.sections["steps"].is_open()
    assert panel.sections["combatants"].is_open() and panel.sections["dice"].is_open()
