"""Fonts and their metrics for token names, badges and initials: one per size, shared.

A big map has thousands of token items but a handful of text sizes; each item
used to build three fonts and measure with fresh metrics, most of an item's cost.
"""

from __future__ import annotations

from functools import cache

from PySide6.QtGui import QFont, QFontMetricsF


@cache
def shared_font(pixel_size: int, bold: bool = False) -> QFont:
    """One font per size for every token (thousands of items, a handful of sizes).

    Shared: never change the font returned (copy it first, as the cover mark does).
    """
    font = QFont()
    font.setPixelSize(pixel_size)
    font.setBold(bold)
    return font


@cache
def shared_metrics(pixel_size: int, bold: bool = False) -> QFontMetricsF:
    """The metrics of :func:`shared_font` (built once, not once per item and paint)."""
    return QFontMetricsF(shared_font(pixel_size, bold))
