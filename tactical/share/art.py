"""The map's art cut to what a screen may see, as a capped PNG.

dungeon-revealer sent the whole map under a fog picture, readable in the
browser's network tab. Here every pixel of the background picture outside the
squares (or areas) a screen may see is made transparent before the picture
leaves the GM's computer, and the picture is resampled into map space at a
capped size (:data:`MAX_SIDE_PX`), so a big map cannot run a phone out of memory.

Decoding is the caller's (the app decodes with Qt); this module gets RGBA
pixels and writes PNG bytes with the standard library (zlib).
"""

from __future__ import annotations

import hashlib
import struct
import zlib
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from tactical.core.encounter import Encounter
from tactical.core.fog import polygon_mask
from tactical.core.pictures import Background

MAX_SIDE_PX = 2048
"""The longest side of the art a device gets, in pixels."""
MAX_SQUARE_PX = 64
"""At most this many pixels per square (or map unit): more is wasted on a phone."""

Rgba = npt.NDArray[np.uint8]
"""A picture as ``[row, column, (r, g, b, a)]``."""


@dataclass(frozen=True)
class CutArt:
    """The art one screen may see: PNG bytes and where the picture lies on the map."""

    png: bytes
    x: float
    """Map units (squares) of the picture's left edge."""
    y: float
    scale: float
    """Picture pixels per map unit."""
    key: str
    """A digest of the bytes: the page fetches the art again only when it changes."""

    def meta(self) -> dict[str, object]:
        return {"key": self.key, "x": self.x, "y": self.y, "scale": self.scale}


def png_bytes(pixels: Rgba) -> bytes:
    """``pixels`` (RGBA) as a PNG file."""
    height, width = pixels.shape[:2]
    rows = np.zeros((height, width * 4 + 1), dtype=np.uint8)  # filter byte 0 on each row
    rows[:, 1:] = pixels.reshape(height, width * 4)

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(rows.tobytes(), 6))
        + chunk(b"IEND", b"")
    )


def _map_box(encounter: Encounter) -> tuple[float, float, float, float]:
    grid = encounter.grid
    if grid is not None:
        return 0.0, 0.0, float(grid.width), float(grid.height)
    area_map = encounter.area_map
    assert area_map is not None
    return area_map.bounds()


def _allowed_pixels(
    encounter: Encounter,
    allowed_squares: npt.NDArray[np.bool_] | None,
    allowed_areas: set[str],
    box: tuple[float, float, float, float],
    scale: float,
    shape: tuple[int, int],
) -> npt.NDArray[np.bool_]:
    height, width = shape
    x0, y0 = box[0], box[1]
    if allowed_squares is not None:
        cols = np.minimum(((np.arange(width) + 0.5) / scale + x0).astype(np.int64), int(box[2]) - 1)
        rows = np.minimum(
            ((np.arange(height) + 0.5) / scale + y0).astype(np.int64), int(box[3]) - 1
        )
        return allowed_squares[rows[:, None], cols[None, :]]
    inside = np.zeros(shape, dtype=np.bool_)
    area_map = encounter.area_map
    assert area_map is not None
    for area in area_map:
        if area.id in allowed_areas:
            points = [((x - x0) * scale, (y - y0) * scale) for x, y in area.points]
            inside |= polygon_mask(points, width, height)
    return inside


def cut_art(
    encounter: Encounter,
    background: Background,
    pixels: Rgba,
    allowed_squares: npt.NDArray[np.bool_] | None,
    allowed_areas: set[str],
) -> CutArt | None:
    """The background ``pixels`` in map space, transparent wherever the screen may not see.

    ``allowed_squares`` is the ``[row, column]`` mask on a grid (None on an
    area map, where ``allowed_areas`` counts). None when nothing may be seen.
    """
    box = _map_box(encounter)
    span = max(box[2] - box[0], box[3] - box[1], 1e-6)
    scale = min(background.square_px, MAX_SQUARE_PX, MAX_SIDE_PX / span)
    width = max(1, round((box[2] - box[0]) * scale))
    height = max(1, round((box[3] - box[1]) * scale))
    allowed = _allowed_pixels(
        encounter, allowed_squares, allowed_areas, box, scale, (height, width)
    )
    if not allowed.any():
        return None
    # nearest picture pixel of each output pixel's centre; outside the picture: transparent
    src_x = background.x + ((np.arange(width) + 0.5) / scale + box[0]) * background.square_px
    src_y = background.y + ((np.arange(height) + 0.5) / scale + box[1]) * background.square_px
    ph, pw = pixels.shape[:2]
    ix, iy = np.floor(src_x).astype(np.int64), np.floor(src_y).astype(np.int64)
    in_x, in_y = (ix >= 0) & (ix < pw), (iy >= 0) & (iy < ph)
    out = pixels[np.clip(iy, 0, ph - 1)[:, None], np.clip(ix, 0, pw - 1)[None, :]].copy()
    keep = allowed & in_y[:, None] & in_x[None, :]
    out[~keep] = 0
    png = png_bytes(out)
    key = hashlib.sha256(png).hexdigest()[:16]
    return CutArt(png, box[0], box[1], scale, key)
