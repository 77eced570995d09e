"""What one character link may receive of its character's hand (issue 31), JSON-ready, Qt-free.

From the GM's state, :func:`hand_view` gives a character link: its sheet, the turn
as that link may know it (combatants its character does not see now left out: the
players' projection through :func:`tactical.share.seen.character_seen`), the asks it
may answer (its permissions), its own staged choice, and everyone's once revealed.
Nothing is sent about a token the link does not see: no name, no id, no choice
staged by another player before the reveal, no NPC's card.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from tactical.core.encounter import Encounter

HAND_PERMISSIONS = frozenset({"watch", "declare", "roll", "move"})
"""The words a link's permissions are made of (the GM sets them per link)."""


def hand_view(
    encounter: Encounter, token_id: str, permissions: Collection[str]
) -> dict[str, Any] | None:
    """The hand of ``token_id``'s link, as plain JSON types, or None without a procedure.

    Keys: ``sheet`` (:class:`~tactical.rules.player_hand.CharacterSheet`), ``turn``
    (:class:`~tactical.rules.player_hand.TurnView` cut to the link's sight, with
    ``your_turn`` and ``you_are_next``), ``asks`` (those ``permissions`` allow: ``declare``
    for choose/declare asks, ``roll`` for roll asks), ``staged`` (its own choice, and
    the others' once revealed, where their tokens are seen).
    """
    raise NotImplementedError
