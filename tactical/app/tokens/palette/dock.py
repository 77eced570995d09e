"""The token palette: a dock to add, copy, delete and hide tokens and edit sides.

Pictures on top (double-click one to add a token with it: a plain disc, the
encounter's token art, files the GM chose, the ready-made marks), the tokens
below (their selection follows the map's), the sides at the bottom. The
palette only asks; :class:`~tactical.app.tokens.palette.controller.Palette` edits.
"""

from __future__ import annotations

from typing import Protocol

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QColor, QIcon, QPainter, QPen, QPixmap
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QDockWidget,
    QGridLayout,
    QHBoxLayout,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from tactical.app.window.plain_text import plain_label, set_tooltip

ICON = QSize(40, 40)


class PaletteCommands(Protocol):
    """What the dock's buttons and lists ask for, by token or side id
    (:class:`~tactical.app.tokens.palette.controller.Palette` does it)."""

    def add_token(self) -> object: ...
    def add_from_file_dialog(self) -> None: ...
    def list_selection_changed(self) -> None: ...
    def edit(self, token_ids: list[str]) -> None: ...
    def duplicate(self, token_ids: list[str]) -> object: ...
    def delete(self, token_ids: list[str]) -> None: ...
    def toggle_hidden(self, token_ids: list[str]) -> None: ...
    def add_side_dialog(self) -> None: ...
    def rename_side_dialog(self, side_id: str | None) -> None: ...
    def recolour_side_dialog(self, side_id: str | None) -> None: ...


def _colour_icon(colour: str) -> QIcon:
    pixmap = QPixmap(16, 16)
    pixmap.fill(QColor(colour))
    return QIcon(pixmap)


def _disc_icon() -> QIcon:
    """The plain disc as a disc, as big as the pictures beside it (not a small square)."""
    pixmap = QPixmap(ICON)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setPen(QPen(QColor("#808080"), 2))
    painter.setBrush(QColor("#c8c8c8"))
    painter.drawEllipse(3, 3, ICON.width() - 6, ICON.height() - 6)
    painter.end()
    return QIcon(pixmap)


