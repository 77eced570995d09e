"""From nothing to a shown main window: blank encounter, recovery offer, first file."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QMessageBox

from tactical.app.autosave import Recovery, claim_folder, default_directory, pending_recovery
from tactical.app.document import EncounterDocument
from tactical.app.files import display_name, examples_dir, plain_message_box
from tactical.app.main_window import MainWindow
from tactical.core.encounter import Encounter
from tactical.core.grid import GridMap

DEFAULT_EXAMPLE = "hillside-ruin.tactical.json"


def blank_encounter() -> Encounter:
    """What the window shows when nothing could be opened: an empty 20 x 15 grid."""
    return Encounter(GridMap(20, 15), name="Untitled")


def ask_recover(recovery: Recovery) -> bool:
    """Ask the GM whether to restore unsaved work found after a crash."""
    import time

    when = time.strftime("%Y-%m-%d %H:%M", time.localtime(recovery.saved_at))
    box = plain_message_box(
        None,
        QMessageBox.Icon.Question,
        "Recover unsaved work?",
        f"The last session of tactical did not close cleanly.\n\n"
        f"Unsaved changes to {display_name(recovery.original)} were kept at {when}. Restore them?",
    )
    box.setStandardButtons(QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No)
    return box.exec() == QMessageBox.StandardButton.Yes


def start(
    path: Path | None,
    *,
    settings: QSettings | None = None,
    recovery_dir: Path | None = None,
    ask: Callable[[Recovery], bool] = ask_recover,
    autosave_ms: int | None = None,
) -> MainWindow:
    """Build the main window and open ``path``, the example, or a recovered session."""
    directory, lock = claim_folder(
        recovery_dir if recovery_dir is not None else default_directory()
    )
    recovery = pending_recovery(directory)
    document = EncounterDocument(blank_encounter())
    window = MainWindow(
        document, settings=settings, recovery_dir=directory, autosave_ms=autosave_ms
    )
    window.autosave.lock = lock
    if recovery is not None and ask(recovery) and restore(window, recovery):
        return window
    window.autosave.discard()
    if path is None:
        folder = examples_dir()
        example = folder / DEFAULT_EXAMPLE if folder is not None else None
        path = example if example is not None and example.is_file() else None
    if path is not None:
        window.files.load_path(path)
    window.view.fit_map()
    return window


def restore(window: MainWindow, recovery: Recovery) -> bool:
    """Load a recovery into the window as unsaved changes to its original file."""
    from tactical.persistence import LoadError

    try:
        encounter = recovery.load()
    except (LoadError, OSError) as error:
        window.files.show_error(
            "Could not recover", f"The recovery file could not be read:\n\n{error}"
        )
        return False
    window.document.replace_encounter(encounter, recovery.original)
    window.document.mark_modified()
    window.view.fit_map()
    window.say("Recovered unsaved changes from the last session.")
    return True
