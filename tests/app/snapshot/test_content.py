"""What a snapshot says, without Qt: the players' version has no hidden token and no secret."""

from __future__ import annotations

from datetime import datetime

from tactical.app.players.secrets import hidden_words
from tactical.app.snapshot.content import build_content, panel_view
from tactical.core.areas import Area, AreaMap, polygon_from_points
from tactical.core.encounter import Encounter
from tactical.core.grid import GridMap
from tactical.core.tokens import Token
from tactical.persistence import load_encounter
from tactical.rules import Combatant, PanelView, StepLine

from .fights import HILLSIDE, THRUM, staged_fray, started_thrum

WHEN = datetime(2024, 5, 1, 20, 30)
DOT = " \N{MIDDLE DOT} "


def names(content) -> list[str]:  # type: ignore[no-untyped-def]
    return [row.cells[0] for row in content.rows]


def test_players_version_of_secret_cards_and_a_hidden_token_holds_neither() -> None:
    encounter, controller = staged_fray()
    view = controller.view()
    secrets = [c.secret for c in view.combatants if c.secret]
    assert len(secrets) == 7  # every card is down, face down
    content = build_content(encounter, view, "players", file_name="ford.tactical.json", when=WHEN)
    text = "\n".join(content.texts())
    assert "Goblin Shaman" not in text and "shaman" not in text
    for secret in secrets:
        assert secret not in text
    for word in ("Rebuke", "Charge", "Longbow", "Lumber", "Scurry", "Shortbow", "Fire Field"):
        assert word not in text
    assert "GM:" not in text and "Begin the First phase" not in text  # the GM's instruction
    assert names(content) == [
        "Brother Bram",
        "Aldra",
        "Corin",
        "Marsh Ogre",
        "Goblin Spear",
        "Goblin Archer",
    ]
    assert [c.label for c in content.columns] == [
        "Name",
        "Side",
        "Order",
        "Injury",
        "Morale",
        "Fatigue",
        "Cards",
        "Statuses",
    ]
    assert content.rows[0].cells == (
        "Brother Bram",
        "Player characters",
        "Seat 1",
        "Unhurt",
        "Steady",
        "2/2",
        "4 in hand",
        "",
    )
    assert content.title == "The Ford at Harrow Bridge"
    assert content.subtitle == DOT.join(
        ["Approximated Fray", "Round 1", "Staging: cards chosen in secret"]
    )
    assert content.footer == DOT.join(["2024-05-01 20:30", "players' view"])  # no file name
    assert content.elevations == () and content.terrain == ()  # an area map: no elevation
    assert content.sides == (
        ("Player characters", "#2f7fd8"),
        ("Non-player characters", "#d8432f"),
    )


def test_gm_version_shows_the_hidden_token_and_the_secrets_marked() -> None:
    encounter, controller = staged_fray()
    content = build_content(encounter, controller.view(), "gm", when=WHEN)
    assert names(content)[-1] == "Goblin Shaman (hidden)"
    assert content.rows[-1].hidden
    declared = [c.key for c in content.columns].index("declared")
    assert content.rows[-1].cells[declared] == "(secret) Fire Field: Last attack on West bank"
    assert content.rows[1].cells[declared] == "(secret) Charge: Middle charge on Marsh Ogre"
    assert content.lines == ("GM: Staging, round 1: all cards are down. Begin the First phase.",)
    assert content.footer.endswith("GM's view")
    assert content.footer.startswith("Untitled")


def test_revealed_cards_show_and_a_card_naming_the_hidden_token_is_blank() -> None:
    encounter, controller = staged_fray()
    controller.perform("begin")  # 000 l.37: the First cards flip
    view = controller.view()
    content = build_content(encounter, view, "players")
    declared = [c.key for c in content.columns].index("declared")
    cells = {
        row.cells[0].removeprefix("\N{BLACK RIGHT-POINTING TRIANGLE} "): row for row in content.rows
    }
    assert cells["Brother Bram"].cells[declared] == "Rebuke: First attack (morale) on Marsh Ogre"
    assert cells["Brother Bram"].acting
    assert cells["Brother Bram"].cells[0] == "\N{BLACK RIGHT-POINTING TRIANGLE} Brother Bram"
    assert cells["Aldra"].cells[declared] == ""  # a Middle card: still face down
    assert "Now: Brother Bram" in content.lines


def toy(hidden_id: str = "spy", hidden_name: str = "Spy") -> Encounter:
    return Encounter(
        GridMap(6, 4),
        [
            Token("hero", "Hero", "pcs", (0, 0), figures={"hp": 10}, statuses={"Prone": 1}),
            Token("cap", "Bandit Captain", "npcs", (4, 3), figures={"hp": 6}),
            Token(hidden_id, hidden_name, "npcs", (5, 0), figures={"hp": 3}, hidden=True),
        ],
        name="Toy",
    )


def toy_view(*rows: Combatant, acting: frozenset[str] = frozenset()) -> PanelView:
    return PanelView(
        "Toy fight",
        (StepLine("roll", "Roll", status="done"), StepLine("act", "Act in order", 1, "current")),
        "Spy acts now.",
        rows,
        round=2,
        acting=acting,
        notes=("Ties: PCs first.",),
    )


