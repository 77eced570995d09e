"""What the table screen adds to one player view: its battle mat and the curtains over it.

The curtains stack from the back: the frozen frame, the handout, the
blackout, so a blackout hides everything and lifting it shows whatever was
under it. The frozen frame is the map and the tracker as the players saw
them, never a curtain, with today's fog painted over it through the view's
transform of that moment: freezing holds the tokens still, never a square the
GM has hidden since (a square revealed since stays as it was: under fog).

A held frame is the players' screen at the window's full size. While nothing
the players see has changed since it was held (the first frame of a view
opened frozen, then put full screen), a new window size takes it again at that
size: the same state, not a smaller picture letterboxed on black.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QPoint, QPointF, QRectF, QSize, QSizeF, Qt, QTimer
from PySide6.QtGui import QImage, QPainter, QPixmap, QRegion, QTransform
from PySide6.QtWidgets import QStyleOptionGraphicsItem, QWidget

from tactical.app.fog.layer import FogItem
from tactical.app.players.player_view import PlayerView
from tactical.app.players.table_screen.battle_mat import BattleMat
from tactical.app.players.table_screen.calibration import RulerMarks
from tactical.app.players.table_screen.curtains import Blackout, FrozenFrame, Handout
from tactical.app.players.table_screen.scene_curtain import SceneCurtain
from tactical.core.changes import ChangeSet


class PlayerParts(QObject):
    """One player view's battle mat, curtains and calibration marks."""

    def __init__(self, player: PlayerView) -> None:
        super().__init__(player)
        self.player = player
        self.mat = BattleMat(player.view)
        self.mat.changed.connect(player.legend_keeper.place)  # a new scale or a quarter turn
        self.mat.changed.connect(lambda: player.arrangement.set_mat_locked(self.mat.locked))
        self.frozen = FrozenFrame(player)
        self.handout = Handout(player)
        self.blackout = Blackout(player)
        self.marks = RulerMarks(player)
        self.scene_curtain = SceneCurtain(player)
        """Down while another scene is shown, until it is drawn with its fog."""
        self._frozen_map = QTransform()
        self._frozen_offset = QPointF()
        self._frozen_viewport = QRectF()
        self._above: list[tuple[QPoint, QPixmap]] = []
        """What stood over the map when it froze (the legend), drawn over today's fog."""
        self._fog_since = False
        """The fog changed since the frame was held: today's fog goes over it."""
        self.frozen.cover = self._paint_fog_now
        self.freeze_wanted = False
        self.still = False
        """Nothing the players see changed since the frame was held: a new size takes it again."""
        self._held_size = QSize()
        self._held_over_map = (False, False)
        player.shown.connect(self._shown)
        player.document.changes_done.connect(self._on_changes)
        player.document.encounter_replaced.connect(self._replaced)
        if player.gm_view is not None:
            player.gm_view.view_changed.connect(self._gm_view_changed)
        self.mat.changed.connect(self._view_moved)
        player.tracker_action.toggled.connect(self._view_moved)
        for widget in (player, player.legend, player.column):
            widget.installEventFilter(self)

    def set_label_scale(self, factor: float) -> None:
        """Token names and the tracker's text ``factor`` times their usual size."""
        self._moved()
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
            self.still = False
            self._restack()
            return
        if on:
            self._hold()
            self._restack()
        else:
            self.frozen.hide()
            self.still = False

    def _hold(self) -> None:
        """Take the players' screen as it is now, at the window's size, as the frozen frame."""
        view = self.player.view
        # Where the map stood at this moment: pings land on the picture, not on today's map.
        self._frozen_map = QTransform(view.viewportTransform())
        self._frozen_offset = QPointF(view.viewport().mapTo(self.player, QPoint(0, 0)))
        self._frozen_viewport = QRectF(self._frozen_offset, QSizeF(view.viewport().size()))
        self._above = self.above_map()
        self._fog_since = False
        self.frozen.freeze(self.picture())
        self._held_size = self.player.size()
        self._held_over_map = self._over_map()
        self.still = True

    def _on_changes(self, changes: ChangeSet) -> None:
        self._moved()
        if changes.touches(("fog", "areas")):
            self._fog_since = True
            if self.frozen.isVisible():
                self.frozen.update()

    # -- a frame held still follows the window's size --------------------------------

    def _moved(self, *_: object) -> None:
        """Something the players see changed: the held frame is now the past, kept as it is."""
        self.still = False

    def _replaced(self) -> None:
        self._moved()
        self._fog_since = True  # another encounter: its fog, whatever the picture held

    def _view_moved(self, *_: object) -> None:
        """The players' map moved, turned or changed what stands over it, unless the window
        changed size (then the frame is taken again at that size, if still)."""
        if self.player.size() == self._held_size:
            self._moved()

    def _gm_view_changed(self) -> None:
        if self.player.following:
            self._moved()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if watched is self.player:
            if kind == QEvent.Type.Resize and self.still and self.frozen.isVisibleTo(watched):
                QTimer.singleShot(0, self._take_again)  # once the window is laid out anew
        elif (
            kind in (QEvent.Type.Show, QEvent.Type.Hide) and self._over_map() != self._held_over_map
        ):
            # The legend or the summary came or went; not the window itself shown or hidden
            # (a move to another X screen makes its window anew).
            self._view_moved()
        return False

    def _over_map(self) -> tuple[bool, bool]:
        """Whether the legend and the summary stand in the window (shown or not)."""
        player = self.player
        return player.legend.isVisibleTo(player), player.column.isVisibleTo(player)

    def window_changed(self) -> None:
        """The window moved to another screen (its pixels may be another size): take the
        held frame again there, if nothing changed since."""
        if self.still and self.frozen.isVisibleTo(self.player):
            QTimer.singleShot(0, self._take_again)

    def _take_again(self) -> None:
        if not (self.still and self.freeze_wanted and self.player.isVisible()):
            return
        if self.player.size() != self._held_size or self._pixel_ratio_changed():
            self._hold()

    def _pixel_ratio_changed(self) -> bool:
        ratio = self.frozen.picture.devicePixelRatio()
        return abs(ratio - self.player.devicePixelRatioF()) > 1e-6

    def _paint_fog_now(self, painter: QPainter) -> None:
        """Today's fog over the frozen map, where the map stood when it froze, and what stood
        over the map (the legend) over that fog, as it stood. The fog unchanged, nothing: the
        picture holds that very fog, and the legend whole over it."""
        fog = next((i for i in self.player.scene.items() if isinstance(i, FogItem)), None)
        if fog is None or not self._fog_since:
            return
        painter.save()
        painter.setClipRect(self._frozen_viewport)
        painter.translate(self._frozen_offset)
        painter.setTransform(self._frozen_map, True)
        fog.paint(painter, QStyleOptionGraphicsItem(), None)
        painter.restore()
        for corner, overlay in self._above:
            painter.drawPixmap(corner, overlay)

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
        if degrees != self.mat.rotation:
            self._moved()
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
        """The map and the tracker as the players see them now (not the curtains), in the
        window's device pixels."""
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

    def above_map(self) -> list[tuple[QPoint, QPixmap]]:
        """What stands over the map now (the legend), each where it stands in the window."""
        view = self.player.view
        shown: list[QWidget] = [w for w in view.overlays if w.isVisibleTo(self.player)]
        return [(w.mapTo(self.player, QPoint(0, 0)), _alone(w)) for w in shown]

    def _restack(self) -> None:
        """Frozen frame, handout, blackout from the back, shown or not (the window may be shut);
        the curtain of a change of scene over them all."""
        for curtain in (self.frozen, self.handout, self.blackout, self.scene_curtain.curtain):
            curtain.raise_()

    def _shown(self) -> None:
        """Shown with a freeze but no frame held yet: hold the first frame once it is drawn."""
        if self.freeze_wanted and self.frozen.picture.isNull():
            QTimer.singleShot(0, self._freeze_first_frame)

    def _freeze_first_frame(self) -> None:
        if self.freeze_wanted and self.frozen.picture.isNull() and self.player.isVisible():
            self.frozen.hide()  # the picture is of the map, not of the black stand-in
            self.set_frozen(True)


def _alone(widget: QWidget) -> QPixmap:
    """``widget`` drawn on nothing (clear where it paints nothing), in device pixels."""
    ratio = widget.devicePixelRatioF()
    pixmap = QPixmap(widget.size() * ratio)
    pixmap.setDevicePixelRatio(ratio)
    pixmap.fill(Qt.GlobalColor.transparent)
    widget.render(pixmap, QPoint(), QRegion(), QWidget.RenderFlag.DrawChildren)
    return pixmap
