"""What the table screen adds to one player view: its battle mat and the curtains over it.

The curtains stack from the back: the frozen frame, the handout, the
blackout, so a blackout hides everything and lifting it shows whatever was
under it. The frozen frame is the map and the tracker as the players saw
them, never a curtain, with today's fog painted over it through the view's
transform of that moment: freezing holds the tokens still, never a square the
GM has hidden since (a square revealed since stays as it was: under fog).
"""

from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, QRectF, QSizeF, Qt, QTimer
from PySide6.QtGui import QImage, QPainter, QPixmap, QTransform
from PySide6.QtWidgets import QStyleOptionGraphicsItem

from tactical.app.fog.layer import FogItem
from tactical.app.player_view import PlayerView
from tactical.app.table_screen.battle_mat import BattleMat
from tactical.app.table_screen.calibration import RulerMarks
from tactical.app.table_screen.curtains import Blackout, FrozenFrame, Handout
from tactical.core.changes import ChangeSet


class PlayerParts:
    """One player view's battle mat, curtains and calibration marks."""

    def __init__(self, player: PlayerView) -> None:
        self.player = player
        self.mat = BattleMat(player.view)
        self.mat.changed.connect(player.legend_keeper.place)  # a new scale or a quarter turn
        self.mat.changed.connect(lambda: player.arrangement.set_mat_locked(self.mat.locked))
        self.frozen = FrozenFrame(player)
        self.handout = Handout(player)
        self.blackout = Blackout(player)
        self.marks = RulerMarks(player)
        self._frozen_map = QTransform()
        self._frozen_offset = QPointF()
        self._frozen_viewport = QRectF()
        self.frozen.cover = self._paint_fog_now
        self.freeze_wanted = False
        player.shown.connect(self._shown)
        player.document.changes_done.connect(self._on_changes)

    def set_label_scale(self, factor: float) -> None:
        """Token names and the tracker's text ``factor`` times their usual size."""
        self.player.scene.set_label_scale(factor)
        self.player.arrangement.set_label_scale(factor)
        self.player.legend_keeper.place()  # larger names may now reach the legend

    def set_blackout(self, on: bool) -> None:
        if on:
            self.blackout.lift()
        else:
            self.blackout.hide()

    def set_frozen(self, on: bool) -> None:
        """Hold what the players see now; a view never shown yet holds its first frame."""
        self.freeze_wanted = on
        if on and not self.player.isVisible():
            self.frozen.freeze(QPixmap())  # black until the first frame is there to hold
            self._restack()
            return
        if on:
            view = self.player.view
            # Where the map stood at this moment: pings land on the picture, not on today's map.
            self._frozen_map = QTransform(view.viewportTransform())
            self._frozen_offset = QPointF(view.viewport().mapTo(self.player, QPoint(0, 0)))
            self._frozen_viewport = QRectF(self._frozen_offset, QSizeF(view.viewport().size()))
            self.frozen.freeze(self.picture())
            self._restack()
        else:
            self.frozen.hide()

    def _on_changes(self, changes: ChangeSet) -> None:
        if changes.touches(("fog", "areas")) and self.frozen.isVisible():
            self.frozen.update()

    def _paint_fog_now(self, painter: QPainter) -> None:
        """Today's fog over the frozen map, where the map stood when it froze."""
        fog = next((i for i in self.player.scene.items() if isinstance(i, FogItem)), None)
        if fog is None:
            return
        painter.setClipRect(self._frozen_viewport)
        painter.translate(self._frozen_offset)
        painter.setTransform(self._frozen_map, True)
        fog.paint(painter, QStyleOptionGraphicsItem(), None)

    def show_handout(self, image: QImage) -> None:
        self.handout.show_image(image)
        self._restack()

    def dismiss_handout(self) -> None:
        self.handout.hide()

    def ping_frozen(self, scene_point: QPointF) -> bool:
        """Ripple on the frozen picture where ``scene_point`` was (False: not frozen there)."""
        if not self.frozen.isVisibleTo(self.player) or self.blackout.isVisibleTo(self.player):
            return False
        self.frozen.ping(self._frozen_map.map(scene_point) + self._frozen_offset)
        return True

    def set_rotation(self, degrees: int) -> None:
        """Turn everything the players read: the map, the handout, the summary, the legend."""
        self.mat.set_rotation(degrees)
        self.handout.set_rotation(degrees)
        self.player.arrangement.set_rotation(degrees)

    def states(self) -> list[str]:
        """What stands in front of the map, in words: "blacked out", "handout", "frozen"."""
        found = []
        for curtain, word in (
            (self.blackout, "blacked out"),
            (self.handout, "handout"),
            (self.frozen, "frozen"),
        ):
            if curtain.isVisibleTo(self.player):
                found.append(word)
        return found

    def picture(self) -> QPixmap:
        """The map and the tracker as the players see them now (not the curtains)."""
        player = self.player
        ratio = player.devicePixelRatioF()
        picture = QPixmap(player.size() * ratio)
        picture.setDevicePixelRatio(ratio)
        picture.fill(Qt.GlobalColor.black)
        painter = QPainter(picture)
        painter.drawPixmap(player.view.geometry().topLeft(), player.view.grab())
        if player.tracker_shown:
            painter.drawPixmap(player.column.geometry().topLeft(), player.column.grab())
        painter.end()
        return picture

    def _restack(self) -> None:
        """Frozen frame, handout, blackout from the back, shown or not (the window may be shut)."""
        for curtain in (self.frozen, self.handout, self.blackout):
            curtain.raise_()

    def _shown(self) -> None:
        """Shown with a freeze but no frame held yet: hold the first frame once it is drawn."""
        if self.freeze_wanted and self.frozen.picture.isNull():
            QTimer.singleShot(0, self._freeze_first_frame)

    def _freeze_first_frame(self) -> None:
        if self.freeze_wanted and self.frozen.picture.isNull() and self.player.isVisible():
            self.frozen.hide()  # the picture is of the map, not of the black stand-in
            self.set_frozen(True)
