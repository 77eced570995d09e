"""How fog looks: the pictures of fog over a grid, built with numpy (Qt-free).

The players' screens draw fog opaque, as a dark cloth or a flat colour; the
GM's window draws it as a tint. A grid's fog is one picture of the whole map,
``scale`` pixels per square, drawn without smoothing so its edges fall exactly
on square edges: nothing of a fogged square shows beside a revealed one. Each
screen keeps its picture and redraws only the squares that changed
(:mod:`tactical.app.fog.picture`).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from tactical.core.fog import FogStyle

FLAT = (0x1C, 0x1E, 0x24)
"""The flat fog colour (RGB)."""
TINT = (0x20, 0x30, 0x60, 120)
"""The GM's tint (RGBA): the map stays readable under it."""
MAX_PICTURE_SIDE = 1024
"""The widest fog picture in pixels; the cloth's weave gets coarser on bigger maps."""


def pixels_per_square(width: int, height: int, style: FogStyle) -> int:
    if style == "flat":
        return 1
    return int(max(1, min(8, MAX_PICTURE_SIDE // max(width, height, 1))))


def _cloth_tile(scale: int) -> npt.NDArray[np.uint8]:
    """One square of cloth, ``scale`` x ``scale`` RGB: a dark twill weave."""
    y, x = np.mgrid[0:scale, 0:scale]
    weave = ((x + y) % 4 < 2).astype(np.int16) * 6 + ((x - y) % 3 == 0).astype(np.int16) * 3
    base = np.array(FLAT, dtype=np.int16)
    tile: npt.NDArray[np.uint8] = np.clip(base[None, None, :] + weave[:, :, None], 0, 255).astype(
        np.uint8
    )
    return tile


_OPAQUE = np.uint32(0xFF000000)
"""The alpha byte of an ARGB32 word, fully opaque."""
_CLOTH: dict[tuple[int, int, int], npt.NDArray[np.uint32]] = {}


def cloth_words(width: int, height: int, scale: int) -> npt.NDArray[np.uint32]:
    """The opaque fog over a whole ``width`` x ``height`` map as ARGB32 words (opaque, so
    premultiplied too), ``scale`` pixels a square; read-only, cached per size. At one pixel
    a square it is one colour, kept as one word."""
    if scale == 1:
        r, g, b = FLAT
        word = np.uint32(0xFF000000 | (r << 16) | (g << 8) | b)
        return np.broadcast_to(word, (height, width))
    key = (width, height, scale)
    if key not in _CLOTH:
        rgb = np.tile(_cloth_tile(scale), (height, width, 1))
        # each square a little lighter or darker: folds in the cloth
        shade = np.random.default_rng(7).integers(-4, 5, size=(height, width), dtype=np.int16)
        shade = np.repeat(np.repeat(shade, scale, axis=0), scale, axis=1)
        rgb = np.clip(rgb.astype(np.int16) + shade[:, :, None], 0, 255).astype(np.uint8)
        _CLOTH.clear()  # one map at a time is enough
        _CLOTH[key] = (
            (rgb[..., 0].astype(np.uint32) << np.uint32(16))
            | (rgb[..., 1].astype(np.uint32) << np.uint32(8))
            | rgb[..., 2].astype(np.uint32)
            | _OPAQUE
        )
    return _CLOTH[key]


def cloth_tile_argb(scale: int = 8) -> npt.NDArray[np.uint32]:
    """One square of opaque cloth as ARGB32 words (a brush for area maps and margins)."""
    rgb = _cloth_tile(scale).astype(np.uint32)
    return (rgb[..., 0] << np.uint32(16)) | (rgb[..., 1] << np.uint32(8)) | rgb[..., 2] | _OPAQUE
