"""What "Edit token…" changes: the token as the form shows it, and one undo step per edit.

Qt-free: :func:`spec_of` fills the add form's :class:`TokenSpec` from a token
on the map; :func:`edit_token_command` turns the GM's answers into one
``Batch`` of the fields that changed (name, side, size, speed, picture,
hidden, tracked figures, sight), or None when nothing did. Several tokens
change side, hidden or picture at once through :func:`edit_many_command`.
"""

from __future__ import annotations

from dataclasses import dataclass

from tactical.app.tokens.palette.spec import TokenSpec
from tactical.core.commands import AddPicture, Batch, Command, SetFigure, SetTokenField
from tactical.core.encounter import Encounter
from tactical.core.fog_queries import SIGHT_FIGURE
from tactical.core.pictures import Picture
from tactical.core.tokens import Figure, Token


def figure_text(value: Figure) -> str:
    """A figure as the form's field shows it (blank: not set)."""
    if value is None:
        return ""
    return str(value)


def spec_of(token: Token, encounter: Encounter) -> TokenSpec:
    """The add form's answers that would make ``token`` (its picture as the encounter holds it)."""
    picture = encounter.pictures.get(token.image) if token.image else None
    return TokenSpec(
        name=token.name,
        side=token.side,
        size=token.size,
        speed=token.speed,
        picture=picture,
        figures=dict(token.figures),
        hidden=token.hidden,
    )


def fits(token: Token, size: int, encounter: Encounter) -> bool:
    """Whether ``token`` grown or shrunk to ``size`` stays on its grid (always on an area map)."""
    grid = encounter.grid
    square = token.square
    if grid is None or square is None:
        return True
    col, row = square
    return all(grid.in_bounds((col + dc, row + dr)) for dr in range(size) for dc in range(size))


def edit_problem(token: Token, spec: TokenSpec, encounter: Encounter) -> str | None:
    """Why the edit cannot be made (in the GM's words), or None."""
    from tactical.app.tokens.palette.spec import check_spec

    problem = check_spec(spec, encounter)
    if problem is not None:
        return problem
    if spec.size != token.size and not fits(token, spec.size, encounter):
        return f"a {spec.size} x {spec.size} token does not fit on the map there"
    return None


def _picture_steps(encounter: Encounter, token: Token, picture: Picture | None) -> list[Command]:
    image = picture.id if picture is not None else None
    if image == token.image:
        return []
    steps: list[Command] = []
    if picture is not None and picture.id not in encounter.pictures:
        steps.append(AddPicture(picture))
    steps.append(SetTokenField(token.id, "image", image))
    return steps


def edit_token_command(encounter: Encounter, token_id: str, spec: TokenSpec) -> Command | None:
    """One undo step making the token what ``spec`` says; None when nothing changes.

    ``spec.figures`` holds only the figures the GM changed (None: cleared);
    figures the form does not show stay as they are.
    """
    token = encounter.token(token_id)
    steps: list[Command] = []
    name = spec.name.strip()
    if name != token.name:
        steps.append(SetTokenField(token_id, "name", name))
    for field, value in (
        ("side", spec.side),
        ("size", spec.size),
        ("speed", spec.speed),
        ("hidden", spec.hidden),
    ):
        if getattr(token, field) != value:
            steps.append(SetTokenField(token_id, field, value))
    steps += _picture_steps(encounter, token, spec.picture)
    for key, figure in spec.figures.items():
        if token.figures.get(key) != figure or (figure is None and key in token.figures):
            steps.append(SetFigure(token_id, key, figure))
    if not steps:
        return None
    return Batch(f"Edit {name or token.name}", steps)


KEEP = object()
"""A multi-token edit's answer for "leave each token's own"."""


@dataclass
class ManyEdit:
    """What several tokens change at once: None (side, hidden) or KEEP (picture) keeps each."""

    side: str | None = None
    hidden: bool | None = None
    picture: object = KEEP
    """A Picture, None (a plain disc) or KEEP."""


def edit_many_command(encounter: Encounter, token_ids: list[str], edit: ManyEdit) -> Command | None:
    """One undo step changing side, hidden and picture of several tokens; None if nothing does."""
    steps: list[Command] = []
    added_picture = False
    for token_id in token_ids:
        token = encounter.tokens.get(token_id)
        if token is None:
            continue
        if edit.side is not None and edit.side != token.side:
            steps.append(SetTokenField(token_id, "side", edit.side))
        if edit.hidden is not None and edit.hidden != token.hidden:
            steps.append(SetTokenField(token_id, "hidden", edit.hidden))
        if edit.picture is not KEEP:
            picture = edit.picture if isinstance(edit.picture, Picture) else None
            picture_steps = _picture_steps(encounter, token, picture)
            if added_picture:
                picture_steps = [s for s in picture_steps if not isinstance(s, AddPicture)]
            added_picture = added_picture or any(isinstance(s, AddPicture) for s in picture_steps)
            steps += picture_steps
    if not steps:
        return None
    return Batch(f"Edit {len(token_ids)} tokens", steps)


def sight_figure(text: str) -> Figure:
    """The sight field: blank -> None (unlimited), else whole squares (ValueError if not)."""
    text = text.strip()
    if not text:
        return None
    try:
        squares = int(text)
    except ValueError:
        raise ValueError("sight: a whole number of squares, or blank for unlimited") from None
    if not 0 <= squares <= 1_000_000:
        raise ValueError("sight: 0 to 1,000,000 squares")
    return squares


__all__ = [
    "KEEP",
    "SIGHT_FIGURE",
    "ManyEdit",
    "edit_many_command",
    "edit_problem",
    "edit_token_command",
    "figure_text",
    "fits",
    "sight_figure",
    "spec_of",
]
