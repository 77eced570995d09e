"""The snapshot's header and the PDF's title name the round once, then the step.

QA played Thrum to round 3 and read "Thrum · Round 3 · Round 3": Thrum names
its round's step "Round 3", which the header already said. Each shipped
example is played from the panel with the advance key, as a GM would, into
its second round (Thrum into its third as well).
"""

from __future__ import annotations

import shutil
import subprocess
import unicodedata
from pathlib import Path
from typing import Any

import pytest

from tactical.app.encounter.document import EncounterDocument
from tactical.app.panel import CombatPanel
from tactical.app.snapshot.content import build_content
from tactical.app.snapshot.render import export_snapshot
from tactical.persistence import load_encounter

from .fights import MAPS
from .test_render import pdf_text

DOT = " \N{MIDDLE DOT} "
DASH = " \N{EM DASH} "
MOST_PRESSES = 200

HEADERS = {
    "thrum": (2, "Thrum · Round 2 · Start of Turn: Panic Roll, start effects"),
    "approximated-fray": (2, "Approximated Fray · Round 2 · Staging: cards chosen in secret"),
    "game-judge": (
        2,
        "Game Judge phases · Round 2 · Step 1: GM chooses his characters' actions (secret)",
    ),
    "two-second-turns": (
        2,
        "Two-second turns · Round 2 · Each turn in order: at its start, delay or ready",
    ),
    "side-initiative": (
        2,
        "Side initiative · Round 2 · 1. Declarations: spells, runes, flight from melee",
    ),
}
"""The header at the first step of the round, per example (its procedure's id)."""

NAMES = {
    "thrum": "The Watchtower on Crow Hill",
    "approximated-fray": "The Ford at Harrow Bridge",
    "game-judge": "Main Street at midnight",
    "two-second-turns": "The Beacon Stair",
    "side-initiative": "The Sunken Hall",
}


def played_to_round(qtbot: Any, procedure_id: str, wanted: int) -> CombatPanel:
    """The example's panel after the advance key (forms confirmed) reached round ``wanted``."""
    path = MAPS / f"{procedure_id}.tactical.json"
    panel = CombatPanel(EncounterDocument(load_encounter(path), path))
    qtbot.addWidget(panel)
    for _ in range(MOST_PRESSES):
        assert panel.view is not None
        if panel.view.round >= wanted:
            return panel
        before = panel.document.undo_stack.index()
        panel.advance()
        if panel.form is not None:
            panel.advance()
        assert panel.document.undo_stack.index() > before, panel.header.message.text()
    raise AssertionError(f"{procedure_id} did not reach round {wanted}")


def pdf_title(path: Path) -> str:
    """The Title of the PDF's metadata, as a reader's document properties show it."""
    if shutil.which("pdfinfo") is None:
        pytest.skip("pdfinfo is not installed")
    info = subprocess.run(
        ["pdfinfo", "-enc", "UTF-8", str(path)], check=True, capture_output=True, text=True
    ).stdout
    return next(
        line.removeprefix("Title:").strip()
        for line in info.splitlines()
        if line.startswith("Title:")
    )


@pytest.mark.parametrize("procedure_id", sorted(HEADERS))
def test_the_header_names_the_round_once_in_both_versions(qtbot: Any, procedure_id: str) -> None:
    wanted, header = HEADERS[procedure_id]
    panel = played_to_round(qtbot, procedure_id, wanted)
    encounter = panel.document.encounter
    for mode in ("players", "gm"):
        content = build_content(encounter, panel.view, mode)
        assert content.title == NAMES[procedure_id]
        assert content.subtitle == header


@pytest.mark.parametrize("procedure_id", sorted(HEADERS))
def test_the_pdf_title_and_its_printed_header(
    qtbot: Any, tmp_path: Path, procedure_id: str
) -> None:
    wanted, header = HEADERS[procedure_id]
    panel = played_to_round(qtbot, procedure_id, wanted)
    pdf = tmp_path / "snapshot.pdf"
    export_snapshot(panel.document, pdf)
    assert pdf_title(pdf) == NAMES[procedure_id] + DASH + header
    text = " ".join(unicodedata.normalize("NFKC", pdf_text(pdf)).split())  # no "fl" ligature
    assert header in text
    assert text.count(f"Round {wanted}") == 1


@pytest.mark.slow
def test_thrum_in_round_three_as_qa_played_it(qtbot: Any, tmp_path: Path) -> None:
    panel = played_to_round(qtbot, "thrum", 3)
    subtitle = DOT.join(("Thrum", "Round 3", "Start of Turn: Panic Roll, start effects"))
    assert build_content(panel.document.encounter, panel.view, "players").subtitle == subtitle
    pdf = tmp_path / "thrum.pdf"
    export_snapshot(panel.document, pdf)
    assert pdf_title(pdf) == "The Watchtower on Crow Hill" + DASH + subtitle


@pytest.mark.slow
@pytest.mark.parametrize("procedure_id", sorted(HEADERS))
def test_no_part_of_the_header_repeats_at_any_step_of_three_rounds(
    qtbot: Any, procedure_id: str
) -> None:
    panel = played_to_round(qtbot, procedure_id, 1)
    seen = set()
    for _ in range(MOST_PRESSES):
        assert panel.view is not None
        if panel.view.round > 3:
            break
        subtitle = build_content(panel.document.encounter, panel.view, "players").subtitle
        parts = subtitle.split(DOT)
        assert len(parts) == len(set(parts)) == 3, subtitle
        seen.add(subtitle)
        panel.advance()
        if panel.form is not None:
            panel.advance()
    assert len(seen) >= 3  # the walk went through several steps
