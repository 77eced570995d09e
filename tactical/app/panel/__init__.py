"""The combat panel: the GM's dock that walks through the encounter's combat procedure.

``CombatPanel`` is the dock beside the map; ``PublicTracker`` is the summary
the player view may show (no secrets); ``keep_return`` lets a text field keep
Return instead of it advancing the fight. They are loaded when first asked
for, so the panel's Qt-free parts (:mod:`tactical.app.panel.presenter`,
:mod:`tactical.app.panel.values`) import without Qt.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tactical.app.panel.dock import CombatPanel
    from tactical.app.panel.keys import ADVANCE_KEYS, keep_return
    from tactical.app.panel.public_view import PublicTracker

__all__ = ["ADVANCE_KEYS", "CombatPanel", "PublicTracker", "keep_return"]

_HOMES = {
    "CombatPanel": "tactical.app.panel.dock",
    "ADVANCE_KEYS": "tactical.app.panel.keys",
    "keep_return": "tactical.app.panel.keys",
    "PublicTracker": "tactical.app.panel.public_view",
}


def __getattr__(name: str) -> Any:
    if name in _HOMES:
        return getattr(import_module(_HOMES[name]), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
