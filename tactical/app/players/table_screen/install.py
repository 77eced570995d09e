"""The table screen in the main window: the Player view menu's battle-mat entries and keys.

Builds the actions (battle-mat scale, calibration, square and label size,
blackout, freeze, quarter turns, handouts, ping, showing the ruler to the
players), the players' frame on the GM's map, a status-bar mark while the
TV is blacked out, frozen or showing a handout, and touch on both windows.
The player view is created lazily by the main window; everything that
belongs to it is attached when it is (the hooks of
:class:`~tactical.app.players.table_screen.host.PlayerViewHost`). Its parts, the
calibration and handout dialogs load at first use: none of them before the first frame.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, QPointF, QSize, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QDialog, QLabel
from shiboken6 import isValid

from tactical.app.players.player_view import PlayerView
from tactical.app.players.table_screen import settings as saved
from tactical.app.players.table_screen.actions import TableActions
from tactical.app.players.table_screen.frame import FrameDrag, PlayersFrame
from tactical.app.players.table_screen.held import HeldCurtains
from tactical.app.players.table_screen.mirror import PlayersMirror
from tactical.app.players.table_screen.ping import PingRipple, ping
from tactical.app.players.table_screen.players_aids import PlayersAids
from tactical.app.players.table_screen.touch import TouchInput
from tactical.app.storage.files import dialog_folder
from tactical.core.screen_scale import SQUARE_SIZES, next_rotation, square_pixels

_SHOW_HIDE = (QEvent.Type.Show, QEvent.Type.Hide)

if TYPE_CHECKING:
    from tactical.app.players.table_screen.host import PlayerViewHost, TableTools
    from tactical.app.players.table_screen.player_parts import PlayerParts
    from tactical.app.window.services import Services


class TableScreen(QObject):
    """The battle-mat controls of one main window (see the module's docstring)."""

    def __init__(self, services: Services, tools: TableTools, players: PlayerViewHost) -> None:
        super().__init__(services.window())
        self.services = services
        self.tools = tools
        self.players = players
        self.settings = services.settings
        self.parts: PlayerParts | None = None
        self.ripples: list[PingRipple] = []
        """The last ping's ripples (one per window)."""
        self.square = saved.saved_square(self.settings)
        self.label_size = saved.saved_label_size(self.settings)
        self.rotation = 0
        self.ask_calibration: Callable[[PlayerView], float | None] = self._calibration_dialog
        self.ask_handout: Callable[[], Path | None] = lambda: _ask_handout(services)
        self.show_error: Callable[[str], None] = lambda text: _handout_error(services, text)
        self.frame = PlayersFrame()
        self.frame.hide()
        services.scene.addItem(self.frame)
        services.scene.map_refreshed.connect(self._readd_frame)
        self.frame_drag = FrameDrag(services.view, self.frame, self._move_frame)
        self.mirror = PlayersMirror(tools.ruler_tool, tools.template_tool, services.scene)
        self.state_label = QLabel()
        self.state_label.setStyleSheet(
            "background: #0288d1; color: white; font-weight: bold; padding: 1px 8px;"
        )
        self.state_label.hide()
        services.host.statusBar().addPermanentWidget(self.state_label)
        self.gm_touch = TouchInput(
            services.view,
            edits_allowed=lambda: services.view.interactive,
            zoom_allowed=lambda: True,
            ping=self.ping,
            menu=services.view.customContextMenuRequested.emit,
            grabber=self.frame_drag,
        )
        services.view.viewport().installEventFilter(self)
        self.actions = TableActions(services, self)
        self.held = HeldCurtains(
            services.document, self.settings, self.actions.blackout, self.actions.freeze
        )
        players.follow_action.toggled.connect(self._following_changed)
        players.hooks.append(self._attach)
        self.aids = PlayersAids(services, players)  # the players' legend and summary, from here

    # -- the player view -----------------------------------------------------------

    def _attach(self, player: PlayerView) -> None:
        """Give a new player view its battle mat, curtains, touch and keys."""
        from tactical.app.players.table_screen.player_parts import PlayerParts  # at first use

        parts = PlayerParts(player)
        self.parts = parts
        parts.mat.changed.connect(self._place_frame)
        player.document.gm_scene_changed.connect(self._place_frame)  # the GM's scene or another
        parts.set_rotation(self.rotation)
        parts.set_label_scale(dict(saved.LABEL_SIZES)[self.label_size])
        parts.set_frozen(self.actions.freeze.isChecked())  # the GM's setting, not the window's
        parts.set_blackout(self.actions.blackout.isChecked())
        self.mirror.player_scene = player.scene
        self.mirror.refresh()
        TouchInput(
            player.view,
            edits_allowed=lambda: player.edits_allowed,
            zoom_allowed=lambda: not parts.mat.locked,
            ping=self.ping_players,
            menu=player.view.customContextMenuRequested.emit,
        )
        player.view.viewport().installEventFilter(self)
        player.installEventFilter(self)
        player.addActions(self.actions.curtain_keys)
        if player.windowHandle() is None:
            player.create()  # not shown yet: its window (which knows its screen) comes first
        handle = player.windowHandle()
        if handle is not None:
            handle.screenChanged.connect(self._screen_changed)
        self._place_frame()

    def player(self) -> PlayerParts:
        """The player view's parts, opening the player view first if needed."""
        if self.parts is None or self.players.player_view is None:
            self.players.open()
        assert self.parts is not None
        return self.parts

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind == QEvent.Type.MouseButtonDblClick and isinstance(event, QMouseEvent):
            if event.button() != Qt.MouseButton.LeftButton:
                return False
            gm_view = self.services.view
            if watched is gm_view.viewport():
                if gm_view.tool is not self.tools.select_tool:
                    return False  # editing tools and templates use double-clicks themselves
                view = gm_view
            elif self.parts is not None and watched is self.parts.player.view.viewport():
                view = self.parts.player.view
            else:
                return False
            point = view.mapToScene(event.position().toPoint())
            (self.ping if view is gm_view else self.ping_players)(point)
            return True
        parts = self.parts
        if parts is not None and watched is parts.player and kind in _SHOW_HIDE:
            self._place_frame()
        return False

    # -- the frame -------------------------------------------------------------------

    def _place_frame(self, *_: object) -> None:
        if not isValid(self.frame):
            return  # the GM's window (and the frame on its map) is gone; a player view is not yet
        parts = self.parts
        shown = parts is not None and parts.player.isVisible() and not parts.player.following
        shown = shown and parts is not None and parts.player.document.on_gm_scene  # same map
        if parts is not None and shown:
            self.frame.set_rect(parts.mat.shown_rect())
        self.frame.setVisible(shown)

    def _readd_frame(self) -> None:
        if self.frame.scene() is None:
            self.services.scene.addItem(self.frame)

    def _move_frame(self, centre: QPointF) -> None:
        if self.parts is None:
            return
        if self.players.follow_action.isChecked():
            self.players.follow_action.setChecked(False)
        self.parts.mat.centre_on(centre)

    def _following_changed(self, on: bool) -> None:
        if on and self.actions.battle_mat.isChecked():
            self.actions.battle_mat.setChecked(False)
        self._place_frame()

    # -- physical scale ------------------------------------------------------------

    def set_battle_mat(self, on: bool) -> None:
        if not on:
            if self.parts is not None:
                self.parts.mat.unlock()
            return
        parts = self.player()
        screen = parts.player.screen()
        per_mm = saved.saved_calibration(self.settings, screen)
        if per_mm is None:
            per_mm = self.ask_calibration(parts.player)
            if per_mm is None:
                self.actions.battle_mat.setChecked(False)
                self.services.say("Battle-mat scale needs the players' screen calibrated.")
                return
            saved.save_calibration(self.settings, screen, per_mm)
        self.players.follow_action.setChecked(False)
        square_px = square_pixels(per_mm, self.square)
        parts.mat.lock(square_px)
        self._place_frame()
        self.services.say(f"Players' screen: one {self.square.name} square is {square_px} pixels.")

    def calibrate(self) -> None:
        parts = self.player()
        per_mm = self.ask_calibration(parts.player)
        if per_mm is None:
            return
        saved.save_calibration(self.settings, parts.player.screen(), per_mm)
        if parts.mat.locked:
            parts.mat.lock(square_pixels(per_mm, self.square))
        else:
            self.actions.battle_mat.setChecked(True)

    def set_square(self, name: str) -> None:
        self.square = next(size for size in SQUARE_SIZES if size.name == name)
        self.actions.squares[name].setChecked(True)
        self.settings.setValue(saved.SQUARE_SETTING, name)
        if self.parts is not None and self.parts.mat.locked:
            self.set_battle_mat(True)

    def _screen_changed(self, *_: object) -> None:
        """On another screen the squares are another size: use its calibration, or stop."""
        if self.parts is not None:
            self.parts.window_changed()  # its pixels may be another size too
        if self.parts is None or not self.parts.mat.locked:
            return
        per_mm = saved.saved_calibration(self.settings, self.parts.player.screen())
        if per_mm is None:
            self.actions.battle_mat.setChecked(False)
            self.services.say("That screen is not calibrated: battle-mat scale is off.")
        else:
            self.parts.mat.lock(square_pixels(per_mm, self.square))

    def _calibration_dialog(self, player: PlayerView) -> float | None:
        from tactical.app.players.table_screen.calibration import CalibrationDialog

        if not player.isVisible():
            player.show()
        dialog = CalibrationDialog(
            player.screen(),
            self.square,
            self.parts.marks if self.parts else None,
            self.services.window(),
        )
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return None
        if dialog.chosen_square() != self.square:
            self.set_square(dialog.chosen_square().name)
        return dialog.px_per_mm()

    # -- curtains --------------------------------------------------------------------

    def set_blackout(self, on: bool) -> None:
        """Black the players' screen out (held while the view is closed, see :mod:`.held`)."""
        if self.parts is not None:
            self.parts.set_blackout(on)
        self._show_state()

    def set_frozen(self, on: bool) -> None:
        """Hold the players' screen still (a view not shown yet freezes its first frame)."""
        if self.parts is not None:
            self.parts.set_frozen(on)
        self._show_state()

    def show_handout(self) -> None:
        """Ask for a picture and show it full screen on the players' screen (or say why not)."""
        from tactical.app.players.table_screen.handout_file import HandoutError, read_handout

        path = self.ask_handout()
        if path is None:
            return
        parts = self.player()
        screen = parts.player.screen()
        side = max(screen.geometry().width(), screen.geometry().height())
        side = round(side * screen.devicePixelRatio())  # room for any quarter turn
        try:
            image = read_handout(path, QSize(side, side))
        except HandoutError as error:
            self.show_error(str(error))
            return
        parts.show_handout(image)
        self.actions.dismiss.setEnabled(True)
        self._show_state()

    def dismiss_handout(self) -> None:
        if self.parts is not None:
            self.parts.dismiss_handout()
        self.actions.dismiss.setEnabled(False)
        self._show_state()

    def states(self) -> list[str]:
        """What the GM set in front of the players' map, in words, front first."""
        found = ["blacked out"] if self.actions.blackout.isChecked() else []
        if self.parts is not None and self.parts.handout.isVisibleTo(self.parts.player):
            found.append("handout")
        return found + (["frozen"] if self.actions.freeze.isChecked() else [])

    def _show_state(self) -> None:
        states = self.states()
        text = ", ".join(states)
        self.state_label.setText(f"Players' screen: {text}" if text else "")
        self.state_label.setVisible(bool(text))
        self.frame.set_state(text)

    # -- turning, labels, pings --------------------------------------------------------------

    def set_rotation(self, degrees: int) -> None:
        self.rotation = degrees
        self.actions.rotations[degrees].setChecked(True)
        if self.parts is not None:
            self.parts.set_rotation(degrees)

    def turn_quarter(self) -> None:
        self.player()
        self.set_rotation(next_rotation(self.rotation))

    def set_label_size(self, name: str) -> None:
        self.label_size = name
        self.actions.labels[name].setChecked(True)
        self.settings.setValue(saved.LABEL_SETTING, name)
        if self.parts is not None:
            self.parts.set_label_scale(dict(saved.LABEL_SIZES)[name])

    def ping(self, point: QPointF) -> None:
        """A ping on the GM's map, and on the players' screen while it shows the GM's scene."""
        self.ripples = _ring(self, point, from_players=False)

    def ping_players(self, point: QPointF) -> None:
        """A ping on the players' screen, and on the GM's map while it shows their scene."""
        self.ripples = _ring(self, point, from_players=True)

    def ping_at_cursor(self) -> None:
        """G: under the mouse on the GM's map; else the middle of the players' screen."""
        view = self.services.view
        cursor = view.viewport().mapFromGlobal(view.cursor().pos())
        if view.viewport().rect().contains(cursor):
            self.ping(view.mapToScene(cursor))
        elif self.parts is not None and self.parts.player.isVisible():
            self.ping_players(self.parts.mat.centre())
        else:
            self.ping(view.visible_scene_rect().center())


def _ring(screen: TableScreen, point: QPointF, *, from_players: bool) -> list[PingRipple]:
    """A ping at ``point`` where it started, crossing to the other window (turned and
    label-sized on the players') only while both show the same scene: the GM's spot on
    another scene is no place on the players' map, nor theirs on the GM's."""
    size = dict(saved.LABEL_SIZES)[screen.label_size]
    parts = screen.parts if screen.players.player_view is not None else None
    same = parts is not None and parts.player.document.on_gm_scene
    gm = not from_players or same
    looks: list[tuple[int, float]] = [(0, 1.0)] if gm else []
    scenes = [screen.services.scene] if gm else []
    if parts is not None and (from_players or same):
        scenes.append(parts.player.scene)
        looks.append((screen.rotation, size))
        parts.frozen.ping_look = (screen.rotation, size)
        parts.ping_frozen(point)  # frozen, the players see the picture, not the scene
    return ping(scenes, point, looks)


def _ask_handout(services: Services) -> Path | None:
    from tactical.app.players.table_screen.handout_dialogs import ask_handout_path  # first use

    folder = dialog_folder(services.document.path, services.settings)
    return ask_handout_path(services.window(), folder)


def _handout_error(services: Services, text: str) -> None:
    from tactical.app.players.table_screen.handout_dialogs import show_handout_error

    show_handout_error(services.window(), text)


def install_table_screen(
    services: Services, tools: TableTools, players: PlayerViewHost
) -> TableScreen:
    """Add the battle-mat controls to the window's Player view menu (see the module)."""
    return TableScreen(services, tools, players)
