"""What the palette calls each picture: the name the GM or the file gave it, kept.

A picture has no name in the encounter file, so its name comes from where it
came in: a ready-made mark by its mark ("Mark: Skull"), a picture file the GM
chose or dropped by that file's name ("goblin.png"), a path picture by the
file it names. A picture that came in with no name (embedded in a reopened
encounter) is numbered ("Picture 1") until the GM chooses its file again. The
first name a picture gets in a window is the one it keeps: tokens that wear it,
their names and their number never rename it.
"""

from __future__ import annotations

from pathlib import PurePosixPath

from tactical.app.palette.marks import ready_marks
from tactical.core.pictures import Picture


class PictureNames:
    """The names of the pictures one window's palette offers, given once and kept."""

    def __init__(self) -> None:
        self._names: dict[str, str] = {}
        self._numbered: set[str] = set()
        """Pictures that only have a number, not a name."""
        self._count = 0

    def give(self, picture: Picture, name: str) -> None:
        """Name ``picture`` ``name`` unless it already has a name (a number is not one)."""
        if picture.id not in self._names or picture.id in self._numbered:
            self._names[picture.id] = name
            self._numbered.discard(picture.id)

    def of(self, picture: Picture) -> str:
        """The picture's name, given now (see the module's docstring) if it had none."""
        name = self._names.get(picture.id)
        if name is None:
            name = self._found(picture)
            self._names[picture.id] = name
        return name

    def _found(self, picture: Picture) -> str:
        for label, mark in ready_marks():
            if mark.id == picture.id:
                return f"Mark: {label}"
        if picture.path is not None:
            return PurePosixPath(picture.path.replace("\\", "/")).name or picture.path
        self._numbered.add(picture.id)
        self._count += 1
        return f"Picture {self._count}"
