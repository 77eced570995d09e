"""The one hook that puts phones into the GM's window: Player view > Share with phones….

The server and its web library load only when the GM opens the dialog; what answers the
phones (their moves, hands and the roll correction, and the share's modules behind them)
when something first asks for it (sharing starts, a test reads it): none of it before the
window's first frame.

``install_share(services, curtains)`` adds the menu entry (``player.share-phones`` in the
window's action registry), keeps at most one sharing session, pauses the links
while the TV is blacked out or frozen, makes the moves phones ask for
(:mod:`.moves`), enters the choices and rolls they send (:mod:`.hands`; the GM
corrects a roll in the combat panel: :mod:`.correction`) and stops
sharing when the window goes or the app quits. It gets the window's services
(:class:`tactical.app.window.services.Services`), not the window.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QObject
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QWidget

from tactical.app.players.phones.indicator import SharingIndicator
from tactical.app.window.action_registry import Place
from tactical.app.window.services import Services

if TYPE_CHECKING:
    from tactical.app.players.phones.correction import PhoneRoll, RollCorrection
    from tactical.app.players.phones.dialog import ShareDialog
    from tactical.app.players.phones.hands import PhoneHands
    from tactical.app.players.phones.moves import PhoneMoves
    from tactical.app.players.phones.session import ShareSession


ACTION_ID = "player.share-phones"


class PhoneSharing(QObject):
    """The main window's sharing: the session (None when not sharing) and its dialog."""

    def __init__(
        self,
        services: Services,
        curtains: Sequence[QAction] = (),
        place: Callable[[QWidget], None] | None = None,
        corrected: Callable[[str], None] | None = None,
    ) -> None:
        window = services.window()
        super().__init__(window)
        self.services = services
        self.curtains = list(curtains)
        """The TV's blackout and freeze: while one is on, the phones show "Paused by the GM"."""
        self.session: ShareSession | None = None
        self.dialog: ShareDialog | None = None
        self._answers: tuple[PhoneMoves, PhoneHands, RollCorrection] | None = None
        """The moves, the hands and the correction, made when first asked for."""
        self._place = place
        self._corrected = corrected
        self.action = QAction("Share with pho&nes…", window)
        self.action.setStatusTip("Show the map on players' phones over the local network")
        self.action.triggered.connect(self.open_dialog)
        registry = services.action_registry
        registry.add(ACTION_ID, self.action, menu=Place("player", "6_phones", 10))
        self.indicator = SharingIndicator(window.statusBar(), self.device_count, self.open_dialog)
        for curtain in self.curtains:
            curtain.toggled.connect(self._curtain_changed)
        window.destroyed.connect(_server_stopper(self))
        app = QCoreApplication.instance()
        if app is not None:
            # A method, not a closure: the connection ends with this object, so the app
            # does not keep every window it ever had (and their scenes) alive to the end.
            app.aboutToQuit.connect(self.stop_server)

    def _made(self) -> tuple[PhoneMoves, PhoneHands, RollCorrection]:
        if self._answers is None:
            from tactical.app.players.phones.correction import RollCorrection
            from tactical.app.players.phones.hands import PhoneHands
            from tactical.app.players.phones.moves import PhoneMoves

            document, say = self.services.document, self.services.say
            hands = PhoneHands(document, say)
            correction = RollCorrection(document, lambda: hands.shown.encounter)
            hands.rolled.connect(self._rolled)
            if self._corrected is not None:
                correction.corrected.connect(self._corrected)
            self._answers = (PhoneMoves(document, say), hands, correction)
        return self._answers

    @property
    def moves(self) -> PhoneMoves:
        """The moves phones ask for (:mod:`.moves`)."""
        return self._made()[0]

    @property
    def hands(self) -> PhoneHands:
        """The choices and rolls phones send (:mod:`.hands`)."""
        return self._made()[1]

    @property
    def correction(self) -> RollCorrection:
        """A roll a phone entered, shown in the combat panel with Correct… (``place``)."""
        return self._made()[2]

    def _rolled(self, roll: PhoneRoll) -> None:
        self._placed()
        self.correction.note(roll)

    def _placed(self) -> None:
        if self._place is not None:
            self._place(self.correction.row)  # once: the panel keeps it
            self._place = None

    def stop_server(self) -> None:
        """The app quits: the listening socket goes with it (the session ends with the window)."""
        session = self.session
        if session is not None:
            session.server.stop()

    def device_count(self) -> int | None:
        """How many devices watch now; None when not sharing."""
        session = self.session
        return None if session is None or not session.active else len(session.devices())

    def paused(self) -> bool:
        """Blackout or freeze on the TV: the phones show "Paused by the GM"."""
        return any(a.isChecked() for a in self.curtains)

    def _curtain_changed(self, *_: object) -> None:
        if self.session is not None:
            self.session.changed()

    def start(self, host: str, port: int) -> ShareSession | str:
        """Start sharing on ``host:port``; the session, or why it could not start."""
        from tactical.app.players.phones.session import (
            ShareSession,  # aiohttp loads only when sharing
        )
        from tactical.share.address import bind_problem

        self.stop()
        session = ShareSession(self.services.document, host or None, port, self.paused)
        try:
            session.start(self.moves.handler, self.hands.handler)
        except OSError as error:
            return bind_problem(host, port, error)
        self.session = session
        self.indicator.refresh()
        self._placed()
        self.correction.links = session.links.all
        session.permissions_changed.connect(self.correction.refresh)
        session.links_changed.connect(self.correction.refresh)
        self.correction.refresh()
        return session

    def stop(self) -> None:
        if self.session is not None:
            self.session.stop()
            self.session = None
        if self._answers is not None:  # never made: no link nor roll to forget
            self.correction.links = tuple
            self.correction.refresh()
        self.indicator.refresh()

    def open_dialog(self) -> ShareDialog:
        from tactical.app.players.phones.dialog import ShareDialog

        if self.dialog is None:
            self.dialog = ShareDialog(self.services.window(), self.start, self.stop, self.session)
        self.dialog.show()
        self.dialog.raise_()
        return self.dialog


def _server_stopper(sharing: PhoneSharing) -> Callable[..., None]:
    """Stops the server when the window is gone (touches no Qt object: they are being deleted)."""

    def stop(*_: object) -> None:
        session = sharing.session
        if session is not None:
            session.server.stop()

    return stop


def install_share(
    services: Services,
    curtains: Sequence[QAction] = (),
    place: Callable[[QWidget], None] | None = None,
    corrected: Callable[[str], None] | None = None,
) -> PhoneSharing:
    """Share with phones…, paused while one of the TV's ``curtains`` is on; ``place`` puts
    the line of a roll a phone entered (:mod:`.correction`) in the combat panel, and
    ``corrected`` says there what the GM's correction entered."""
    return PhoneSharing(services, curtains, place, corrected)
