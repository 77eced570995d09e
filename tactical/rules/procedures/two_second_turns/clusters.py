"""Combat clusters: characters sharing a square, and the ranged re-roll chain through them.

003 line 23: "Characters can only attack each other with melee attacks when
they are in the same square." Line 33: a ranged attack at a cluster member
has a penalty equal to the number of characters in the cluster; a dodge makes
the attacker re-roll against the next member "in initiative order, starting
from the original target", the penalty one lower each time.

Choices: a cluster is every character in the fight on the target's square,
the attacker included when it stands there too (it is one of the characters
in that cluster). The chain never turns back on the attacker. The distance
part of the penalty (half the distance, for a target in another square) stays
the same for every roll of the chain, since every member stands on the same
square; only the cluster part goes down by one per re-roll, never below 0.
"""

from __future__ import annotations

from collections.abc import Sequence

from tactical.core.encounter import Encounter


def cluster_of(encounter: Encounter, token_id: str, out: Sequence[str] = ()) -> list[str]:
    """Everyone in the fight on ``token_id``'s square(s), itself included, in token order."""
    squares = set(encounter.token(token_id).occupied())
    if not squares:
        return [token_id]
    return [
        t.id
        for t in encounter.tokens.values()
        if t.id not in out and (t.id == token_id or squares & set(t.occupied()))
    ]


def same_square(encounter: Encounter, a: str, b: str) -> bool:
    squares = set(encounter.token(a).occupied())
    return bool(squares & set(encounter.token(b).occupied()))


def chain_targets(
    order: Sequence[str], cluster: Sequence[str], target: str, attacker: str
) -> list[str]:
    """The cluster members to roll against, in initiative order from ``target`` (wrapping)."""
    members = [t for t in order if t in cluster and t != attacker]
    members += [t for t in cluster if t not in members and t != attacker]
    start = members.index(target)
    return members[start:] + members[:start]
