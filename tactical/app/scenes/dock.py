"""The Scenes dock: one row per scene of the evening, with its name and a small picture.

The GM's scene (the one on screen) is the current row, its name in bold; the
scene shown to players carries an eye. A double-click or Enter opens a scene
for the GM; the dock's toolbar and right-click menu hold the scene edits
(:mod:`tactical.app.scenes.edits`), and a row dragged to another place moves
its scene there (one undo step). Names are plain text.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import QModelIndex, QPoint, QRectF, QSize, Qt, QTimer
from PySide6.QtGui import QAction, QColor, QIcon, QPainter, QPen, QPixmap
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDockWidget,
    QListWidget,
    QListWidgetItem,
    QMenu,
    QToolBar,
    QVBoxLayout,
    QWidget,
)

from tactical.app.encounter.document import EncounterDocument
from tactical.app.scenes.thumbnails import HEIGHT, WIDTH, Thumbnails
from tactical.core.changes import ChangeSet
from tactical.core.evening import Scene

SCENE_ID = Qt.ItemDataRole.UserRole
"""The item data role holding a row's scene id."""
REDRAW_MS = 700
"""After an edit of the GM's scene, its picture is drawn again once the edits pause."""


class ScenesDock(QDockWidget):
    """The list of scenes (see the module's docstring)."""

    def __init__(
        self, document: EncounterDocument, actions: Sequence[QAction | None], parent: QWidget
    ) -> None:
        super().__init__("Scenes", parent)
        self.setObjectName("scenes-dock")
        self.document = document
        self.thumbnails = Thumbnails()
        self.actions_shown = list(actions)
        """The toolbar's and right-click menu's actions (None: a separator)."""
        body = QWidget(self)
        layout = QVBoxLayout(body)
        layout.setContentsMargins(2, 2, 2, 2)
        self.toolbar = QToolBar("Scenes", body)
        self.toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        for action in self.actions_shown:
            if action is None:
                self.toolbar.addSeparator()
            else:
                self.toolbar.addAction(action)
        self.list = QListWidget(body)
        self.list.setIconSize(QSize(WIDTH, HEIGHT))
        self.list.setSpacing(2)
        self.list.setWordWrap(True)
        self.list.setDragDropMode(QAbstractItemView.DragDropMode.InternalMove)
        self.list.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.list.customContextMenuRequested.connect(self._context_menu)
        self.list.itemActivated.connect(self._activated)
        self.list.model().rowsMoved.connect(self._rows_moved)
        layout.addWidget(self.toolbar)
        layout.addWidget(self.list)
        self.setWidget(body)
        self.open_scene: Callable[[str], object] = document.switch_scene
        """Opens a scene for the GM (the install hands the edits' own)."""
        self.move_scene: Callable[[str, int], object] = lambda scene_id, index: None
        """Moves a scene to an index (the install hands the edits' own)."""
        self._filling = False
        self._redraw = QTimer(self)
        self._redraw.setSingleShot(True)
        self._redraw.setInterval(REDRAW_MS)
        self._redraw.timeout.connect(self.refresh)
        document.changes_done.connect(self._changed)
        document.encounter_replaced.connect(self.refresh)
        self.visibilityChanged.connect(self._visible)
        self.refresh()

    # -- the rows ------------------------------------------------------------------

    def rows(self) -> list[str]:
        """The names shown, in order (a test reads them)."""
        return [self.list.item(i).text() for i in range(self.list.count())]

    def scene_ids(self) -> list[str]:
        return [self.list.item(i).data(SCENE_ID) for i in range(self.list.count())]

    def refresh(self) -> None:
        """Rows for the scenes as they are now; pictures only while the dock shows."""
        self._redraw.stop()
        evening = self.document.evening
        current = self.document.encounter
        shown = evening.shown_scene
        pictures = self.isVisible()
        self._filling = True
        try:
            while self.list.count() > len(evening.scenes):
                self.list.takeItem(self.list.count() - 1)
            for row, scene in enumerate(evening.scenes):
                item = self.list.item(row)
                if item is None:
                    item = QListWidgetItem()
                    self.list.addItem(item)
                self._fill(item, scene, scene.encounter is current, scene is shown, pictures)
                if scene.encounter is current:
                    self.list.setCurrentRow(row)
        finally:
            self._filling = False
        self.thumbnails.forget({id(s.encounter) for s in evening.scenes})

    def _fill(self, item: QListWidgetItem, scene: Scene, gm: bool, shown: bool, art: bool) -> None:
        item.setText(scene.name or "(unnamed scene)")  # an item's text is always plain
        item.setData(SCENE_ID, scene.id)
        font = item.font()
        font.setBold(gm)
        item.setFont(font)
        tip = "On your screen" if gm else "Double-click to open it"
        item.setToolTip(f"{tip}; shown to players" if shown else tip)
        if art:
            picture = self.thumbnails.picture(scene)
            item.setIcon(QIcon(_with_eye(picture) if shown else picture))

    def _visible(self, shown: bool) -> None:
        if shown:
            self.refresh()  # the pictures, made now that they show

    def _changed(self, changes: ChangeSet) -> None:
        if changes.touches({"scenes"}):
            self.refresh()
        elif self.isVisible() and changes.touches({"meta"}):
            self.refresh()  # a rename of the GM's scene
        elif self.isVisible():
            self._redraw.start()  # the GM's scene's picture, once the edits pause

    # -- the GM's gestures ---------------------------------------------------------------

    def selected_id(self) -> str | None:
        item = self.list.currentItem()
        return None if item is None else str(item.data(SCENE_ID))

    def _activated(self, item: QListWidgetItem) -> None:
        self.open_scene(item.data(SCENE_ID))

    def _context_menu(self, point: QPoint) -> None:
        item = self.list.itemAt(point)
        if item is not None:
            self.list.setCurrentItem(item)
        menu = QMenu(self)
        for action in self.actions_shown:
            if action is None:
                menu.addSeparator()
            else:
                menu.addAction(action)
        menu.exec(self.list.viewport().mapToGlobal(point))

    def _rows_moved(
        self, _parent: QModelIndex, start: int, _end: int, _destination: QModelIndex, row: int
    ) -> None:
        if self._filling:
            return
        target = row if row < start else row - 1
        item = self.list.item(target)
        moved = None if item is None else str(item.data(SCENE_ID))
        QTimer.singleShot(0, self, lambda: self._move(moved, target))

    def _move(self, scene_id: str | None, index: int) -> None:
        if scene_id is not None:
            self.move_scene(scene_id, index)
        self.refresh()


def _with_eye(picture: QPixmap) -> QPixmap:
    """``picture`` with an eye in its corner: the scene the players see."""
    marked = QPixmap(picture)
    painter = QPainter(marked)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    box = QRectF(marked.width() - 26, 3, 22, 14)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor(255, 255, 255, 230))
    painter.drawRoundedRect(box.adjusted(-2, -2, 2, 2), 4, 4)
    painter.setPen(QPen(QColor("#1d1d1d"), 1.6))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawEllipse(box)
    painter.setBrush(QColor("#1d1d1d"))
    painter.drawEllipse(box.center(), 3.2, 3.2)
    painter.end()
    return marked
