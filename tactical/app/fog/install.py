"""The Fog menu and toolbar of the main window.

Fog on this map (a per-map switch, undoable), the fog tool (key G) with its
shapes (brush 1, 3 or 5 squares, rectangle, polygon, area click) and whether a
plain click reveals or hides, Reveal all / Hide all, "Reveal what the party
sees" (Ctrl+R and a toolbar button), the switch that does that after every
move, the party's sides, the players' fog look (cloth or flat), the GM's tint
(Ctrl+Shift+G) and whether new maps start under fog.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt, QTimer
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QLabel, QMenu, QToolBar

from tactical.app.document import CoreCommandAdapter
from tactical.app.fog.gesture import FogShape
from tactical.app.fog.preview import SightPreview
from tactical.app.fog.settings import NEW_MAPS_FOGGED
from tactical.app.fog.tool import FogTool
from tactical.app.plain_text import shown_text
from tactical.core.commands.base import Batch, Command
from tactical.core.commands.fog import SetFogSetting, reveal_all, reveal_party_sight
from tactical.core.commands.tokens import AddToken, MoveToken
from tactical.core.encounter import Encounter
from tactical.core.fog import FOG_STYLES
from tactical.core.fog_queries import party_tokens

if TYPE_CHECKING:
    from tactical.app.main_window import MainWindow

TINT_SETTING = "fog/gm_tint"

_SHAPES: list[tuple[str, FogShape, int, str]] = [
    ("Brush &1", "brush", 1, "1"),
    ("Brush &3", "brush", 3, "3"),
    ("Brush &5", "brush", 5, "5"),
    ("&Rectangle", "rectangle", 0, "Rectangle"),
    ("&Polygon", "polygon", 0, "Polygon"),
    ("Area &click", "area", 0, "Area"),
]


def moves_tokens(command: Command) -> bool:
    """True for a move or a new token (what "Reveal after every move" follows)."""
    if isinstance(command, MoveToken | AddToken):
        return True
    return isinstance(command, Batch) and any(moves_tokens(c) for c in command.commands)


def nothing_revealed(encounter: Encounter) -> str:
    """Why "Reveal what the party sees" revealed nothing, naming the party's sides."""
    sides = ", ".join(
        encounter.sides[side].name if side in encounter.sides else side
        for side in encounter.fog.party
    )
    if not party_tokens(encounter):
        return (
            f"No token of the party ({sides or 'no side'}) is on the map: put the party's "
            "tokens there, or choose the party's sides in Fog > The party's sides."
        )
    return f"The party ({sides}) sees nothing that is not revealed already."


