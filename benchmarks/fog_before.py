"""The fog as it was drawn before it followed its changes: the benchmarks' reference.

:func:`use_whole_rebuild` puts the code before back into this process (nothing else uses
it): at every change of the fog each screen's picture was rebuilt whole (the map's every
square, as non-premultiplied ARGB32, copied twice) and repainted whole, every token item
of both screens was synced (the GM's window making the items it had left for later), the
fog repainted whole at every change of the tokens, and a players' scene's ground
repainted whole when the squares it may number changed.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

Mask = npt.NDArray[np.bool_]


def fog_argb(revealed: Mask, *, opaque: bool, style: Any) -> tuple[npt.NDArray[np.uint32], int]:
    """The whole fog picture as the code before built it (``look.fog_argb``)."""
    from tactical.app.fog.look import TINT, cloth_words, pixels_per_square

    height, width = revealed.shape
    fogged = ~revealed
    if not opaque:
        r, g, b, a = TINT
        word = np.uint32((a << 24) | (r << 16) | (g << 8) | b)
        return np.where(fogged, word, np.uint32(0)).astype(np.uint32), 1
    scale = pixels_per_square(width, height, style)
    words = np.array(cloth_words(width, height, scale))  # the code before kept a whole copy
    mask = np.repeat(np.repeat(fogged, scale, axis=0), scale, axis=1) if scale > 1 else fogged
    return np.where(mask, words, np.uint32(0)).astype(np.uint32), scale


def use_whole_rebuild() -> None:
    """Draw fog as the code before did, in this process."""
    from PySide6.QtGui import QImage

    from tactical.app.fog.layer import FogItem, argb_image
    from tactical.app.map.scene import token_sync
    from tactical.app.map.scene.fog_watch import FogWatch
    from tactical.app.map.scene.ground import MapGround

    def apply(self: Any, changes: Any) -> Any:
        from tactical.app.map.scene.context import Refreshed

        if changes.touches(("fog", "areas")):
            self._whole = {}
            self.refresh()
        return Refreshed.NOTHING

    def image(self: Any, opaque: bool) -> QImage:
        whole: dict[bool, QImage] = self.__dict__.setdefault("_whole", {})
        if opaque not in whole:
            encounter = self.map_scene.encounter
            revealed = encounter.fog.mask(encounter.grid)
            if self.paper and opaque:
                words = np.where(revealed, np.uint32(0), np.uint32(0xFFFFFFFF)).astype(np.uint32)
            else:
                words, _scale = fog_argb(revealed, opaque=opaque, style=encounter.fog.style)
            whole[opaque] = argb_image(words)
        return whole[opaque]

    FogItem.apply = apply  # type: ignore[method-assign]
    FogItem._image = image  # type: ignore[method-assign]
    FogItem.follow_filter = FogItem.update  # type: ignore[method-assign,assignment]
    token_sync.ALL_TOKENS_KINDS = frozenset({"fog", "sides", "meta"})
    FogWatch.touched = lambda self: set()  # type: ignore[method-assign,assignment,misc]
    MapGround._numbered_rect = lambda self: None  # type: ignore[method-assign,assignment,misc]
