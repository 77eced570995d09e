"""The combat panel's widgets and how they are laid out, apart from what the panel does.

:class:`PanelWidgets` builds the chooser, the instruction, the action bar, then the
foldable Combatants / Steps / Roll / Dice log sections in a splitter, and the
scroll area that holds them all; :class:`~tactical.app.panel.dock.CombatPanel`
connects them to its presenter. The order sits right under the step's button and
has its rows before anything else (:mod:`.room`): the notes shrink and the other
sections fold, their buttons side by side in one line at the foot
(:attr:`PanelWidgets.folds`), so on a laptop screen the GM presses the button
with every combatant in view. The GM's folds and splitter sizes are remembered
in the window's QSettings.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QEvent, QObject, QSettings, QSize, Qt, QTimer
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
from tactical.app.panel.combatants import CombatantTable, least_height
from tactical.app.panel.details import CombatantDetails
from tactical.app.panel.dice_log import DiceLogView
from tactical.app.panel.header import InstructionBox
from tactical.app.panel.outline import StepOutline
from tactical.app.panel.presenter import PanelShown
from tactical.app.panel.roll_box import RollBox
from tactical.app.panel.room import pane_sizes, sections_with_room
from tactical.app.panel.sections import Section
from tactical.core.encounter import Encounter

MIN_WIDTH = 440
"""The panel's narrowest: at 1400 x 900 the map keeps two thirds of the window."""
SHORT_TEXT = "Hide secrets"
"""The panel's button (the View menu says it whole)."""
SIZES_KEY = "panel/splitter"
"""The splitter's pane heights as the GM dragged them (none: the panel shares the room)."""
LEAST_BUTTON_LINES = 2
"""The lines of secondary buttons kept on the shortest screen (the rest in a More menu)."""
RESTLESS_FITS = 4
"""Fits in a row that may change the panel in the same room with the same content."""
LEAST_CONTENT = {"steps": 54, "roll": 0, "dice": 50}
"""Pixels a section's content needs to be worth opening (the roll box: its own height)."""


