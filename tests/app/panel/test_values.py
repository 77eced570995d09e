"""What the GM types into the combatant table and the typed-dice field."""

from __future__ import annotations

import re

import pytest

from tactical.app.panel.values import (
    figure_text,
    parse_figure,
    parse_statuses,
    parse_typed_dice,
    status_changes,
    statuses_text,
)


@pytest.mark.parametrize(
    ("text", "current", "value"),
    [
        ("7", 3, 7),
        (" -2 ", 3, -2),
        ("1.5", 3, 1.5),
        ("Bruised", "Unhurt", "Bruised"),
        ("12", "Unhurt", 12),
        ("", 3, None),
        ("yes", False, True),
        ("no", True, False),
        ("nan", 3, "nan"),
    ],
)
def test_parse_figure(text: str, current: object, value: object) -> None:
    parsed = parse_figure(text, current)  # type: ignore[arg-type]
    assert parsed == value and type(parsed) is type(value)


def test_a_yes_no_figure_refuses_other_words() -> None:
    with pytest.raises(ValueError, match="'maybe' is not yes or no"):
        parse_figure("maybe", True)


def test_figure_text_round_trips() -> None:
    assert figure_text(True) == "yes" and figure_text(None) == "" and figure_text(2.5) == "2.5"


def test_statuses_text_and_parse() -> None:
    assert statuses_text({"prone": 1, "bleeding": 2}) == "prone, bleeding 2"
    assert parse_statuses("prone, bleeding 2") == {"prone": 1, "bleeding": 2}
    assert parse_statuses("on fire 3,, stunned 0") == {"on fire": 3}
    assert parse_statuses("") == {}
    assert parse_statuses("bleeding 1, bleeding 0") == {}
    with pytest.raises(ValueError, match="needs a status name"):
        parse_statuses("3")


def test_status_changes_are_the_minimal_edits() -> None:
    before = {"prone": 1, "bleeding": 2, "stunned": 1}
    after = {"prone": 1, "bleeding": 3, "blind": 1}
    assert status_changes(before, after) == [("stunned", None), ("bleeding", 3), ("blind", 1)]


def test_typed_dice() -> None:
    assert parse_typed_dice("5, 3 ; 6") == [5, 3, 6]
    assert parse_typed_dice("  ") == []
    with pytest.raises(ValueError, match="'x'"):
        parse_typed_dice("5 x")


# -- what the file format cannot hold is refused at the input (issue 14) -----------------


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (str(2**70), "a number must lie between -2^53 and 2^53"),
        ("-" + str(2**54), "a number must lie between -2^53 and 2^53"),
        ("9" * 5000, "a number must lie between -2^53 and 2^53"),
        ("x" * 1500, "a text figure may be at most 1000 characters"),
    ],
)
def test_a_figure_the_file_cannot_hold_is_refused(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=re.escape(message)):
        parse_figure(text)


def test_figures_at_the_limits_are_accepted() -> None:
    assert parse_figure(str(2**53)) == 2**53
    assert parse_figure("x" * 1000) == "x" * 1000


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("Slowed 5000000", "at most 1,000,000 stacks"),
        ("Slowed 99999999999999999999", "at most 1,000,000 stacks"),
        ("S" * 254, "a status name may be at most 200 characters"),
        (", ".join(f"s{i}" for i in range(101)), "at most 100 statuses"),
    ],
)
def test_statuses_the_file_cannot_hold_are_refused(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        parse_statuses(text)


def test_typed_dice_are_bounded() -> None:
    with pytest.raises(ValueError, match="more than 1,000,000"):
        parse_typed_dice("5, 99999999999")
    with pytest.raises(ValueError, match="at most 1000 results"):
        parse_typed_dice(" ".join(["1"] * 1001))
