"""The summary the players see: round, step, who acts now, and the public order.

Built only from public fields: token names of tokens that are not hidden, the
step titles, ``acting`` and ``revealed``. Never ``Combatant.secret``, the
GM's instruction or notes, nor secret rolls. A revealed declaration that
names a hidden token is left out, in case a procedure wrote one.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QListWidget, QListWidgetItem, QVBoxLayout, QWidget

from tactical.app.map.scene.source import MapSource
from tactical.app.panel.style import ACTING, bold, dim_brush, scaled
from tactical.app.players.secrets import Secrets
from tactical.app.window.plain_text import plain_label
from tactical.core.changes import ChangeSet
from tactical.rules import PanelView, ProcedureController
from tactical.share.public import public_rows

PUBLIC_KINDS = {"procedure", "tokens", "sides", "fog"}

__all__ = ["PUBLIC_KINDS", "PublicTracker", "public_rows"]


class PublicTracker(QWidget):
    """A read-only summary for the player view; it follows its source by itself (the scene
    shown to players: :mod:`tactical.app.players.shown_scene`)."""

    def __init__(self, document: MapSource, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.heading = plain_label()
        self.heading.setFont(bold(scaled(self.font(), 1.3)))
        self.heading.setWordWrap(True)  # "Round 2 — Combat phases (Step 6)" in a narrow column
        self.now = plain_label()
        self.now.setFont(scaled(self.font(), 1.15))
        self.now.setWordWrap(True)
        self.order = QListWidget()
        self.order.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.order.setSelectionMode(QListWidget.SelectionMode.NoSelection)
        layout = QVBoxLayout(self)
        layout.addWidget(self.heading)
        layout.addWidget(self.now)
        layout.addWidget(self.order, 1)
        self._shown: object = None
        document.changes_done.connect(self._on_changes)
        document.encounter_replaced.connect(self.refresh)
        self.refresh()

    def _on_changes(self, changes: ChangeSet) -> None:
        if changes.touches(PUBLIC_KINDS):
            self.refresh()

    def _view(self) -> PanelView | None:
        encounter = self.document.encounter
        if not encounter.procedure:
            return None
        try:
            return ProcedureController(encounter, lambda _command: None).view()
        except Exception:  # the GM's panel shows the problem; the players see nothing
            return None

    def _show(self, on: bool) -> None:
        """Take no room in the player view without a fight (a window is left alone)."""
        if self.parentWidget() is not None:
            self.setVisible(on)

    def refresh(self) -> None:
        encounter = self.document.encounter
        view = self._view()
        if view is None:
            shown: object = None
        else:
            shown = (
                view.title,
                view.round,
                view.ended,
                view.current_title(),
                tuple(public_rows(encounter, view)),
            )
        if shown == self._shown:
            return
        self._shown = shown
        self.order.clear()
        if view is None:
            self.heading.setText("")
            self.now.setText("")
            self._show(False)
            return
        self._show(True)
        rows = public_rows(encounter, view)
        heading = view.round_text() or view.title
        # a step title naming a token the players may not see (hidden, in fog) names an alias
        step = Secrets(encounter).relabel(view.current_title(heading))
        self.heading.setText(f"{heading} \N{EM DASH} {step}" if step else heading)
        acting = [name for name, is_acting, _out, _rev in rows if is_acting]
        if view.ended:
            self.now.setText("The fight is over")
        else:
            self.now.setText("Now: " + ", ".join(acting) if acting else "")
        for name, is_acting, out, revealed in rows:
            item = QListWidgetItem(f"{name} \N{EM DASH} {revealed}" if revealed else name)
            if is_acting:
                item.setFont(bold(item.font()))
                item.setBackground(ACTING)
            if out:
                font = item.font()
                font.setStrikeOut(True)
                item.setFont(font)
                item.setForeground(dim_brush(self))
            self.order.addItem(item)

    def lines(self) -> list[str]:
        """Everything the players read, line by line (tests check no secret is among it)."""
        texts = [self.heading.text(), self.now.text()]
        texts += [self.order.item(i).text() for i in range(self.order.count())]
        return [t for t in texts if t]
