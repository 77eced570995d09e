"""Evenings for the tests of the scene shown to players: two or three scenes, one party."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from tactical.core.encounter import Encounter
from tactical.core.evening import Character, Evening, Scene
from tactical.core.fog import Fog
from tactical.core.grid import GridMap
from tactical.core.tokens import Token

if TYPE_CHECKING:  # the phones' Qt-free tests build these evenings too
    from tactical.app.encounter.document import EncounterDocument

CRYPT_SECRETS = ("Crypt of the Hollow Saint", "Hollow Saint", "Bone warden", "warden")
"""The crypt's name and its fogged token's name and id: never on a screen or page of players
who are not shown the crypt."""


def fogged(width: int, height: int, found_columns: int) -> Fog:
    """Fog on, the first ``found_columns`` columns found."""
    fog = Fog(enabled=True)
    found = np.zeros((height, width), dtype=np.bool_)
    found[:, :found_columns] = True
    fog.set_mask(found)
    return fog


def mira() -> Character:
    """The roster's one character (her token on each scene is she)."""
    return Character("mira", "Mira")


def tavern() -> Encounter:
    """Mira and Bram (party) and a barkeep, no fog."""
    tokens = [
        mira().token("mira-t", (1, 1)),
        Token("bram", "Bram", "pcs", (2, 1)),
        Token("keep", "Barkeep", "npcs", (5, 3)),
    ]
    return Encounter(GridMap(8, 6), tokens, name="Tavern")


def crypt() -> Encounter:
    """Mira alone in the found west, a bone warden under fog in the east (columns 6 on)."""
    tokens = [
        mira().token("mira-c", (1, 2)),
        Token("warden", "Bone warden", "npcs", (9, 2)),
    ]
    crypt = Encounter(
        GridMap(12, 6), tokens, name="Crypt of the Hollow Saint", fog=fogged(12, 6, 6)
    )
    crypt.fog.auto_reveal = False
    return crypt


def evening(shown: str = "tavern") -> Evening:
    return Evening([Scene("tavern", tavern()), Scene("crypt", crypt())], [mira()], shown=shown)


def look_at(document: EncounterDocument, scene_id: str) -> None:
    """The GM looks at another scene of the document's evening (the players stay on theirs)."""
    document.replace_encounter(document.evening.scene(scene_id).encounter, document.path)
