"""What the palette calls each picture: the name it came in with, kept in the file.

A picture keeps its name (:attr:`tactical.core.pictures.Picture.name`, schema 4):
a picture file the GM chose or dropped by that file's name ("goblin.png"), a
ready-made mark by its mark (listed as "Mark: Skull"), an imported map by its
file. So the palette lists the same names after the file is saved and opened
again, and after an undo. A picture without a name (embedded in a version 3
file) is called by the file its path names, or numbered ("Picture 1") until
the GM chooses its file again, which names it. Tokens that wear a picture, their
names and their number never rename it.
"""

from __future__ import annotations

from pathlib import PurePosixPath

from tactical.app.tokens.palette.marks import ready_marks
from tactical.core.pictures import Picture


class PictureNames:
    """The palette's names of the pictures of one window; a number, once given, is kept."""

    def __init__(self) -> None:
        self._numbers: dict[str, str] = {}
        """The number given to each picture that came without a name."""

    def of(self, picture: Picture) -> str:
        """The picture's name (see the module's docstring)."""
        for label, mark in ready_marks():
            if mark.id == picture.id:
                return f"Mark: {label}"
        if picture.name:
            return picture.name
        if picture.path is not None:
            return PurePosixPath(picture.path.replace("\\", "/")).name or picture.path
        number = self._numbers.get(picture.id)
        if number is None:
            number = f"Picture {len(self._numbers) + 1}"
            self._numbers[picture.id] = number
        return number
