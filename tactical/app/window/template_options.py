"""The Template row: the kind, size X, range and label of the next template placed.

A part of the main window (``window.template_options``), made with the
registry, the top-level window and the template tool. The options matter only
while placing one: the row shows on the tool options row under the Tools bar
while Templates is the tool, in turn with the fog tool's options and the other
tools' hints (:mod:`tactical.app.window.tool_options`, docs/app.md "The toolbar").
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Qt
from PySide6.QtWidgets import QComboBox, QLabel, QLineEdit, QMainWindow, QSpinBox, QToolBar

from tactical.app.map.tools import TemplateTool
from tactical.app.window.action_registry import ActionRegistry
from tactical.core.templates import TemplateKind

KINDS: tuple[tuple[str, TemplateKind], ...] = (("Aura", "aura"), ("Area", "area"), ("Line", "line"))
"""The kinds as the box names them, in its order."""


class TemplateOptions(QObject):
    """The Template row and its link to the template tool (see the module's docstring)."""

    def __init__(self, registry: ActionRegistry, host: QMainWindow, tool: TemplateTool) -> None:
        super().__init__(host)
        self.tool = tool
        self.bar = QToolBar("Template", host)
        self.bar.setObjectName("template-options")
        self.bar.setMovable(False)
        title = QLabel(" Template: ")
        title.setTextFormat(Qt.TextFormat.PlainText)
        self.bar.addWidget(title)
        self.kind = QComboBox()
        self.kind.addItems([name for name, _ in KINDS])
        self.kind.setCurrentIndex(1)
        self.kind.setToolTip(
            "Aura: around the token you click; Area: centred on the square you click; "
            "Line: from the selected token towards the pointer"
        )
        self.size = QSpinBox()
        self.size.setRange(1, 30)
        self.size.setValue(2)
        self.size.setPrefix("X = ")
        self.size.setToolTip("The template's size X")
        self.range = QSpinBox()
        self.range.setRange(0, 99)
        self.range.setValue(6)
        self.range.setPrefix("range ")
        self.range.setToolTip("How far from the token that makes it an Area or Line may be placed")
        self.label = QLineEdit()
        self.label.setPlaceholderText("label (optional)")
        self.label.setMaxLength(200)  # a template's label in the file
        self.label.setMaximumWidth(160)
        self.label.setToolTip(
            "A name for the template, used by the map's right-click menu (Remove template: …)"
        )
        for widget in (self.kind, self.size, self.range, self.label):
            self.bar.addWidget(widget)
        self.kind.currentIndexChanged.connect(self._configure)
        self.size.valueChanged.connect(self._configure)
        self.range.valueChanged.connect(self._configure)
        self.label.textChanged.connect(self._configure)
        registry.add_toolbar("template", self.bar)
        self.bar.setVisible(False)  # the tool options row shows it while Templates is the tool
        self._configure()

    def _configure(self, *_: object) -> None:
        kind = KINDS[self.kind.currentIndex()][1]
        self.range.setEnabled(kind != "aura")
        self.tool.configure(kind, self.size.value(), self.range.value(), self.label.text().strip())
