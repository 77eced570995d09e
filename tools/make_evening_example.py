"""Build maps/evening-crow-hill.tactical.json: an evening of three scenes the party walks.

Deterministic: the same file every run, made from the example maps beside it.
Run from the repository root::

    python tools/make_evening_example.py [OUT]

1. "The Drowned Rat" (an area map: the tavern brawl's room). The party of four
   (Ser Aldric, Mira Quickfoot, Brother Oswin, Elska the Wise) stands here, each
   a roster character; the shown scene.
2. "The road over Crow Hill" (a grid with heights: the hillside ruin). No party
   yet; the goblins and the ogre are hidden and marked as one encounter,
   "Goblin ambush", to spring. The scout stays hidden on its own.
3. "Crypt of the Hollow Saint" (the crypt example, walls, wall lines and
   pictures), all of it under fog again, "Reveal after every move" on, so it
   opens by the party's sight as they arrive. Its own party is gone: the roster
   walks in.

Exits link them: the tavern's front door leads to the road, a ruin on the road
to the crypt's entry hall, and back the other way.
"""

from __future__ import annotations

import sys
from pathlib import Path

from tactical.core.encounter import Encounter
from tactical.core.evening import Character, Evening, Exit, Scene, TokenGroup
from tactical.core.placement import free_corner
from tactical.persistence import load_encounter, save_evening

MAPS = Path(__file__).resolve().parents[1] / "maps"
OUT = MAPS / "evening-crow-hill.tactical.json"
PARTY = ("aldric", "mira", "oswin", "elska")
ROAD_ARRIVAL = (3, 17)
"""Where the road starts: the party's corner of the hillside example."""
RUIN_STAIRS = (30, 26)
"""Near where the stairs down to the crypt are (moved to the nearest open square)."""
CRYPT_ARRIVAL = (3, 11)
"""The crypt's entry hall."""
CRYPT_WAY_OUT = (6, 13)
TOWN_ROAD = (5, 22)
"""Near where the road leads back to town (moved to the nearest open square)."""


def _fresh(encounter: Encounter, name: str) -> Encounter:
    """No fight running (the evening starts before any)."""
    encounter.name = name
    encounter.procedure = None
    encounter.procedure_state = {}
    return encounter


def _without(encounter: Encounter, token_ids: tuple[str, ...]) -> None:
    """The tokens taken off the map, with their auras."""
    for token_id in token_ids:
        encounter.remove_token(token_id)
    for template in list(encounter.templates.values()):
        if template.token_id in token_ids:
            del encounter.templates[template.id]


def tavern() -> Encounter:
    return _fresh(load_encounter(MAPS / "tavern-brawl.tactical.json"), "The Drowned Rat")


def road() -> Encounter:
    encounter = _fresh(
        load_encounter(MAPS / "hillside-ruin.tactical.json"), "The road over Crow Hill"
    )
    _without(encounter, PARTY)
    for token in encounter.tokens.values():
        token.hidden = True
    return encounter


def crypt() -> Encounter:
    encounter = _fresh(
        load_encounter(MAPS / "crypt-fog.tactical.json"), "Crypt of the Hollow Saint"
    )
    _without(encounter, ("ilse", "bram", "oda"))
    used = {t.image for t in encounter.tokens.values()}
    for key in [k for k in encounter.pictures if k not in used]:
        del encounter.pictures[key]
    encounter.fog.set_mask(None)
    encounter.fog.enabled = True
    encounter.fog.auto_reveal = True
    return encounter


def build() -> Evening:
    rat, hill, dark = tavern(), road(), crypt()
    roster = []
    for token_id in PARTY:
        token = rat.tokens[token_id]
        token.character = token_id
        roster.append(
            Character(
                token_id,
                token.name,
                token.side,
                token.image,
                token.size,
                token.speed,
                dict(token.statuses),
                dict(token.figures),
            )
        )
    stairs, town = free_corner(hill, RUIN_STAIRS), free_corner(hill, TOWN_ROAD)
    assert stairs is not None and town is not None
    ambush = [t.id for t in hill.tokens.values() if t.id != "scout"]
    scenes = [
        Scene("tavern", rat, [Exit("front-door", "entry", "road", ROAD_ARRIVAL, "Front door")]),
        Scene(
            "road",
            hill,
            [
                Exit("stairs-down", stairs, "crypt", CRYPT_ARRIVAL, "Stairs down"),
                Exit("back-to-town", town, "tavern", "entry", "Back to town"),
            ],
            [TokenGroup("goblin-ambush", "Goblin ambush", ambush)],
        ),
        Scene("crypt", dark, [Exit("stairs-up", CRYPT_WAY_OUT, "road", stairs, "Stairs up")]),
    ]
    return Evening(scenes, roster, shown="tavern")


def main(argv: list[str]) -> int:
    out = Path(argv[1]) if len(argv) > 1 else OUT
    save_evening(build(), out)
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
