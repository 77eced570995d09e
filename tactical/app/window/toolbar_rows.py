"""The rows of toolbars at the top of the main window, so none hides tools behind a chevron.

The Tools bar is the first row. The second is the tool options row
(:mod:`tactical.app.window.tool_options`): the Tool options hint, the Template row and
the fog tool's row take turns on it, one at a time, and it is always there, so
pressing T or G never moves the map under the pointer. Every other bar (map
editing, the Background bar) gets a row of its own under it, shown while its
mode or picture is in use: two bars sharing a row overflowed a 1280 px window
(map editing beside the Background bar hid "Align background…").
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMainWindow, QToolBar

TOP = Qt.ToolBarArea.TopToolBarArea

TOOL_OPTIONS_ROW = ("tool-options", "template-options", "fog")
"""Object names of the bars that take turns on the tool options row, in their order there."""

OWN_ROWS = ("map-editing", "background")
"""Object names of the bars with a row of their own, top to bottom (whatever the order the
features were installed in); a bar not named here comes after them."""


def top_toolbars(window: QMainWindow) -> list[QToolBar]:
    """The window's toolbars in the top area: the Tools bar first, the tool options row's,
    then those of a row of their own."""
    bars = [
        bar
        for bar in window.findChildren(QToolBar, options=Qt.FindChildOption.FindDirectChildrenOnly)
        if window.toolBarArea(bar) == TOP
    ]
    order = ("tools", *TOOL_OPTIONS_ROW, *OWN_ROWS)
    return sorted(bars, key=lambda bar: _rank(order, bar.objectName()))


def _rank(order: tuple[str, ...], name: str) -> int:
    return order.index(name) if name in order else len(order)


def toolbar_rows(window: QMainWindow) -> list[list[QToolBar]]:
    """The rows the top toolbars should stand in: Tools, tool options, then one bar a row."""
    bars = top_toolbars(window)
    if not bars:
        return []
    named = {bar.objectName(): bar for bar in bars[1:]}
    options = [named[name] for name in TOOL_OPTIONS_ROW if name in named]
    rest = [bar for bar in bars[1:] if bar not in options]
    return [row for row in ([bars[0]], options, *([bar] for bar in rest)) if row]


def install_toolbar_rows(window: QMainWindow) -> None:
    """Put the top toolbars in their rows (call after all are added).

    The bars of the tool options row are given one height, the tallest one's,
    so the row keeps its height whichever of them shows.
    """
    rows = toolbar_rows(window)
    for number, row in enumerate(rows[1:]):
        for place, bar in enumerate(row):
            if place == 0:
                window.addToolBarBreak(TOP)
            window.addToolBar(TOP, bar)  # added again, a bar moves (and keeps its visibility)
        if number == 0 and row[0].objectName() in TOOL_OPTIONS_ROW:
            height = max(bar.sizeHint().height() for bar in row)
            for bar in row:
                bar.setMinimumHeight(height)
