"""Which figure columns give way to the panel's width (Qt-free)."""

from __future__ import annotations

from tactical.app.panel.fold import columns_to_fold, elided_width

THRUM = [
    ("name", 120),
    ("side", 40),
    ("order", 50),
    ("figure:fatigue_load", 60),
    ("figure:fatigue_tolerance", 75),
    ("figure:resilience_mod", 80),
    ("statuses", 65),
]


def test_nothing_folds_when_every_column_fits() -> None:
    assert columns_to_fold(THRUM, 490) == ()


def test_the_last_figures_fold_first_and_only_figures_fold() -> None:
    assert columns_to_fold(THRUM, 489) == ("figure:resilience_mod",)
    assert columns_to_fold(THRUM, 400) == ("figure:fatigue_tolerance", "figure:resilience_mod")
    assert columns_to_fold(THRUM, 100) == (
        "figure:fatigue_load",
        "figure:fatigue_tolerance",
        "figure:resilience_mod",
    )


def test_a_declaration_gives_up_width_before_a_figure_folds() -> None:
    widths = [("name", 100), ("declared", 220), ("figure:hp", 50), ("statuses", 70)]
    assert columns_to_fold(widths, 300) == ()
    assert elided_width(widths, 300) == 80
    assert elided_width(widths, 400) == 180
    assert elided_width(widths, 900) == 220
    assert columns_to_fold(widths, 299) == ("figure:hp",)
    assert elided_width([("name", 100)], 300) is None
    # With every figure folded, long names leave the declaration less (its tooltip is whole).
    assert elided_width([("name", 250), ("declared", 220)], 300) == 50
    assert elided_width([("name", 290), ("declared", 220)], 300) == 40
