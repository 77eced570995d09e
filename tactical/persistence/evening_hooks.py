"""Where the evening's reader and writer plug into the single-map code below them.

``evening_file`` needs ``files`` and ``convert`` (a scene is read and proven as a
map of version 5), so they cannot import it; it fills these when the package
``tactical.persistence`` is imported, which every import of a module in it does.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

EVENING_KEY = "\x00evening"
"""The key under which a scene's snapshot carries the rest of its evening (never written)."""

read_evening: list[Callable[[dict[str, Any], list[Any]], Any]] = []
"""``read_evening[0](raw, problems)``: the evening of a version 6 file's object."""

evening_frame: list[Callable[[Any], Any]] = []
"""``evening_frame[0](encounter)``: what a save of a scene needs of the rest of its evening,
or None for an encounter alone."""
