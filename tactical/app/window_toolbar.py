"""The main window's Tools toolbar: the tools, the template controls, cover, the player view.

A mixin of :class:`tactical.app.main_window.MainWindow` (``window.toolbar``,
``window.template_kind``, ``template_size``, ``template_range``,
``template_label`` stay the window's attributes).
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QComboBox, QLineEdit, QSpinBox, QToolBar

from tactical.app.tools import TemplateTool
from tactical.app.window_base import WindowMixin


class WindowToolbar(WindowMixin):
    """Builds the Tools toolbar (see the module's docstring)."""

    template_tool: TemplateTool
    select_action: QAction
    ruler_action: QAction
    template_action: QAction
    cover_action: QAction
    player_action: QAction
    hide_secrets_action: QAction

    def _build_toolbar(self) -> None:
        bar = QToolBar("Tools", self)
        bar.setObjectName("tools")
        bar.setMovable(False)
        for action in (self.select_action, self.ruler_action, self.template_action):
            bar.addAction(action)
        bar.addSeparator()
        self.template_kind = QComboBox()
        self.template_kind.addItems(["Aura", "Area", "Line"])
        self.template_kind.setCurrentIndex(1)
        self.template_size = QSpinBox()
        self.template_size.setRange(1, 30)
        self.template_size.setValue(2)
        self.template_size.setPrefix("X = ")
        self.template_range = QSpinBox()
        self.template_range.setRange(0, 99)
        self.template_range.setValue(6)
        self.template_range.setPrefix("range ")
        self.template_label = QLineEdit()
        self.template_label.setPlaceholderText("label (optional)")
        self.template_label.setMaxLength(200)  # a template's label in the file
        self.template_label.setMaximumWidth(160)
        for widget in (
            self.template_kind,
            self.template_size,
            self.template_range,
            self.template_label,
        ):
            bar.addWidget(widget)
        self.template_kind.currentIndexChanged.connect(self._configure_templates)
        self.template_size.valueChanged.connect(self._configure_templates)
        self.template_range.valueChanged.connect(self._configure_templates)
        self.template_label.textChanged.connect(self._configure_templates)
        bar.addSeparator()
        bar.addAction(self.cover_action)
        bar.addSeparator()
        bar.addAction(self.player_action)
        bar.addAction(self.hide_secrets_action)  # a one-screen GM turns it on before anyone looks
        self.addToolBar(Qt.ToolBarArea.TopToolBarArea, bar)
        self.toolbar = bar
        self._configure_templates()

    def _configure_templates(self, *_: object) -> None:
        kind = self.template_kind.currentText().lower()
        self.template_range.setEnabled(kind != "aura")
        self.template_tool.configure(
            kind,  # type: ignore[arg-type]
            self.template_size.value(),
            self.template_range.value(),
            self.template_label.text().strip(),
        )
