"""The combat panel holds still once it fits: its fit does not ask for another for ever.

A fit that drops its layout's cache makes the layout ask for another layout, which
started another fit: the GUI thread was never idle while the panel showed (a big map's
window never got to its first drag)."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QApplication

from tactical.app.panel.dock import CombatPanel
from tests.app.settle import settle


def test_the_panel_stops_fitting_once_it_fits(qtbot: Any, make_window: Any) -> None:
    window = make_window()
    window.resize(1600, 1000)
    panel = window.ensure_panel()
    assert isinstance(panel, CombatPanel)
    settle(qtbot, window, panel)
    fits: list[int] = []
    widgets = panel.widgets
    original = widgets.fit
    widgets.fit = lambda: (fits.append(1), original())  # type: ignore[method-assign]
    widgets._fit_timer.timeout.disconnect()
    widgets._fit_timer.timeout.connect(widgets.fit)
    for _ in range(50):
        QApplication.processEvents()
    assert len(fits) <= 2
