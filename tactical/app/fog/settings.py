"""The GM's fog preferences kept between sessions (QSettings), not in the encounter."""

from __future__ import annotations

from PySide6.QtCore import QSettings

from tactical.core.fog import Fog, new_fog

NEW_MAPS_FOGGED = "fog/new_maps_fogged"
"""New empty maps start fully fogged (True) or clear with fog off (False, the default)."""


def new_map_fog(settings: QSettings) -> Fog:
    """The fog of a map the GM makes now, as the GM chose in the Fog menu."""
    return new_fog(fogged=bool(settings.value(NEW_MAPS_FOGGED, False, type=bool)))
