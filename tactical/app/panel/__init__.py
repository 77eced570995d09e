"""The combat panel: the GM's dock that walks through the encounter's combat procedure.

``CombatPanel`` is the dock beside the map; ``PublicTracker`` is the summary
the player view may show (no secrets); ``keep_return`` lets a text field keep
Return instead of it advancing the fight.
"""

from tactical.app.panel.dock import CombatPanel
from tactical.app.panel.keys import ADVANCE_KEYS, keep_return
from tactical.app.panel.public_view import PublicTracker

__all__ = ["ADVANCE_KEYS", "CombatPanel", "PublicTracker", "keep_return"]