class _CompactSplitter(QSplitter):
    """Asks only for its minimum, so the scroll area scrolls only when the screen is short.

    (The scroll area sizes the panel by its preferred height, word-wrapped labels
    being height-for-width; the splitter's own preference would always overflow.)
    """

    def __init__(self, settings: QSettings | None) -> None:
        super().__init__(Qt.Orientation.Vertical)
        self.settings = settings
        self.dragged: list[int] = []
        """The pane heights the GM dragged to (empty: the panel shares the room)."""
        saved = settings.value(SIZES_KEY) if settings is not None else None
        if isinstance(saved, str):
            saved = saved.split(",")
        if isinstance(saved, list) and all(str(n).strip().isdigit() for n in saved):
            self.dragged = [int(n) for n in saved]
        self.resized = QTimer(self)
        """Runs once the splitter's height settled (the panel shares the room again)."""
        self.resized.setSingleShot(True)
        self.resized.setInterval(0)
        self.splitterMoved.connect(self._moved)

    def _moved(self, *_: object) -> None:
        self.dragged = self.sizes()
        if self.settings is not None:
            self.settings.setValue(SIZES_KEY, ",".join(str(n) for n in self.dragged))

    def sizeHint(self) -> QSize:
        return self.minimumSizeHint()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.resized.start()


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
        self.details = CombatantDetails()
        """The selected (or acting) combatant's figures its row leaves out."""
        self.roll_box = RollBox()
        self.dice_log = DiceLogView()
        self.form_holder = QVBoxLayout()
        """Where a params form opens, under the action bar."""
        self.form_holder.setContentsMargins(0, 0, 0, 0)
        self.outline.setMinimumHeight(LEAST_CONTENT["steps"])
        self.dice_log.setMinimumHeight(LEAST_CONTENT["dice"])
        self.combatants = QWidget()
        """The table and the details under it."""
        pane = QVBoxLayout(self.combatants)
        pane.setContentsMargins(0, 0, 0, 0)
        pane.setSpacing(4)
        pane.addWidget(self.table)
        pane.addWidget(self.details)
        pane.addStretch(1)  # spare height under the details, not blank rows in the table
        self.sections = {
            key: Section(key, title, widget, settings)
            for key, title, widget in (
                ("combatants", "Combatants", self.combatants),
                ("steps", "Steps", self.outline),
                ("roll", "Roll", self.roll_box),
                ("dice", "Dice log", self.dice_log),
            )
        }
        """The panel's foldable sections (see :mod:`tactical.app.panel.sections`)."""
        self.folds = QWidget()
        """The buttons of the folded sections, side by side at the panel's foot."""
        self._folds_row = QHBoxLayout(self.folds)
        self._folds_row.setContentsMargins(0, 0, 0, 0)
        self._folds_row.addStretch(1)
        self.folds.hide()
        self.splitter = self._split(settings)
        self.scroll = self._scroll()
        self._last_fit: tuple[object, ...] = ()
        """What the last fit decided (:meth:`fit` drops the body's cache when it changes)."""
        self._restless = 0
        """Fits in a row that changed something with the same room and the same content."""
        self._fit_timer = QTimer(self.scroll)
        self._fit_timer.setSingleShot(True)
        self._fit_timer.setInterval(0)
        self._fit_timer.timeout.connect(self.fit)
        self.splitter.resized.timeout.connect(self.fit)
        self.table.laid_out.connect(self.fit_soon)
        # The details edit as the table's cells do, and follow its selection.
        self.details.figure_edited.connect(self.table.figure_edited)
        self.details.statuses_edited.connect(self.table.statuses_edited)
        self.table.selected.connect(self.show_details)
        self.table.laid_out.connect(self.show_details)
        for section in self.sections.values():
            section.toggled.connect(self._placed)
            self._placed()

    def _split(self, settings: QSettings | None) -> _CompactSplitter:
        self.dice = dice = QWidget()
        dice_layout = QVBoxLayout(dice)
        dice_layout.setContentsMargins(0, 0, 0, 0)
        dice_layout.addWidget(self.sections["roll"])
        dice_layout.addWidget(self.sections["dice"], 1)
        splitter = _CompactSplitter(settings)
        for pane in (self.sections["combatants"], self.sections["steps"], dice):
            splitter.addWidget(pane)
        # The GM may drag the steps or the dice shut (their fold buttons do it too), not the order.
        splitter.setCollapsible(0, False)
        return splitter

    def _scroll(self) -> QScrollArea:
        body = QWidget()
        self.body = layout = QVBoxLayout(body)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.setSpacing(4)
        top = QHBoxLayout()
        top.addWidget(self.chooser, 1)
        top.addWidget(self.privacy_button)
        layout.addLayout(top)
        layout.addWidget(self.header)
        layout.addWidget(self.actions_bar)
        layout.addLayout(self.form_holder)
        layout.addWidget(self.splitter, 1)
        layout.addWidget(self.folds)
        body.setMinimumWidth(MIN_WIDTH)
        scroll = _FittingScroll(self)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        scroll.setWidget(body)  # a screen too short even so scrolls the panel
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setMinimumWidth(body.minimumWidth() + scroll.verticalScrollBar().sizeHint().width())
        return scroll

    def show_rows(self, encounter: Encounter, shown: PanelShown) -> None:
        """The combatants in order, and the details of the selected (or acting) one."""
        self.table.show_combatants(
            encounter, shown.rows, shown.labels, shown.actions, shown.figures
        )
        self._restless = 0  # new content: fit freely again
        self.show_details()

    def show_details(self, *_: object) -> None:
        """The selected (or acting) combatant's figures its row leaves out."""
        if self.table.encounter is not None:
            self.details.show_for(self.table.encounter, self.table)
            self.fit_soon()  # a second line of figures asks the splitter for room it ignores

    # -- folding ------------------------------------------------------------------

    def _placed(self, *_: object) -> None:
        """An open section holds its button; a folded one hides, its button in :attr:`folds`."""
        for section in self.sections.values():
            on = section.is_open()
            if on and section.head.indexOf(section.button) < 0:
                section.head.insertWidget(0, section.button)
            elif not on and self._folds_row.indexOf(section.button) < 0:
                self._folds_row.insertWidget(self._folds_row.count() - 1, section.button)
            section.setVisible(on)
            section.button.show()  # a widget moved to another parent is hidden until shown
        order = list(self.sections.values())
        folded = sorted((s for s in order if not s.is_open()), key=order.index)
        for index, section in enumerate(folded):  # in the sections' order, whatever folded last
            self._folds_row.insertWidget(index, section.button)
        self.folds.setVisible(bool(folded))
        roll, dice = self.sections["roll"], self.sections["dice"]
        self.dice.setVisible(roll.is_open() or dice.is_open())
        # A dice pane without its log is as tall as the roll box, not stretched.
        self.dice.setMaximumHeight(16_777_215 if dice.is_open() else roll.sizeHint().height())
        self._restless = 0
        self.fit_soon()

    def fit_soon(self, *_: object) -> None:
        self._fit_timer.start()

    def fit(self) -> None:
        """Share the panel's height: the order first, then the notes, then the sections the
        GM left alone in order (steps, dice log, roll box), each while room is left."""
        viewport = self.scroll.viewport().height()
        width = self.header.width()
        body = self.scroll.widget()
        if viewport <= 0 or width <= 0 or body is None:
            return
        if self._restless >= RESTLESS_FITS and self._last_fit[-2:] == (viewport, width):
            return  # two fits that ask for each other: the last one stays (see below)
        sections, splitter, spacing = self.sections, self.splitter, self.body.spacing()
        bar = self.folds.sizeHint().height() + spacing
        header = self.header
        notes_now = header.notes_area.height() if not header.notes_area.isHidden() else 0
        others = (
            _height_for_width(self.body, body.width())
            - notes_now
            - splitter.sizeHint().height()
            - (bar if not self.folds.isHidden() else 0)
        )
        handle = splitter.handleWidth()
        open_table = sections["combatants"].is_open()
        table_need = self._combatants_height(all_rows=True) if open_table else 0
        left_alone = [s.key for s in sections.values() if s.chosen is None]
        left_alone = [key for key in ("steps", "dice", "roll") if key in left_alone]
        chosen_open = [s.key for s in sections.values() if s.chosen and s.key != "combatants"]
        kept = sum(self._least(key) + handle for key in chosen_open)
        folded_anyway = not open_table or any(s.chosen is False for s in sections.values())
        bar_maybe = bar if folded_anyway or left_alone else 0
        # The secondary buttons give up their last lines to a More menu before the rows
        # give up theirs, down to two lines.
        buttons = self.actions_bar.others
        others -= buttons.heightForWidth(buttons.width())
        natural = lines = buttons.natural_lines(buttons.width())
        least = others + header.notes_least(width) + kept + table_need + bar_maybe
        while lines > LEAST_BUTTON_LINES and least + buttons.height_of(lines) > viewport:
            lines -= 1
        buttons.set_max_lines(None if lines >= natural else lines)
        room = viewport - others - buttons.heightForWidth(buttons.width())
        # The rows come before the notes' last lines, and both before the other sections.
        notes = min(header.notes_height(width), room - kept - table_need - bar_maybe)
        notes = max(header.notes_least(width), notes)
        header.set_notes_height(notes)
        left = room - kept - notes - table_need
        wanted = [(key, self._least(key) + handle) for key in left_alone]
        opened = sections_with_room(left, wanted, bar, folded_anyway)
        for key in left_alone:
            sections[key].set_room(key in opened)
        self._share(table_need)
        # What this fit changed leaves the body's cached height stale: drop it, and the
        # layout's request fits once more on fresh heights. A fit that changed nothing
        # drops nothing, so the panel holds still (dropping it at every fit asked for
        # another layout, which fitted again, for ever).
        # Some panels have two fits that each ask for the other (the buttons' lines and the
        # notes' trade places): after RESTLESS_FITS changes in a row in the same room with
        # the same content the last one stays (no more fits) until the room or the content
        # changes (the Thrum example's panel swung between four fits for ever).
        made = (buttons.max_lines, notes, tuple(sorted(opened)), tuple(splitter.sizes()))
        if (*made, viewport, width) != self._last_fit:
            same_room = self._last_fit[-2:] == (viewport, width)
            self._restless = self._restless + 1 if same_room else 0
            self._last_fit = (*made, viewport, width)
            self.body.invalidate()
        else:
            self._restless = 0  # the panel held still

    def _share(self, table_need: int) -> None:
        """The splitter's panes: the GM's drag, else the order its rows, then the steps theirs,
        then the rest to the dice log (or to the order)."""
        splitter = self.splitter
        panes = [splitter.widget(i) for i in range(splitter.count())]
        shown = [i for i, pane in enumerate(panes) if pane is not None and not pane.isHidden()]
        total = sum(splitter.sizes())
        if not shown or total <= 0:
            return
        if splitter.dragged and len(splitter.dragged) == len(panes):
            sizes = [splitter.dragged[i] if i in shown else 0 for i in range(len(panes))]
            if sum(sizes) > 0:
                splitter.setSizes(sizes)
                return
        wants = {0: table_need, 1: self._steps_height(), 2: 0}
        least = [_least_height(panes[i]) for i in shown]
        wanted = [wants[i] for i in shown]
        rest_to = shown.index(2) if 2 in shown else 0
        got = pane_sizes(total, least, wanted, rest_to)
        sizes = [0] * len(panes)
        for index, size in zip(shown, got, strict=True):
            sizes[index] = size
        if sizes != splitter.sizes():
            splitter.setSizes(sizes)

    def _combatants_height(self, all_rows: bool) -> int:
        """The Combatants section's height: every row, or the least the table asks for."""
        table = self.table
        rows = least_height(table, table.rows_model.rowCount()) if all_rows else least_height(table)
        details = self.details
        below = (
            details.heightForWidth(table.width()) + 4 if details.isVisibleTo(self.combatants) else 0
        )
        return self.sections["combatants"].header_height() + rows + below

    def _least(self, key: str) -> int:
        section = self.sections[key]
        content = LEAST_CONTENT[key] or section.content.sizeHint().height()
        return section.header_height() + content

    def _steps_height(self) -> int:
        """The Steps section with every step in view."""
        return self.sections["steps"].header_height() + self.outline.full_height()


