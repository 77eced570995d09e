"""What the GM types into the combatant table and the typed-dice field."""

from __future__ import annotations

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
