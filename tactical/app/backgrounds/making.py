"""Turning a picture file into a background or a new map, without dialogs.

The window's menus, the drops and the tests share these steps: read the
picture through the one door (:mod:`tactical.app.storage.pictures`, refused over the
limits before decoding), guess its grid, and build the commands or the new
encounter. Nothing here changes an encounter until the caller pushes the result.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import Literal

import numpy as np
from PySide6.QtGui import QImage

from tactical.app.storage.pictures import decode_picture
from tactical.core.alignment import Alignment, map_size
from tactical.core.areas import AreaMap
from tactical.core.commands.base import Batch, Command
from tactical.core.commands.grid_size import ResizeGrid
from tactical.core.commands.pictures import AddPicture, SetBackground
from tactical.core.encounter import Encounter
from tactical.core.grid import GridMap
from tactical.core.grid_guess import declared_square, guess_grid
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


@dataclass(frozen=True)
class StartingGrid:
    """Where the alignment starts for a new picture, and what the GM is told about it."""

    alignment: Alignment
    found: bool
    """Whether the picture's own lines gave it."""
    note: str


def guessed_alignment(image: QImage) -> StartingGrid:
    """The picture's grid as guessed from its lines, or the picture's own size without them.

    Without visible lines the square is the size the picture declares (its
    resolution, as Dungeondraft writes it: :func:`declared_square`) at the
    picture's corner; a picture that declares none is
    :data:`DEFAULT_SQUARES_ACROSS` squares across. The note says which.
    """
    guess = guess_grid(grey_array(image))
    if guess is not None:
        return StartingGrid(
            Alignment(guess.x, guess.y, guess.square_px),
            True,
            f"Found the picture's grid lines: {guess.square_px:.2f} px a square, "
            f"the first lines at {guess.x:.1f}, {guess.y:.1f} px. Check them on the picture.",
        )
    size = (image.width(), image.height())
    declared = declared_square((image.dotsPerMeterX(), image.dotsPerMeterY()), size)
    if declared is not None:
        return StartingGrid(
            Alignment(0.0, 0.0, declared),
            False,
            f"No grid lines found in the picture. It says its squares are {declared:g} px, "
            "shown from its corner: drag a box over 3 x 3 squares to set the offset.",
        )
    side = max(size) / DEFAULT_SQUARES_ACROSS
    return StartingGrid(
        Alignment(0.0, 0.0, side),
        False,
        "No grid lines found, and the picture says nothing of its squares: the grid shown "
        f"is only a start ({DEFAULT_SQUARES_ACROSS} squares across). Drag a box over 3 x 3 "
        "squares or type the size.",
    )


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
