"""Movement on a grid (001): costs, tokens in the way, walls, teleport, descent rolls."""

import copy
import pickle

import pytest

from tactical.core import (
    Encounter,
    EngineError,
    GridMap,
    MoveOptions,
    Terrain,
    Token,
    Wall,
    find_path,
    reachable,
)
from tactical.core.commands import PaintSquares, SetWall, UndoStack
from tactical.core.movement import moves as moves_module

CORRIDOR = """
0x 0x 0x 0x 0x
0  0  0  0  0
0x 0x 0x 0x 0x
"""


def one(grid: GridMap, at: tuple[int, int], speed: int = 6, **extra: object) -> Encounter:
    return Encounter(map=grid, tokens=[Token(id="me", side="pcs", position=at, speed=speed)])


def test_seed_001_line_36_every_neighbour_costs_one() -> None:
    costs = reachable(one(GridMap(5, 5), (2, 2)), "me", 1)
    assert costs == {(c, r): (0 if (c, r) == (2, 2) else 1) for c in (1, 2, 3) for r in (1, 2, 3)}


def test_seed_001_line_48_climbing_three_levels_in_one_step_costs_three() -> None:
    # 001 line 48: "ascend or descend one elevation level ... without any additional
    # movement cost. For each increment beyond the first, it costs +1".
    encounter = one(GridMap.from_text("0 1 0 2 0 3"), (0, 0))
    for goal, cost in (((1, 0), 1), ((3, 0), 2), ((5, 0), 3)):
        encounter.token("me").position = (goal[0] - 1, 0)
        assert reachable(encounter, "me", 6)[goal] == cost
        assert find_path(encounter, "me", goal) == ([(goal[0] - 1, 0), goal], cost)


def test_descending_costs_like_climbing_without_the_roll() -> None:
    encounter = one(GridMap.from_text("3 0"), (0, 0))
    path = find_path(encounter, "me", (1, 0))
    assert path == ([(0, 0), (1, 0)], 3)
    assert path.rolls == ()  # type: ignore[union-attr]


def test_seed_001_line_49_a_drop_of_two_or_more_may_be_rolled_instead() -> None:
    # 001 line 49: "descend to an adjacent square which is 2 or more elevations below
    # without expending extra movement by making an Endurance or Reflex roll ...
    # opposition level equal to the difference in elevation".
    encounter = one(GridMap.from_text("4 4 1 0"), (0, 0))
    roll = MoveOptions(roll_descent=True)
    assert reachable(encounter, "me", 6, roll)[(2, 0)] == 2
    path = find_path(encounter, "me", (3, 0), roll)
    assert path == ([(0, 0), (1, 0), (2, 0), (3, 0)], 3)
    assert [(r.step, r.origin, r.landing, r.levels) for r in path.rolls] == [  # type: ignore[union-attr]
        (1, (1, 0), (2, 0), 3)
    ]
    # Climbing is never helped by the roll.
    encounter.token("me").position = (3, 0)
    assert find_path(encounter, "me", (1, 0), roll) == ([(3, 0), (2, 0), (1, 0)], 1 + 1 + 2)


def test_seed_001_line_50_leaving_difficult_terrain_costs_one_more() -> None:
    encounter = one(GridMap.from_text("0 0d 0 0"), (0, 0))
    costs = reachable(encounter, "me", 6)
    assert costs[(1, 0)] == 1  # entering is plain
    assert costs[(2, 0)] == 1 + 2  # leaving it costs +1
    encounter.token("me").position = (1, 0)
    assert reachable(encounter, "me", 6)[(2, 0)] == 2


def test_impassable_squares_cannot_be_entered() -> None:
    encounter = one(GridMap.from_text("0 0x 0\n0 0x 0\n0 0x 0"), (0, 1))
    costs = reachable(encounter, "me", 10)
    assert set(costs) == {(0, 0), (0, 1), (0, 2)}
    assert find_path(encounter, "me", (2, 1)) is None
    assert find_path(encounter, "me", (1, 1)) is None


