"""Where an entry of a menu, a toolbar or the map's right-click menu goes, and the filling.

An entry is declared with its place: the menu (or toolbar) by id, a group and
an order. Groups are sorted by name (so "1_open" comes before "2_save"), with a
separator between two groups that both show something; within a group entries
are sorted by their order. The Qt menus are filled from the declarations, so
the order the features are installed in does not change the menus (as in
napari's app-model).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from itertools import groupby

from PySide6.QtCore import QPointF
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu, QMenuBar, QToolBar

MENU_BAR = "menubar"
"""The id of the menu bar: the window's menus are its entries."""

ContextEntries = Callable[[QMenu, QPointF], None]
"""Adds entries to the map's right-click menu at a scene point (a token's, a door's...)."""


@dataclass(frozen=True)
class Place:
    """A menu's or toolbar's id, a group (sorted by name) and an order within the group."""

    container: str
    group: str
    order: int


@dataclass(frozen=True)
class Entry:
    """An action (a menu's own action for a submenu) declared at a place."""

    place: Place
    action: QAction

    def key(self) -> tuple[str, int]:
        return self.place.group, self.place.order


@dataclass(frozen=True)
class ContextEntry:
    """An adder of right-click entries declared in a group, at an order."""

    group: str
    order: int
    adder: ContextEntries

    def key(self) -> tuple[str, int]:
        return self.group, self.order


def fill(target: QMenu | QMenuBar | QToolBar, entries: Iterable[Entry]) -> None:
    """Empty ``target`` and put ``entries`` in it, by group and order, a separator between
    two groups."""
    target.clear()
    ordered = sorted(entries, key=Entry.key)
    for number, (_group, members) in enumerate(groupby(ordered, key=lambda e: e.place.group)):
        if number:
            target.addSeparator()
        target.addActions([entry.action for entry in members])


def fill_context_menu(menu: QMenu, point: QPointF, entries: Iterable[ContextEntry]) -> None:
    """Call the adders by group and order; a separator between two groups that added some."""
    ordered = sorted(entries, key=ContextEntry.key)
    for _group, members in groupby(ordered, key=lambda e: e.group):
        before = len(menu.actions())
        for entry in members:
            entry.adder(menu, point)
        added = menu.actions()[before:]
        if added and before:
            menu.insertSeparator(added[0])
