"""How declarations, effects and creatures read in the panel (one place for the wording)."""

from __future__ import annotations

from tactical.core.encounter import Encounter
from tactical.core.tokens import Token
from tactical.rules.procedures.approximated_fray.levels import (
    INJURY_NAMES,
    MORALE_NAMES,
    describe,
    modifier,
    penalty,
)
from tactical.rules.procedures.approximated_fray.roster import area_name, injury, morale
from tactical.rules.procedures.approximated_fray.state import Declaration, Effect


def name_of(encounter: Encounter, token_id: str | None) -> str:
    if token_id is None:
        return "no one"
    token = encounter.tokens.get(token_id)
    return token.name if token is not None else token_id


def declaration_text(encounter: Encounter, declaration: Declaration) -> str:
    """``Strike: Middle attack on Orc`` / ``Dash: First move to the Gate``."""
    kind = declaration.kind + (" (morale)" if declaration.hurts == "morale" else "")
    text = f"{declaration.card}: {declaration.phase.title()} {kind}"
    if declaration.target is not None:
        text += f" on {name_of(encounter, declaration.target)}"
    elif declaration.area is not None and declaration.kind != "move":
        text += f" on {area_name(encounter, declaration.area)}"
    if declaration.kind in ("move", "charge") and declaration.to is not None:
        text += f" to {area_name(encounter, declaration.to)}"
    if declaration.cancelled:
        text += f" (cancelled: {declaration.cancelled})"
    return text


def effect_text(encounter: Encounter, effect: Effect) -> str:
    parts = []
    if effect.injury:
        parts.append(f"{effect.injury:+d} injury")
    if effect.morale:
        parts.append(f"{effect.morale:+d} morale")
    if effect.fatigue:
        parts.append(f"{effect.fatigue:+d} fatigue")
    if effect.condition:
        parts.append(effect.condition)
    return f"{name_of(encounter, effect.target)} {', '.join(parts)} ({effect.source})"


def modifier_text(token: Token) -> str:
    """``Aldra acts at -2 (Bruised, Disquieted)`` or ``Aldra acts at +0``."""
    reasons = []
    if penalty(injury(token)):
        reasons.append(describe(INJURY_NAMES, injury(token)).split(" (")[0])
    if penalty(morale(token)):
        reasons.append(describe(MORALE_NAMES, morale(token)).split(" (")[0])
    why = f" ({', '.join(reasons)})" if reasons else ""
    return f"{token.name} acts at {modifier(injury(token), morale(token)):+d}{why}"
