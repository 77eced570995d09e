"""A character's link's hand (issue 31): their sheet, the turn as they may know it, what is asked.

Built from what the procedure's view says of this one character (its own row's
figures and statuses, in the rule text's words) and of the order, with every
token the character does not see now left out; what the procedure asks of the
character (a card put down face down, a declaration, a roll) comes from the
rules' hand API. Nothing here reads another combatant's secret: a character's
link holds its own choice, face down, and nobody else's.
"""

from __future__ import annotations

from typing import Any

from tactical.core.encounter import Encounter
from tactical.core.tokens import Token
from tactical.rules import Combatant, PanelView, get
from tactical.share.secrets import Secrets


def _labels(encounter: Encounter) -> dict[str, str]:
    try:
        return dict(get(encounter.procedure).figure_labels) if encounter.procedure else {}
    except Exception:  # an unknown procedure: the figures keep their own names
        return {}


def sheet_lines(encounter: Encounter, token: Token, row: Combatant | None) -> list[list[str]]:
    """``[label, value]`` of each figure the running procedure tracks for ``token``."""
    if row is None:
        return []
    labels = _labels(encounter)
    return [
        [labels.get(key, key.replace("_", " ").capitalize()), value]
        for key, value in row.figures.items()
    ]


def statuses(token: Token) -> list[str]:
    """Its statuses, each with its count when more than one."""
    return [
        name if count <= 1 else f"{name} {count}" for name, count in sorted(token.statuses.items())
    ]


def turn(view: PanelView | None, token_id: str, unseen: frozenset[str]) -> dict[str, Any]:
    """Whether it is this character's turn now, or theirs next (as far as they may know)."""
    if view is None:
        return {"yours": False, "next": False}
    order = [c for c in view.combatants if c.token_id not in unseen and not c.out]
    yours = token_id in view.acting
    acting = [i for i, c in enumerate(order) if c.token_id in view.acting]
    following = None
    if acting:
        after = [c for c in order[acting[-1] + 1 :] if not c.done]
        following = after[0].token_id if after else None
    return {"yours": yours, "next": not yours and following == token_id}


def hand_data(
    encounter: Encounter, token: Token, view: PanelView | None, unseen: frozenset[str]
) -> dict[str, Any]:
    """The ``hand`` part of a character's link (see the module's docstring)."""
    row = next((c for c in view.combatants if c.token_id == token.id), None) if view else None
    clean = Secrets(encounter, unseen)
    lines = [[label, clean.clean(value, "")] for label, value in sheet_lines(encounter, token, row)]
    return {
        "sheet": [line for line in lines if line[1]],
        "statuses": statuses(token),
        "turn": turn(view, token.id, unseen),
        "asks": [],
    }
