"""One character link's hand (issue 31): what its bytes may hold of the fight.

The fight is the Approximated Fray example (000_b2551d7b392b43c7.txt): "The choice
of action is done in secrecy for both PCs and NPCs"; "All cards are placed face down".
"""

from __future__ import annotations

import json

import pytest

from tactical.share.hand_view import (
    NO_DECLARING,
    NOT_ASKED,
    NOT_OFFERED,
    NotOffered,
    answer_from_link,
    hand_view,
)
from tests.rules.approximated_fray.fight import ROUND_ONE_PLAYS, open_example

ALL = {"watch", "declare", "roll", "move"}


def _bytes(view: object) -> str:
    return json.dumps(view)


def test_a_staged_card_reaches_no_other_link_before_its_phase_flips_it() -> None:
    encounter, _stack, controller = open_example()
    controller.answer("bram", "declare:bram", {"card": "Rebuke", "target": "ogre"})
    own = hand_view(encounter, "bram", ALL)
    assert own is not None
    assert [c["card"] for c in own["staged"]] == ["Rebuke"]
    for other in ("aldra", "corin"):
        assert "Rebuke" not in _bytes(hand_view(encounter, other, ALL))
    for token_id, params in ROUND_ONE_PLAYS[1:]:
        controller.perform(f"declare:{token_id}", params)
    assert "Longbow" not in _bytes(hand_view(encounter, "aldra", ALL))
    controller.perform("begin")
    # Bram's Rebuke is First: flipped now, and Aldra stands beside him.
    aldra = hand_view(encounter, "aldra", ALL)
    assert aldra is not None
    assert [(c["card"], c["revealed"]) for c in aldra["staged"]] == [
        ("Rebuke", True),
        ("Charge", False),  # her own, face down still
    ]
    # Corin's Longbow is Last: still face down; the NPCs' cards never reach a phone.
    text = _bytes(aldra)
    for secret in ("Longbow", "Scurry", "Shortbow", "Lumber", "Fire Field"):
        assert secret not in text


def test_a_link_is_told_nothing_of_whom_its_character_does_not_see() -> None:
    encounter, _stack, _controller = open_example()
    # Corin stands in the woods with the hidden shaman.
    view = hand_view(encounter, "corin", ALL)
    text = _bytes(view).lower()
    assert "shaman" not in text
    assert view is not None
    # On an area map a character sees its own area: the order holds only Corin.
    assert [e["token_id"] for e in view["turn"]["order"]] == ["corin"]
    aldra = hand_view(encounter, "aldra", ALL)
    assert aldra is not None
    assert [e["token_id"] for e in aldra["turn"]["order"]] == ["bram", "aldra"]
    target = aldra["asks"][0]["fields"][1]
    assert [o["value"] for o in target["options"]] == ["bram"]


def test_a_link_is_asked_only_what_its_permissions_let_it_answer() -> None:
    encounter, _stack, _controller = open_example()
    watch = hand_view(encounter, "bram", {"watch"})
    assert watch is not None and watch["asks"] == []
    declare = hand_view(encounter, "bram", {"watch", "declare"})
    assert declare is not None
    assert [(a["kind"], a["action"], a["permission"]) for a in declare["asks"]] == [
        ("choose", "declare:bram", "declare")
    ]
    assert declare["sheet"]["lines"][0] == {"label": "Injury", "value": "Unhurt", "key": "injury"}
    assert declare["turn"]["your_turn"] is True


def test_a_hidden_combatant_is_no_choice_and_no_name_on_a_grid() -> None:
    from tests.rules.thrum.fight import Table, to_round_one

    table = Table()
    to_round_one(table)
    table.encounter.token("brute").hidden = True
    assert table.current == "bob"
    # 001: delay "until a specified point in the initiative order" - among whom Bob sees.
    view = hand_view(table.encounter, "bob", ALL)
    assert view is not None
    delay = next(a for a in view["asks"] if a["action"] == "delay")
    assert "brute" not in [o["value"] for o in delay["fields"][0]["options"]]
    assert "brute" not in _bytes(view).lower()
    assert view["turn"]["your_turn"] is True


def test_a_roll_reaches_only_a_link_that_may_roll() -> None:
    from tests.rules.thrum.fight import Table, start

    table = Table()
    start(table)
    table.press("npcs-placed")
    rolls = hand_view(table.encounter, "alice", {"watch", "roll"})
    declares = hand_view(table.encounter, "alice", {"watch", "declare"})
    assert rolls is not None and declares is not None
    assert [(a["kind"], a["roll"]["text"]) for a in rolls["asks"]] == [("roll", "2d6 + 1")]
    assert declares["asks"] == []


def test_a_link_answers_only_what_it_was_shown() -> None:
    _encounter, stack, controller = open_example()
    with pytest.raises(NotOffered, match=NO_DECLARING):
        answer_from_link(controller, "aldra", {"watch"}, "declare:aldra", {"card": "Strike"})
    with pytest.raises(NotOffered, match=NOT_ASKED):
        answer_from_link(controller, "aldra", ALL, "declare:bram", {"card": "Strike"})
    # The ogre stands on the bridge, out of Aldra's sight: refused in the words a guess gets.
    for target in ("ogre", "no-such-creature"):
        with pytest.raises(NotOffered) as refused:
            answer_from_link(
                controller, "aldra", ALL, "declare:aldra", {"card": "Strike", "target": target}
            )
        assert str(refused.value) == NOT_OFFERED
    assert len(stack.done) == 0
    answer_from_link(
        controller, "aldra", ALL, "declare:aldra", {"card": "Strike", "target": "bram"}
    )
    assert len(stack.done) == 1
    assert [c.card for c in controller.staged()] == ["Strike"]


def test_a_damaged_saved_state_shows_a_phone_nothing() -> None:
    encounter, _stack, _controller = open_example()
    encounter.procedure_state = {**encounter.procedure_state, "step": 7, "nonsense": True}
    assert hand_view(encounter, "bram", ALL) is None
