"""What map editing needs from the main window, as a protocol.

The editing package is installed into the main window (``install_edit_tools(window)``)
and must not import it back: it gets the window's services (its document, view,
scene, settings, status line and action registry) and its file controller, for
File > New.
"""

from __future__ import annotations

from tactical.app.services import FileServices

EditingHost = FileServices
"""The main window as map editing sees it: its services and its files."""
