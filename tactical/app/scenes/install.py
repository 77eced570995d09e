"""The scenes feature: the Scenes dock and menu, the keys between scenes, and what follows a
switch of the GM's scene (the title, each scene's zoom and centre for the session).

Switching is the document's (:meth:`EncounterDocument.switch_scene`): the map, the
combat panel, the fog and the legend follow it as they follow an opened file. Here
the view keeps, for each scene, where the GM looked last; and the window's title
names the file and, in an evening of several scenes, the GM's scene.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QObject, QPointF, Qt, QTimer
from PySide6.QtGui import QAction, QKeySequence, QTransform

from tactical.app.scenes.dock import ScenesDock
from tactical.app.scenes.edits import SceneEdits
from tactical.app.storage.files import document_name
from tactical.app.window.menu_places import MENU_BAR, Place
from tactical.app.window.plain_text import title_text
from tactical.app.window.services import Services

SHOW_TO_PLAYERS = "show_scene_to_players"
"""The id of the players' "Show to players" action (the players' feature registers it);
the dock's toolbar and right-click menu carry it when it is there."""
SHOWN_SETTING = "scenes/dock-shown"
DOCK_WIDTH = 280
"""The dock's width when it first shows: the pictures and names, not the toolbar's whole row."""


SHORT = {"import": "Import…", "up": "Up", "down": "Down", "new_grid": "New grid…"}
"""The dock toolbar's shorter words for some actions."""


@dataclass
class Look:
    """Where the GM looked at a scene: the whole map fitted, or a zoom and a centre."""

    fitted: bool
    transform: QTransform
    centre: QPointF


