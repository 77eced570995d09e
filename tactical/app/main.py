"""Start the app: ``run(path)`` is what the ``tactical`` command calls."""

from __future__ import annotations

import sys
from pathlib import Path


def run(path: str | None) -> int:
    """Open the main window on ``path`` (or the hillside example) and run until it closes.

    From here on warnings and errors go to the log file, and an unexpected
    exception shows a dialog naming it (:mod:`tactical.app.runtime.crash`).
    """
    from PySide6.QtWidgets import QApplication

    from tactical.app.runtime import feature_sources

    feature_sources.install()  # before the imports below: their lines are not kept

    from tactical.app.runtime.crash import install_crash_reporter
    from tactical.app.runtime.gil_turns import install_quick_gil_turns
    from tactical.app.runtime.give_way import install_give_way
    from tactical.app.runtime.gui_thread_gc import START_UP_MS, install_gui_thread_gc
    from tactical.app.runtime.logs import install_logging, install_qt_messages
    from tactical.app.runtime.warm_imports import warm_after_first_frame
    from tactical.app.window.icon import app_icon
    from tactical.app.window.startup import start
    from tactical.core import sight_kernel

    app = QApplication.instance() or QApplication(sys.argv[:1])
    assert isinstance(app, QApplication)
    app.setOrganizationName("tactical")
    app.setApplicationName("tactical")
    app.setDesktopFileName("tactical")
    app.setWindowIcon(app_icon())
    # the autosave writer and the phones' server free no Qt object; no look before the first
    # frame; the libraries are frozen as they come, what start-up and each load made when idle
    collector = install_gui_thread_gc(app, first_ms=START_UP_MS)
    collector.freeze_now()  # the imports above: the app's modules, Qt, pydantic, numpy
    install_quick_gil_turns()  # workers' Python must not hold the GUI's Qt calls 5 ms each
    install_give_way(app)  # and the phones' builder waits while the GUI handles events
    install_logging()
    install_qt_messages()
    reporter = install_crash_reporter()
    try:
        window = start(Path(path) if path else None)
    except Exception as error:  # a bug before the window shows: say so, do not vanish
        reporter(type(error), error, error.__traceback__)
        return 1
    window.show()
    collector.freeze_now()  # the window and the map: looking at them costs 40 ms, at idle

    # what a load or a scene switch made settles when idle; a closed file goes as it closes
    def closes() -> list[object]:  # what a load replaces: the evening and its scenes' maps
        evening = window.document.evening
        return [evening, *(scene.encounter for scene in evening.scenes)]

    collector.watch(window.document.encounter_replaced, closes)

    def squares() -> int:  # a big map loads the sight kernel before sight is asked
        grid = window.document.encounter.grid
        return 0 if grid is None else grid.width * grid.height

    window.document.encounter_replaced.connect(lambda: sight_kernel.wanted(squares()))
    warm_after_first_frame(collector.imported, squares=squares)
    return app.exec()
