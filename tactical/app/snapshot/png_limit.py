"""How big a PNG snapshot may be, checked before its pixels are allocated.

A 1024 x 1024 map with 10,000 tokens grew its PNG (the combatants' table makes
it taller) to 3.3 GB, and a 600 dpi page with a long table made a file Qt then
refuses to read. A snapshot larger than :data:`MAX_PNG_PIXELS` is refused with
its true size and a resolution that fits.
"""

from __future__ import annotations

from PySide6.QtCore import QSize

MAX_PNG_PIXELS = 60_000_000
"""At most this many pixels (240 MB while drawn, under Qt's 256 MB reading limit, so the
file opens again)."""
MIN_DPI = 36


def check_png_size(size: QSize, dpi: int) -> None:
    """ValueError, naming a resolution that would fit, when a PNG would pass MAX_PNG_PIXELS."""
    pixels = size.width() * size.height()
    if pixels <= MAX_PNG_PIXELS:
        return
    fits = int(dpi * (MAX_PNG_PIXELS / pixels) ** 0.5 * 0.99)  # a little room for rounding
    advice = f"choose {fits} dpi or less, or a PDF" if fits >= MIN_DPI else "choose a PDF"
    raise ValueError(
        f"a PNG at {dpi} dpi would be {size.width()} x {size.height()} pixels "
        f"({pixels / 1e6:.0f} megapixels), more than the {MAX_PNG_PIXELS // 1_000_000} "
        f"megapixels a snapshot may have; {advice}"
    )
