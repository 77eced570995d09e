"""The app's icon, from the PNGs in ``assets/icons`` (no SVG module needed at run time)."""

from __future__ import annotations

from PySide6.QtCore import QSize
from PySide6.QtGui import QIcon

from tactical.data import data_folder

SIZES = (16, 24, 32, 48, 64, 128, 256, 512)


def app_icon() -> QIcon:
    """Every size of the icon that is there; an empty icon when the assets are missing."""
    icon = QIcon()
    folder = data_folder("assets")
    if folder is None:
        return icon
    for size in SIZES:
        path = folder / "icons" / f"tactical-{size}.png"
        if path.is_file():
            icon.addFile(str(path), QSize(size, size))
    return icon