def test_seed_001_line_40_allies_can_be_passed_but_not_stopped_on() -> None:
    # 001 line 40: "Characters can move through the space of allies as if the square
    # were open but cannot stop there".
    encounter = one(GridMap.from_text(CORRIDOR), (0, 1))
    encounter.add_token(Token(id="friend", side="pcs", position=(2, 1)))
    costs = reachable(encounter, "me", 4)
    assert costs == {(0, 1): 0, (1, 1): 1, (3, 1): 3, (4, 1): 4}
    assert find_path(encounter, "me", (3, 1)) == ([(0, 1), (1, 1), (2, 1), (3, 1)], 3)
    assert find_path(encounter, "me", (2, 1)) is None


def test_seed_001_line_40_enemies_block() -> None:
    # "Characters cannot move into the space of an enemy".
    encounter = one(GridMap.from_text(CORRIDOR), (0, 1))
    encounter.add_token(Token(id="foe", side="npcs", position=(2, 1)))
    assert reachable(encounter, "me", 4) == {(0, 1): 0, (1, 1): 1}
    assert find_path(encounter, "me", (4, 1)) is None


def test_allied_sides_pass_each_other() -> None:
    encounter = one(GridMap.from_text(CORRIDOR), (0, 1))
    encounter.sides["pcs"].allies.append("npcs")
    encounter.add_token(Token(id="hireling", side="npcs", position=(2, 1)))
    assert (3, 1) in reachable(encounter, "me", 4)


def test_a_wall_blocks_the_step_across_it() -> None:
    grid = GridMap(3, 1)
    grid.set_wall((0, 0), (1, 0), Wall())
    encounter = one(grid, (0, 0))
    assert reachable(encounter, "me", 5) == {(0, 0): 0}
    grid.set_wall((0, 0), (1, 0), Wall(door=True, open=True))
    assert reachable(encounter, "me", 5) == {(0, 0): 0, (1, 0): 1, (2, 0): 2}


def test_a_diagonal_step_cannot_cut_the_corner_where_a_wall_meets_it() -> None:
    grid = GridMap(3, 3)
    # A wall on the east side of (0, 0) ends at the corner point (1, 1).
    grid.set_wall((0, 0), (1, 0), Wall())
    encounter = one(grid, (0, 0))
    assert reachable(encounter, "me", 1) == {(0, 0): 0, (0, 1): 1}
    assert find_path(encounter, "me", (1, 1)) == ([(0, 0), (0, 1), (1, 1)], 2)
    # The other diagonal through that corner point is cut as well.
    encounter.token("me").position = (1, 0)
    assert (0, 1) not in reachable(encounter, "me", 1)


def test_a_diagonal_cannot_squeeze_between_two_impassable_squares() -> None:
    encounter = one(GridMap.from_text("0 0x\n0x 0"), (0, 0))
    assert reachable(encounter, "me", 3) == {(0, 0): 0}
    # One impassable square beside the diagonal does not block it.
    encounter = one(GridMap.from_text("0 0x\n0 0"), (0, 0))
    assert reachable(encounter, "me", 1)[(1, 1)] == 1


def test_budget_defaults_to_speed_and_caps_costs() -> None:
    encounter = one(GridMap(20, 1), (0, 0), speed=3)
    assert set(reachable(encounter, "me")) == {(c, 0) for c in range(4)}
    assert set(reachable(encounter, "me", 0)) == {(0, 0)}
    assert find_path(encounter, "me", (10, 0), budget=5) is None
    assert find_path(encounter, "me", (5, 0), budget=5) is not None
    with pytest.raises(EngineError):
        reachable(encounter, "me", -1)


def test_seed_001_line_41_teleport_ignores_the_way_and_extra_costs() -> None:
    # 001 line 41: "When teleporting a character does not pass through intervening
    # spaces ... it ignores effects that would increase the movement cost associated
    # with leaving the origin space or entering the destination space."
    grid = GridMap.from_text("0d 0x 0x 5 0")
    encounter = one(grid, (0, 0))
    encounter.add_token(Token(id="foe", position=(4, 0)))
    jump = MoveOptions(teleport=3)
    assert reachable(encounter, "me", 6, jump) == {(0, 0): 0, (3, 0): 3}
    path = find_path(encounter, "me", (3, 0), jump)
    assert path == ([(0, 0), (3, 0)], 3)
    assert path.teleport  # type: ignore[union-attr]
    assert find_path(encounter, "me", (3, 0), MoveOptions(teleport=2)) is None
    free = MoveOptions(teleport=3, teleport_uses_movement=False)
    assert reachable(encounter, "me", 1, free) == {(0, 0): 0, (3, 0): 0}


