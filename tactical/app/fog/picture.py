"""One screen's fog picture of a grid, kept and redrawn only where the fog changed.

A 1024 x 1024 map's fog picture is a million pixels (4 MB). Rebuilt whole at every
change (the code before), the first reveal held the GUI for a hundred milliseconds and
more per screen; a brush dab redrew the whole map on both screens. Now each screen keeps
its picture and the squares it shows; a change of the fog compares the new squares with
those (:func:`~tactical.core.square_bits.changed_box`) and redraws the pixels of the
changed squares' box only, in the picture's own buffer, before the next frame is painted.
The scene repaints that box only.

The picture is premultiplied ARGB32, what the raster painter draws without converting.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from PySide6.QtGui import QImage

from tactical.app.fog.look import TINT, cloth_words, pixels_per_square
from tactical.core.fog import FogStyle
from tactical.core.square_bits import Box, changed_box

Mask = npt.NDArray[np.bool_]

_WHITE = np.uint32(0xFFFFFFFF)


def _premultiplied(red: int, green: int, blue: int, alpha: int) -> np.uint32:
    def scaled(channel: int) -> int:
        return (channel * alpha + 127) // 255

    return np.uint32((alpha << 24) | (scaled(red) << 16) | (scaled(green) << 8) | scaled(blue))


TINT_WORD = _premultiplied(*TINT)
"""The GM's tint as one premultiplied pixel."""


class FogPicture:
    """The fog of one grid as one screen draws it: opaque (cloth, flat or blank paper) or
    the GM's tint; ``scale`` pixels a square."""

    def __init__(self, revealed: Mask, *, opaque: bool, style: FogStyle, paper: bool) -> None:
        height, width = revealed.shape
        self.opaque, self.style, self.paper = opaque, style, paper
        self.scale = pixels_per_square(width, height, style) if opaque and not paper else 1
        self.shown = revealed.copy()
        """The revealed squares the picture shows."""
        scale = self.scale
        self.image = QImage(
            width * scale, height * scale, QImage.Format.Format_ARGB32_Premultiplied
        )
        fogged = ~revealed if scale == 1 else _spread(~revealed, scale)
        words = self._words()  # written in place: no whole-map picture made and copied
        np.copyto(words, self._fog_words((0, 0, height, width)), where=fogged)
        np.copyto(words, np.uint32(0), where=~fogged)

    def fits(self, revealed: Mask, *, opaque: bool, style: FogStyle, paper: bool) -> bool:
        """Whether this picture can follow ``revealed`` (same map, same look)."""
        return (
            revealed.shape == self.shown.shape
            and (opaque, paper) == (self.opaque, self.paper)
            and (style == self.style or not opaque or paper)
        )

    def follow(self, revealed: Mask, within: Box | None = None) -> Box | None:
        """Redraw the squares whose state differs from ``revealed``, looked for ``within``
        a box (the squares that may have changed; None: anywhere); their box (or None when
        nothing changed). Only those squares' pixels are written, in place."""
        top, left, bottom, right = within or (0, 0, *self.shown.shape)
        found = changed_box(self.shown[top:bottom, left:right], revealed[top:bottom, left:right])
        if found is None:
            return None
        box = (found[0] + top, found[1] + left, found[2] + top, found[3] + left)
        top, left, bottom, right = box
        now = revealed[top:bottom, left:right]
        flipped = self.shown[top:bottom, left:right] != now
        self.shown[top:bottom, left:right] = now
        s = self.scale
        words = self._words()[top * s : bottom * s, left * s : right * s]
        cleared, fogged = flipped & now, flipped & ~now
        if s > 1:
            cleared, fogged = _spread(cleared, s), _spread(fogged, s)
        np.copyto(words, np.uint32(0), where=cleared)
        np.copyto(words, self._fog_words(box), where=fogged)
        return box

    def _words(self) -> npt.NDArray[np.uint32]:
        """The picture's pixels, writable (the image's own buffer: drawn as changed)."""
        image = self.image
        line = image.bytesPerLine() // 4
        words = np.frombuffer(image.bits(), dtype=np.uint32).reshape(image.height(), line)
        return words[:, : image.width()]

    def _fog_words(self, box: Box) -> npt.NDArray[np.uint32] | np.uint32:
        """The pixels of ``box``'s squares where they are fogged (one word, or the cloth)."""
        if not self.opaque:
            return TINT_WORD
        if self.paper:
            return _WHITE
        s = self.scale
        height, width = self.shown.shape
        top, left, bottom, right = box
        return cloth_words(width, height, s)[top * s : bottom * s, left * s : right * s]


def _spread(squares: Mask, scale: int) -> Mask:
    """A mask of squares as a mask of their ``scale`` x ``scale`` pixels."""
    return np.repeat(np.repeat(squares, scale, axis=0), scale, axis=1)
