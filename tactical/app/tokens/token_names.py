"""How GM-facing text names tokens: by name, never by id, and hidden ones marked one way.

Core commands name tokens by id ("Move gob-2"); the undo menu shows their text,
so :func:`by_name` swaps each token id, as a whole word, for the token's name.
A hidden token is "Shade (hidden)" (or "(in fog)") wherever the GM reads about
it: the combatant table, the status bar, the GM's snapshot (:func:`gm_name`).
With secrets hidden on a shared screen, :class:`tactical.app.players.secrets.Secrets`
replaces the name instead.
"""

from __future__ import annotations

import re

from tactical.core.encounter import Encounter
from tactical.core.fog_queries import token_in_fog
from tactical.core.tokens import Token

HIDDEN_MARK = " (hidden)"
IN_FOG_MARK = " (in fog)"


def by_name(text: str, encounter: Encounter) -> str:
    """``text`` with every token id (a whole word) replaced by that token's name."""
    ids = sorted((i for i, t in encounter.tokens.items() if i != t.name and i.strip()), key=len)
    if not text or not ids:
        return text
    pattern = re.compile(rf"(?<!\w)(?:{'|'.join(re.escape(i) for i in reversed(ids))})(?!\w)")
    return pattern.sub(lambda m: encounter.tokens[m.group(0)].name, text)


def gm_name(token: Token, encounter: Encounter, name: str | None = None) -> str:
    """A token's name as the GM reads it: marked when the players cannot see it."""
    text = token.name if name is None else name
    if token.hidden:
        return text + HIDDEN_MARK
    if token_in_fog(encounter, token):
        return text + IN_FOG_MARK
    return text
