"""What the table screen remembers in QSettings: calibrations, square and label size, curtains.

A calibration belongs to one screen (its name and its place among the
screens, see :func:`tactical.core.screen_scale.screen_key`): moving the player
view to another TV asks again rather than drawing wrong-sized squares.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from PySide6.QtCore import QSettings
from PySide6.QtGui import QScreen

from tactical.core.screen_scale import DEFAULT_SQUARE, SquareSize, screen_key, square_size_named

CALIBRATION_GROUP = "table_screen/calibration"
SQUARE_SETTING = "table_screen/square"
LABEL_SETTING = "table_screen/label_size"

LABEL_SIZES = (("Normal", 1.0), ("Large", 1.5), ("Extra large", 2.0), ("Huge", 2.5))
"""Names of the player view's label sizes and how many times the usual size each is."""
DEFAULT_LABEL_SIZE = "Large"


def key_for(screen: QScreen) -> str:
    geometry = screen.geometry()
    return screen_key(
        screen.name(), geometry.x(), geometry.y(), geometry.width(), geometry.height()
    )


def device_resolution(screen: QScreen) -> tuple[int, int]:
    """The screen's resolution in device pixels (what the TV's own menu would say)."""
    size = screen.geometry().size()
    ratio = screen.devicePixelRatio()
    return round(size.width() * ratio), round(size.height() * ratio)


def saved_calibration(settings: QSettings, screen: QScreen) -> float | None:
    """Device pixels per millimetre remembered for ``screen``, or None."""
    value = settings.value(f"{CALIBRATION_GROUP}/{key_for(screen)}", None)
    try:
        number = float(value) if value is not None else None  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return None
    return number if number is not None and number > 0 else None


def save_calibration(settings: QSettings, screen: QScreen, px_per_mm: float) -> None:
    settings.setValue(f"{CALIBRATION_GROUP}/{key_for(screen)}", px_per_mm)


def saved_square(settings: QSettings) -> SquareSize:
    return square_size_named(str(settings.value(SQUARE_SETTING, DEFAULT_SQUARE.name)))


def saved_label_size(settings: QSettings) -> str:
    name = str(settings.value(LABEL_SETTING, DEFAULT_LABEL_SIZE))
    return name if name in dict(LABEL_SIZES) else DEFAULT_LABEL_SIZE


CURTAINS_GROUP = "table_screen/curtains"
"""Per encounter file: what stands in front of the players' map ("blackout", "frozen")."""
CURTAIN_WORDS = ("blackout", "frozen")


def _file_key(path: Path) -> str:
    """A settings key for one encounter file (its resolved path, hashed: no slashes in keys)."""
    try:
        name = str(path.resolve())
    except OSError:
        name = str(path.absolute())
    return hashlib.sha256(name.encode("utf-8", "surrogateescape")).hexdigest()[:32]


def saved_curtains(settings: QSettings, path: Path) -> set[str] | None:
    """The curtains last set on the players' screen for the file at ``path``; None if never."""
    value = settings.value(f"{CURTAINS_GROUP}/{_file_key(path)}", None)
    if value is None:
        return None
    # An INI file gives a comma-separated value back as a list.
    words = value.split(",") if isinstance(value, str) else value if isinstance(value, list) else []
    return {str(word) for word in words if str(word) in CURTAIN_WORDS}


def save_curtains(settings: QSettings, path: Path, curtains: set[str]) -> None:
    words = ",".join(word for word in CURTAIN_WORDS if word in curtains)
    settings.setValue(f"{CURTAINS_GROUP}/{_file_key(path)}", words or "none")
