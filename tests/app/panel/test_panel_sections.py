"""The combat panel's sections fold to one line of buttons and give their room to the others.

Issue 34: the order comes first. On a laptop screen the sections the GM left alone
(steps, roll, dice log) fold for it, their buttons side by side at the panel's foot;
on a large one they open. What the GM folds or unfolds, and the splitter's sizes
they drag, are remembered at the next start.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QPoint, Qt

from tactical.app.panel import CombatPanel
from tactical.app.panel.layout import SIZES_KEY
from tactical.app.panel.sections import SETTINGS_PREFIX
from tactical.app.window.main_window import TITLE_BAR_PX
from tactical.persistence import load_encounter

MAPS = Path(__file__).resolve().parents[3] / "maps"
LAPTOP = (1366, 768 - TITLE_BAR_PX)
LARGE = (1920, 1080 - TITLE_BAR_PX)


def _panel(make_window: Any, name: str, size: tuple[int, int]) -> CombatPanel:
    window = make_window(load_encounter(MAPS / f"{name}.tactical.json"))
    window.resize(*size)
    panel = window.ensure_panel()
    assert isinstance(panel, CombatPanel)
    return panel


def _folded(panel: CombatPanel) -> list[str]:
    """The sections whose buttons wait in the line at the foot, in order."""
    bar = panel.widgets.folds
    return [s.key for s in panel.sections.values() if s.button.parentWidget() is bar]


def test_on_a_laptop_screen_the_steps_and_dice_fold_for_the_order(
    make_window: Any, qtbot: Any, settings: Any
) -> None:
    panel = _panel(make_window, "thrum", LAPTOP)
    assert list(panel.sections) == ["combatants", "steps", "roll", "dice"]
    # Room for the steps under the ten rows, not for the roll box and the dice log.
    qtbot.waitUntil(lambda: _folded(panel) == ["roll", "dice"])
    assert panel.outline.isVisible() and not panel.dice_log.isVisible()
    assert panel.widgets.folds.isVisible() and panel.sections["dice"].button.isVisible()
    assert panel.table.isVisible()
    assert not [k for k in settings.allKeys() if k.startswith(SETTINGS_PREFIX)]  # not the GM's
    # On a large screen the same panel has room for them all.
    panel.window().resize(*LARGE)
    qtbot.waitUntil(lambda: _folded(panel) == [])
    assert panel.outline.isVisible() and panel.dice_log.isVisible()
    assert not panel.widgets.folds.isVisible()


def test_folding_a_section_gives_its_height_to_the_others(make_window: Any, qtbot: Any) -> None:
    panel = _panel(make_window, "thrum", LARGE)
    qtbot.waitUntil(lambda: _folded(panel) == [] and panel.dice_log.height() > 40)
    log_before = panel.dice_log.height()
    steps_before = panel.outline.height()
    panel.sections["dice"].button.click()  # the GM folds the dice log
    qtbot.waitUntil(lambda: _folded(panel) == ["dice"])
    assert not panel.dice_log.isVisible()
    window = panel.window()
    assert window.settings.value(SETTINGS_PREFIX + "dice") in (True, "true")
    qtbot.waitUntil(lambda: panel.outline.height() >= steps_before + log_before // 2)
    panel.sections["dice"].button.click()  # its button at the foot unfolds it again
    qtbot.waitUntil(lambda: _folded(panel) == [] and panel.dice_log.height() > 40)
    assert window.settings.value(SETTINGS_PREFIX + "dice") in (False, "false")


def test_the_gms_folds_are_remembered(make_window: Any, settings: Any, qtbot: Any) -> None:
    settings.setValue(SETTINGS_PREFIX + "steps", True)  # folded by the GM last time
    settings.setValue(SETTINGS_PREFIX + "dice", False)  # unfolded by the GM last time
    panel = _panel(make_window, "thrum", LARGE)
    qtbot.waitUntil(lambda: _folded(panel) == ["steps"])
    assert panel.dice_log.isVisible() and panel.table.isVisible()
    panel.window().resize(*LAPTOP)  # the GM's dice log stays open on a short screen too
    qtbot.waitUntil(lambda: "roll" in _folded(panel))
    assert _folded(panel) == ["steps", "roll"]
    assert panel.dice_log.isVisible()


def _drag(qtbot: Any, panel: CombatPanel, handle_index: int, by: int) -> None:
    handle = panel.splitter.handle(handle_index)
    start = handle.rect().center()
    qtbot.mousePress(handle, Qt.MouseButton.LeftButton, pos=start)
    qtbot.mouseMove(handle, start + QPoint(0, by))
    qtbot.mouseRelease(handle, Qt.MouseButton.LeftButton, pos=start + QPoint(0, by))


def test_the_splitter_sizes_the_gm_drags_are_remembered(
    make_window: Any, settings: Any, qtbot: Any
) -> None:
    panel = _panel(make_window, "thrum", LARGE)
    splitter = panel.splitter
    qtbot.waitUntil(lambda: _folded(panel) == [] and splitter.sizes()[2] > 40)
    dice_before = splitter.sizes()[2]
    _drag(qtbot, panel, 2, -60)  # the GM gives the dice log more room
    qtbot.waitUntil(lambda: splitter.sizes()[2] > dice_before + 30)
    dragged = splitter.sizes()
    assert settings.value(SIZES_KEY) is not None
    panel.window().resize(LARGE[0], LARGE[1] - 20)  # the GM's sizes survive a resize...
    qtbot.waitUntil(lambda: abs(splitter.sizes()[2] - dragged[2]) <= 2)
    panel.window().close()
    again = _panel(make_window, "thrum", LARGE)  # ...and the next start
    qtbot.waitUntil(lambda: _folded(again) == [])
    qtbot.waitUntil(lambda: abs(again.splitter.sizes()[2] - dragged[2]) <= 2)
