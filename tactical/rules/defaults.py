"""Sensible defaults for action inputs: a form's first Enter should do something valid.

A target defaults to the first foe the players can see: a public form never
preselects a hidden token (its name on the shared screen would give it away).
"""

from __future__ import annotations

from collections.abc import Iterable

from tactical.core.encounter import Encounter
from tactical.core.fog_queries import hidden_from_players


def first_visible_foe(
    encounter: Encounter, token_id: str | None, options: Iterable[str]
) -> str | None:
    """The first of ``options`` on another side than ``token_id`` and seen by the players."""
    hidden = hidden_from_players(encounter)
    me = encounter.tokens.get(token_id) if token_id is not None else None
    for option in options:
        token = encounter.tokens.get(option)
        if token is None or option in hidden or option == token_id:
            continue
        if me is None or encounter.are_enemies(me.side, token.side):
            return option
    return None
