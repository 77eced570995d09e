"""From nothing to a shown main window: blank encounter, recovery offer, first file.

Recovery after a crash, when the GM starts ``tactical FILE``:

- the unsaved work is FILE's (or no FILE was named): "Restore them?" naming the
  file, with buttons that say what they do, Enter and Escape restoring
  (:func:`ask_recover`);
- it belongs to another file: the GM chooses which to open (:func:`choose_recovery`),
  both named. Restoring opens the recovered work and puts FILE first in Open
  recent, saying so, so FILE is one click away and nothing is lost; opening FILE
  drops the other file's unsaved work, as the button says.

Either way the recovery is dropped only once FILE (or the example) has actually
opened: a file that is refused (an import whose picture is missing, a broken
encounter) says why, and then the recovered work opens instead, so a refusal
never leaves the GM on an empty map with the unsaved work gone.

The unsaved work is named as the window's title names it: the file's name, or
for an import not saved yet its source, "cave.dd2vtt (imported)".
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Literal

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QMessageBox, QPushButton

from tactical.app.encounter.document import EncounterDocument
from tactical.app.storage.files import display_name
from tactical.app.storage.import_export import open_foreign_file
from tactical.app.storage.recovered_steps import restore_history
from tactical.app.storage.recovery_files import (
    Recovery,
    claim_folder,
    default_directory,
    pending_recovery,
    set_aside,
)
from tactical.app.window.main_window import MainWindow
from tactical.app.window.plain_text import plain_message_box
from tactical.core.encounter import Encounter
from tactical.core.grid import GridMap
from tactical.persistence.examples import default_example
from tactical.persistence.foreign import reader_for


def blank_encounter() -> Encounter:
    """What the window shows when nothing could be opened: an empty 20 x 15 grid."""
    return Encounter(GridMap(20, 15), name="Untitled")


Choice = Literal["restore", "open"]


def _when(recovery: Recovery) -> str:
    """When the work was kept, as a GM reads it; a time the clock cannot show is unnamed."""
    import time

    try:
        return time.strftime("%Y-%m-%d %H:%M", time.localtime(recovery.saved_at))
    except (ValueError, OverflowError, OSError):
        return "an unknown time"


def _work_of(recovery: Recovery, short: bool = False) -> str:
    """The recovered work's name, as the title called it (see :func:`files.document_name`).

    ``short``: its file's name cut to fit a button (:func:`_short`).
    """
    fit = _short if short else str
    if recovery.original is not None:
        return fit(display_name(recovery.original))
    if recovery.imported_from is not None:
        return f"{fit(recovery.imported_from.name)} (imported)"
    return "an untitled encounter"


BUTTON_NAME = 28
"""Characters of a file's name a button shows (the question above names it whole): two
buttons then fit side by side in a box 800 pixels wide, the most Qt gives a message box on a
screen 1280 pixels wide."""


def _short(name: str) -> str:
    """A file's name cut in its middle for a button, its end (and extension) kept."""
    if len(name) <= BUTTON_NAME:
        return name
    tail = 12
    return name[: BUTTON_NAME - tail - 1] + "…" + name[-tail:]


def recovery_question(recovery: Recovery) -> str:
    """The text of :func:`ask_recover`."""
    return (
        "The last session of tactical did not close cleanly.\n\n"
        f"Unsaved changes to {_work_of(recovery)} were kept at {_when(recovery)}. Restore them?"
    )


def choice_question(recovery: Recovery, requested: Path) -> str:
    """The text of :func:`choose_recovery`."""
    return (
        "The last session of tactical did not close cleanly. It kept unsaved changes to "
        f"{_work_of(recovery)} at {_when(recovery)}.\n\n"
        f"You asked to open {display_name(requested)}. Which do you want?\n\n"
        f"If you restore the changes, {display_name(requested)} stays first in File > Open recent."
    )


def recovery_box(recovery: Recovery) -> tuple[QMessageBox, QPushButton]:
    """The question of :func:`ask_recover` and its restore button (Enter and Escape)."""
    box = plain_message_box(
        None, QMessageBox.Icon.Question, "Recover unsaved work?", recovery_question(recovery)
    )
    work = _work_of(recovery, short=True)
    restore_button = box.addButton(f"Restore changes to {work}", QMessageBox.ButtonRole.AcceptRole)
    box.addButton(f"Discard the changes to {work}", QMessageBox.ButtonRole.DestructiveRole)
    box.setDefaultButton(restore_button)
    box.setEscapeButton(restore_button)  # closing the box loses nothing
    return box, restore_button


def ask_recover(recovery: Recovery) -> bool:
    """Ask the GM whether to restore unsaved work found after a crash (no other file named)."""
    box, restore_button = recovery_box(recovery)
    box.exec()
    return box.clickedButton() is restore_button


