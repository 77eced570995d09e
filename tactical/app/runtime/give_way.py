"""The GUI thread marks itself busy while it handles events, for the phones' builder to give way.

The phones' page builder (the share server's worker) waits at its checkpoints, without
Python's lock, while the GUI thread is busy (:mod:`tactical.share.give_way`): then each
time Qt calls into Python on the GUI thread (a handler, a slot, a paint) it finds the lock
free instead of waiting its turn. The mark costs about half a microsecond an event.
Here the GUI thread marks it: busy from the first event it handles (an application event
filter sees every event of the GUI thread's objects: input, timers, posted events,
paints), idle when its event loop is about to wait for the next (the event dispatcher's
``aboutToBlock``).

The dispatcher's ``awake`` would not do for busy: Qt's GLib dispatcher emits it after the
events of a turn were handled, not before.
"""

from __future__ import annotations

from PySide6.QtCore import QAbstractEventDispatcher, QCoreApplication, QEvent, QObject

from tactical.share.give_way import GATE, GiveWay

NAME = "tactical-give-way"


class GuiMarks(QObject):
    """Marks ``gate`` busy for each event of the GUI thread, idle before the thread waits."""

    def __init__(self, gate: GiveWay, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.setObjectName(NAME)
        self.gate = gate

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        self.gate.busy()
        return False

    def idle(self) -> None:
        self.gate.idle()


def install_give_way(app: QCoreApplication, gate: GiveWay = GATE) -> GuiMarks:
    """Have ``app``'s thread mark ``gate`` (once per app; the marks end with the app)."""
    found = app.findChild(GuiMarks, NAME)
    if isinstance(found, GuiMarks):
        return found
    marks = GuiMarks(gate, app)
    app.installEventFilter(marks)
    dispatcher = QAbstractEventDispatcher.instance(app.thread())
    if dispatcher is not None:
        dispatcher.aboutToBlock.connect(marks.idle)
    return marks


def remove_give_way(app: QCoreApplication) -> None:
    """Stop marking (the builders no longer wait): the tests' undo of :func:`install_give_way`."""
    found = app.findChild(GuiMarks, NAME)
    if isinstance(found, GuiMarks):
        app.removeEventFilter(found)
        dispatcher = QAbstractEventDispatcher.instance(app.thread())
        if dispatcher is not None:
            dispatcher.aboutToBlock.disconnect(found.idle)
        found.gate.idle()
        found.setParent(None)
        found.deleteLater()
