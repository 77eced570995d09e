"""What a snapshot is asked for: the options, the paper sizes and the fitted page's margin.

Apart from :mod:`tactical.app.snapshot.render`, which draws the pages: the window makes
its Export snapshot and Print entries as it opens, and the drawing code is imported
when the GM first uses one of them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtGui import QPageSize

from tactical.core.tiling import DEFAULT_OVERLAP_MM

if TYPE_CHECKING:
    from tactical.app.snapshot.content import Mode

PAGE_SIZES: dict[str, QPageSize.PageSizeId] = {
    "A4": QPageSize.PageSizeId.A4,
    "A3": QPageSize.PageSizeId.A3,
    "Letter": QPageSize.PageSizeId.Letter,
    "Legal": QPageSize.PageSizeId.Legal,
}
MARGIN_MM = 10.0


@dataclass(frozen=True)
class SnapshotOptions:
    """What the export dialog and ``tactical snapshot`` ask for."""

    mode: Mode = "players"
    whole_map: bool = True
    """False: only the part of the map the GM's view shows."""
    page: str = "A4"
    landscape: bool = True
    dpi: int = 150
    table_scale: bool = False
    """True: the map at ``square_inch`` per square over pages to tape, after a cover."""
    square_inch: float = 1.0
    overlap_mm: float = DEFAULT_OVERLAP_MM
    skip_empty: bool = False
    """Table scale: leave out pages of nothing but empty open ground."""
