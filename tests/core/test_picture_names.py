"""A picture keeps the name it came in with; adding it again renames it only if it had none."""

from __future__ import annotations

import pytest

from tactical.core.commands.base import UndoStack
from tactical.core.commands.pictures import AddPicture
from tactical.core.encounter import Encounter
from tactical.core.grid import GridMap
from tactical.core.pictures import Picture, picture_name, picture_name_problem


def test_a_picture_name_is_one_line_of_at_most_200_characters() -> None:
    assert picture_name_problem("giant-wolf.png") is None
    assert picture_name_problem("x" * 200) is None
    assert picture_name_problem("x" * 201) == "may be at most 200 characters long"
    for bad in ("two\nlines", "tab\there", "bell\x07", "del\x7f", "c1\x85"):
        assert picture_name_problem(bad) == (
            "holds a control character (a line break, a tab, ...): a name is one line of text"
        )
    with pytest.raises(ValueError, match="the name of picture 'p' may be at most 200"):
        Picture("p", data=b"x", name="x" * 201)
    with pytest.raises(ValueError, match="the name of picture 'p' holds a control character"):
        Picture("p", path="a.png", name="a\nb")


def test_a_file_name_becomes_a_sound_picture_name() -> None:
    assert picture_name("giant-wolf.png") == "giant-wolf.png"
    assert picture_name("odd\nname.png") == "odd name.png"
    assert picture_name("  x.png\t") == "x.png"
    long = picture_name("w" * 250 + ".png")
    assert long == "w" * 200 and picture_name_problem(long) is None


def test_adding_a_picture_again_keeps_its_first_name_and_undo_keeps_the_first_copy() -> None:
    encounter = Encounter(GridMap(2, 2))
    stack = UndoStack(encounter)
    stack.push(AddPicture(Picture("pic", data=b"x", name="wolf.png")))
    stack.push(AddPicture(Picture("pic", data=b"x", name="dog.png")))
    assert encounter.pictures["pic"].name == "wolf.png"
    stack.undo()
    assert encounter.pictures["pic"].name == "wolf.png"
    stack.undo()
    assert "pic" not in encounter.pictures


def test_an_unnamed_picture_takes_the_name_it_comes_in_with_again_and_undo_takes_it_away() -> None:
    data = b"x"
    encounter = Encounter(GridMap(2, 2), pictures=[Picture("pic", data=data)])
    stack = UndoStack(encounter)
    stack.push(AddPicture(Picture("pic", data=b"x", name="knight.png")))
    named = encounter.pictures["pic"]
    assert named.name == "knight.png"
    assert named.data is data  # the bytes the file gave (their base64 is kept between saves)
    stack.undo()
    assert encounter.pictures["pic"] == Picture("pic", data=data)
    stack.redo()
    assert encounter.pictures["pic"].name == "knight.png"
    stack.push(AddPicture(Picture("pic", data=b"x")))  # no name: nothing changes
    assert encounter.pictures["pic"].name == "knight.png"
