"""The neutral form every foreign map is read into before it becomes an encounter.

A reader (one module per format: Universal VTT today, a Foundry scene or a
plain picture with a grid tomorrow) turns its file into a :class:`ForeignMap`
of plain numbers and bytes; :func:`tactical.persistence.foreign.builder.build`
is the one place that turns it into our model. Coordinates are in squares
with ``(0, 0)`` the map's top-left corner, so the reader has already taken
its format's own origin off; lines may still reach off the map, and points
may repeat (the builder clips and tidies).
"""

from __future__ import annotations

from dataclasses import dataclass, field

Point = tuple[float, float]
Polyline = tuple[Point, ...]


@dataclass(frozen=True)
class ForeignPortal:
    """A door or window from end ``a`` to end ``b``; ``closed`` False is a window."""

    a: Point
    b: Point
    closed: bool = True
    open: bool = False
    """A door tactical exported open (its own ``tactical_open`` key; see ``uvtt_write``)."""


@dataclass(frozen=True)
class ForeignLight:
    """A light: where, how far (squares), how bright (0..1), colour ``AARRGGBB``."""

    position: Point
    range: float
    intensity: float
    color: str


@dataclass(frozen=True)
class ForeignMap:
    """A map as a foreign file describes it, with nothing of our model yet."""

    source: str
    """What it was, for messages: ``Universal VTT 0.3``."""
    picture: bytes
    """The map's art, checked: a PNG, JPEG or WebP within the limits."""
    width: float
    """The map's size in squares (fractions allowed; the grid rounds up)."""
    height: float
    pixels_per_square: float
    walls: tuple[Polyline, ...] = ()
    """Block movement and sight."""
    objects: tuple[Polyline, ...] = ()
    """Block sight, not movement (furniture, pillars)."""
    portals: tuple[ForeignPortal, ...] = ()
    lights: tuple[ForeignLight, ...] = ()
    name: str = ""
    file_name: str = ""
    """The name of the file it was read from (``cave.dd2vtt``): the picture's name."""
    notes: tuple[str, ...] = field(default=())
    """What the reader left out or changed, said to the GM after the import."""