def choice_box(recovery: Recovery, requested: Path) -> tuple[QMessageBox, QPushButton]:
    """The question of :func:`choose_recovery` and its restore button (Enter and Escape)."""
    box = plain_message_box(
        None,
        QMessageBox.Icon.Question,
        "Recover unsaved work?",
        choice_question(recovery, requested),
    )
    restore_button = box.addButton(
        f"Restore changes to {_work_of(recovery, short=True)}", QMessageBox.ButtonRole.AcceptRole
    )
    box.addButton(  # whose changes: the question says, the button would not fit them too
        f"Open {_short(display_name(requested))}, discard the changes",
        QMessageBox.ButtonRole.DestructiveRole,
    )
    box.setDefaultButton(restore_button)
    box.setEscapeButton(restore_button)
    return box, restore_button


def choose_recovery(recovery: Recovery, requested: Path) -> Choice:
    """Ask whether to restore another file's unsaved work or open the file asked for.

    Enter and Escape restore: that choice loses nothing (the requested file is on disk).
    """
    box, restore_button = choice_box(recovery, requested)
    box.exec()
    return "restore" if box.clickedButton() is restore_button else "open"


def _same_file(a: Path | None, b: Path | None) -> bool:
    if a is None or b is None:
        return a is b
    try:
        return a.resolve() == b.resolve()
    except OSError:
        return a == b


def start(
    path: Path | None,
    *,
    settings: QSettings | None = None,
    recovery_dir: Path | None = None,
    ask: Callable[[Recovery], bool] = ask_recover,
    choose: Callable[[Recovery, Path], Choice] = choose_recovery,
    autosave_ms: int | None = None,
) -> MainWindow:
    """Build the main window and open ``path``, the example, or a recovered session.

    ``ask`` is asked about a recovery of ``path`` itself (or when no path was
    given), ``choose`` about a recovery of another file (see the module's docstring).
    The combat panel is docked before the window shows: its first frame is the whole
    window, the map fitted once (docked after that frame, the panel narrowed the map,
    which was fitted and drawn again, 0.1 s on 1024 x 1024 with 5,000 tokens).
    """
    window = _open(path, settings, recovery_dir, ask, choose, autosave_ms)
    window.ensure_panel()
    return window


def _open(
    path: Path | None,
    settings: QSettings | None,
    recovery_dir: Path | None,
    ask: Callable[[Recovery], bool],
    choose: Callable[[Recovery, Path], Choice],
    autosave_ms: int | None,
) -> MainWindow:
    directory, lock = claim_folder(
        recovery_dir if recovery_dir is not None else default_directory()
    )
    recovery = pending_recovery(directory)
    document = EncounterDocument(blank_encounter())
    window = MainWindow(
        document, settings=settings, recovery_dir=directory, autosave_ms=autosave_ms
    )
    window.autosave.lock = lock
    if recovery is not None:
        if path is None or _same_file(recovery.original, path):
            if ask(recovery):
                if restore(window, recovery):
                    return window
                recovery = None  # unreadable (restore said so): nothing to fall back on
        elif choose(recovery, path) == "restore":
            if restore(window, recovery):
                window.files.add_recent(path)
                window.say(
                    f"Recovered unsaved changes to {_work_of(recovery)}. "
                    f"{display_name(path)} is not open: it is first in File > Open recent."
                )
                return window
            recovery = None
    if path is None:
        path = default_example()
    if path is None or open_first_file(window, path):
        window.autosave.discard()  # what was asked for is open: the recovery may go
    elif recovery is not None and restore(window, recovery):
        window.say(
            f"{display_name(path)} could not be opened, so the unsaved changes to "
            f"{_work_of(recovery)} are open instead; nothing was discarded."
        )
        return window
    window.view.fit_map()
    return window


def open_first_file(window: MainWindow, path: Path) -> bool:
    """Open the file the app was started on (import a foreign map); False when refused."""
    if reader_for(path) is not None:
        return open_foreign_file(
            window.services, path, ask_unsaved=False
        )  # a double-clicked .dd2vtt
    return window.files.load_path(path)


def restore(window: MainWindow, recovery: Recovery) -> bool:
    """Load a recovery into the window as unsaved changes to its original file."""
    from tactical.persistence import LoadError

    try:
        recovered = recovery.recover()
    except (LoadError, OSError) as error:
        kept = set_aside(recovery)  # never deleted: it is moved out of the next start's way
        where = f"\n\nIts files are kept in {kept}." if kept is not None else ""
        window.files.show_error(
            "Could not recover", f"The recovery file could not be read:\n\n{error}{where}"
        )
        return False
    window.document.replace_encounter(recovered.encounter, recovery.original)
    if recovered.follows is not None and recovery.path.parent == window.autosave.directory:
        window.autosave.resume(recovered.records, recovered.follows)  # another crash: the same
    restore_history(window.document, recovered.history)  # Edit > Undo as before the crash
    if recovery.original is None and recovery.imported_from is not None:
        window.document.set_imported_from(recovery.imported_from)  # titled as before the crash
        source = recovery.imported_from
        window.files.suggested = source.with_name(source.name.rsplit(".", 1)[0] + ".tactical.json")
    window.document.mark_modified()
    window.view.fit_map()
    window.say("Recovered unsaved changes from the last session.")
    return True
