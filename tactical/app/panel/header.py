"""What to do now: the procedure and round, one large instruction line, notes, messages.

The notes (the rules that matter at this step) give way first on a short screen:
they sit in a small scrolling area the panel sizes (:meth:`InstructionBox.set_notes_height`),
whole when there is room, down to :data:`NOTES_LEAST` lines, so the order and the
step's button stay in view together.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame, QScrollArea, QVBoxLayout, QWidget

from tactical.app.panel.references import references_tooltip, without_references
from tactical.app.panel.style import ERROR, bold, scaled
from tactical.app.window.plain_text import plain_label, set_tooltip

NOTES_LEAST = 2
"""Lines of notes kept on the shortest screen (the rest scroll)."""


class InstructionBox(QWidget):
    """The GM reads this first: it says what to do now and who is next."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.title = plain_label()
        self.title.setFont(bold(self.font()))
        self.instruction = plain_label()
        self.instruction.setWordWrap(True)
        self.instruction.setFont(bold(scaled(self.font(), 1.35)))
        self.notes = plain_label()
        self.notes.setWordWrap(True)
        self.notes_area = QScrollArea()
        """The notes, scrolling when the panel gives them less than their height."""
        self.notes_area.setWidget(self.notes)
        self.notes_area.setWidgetResizable(True)
        self.notes_area.setFrameShape(QFrame.Shape.NoFrame)
        self.notes_area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.notes_area.setFixedHeight(0)
        self.message = plain_label()
        self.message.setWordWrap(True)
        self.message.hide()
        self._layout = layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        for label in (self.title, self.instruction, self.notes_area, self.message):
            layout.addWidget(label)

    def show_view(
        self, title: str, round_number: int, instruction: str, notes: Sequence[str], ended: bool
    ) -> None:
        parts = [title]
        if round_number:
            parts.append(f"round {round_number}")
        if ended:
            parts.append("ended")
        self.title.setText(" \N{EM DASH} ".join(parts))
        # Rule-text references ("(001 line 22)") show on hover, not in the lines.
        self.instruction.setText(without_references(instruction))
        set_tooltip(self.instruction, references_tooltip([instruction]))
        self.notes.setText("\n".join(f"\N{BULLET} {without_references(n)}" for n in notes))
        set_tooltip(self.notes, references_tooltip(notes))
        self.notes_area.setVisible(bool(notes))

    def notes_height(self, width: int) -> int:
        """The notes' whole height at ``width`` (0 without notes)."""
        if self.notes_area.isHidden():
            return 0
        bar = self.notes_area.verticalScrollBar().sizeHint().width()
        return max(self.notes.heightForWidth(width), self.notes.heightForWidth(width - bar))

    def notes_least(self, width: int) -> int:
        """The least the notes shrink to: :data:`NOTES_LEAST` lines, or all when fewer."""
        line = self.notes.fontMetrics().lineSpacing()
        return min(self.notes_height(width), NOTES_LEAST * line + 2)

    def set_notes_height(self, height: int) -> None:
        if self.notes_area.height() != height or self.notes_area.minimumHeight() != height:
            self.notes_area.setFixedHeight(height)

    def show_message(self, text: str, *, error: bool = False) -> None:
        """A refusal (red) or what the last action did; empty hides it."""
        self.message.setText(without_references(text))
        set_tooltip(self.message, references_tooltip([text]))
        self.message.setStyleSheet(f"color: {ERROR.name()};" if error else "")
        self.message.setProperty("error", error)
        self.message.setVisible(bool(text))

    def add_line(self, widget: QWidget) -> None:
        """A line of another feature's under the messages (a phone's roll, to correct)."""
        self._layout.addWidget(widget)

    @property
    def is_error(self) -> bool:
        return bool(self.message.property("error")) and self.message.isVisibleTo(self)
