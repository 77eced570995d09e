"""Thrum's turn order: initiative totals, ties, delays and who is next.

001: "Turns within a round take place in descending order of Initiative. This
order remains the same round after round unless a character elects to Delay
their turn." Ties are not covered by the text; we break them by the higher
Initiative modifier, then PCs before NPCs, then the GM's choice (the "Act
first among ties" action), and until the GM chooses, by the tokens' order in
the encounter.

Delay: "A player (or the GM) can choose to delay acting in a round until a
specified point in the initiative order. If they do, their turns take place
at that later position for the rest of the combat. This can only be done once
per round". A delay names a combatant who has yet to act this round; the
delayer moves to just after them, permanently.
"""

from __future__ import annotations

from tactical.core.encounter import Encounter
from tactical.rules.procedures.thrum.state import INITIATIVE_MOD, ThrumState, int_figure, is_pc

SortKey = tuple[int, int, int, int, int]


def sort_key(encounter: Encounter, state: ThrumState, token_id: str) -> SortKey:
    """Smaller sorts first: higher total, higher modifier, PCs, GM's choice, token order."""
    token = encounter.tokens.get(token_id)
    modifier = int_figure(token, INITIATIVE_MOD) if token is not None else 0
    pc = 0 if token is not None and is_pc(encounter, token) else 1
    chosen = (
        state.preferred.index(token_id) if token_id in state.preferred else len(state.preferred)
    )
    index = list(encounter.tokens).index(token_id) if token is not None else len(encounter.tokens)
    return (-state.initiative.get(token_id, 0), -modifier, pc, chosen, index)


def sorted_order(encounter: Encounter, state: ThrumState) -> list[str]:
    """The combatants in descending order of initiative, ties broken as documented."""
    return sorted(state.order, key=lambda t: sort_key(encounter, state, t))


def exact_ties(encounter: Encounter, state: ThrumState) -> list[list[str]]:
    """Groups of combatants the automatic tie-breakers cannot separate (the GM chooses)."""
    groups: dict[tuple[int, int, int], list[str]] = {}
    for token_id in state.order:
        key = sort_key(encounter, state, token_id)[:3]
        groups.setdefault(key, []).append(token_id)
    return [g for g in groups.values() if len(g) > 1]


def tied_totals(state: ThrumState) -> list[list[str]]:
    """Groups of combatants with the same initiative total (before any tie-breaker)."""
    groups: dict[int, list[str]] = {}
    for token_id in state.order:
        groups.setdefault(state.initiative.get(token_id, 0), []).append(token_id)
    return [g for g in groups.values() if len(g) > 1]


def insertion_index(encounter: Encounter, state: ThrumState, token_id: str) -> int:
    """Where a late joiner goes: before the first combatant it would sort ahead of."""
    key = sort_key(encounter, state, token_id)
    for index, other in enumerate(state.order):
        if other != token_id and key < sort_key(encounter, state, other):
            return index
    return len(state.order)


def in_play(encounter: Encounter, state: ThrumState) -> list[str]:
    """Combatants that still take turns: on the encounter and not removed from combat."""
    return [t for t in state.order if t in encounter.tokens and t not in state.removed]


def waiting(encounter: Encounter, state: ThrumState) -> list[str]:
    """Who has yet to act this round, after the current combatant, in order."""
    return [t for t in in_play(encounter, state) if t not in state.acted and t != state.current]


def next_up(encounter: Encounter, state: ThrumState) -> tuple[str | None, bool]:
    """Who acts after the current combatant, and whether that begins a new round."""
    rest = waiting(encounter, state)
    if rest:
        return rest[0], False
    everyone = in_play(encounter, state)
    return (everyone[0] if everyone else None), True


def delay(state: ThrumState, token_id: str, after: str) -> None:
    """Move ``token_id`` to just after ``after`` in the order, for the rest of the combat."""
    order = [t for t in state.order if t != token_id]
    order.insert(order.index(after) + 1, token_id)
    state.order = order
    state.delayed = [*state.delayed, token_id]
