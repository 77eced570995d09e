"""The main window's Tools toolbar, and the Template row shown while Templates is the tool.

A mixin of :class:`tactical.app.window.main_window.MainWindow` (``window.toolbar``,
``window.template_bar``, ``window.template_kind``, ``template_size``,
``template_range``, ``template_label`` stay the window's attributes).

The Tools bar holds what the GM reaches for at any moment (the tools, cover,
the player view, hiding secrets; map editing and fog add theirs), so it fits a
1280 px wide window. The template's options (kind, X, range, label) matter
only while placing one: they show on the tool options row under the Tools bar
while Templates is the tool, in turn with the fog tool's options and the other
tools' hints (:mod:`tactical.app.window.tool_options`, docs/app.md "The toolbar").
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QComboBox, QLabel, QLineEdit, QSpinBox, QToolBar

from tactical.app.map.tools import TemplateTool
from tactical.app.window.action_registry import ActionRegistry, Place
from tactical.app.window.window_base import WindowMixin


class WindowToolbar(WindowMixin):
    """Builds the Tools toolbar and the Template row (see the module's docstring)."""

    template_tool: TemplateTool
    action_registry: ActionRegistry
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
        self.action_registry.add_toolbar("tools", bar)
        for action_id, place in (
            ("tools.select", Place("tools", "1_tools", 10)),
            ("tools.ruler", Place("tools", "1_tools", 20)),
            ("tools.template", Place("tools", "1_tools", 30)),
            ("tools.cover", Place("tools", "2_cover", 10)),
            ("player.open", Place("tools", "3_player", 10)),
            # a one-screen GM turns it on before anyone looks
            ("view.hide-secrets", Place("tools", "3_player", 20)),
        ):
            self.action_registry.put_on_toolbar(action_id, place)
        for action, tip in (
            (self.select_action, "Select tokens and drag them (V)"),
            (self.ruler_action, "Measure with waypoints (R); right-click or Escape puts it away"),
            (self.template_action, "Place an Aura, Area or Line (T): its options show below"),
            (
                self.cover_action,
                "Cover from the selected token (C): the others show - (none), C (cover) "
                "or X (obstructed); an overlay over whichever tool is active, not a tool",
            ),
            (self.player_action, "Open the player view (P)"),
            (self.hide_secrets_action, "Hide secrets on this screen (Ctrl+Shift+H)"),
        ):
            action.setToolTip(tip)
        self.toolbar = bar
        self._build_template_bar()
        self._configure_templates()

    def _build_template_bar(self) -> None:
        bar = QToolBar("Template", self)
        bar.setObjectName("template-options")
        bar.setMovable(False)
        title = QLabel(" Template: ")
        title.setTextFormat(Qt.TextFormat.PlainText)
        bar.addWidget(title)
        self.template_kind = QComboBox()
        self.template_kind.addItems(["Aura", "Area", "Line"])
        self.template_kind.setCurrentIndex(1)
        self.template_kind.setToolTip(
            "Aura: around the token you click; Area: centred on the square you click; "
            "Line: from the selected token towards the pointer"
        )
        self.template_size = QSpinBox()
        self.template_size.setRange(1, 30)
        self.template_size.setValue(2)
        self.template_size.setPrefix("X = ")
        self.template_size.setToolTip("The template's size X")
        self.template_range = QSpinBox()
        self.template_range.setRange(0, 99)
        self.template_range.setValue(6)
        self.template_range.setPrefix("range ")
        self.template_range.setToolTip(
            "How far from the token that makes it an Area or Line may be placed"
        )
        self.template_label = QLineEdit()
        self.template_label.setPlaceholderText("label (optional)")
        self.template_label.setMaxLength(200)  # a template's label in the file
        self.template_label.setMaximumWidth(160)
        self.template_label.setToolTip(
            "A name for the template, used by the map's right-click menu (Remove template: …)"
        )
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
        self.action_registry.add_toolbar("template", bar)
        bar.setVisible(False)  # the tool options row shows it while Templates is the tool
        self.template_bar = bar

    def _configure_templates(self, *_: object) -> None:
        kind = self.template_kind.currentText().lower()
        self.template_range.setEnabled(kind != "aura")
        self.template_tool.configure(
            kind,  # type: ignore[arg-type]
            self.template_size.value(),
            self.template_range.value(),
            self.template_label.text().strip(),
        )
