"""Where the file dialogs start: next to the encounter, or in the GM's documents.

Every dialog: Open, Save as…, import and export, the background and token
pictures, a handout, a snapshot.

Never in the installed examples: a GM who opened an example and chose
Save as… would otherwise save into the app's own folder (read-only when
installed, and gone at the next update). Pure functions of paths, so the
proposals are tested without opening a dialog.
"""

from __future__ import annotations

import re
from pathlib import Path

from PySide6.QtCore import QStandardPaths

from tactical.persistence.examples import examples_dir

SUFFIX = ".tactical.json"


def documents_dir() -> Path:
    """The GM's documents folder (the home folder when the desktop names none)."""
    found = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation)
    folder = Path(found) if found else Path.home()
    return folder if folder.is_dir() else Path.home()


def is_example(path: Path | None, examples: Path | None = None) -> bool:
    """Whether ``path`` lies in the installed examples folder."""
    folder = examples if examples is not None else examples_dir()
    if path is None or folder is None:
        return False
    try:
        return path.resolve().is_relative_to(folder.resolve())
    except OSError:
        return False


def file_stem(path: Path | None, imported_from: Path | None = None) -> str:
    """A file name's stem for what is open: its file, the map it came from, or "untitled"."""
    for each in (path, imported_from):
        if each is not None:
            name = each.name
            name = name[: -len(SUFFIX)] if name.endswith(SUFFIX) else name.rsplit(".", 1)[0]
            if name:
                return name
    return "untitled"


def home_for(
    path: Path | None,
    *,
    examples: Path | None = None,
    documents: Path | None = None,
) -> Path:
    """The folder new files about ``path`` go in: its own, unless it is an example."""
    if path is not None and not is_example(path, examples):
        return path.parent
    return documents if documents is not None else documents_dir()


def save_as_start(
    path: Path | None,
    suggested: Path | None,
    recent: list[Path],
    *,
    examples: Path | None = None,
    documents: Path | None = None,
) -> Path:
    """What Save as… proposes: the file itself, a suggested name, a name in the folder of
    the last file the GM used, or in the documents; an example's name in the documents."""
    docs = documents if documents is not None else documents_dir()
    if path is not None:
        return path if not is_example(path, examples) else docs / path.name
    if suggested is not None:
        return suggested if not is_example(suggested, examples) else docs / suggested.name
    for used in recent:
        if not is_example(used, examples):
            return used.parent / ("untitled" + SUFFIX)
    return docs / ("untitled" + SUFFIX)


def open_start(
    path: Path | None,
    recent: list[Path],
    *,
    examples: Path | None = None,
    documents: Path | None = None,
) -> Path:
    """Where a dialog that picks a file (to open, import or show) starts: beside the
    encounter, in the documents for an example, else beside the last file the GM used."""
    docs = documents if documents is not None else documents_dir()
    if path is not None:
        return path.parent if not is_example(path, examples) else docs
    for used in recent:
        if not is_example(used, examples):
            return used.parent
    return docs


def beside(
    path: Path | None,
    suffix: str,
    *,
    imported_from: Path | None = None,
    examples: Path | None = None,
    documents: Path | None = None,
) -> Path:
    """A new file named after the encounter, next to it (``crypt.tactical.json`` ->
    ``crypt.uvtt``), or in the documents when it is unsaved or an example."""
    folder = home_for(path, examples=examples, documents=documents)
    return folder / f"{safe_name(file_stem(path, imported_from))}{suffix}"


def safe_name(stem: str) -> str:
    """A stem without the characters a file system refuses (slashes, colons, ...)."""
    cleaned = re.sub(r'[\\/:*?"<>|\x00-\x1f]+', "-", stem).strip(" .")
    return cleaned or "untitled"
