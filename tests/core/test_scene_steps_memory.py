"""What an undo step of the evening keeps: its own few fields, not the evening it edits."""

from __future__ import annotations

from tactical.core.commands.scenes import ShowScene
from tactical.core.encounter import Encounter
from tactical.core.evening import Evening, Scene
from tactical.core.grid import GridMap


def test_showing_a_scene_keeps_a_few_bytes_whatever_the_maps_weigh() -> None:
    big = Encounter(GridMap(512, 512), name="Big")
    evening = Evening([Scene("small", Encounter(GridMap(4, 4))), Scene("big", big)])
    step = ShowScene(evening, "big")
    assert step.held_bytes() < 2_000  # the 512 x 512 map alone is over a megabyte
