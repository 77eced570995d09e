"""A closed evening lets its scenes go: the file the GM closed is freed by its last reference.

An evening and its scenes' encounters hold each other (each encounter names its evening and
tells it its changes). The app freezes what lives (``app/runtime/gui_thread_gc.py``), and a
frozen cycle is freed only by a collection of everything: 0.1-0.6 s on 1024 x 1024.
"""

from __future__ import annotations

import gc
import weakref

from tactical.core.encounter import Encounter
from tactical.core.evening import Evening, Scene, evening_of
from tactical.core.grid import GridMap
from tactical.core.tokens import Token


def test_a_closed_evening_and_its_scenes_are_freed_without_a_collection() -> None:
    road = Encounter(GridMap(10, 10), [Token("hero", "Hero", position=(1, 1))], name="Road")
    tavern = Encounter(GridMap(5, 5), name="Tavern")
    evening = Evening([Scene("road", road), Scene("tavern", tavern)], shown="road")
    gone = [weakref.ref(evening), weakref.ref(road), weakref.ref(tavern)]
    evening.close()
    assert evening_of(road) is None and evening_of(tavern) is None
    assert road._listeners == [] and tavern._listeners == []  # nor listens to them
    was = gc.isenabled()
    gc.disable()
    try:
        del evening, road, tavern
        assert [thing() for thing in gone] == [None, None, None]
    finally:
        if was:
            gc.enable()
