"""Which figure columns fold into the detail line, and how its pairs are packed (Qt-free)."""

from __future__ import annotations

from tactical.app.panel.fold import columns_to_fold, elided_width, pack, pair, pairs_of

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


def test_pairs_are_packed_whole_and_read_back() -> None:
    pairs = [pair("Stress load", "0"), pair("Wounds", "1"), pair("Stance", "")]
    assert pairs == ["Stress load 0", "Wounds 1", "Stance \N{EM DASH}"]
    lines = pack(pairs, 22, len)  # one character, one pixel
    assert lines == ["Stress load 0", "Wounds 1   Stance \N{EM DASH}"]
    assert pack(pairs, 5, len) == pairs  # a pair too long for the line has its own
    assert pairs_of("\n".join(lines)) == pairs
