"""From the GM's encounter to the builder the server calls: a copy taken now, views built later.

The GM's thread only copies the encounter (cheap: arrays and small records);
the views are built from the copy in the server's worker thread, so the GM's
hand never waits for them.
"""

from __future__ import annotations

import copy
import weakref
from dataclasses import replace
from typing import Any

from tactical.core.encounter import Encounter, MapKind
from tactical.core.grid import GridMap
from tactical.rules import PanelView
from tactical.share.links import Link, character_token
from tactical.share.players import shown_name
from tactical.share.public import panel_view
from tactical.share.seen import one_moment
from tactical.share.server import Builder
from tactical.share.token_art import TokenArtSource
from tactical.share.view import (
    ArtSource,
    LinkView,
    character_view,
    paused_view,
    table_view,
    waiting_view,
)

_MAPS: dict[int, tuple[weakref.ref[GridMap], int, GridMap]] = {}
"""The live grid's id -> (the grid, its revision, its frozen copy): a grid not edited since
is not copied again, so the sight caches keyed on the copy keep hitting."""


def _frozen_map(live: MapKind) -> MapKind:
    if not isinstance(live, GridMap):
        return live.copy()
    hit = _MAPS.get(id(live))
    if hit is not None and hit[0]() is live and hit[1] == live.revision:
        return hit[2]
    frozen = live.copy()
    if len(_MAPS) > 8:
        _MAPS.clear()
    _MAPS[id(live)] = (weakref.ref(live), live.revision, frozen)
    return frozen


def frozen_copy(encounter: Encounter) -> Encounter:
    """A copy of ``encounter`` the GM's later edits do not touch."""
    tokens = encounter.tokens.values()
    return Encounter(
        _frozen_map(encounter.map),
        [replace(t, statuses=dict(t.statuses), figures=dict(t.figures)) for t in tokens],
        list(encounter.sides.values()),
        name=shown_name(encounter),  # the GM's text unless shown to the players
        show_name_to_players=encounter.show_name_to_players,
        templates=list(encounter.templates.values()),
        procedure=encounter.procedure,
        procedure_state=copy.deepcopy(encounter.procedure_state),
        dice_log=list(encounter.dice_log),
        metric=encounter.metric,
        notes="",  # never needed by a link
        pictures=list(encounter.pictures.values()),
        background=encounter.background,
        fog=encounter.fog.copy(),
    )


def builder_for(
    encounter: Encounter,
    art_source: ArtSource | None = None,
    paused: bool = False,
    budgets: dict[str, int | None] | None = None,
    token_art: TokenArtSource | None = None,
) -> Builder:
    """Builds each link's view of a copy of ``encounter`` taken now.

    ``budgets``: each character's move budget now, by its link's character (the GM's
    window knows what a procedure left it); a character missing from it may move its
    speed. A character not on this scene gets :func:`~tactical.share.view.waiting_view`.
    ``token_art``: the tokens' pictures for the phones (none: every token a disc).
    """
    return _Views(frozen_copy(encounter), art_source, paused, dict(budgets or {}), token_art)


class _Views:
    """The builder :func:`builder_for` returns: the views of one build are kept for its
    other links with the same view (and the pages' shared answers), until :meth:`done`."""

    def __init__(
        self,
        frozen: Encounter,
        art_source: ArtSource | None,
        paused: bool,
        budgets: dict[str, int | None],
        token_art: TokenArtSource | None,
    ) -> None:
        self.frozen, self.art_source, self.paused = frozen, art_source, paused
        self.budgets, self.token_art = budgets, token_art
        self.views: dict[str, LinkView] = {}
        self.panel: list[PanelView | None] = []
        self.answers: dict[tuple[str, int, str], Any] = {}

    def done(self) -> None:
        """The build is over and its texts made: let its views go (on 1024 x 1024 about
        25 MB for 8 pages: each page's light, as an array and as base64). A later build
        with this builder (a device that joins) makes them again."""
        self.views, self.panel, self.answers = {}, [], {}

    def __call__(self, link: Link) -> LinkView:
        with one_moment(self.answers):
            return self._build(link)

    def _build(self, link: Link) -> LinkView:
        frozen, art_source, token_art = self.frozen, self.art_source, self.token_art
        if self.paused:
            return paused_view(link.kind)
        if not self.panel:
            self.panel.append(panel_view(frozen))
        panel, views = self.panel, self.views
        may = link.permissions()
        key = f"{link.character or ''}:{link.moves}:{','.join(may)}"
        if key not in views:
            character = link.character
            token = None if character is None else character_token(frozen, character)
            if character is None:
                views[key] = table_view(frozen, art_source, panel[0], token_art)
            elif token is None:  # the character stands in another scene
                views[key] = waiting_view()
            else:
                budget = self.budgets.get(character, token.speed)
                views[key] = character_view(
                    frozen, token.id, art_source, panel[0], link.moves, budget, token_art, may
                )
        return views[key]
