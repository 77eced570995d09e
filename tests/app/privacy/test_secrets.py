"""The Qt-free masking of the hide-secrets mode (tactical/app/players/secrets.py)."""

from __future__ import annotations

from tactical.app.players.secrets import FACE_DOWN, HIDDEN_NOTE, Secrets
from tactical.core import Area, AreaMap, Encounter, Token, polygon_from_points
from tactical.rules import Action, Combatant, PanelView, StepLine


def encounter(*hidden: str) -> Encounter:
    area = Area("hall", "Hall", polygon_from_points([(0, 0), (4, 0), (4, 4), (0, 4)]))
    tokens = [
        Token("cap", "Bandit Captain", "npcs", "hall"),
        Token("ca", "Ca", "npcs", "hall", hidden="ca" in hidden),
        Token("eel", "Eel", "npcs", "hall", hidden="eel" in hidden),
    ]
    return Encounter(AreaMap([area]), tokens)


def test_labels_keep_their_wording_and_lose_the_hidden_names() -> None:
    one = Secrets(encounter("ca"))
    assert one.relabel("Put down Ca's card") == "Put down hidden combatant's card"
    assert one.relabel("Ca plays no card") == "Hidden combatant plays no card"
    assert one.relabel("Bandit Captain strikes") == "Bandit Captain strikes"  # whole words
    two = Secrets(encounter("ca", "eel"))
    assert two.relabel("Ca trips Eel") == "Hidden combatant 1 trips hidden combatant 2"
    assert two.alias("eel", "Eel") == "Hidden combatant 2"
    assert two.alias("cap", "Bandit Captain") == "Bandit Captain"
    assert Secrets(encounter()).relabel("Ca") == "Ca"


def test_actions_keep_their_id_and_params_and_leave_a_hidden_row() -> None:
    secrets = Secrets(encounter("ca"))
    bound = Action("declare:ca", "Put down Ca's card", primary=True, token_id="ca")
    masked = secrets.action(bound)
    assert (masked.id, masked.primary, masked.token_id) == ("declare:ca", True, None)
    assert masked.label == "Put down hidden combatant's card"
    plain = Action("next", "Next", token_id="cap")
    assert secrets.action(plain) is plain


def test_the_view_leaves_out_hidden_rows_and_turns_secrets_face_down() -> None:
    secrets = Secrets(encounter("ca"))
    view = PanelView(
        "Toy",
        (StepLine("turn", "Ca's turn", 0, "current"),),
        "Bandit Captain picks a target",
        (
            Combatant("cap", "Bandit Captain", "npcs", secret="Stab Eel", revealed=""),
            Combatant("eel", "Eel", "npcs", revealed="Bite Ca", order="after Ca"),
            Combatant("ca", "Ca", "npcs", secret="Hide"),
        ),
        notes=("Ca is flanked", "Ca may flee", "Eel bites"),
    )
    masked = secrets.view(view)
    assert [c.token_id for c in masked.combatants] == ["cap", "eel"]
    assert masked.combatants[0].secret == FACE_DOWN
    assert (masked.combatants[1].revealed, masked.combatants[1].order) == ("", "")
    assert masked.instruction == "Bandit Captain picks a target"
    assert masked.notes == (HIDDEN_NOTE, "Eel bites")
    assert masked.steps[0].title == "Hidden combatant's turn"
