"""Maps made by other tools, in and out: one reader per format, one builder.

``import_map(path)`` picks the reader by the file's extension (Universal VTT
today: ``.dd2vtt``, ``.uvtt``, ``.df2vtt``), reads the file into the neutral
:class:`~tactical.persistence.foreign.neutral.ForeignMap` and builds the
encounter from it. A further format is one more reader module and one line in
:data:`READERS`. Every refusal is a :class:`~tactical.persistence.LoadError`
whose problems name the place in the foreign file and what is wrong or missing.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from tactical.core.encounter import Encounter
from tactical.core.grid import GridError
from tactical.persistence.files import PictureDecoder
from tactical.persistence.foreign import uvtt
from tactical.persistence.foreign.builder import BuildError, build
from tactical.persistence.foreign.neutral import ForeignMap
from tactical.persistence.problems import ROOT, LoadError, Problem

Reader = Callable[[Path], ForeignMap]

READERS: dict[str, Reader] = {extension: uvtt.read for extension in uvtt.EXTENSIONS}
"""File extension (lower case, with its dot) -> the reader of that format."""

EXTENSIONS = tuple(READERS)


def reader_for(path: Path) -> Reader | None:
    """The reader of ``path``'s format, by its extension, or None."""
    name = path.name.lower()
    for extension, reader in READERS.items():
        if name.endswith(extension):
            return reader
    return None


def read_foreign(path: str | os.PathLike[str]) -> ForeignMap:
    """The neutral form of a foreign map file; LoadError when it cannot be read."""
    path = Path(path)
    reader = reader_for(path)
    if reader is None:
        known = ", ".join(EXTENSIONS)
        raise LoadError([Problem(ROOT, f"is not a map tactical imports (it reads {known})")])
    return reader(path)


def import_map(
    path: str | os.PathLike[str], decode: PictureDecoder | None = None
) -> tuple[Encounter, ForeignMap]:
    """The encounter a foreign map file describes, and what was read; LoadError otherwise.

    With ``decode`` (the app's Qt decoder) the picture is decoded once here, so a
    truncated PNG, WebP or JPEG is refused by name instead of imported as blank art.
    """
    foreign = read_foreign(path)
    problem = None if decode is None else decode(foreign.picture)
    if problem is not None:
        raise LoadError([Problem("image", f"the picture {problem}")])
    try:
        return build(foreign), foreign
    except (BuildError, GridError) as error:
        raise LoadError([Problem(ROOT, str(error))]) from None


__all__ = ["EXTENSIONS", "READERS", "ForeignMap", "import_map", "read_foreign", "reader_for"]
