"""The table screen's actions: their names, keys and place in the Player view menu.

Keys are window shortcuts of the GM's window; the players' screen's keys (B, Z,
O, U, Shift+U, M, I, P) and undo, redo and save are added to the player view
too when it is created, so they work whichever window the GM clicked last.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import partial
from typing import TYPE_CHECKING, Protocol, TypeVar

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QMenu

from tactical.app.players.table_screen.mirror import PlayersMirror
from tactical.app.players.table_screen.settings import LABEL_SIZES
from tactical.app.window.action_registry import Place
from tactical.core.screen_scale import ROTATIONS, SQUARE_SIZES, SquareSize

if TYPE_CHECKING:
    from tactical.app.window.services import Services

K = TypeVar("K")


class ScreenControls(Protocol):
    """What the actions call and show of the table screen
    (:class:`~tactical.app.players.table_screen.install.TableScreen` is one)."""

    mirror: PlayersMirror
    rotation: int
    square: SquareSize
    label_size: str

    def set_battle_mat(self, on: bool) -> None: ...
    def calibrate(self) -> None: ...
    def set_blackout(self, on: bool) -> None: ...
    def set_frozen(self, on: bool) -> None: ...
    def turn_quarter(self) -> None: ...
    def show_handout(self) -> None: ...
    def dismiss_handout(self) -> None: ...
    def ping_at_cursor(self) -> None: ...
    def set_rotation(self, degrees: int) -> None: ...
    def set_square(self, name: str) -> None: ...
    def set_label_size(self, name: str) -> None: ...


class TableActions(QObject):
    """Every action of the table screen, connected to ``screen``'s methods."""

    def __init__(self, services: Services, screen: ScreenControls) -> None:
        super().__init__(services.window())
        self.services = services
        self.battle_mat = self._action(
            "&Battle-mat scale (squares true to size)", ("M",), screen.set_battle_mat, True
        )
        self.calibrate = self._action("&Calibrate the players' screen…", (), screen.calibrate)
        self.blackout = self._action("Blac&kout", ("B",), screen.set_blackout, True)
        self.freeze = self._action(
            "F&reeze the players' screen", ("Z", "Pause"), screen.set_frozen, True
        )
        self.turn = self._action("&Turn the players' screen a quarter", ("O",), screen.turn_quarter)
        self.handout = self._action("Show a &handout…", ("U",), screen.show_handout)
        self.dismiss = self._action("Put the handout a&way", ("Shift+U",), screen.dismiss_handout)
        self.dismiss.setEnabled(False)
        self.ping = self._action("P&ing here", ("I",), screen.ping_at_cursor)
        self.mirror = self._action(
            "Show the ruler and &templates to the players", (), screen.mirror.set_on, True
        )
        self.rotations = self._choices(
            {d: f"{d}°" for d in ROTATIONS}, screen.set_rotation, screen.rotation
        )
        self.squares = self._choices(
            {s.name: s.name for s in SQUARE_SIZES}, screen.set_square, screen.square.name
        )
        self.labels = self._choices(
            {name: name for name, _ in LABEL_SIZES}, screen.set_label_size, screen.label_size
        )
        self._menu()

    @property
    def curtain_keys(self) -> list[QAction]:
        """The actions whose keys the player view takes too: the GM's keys work in either window."""
        registry = self.services.action_registry
        gm_keys = ("player.open", "edit.undo", "edit.redo", "file.save")
        own = [self.blackout, self.freeze, self.turn, self.handout, self.dismiss]
        own += [self.battle_mat, self.ping]
        return own + [registry.action(key) for key in gm_keys if key in registry]

    def _action(
        self,
        text: str,
        keys: tuple[str, ...] = (),
        slot: Callable[..., object] | None = None,
        checkable: bool = False,
    ) -> QAction:
        action = QAction(text, self.services.window())
        action.setShortcuts([QKeySequence(k) for k in keys])
        action.setCheckable(checkable)
        if slot is not None:
            (action.toggled if checkable else action.triggered).connect(slot)
        self.services.window().addAction(action)  # its keys work anywhere in the window
        return action

    def _choices(
        self, names: dict[K, str], slot: Callable[[K], None], current: K
    ) -> dict[K, QAction]:
        """One checkable action per choice, exclusive, the ``current`` one checked."""
        group = QActionGroup(self)
        actions: dict[K, QAction] = {}
        for key, name in names.items():
            action = QAction(name, self.services.window(), checkable=True)
            action.triggered.connect(partial(slot, key))
            group.addAction(action)
            actions[key] = action
        actions[current].setChecked(True)
        return actions

    def _menu(self) -> None:
        registry = self.services.action_registry

        def submenu(menu_id: str, title: str, actions: Iterable[QAction], place: Place) -> QMenu:
            menu = registry.add_menu(menu_id, title, place)
            menu.addActions(list(actions))
            return menu

        registry.put_in_menu(self.battle_mat, Place("player", "2_mat", 0))
        registry.put_in_menu(self.calibrate, Place("player", "2_mat", 2))
        submenu(
            "player.square-size",
            "&Square size on the glass",
            self.squares.values(),
            Place("player", "2_mat", 1),
        )
        curtains = (self.blackout, self.freeze, self.handout, self.dismiss, self.ping)
        for order, action in enumerate(curtains):
            registry.put_in_menu(action, Place("player", "3_curtains", order))
        turn = submenu(
            "player.turn",
            "T&urn the players' screen",
            self.rotations.values(),
            Place("player", "3_curtains", len(curtains)),
        )
        turn.addSeparator()
        turn.addAction(self.turn)
        registry.put_in_menu(self.mirror, Place("player", "4_labels", 0))
        submenu(
            "player.label-size",
            "&Label size on the players' screen",
            self.labels.values(),
            Place("player", "4_labels", 1),
        )
