"""What the combat panel shows and does for each of the five procedures, on its presenter.

The panel's widgets show what :meth:`PanelPresenter.present` returns: the step
shown next (the outline's current line and the instruction), the actions offered
(the primary one is the advance key's), the figures that matter at the step (the
rows' columns), and a refusal as a message that leaves the undo history alone.
These run on a core undo stack with no QApplication. Dice are typed (one total
per roll, as the GM types them in the panel), so every figure is known.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tactical.app.panel.presenter import PanelPresenter, PanelShown
from tactical.core.commands.base import UndoStack
from tactical.core.encounter import Encounter
from tactical.persistence.files import load_encounter
from tactical.rules import Action, RulesError

MAPS = Path(__file__).resolve().parents[3] / "maps"


def presenter_on(procedure_id: str) -> tuple[PanelPresenter, UndoStack, Encounter]:
    """The presenter on the example map of ``procedure_id`` (its procedure not started)."""
    encounter = load_encounter(MAPS / f"{procedure_id}.tactical.json")
    assert encounter.procedure == procedure_id
    stack = UndoStack(encounter)
    return PanelPresenter(lambda: encounter, stack.push), stack, encounter


def current(shown: PanelShown) -> list[str]:
    """The outline's lines marked as the step now (what the panel highlights)."""
    return [line.id for line in shown.steps if line.status == "current"]


def offered(shown: PanelShown) -> list[str]:
    return [action.id for action in shown.actions]


def primary(shown: PanelShown) -> Action:
    """The action the advance key (Enter) and the big button run."""
    (action,) = [a for a in shown.actions if a.primary]
    return action


def columns(shown: PanelShown) -> list[str]:
    return [figure.label for figure in shown.figures]


def press(
    presenter: PanelPresenter, action_id: str, params: dict[str, object] | None = None, *dice: int
) -> list[str]:
    """Press an offered action with its inputs and typed dice; the lines the panel shows."""
    action = next(a for a in presenter.present().actions if a.id == action_id)
    return presenter.perform(action, dict(params or {}), list(dice))


def refused(presenter: PanelPresenter, stack: UndoStack, action: Action, **params: object) -> str:
    """The message of a refused press, which must leave the undo history as it was."""
    before = len(stack.done)
    with pytest.raises(RulesError) as refusal:
        presenter.perform(action, dict(params), [])
    assert len(stack.done) == before
    return str(refusal.value)


# -- Thrum (001) ------------------------------------------------------------------------------


def test_thrum_places_the_npcs_then_rolls_2d6_plus_the_initiative_modifier() -> None:
    """001_18fb441042e7114e.txt line 19: "each combatant participating in the fight rolls
    Initiative, by rolling 2d6 and adding their Initiative modifier"."""
    presenter, stack, _ = presenter_on("thrum")
    shown = presenter.present()
    assert current(shown) == ["placement"]
    assert shown.instruction.startswith("Place the NPCs on the map, then press 'NPCs placed'")
    assert primary(shown).id == "npcs-placed"
    assert columns(shown) == ["Init. mod.", "Fatigue", "Stress"]
    kestrel = next(row for row in shown.rows if row.name == "Kestrel")
    assert (kestrel.figures["initiative_mod"], kestrel.figures["fatigue_tolerance"]) == ("2", "4")
    too_soon = Action("roll-initiative", "Roll Initiative")
    assert refused(presenter, stack, too_soon) == "'roll-initiative' is not possible now"
    assert press(presenter, "npcs-placed") == ["10 combatants take part."]
    shown = presenter.present()
    assert current(shown) == ["initiative"]
    assert shown.instruction == (
        "Roll Initiative for all 10 combatants: 2d6 + Initiative modifier."
    )
    assert primary(shown).id == "roll-initiative"
    lines = press(presenter, "roll-initiative", {}, *[9] * 10)  # every total typed as 9
    assert lines[0].startswith("Order: War Hound 9, Kestrel 9, ")
    shown = presenter.present()
    assert current(shown) == ["order"]
    assert [row.order for row in shown.rows] == ["9"] * 10
    assert shown.instruction == (
        "Check the order and settle ties, then begin Round Zero; first: War Hound."
    )
    assert "set-initiative" in offered(shown)  # the GM settles a tie by hand
    assert len(stack.done) == 2  # one undo step a press


