"""maps/crypt-fog for the phones' tests: its secrets, and every byte a link would send."""

from __future__ import annotations

import json
from pathlib import Path

from tactical.core.encounter import Encounter
from tactical.persistence import load_encounter

CRYPT = Path(__file__).resolve().parents[2] / "maps" / "crypt-fog.tactical.json"
PCS = ("ilse", "bram", "oda")
SECRET_WORDS = ("Lurking ghoul", "ghoul", "The Hollow Saint", "saint")
"""Names and ids of the ghoul (in fog) and the saint (marked hidden)."""


def crypt() -> Encounter:
    return load_encounter(CRYPT)


def leaks(text: str, words: tuple[str, ...] = SECRET_WORDS) -> list[str]:
    """The secret words found in ``text`` (case-insensitive)."""
    low = text.lower()
    return [w for w in words if w.lower() in low]


def dumped(data: object) -> str:
    return json.dumps(data, ensure_ascii=False)
