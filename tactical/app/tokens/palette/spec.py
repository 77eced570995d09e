"""What the add-token form asks, its defaults, and the one undo step that adds the token.

Qt-free apart from the app's limits: the form fills a :class:`TokenSpec`, and
:func:`add_token_command` turns it into ``Batch(AddPicture, AddToken)``.

Default side (a choice the issue left to us): the side last chosen in this
window's form; else the first side that is not the party (the fog's party
sides, "pcs" by default): a token the GM adds mid-fight is usually a foe;
else the first side.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tactical.app.encounter.limits import MAX_FIGURE_TEXT, MAX_ID, MAX_INT, MAX_NAME, MAX_SPEED
from tactical.core.commands import AddPicture, AddToken, Batch, Command
from tactical.core.encounter import Encounter
from tactical.core.pictures import Picture
from tactical.core.token_names import new_id
from tactical.core.tokens import Figure, Position, Token

SIZES = (1, 2, 3)
DEFAULT_SPEED = 6


@dataclass
class TokenSpec:
    """A token to add: what the GM chose in the form."""

    name: str
    side: str
    size: int = 1
    speed: int = DEFAULT_SPEED
    picture: Picture | None = None
    """The art (added to the encounter's pictures when not there yet), or None: a disc."""
    figures: dict[str, Figure] = field(default_factory=dict)
    hidden: bool = False


def default_side(encounter: Encounter, last: str | None) -> str:
    """The side the form proposes (see the module's docstring)."""
    if last in encounter.sides:
        return last
    party = set(encounter.fog.party)
    for side_id in encounter.sides:
        if side_id not in party:
            return side_id
    return next(iter(encounter.sides))


def default_speed(encounter: Encounter) -> int:
    """6, or the active procedure's ``default_speed`` when it declares one."""
    if encounter.procedure:
        from tactical.rules.errors import UnknownProcedure
        from tactical.rules.registry import get

        try:
            speed: Any = getattr(get(encounter.procedure), "default_speed", None)
        except UnknownProcedure:
            speed = None
        if isinstance(speed, int) and 0 <= speed <= MAX_SPEED:
            return speed
    return DEFAULT_SPEED


def figure_labels(encounter: Encounter) -> dict[str, str]:
    """The figures the active procedure tracks (its combatants table's columns)."""
    from tactical.rules.registry import tracked_figures  # the rules load on first use

    return tracked_figures(encounter.procedure)


def figure_defaults(encounter: Encounter) -> dict[str, int | str]:
    """What the active procedure's panel shows for each tracked figure a token lacks."""
    from tactical.rules.registry import figure_defaults as defaults  # the rules load on first use

    return defaults(encounter.procedure)


def parse_figure(text: str) -> Figure:
    """A typed figure: blank -> None (not set), a whole number -> int, a decimal -> float,
    anything else the text itself. ValueError beyond what a file holds."""
    text = text.strip()
    if not text:
        return None
    try:
        number = int(text)
    except ValueError:
        try:
            value = float(text)
        except ValueError:
            if len(text) > MAX_FIGURE_TEXT:
                raise ValueError(f"a figure may be at most {MAX_FIGURE_TEXT} characters") from None
            return text
        if value != value or value in (float("inf"), float("-inf")):
            raise ValueError("a figure must be a finite number") from None
        return value
    if abs(number) > MAX_INT:
        raise ValueError(f"a figure may be at most {MAX_INT:,}")
    return number


def check_spec(spec: TokenSpec, encounter: Encounter) -> str | None:
    """Why the spec cannot be added (in the GM's words), or None."""
    if not spec.name.strip():
        return "a token needs a name"
    if len(spec.name.strip()) > MAX_NAME:
        return f"a token's name may be at most {MAX_NAME} characters long"
    if spec.side not in encounter.sides:
        return "choose a side"
    if not 1 <= spec.size <= 64 or not 0 <= spec.speed <= MAX_SPEED:
        return f"size 1 to 64 and speed 0 to {MAX_SPEED:,}"
    return None


def add_token_command(
    encounter: Encounter, spec: TokenSpec, position: Position
) -> tuple[Command, str]:
    """One undo step adding the spec's picture (when new) and its token; and the token's id."""
    name = spec.name.strip()
    token = Token(
        new_id(encounter.tokens, name, MAX_ID),
        name,
        spec.side,
        position,
        size=spec.size,
        speed=spec.speed,
        image=spec.picture.id if spec.picture is not None else None,
        figures={k: v for k, v in spec.figures.items() if v is not None},
        hidden=spec.hidden,
    )
    commands: list[Command] = []
    if spec.picture is not None:
        commands.append(AddPicture(spec.picture))
    commands.append(AddToken(token))
    return Batch(f"Add {name}", commands), token.id
