"""A link's QR code as a pixmap (segno: pure Python, no image library needed).

How big (issue 34): a phone's camera reads a code from about ten times its width. In the
dialog a code is :data:`CARD_SIDE` pixels, about 6 cm on a 14-inch 1366 x 768 laptop
(112 pixels an inch): a phone held over the table, 50 to 60 cm away, reads it, and four
links fit side by side. Clicked, a code fills the screen's height (about 13 cm there),
to be read from across the table, a metre or more away.
"""

from __future__ import annotations

import io

import segno
from PySide6.QtGui import QPixmap

QR_SCALE = 4
"""Pixels per QR module when no size is asked for."""
QUIET_ZONE = 4
"""The white border, in modules, that phones' cameras need."""
CARD_SIDE = 260
"""The most pixels a side a code takes in the dialog (whole modules: a little less)."""


def qr_pixmap(text: str, scale: int = QR_SCALE, side: int | None = None) -> QPixmap:
    """The code of ``text``: ``scale`` pixels a module, or as many whole pixels a module as
    fit in ``side`` (at least 2)."""
    code = segno.make(text, error="m")
    if side is not None:
        modules = int(code.symbol_size(scale=1, border=QUIET_ZONE)[0])
        scale = max(2, side // modules)
    buffer = io.BytesIO()
    code.save(buffer, kind="png", scale=scale, border=QUIET_ZONE)
    pixmap = QPixmap()
    pixmap.loadFromData(buffer.getvalue(), "PNG")
    return pixmap
