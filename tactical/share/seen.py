"""What one screen may see of the map: the squares (or areas) it sees now, and those it may recall.

Two kinds of screen (issue 25):

* the **table** (what the TV shows): what the players' projection
  (:func:`tactical.share.players.players_view`) lets them see: every square the
  party has revealed is bright (the whole map with fog off), and every token the
  players may see is shown;
* a **character**: the squares in that character's sight now are bright,
  squares it may recall but not see now are dim, the rest dark. The GM's fog is
  the upper limit: a square under fog stays dark even in the character's sight
  (the GM decides what the players may see). Only the tokens standing on a
  bright square are shown, never one marked hidden or standing in fog; its own
  token is always shown (unless the GM marked it hidden).

On an area map a character sees the area it stands in (areas have no walls to
see past, as "Reveal what the party sees" has it); the other revealed areas are dim.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any, TypeVar

import numpy as np
import numpy.typing as npt

from tactical.core.encounter import Encounter
from tactical.core.fog_queries import sight_range
from tactical.core.grid import GridMap, Square
from tactical.core.sight import Viewer, visible_squares
from tactical.core.tokens import Token
from tactical.share.give_way import checkpoint
from tactical.share.players import players_unseen, players_view, shown_areas, shown_squares

T = TypeVar("T")
DARK, DIM, BRIGHT = 0, 1, 2
"""A square's light on a screen: unknown, recalled, seen now."""

Light = npt.NDArray[np.uint8]
Mask = npt.NDArray[np.bool_]
SIGHT_CACHE_SQUARES = 16_000_000
"""At most this many squares of characters' sights are kept (16 MB: 256 sights of a 250 x 250
map, 15 of a 1024 x 1024 one), always at least 8 sights."""


@dataclass(frozen=True)
class Seen:
    """What one screen may see: the light of each square or area, and the tokens shown."""

    light: Light | None
    """``[row, column]`` DARK/DIM/BRIGHT on a grid, None on an area map."""
    areas: dict[str, int]
    """Area id -> DIM or BRIGHT on an area map (dark areas are absent)."""
    token_ids: frozenset[str]
    """The tokens this screen draws on the map."""
    unseen: frozenset[str]
    """The tokens whose name and id must not reach this screen (a character's link: every
    token it does not see now; the table: those the TV hides)."""

    def allowed(self) -> npt.NDArray[np.bool_] | None:
        """The squares whose ground may be shown (DIM or BRIGHT), None on an area map."""
        return None if self.light is None else self.light > DARK


_SIGHT: dict[
    tuple[int, int, tuple[Square, ...], int | None], tuple[weakref.ref[GridMap], Mask]
] = {}
"""(grid id, revision, squares, range) -> what a character standing there sees: a character
who did not move, on a map not edited, is not looked for again."""


def _sight(grid: GridMap, squares: list[Square], reach: int | None) -> Mask:
    key = (id(grid), grid.revision, tuple(squares), reach)
    hit = _SIGHT.get(key)
    if hit is not None and hit[0]() is grid:
        return hit[1]
    seen = visible_squares(grid, [Viewer(s, reach) for s in squares])
    while _SIGHT and len(_SIGHT) >= max(8, SIGHT_CACHE_SQUARES // seen.size):
        del _SIGHT[next(iter(_SIGHT))]  # the oldest: the memory kept stays level
    _SIGHT[key] = (weakref.ref(grid), seen)
    return seen


def _allowed_squares(encounter: Encounter) -> npt.NDArray[np.bool_]:
    squares = shown_squares(encounter)
    assert squares is not None
    return squares


def _allowed_areas(encounter: Encounter) -> set[str]:
    return set(shown_areas(encounter) or ())


def _split(encounter: Encounter, shown: set[str]) -> Seen:
    shown = {t for t in shown if t in encounter.tokens}
    every = frozenset(encounter.tokens)
    return Seen(None, {}, frozenset(shown), every - shown)


def table_seen(encounter: Encounter) -> Seen:
    """What the TV shows: the revealed map and the tokens the players may see.

    A token off the map is not drawn but may be named, as on the TV's summary.
    """
    view = players_view(encounter)
    shown = frozenset(t.id for t in encounter.tokens.values() if t.position is not None)
    shown &= view.tokens
    if view.squares is not None:
        light = np.multiply(view.squares, BRIGHT, dtype=np.uint8)  # DARK is 0; in bytes
        return Seen(light, {}, shown, view.unseen)
    return Seen(None, dict.fromkeys(view.areas or (), BRIGHT), shown, view.unseen)


_MOMENT: ContextVar[dict[tuple[str, int, str], Any] | None] = ContextVar("_MOMENT", default=None)
"""While :func:`one_moment` holds: its answers, by question, encounter and token."""


@contextmanager
def one_moment(answers: dict[tuple[str, int, str], Any]) -> Iterator[None]:
    """Within, :func:`character_seen` answers each encounter's question once, kept in
    ``answers``: for the pages of one frozen copy (:mod:`tactical.share.publish`), which
    nobody edits while they are built, each page and its hand asking the same."""
    reset = _MOMENT.set(answers)
    try:
        yield
    finally:
        _MOMENT.reset(reset)


def _once(question: str, encounter: Encounter, token_id: str, answer: Callable[[], T]) -> T:
    answers = _MOMENT.get()
    if answers is None:
        return answer()
    key = (question, id(encounter), token_id)
    if key not in answers:
        answers[key] = answer()
    got: T = answers[key]
    return got


def character_seen(encounter: Encounter, character: Token) -> Seen:
    """What ``character`` sees now (see the module's docstring)."""
    return _once("seen", encounter, character.id, lambda: _character_seen(encounter, character))


def _character_seen(encounter: Encounter, character: Token) -> Seen:
    forbidden = _once("unseen", encounter, "", lambda: players_unseen(encounter))
    own = set() if character.hidden or character.position is None else {character.id}
    grid = encounter.grid
    if grid is not None:
        allowed = _allowed_squares(encounter)
        checkpoint()  # the fog's squares, then the character's sight: each a few ms on 1024
        squares = [s for s in character.occupied() if grid.in_bounds(s)]
        sight = _sight(grid, squares, sight_range(character))
        checkpoint()
        bright = sight & allowed
        # DARK 0, DIM 1, BRIGHT 2: a square allowed counts one, bright (allowed too) one more;
        # one quick pass in bytes (np.where's pair made two of int64, 4-5 ms on 1024 x 1024)
        light = np.add(allowed, bright, dtype=np.uint8)
        shown = set(own)
        for token in encounter.tokens.values():
            if token.id in forbidden or token.square is None:
                continue
            if any(grid.in_bounds(s) and bright[s[1], s[0]] for s in token.occupied()):
                shown.add(token.id)
        base = _split(encounter, shown)
        return Seen(light, {}, base.token_ids, base.unseen)
    allowed_areas = _allowed_areas(encounter)
    here = character.area
    areas = dict.fromkeys(allowed_areas, DIM)
    if here is not None and here in allowed_areas:
        areas[here] = BRIGHT
    shown = set(own)
    if here is not None and here in allowed_areas:
        shown |= {
            t.id for t in encounter.tokens.values() if t.area == here and t.id not in forbidden
        }
    base = _split(encounter, shown)
    return Seen(None, areas, base.token_ids, base.unseen)
