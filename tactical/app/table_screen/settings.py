"""What the table screen remembers in QSettings: each screen's calibration, square and label size.

A calibration belongs to one screen (its name and its place among the
screens, see :func:`tactical.core.screen_scale.screen_key`): moving the player
view to another TV asks again rather than drawing wrong-sized squares.
"""

from __future__ import annotations

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
