"""Pictures an encounter carries: battle-map backgrounds and token art.

The core keeps a picture as plain data (its bytes, or a relative path beside
the encounter file) and never decodes it: its type and size are read from its
header by the file layer, and decoding is the app's job, done only after the
header's size passed the limits. Pictures live in one table per encounter, keyed by id, so twenty
goblins share one picture and a background is one entry like any other.
"""

from __future__ import annotations

import hashlib
import unicodedata
from dataclasses import dataclass
from typing import Literal

MediaType = Literal["image/png", "image/jpeg", "image/webp"]

MAX_PICTURE_SIDE = 16_384
"""The widest or tallest picture tactical opens, in pixels."""
MAX_PICTURE_PIXELS = 200_000_000
"""The most pixels (width x height) a picture may have."""
MAX_PICTURE_NAME = 200
"""The longest name a picture keeps, in characters (as long as any other name in a file)."""


def picture_size_problem(width: int, height: int) -> str | None:
    """Why a picture of this size is refused (over a limit), or None when it is opened.

    The app's Qt reader and the Qt-free header reader both word their refusals
    with it, so a GM reads the same limit whichever door the picture came in by.
    """
    if width > MAX_PICTURE_SIDE or height > MAX_PICTURE_SIDE:
        return (
            f"is {width} x {height} pixels; tactical opens pictures up to "
            f"{MAX_PICTURE_SIDE:,} pixels a side"
        )
    if width * height > MAX_PICTURE_PIXELS:
        return (
            f"is {width} x {height} pixels; tactical opens pictures up to "
            f"{MAX_PICTURE_PIXELS // 1_000_000} megapixels"
        )
    return None


def picture_name_problem(name: str) -> str | None:
    """Why ``name`` cannot be a picture's name (too long, a control character), or None.

    A name is one line of plain text: the palette lists it and the file keeps it.
    """
    if len(name) > MAX_PICTURE_NAME:
        return f"may be at most {MAX_PICTURE_NAME} characters long"
    if any(unicodedata.category(c) == "Cc" for c in name):
        return "holds a control character (a line break, a tab, ...): a name is one line of text"
    return None


def picture_name(text: str) -> str:
    """A sound picture name made of ``text`` (a file's name): each control character a
    space, at most :data:`MAX_PICTURE_NAME` characters."""
    plain = "".join(" " if unicodedata.category(c) == "Cc" else c for c in text).strip()
    return plain[:MAX_PICTURE_NAME].rstrip()


@dataclass(frozen=True)
class Picture:
    """A picture in the encounter: embedded ``data`` or a relative ``path``, never both.

    ``name`` is where it came from (a file's name, a mark's name), so the palette
    can list it by that name after the file is saved and opened again; "" when
    nothing named it (an embedded picture of a version 3 file).
    """

    id: str
    data: bytes | None = None
    path: str | None = None
    name: str = ""

    def __post_init__(self) -> None:
        if (self.data is None) == (self.path is None):
            raise ValueError(f"picture '{self.id}' needs either its data or a path, not both")
        problem = picture_name_problem(self.name)
        if problem is not None:
            raise ValueError(f"the name of picture '{self.id}' {problem}")


def picture_id(data: bytes) -> str:
    """A stable id for embedded bytes: the same picture added twice is stored once."""
    return "pic-" + hashlib.sha256(data).hexdigest()[:16]


@dataclass(frozen=True)
class Background:
    """How a picture lies under the map.

    ``x`` and ``y`` are the picture pixel where the map's top-left corner lies
    (negative when the map starts left of or above the picture); ``square_px``
    is how many picture pixels one square (on an area map, one map unit) is
    wide, fractions allowed. ``overlay_opacity`` is how strongly the grid,
    elevation and terrain shading are drawn over the picture (0 to 1).
    """

    picture: str
    x: float = 0.0
    y: float = 0.0
    square_px: float = 100.0
    overlay_opacity: float = 0.5

    def __post_init__(self) -> None:
        if not self.square_px > 0:
            raise ValueError("a square must be more than 0 pixels wide")
        if not 0.0 <= self.overlay_opacity <= 1.0:
            raise ValueError("the overlay opacity lies between 0 and 1")