class Scenes(QObject):
    """The scenes feature of one window (see the module's docstring)."""

    def __init__(self, services: Services, ask_import_path: Callable[[], str | None]) -> None:
        super().__init__(services.window())
        self.services = services
        self.document = document = services.document
        self.edits = SceneEdits(services, ask_import_path)
        self.looks: dict[str, Look] = {}
        """Each scene's last zoom and centre, for this session (by scene id)."""
        self._leaving: str | None = None
        self.actions: dict[str, QAction] = {}
        self._build_actions()
        dock_actions: list[QAction | None] = [
            self.actions[name] for name in ("new_grid", "new_area", "import", "duplicate", "rename")
        ]
        dock_actions += [None, self.actions["up"], self.actions["down"], None]
        dock_actions.append(self.actions["delete"])
        self.dock = ScenesDock(document, dock_actions, services.window())
        self.dock.open_scene = self.edits.open
        self.dock.move_scene = self.edits.move_to
        registry = services.action_registry
        toggle = registry.add_dock(
            "view.scenes",
            self.dock,
            Qt.DockWidgetArea.LeftDockWidgetArea,
            Place("view", "3_docks", 5),
        )
        toggle.setText("Scenes")
        self._sized = False
        self.dock.visibilityChanged.connect(self._first_size)
        self._following = False
        self._follow_file()
        toggle.toggled.connect(self._remember_shown)
        document.replacing.connect(self._leave)
        document.scene_switched.connect(self._arrive)
        document.encounter_replaced.connect(self._opened)
        for signal in (document.path_changed, document.modified_changed, document.changes_done):
            signal.connect(self.update_title)
        document.scene_switched.connect(self.update_title)
        QTimer.singleShot(0, self, self._add_show_to_players)
        self.update_title()

    # -- actions ---------------------------------------------------------------------

    def _build_actions(self) -> None:
        registry = self.services.action_registry
        registry.add_menu("scenes", "&Scenes", Place(MENU_BAR, "1", 45))
        edits = self.edits
        entries: list[tuple[str, str, Callable[[], object], str, Place, str]] = [
            ("new_grid", "New &grid scene…", edits.new_grid_scene, "", Place("scenes", "1_add", 10),
             "Add an empty grid of a size you choose, after this scene"),
            ("new_area", "New &area scene", edits.new_area_scene, "", Place("scenes", "1_add", 20),
             "Add an area map of one rectangle, after this scene"),
            ("import", "&Import Universal VTT file as a scene…", edits.import_scene, "",
             Place("scenes", "1_add", 30), "Add a .dd2vtt / .uvtt map as a scene of this file"),
            ("duplicate", "&Duplicate scene", lambda: edits.duplicate(self._chosen()), "",
             Place("scenes", "1_add", 40), "A copy of the scene: its map, tokens, fog and fight"),
            ("rename", "&Rename scene…", lambda: edits.rename(self._chosen()), "",
             Place("scenes", "2_edit", 10), "Give the scene another name"),
            ("up", "Move scene &up", lambda: edits.move(-1, self._chosen()), "",
             Place("scenes", "2_edit", 20), "Move the scene up the list"),
            ("down", "Move scene do&wn", lambda: edits.move(1, self._chosen()), "",
             Place("scenes", "2_edit", 30), "Move the scene down the list"),
            ("delete", "De&lete scene…", lambda: edits.delete(self._chosen()), "",
             Place("scenes", "2_edit", 40), "Delete the scene (asks first; undo brings it back)"),
            ("previous", "&Previous scene", lambda: edits.step(-1), "Ctrl+PgUp",
             Place("scenes", "3_go", 10), "Open the scene above this one in the list"),
            ("next", "&Next scene", lambda: edits.step(1), "Ctrl+PgDown",
             Place("scenes", "3_go", 20), "Open the scene below this one in the list"),
        ]  # fmt: skip
        parent = self.services.window()
        for name, text, slot, keys, place, tip in entries:
            action = QAction(text, parent)
            action.setStatusTip(tip)
            action.setToolTip(tip)
            if keys:
                action.setShortcut(QKeySequence(keys))
            action.triggered.connect(lambda _=False, run=slot: run())
            self.actions[name] = registry.add(f"scenes.{name}", action, menu=place)
            action.setIconText(SHORT.get(name, text.replace("&", "").replace(" scene", "")))

    def _chosen(self) -> str | None:
        """The scene the dock's current row names, else the GM's."""
        return self.dock.selected_id() if self.dock.isVisible() else None

    def _add_show_to_players(self) -> None:
        """The players' Show to players action, on the dock, once every feature is in."""
        registry = self.services.action_registry
        if SHOW_TO_PLAYERS in registry:
            action = registry.action(SHOW_TO_PLAYERS)
            self.dock.actions_shown[:0] = [action, None]
            first = self.dock.toolbar.actions()[0]
            self.dock.toolbar.insertAction(first, action)
            self.dock.toolbar.insertSeparator(first)

    def _first_size(self, shown: bool) -> None:
        """The first time the dock shows: as wide as its pictures and names need."""
        if shown and not self._sized:
            self._sized = True
            window = self.services.window()
            window.resizeDocks([self.dock], [DOCK_WIDTH], Qt.Orientation.Horizontal)

    def _remember_shown(self, shown: bool) -> None:
        if self.services.window().isVisible() and not self._following:
            self.services.settings.setValue(SHOWN_SETTING, shown)

    def _follow_file(self) -> None:
        """The dock as the GM last chose it; with no choice made, shown for a file of
        several scenes and closed for one map."""
        settings = self.services.settings
        if settings.contains(SHOWN_SETTING):
            shown = bool(settings.value(SHOWN_SETTING, False, type=bool))
        else:
            shown = len(self.document.evening.scenes) > 1
        self._following = True
        try:
            self.dock.setVisible(shown)
        finally:
            self._following = False

    # -- following a switch -------------------------------------------------------------

    def _leave(self) -> None:
        """Before the GM's scene changes: where the GM looked at it."""
        document, view = self.document, self.services.view
        scene = document.evening.scene_of(document.encounter)
        if scene is None:
            return
        centre = view.mapToScene(view.viewport().rect().center())
        self.looks[scene.id] = Look(view.fitted, view.transform(), QPointF(centre))
        self._leaving = scene.id

    def _arrive(self, scene_id: str) -> None:
        """After the switch (the map fitted by the window): where the GM looked last."""
        look = self.looks.get(scene_id)
        view = self.services.view
        if look is not None and not look.fitted:
            view.fitted = False
            view.setTransform(look.transform)
            view.centerOn(look.centre)
            view.view_changed.emit()
        name = self.document.evening.scene(scene_id).name
        self.services.say(f"Scene: {name}" if name else "Another scene")

    def _opened(self) -> None:
        if not self.document.switching:
            self.looks.clear()  # another file: its scenes are not these
            self._follow_file()

    def update_title(self, *_: object) -> None:
        """The window's title: the file, and the GM's scene when there are several."""
        document = self.document
        name = document_name(document)
        if len(document.evening.scenes) > 1:
            name = f"{name} — {document.encounter.name or 'unnamed scene'}"
        window = self.services.window()
        window.setWindowTitle(f"{title_text(name)}[*] — tactical")
        window.setWindowModified(document.modified)


def install_scenes(services: Services, ask_import_path: Callable[[], str | None]) -> Scenes:
    """The scenes feature of the window ``services`` belongs to."""
    return Scenes(services, ask_import_path)
