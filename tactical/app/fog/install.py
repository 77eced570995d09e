"""The fog over the GM's map, and the Fog menu and toolbar of its window, added
through its services.

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

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QLabel, QToolBar

from tactical.app.fog.gesture import FogShape
from tactical.app.fog.layer import install_fog_layer
from tactical.app.fog.preview import SightPreview
from tactical.app.fog.settings import NEW_MAPS_FOGGED
from tactical.app.fog.sight_worker import Mask, SightWorker
from tactical.app.fog.tool import FogTool
from tactical.app.window.action_registry import MENU_BAR, Place
from tactical.app.window.plain_text import shown_text
from tactical.core.changes import GM
from tactical.core.commands.base import Batch, Command
from tactical.core.commands.fog import (
    SetFogSetting,
    party_viewers,
    reveal_all,
    reveal_party_sight,
    reveal_seen,
)
from tactical.core.commands.tokens import AddToken, MoveToken
from tactical.core.encounter import Encounter
from tactical.core.fog import FOG_STYLES
from tactical.core.fog_queries import party_tokens

if TYPE_CHECKING:
    from tactical.app.window.services import Services

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
    """The fog actions of one window, added through its services (no window needed)."""

    def __init__(self, services: Services) -> None:
        super().__init__(services.window())
        self.services = services
        self.registry = registry = services.action_registry
        document = services.document
        self.fog = install_fog_layer(services.scene)
        """The fog over the GM's map: a tint (the GM can hide it), opaque while the
        window hides secrets."""
        self.tool = FogTool(services.scene, document, services.say)
        self.worker = SightWorker(self)
        """Works out the party's sight off the GUI thread (Ctrl+R, after a move, the drag's
        preview)."""
        self._build_actions()
        registry.add_tool("fog", self.tool, "fog.tool")
        self._build_menu()
        self._build_toolbar()
        document.add_contributor(self.reveal_after_move)
        document.changes_done.connect(self._sync)
        document.encounter_replaced.connect(self._sync)
        self.tint_action.setChecked(bool(services.settings.value(TINT_SETTING, True, type=bool)))
        self._sync()
        self.preview = SightPreview(services, self.auto_action, self.worker)

    # -- building ----------------------------------------------------------------

    def _action(
        self,
        text: str,
        slot: Callable[..., object],
        shortcut: str | None = None,
        checkable: bool = False,
        tip: str = "",
        *,
        action_id: str,
    ) -> QAction:
        action = QAction(text, self.services.window())
        if shortcut:
            action.setShortcut(QKeySequence(shortcut))
        action.setCheckable(checkable)
        if tip:
            action.setToolTip(tip)
        (action.triggered if not checkable else action.toggled).connect(slot)
        return self.registry.add(action_id, action)

    def _build_actions(self) -> None:
        parent = self.services.window()
        self.enabled_action = QAction("&Fog on this map", parent)
        self.enabled_action.setCheckable(True)
        self.enabled_action.triggered.connect(self.set_enabled)
        self.registry.add("fog.enabled", self.enabled_action)
        self.tool_action = QAction("Fog &tool", parent)
        self.tool_action.setCheckable(True)
        self.tool_action.setShortcut(QKeySequence("G"))
        self.tool_action.setToolTip(
            "Reveal fog with the mouse (G); Shift+click hides; right-click closes a polygon"
        )
        self.tool_action.triggered.connect(lambda _=False: self.services.use_tool("fog"))
        self.registry.add("fog.tool", self.tool_action)
        self.shape_group = QActionGroup(parent)
        self.shape_actions: list[QAction] = []
        for text, shape, size, _short in _SHAPES:
            action = QAction(text, parent)
            action.setCheckable(True)
            action.triggered.connect(lambda _=False, s=shape, n=size: self.use_shape(s, n))
            self.shape_group.addAction(action)
            self.shape_actions.append(action)
        self.shape_actions[1].setChecked(True)
        self.mode_group = QActionGroup(parent)
        self.reveal_mode = QAction("Click re&veals (Shift hides)", parent)
        self.hide_mode = QAction("Click &hides (Shift reveals)", parent)
        for action, reveal in ((self.reveal_mode, True), (self.hide_mode, False)):
            action.setCheckable(True)
            action.triggered.connect(lambda _=False, r=reveal: self.set_reveal(r))
            self.mode_group.addAction(action)
        self.reveal_mode.setChecked(True)
        self.reveal_all_action = self._action(
            "Reveal &all", lambda: self.reveal_all(True), action_id="fog.reveal-all"
        )
        self.hide_all_action = self._action(
            "Hide a&ll under fog", lambda: self.reveal_all(False), action_id="fog.hide-all"
        )
        self.party_action = self._action(
            "Reveal &what the party sees",
            self.reveal_party,
            "Ctrl+R",
            tip="Reveal every square a player character can see (Ctrl+R)",
            action_id="fog.reveal-party",
        )
        self.auto_action = QAction("Reveal after every &move", parent)
        self.auto_action.setCheckable(True)
        self.auto_action.triggered.connect(self.set_auto_reveal)
        self.tint_action = self._action(
            "Show fog as a tint h&ere",
            self.set_tint,
            "Ctrl+Shift+G",
            checkable=True,
            action_id="fog.tint",
        )
        self.new_fogged_action = QAction("&New maps start under fog", parent)
        self.new_fogged_action.setCheckable(True)
        self.new_fogged_action.setChecked(
            bool(self.services.settings.value(NEW_MAPS_FOGGED, False, type=bool))
        )
        self.new_fogged_action.toggled.connect(
            lambda on: self.services.settings.setValue(NEW_MAPS_FOGGED, bool(on))
        )
        self.style_group = QActionGroup(parent)
        self.style_actions: dict[str, QAction] = {}
        for style, text in zip(FOG_STYLES, ("Dark &cloth", "&Flat colour"), strict=True):
            action = QAction(text, parent)
            action.setCheckable(True)
            action.triggered.connect(lambda _=False, s=style: self.set_style(s))
            self.style_group.addAction(action)
            self.style_actions[style] = action

    def _build_menu(self) -> None:
        registry = self.registry
        self.menu = registry.add_menu("fog", "Fo&g", Place(MENU_BAR, "1", 60))
        self.party_menu = registry.add_menu(
            "fog.party-sides", "The party's &sides", Place("fog", "4_party", 30)
        )
        self.party_menu.aboutToShow.connect(self._fill_party)
        look = registry.add_menu("fog.look", "Fog l&ook for the players", Place("fog", "6_look", 5))
        look.addActions(list(self.style_actions.values()))
        for group, actions in (
            ("1_on", [self.enabled_action]),
            ("2_tool", [self.tool_action, *self.shape_actions]),
            ("3_mode", [self.reveal_mode, self.hide_mode]),
            ("4_party", [self.party_action, self.auto_action]),
            ("5_all", [self.reveal_all_action, self.hide_all_action]),
            ("6_look", [self.tint_action, self.new_fogged_action]),
        ):
            for order, action in enumerate(actions, start=1):
                registry.put_in_menu(action, Place("fog", group, 10 * order))

    def _build_toolbar(self) -> None:
        # the tool and the party's button always at hand
        self.registry.put_on_toolbar("fog.tool", Place("tools", "5_fog", 10))
        self.registry.put_on_toolbar("fog.reveal-party", Place("tools", "5_fog", 20))
        # the fog tool's shapes, shown while it is in use
        bar = QToolBar("Fog", self.services.window())
        bar.setObjectName("fog")
        bar.setMovable(False)
        bar.addWidget(QLabel(" Fog: "))
        for (_text, _shape, _size, short), action in zip(_SHAPES, self.shape_actions, strict=True):
            button = QAction(short, self.services.window())
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
        self.registry.add_toolbar("fog", bar)
        bar.setVisible(False)  # the tool options row shows it while the fog tool is in use
        self.toolbar = bar

    # -- actions -------------------------------------------------------------------------

    def use_shape(self, shape: FogShape, size: int) -> None:
        self.tool.gesture.shape = shape
        if size:
            self.tool.gesture.size = size
        self.tool.cancel()
        self.tool_action.setChecked(True)
        self.services.use_tool("fog")

    def set_reveal(self, reveal: bool) -> None:
        self.tool.gesture.reveal = reveal

    def set_enabled(self, on: bool) -> None:
        if on != self.services.document.encounter.fog.enabled:
            text = "Turn fog on" if on else "Turn fog off"
            self.services.document.push(SetFogSetting("enabled", bool(on), text), GM)

    def set_auto_reveal(self, on: bool) -> None:
        if on != self.services.document.encounter.fog.auto_reveal:
            self.services.document.push(SetFogSetting("auto_reveal", bool(on)), GM)
        if on:
            self.reveal_party(quiet=True)

    def set_style(self, style: str) -> None:
        if style != self.services.document.encounter.fog.style:
            self.services.document.push(SetFogSetting("style", style), GM)

    def set_tint(self, on: bool) -> None:
        self.fog.tint_shown = bool(on)
        self.fog.update()
        self.services.settings.setValue(TINT_SETTING, bool(on))

    def reveal_all(self, reveal: bool) -> None:
        self.services.document.push(reveal_all(self.services.document.encounter, reveal), GM)

    def reveal_party(self, quiet: bool = False) -> None:
        """Reveal what the party sees now (one undo step when it lands), or say why not.

        Sight is worked out on the worker: the GUI never waits for it.
        """
        document = self.services.document
        encounter = document.encounter
        grid = encounter.grid
        if grid is None:  # areas: nothing to work out
            self._revealed(reveal_party_sight(encounter), quiet)
            return
        viewers = party_viewers(encounter)
        if not viewers:
            self._revealed(None, quiet)
            return

        def landed(seen: Mask) -> None:
            if document.encounter is encounter and encounter.grid is grid:
                self._revealed(reveal_seen(encounter, seen), quiet)

        self.worker.ask(grid, viewers, landed)

    def _revealed(self, command: Command | None, quiet: bool) -> None:
        encounter = self.services.document.encounter
        if command is not None:
            self.services.document.push(command, GM)
            if not encounter.fog.enabled and not quiet:
                self.services.say("Revealed; turn on Fog > Fog on this map to hide the rest.")
        elif not quiet:
            self.services.say(nothing_revealed(encounter))

    def _fill_party(self) -> None:
        self.party_menu.clear()
        fog = self.services.document.encounter.fog
        for side in self.services.document.encounter.sides.values():
            action = self.party_menu.addAction(side.name or side.id)
            action.setCheckable(True)
            action.setChecked(side.id in fog.party)
            action.toggled.connect(lambda on, s=side.id: self._set_party_side(s, on))

    def _set_party_side(self, side_id: str, on: bool) -> None:
        party = [s for s in self.services.document.encounter.fog.party if s != side_id]
        if on:
            party.append(side_id)
        self.services.document.push(SetFogSetting("party", party), GM)

    # -- following the document -------------------------------------------------------------

    def _sync(self, *_: object) -> None:
        fog = self.services.document.encounter.fog
        self.enabled_action.setChecked(fog.enabled)
        self.auto_action.setChecked(fog.auto_reveal)
        self.style_actions[fog.style].setChecked(True)

    def reveal_after_move(self, command: Command) -> None:
        """After a move pushed (not undone or redone): ask for the party's new sight.

        The move waits for nothing. When the sight lands, its reveal joins the move's
        undo step if that step is still the last one done (one move, one undo: undone,
        the move takes its reveal with it); if the GM did more meanwhile, it is a step of
        its own named after the move; if the move was undone, nothing is revealed.
        """
        document = self.services.document
        encounter = (
            document.pushing_on
        )  # the scene the move was made on (a phone's: maybe not on screen)
        fog, grid = encounter.fog, encounter.grid
        if not (fog.enabled and fog.auto_reveal and moves_tokens(command)):
            return
        if grid is None:
            document.join(command, reveal_party_sight(encounter))
            return
        viewers = party_viewers(encounter)
        if not viewers:
            return

        def landed(seen: Mask) -> None:
            if encounter.grid is grid:  # the move's step is found and joined on its scene
                document.join(command, reveal_seen(encounter, seen))

        self.worker.ask(grid, viewers, landed)


def install_fog(services: Services) -> FogControls:
    """Add the fog layer to the map of ``services`` and the Fog menu, toolbar and tool
    to its window."""
    return FogControls(services)
