"""Placing Aura X, Area X and Line X templates, validated by the engine.

- Aura X follows its token: hovering a token (or, elsewhere, the selected
  token) previews the aura around it; a click places it.
- Area X is centred on the square under the pointer (for even sizes the extra
  row and column go right and down).
- Line X starts next to the token that makes it and runs towards the pointer,
  along the nearest of the 8 directions.

Area and Line placements must pass the engine's placement rule (001: at least
one square within the ability's range; range 0 means the user's own space).
They are made by a token, the one selected (:func:`needs_user`); an aura by the
token it surrounds.

A preview is worded as one (:attr:`TemplatePreview.hint`: "Here it would be
refused: ..."), so it cannot be read as the answer to the last click ("Placed
...", "Refused: ...", :attr:`TemplatePreview.reason`).
On an area map a template covers one area: Aura the token's area, Area and
Line the area clicked, within ``range`` areas of the user.

With :attr:`TemplatePlacer.terrain_effect` on, the template is a Terrain Effect
of the token that makes it (an aura's: the token it surrounds). 001: "A
particular character can only have one Terrain Effect in place at a time": a
click places it and removes that token's earlier Terrain Effects in one undo
step (:func:`tactical.core.commands.templates.place_template`); the preview
says which it would remove.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from tactical.app.encounter import engine
from tactical.app.map.geometry import footprint_centre, square_at
from tactical.app.map.interaction.events import Pointer
from tactical.app.map.interaction.locate import position_at
from tactical.core.commands.base import Command
from tactical.core.commands.templates import earlier_terrain_effects, place_template
from tactical.core.encounter import Encounter
from tactical.core.templates import Template, TemplateKind

_COLOURS = {"aura": "#3fa7d6", "area": "#e0a030", "line": "#d65db1"}


@dataclass
class TemplatePreview:
    """The template that a click would place, what it covers and whom, and whether it may."""

    template: Template | None
    footprint: frozenset[Any] = frozenset()
    affected: list[str] = field(default_factory=list)
    ok: bool = False
    reason: str = ""
    """What a click here did: "Area 2: Orc" (placed), "Refused: ...", or what is missing."""
    command: Command | None = None
    refusal: str = ""
    """Why the placement rule refuses it ("" when it does not)."""

    @property
    def hint(self) -> str:
        """The same answer worded as a preview, for while the pointer moves."""
        if self.refusal:
            return f"Here it would be refused: {self.refusal}."
        if self.ok:
            return f"Here: {self.reason}"
        return self.reason


def needs_user(kind: TemplateKind) -> bool:
    """Area and Line are made by a selected token; an aura is placed on the token it surrounds."""
    return kind != "aura"


def no_user_message(kind: TemplateKind) -> str:
    """What to say when an Area or Line is chosen and no single token is selected."""
    article = "an" if kind == "area" else "a"
    return (
        f"No token selected: {article} {kind.capitalize()} is made by a token. "
        "Press V, click the token that makes it, then T."
    )


def snap_direction(dx: float, dy: float) -> tuple[int, int] | None:
    """The nearest of the 8 unit steps to the vector ``(dx, dy)`` (None for no vector)."""
    if abs(dx) < 1e-9 and abs(dy) < 1e-9:
        return None
    angle = math.atan2(dy, dx)
    octant = round(angle / (math.pi / 4)) % 8
    steps = [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)]
    return steps[octant]


def new_template_id(encounter: Encounter) -> str:
    for n in itertools.count(1):
        candidate = f"template-{n}"
        if candidate not in encounter.templates:
            return candidate
    raise AssertionError("unreachable")  # pragma: no cover


class TemplatePlacer:
    """Previews and places one kind of template; the user token is who makes it."""

    def __init__(
        self,
        encounter: Callable[[], Encounter],
        kind: TemplateKind,
        size: int,
        range_: int = 0,
        user_id: str | None = None,
        label: str = "",
    ) -> None:
        self._encounter = encounter
        self.kind: TemplateKind = kind
        self.size = size
        self.range = range_
        self.user_id = user_id
        self.label = label
        self.terrain_effect = False
        """Place Terrain Effects of the token that makes them (001: one per token)."""
        self._last_key: object = object()

    @property
    def encounter(self) -> Encounter:
        return self._encounter()

    def preview(self, pointer: Pointer, hovered_token: str | None = None) -> TemplatePreview | None:
        """What a click here would place; None when nothing changed since the last call."""
        key = (
            self._key(pointer, hovered_token),
            self.kind,
            self.size,
            self.range,
            self.user_id,
            self.terrain_effect,
        )
        if key == self._last_key:
            return None
        self._last_key = key
        return self.build(pointer, hovered_token)

    def reset(self) -> None:
        """Forget the last preview, so the next :meth:`preview` always answers."""
        self._last_key = object()

    def click(self, pointer: Pointer, hovered_token: str | None = None) -> TemplatePreview:
        """Place here: the preview with a command when the placement is allowed."""
        self._last_key = object()
        preview = self.build(pointer, hovered_token)
        if preview.ok and preview.template is not None:
            preview.command = place_template(self.encounter, preview.template)
        return preview

    def _key(self, pointer: Pointer, hovered_token: str | None) -> object:
        if self.kind == "aura":
            return hovered_token
        return position_at(self.encounter, pointer.x, pointer.y)

    def build(self, pointer: Pointer, hovered_token: str | None = None) -> TemplatePreview:
        encounter = self.encounter
        if self.kind == "aura":
            source = hovered_token or self.user_id
            if source is None:
                return TemplatePreview(None, reason="Point at the token the aura surrounds.")
            template = Template(
                new_template_id(encounter),
                "aura",
                self.size,
                token_id=source,
                label=self.label,
                color=_COLOURS["aura"],
            )
            return self._checked(template, None)
        user = encounter.tokens.get(self.user_id or "")
        if user is None or user.position is None:
            return TemplatePreview(
                None, reason=f"Select the token that makes the {self.kind} first."
            )
        template_id = new_template_id(encounter)
        colour = _COLOURS[self.kind]
        if encounter.area_map is not None:
            area_id = position_at(encounter, pointer.x, pointer.y)
            if not isinstance(area_id, str):
                return TemplatePreview(None, reason="Point at an area.")
            template = Template(
                template_id,
                self.kind,
                self.size,
                token_id=user.id,
                area_id=area_id,
                label=self.label,
                color=colour,
            )
            hops = engine.distance(encounter, user.position, area_id)
            within = hops is not None and hops <= self.range
            return self._checked(
                template, None if within else f"it is more than {self.range} areas away"
            )
        assert user.square is not None
        pointer_square = square_at(pointer.x, pointer.y)
        if self.kind == "area":
            shift = (self.size - 1) // 2
            origin = (pointer_square[0] - shift, pointer_square[1] - shift)
            template = Template(
                template_id,
                "area",
                self.size,
                token_id=user.id,
                origin=origin,
                label=self.label,
                color=colour,
            )
        else:
            cx, cy = footprint_centre(user.square, user.size)
            direction = snap_direction(pointer.x - cx, pointer.y - cy)
            if direction is None:
                return TemplatePreview(None, reason="Point away from the token to aim the line.")
            origin = _first_square_beyond(user.square, user.size, direction)
            template = Template(
                template_id,
                "line",
                self.size,
                token_id=user.id,
                origin=origin,
                direction=direction,
                label=self.label,
                color=colour,
            )
        footprint = engine.template_footprint(encounter, template)
        if not footprint:
            return TemplatePreview(template, reason="That is off the map.")
        allowed = engine.placement_ok(footprint, user.square, self.range, user.size)
        reason = (
            None
            if allowed
            else (
                "range 0: the user's own space must be inside it"
                if self.range <= 0
                else f"no square of it is within range {self.range}"
            )
        )
        return self._checked(template, reason, footprint)

    def _checked(
        self, template: Template, reason: str | None, footprint: frozenset[Any] | None = None
    ) -> TemplatePreview:
        encounter = self.encounter
        template.terrain_effect = self.terrain_effect
        if footprint is None:
            footprint = engine.template_footprint(encounter, template)
        affected = engine.tokens_in_footprint(encounter, footprint)
        if reason is not None:
            return TemplatePreview(
                template, footprint, affected, False, f"Refused: {reason}.", refusal=reason
            )
        names = ", ".join(encounter.tokens[t].name for t in affected) or "nobody"
        kind = template.kind.capitalize()
        return TemplatePreview(
            template,
            footprint,
            affected,
            True,
            f"{kind} {template.size}: {names}{_terrain_effect_note(encounter, template)}",
        )


def _terrain_effect_note(encounter: Encounter, template: Template) -> str:
    """`` (Terrain Effect of Kara; the earlier one disappears)`` or nothing."""
    if not template.terrain_effect or template.token_id not in encounter.tokens:
        return ""
    creator = encounter.tokens[template.token_id].name
    earlier = len(earlier_terrain_effects(encounter, template))
    if not earlier:
        return f" (Terrain Effect of {creator})"
    which = "the earlier one" if earlier == 1 else f"the {earlier} earlier ones"
    return f" (Terrain Effect of {creator}; {which} disappears)"


def _first_square_beyond(
    corner: tuple[int, int], size: int, direction: tuple[int, int]
) -> tuple[int, int]:
    """The square just outside a token's footprint, from its centre along ``direction``."""
    dc, dr = direction
    col = corner[0] + (size if dc > 0 else -1 if dc < 0 else (size - 1) // 2)
    row = corner[1] + (size if dr > 0 else -1 if dr < 0 else (size - 1) // 2)
    return (col, row)