def test_any_cell_naming_a_hidden_token_is_blank_for_the_players() -> None:
    view = toy_view(
        Combatant(
            "hero",
            "Hero",
            "pcs",
            order="5",
            figures={"hp": "10 hp"},
            statuses={"Prone": 1},
            revealed="shoots Spy",
        ),
        Combatant(
            "cap",
            "Bandit Captain",
            "npcs",
            order="after Spy",
            figures={"hp": "spotted spy"},
            statuses={"Marked by Spy": 1},
            revealed="waits",
        ),
        Combatant("spy", "Spy", "npcs", order="6", secret="stabs Hero", acting=True),
        acting=frozenset({"spy"}),
    )
    content = build_content(toy(), view, "players", figure_labels={"hp": "HP"})
    assert [c.label for c in content.columns] == [
        "Name",
        "Side",
        "Order",
        "Declared",
        "HP",
        "Statuses",
    ]
    assert [row.cells for row in content.rows] == [
        ("Hero", "Player characters", "5", "", "10 hp", "Prone"),
        # "spy" is the hidden token's id: a whole word, so blanked too
        ("Bandit Captain", "Non-player characters", "", "waits", "", ""),
    ]
    assert content.lines == ()  # the hidden Spy acts: nobody to name
    assert content.subtitle == DOT.join(["Toy fight", "Round 2", "Act in order"])
    gm = build_content(toy(), view, "gm", figure_labels={"hp": "HP"})
    assert gm.rows[2].cells == (
        "\N{BLACK RIGHT-POINTING TRIANGLE} Spy (hidden)",
        "Non-player characters",
        "6",
        "(secret) stabs Hero",
        "3",  # no figure formatted by the procedure: the token's own
        "",
    )
    assert gm.lines == ("Now: Spy (hidden)", "GM: Spy acts now.", "Note: Ties: PCs first.")


def test_raw_figures_fill_in_and_hidden_words_match_whole_words_only() -> None:
    view = toy_view(
        Combatant("hero", "Hero", "pcs", statuses={"Prone": 1}, revealed="charges the cape")
    )
    content = build_content(toy("ca", "Ca"), view, "players", figure_labels={"hp": "HP"})
    assert content.rows[0].cells == ("Hero", "Player characters", "charges the cape", "10", "Prone")
    pattern = hidden_words(toy("ca", "Ca").tokens.values())
    assert pattern is not None
    assert pattern.search("Bandit Captain") is None
    assert pattern.search("hits Ca.") is not None
    assert hidden_words([]) is None


def test_without_a_procedure_the_tokens_are_listed_by_side() -> None:
    encounter = load_encounter(HILLSIDE)
    assert encounter.procedure is None
    content = build_content(encounter, panel_view(encounter), "players", when=WHEN)
    assert content.subtitle == "Tokens by side (no combat procedure running)"
    assert [c.label for c in content.columns] == ["Name", "Side", "Where", "Statuses"]
    assert content.rows[0].cells == ("Ser Aldric", "The Lantern Company", "3, 17", "")
    assert content.rows[2].cells == ("Brother Oswin", "The Lantern Company", "2, 18", "Frayed")
    assert len(content.rows) == len(encounter.tokens) - 1
    assert "Goblin scout" not in "\n".join(content.texts())
    assert content.elevations == (-2, -1, 0, 1, 2, 3, 4)
    assert content.terrain == ("difficult", "impassable")
    gm = build_content(encounter, None, "gm")
    assert gm.rows[-1].cells == ("Goblin scout (hidden)", "Broken Tooth goblins", "44, 30", "")


def test_area_tokens_are_placed_by_area_name_and_a_side_without_shown_tokens_is_left_out() -> None:
    def box(x: float) -> list[tuple[float, float]]:
        return [(x, 0), (x + 4, 0), (x + 4, 3), (x, 3)]

    encounter = Encounter(
        AreaMap([Area("bar", "The bar", polygon_from_points(box(0)))]),
        [Token("a", "Brawler", "pcs", "bar"), Token("t", "Thief", "npcs", "bar", hidden=True)],
    )
    content = build_content(encounter, None, "players")
    assert [row.cells for row in content.rows] == [("Brawler", "Player characters", "The bar", "")]
    assert content.sides == (("Player characters", "#2f7fd8"),)
    assert content.title == "Players' view"
    assert build_content(encounter, None, "gm").title == "Untitled encounter"


def test_thrum_after_initiative_lists_the_order_and_the_procedures_figures() -> None:
    encounter, controller = started_thrum()
    content = build_content(encounter, controller.view(), "players")
    assert [c.label for c in content.columns] == [
        "Name",
        "Side",
        "Order",
        "Fatigue",
        "Fat. Tol.",
        "Stress",
        "Str. Tol.",
        "Wounds",
        "Stance",
        "Init",
        "Resolve",
        "Resil.",
        "Statuses",
    ]
    assert [row.cells[:3] for row in content.rows][:3] == [
        ("War Hound", "Non-player characters", "13"),
        ("Bandit Bowman", "Non-player characters", "10"),
        ("Tamsin", "Player characters", "10"),
    ]
    assert "Ambusher" not in "\n".join(content.texts())
    assert "Ambusher (hidden)" in names(build_content(encounter, controller.view(), "gm"))


def test_a_state_that_does_not_load_prints_the_tokens() -> None:
    encounter = load_encounter(THRUM)
    encounter.procedure_state = {"bogus": True}
    assert panel_view(encounter) is None
    content = build_content(encounter, panel_view(encounter), "players")
    assert [c.key for c in content.columns] == ["name", "side", "where", "statuses"]