def _height_for_width(layout: QVBoxLayout, width: int) -> int:
    """The height ``layout`` asks for at ``width`` (its items at their preferred heights).

    Read from the layout's cache: :meth:`PanelWidgets.fit` drops it after a fit that changed
    something (a child's hint changed by the fit itself is otherwise read stale, and the fit
    swung between two answers for ever), never at every fit (the panel never held still)."""
    if layout.hasHeightForWidth():
        return layout.heightForWidth(width)
    return layout.sizeHint().height()


def _least_height(pane: QWidget | None) -> int:
    if pane is None:
        return 0
    return max(pane.minimumSizeHint().height(), pane.minimumHeight())


class _AsksAgain(QObject):
    """On the scroll area's viewport: the panel asked for another height."""

    def __init__(self, scroll: QScrollArea, widgets: PanelWidgets) -> None:
        super().__init__(scroll)
        self._scroll = scroll
        self._widgets = widgets

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.LayoutRequest:
            QCoreApplication.postEvent(self._scroll, QEvent(QEvent.Type.LayoutRequest))
            self._widgets.fit_soon()
        return False


class _FittingScroll(QScrollArea):
    """The panel's scroll area: a new height, or a part of the panel asking for another,
    shares the room again.

    (A QScrollArea learns of its widget's new preferred height only when the widget is
    resized; the panel's height-for-width labels change it in place, so the scroll bar
    could stay on for a height the panel no longer asks for.)
    """

    def __init__(self, widgets: PanelWidgets) -> None:
        super().__init__()
        self._widgets = widgets
        self._asks = _AsksAgain(self, widgets)
        self.viewport().installEventFilter(self._asks)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._widgets.fit_soon()
