"""An evening of three scenes for the travel tests: the small grid, a crypt, the tavern."""

from __future__ import annotations

from PySide6.QtCore import QPointF
from PySide6.QtWidgets import QMenu

from tactical.app.map.geometry import CELL
from tactical.core.encounter import Encounter
from tactical.core.evening import Evening, Scene
from tactical.core.grid import GridMap
from tactical.core.tokens import Token
from tests.app.conftest import small_areas, small_grid


def crypt() -> Encounter:
    """An empty 8 x 6 grid under fog (the party: the player characters), a block at (4, 0)."""
    rows = [" ".join("0x" if (c, r) == (4, 0) else "0" for c in range(8)) for r in range(6)]
    encounter = Encounter(GridMap.from_text("\n".join(rows)), [], name="Crypt")
    encounter.fog.enabled = True
    encounter.fog.party = ["pcs"]
    return encounter


def evening() -> Evening:
    """Road (the small grid), Crypt (an empty grid under fog), Tavern (three areas)."""
    road = small_grid()
    road.name = "Road"
    tavern = small_areas()
    tavern.name = "Tavern"
    return Evening(
        [Scene("road", road), Scene("crypt", crypt()), Scene("tavern", tavern)], shown="road"
    )


def centre(col: int, row: int) -> QPointF:
    return QPointF((col + 0.5) * CELL, (row + 0.5) * CELL)


def entry(menu: QMenu, text: str) -> object:
    """The action called ``text`` in ``menu`` or one of its submenus (AssertionError if none)."""
    for action in menu.actions():
        if action.text() == text:
            return action
        if action.menu() is not None:
            try:
                return entry(action.menu(), text)  # type: ignore[arg-type]
            except AssertionError:
                pass
    raise AssertionError(f"no entry {text!r} in {[a.text() for a in menu.actions()]}")


def texts(menu: QMenu) -> list[str]:
    return [a.text() for a in menu.actions()]


__all__ = ["Token", "centre", "crypt", "entry", "evening", "texts"]
