"""The start of a child app the crash tests kill with SIGKILL (``kill -9``).

``START`` opens the file ``argv[1]`` in the real window with its recovery folder
``argv[2]`` and settings file ``argv[3]``, as ``tactical FILE`` does, and names
``app``, ``window`` and ``document``; each test appends its own edits.
"""

START = r"""
import sys
from pathlib import Path
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication
app = QApplication(sys.argv[:1])
from tactical.app.window.startup import start
path, data, settings_file = (Path(a) for a in sys.argv[1:4])
settings = QSettings(str(settings_file), QSettings.Format.IniFormat)
window = start(path, settings=settings, recovery_dir=data, ask=lambda r: False)
window.files.ask_unsaved = lambda: "discard"
document = window.document
"""
