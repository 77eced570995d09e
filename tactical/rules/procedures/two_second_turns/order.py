"""The initiative order of Two-second turns: sorting, delaying, readies, who is next.

003 line 9: "The character with the highest score starts, down to the
character with the lowest score ... When players roll the same initiative,
the player with the highest willpower goes first." Still tied: higher
dexterity first, then the order the tokens were placed in (the GM can move
anyone by hand).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Literal

from tactical.rules.procedure import RulesError

Place = Literal["before", "after"]


def initiative_order(token_ids: Sequence[str], figure: Callable[[str, str], int]) -> list[str]:
    """``token_ids`` sorted by initiative, then willpower, then dexterity (all highest first)."""
    placed = {token_id: index for index, token_id in enumerate(token_ids)}
    return sorted(
        token_ids,
        key=lambda t: (
            -figure(t, "initiative"),
            -figure(t, "willpower"),
            -figure(t, "dexterity"),
            placed[t],
        ),
    )


def insert_by_initiative(
    order: Sequence[str], token_id: str, figure: Callable[[str, str], int]
) -> list[str]:
    """``order`` with ``token_id`` placed where its initiative ranks, others unmoved."""
    rank = (figure(token_id, "initiative"), figure(token_id, "willpower"))
    rest = [t for t in order if t != token_id]
    for index, other in enumerate(rest):
        if (figure(other, "initiative"), figure(other, "willpower")) < rank:
            return [*rest[:index], token_id, *rest[index:]]
    return [*rest, token_id]


def place(order: Sequence[str], token_id: str, where: Place, other: str) -> list[str]:
    """``order`` with ``token_id`` moved to just before or just after ``other``."""
    if token_id == other:
        raise RulesError("a character cannot be placed relative to itself")
    rest = [t for t in order if t != token_id]
    index = rest.index(other) + (1 if where == "after" else 0)
    return [*rest[:index], token_id, *rest[index:]]


def still_to_act(order: Sequence[str], done: Sequence[str], out: Sequence[str]) -> list[str]:
    """Who has not had their turn this round, in order (the acting one included)."""
    return [t for t in order if t not in done and t not in out]