def test_thrum_round_zero_takes_stances_and_no_actions() -> None:
    """001_18fb441042e7114e.txt line 22: "a special Round Zero occurs, in which characters take
    no actions, but on their turn can position themselves within the Starting Area ... and
    enter a Stance"."""
    presenter, _, _ = presenter_on("thrum")
    press(presenter, "npcs-placed")
    press(presenter, "roll-initiative", {}, *[9] * 10)
    assert press(presenter, "begin-round-zero") == []
    shown = presenter.present()
    assert current(shown) == ["zero"]
    assert shown.acting == frozenset({"hound"})
    assert shown.instruction == (
        "Round Zero: War Hound takes a Stance (placed already); next: Kestrel."
    )
    assert "Round Zero: characters take no actions (001 line 22)." in shown.notes
    assert primary(shown).id == "zero-done"
    stance = next(a for a in shown.actions if a.id == "take-stance")
    assert stance.token_id == "hound"
    assert columns(shown) == ["Fatigue", "Stress", "Stance"]  # the stance matters now
    press(presenter, "zero-done")
    press(presenter, "zero-done")
    shown = presenter.present()
    assert shown.instruction.startswith("Round Zero: Bandit Captain takes")
    tamsin_turn = [a.id for a in shown.actions if a.token_id == "captain"]
    assert "zero-done" in tamsin_turn and "take-stance" in tamsin_turn


# -- Side initiative (004) --------------------------------------------------------------------


def test_side_initiative_asks_for_declarations_before_1d6_per_side() -> None:
    """004_ee0c95b780bc2907.txt lines 12-13: "1. Declarations: The intent to cast a spell, use
    a fairy rune, or retreat from melee must be declared. 2. Initiative: Each side rolls 1d6
    to determine which side acts first. Highest acts first." """
    presenter, stack, _ = presenter_on("side-initiative")
    shown = presenter.present()
    assert current(shown) == ["declarations"]
    assert shown.instruction.startswith(
        "Round 1: ask every combatant, yours too, whether it casts a spell, uses a rune or "
        "flees melee this round"
    )
    assert primary(shown).id == "roll-initiative"
    assert offered(shown)[:2] == ["roll-initiative", "declare"]
    assert columns(shown) == ["HP", "Morale"]
    declare = next(a for a in shown.actions if a.id == "declare")
    assert refused(presenter, stack, declare) == "pick a combatant (token)"
    assert refused(presenter, stack, Action("begin", "Begin")) == "'begin' is not possible now"
    assert press(presenter, "roll-initiative", {}, 4, 3, 2) == [
        "Initiative: Party 4, Goblins of the Sunken Hall 3, Wandering ogre 2."
    ]
    shown = presenter.present()
    assert current(shown) == ["initiative"]
    assert shown.instruction == "First to act: Party. Begin with their movement."
    assert primary(shown).id == "begin"
    assert {row.order for row in shown.rows if row.side == "pcs"} == {"4"}


def test_side_initiative_walks_the_phases_of_the_side_that_acts() -> None:
    """004: movement, missile, magic, melee per side; the figures follow the phase."""
    presenter, _, _ = presenter_on("side-initiative")
    press(presenter, "roll-initiative", {}, 4, 3, 2)
    assert press(presenter, "begin") == ["Acting: Party."]
    shown = presenter.present()
    assert current(shown) == ["act-0-movement"]
    assert columns(shown) == ["HP", "Speed"]
    assert primary(shown).label == "Next: Missile attacks"
    assert {row.token_id for row in shown.rows if row.acting} == {
        t.token_id for t in shown.rows if t.side == "pcs"
    }
    press(presenter, "next")
    shown = presenter.present()
    assert current(shown) == ["act-0-missile"]
    assert columns(shown) == ["HP", "Missile"]
    assert "missile" in offered(shown)
    assert shown.notes[0].startswith("Missiles: more than 5 ft away; short +1, medium 0")


# -- Two-second turns (003) ---------------------------------------------------------------------


def test_two_second_turns_roll_then_take_turns_in_order() -> None:
    """003_8e8ef1bed4dcaaed.txt line 9: "The character with the highest score starts, down to
    the character with the lowest score, who goes last.";
    "When players roll the same initiative, the player with the highest willpower goes first." """
    presenter, stack, _ = presenter_on("two-second-turns")
    shown = presenter.present()
    assert current(shown) == ["setup"]
    assert primary(shown).id == "roll-initiative"
    assert columns(shown) == ["Dex", "Wil"]
    start = Action("start-round", "Start round 1")
    assert refused(presenter, stack, start) == "'start-round' is not possible now"
    with pytest.raises(RulesError, match=r"gives 5 to 15, not 1$"):  # a typed die that cannot be
        press(presenter, "roll-initiative", {}, 1)
    assert stack.done == []
    press(presenter, "roll-initiative")
    shown = presenter.present()
    assert current(shown) == ["initiative"]
    totals = [int(row.order) for row in shown.rows]
    assert totals == sorted(totals, reverse=True)  # the highest first
    first = shown.rows[0]
    assert shown.instruction.startswith("Check the order (ties: higher willpower first)")
    assert press(presenter, "start-round") == ["Round 1 begins.", f"{first.name}'s turn."]
    shown = presenter.present()
    assert current(shown) == ["turn-start"]
    assert shown.acting == frozenset({first.token_id})
    assert primary(shown).id == "end-turn"
    own = {a.id for a in shown.actions if a.token_id == first.token_id}
    assert {"end-turn", "delay", "ready", "melee", "ranged"} <= own
    second = shown.rows[1]
    assert press(presenter, "end-turn") == [f"{second.name}'s turn."]
    assert presenter.present().acting == frozenset({second.token_id})


