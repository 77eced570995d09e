"""Waiting for Qt to lay widgets out: on the layout itself, not on the clock.

A shown, resized or turned widget asks for a new layout with posted events, and
some of the app's widgets re-fit on a zero-time timer those start (the panel's
fit, a frozen frame taken again at a new size). :func:`settle` turns the event
loop until every widget under the ones given is where it will stay: shown with a
non-zero size, and nothing in it moved, resized, shown or hidden for
:data:`STILL_TURNS` turns in a row.
"""

from __future__ import annotations

from PySide6.QtCore import QRect
from PySide6.QtWidgets import QApplication, QWidget

STILL_TURNS = 3
"""Turns of the event loop in a row with nothing moved (a layout, its timer, the re-fit)."""


def layout_of(widget: QWidget) -> list[tuple[bool, QRect]]:
    """Whether each widget under ``widget`` (itself first) is shown, and where it stands."""
    return [(w.isVisible(), w.geometry()) for w in (widget, *widget.findChildren(QWidget))]


def settle(qtbot, *widgets: QWidget, timeout: int = 5000) -> None:  # type: ignore[no-untyped-def]
    """Turn the event loop until ``widgets`` are shown, sized and laid out for good."""
    turns: list[list[list[tuple[bool, QRect]]]] = []

    def still() -> bool:
        for _ in range(STILL_TURNS):
            QApplication.processEvents()
            turns.append([layout_of(w) for w in widgets])
        recent = turns[-STILL_TURNS:]
        placed = all(w.isVisible() and not w.size().isEmpty() for w in widgets)
        return placed and len(recent) == STILL_TURNS and all(t == recent[-1] for t in recent)

    qtbot.waitUntil(still, timeout=timeout)
