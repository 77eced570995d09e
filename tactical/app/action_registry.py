"""The window's actions, menus, toolbars, tools and right-click entries, by id.

Modelled on Tiled's action manager: a feature registers its actions under ids
("fog.tool", "view.hide-secrets") and puts them in menus and toolbars named by
id ("view", "tools"), instead of reaching into the main window for
``window.view_menu`` or ``window.toolbar``. The window registers its own first;
a feature finds another's action by id, and a test can build one feature
against a bare :class:`~PySide6.QtWidgets.QMainWindow` with its own registry.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QAction, QActionGroup
from PySide6.QtWidgets import QDockWidget, QMainWindow, QMenu, QToolBar

ContextEntries = Callable[[QMenu, QPointF], None]
"""Adds entries to the map's right-click menu at a scene point (doors, wall lines...)."""


class ActionRegistry:
    """Actions, menus, toolbars and tools of one window, by id (see the module's docstring)."""

    def __init__(self, host: QMainWindow) -> None:
        self.host = host
        self._actions: dict[str, QAction] = {}
        self._menus: dict[str, QMenu] = {}
        self._toolbars: dict[str, QToolBar] = {}
        self.tools: dict[str, object] = {}
        """The map tools by name (``use_tool`` picks one)."""
        self.tool_group = QActionGroup(host)
        """The tools' actions: one is checked at a time."""
        self.tool_group.setExclusive(True)
        self.context_entries: list[ContextEntries] = []
        """Adders of entries to the map's right-click menu, in the order they were added."""

    # -- actions ------------------------------------------------------------------

    def add(self, action_id: str, action: QAction) -> QAction:
        """Register ``action`` under ``action_id``; its shortcut works anywhere in the window."""
        if action_id in self._actions:
            raise ValueError(f"two actions use the id '{action_id}'")
        self._actions[action_id] = action
        self.host.addAction(action)
        return action

    def action(self, action_id: str) -> QAction:
        try:
            return self._actions[action_id]
        except KeyError:
            raise KeyError(f"no action '{action_id}' (known: {', '.join(self.ids())})") from None

    def __contains__(self, action_id: object) -> bool:
        return action_id in self._actions

    def ids(self) -> list[str]:
        return sorted(self._actions)

    # -- menus and toolbars ---------------------------------------------------------

    def add_menu(self, menu_id: str, menu: QMenu, *, before: str | None = None) -> QMenu:
        """Register ``menu``; with ``before``, also put it on the menu bar before that menu."""
        if menu_id in self._menus:
            raise ValueError(f"two menus use the id '{menu_id}'")
        self._menus[menu_id] = menu
        if before is not None:
            self.host.menuBar().insertMenu(self.menu(before).menuAction(), menu)
        return menu

    def menu(self, menu_id: str) -> QMenu:
        try:
            return self._menus[menu_id]
        except KeyError:
            raise KeyError(
                f"no menu '{menu_id}' (known: {', '.join(sorted(self._menus))})"
            ) from None

    def add_to_menu(
        self, menu_id: str, action_ids: Iterable[str], *, separator: bool = False
    ) -> None:
        """Append the actions named by ``action_ids`` to a menu (after a separator if asked)."""
        menu = self.menu(menu_id)
        if separator:
            menu.addSeparator()
        for action_id in action_ids:
            menu.addAction(self.action(action_id))

    def insert_into_menu(
        self,
        menu_id: str,
        action_ids: Iterable[str],
        *,
        before: str | None = None,
        after: str | None = None,
    ) -> None:
        """Put actions in a menu just before or just after one of its entries (by id)."""
        menu = self.menu(menu_id)
        entries = menu.actions()
        if before is not None:
            place: QAction | None = self.action(before)
        else:
            assert after is not None, "insert_into_menu needs before or after"
            index = entries.index(self.action(after)) + 1
            place = entries[index] if index < len(entries) else None
        actions = [self.action(i) for i in action_ids]
        if place is None:
            menu.addActions(actions)
        else:
            menu.insertActions(place, actions)

    def add_toolbar(
        self, toolbar_id: str, bar: QToolBar, *, new_row: bool = False, place: bool = True
    ) -> QToolBar:
        """Register ``bar``; unless ``place`` is False, put it at the top of the window
        (on a row of its own with ``new_row``)."""
        if toolbar_id in self._toolbars:
            raise ValueError(f"two toolbars use the id '{toolbar_id}'")
        self._toolbars[toolbar_id] = bar
        if not place:
            return bar
        if new_row:
            self.host.addToolBarBreak(Qt.ToolBarArea.TopToolBarArea)
        self.host.addToolBar(Qt.ToolBarArea.TopToolBarArea, bar)
        return bar

    def toolbar(self, toolbar_id: str) -> QToolBar:
        try:
            return self._toolbars[toolbar_id]
        except KeyError:
            known = ", ".join(sorted(self._toolbars))
            raise KeyError(f"no toolbar '{toolbar_id}' (known: {known})") from None

    def add_to_toolbar(
        self, toolbar_id: str, action_ids: Iterable[str], *, separator: bool = False
    ) -> None:
        bar = self.toolbar(toolbar_id)
        if separator:
            bar.addSeparator()
        for action_id in action_ids:
            bar.addAction(self.action(action_id))

    # -- tools and the right-click menu ------------------------------------------------------

    def add_tool(self, name: str, tool: object, action_id: str) -> None:
        """A map tool, chosen by its (checkable) action, one of the tool group."""
        self.tools[name] = tool
        self.tool_group.addAction(self.action(action_id))

    def add_dock(self, action_id: str, dock: QDockWidget, area: Qt.DockWidgetArea) -> QAction:
        """Dock ``dock`` in the window; its show/hide action is registered as ``action_id``."""
        self.host.addDockWidget(area, dock)
        return self.add(action_id, dock.toggleViewAction())

    def add_context_entries(self, adder: ContextEntries) -> None:
        self.context_entries.append(adder)

    def fill_context_menu(self, menu: QMenu, point: QPointF) -> None:
        for adder in self.context_entries:
            adder(menu, point)
