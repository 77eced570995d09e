"""From the GM's encounter to the builder the server calls: a copy taken now, views built later.

The GM's thread only copies the encounter (cheap: arrays and small records);
the views are built from the copy in the server's worker thread, so the GM's
hand never waits for them.
"""

from __future__ import annotations

import copy
from dataclasses import replace

from tactical.core.encounter import Encounter
from tactical.rules import PanelView
from tactical.share.links import Link
from tactical.share.public import panel_view
from tactical.share.server import Builder
from tactical.share.view import ArtSource, LinkView, character_view, paused_view, table_view


def frozen_copy(encounter: Encounter) -> Encounter:
    """A copy of ``encounter`` the GM's later edits do not touch."""
    tokens = encounter.tokens.values()
    return Encounter(
        encounter.map.copy(),
        [replace(t, statuses=dict(t.statuses), figures=dict(t.figures)) for t in tokens],
        list(encounter.sides.values()),
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
) -> Builder:
    """Builds each link's view of a copy of ``encounter`` taken now.

    ``budgets``: each character's move budget now (the GM's window knows what a
    procedure left it); a character missing from it may move its speed.
    """
    frozen = frozen_copy(encounter)
    budgets = dict(budgets or {})
    views: dict[str, LinkView] = {}
    panel: list[PanelView | None] = []

    def build(link: Link) -> LinkView:
        if paused:
            return paused_view(link.kind)
        if not panel:
            panel.append(panel_view(frozen))
        key = f"{link.character or ''}:{link.moves}"
        if key not in views:
            character = link.character
            if character is None:
                views[key] = table_view(frozen, art_source, panel[0])
            else:
                token = frozen.tokens.get(character)
                budget = budgets.get(character, token.speed if token is not None else None)
                views[key] = character_view(
                    frozen, character, art_source, panel[0], link.moves, budget
                )
        return views[key]

    return build
