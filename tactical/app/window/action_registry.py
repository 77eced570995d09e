"""The window's actions, menus, toolbars, tools and right-click entries, by id.

Modelled on Tiled's action manager and napari's app-model: a feature registers
its actions under ids ("fog.tool", "view.hide-secrets") and declares where each
goes, a :class:`~tactical.app.window.menu_places.Place` (a menu or toolbar id, a group
and an order), instead of reaching into the main window for ``window.view_menu``.
The Qt menus are filled from the declarations when the window is built
(:meth:`ActionRegistry.build`), so the order the features are installed in does
not change them; a declaration made later (the combat panel's dock) refills its
menu at once. A test builds one feature against a bare QMainWindow with its own
registry.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable

from PySide6.QtCore import QObject, QPointF, Qt
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QDockWidget, QMainWindow, QMenu, QToolBar

from tactical.app.map.map_view import Tool
from tactical.app.window.menu_places import (
    MENU_BAR,
    ContextEntries,
    ContextEntry,
    Entry,
    Place,
    fill,
    fill_context_menu,
)

__all__ = ["MENU_BAR", "ActionRegistry", "ContextEntries", "Place", "new_action"]

Key = str | QKeySequence | QKeySequence.StandardKey


def new_action(
    parent: QObject,
    text: str,
    key: Key | None = None,
    slot: Callable[..., object] | None = None,
    *,
    checkable: bool = False,
) -> QAction:
    """An action with its key, calling ``slot`` when triggered (or toggled, when checkable)."""
    action = QAction(text, parent)
    if key is not None:
        action.setShortcut(QKeySequence(key))
    action.setCheckable(checkable)
    if slot is not None:
        (action.toggled if checkable else action.triggered).connect(slot)
    return action


class ActionRegistry:
    """Actions, menus, toolbars and tools of one window, by id (see the module's docstring)."""

    def __init__(self, host: QMainWindow) -> None:
        self.host = host
        self._actions: dict[str, QAction] = {}
        self._menus: dict[str, QMenu] = {}
        self._toolbars: dict[str, QToolBar] = {}
        self._menu_entries: dict[str, list[Entry]] = defaultdict(list)
        self._toolbar_entries: dict[str, list[Entry]] = defaultdict(list)
        self._built = False
        self.tools: dict[str, Tool] = {}
        """The map tools by name (``use_tool`` picks one)."""
        self.tool_group = QActionGroup(host)
        """The tools' actions: one is checked at a time."""
        self.tool_group.setExclusive(True)
        self.context_entries: list[ContextEntry] = []
        """The adders of the map's right-click menu's entries, with their group and order."""
        self.editing_context_entries: list[ContextEntry] = []
        """The adders of the entries an editing tool's right-click menu adds below its own."""

    # -- actions ------------------------------------------------------------------

    def add(
        self,
        action_id: str,
        action: QAction,
        *,
        menu: Place | None = None,
        toolbar: Place | None = None,
    ) -> QAction:
        """Register ``action`` under ``action_id`` (its shortcut works anywhere in the
        window), in a menu and on a toolbar if given."""
        if action_id in self._actions:
            raise ValueError(f"two actions use the id '{action_id}'")
        self._actions[action_id] = action
        self.host.addAction(action)
        if menu is not None:
            self.put_in_menu(action_id, menu)
        if toolbar is not None:
            self.put_on_toolbar(action_id, toolbar)
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

    def add_menu(self, menu_id: str, title: str, place: Place) -> QMenu:
        """Make the menu ``menu_id`` and declare it at ``place`` (on the menu bar when
        ``place.container`` is :data:`MENU_BAR`, else as a submenu). Its entries are
        declared with :meth:`put_in_menu`; a menu without declared entries is its
        owner's to fill (Open recent, a fog look)."""
        if menu_id in self._menus:
            raise ValueError(f"two menus use the id '{menu_id}'")
        menu = QMenu(title, self.host)
        self._menus[menu_id] = menu
        self._declare(self._menu_entries, Entry(place, menu.menuAction()))
        return menu

    def menu(self, menu_id: str) -> QMenu:
        try:
            return self._menus[menu_id]
        except KeyError:
            raise KeyError(
                f"no menu '{menu_id}' (known: {', '.join(sorted(self._menus))})"
            ) from None

    def put_in_menu(self, action: str | QAction, place: Place) -> None:
        """Declare an action (by id, or one of the feature's own) in a menu, in a group,
        at an order."""
        self._declare(self._menu_entries, Entry(place, self._named(action)))

    def add_toolbar(self, toolbar_id: str, bar: QToolBar) -> QToolBar:
        """Register ``bar`` and put it at the top of the window (the window sorts the
        rows, :mod:`tactical.app.window.toolbar_rows`)."""
        if toolbar_id in self._toolbars:
            raise ValueError(f"two toolbars use the id '{toolbar_id}'")
        self._toolbars[toolbar_id] = bar
        self.host.addToolBar(Qt.ToolBarArea.TopToolBarArea, bar)
        return bar

    def toolbar(self, toolbar_id: str) -> QToolBar:
        try:
            return self._toolbars[toolbar_id]
        except KeyError:
            known = ", ".join(sorted(self._toolbars))
            raise KeyError(f"no toolbar '{toolbar_id}' (known: {known})") from None

    def put_on_toolbar(self, action: str | QAction, place: Place) -> None:
        """Declare an action (by id, or one of the feature's own) on a toolbar, in a group,
        at an order."""
        self._declare(self._toolbar_entries, Entry(place, self._named(action)))

    def _named(self, action: str | QAction) -> QAction:
        return self.action(action) if isinstance(action, str) else action

    def _declare(self, entries: dict[str, list[Entry]], entry: Entry) -> None:
        entries[entry.place.container].append(entry)
        if self._built:
            self._fill(entry.place.container)

    def build(self) -> None:
        """Fill the menus, the menu bar and the toolbars from their declared entries."""
        self._built = True
        for container in (*self._menu_entries, *self._toolbar_entries):
            self._fill(container)

    def _fill(self, container: str) -> None:
        if container in self._menu_entries:
            target = self.host.menuBar() if container == MENU_BAR else self.menu(container)
            fill(target, self._menu_entries[container])
        if container in self._toolbar_entries:
            fill(self.toolbar(container), self._toolbar_entries[container])

    # -- tools, docks and the right-click menu ------------------------------------------------

    def add_tool(self, name: str, tool: Tool, action_id: str) -> None:
        """A map tool, chosen by its (checkable) action, one of the tool group."""
        self.tools[name] = tool
        self.tool_group.addAction(self.action(action_id))

    def add_dock(
        self, action_id: str, dock: QDockWidget, area: Qt.DockWidgetArea, menu: Place
    ) -> QAction:
        """Dock ``dock`` in the window; its show/hide action is registered as ``action_id``
        and declared at ``menu``."""
        self.host.addDockWidget(area, dock)
        return self.add(action_id, dock.toggleViewAction(), menu=menu)

    def add_context_entries(self, adder: ContextEntries, group: str, order: int) -> None:
        """Declare an adder of right-click entries (it adds nothing where it has nothing)."""
        self.context_entries.append(ContextEntry(group, order, adder))

    def fill_context_menu(self, menu: QMenu, point: QPointF) -> None:
        fill_context_menu(menu, point, self.context_entries)

    def add_editing_context_entries(self, adder: ContextEntries, group: str, order: int) -> None:
        """Declare an adder of right-click entries for Edit map (the editing tools' menu)."""
        self.editing_context_entries.append(ContextEntry(group, order, adder))

    def fill_editing_context_menu(self, menu: QMenu, point: QPointF) -> None:
        fill_context_menu(menu, point, self.editing_context_entries)