def test_a_large_token_needs_room_for_all_its_squares() -> None:
    grid = GridMap.from_text(
        """
        0 0 0 0 0
        0 0 0 0 0
        0 0 0x 0 0
        0 0 0 0 0
        """
    )
    encounter = Encounter(map=grid, tokens=[Token(id="ogre", position=(0, 0), size=2)])
    costs = reachable(encounter, "ogre", 1)
    # (1, 1) would put a square of the ogre on the impassable (2, 2).
    assert costs == {(0, 0): 0, (1, 0): 1, (0, 1): 1}
    encounter.add_token(Token(id="elf", side="pcs", position=(4, 0)))
    # The ogre's footprint may not overlap the enemy elf at all.
    assert (3, 0) not in reachable(encounter, "ogre", 6)
    assert (3, 2) in reachable(encounter, "ogre", 6)


def test_a_large_token_step_costs_its_worst_square() -> None:
    encounter = Encounter(
        map=GridMap.from_text("0 0 0\n0 0 3"), tokens=[Token(id="ogre", position=(0, 0), size=2)]
    )
    assert reachable(encounter, "ogre", 5)[(1, 0)] == 3


def test_sealed_regions_are_refused_and_reopened_after_an_edit() -> None:
    grid = GridMap(9, 9)
    encounter = one(grid, (0, 0))
    stack = UndoStack(encounter)
    ring = [(c, r) for c in range(5, 9) for r in range(5, 9) if c == 5 or r == 5]
    stack.push(PaintSquares(ring, terrain=Terrain.IMPASSABLE))
    assert find_path(encounter, "me", (7, 7)) is None
    stack.undo()
    path = find_path(encounter, "me", (7, 7))
    assert path is not None and path[1] == 7


def test_reachable_sees_a_wall_placed_by_a_command() -> None:
    encounter = one(GridMap(3, 1), (0, 0))
    stack = UndoStack(encounter)
    stack.push(SetWall((1, 0), (2, 0), Wall()))
    assert set(reachable(encounter, "me", 3)) == {(0, 0), (1, 0)}
    stack.undo()
    assert set(reachable(encounter, "me", 3)) == {(0, 0), (1, 0), (2, 0)}


def test_enemies_sealing_a_pocket_answer_no() -> None:
    encounter = one(GridMap(12, 12), (0, 0))
    for c, r in [(9, 9), (10, 9), (11, 9), (9, 10), (9, 11)]:
        encounter.add_token(Token(id=f"foe{c}{r}", position=(c, r)))
    assert find_path(encounter, "me", (11, 11)) is None


def test_a_token_off_the_map_cannot_move() -> None:
    encounter = Encounter(map=GridMap(3, 3), tokens=[Token(id="me")])
    with pytest.raises(EngineError):
        reachable(encounter, "me")


def test_paths_to_the_start_and_off_the_map() -> None:
    encounter = one(GridMap(3, 3), (1, 1))
    assert find_path(encounter, "me", (1, 1)) == ([(1, 1)], 0)
    assert find_path(encounter, "me", (5, 5)) is None


def test_a_path_survives_copy_and_pickle_with_its_rolls() -> None:
    encounter = one(GridMap.from_text("3 0"), (0, 0))
    path = find_path(encounter, "me", (1, 0), MoveOptions(roll_descent=True))
    assert path is not None
    for twin in (copy.deepcopy(path), pickle.loads(pickle.dumps(path))):
        assert twin == ([(0, 0), (1, 0)], 1)
        assert twin.rolls == path.rolls  # type: ignore[attr-defined]


def _no_search(*args: object, **kwargs: object) -> None:
    raise AssertionError("the path search ran for a goal the regions know is cut off")