class PaletteDock(QDockWidget):
    """The palette's widgets; every button calls the controller."""

    def __init__(self, palette: PaletteCommands, parent: QWidget) -> None:
        super().__init__("Token palette", parent)
        self.setObjectName("token-palette")
        self.controller = palette
        body = QWidget()
        layout = QVBoxLayout(body)
        layout.addWidget(plain_label("Pictures (double-click to add a token):"))
        self.pictures = QListWidget()
        self.pictures.setViewMode(QListWidget.ViewMode.IconMode)
        self.pictures.setIconSize(ICON)
        self.pictures.setGridSize(QSize(84, 72))
        self.pictures.setResizeMode(QListWidget.ResizeMode.Adjust)
        self.pictures.setMovement(QListWidget.Movement.Static)
        self.pictures.setWordWrap(True)
        self.pictures.setMaximumHeight(170)
        self.pictures.itemDoubleClicked.connect(lambda _item: self.controller.add_token())
        layout.addWidget(self.pictures)
        row = QHBoxLayout()
        self.add_button = QPushButton("Add token…")
        self.add_button.clicked.connect(lambda: self.controller.add_token())
        self.file_button = QPushButton("From picture file…")
        self.file_button.clicked.connect(self.controller.add_from_file_dialog)
        row.addWidget(self.add_button)
        row.addWidget(self.file_button)
        layout.addLayout(row)
        self.drop_tokens = QCheckBox("Pictures dropped on the map make tokens")
        set_tooltip(
            self.drop_tokens,
            "On: a picture file dropped on the map becomes a token there.\n"
            "Off: you choose a new map or this map's background (Shift while dropping: a token).",
        )
        layout.addWidget(self.drop_tokens)
        layout.addWidget(plain_label("Tokens:"))
        self.tokens = QListWidget()
        self.tokens.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.tokens.itemSelectionChanged.connect(self.controller.list_selection_changed)
        self.tokens.itemDoubleClicked.connect(
            lambda _item: self.controller.edit(self.selected_ids())
        )
        layout.addWidget(self.tokens, 1)
        grid = QGridLayout()
        self.edit_button = QPushButton("Edit…")
        set_tooltip(self.edit_button, "Edit the selected tokens (or double-click one)")
        self.edit_button.clicked.connect(lambda: self.controller.edit(self.selected_ids()))
        self.duplicate_button = QPushButton("Duplicate")
        self.duplicate_button.clicked.connect(
            lambda: self.controller.duplicate(self.selected_ids())
        )
        self.delete_button = QPushButton("Delete")
        self.delete_button.clicked.connect(lambda: self.controller.delete(self.selected_ids()))
        self.hide_button = QPushButton("Hide / show")
        set_tooltip(self.hide_button, "Hide the selected tokens from the players, or show them")
        self.hide_button.clicked.connect(lambda: self.controller.toggle_hidden(self.selected_ids()))
        grid.addWidget(self.edit_button, 0, 0)
        grid.addWidget(self.duplicate_button, 0, 1)
        grid.addWidget(self.delete_button, 1, 0)
        grid.addWidget(self.hide_button, 1, 1)
        layout.addLayout(grid)
        layout.addWidget(plain_label("Sides:"))
        self.sides = QComboBox()
        layout.addWidget(self.sides)
        row = QHBoxLayout()
        self.add_side_button = QPushButton("Add side…")
        self.add_side_button.clicked.connect(self.controller.add_side_dialog)
        self.rename_side_button = QPushButton("Rename…")
        self.rename_side_button.clicked.connect(
            lambda: self.controller.rename_side_dialog(self.current_side())
        )
        self.colour_side_button = QPushButton("Colour…")
        self.colour_side_button.clicked.connect(
            lambda: self.controller.recolour_side_dialog(self.current_side())
        )
        for button in (self.add_side_button, self.rename_side_button, self.colour_side_button):
            row.addWidget(button)
        layout.addLayout(row)
        self.setWidget(body)

    # -- reading -------------------------------------------------------------------

    def selected_ids(self) -> list[str]:
        return [str(item.data(Qt.ItemDataRole.UserRole)) for item in self.tokens.selectedItems()]

    def current_side(self) -> str | None:
        data = self.sides.currentData()
        return None if data is None else str(data)

    def current_picture(self) -> int:
        return max(0, self.pictures.currentRow())

    # -- filling -------------------------------------------------------------------

    def fill_pictures(self, pictures: list[tuple[str, str, QIcon | None]]) -> None:
        """Pictures as (key, label, icon); the picked one stays picked, found by its key
        (a picture added before it must not move the pick onto its neighbour)."""
        current = self.pictures.currentItem()
        picked = current.data(Qt.ItemDataRole.UserRole) if current is not None else None
        self.pictures.clear()
        row = 0
        for index, (key, label, icon) in enumerate(pictures):
            item = QListWidgetItem(label)
            item.setIcon(icon if icon is not None else _disc_icon())
            item.setData(Qt.ItemDataRole.UserRole, key)
            set_tooltip(item, label)
            self.pictures.addItem(item)
            if key == picked:
                row = index
        self.pictures.setCurrentRow(row)

    def fill_tokens(self, rows: list[tuple[str, str, str, bool]], selected: set[str]) -> None:
        """Rows of (token id, name, side colour, hidden)."""
        blocked = self.tokens.blockSignals(True)
        self.tokens.clear()
        for token_id, name, colour, hidden in rows:
            item = QListWidgetItem(_colour_icon(colour), name + ("  (hidden)" if hidden else ""))
            item.setData(Qt.ItemDataRole.UserRole, token_id)
            self.tokens.addItem(item)
            item.setSelected(token_id in selected)
        self.tokens.blockSignals(blocked)

    def select_tokens(self, selected: set[str]) -> None:
        blocked = self.tokens.blockSignals(True)
        for row in range(self.tokens.count()):
            item = self.tokens.item(row)
            item.setSelected(str(item.data(Qt.ItemDataRole.UserRole)) in selected)
        self.tokens.blockSignals(blocked)

    def fill_sides(self, sides: list[tuple[str, str, str]]) -> None:
        """Sides as (id, name, colour); the current one stays current."""
        current = self.current_side()
        self.sides.clear()
        for side_id, name, colour in sides:
            self.sides.addItem(_colour_icon(colour), name, side_id)
        index = self.sides.findData(current)
        self.sides.setCurrentIndex(max(0, index))
