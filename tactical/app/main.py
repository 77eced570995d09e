"""Start the app: ``run(path)`` is what the ``tactical`` command calls."""

from __future__ import annotations

import sys
from pathlib import Path


def run(path: str | None) -> int:
    """Open the main window on ``path`` (or the hillside example) and run until it closes."""
    from PySide6.QtWidgets import QApplication

    from tactical.app.startup import start

    app = QApplication.instance() or QApplication(sys.argv[:1])
    assert isinstance(app, QApplication)
    app.setOrganizationName("tactical")
    app.setApplicationName("tactical")
    window = start(Path(path) if path else None)
    window.show()
    return app.exec()
