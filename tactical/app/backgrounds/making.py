"""Turning a picture file into a background or a new map, without dialogs.

The window's menus, the drops and the tests share these steps: read the
picture through the one door (:mod:`tactical.app.pictures`, refused over the
limits before decoding), guess its grid, and build the commands or the new
encounter. Nothing here changes an encounter until the caller pushes the result.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Literal

import numpy as np
from PySide6.QtGui import QImage

from tactical.app.pictures import decode_picture
from tactical.core.alignment import Alignment, map_size
from tactical.core.areas import AreaMap
from tactical.core.commands.base import Batch, Command
from tactical.core.commands.grid_size import ResizeGrid
from tactical.core.commands.pictures import AddPicture, SetBackground
from tactical.core.encounter import Encounter
from tactical.core.grid import GridMap
from tactical.core.grid_guess import guess_grid
from tactical.core.pictures import Background, Picture

MapKind = Literal["grid", "areas"]
DEFAULT_SQUARES_ACROSS = 24
"""Without a grid to guess from, the picture's longer side is this many squares."""
NEW_MAP_OVERLAY = 0.5
"""How strongly a new map's shading and grid are drawn over its picture."""


def grey_array(image: QImage) -> np.ndarray:
    """The picture's grey levels as rows x columns (for the grid guess)."""
    grey = image.convertToFormat(QImage.Format.Format_Grayscale8)
    width, height, stride = grey.width(), grey.height(), grey.bytesPerLine()
    data = np.frombuffer(grey.constBits(), dtype=np.uint8, count=stride * height)
    return data.reshape(height, stride)[:, :width].copy()


def guessed_alignment(image: QImage) -> tuple[Alignment, bool]:
    """The picture's grid as guessed from its lines, and whether there was one to see.

    Without visible lines the longer side is :data:`DEFAULT_SQUARES_ACROSS` squares.
    """
    guess = guess_grid(grey_array(image))
    if guess is not None:
        return Alignment(guess.x, guess.y, guess.square_px), True
    side = max(image.width(), image.height()) / DEFAULT_SQUARES_ACROSS
    return Alignment(0.0, 0.0, side), False


def new_encounter(
    picture: Picture, image: QImage, alignment: Alignment, kind: MapKind, name: str = ""
) -> Encounter:
    """A new encounter on ``picture``: a grid as big as the picture's whole squares, or an
    area map with no areas yet (the GM traces them over the picture)."""
    background = Background(
        picture.id, alignment.x, alignment.y, alignment.square_px, NEW_MAP_OVERLAY
    )
    if kind == "grid":
        width, height = map_size(image.width(), image.height(), alignment)
        game_map: GridMap | AreaMap = GridMap(width, height)
    else:
        game_map = AreaMap()
    return Encounter(game_map, name=name, pictures=[picture], background=background)


def background_commands(
    encounter: Encounter,
    alignment: Alignment,
    image: QImage,
    picture: Picture | None = None,
    text: str = "Align background",
) -> Command:
    """One undo step laying ``picture`` (or the current one) under the map with ``alignment``.

    A grid's width and height follow the picture (:class:`ResizeGrid`).
    """
    commands: list[Command] = []
    current = encounter.background
    if picture is not None:
        commands.append(AddPicture(picture))
        overlay = current.overlay_opacity if current is not None else NEW_MAP_OVERLAY
        background = Background(picture.id, alignment.x, alignment.y, alignment.square_px, overlay)
    else:
        assert current is not None
        background = replace(current, x=alignment.x, y=alignment.y, square_px=alignment.square_px)
    commands.append(SetBackground(background, text=text))
    grid = encounter.grid
    if grid is not None:
        size = map_size(image.width(), image.height(), alignment)
        if size != (grid.width, grid.height):
            commands.append(ResizeGrid(*size))
    return Batch(text, commands)


def picture_image(picture: Picture) -> QImage:
    """Decode an embedded picture read from a file the GM chose (PictureError if damaged)."""
    assert picture.data is not None
    return decode_picture(picture.data)


def map_name(path: Path) -> str:
    """A new map's name from its picture's name: "goblin-cave_30x20.png" -> "goblin cave 30x20"."""
    return path.stem.replace("_", " ").replace("-", " ").strip() or "New map"
