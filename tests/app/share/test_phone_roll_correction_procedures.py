"""Correct… on every roll a procedure's hand asks of a phone (issue 31's "the GM sees it
arrive and can correct it"), in each of the five procedures.

A phone types the dice of its character's roll; the GM's Correct… enters the numbers the
table's dice show instead: one undo step, shown in the panel's dice log and message line;
Undo gives the phone's roll back, with its Correct… again.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tactical.app.players.phones.install import PhoneSharing
from tactical.app.players.phones.session import ShareSession
from tactical.core import Encounter
from tactical.persistence import load_encounter
from tactical.rules import ProcedureController
from tactical.share.frames import HandFrame
from tests.rules.approximated_fray.fight import open_example, stage_round_one
from tests.rules.game_judge.fight import Table as JudgeTable
from tests.rules.thrum.fight import Table as ThrumTable
from tests.rules.thrum.fight import start as start_thrum
from tests.rules.thrum.fight import to_round_one

MAPS = Path(__file__).resolve().parents[3] / "maps"


def _fray_recovery() -> Encounter:
    """000: the round walked to the Mop Up, where the party's recovery die is asked."""
    encounter, _stack, gm = open_example()
    stage_round_one(gm)
    gm.perform("begin")
    for _ in range(60):
        if gm.asks("aldra"):
            break
        action = gm.primary()
        assert action is not None
        params = {
            p.name: p.options[0] if p.options else (p.default if p.default is not None else 0)
            for p in action.params
            if not p.optional
        }
        gm.perform(action.id, params)
    return encounter


def _thrum_initiative() -> Encounter:
    """001: the NPCs placed, each PC asked its Initiative."""
    table = ThrumTable()
    start_thrum(table)
    table.press("npcs-placed")
    return table.encounter


def _thrum_panic() -> Encounter:
    """001: Bob's Stress Load over his Tolerance: a Panic Roll at the start of his turn."""
    table = ThrumTable()
    table.encounter.token("bob").figures.update(stress_load=4)
    to_round_one(table)
    return table.encounter


def _judge_feat() -> Encounter:
    """002: Vigil's slugfest on the brute, resolved: his attack FEAT is his to roll."""
    table = JudgeTable()
    table.do("next")
    table.c.answer("vigil", "declare", {"kind": "slugfest", "target": "brute"})
    table.do("next")
    table.to_phases([6, 2])
    while table.c.primary() is not None and table.c.view().acting != {"vigil"}:
        table.do(table.primary()[0])
    return table.encounter


def _example(name: str) -> Callable[[], Encounter]:
    return lambda: load_encounter(MAPS / f"{name}.tactical.json")


@dataclass(frozen=True)
class Case:
    fight: Callable[[], Encounter]
    token: str
    name: str
    action: str
    dice: str
    phone: tuple[int, ...]
    phone_total: int
    gm: tuple[int, ...]
    gm_total: int


CASES = {
    "000 recovery": Case(
        _fray_recovery, "corin", "Corin", "recover-party", "1d6", (2,), 2, (5,), 5
    ),
    "001 initiative": Case(
        _thrum_initiative, "alice", "Alice", "", "2d6 + 1", (2, 3), 6, (6, 5), 12
    ),
    "001 panic roll": Case(_thrum_panic, "bob", "Bob", "panic-roll", "2d6", (1, 2), 3, (6, 6), 12),
    "002 attack FEAT": Case(
        _judge_feat, "vigil", "Captain Vigil", "roll-feat", "1d100", (87,), 87, (12,), 12
    ),
    "003 initiative": Case(
        _example("two-second-turns"), "ilsa", "Ilsa", "", "2d6 + 3", (1, 2), 6, (6, 5), 14
    ),
    "004 party initiative": Case(
        _example("side-initiative"), "brega", "Brega the Bold", "", "1d6", (2,), 2, (5,), 5
    ),
}


def _asked(encounter: Encounter, case: Case) -> str:
    """The roll's action as the phone's page was offered it."""
    gm = ProcedureController(encounter, lambda command: None)
    (ask,) = [a for a in gm.asks(case.token) if a.roll is not None]
    assert ask.roll is not None and ask.roll.text == case.dice
    assert not case.action or ask.action == case.action
    return ask.action


@pytest.mark.parametrize("case", CASES.values(), ids=CASES.keys())
def test_the_gm_corrects_a_phones_roll_in_one_step_and_undo_gives_it_back(
    make_window: Any, case: Case
) -> None:
    window = make_window(case.fight())
    phones: PhoneSharing = window.phone_sharing
    session = phones.start("127.0.0.1", 0)
    assert isinstance(session, ShareSession)
    try:
        link = next(x for x in session.links.all() if x.label == case.name)
        stack = window.document.undo_stack
        panel = window.docks.panel
        correction = phones.correction
        action = _asked(window.document.encounter, case)
        frame = HandFrame("roll", "r1", action, dice=case.phone)
        assert phones.hands.enter(link, frame) is None
        arrived = f"{case.name}'s phone: {case.phone_total} ({case.dice})"
        assert correction.label.text() == arrived and correction.button.isVisible()
        by_phone = stack.undoText()
        assert by_phone.endswith(f"(entered on {case.name}'s phone)")
        phone_dice: list[str] = panel.dice_log.lines()
        assert f"= {case.phone_total} " in phone_dice[0]
        steps = stack.count()

        correction.numbers = lambda parent, roll: " ".join(map(str, case.gm))
        correction.button.click()
        assert (stack.count(), stack.index()) == (steps + 1, steps + 1)  # one step more
        corrected = stack.undoText()
        assert corrected.endswith("(corrected by the GM)")
        assert corrected.removesuffix(" (corrected by the GM)") == by_phone.removesuffix(
            f" (entered on {case.name}'s phone)"
        )
        assert panel.header.message.text() == corrected
        gm_dice: list[str] = panel.dice_log.lines()
        assert len(gm_dice) == len(phone_dice)  # the phone's roll gave way to the GM's
        assert f"= {case.gm_total} " in gm_dice[0]
        assert window.document.encounter.dice_log[-1].manual
        assert not correction.button.isVisible()

        stack.undo()
        assert stack.undoText() == by_phone
        assert panel.dice_log.lines() == phone_dice  # the phone's roll is back
        assert correction.label.text() == arrived and correction.button.isVisible()
        stack.redo()
        assert panel.dice_log.lines() == gm_dice
    finally:
        phones.stop()
