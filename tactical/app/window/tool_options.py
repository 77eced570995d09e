"""The tool options row: always under the Tools bar, showing what the active tool offers.

Templates (T) show their kind, X, range, label and Terrain Effect there, the
fog tool (G) its shapes and modes; every other tool a short plain hint of what
it does. The row is there whichever tool is active, so switching tools never
changes the map view's height and the map never moves under the GM's pointer
(it used to move about 30 px when a tool's row came or went, and the next
click landed on the wrong token). Only Edit map, a mode change, adds a row.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QSize, Qt
from PySide6.QtGui import QAction, QKeySequence, QResizeEvent
from PySide6.QtWidgets import QLabel, QToolBar

from tactical.app.window.plain_text import set_tooltip, shown_text

if TYPE_CHECKING:
    from tactical.app.window.services import Services

HINTS = {
    "tools.select": (
        "click a token to select it, drag it to move it, double-click it to edit it, "
        "right-click for its menu; double-click a door (or D over it) opens or closes it"
    ),
    "tools.ruler": (
        "click to start, click again for each waypoint; right-click or Escape puts it away"
    ),
}
"""What a tool without options of its own does, by the id of its action."""

COVER_NOTE = (
    " Cover (C) is on, over the tool below: each token shows -, C or X from the selected one;"
    " C again turns it off |"
)
"""Before the tool's hint while Cover shows: an overlay over the current tool, not a tool."""

MIN_HINT_WIDTH = 120
"""Pixels the hint keeps however narrow the window (it ends in "…" before that)."""


class HintLabel(QLabel):
    """One line of plain words that end in "…" where the row is too narrow for them all.

    A long hint (an editing tool's tooltip) never widens the row, and so never
    the window; the whole hint is the label's tooltip.
    """

    def __init__(self) -> None:
        super().__init__()
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.words = ""
        """The whole hint (the label shows as much of it as fits)."""

    def set_words(self, words: str) -> None:
        self.words = words
        set_tooltip(self, words.strip())
        self.updateGeometry()
        self._fit()

    def sizeHint(self) -> QSize:
        hint = super().sizeHint()
        margins = self.contentsMargins()
        width = self.fontMetrics().horizontalAdvance(self.words) + margins.left() + margins.right()
        return QSize(width + 2, hint.height())

    def minimumSizeHint(self) -> QSize:
        return QSize(
            min(self.sizeHint().width(), MIN_HINT_WIDTH), super().minimumSizeHint().height()
        )

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit()

    def _fit(self) -> None:
        room = self.contentsRect().width()
        elided = self.fontMetrics().elidedText(self.words, Qt.TextElideMode.ElideRight, room)
        if elided != self.text():
            self.setText(elided)


class ToolOptions(QObject):
    """The row's hint bar, and which of the row's bars shows (see the module's docstring)."""

    def __init__(self, services: Services) -> None:
        super().__init__(services.window())
        self.registry = registry = services.action_registry
        self.hint_bar = QToolBar("Tool options", services.window())
        self.hint_bar.setObjectName("tool-options")
        self.hint_bar.setMovable(False)
        self.hint = HintLabel()
        self.hint.setObjectName("tool-hint")
        self.hint_bar.addWidget(self.hint)
        registry.add_toolbar("tool-options", self.hint_bar)
        self.bars: dict[QAction, QToolBar] = {
            registry.action("tools.template"): registry.toolbar("template"),
            registry.action("fog.tool"): registry.toolbar("fog"),
        }
        """The tools with options of their own, and the bar that holds them."""
        self.hints: dict[QAction, str] = {
            registry.action(action_id): text for action_id, text in HINTS.items()
        }
        for bar in (self.hint_bar, *self.bars.values()):
            bar.toggleViewAction().setVisible(False)  # they follow the tool, no switch of their own
        for action in registry.tool_group.actions():
            action.toggled.connect(self.refresh)
        self.cover_action = registry.action("tools.cover")
        self.cover_action.toggled.connect(self.refresh)
        self.refresh()

    def hint_text(self, action: QAction | None) -> str:
        """The plain hint for a tool: its own words, else its tooltip (the editing tools)."""
        if action is None:
            return ""
        what = self.hints.get(action) or action.toolTip()
        key = action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
        name = f"{shown_text(action.text())} ({key})" if key else shown_text(action.text())
        return f" {name}: {what[:1].lower()}{what[1:]}"

    def refresh(self, *_: object) -> None:
        """Show the active tool's bar, or the hint bar with its words."""
        active = self.registry.tool_group.checkedAction()
        for action, bar in self.bars.items():
            bar.setVisible(action is active)
        own = active in self.bars
        self.hint_bar.setVisible(not own)
        if not own:
            cover = COVER_NOTE if self.cover_action.isChecked() else ""
            self.hint.set_words(cover + self.hint_text(active))


def install_tool_options(services: Services) -> ToolOptions:
    """Add the tool options row's hint bar (before the rows are arranged)."""
    return ToolOptions(services)
