"""The token palette's Party section: the evening's roster characters.

Each character is listed with where it stands ("Ally  (on Crypt)"); double-click
one (or "Place on this scene") to put it on the scene on screen as that character
(from the scene it stands on: a character stands on one scene at a time),
at the middle of the map's view, or drag it onto the map (the travel feature
takes the drop: :data:`CHARACTER_MIME` carries the character's id). The roster
is the travel feature's (:class:`tactical.app.scenes.travel.party.PartyActions`);
this widget only asks.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from PySide6.QtCore import QMimeData, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from tactical.app.window.plain_text import plain_label, set_tooltip
from tactical.core.evening import Character
from tactical.core.tokens import Position

CHARACTER_MIME = "application/x-tactical-character"
"""A party character dragged from the section: its id, in UTF-8."""


class RosterList(QListWidget):
    """The roster's rows; a character not on this scene can be dragged onto the map."""

    def __init__(self) -> None:
        super().__init__()
        self.setDragEnabled(True)
        self.setDragDropMode(QAbstractItemView.DragDropMode.DragOnly)

    def mimeTypes(self) -> list[str]:
        return [CHARACTER_MIME]

    def mimeData(self, items: Sequence[QListWidgetItem]) -> QMimeData:
        data = QMimeData()
        if items:
            data.setData(CHARACTER_MIME, str(items[0].data(Qt.ItemDataRole.UserRole)).encode())
        return data


def dragged_character(data: QMimeData) -> str | None:
    """The id of the party character ``data`` carries, if it carries one."""
    if not data.hasFormat(CHARACTER_MIME):
        return None
    return bytes(data.data(CHARACTER_MIME).data()).decode("utf-8", "replace") or None


@dataclass(frozen=True)
class RosterRow:
    """A roster character and where it stands."""

    character: Character
    here: bool
    """On the scene on screen."""
    where: str = ""
    """The name of the scene it stands on; empty when it stands on none."""

    def text(self) -> str:
        """The row as the list shows it: "Ally  (on Crypt)"."""
        if self.here:
            return self.character.name
        return f"{self.character.name}  ({f'on {self.where}' if self.where else 'on no scene'})"


class PartyRoster(Protocol):
    """What the section shows and asks for."""

    def roster(self) -> Sequence[RosterRow]: ...
    def place(self, character_id: str, position: Position) -> str | None: ...


class PartySection(QWidget):
    """The roster, listed; a character not on this scene can be placed on it."""

    def __init__(self, party: PartyRoster, here: Callable[[], Position]) -> None:
        super().__init__()
        self.setObjectName("palette-party")
        self.party = party
        self.here = here
        """Where a placed character goes: the map position at the middle of the view."""
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.title = plain_label("Party (the same on every scene):")
        layout.addWidget(self.title)
        self.list = RosterList()
        self.list.setMaximumHeight(110)
        self.list.itemDoubleClicked.connect(lambda item: self.place(item))
        layout.addWidget(self.list)
        self.place_button = QPushButton("Place on this scene")
        set_tooltip(
            self.place_button,
            "Put the chosen party character on this map (or right-click the map: Place here)",
        )
        self.place_button.clicked.connect(lambda: self.place(self.list.currentItem()))
        layout.addWidget(self.place_button)
        self._shown: list[tuple[str, str, bool]] | None = None
        self.refresh()

    def refresh(self) -> None:
        """Refill the list from the roster; hidden while there is none."""
        rows = list(self.party.roster())
        key = [(r.character.id, r.text(), r.here) for r in rows]
        if key == self._shown:
            return  # a drag refreshes the map at every step: the list stays as it is
        self._shown = key
        current = self.list.currentItem()
        picked = current.data(Qt.ItemDataRole.UserRole) if current is not None else None
        self.list.clear()
        for row in rows:
            item = QListWidgetItem(row.text())
            item.setData(Qt.ItemDataRole.UserRole, row.character.id)
            item.setData(Qt.ItemDataRole.UserRole + 1, row.here)
            if row.here:  # on this scene already: it cannot come a second time
                item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsDragEnabled)
            self.list.addItem(item)
            if row.character.id == picked:
                self.list.setCurrentItem(item)
        self.setVisible(bool(rows))

    def names(self) -> list[str]:
        return [self.list.item(row).text() for row in range(self.list.count())]

    def place(self, item: QListWidgetItem | None) -> str | None:
        if item is None or item.data(Qt.ItemDataRole.UserRole + 1):
            return None
        return self.party.place(str(item.data(Qt.ItemDataRole.UserRole)), self.here())