class FogControls(QObject):
    """The fog actions of one main window."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window = window
        document = window.document
        self.tool = FogTool(window.scene, document, window.say)
        window.tools["fog"] = self.tool
        self._build_actions()
        self._build_menu()
        self._build_toolbar()
        self._last_index = document.undo_stack.index()
        document.undo_stack.indexChanged.connect(self._after_step)
        document.changed.connect(self._sync)
        document.encounter_replaced.connect(self._sync)
        self.tint_action.setChecked(bool(window.settings.value(TINT_SETTING, True, type=bool)))
        self._sync()
        self.preview = SightPreview(window)

    # -- building ----------------------------------------------------------------

    def _action(
        self,
        text: str,
        slot: Callable[..., object],
        shortcut: str | None = None,
        checkable: bool = False,
        tip: str = "",
    ) -> QAction:
        action = QAction(text, self.window)
        if shortcut:
            action.setShortcut(QKeySequence(shortcut))
        action.setCheckable(checkable)
        if tip:
            action.setToolTip(tip)
        (action.triggered if not checkable else action.toggled).connect(slot)
        self.window.addAction(action)
        return action

    def _build_actions(self) -> None:
        self.enabled_action = QAction("&Fog on this map", self.window)
        self.enabled_action.setCheckable(True)
        self.enabled_action.triggered.connect(self.set_enabled)
        self.window.addAction(self.enabled_action)
        self.tool_action = QAction("Fog &tool", self.window)
        self.tool_action.setCheckable(True)
        self.tool_action.setShortcut(QKeySequence("G"))
        self.tool_action.setToolTip(
            "Reveal fog with the mouse (G); Shift+click hides; right-click closes a polygon"
        )
        self.tool_action.triggered.connect(lambda _=False: self.window.use_tool("fog"))
        self.window.tool_group.addAction(self.tool_action)
        self.window.addAction(self.tool_action)
        self.shape_group = QActionGroup(self.window)
        self.shape_actions: list[QAction] = []
        for text, shape, size, _short in _SHAPES:
            action = QAction(text, self.window)
            action.setCheckable(True)
            action.triggered.connect(lambda _=False, s=shape, n=size: self.use_shape(s, n))
            self.shape_group.addAction(action)
            self.shape_actions.append(action)
        self.shape_actions[1].setChecked(True)
        self.mode_group = QActionGroup(self.window)
        self.reveal_mode = QAction("Click re&veals (Shift hides)", self.window)
        self.hide_mode = QAction("Click &hides (Shift reveals)", self.window)
        for action, reveal in ((self.reveal_mode, True), (self.hide_mode, False)):
            action.setCheckable(True)
            action.triggered.connect(lambda _=False, r=reveal: self.set_reveal(r))
            self.mode_group.addAction(action)
        self.reveal_mode.setChecked(True)
        self.reveal_all_action = self._action("Reveal &all", lambda: self.reveal_all(True))
        self.hide_all_action = self._action("Hide a&ll under fog", lambda: self.reveal_all(False))
        self.party_action = self._action(
            "Reveal &what the party sees",
            self.reveal_party,
            "Ctrl+R",
            tip="Reveal every square a player character can see (Ctrl+R)",
        )
        self.auto_action = QAction("Reveal after every &move", self.window)
        self.auto_action.setCheckable(True)
        self.auto_action.triggered.connect(self.set_auto_reveal)
        self.tint_action = self._action(
            "Show fog as a tint h&ere", self.set_tint, "Ctrl+Shift+G", checkable=True
        )
        self.new_fogged_action = QAction("&New maps start under fog", self.window)
        self.new_fogged_action.setCheckable(True)
        self.new_fogged_action.setChecked(
            bool(self.window.settings.value(NEW_MAPS_FOGGED, False, type=bool))
        )
        self.new_fogged_action.toggled.connect(
            lambda on: self.window.settings.setValue(NEW_MAPS_FOGGED, bool(on))
        )
        self.style_group = QActionGroup(self.window)
        self.style_actions: dict[str, QAction] = {}
        for style, text in zip(FOG_STYLES, ("Dark &cloth", "&Flat colour"), strict=True):
            action = QAction(text, self.window)
            action.setCheckable(True)
            action.triggered.connect(lambda _=False, s=style: self.set_style(s))
            self.style_group.addAction(action)
            self.style_actions[style] = action

    def _build_menu(self) -> None:
        bar = self.window.menuBar()
        self.menu = QMenu("Fo&g", self.window)
        bar.insertMenu(self.window.player_menu.menuAction(), self.menu)
        menu = self.menu
        menu.addAction(self.enabled_action)
        menu.addSeparator()
        menu.addAction(self.tool_action)
        for action in self.shape_actions:
            menu.addAction(action)
        menu.addSeparator()
        menu.addAction(self.reveal_mode)
        menu.addAction(self.hide_mode)
        menu.addSeparator()
        menu.addAction(self.party_action)
        menu.addAction(self.auto_action)
        self.party_menu = menu.addMenu("The party's &sides")
        self.party_menu.aboutToShow.connect(self._fill_party)
        menu.addSeparator()
        menu.addAction(self.reveal_all_action)
        menu.addAction(self.hide_all_action)
        menu.addSeparator()
        look = menu.addMenu("Fog l&ook for the players")
        for action in self.style_actions.values():
            look.addAction(action)
        menu.addAction(self.tint_action)
        menu.addAction(self.new_fogged_action)

    def _build_toolbar(self) -> None:
        main = self.window.toolbar  # the tool and the party's button always at hand
        main.addSeparator()
        main.addAction(self.tool_action)
        main.addAction(self.party_action)
        bar = QToolBar("Fog", self.window)  # the fog tool's shapes, shown while it is in use
        bar.setObjectName("fog")
        bar.setMovable(False)
        bar.addWidget(QLabel(" Fog: "))
        for (_text, _shape, _size, short), action in zip(_SHAPES, self.shape_actions, strict=True):
            button = QAction(short, self.window)
            button.setCheckable(True)
            button.setToolTip(shown_text(action.text()))
            button.triggered.connect(action.trigger)
            action.toggled.connect(button.setChecked)
            button.setChecked(action.isChecked())
            bar.addAction(button)
        bar.addSeparator()
        bar.addAction(self.reveal_mode)
        bar.addAction(self.hide_mode)
        bar.addSeparator()
        bar.addAction(self.reveal_all_action)
        bar.addAction(self.hide_all_action)
        bar.addAction(self.auto_action)
        self.window.addToolBarBreak(Qt.ToolBarArea.TopToolBarArea)
        self.window.addToolBar(Qt.ToolBarArea.TopToolBarArea, bar)
        bar.setVisible(False)  # the tool options row shows it while the fog tool is in use
        self.toolbar = bar

    # -- actions -------------------------------------------------------------------------

    def use_shape(self, shape: FogShape, size: int) -> None:
        self.tool.gesture.shape = shape
        if size:
            self.tool.gesture.size = size
        self.tool.cancel()
        self.tool_action.setChecked(True)
        self.window.use_tool("fog")

    def set_reveal(self, reveal: bool) -> None:
        self.tool.gesture.reveal = reveal

    def set_enabled(self, on: bool) -> None:
        if on != self.window.document.encounter.fog.enabled:
            text = "Turn fog on" if on else "Turn fog off"
            self.window.document.push(SetFogSetting("enabled", bool(on), text))

    def set_auto_reveal(self, on: bool) -> None:
        if on != self.window.document.encounter.fog.auto_reveal:
            self.window.document.push(SetFogSetting("auto_reveal", bool(on)))
        if on:
            self.reveal_party(quiet=True)

    def set_style(self, style: str) -> None:
        if style != self.window.document.encounter.fog.style:
            self.window.document.push(SetFogSetting("style", style))

    def set_tint(self, on: bool) -> None:
        self.window.scene.fog.tint_shown = bool(on)
        self.window.scene.fog.update()
        self.window.settings.setValue(TINT_SETTING, bool(on))

    def reveal_all(self, reveal: bool) -> None:
        self.window.document.push(reveal_all(self.window.document.encounter, reveal))

    def reveal_party(self, quiet: bool = False) -> None:
        """Reveal what the party sees now (one undo step), or say why nothing changed."""
        encounter = self.window.document.encounter
        command = reveal_party_sight(encounter)
        if command is not None:
            self.window.document.push(command)
            if not encounter.fog.enabled and not quiet:
                self.window.say("Revealed; turn on Fog > Fog on this map to hide the rest.")
        elif not quiet:
            self.window.say(nothing_revealed(encounter))

    def _fill_party(self) -> None:
        self.party_menu.clear()
        fog = self.window.document.encounter.fog
        for side in self.window.document.encounter.sides.values():
            action = self.party_menu.addAction(side.name or side.id)
            action.setCheckable(True)
            action.setChecked(side.id in fog.party)
            action.toggled.connect(lambda on, s=side.id: self._set_party_side(s, on))

    def _set_party_side(self, side_id: str, on: bool) -> None:
        party = [s for s in self.window.document.encounter.fog.party if s != side_id]
        if on:
            party.append(side_id)
        self.window.document.push(SetFogSetting("party", party))

    # -- following the document -------------------------------------------------------------

    def _sync(self, *_: object) -> None:
        fog = self.window.document.encounter.fog
        self.enabled_action.setChecked(fog.enabled)
        self.auto_action.setChecked(fog.auto_reveal)
        self.style_actions[fog.style].setChecked(True)

    def _after_step(self, index: int) -> None:
        """After a move pushed (not undone or redone), reveal what the party sees if asked."""
        stack = self.window.document.undo_stack
        grew, self._last_index = index > self._last_index, index
        command = stack.command(index - 1) if grew and index > 0 else None
        if not isinstance(command, CoreCommandAdapter) or getattr(command, "fog_seen", False):
            return
        command.fog_seen = True  # type: ignore[attr-defined]
        fog = self.window.document.encounter.fog
        if fog.enabled and fog.auto_reveal and moves_tokens(command.command):
            QTimer.singleShot(0, lambda: self.reveal_party(quiet=True))


def install_fog(window: MainWindow) -> FogControls:
    """Add the Fog menu, toolbar and tool to ``window``."""
    return FogControls(window)
