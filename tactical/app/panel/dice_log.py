"""The dice log, latest roll first; secret rolls and typed (physical) results marked.

With secrets hidden on the GM's screen a secret roll, and a roll of or about a
hidden token, reads only ``secret roll``.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtWidgets import QListWidget, QListWidgetItem, QWidget

from tactical.app.panel.style import LOCK, dim_brush
from tactical.app.players.secrets import SECRET_ROLL, Secrets
from tactical.core.dice_log import DiceRoll
from tactical.core.encounter import Encounter

SHOWN = 300
"""Rolls listed; older ones stay in the encounter file."""


def roll_line(roll: DiceRoll, names: dict[str, str], secrets: Secrets | None = None) -> str:
    """``Aldo: 2d6+3 = 11 (4, 4) · initiative · typed``."""
    if secrets is not None and (
        roll.secret or roll.who in secrets.hidden_ids or secrets.names_hidden(roll.why)
    ):
        return f"{LOCK} {SECRET_ROLL}"
    who = names.get(roll.who, roll.who)
    text = f"{who}: {roll.expression} = {roll.result}"
    if roll.rolls and len(roll.rolls) > 1:
        text += " (" + ", ".join(str(face) for face in roll.rolls) + ")"
    if roll.why:
        text += f" \N{MIDDLE DOT} {roll.why}"
    if roll.manual:
        text += " \N{MIDDLE DOT} typed"
    if roll.secret:
        text = f"{LOCK} {text}"
    return text


class DiceLogView(QListWidget):
    """Rebuilt on each dice change: it is short, and undo may remove any roll."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWordWrap(True)
        self._shown: tuple[object, ...] = ()

    def show_log(
        self, log: Sequence[DiceRoll], encounter: Encounter, secrets: Secrets | None = None
    ) -> None:
        latest = tuple(log[-SHOWN:])
        key = (latest, None if secrets is None else (secrets.hidden_ids, secrets.pattern))
        if key == self._shown:
            return
        self._shown = key
        names = {t.id: t.name for t in encounter.tokens.values()}
        self.clear()
        for roll in reversed(latest):
            item = QListWidgetItem(roll_line(roll, names, secrets))
            if roll.secret:
                item.setForeground(dim_brush(self))
                item.setToolTip("Secret roll: not shown to the players")
            self.addItem(item)

    def lines(self) -> list[str]:
        return [self.item(i).text() for i in range(self.count())]
