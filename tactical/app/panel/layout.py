"""The combat panel's widgets and how they are laid out, apart from what the panel does.

:class:`PanelWidgets` builds the chooser, the instruction, the action bar, the
foldable Steps / Combatants / Roll / Dice log sections in a splitter, and the
scroll area that holds them all; :class:`~tactical.app.panel.dock.CombatPanel`
connects them to its presenter.
"""

from __future__ import annotations

from PySide6.QtCore import QSettings, QSize, Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import (
    QHBoxLayout,
    QPushButton,
    QScrollArea,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from tactical.app.panel.actions import ActionBar
from tactical.app.panel.chooser import ProcedureChooser
from tactical.app.panel.combatants import CombatantTable
from tactical.app.panel.dice_log import DiceLogView
from tactical.app.panel.header import InstructionBox
from tactical.app.panel.outline import StepOutline
from tactical.app.panel.roll_box import RollBox
from tactical.app.panel.sections import Section

MIN_WIDTH = 440
"""The panel's narrowest: at 1400 x 900 the map keeps two thirds of the window."""
SHORT_TEXT = "Hide secrets"
"""The panel's button (the View menu says it whole)."""


class _CompactSplitter(QSplitter):
    """Asks only for its minimum, so the scroll area scrolls only when the screen is short.

    (The scroll area sizes the panel by its preferred height, word-wrapped labels
    being height-for-width; the splitter's own preference would always overflow.)
    Its spare height goes to the Combatants table, read every turn (:meth:`give_room`).
    """

    def __init__(self) -> None:
        super().__init__(Qt.Orientation.Vertical)
        self.dragged = False
        """The GM moved a handle: the sizes are theirs from then on."""
        self.splitterMoved.connect(self._moved)

    def _moved(self, *_: object) -> None:
        self.dragged = True

    def sizeHint(self) -> QSize:
        return self.minimumSizeHint()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.give_room()

    def give_room(self) -> None:
        """Every pane but the middle one (the table) at its least, the table the rest,
        until the GM drags a handle."""
        if self.dragged or self.count() != 3:
            return
        panes = [pane for i in range(3) if (pane := self.widget(i)) is not None]
        least = [max(pane.minimumSizeHint().height(), pane.minimumHeight()) for pane in panes]
        total = sum(self.sizes())
        if total > 0:
            self.setSizes([least[0], max(least[1], total - least[0] - least[2]), least[2]])


class PanelWidgets:
    """The panel's widgets, laid out in :attr:`scroll` (see the module's docstring)."""

    def __init__(self, settings: QSettings | None, privacy_tip: str) -> None:
        self.privacy_button = QPushButton(SHORT_TEXT)
        """The mode's switch on the panel: checked while secrets are hidden."""
        self.privacy_button.setCheckable(True)
        self.privacy_button.setStyleSheet(
            "QPushButton:checked { background: #6a1b9a; color: white; font-weight: bold; }"
        )  # the colour of the window's "Secrets hidden" mark
        self.privacy_button.setToolTip(privacy_tip)
        self.chooser = ProcedureChooser()
        self.header = InstructionBox()
        self.actions_bar = ActionBar()
        self.outline = StepOutline()
        self.table = CombatantTable()
        self.roll_box = RollBox()
        self.dice_log = DiceLogView()
        self.form_holder = QVBoxLayout()
        """Where a params form opens, under the action bar."""
        self.form_holder.setContentsMargins(0, 0, 0, 0)
        for widget, least in ((self.outline, 50), (self.dice_log, 50)):
            widget.setMinimumHeight(least)
        self.sections = {
            key: Section(key, title, widget, settings)
            for key, title, widget in (
                ("steps", "Steps", self.outline),
                ("combatants", "Combatants", self.table),
                ("roll", "Roll", self.roll_box),
                ("dice", "Dice log", self.dice_log),
            )
        }
        """The panel's foldable sections (see :mod:`tactical.app.panel.sections`)."""
        self.splitter = self._split()
        self.scroll = self._scroll()

    def _split(self) -> _CompactSplitter:
        self.dice = dice = QWidget()
        dice_layout = QVBoxLayout(dice)
        dice_layout.setContentsMargins(0, 0, 0, 0)
        dice_layout.addWidget(self.sections["roll"])
        dice_layout.addWidget(self.sections["dice"], 1)
        splitter = _CompactSplitter()
        splitter.setChildrenCollapsible(False)
        sections = (self.sections["steps"], self.sections["combatants"], dice)
        # The table, read every turn, takes the spare height; the steps and the dice log
        # keep their least until the GM drags them bigger.
        for section, stretch in zip(sections, (0, 1, 0), strict=True):
            splitter.addWidget(section)
            splitter.setStretchFactor(splitter.count() - 1, stretch)
        # On a short screen the GM can drag the steps or the dice shut to give the table room.
        splitter.setCollapsible(0, True)
        splitter.setCollapsible(2, True)
        splitter.setCollapsible(1, False)
        for foldable in self.sections.values():
            foldable.toggled.connect(self.fit_sections)
        self.splitter = splitter
        self.fit_sections()
        return splitter

    def _scroll(self) -> QScrollArea:
        body = QWidget()
        layout = QVBoxLayout(body)
        top = QHBoxLayout()
        top.addWidget(self.chooser, 1)
        top.addWidget(self.privacy_button)
        layout.addLayout(top)
        layout.addWidget(self.header)
        layout.addWidget(self.actions_bar)
        layout.addLayout(self.form_holder)
        layout.addWidget(self.splitter, 1)
        body.setMinimumWidth(MIN_WIDTH)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        scroll.setWidget(body)  # a short screen scrolls the panel instead of squashing it
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setMinimumWidth(body.minimumWidth() + scroll.verticalScrollBar().sizeHint().width())
        return scroll

    def fit_sections(self, *_: object) -> None:
        """A folded section keeps only its header: the splitter gives the rest to the others."""
        dice_open = self.sections["dice"].is_open()
        self.dice.setMaximumHeight(16_777_215 if dice_open else self.dice.sizeHint().height())
        sizes = self.splitter.sizes()
        if sum(sizes) > 0:  # shown: hand the height of what folded to what stays open
            self.splitter.setSizes(sizes)
            self.splitter.give_room()
