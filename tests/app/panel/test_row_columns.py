"""A row's figure columns read figures together, and the rest go to the details (Qt-free)."""

from __future__ import annotations

import pytest

from tactical.app.panel.row_columns import (
    EMPTY,
    column_key,
    figures_of,
    hover_lines,
    joined,
    rest,
    split_edit,
)
from tactical.rules import RowFigure

LABELS = {
    "fatigue_load": "Fatigue load",
    "fatigue_tolerance": "Fatigue tolerance",
    "wounds": "Wounds",
    "stance": "Stance",
}
FATIGUE = RowFigure("Fatigue", ("fatigue_load", "fatigue_tolerance"))


def test_a_column_reads_a_load_out_of_its_tolerance() -> None:
    key = column_key(FATIGUE)
    assert figures_of(key) == ("fatigue_load", "fatigue_tolerance")
    assert figures_of("statuses") == ()
    assert joined(["1", "4"]) == "1/4"
    assert joined(["5", ""]) == "5"  # hit points without a most
    assert joined(["", "8"]) == f"{EMPTY}/8"
    assert joined(["", ""]) == ""


def test_an_edit_sets_the_figures_it_names_in_order() -> None:
    names = FATIGUE.figures
    assert split_edit(names, "2/5") == [("fatigue_load", "2"), ("fatigue_tolerance", "5")]
    assert split_edit(names, " 3 ") == [("fatigue_load", "3")]
    assert split_edit(names, f"{EMPTY}/6") == [("fatigue_load", ""), ("fatigue_tolerance", "6")]
    assert split_edit(("stance",), "Guard / Rush") == [("stance", "Guard / Rush")]
    with pytest.raises(ValueError, match="at most 2 values, like 1/2"):
        split_edit(names, "1/2/3")


def test_the_details_hold_the_figures_no_column_reads() -> None:
    shown = ["name", column_key(FATIGUE), column_key(RowFigure("Wounds", ("wounds",)))]
    assert rest(LABELS, shown) == [("stance", "Stance")]
    assert rest(LABELS, ["name"]) == list(LABELS.items())


def test_hovering_reads_every_figure() -> None:
    values = {"fatigue_load": "1", "fatigue_tolerance": "4", "wounds": "0"}
    assert hover_lines(LABELS, lambda key: values.get(key, "")) == [
        "Fatigue load 1",
        "Fatigue tolerance 4",
        "Wounds 0",
        f"Stance {EMPTY}",
    ]