def test_with_secrets_hidden_the_hidden_combatant_s_turn_is_not_named() -> None:
    presenter, _, encounter = presenter_on("two-second-turns")
    press(presenter, "roll-initiative")
    press(presenter, "set-initiative", {"token": "shade", "value": 30})  # Shade acts first
    press(presenter, "start-round")
    assert encounter.tokens["shade"].hidden
    shown = presenter.present()
    assert shown.acting == frozenset({"shade"})
    assert "Shade" in shown.instruction
    presenter.hide_secrets = True
    shown = presenter.present()
    assert shown.instruction == "A hidden combatant acts: turn off Hide secrets to see it."
    assert "Shade" not in [row.name for row in shown.rows]


# -- Approximated Fray (000) ----------------------------------------------------------------------


def test_the_fray_stages_each_card_in_secret() -> None:
    """000_b2551d7b392b43c7.txt line 32: "The choice of action is done in secrecy for both PCs
    and NPCs ... They also secretly allocate a target for their action, an area or a
    Creature. All cards are placed face down in front of the players." """
    presenter, stack, _ = presenter_on("approximated-fray")
    shown = presenter.present()
    assert current(shown) == ["staging"]
    assert shown.instruction == (
        "Staging, round 1: Brother Bram chooses a card and a target in secret (0 of 6 down)."
    )
    assert primary(shown).id == "declare:bram"
    card = next(p for p in primary(shown).params if p.name == "card")
    assert card.options[:4] == ("Mace", "Rebuke", "Sidestep", "Mend")
    assert "pass:bram" in offered(shown)
    assert columns(shown) == ["Cards", "Injury", "Morale"]
    assert refused(presenter, stack, primary(shown)) == "name the card Brother Bram puts down"
    assert press(presenter, "declare:bram", {"card": "Mace", "target": "ogre"}) == [
        "Brother Bram's card is down, face down"
    ]
    shown = presenter.present()
    assert shown.instruction == (
        "Staging, round 1: Aldra chooses a card and a target in secret (1 of 6 down)."
    )
    assert shown.acting == frozenset({"aldra"})
    bram = next(row for row in shown.rows if row.name == "Brother Bram")
    assert (bram.order, bram.secret, bram.revealed) == (
        "Seat 1",
        "Mace: Middle attack on Marsh Ogre",
        "",
    )


# -- Game Judge phases (002) ---------------------------------------------------------------------


def test_game_judge_chooses_in_secret_then_asks_the_players() -> None:
    """002_207f3f1951758ab0.txt: "STEP ONE: GAME JUDGE DECIDES WHAT ACTIONS THE CHARACTERS THAT
    HE CONTROLS WILL EXECUTE. THIS IS NOT DECLARED TO THE PLAYERS UNTIL STEP THREE. STEP TWO:
    PLAYERS DECIDE WHAT ACTIONS THEIR CHARACTERS EXECUTE, AND THEN THEY TELL THE GAME JUDGE." """
    presenter, _, _ = presenter_on("game-judge")
    shown = presenter.present()
    assert current(shown) == ["step1"]
    assert shown.instruction == (
        "Step 1 (secret): choose what Brute does; 3 of the GM's 3 characters left"
    )
    declare = primary(shown)
    assert (declare.id, declare.token_id) == ("declare", "brute")
    kinds = next(p for p in declare.params if p.name == "kind")
    assert kinds.options[:2] == ("Ranged attack", "Ranged attack while moving")
    assert columns(shown) == ["Health", "Karma"]
    params: dict[str, object] = {"token": "brute", "kind": "Ranged attack", "target": "vigil"}
    assert press(presenter, "declare", params) == ["Brute's action is chosen (secret until Step 3)"]
    shown = presenter.present()
    assert shown.instruction.startswith("Step 1 (secret): choose what Razor does; 2 of")
    brute = next(row for row in shown.rows if row.name == "Brute")
    assert brute.secret == "Ranged attack on Captain Vigil"
    assert press(presenter, "next") == ["No action declared for Razor, Gunman"]
    shown = presenter.present()
    assert current(shown) == ["step2"]
    assert shown.instruction == (
        "Step 2: ask the player of Captain Vigil what they do; 3 of 3 characters left"
    )
    assert shown.acting == frozenset({"vigil"})


def test_every_procedure_offers_one_primary_action_and_a_current_step() -> None:
    for procedure_id in (
        "approximated-fray",
        "thrum",
        "game-judge",
        "two-second-turns",
        "side-initiative",
    ):
        shown = presenter_on(procedure_id)[0].present()
        assert shown.running and not shown.problem, procedure_id
        assert len(current(shown)) == 1, procedure_id
        assert primary(shown).id in offered(shown), procedure_id
        assert shown.rows and shown.figures, procedure_id
