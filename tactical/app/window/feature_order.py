"""The features of a window, each named with the features it is installed after.

A feature's menu entries do not depend on the order it is installed in (they
are declared with a place, :mod:`tactical.app.window.menu_places`); what one feature
hands another (map editing to the backgrounds, the drops to the palette) does,
and so does which of two event filters sees a click first. Each feature names
those it comes after; :func:`install_order` keeps the order it is given
otherwise, so a test can shuffle it and find the same menus.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Generic, TypeVar

Host = TypeVar("Host")


@dataclass(frozen=True)
class Feature(Generic[Host]):
    """A feature: the window's attribute it is kept in, its install, the features before it."""

    name: str
    install: Callable[[Host], object]
    after: tuple[str, ...] = ()


def install_order(features: Iterable[Feature[Host]]) -> list[Feature[Host]]:
    """``features`` in their order, each moved after the features it names."""
    waiting = list(features)
    known = {feature.name for feature in waiting}
    for feature in waiting:
        unknown = set(feature.after) - known
        if unknown:
            raise ValueError(f"{feature.name} comes after unknown {sorted(unknown)}")
    done: list[Feature[Host]] = []
    names: set[str] = set()
    while waiting:
        ready = next((f for f in waiting if set(f.after) <= names), None)
        if ready is None:
            raise ValueError(f"features wait on each other: {[f.name for f in waiting]}")
        waiting.remove(ready)
        done.append(ready)
        names.add(ready.name)
    return done