def _only_the_near_try(monkeypatch: pytest.MonkeyPatch) -> list[object]:
    """Let only the first, bounded try of a question with no budget search (issue 22: a
    drop near the token is answered before any region index is built); any other search
    of a goal the regions know is cut off fails the test. Returns the tries made."""
    tries: list[object] = []
    search = moves_module.cheapest_path

    def bounded(*args: object, **kwargs: object) -> object:
        cap = args[4] if len(args) > 4 else kwargs.get("budget")
        if not (isinstance(cap, int) and cap <= moves_module.NEAR_REACH and kwargs.get("give_up")):
            _no_search()
        tries.append(cap)
        return search(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(moves_module, "cheapest_path", bounded)
    return tries


def test_a_large_ring_of_enemies_is_refused_without_a_search(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The pocket inside the ring (39 x 39 squares) is larger than the flood from
    # the goal looks at, so the regions answer, with the enemies' squares closed.
    encounter = one(GridMap(80, 80), (0, 0))
    ring = {(c, r) for c in range(20, 61) for r in range(20, 61) if c in (20, 60) or r in (20, 60)}
    for n, square in enumerate(sorted(ring)):
        encounter.add_token(Token(id=f"foe{n}", side="npcs", position=square))
    tries = _only_the_near_try(monkeypatch)
    assert find_path(encounter, "me", (40, 40)) is None
    encounter.token("me").position = (40, 40)
    assert find_path(encounter, "me", (0, 0)) is None
    assert len(tries) == 2  # each question tried near by, then refused by the regions


def test_an_enemy_in_the_only_doorway_seals_a_large_room(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    grid = GridMap(100, 100)
    room = [(c, r) for c in range(30, 91) for r in range(30, 91) if c in (30, 90) or r in (30, 90)]
    grid.set_squares({s: (0, Terrain.IMPASSABLE) for s in room if s != (30, 60)})
    encounter = one(grid, (0, 0))
    path = find_path(encounter, "me", (60, 60))
    assert path is not None and (30, 60) in path.squares  # type: ignore[union-attr]
    encounter.add_token(Token(id="guard", side="npcs", position=(30, 60)))
    _only_the_near_try(monkeypatch)
    assert find_path(encounter, "me", (60, 60)) is None
    # An ally in the doorway lets the token through.
    encounter.token("guard").side = "pcs"
    monkeypatch.undo()
    assert find_path(encounter, "me", (60, 60)) is not None


def test_a_token_put_on_an_impassable_square_is_refused_other_regions_at_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The GM may drop a token on a rock; it can step off it, but a goal in a
    # sealed room is still known to be out of reach without a search.
    grid = GridMap.from_text(
        """
        0x 0 0 0 0 0
        0  0 0 0 0 0
        0  0 0x 0x 0x 0x
        0  0 0x 0 0 0x
        0  0 0x 0x 0x 0x
        """
    )
    encounter = one(grid, (0, 0))
    assert find_path(encounter, "me", (5, 0)) == (
        [(0, 0), (1, 0), (2, 0), (3, 0), (4, 0), (5, 0)],
        5,
    )
    _only_the_near_try(monkeypatch)
    assert find_path(encounter, "me", (3, 3)) is None
    # A goal further than the budget could ever stretch is refused at once too.
    assert find_path(encounter, "me", (5, 1), budget=4) is None


def test_a_drop_near_the_token_is_answered_without_the_whole_map_index() -> None:
    """Issue 22: the first path question with no budget on a freshly opened big map (a
    token dropped outside its reach) is answered by a bounded search over the cost tiles
    near it; no region index is built and the far tiles are never computed."""
    from tactical.core.movement import index_for

    grid = GridMap(512, 512)
    grid.set_squares({(c, 210): (0, Terrain.IMPASSABLE) for c in range(195, 215)})
    encounter = one(grid, (200, 200))
    path = find_path(encounter, "me", (205, 220))
    assert path is not None and path[1] == 21  # round the west end of the rocks
    index = index_for(grid)
    assert index.regions == {}
    (layer,) = index.layers.values()
    assert not layer.ready.all()
    # The same question once the regions exist: the same answer.
    find_path(encounter, "me", (511, 511))
    assert index.regions != {}
    assert find_path(encounter, "me", (205, 220)) == path
