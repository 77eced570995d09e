"""The fight's summary a screen the players read may show: round, step, who acts, the order.

Built only from public fields: names of tokens the screen may see, the step
titles, ``acting`` and ``revealed``. Never ``Combatant.secret``, the GM's
instruction or notes, nor secret rolls. A revealed declaration that names an
unseen token is left out, in case a procedure wrote one.

Shared by the TV's tracker (:class:`tactical.app.panel.public_view.PublicTracker`)
and the phones' links (:mod:`tactical.share.view`), where a character's link
passes the larger set of tokens that character cannot see now.
"""

from __future__ import annotations

from typing import Any

from tactical.core.encounter import Encounter
from tactical.rules import PanelView, ProcedureController
from tactical.share.players import players_view
from tactical.share.secrets import Secrets

Row = tuple[str, bool, bool, str]
"""``(name, acting, out, revealed)`` of one combatant a screen may show."""


def public_rows(
    encounter: Encounter, view: PanelView, unseen: frozenset[str] | None = None
) -> list[Row]:
    """``(name, acting, out, revealed)`` of each combatant not in ``unseen``, in order.

    ``unseen`` defaults to the tokens the players may not see (the players'
    projection: marked hidden, or standing in fog).
    """
    if unseen is None:
        unseen = players_view(encounter).unseen
    hidden = [t for t in encounter.tokens.values() if t.id in unseen]
    hidden_words = {t.name for t in hidden} | {t.id for t in hidden}
    rows = []
    for combatant in view.combatants:
        token = encounter.tokens.get(combatant.token_id)
        if token is None or token.id in unseen:
            continue
        revealed = combatant.revealed
        if any(word and word in revealed for word in hidden_words):
            revealed = ""
        rows.append((token.name, combatant.acting, combatant.out, revealed))
    return rows


def panel_view(encounter: Encounter) -> PanelView | None:
    """The running procedure's view, or None (none runs, or it cannot be read now)."""
    if not encounter.procedure:
        return None
    try:
        return ProcedureController(encounter, lambda _command: None).view()
    except Exception:  # the GM's panel shows the problem; the players see nothing
        return None


def fight_summary(
    encounter: Encounter, view: PanelView | None, unseen: frozenset[str]
) -> dict[str, Any] | None:
    """The summary as plain data (heading, who acts now, the order), or None without a fight."""
    if view is None:
        return None
    rows = public_rows(encounter, view, unseen)
    heading = view.round_text() or view.title
    step = Secrets(encounter, unseen).relabel(view.current_title(heading))
    acting = [name for name, is_acting, _out, _rev in rows if is_acting]
    now = ("Now: " + ", ".join(acting) if acting else "") if not view.ended else "The fight is over"
    return {
        "heading": f"{heading} \N{EM DASH} {step}" if step else heading,
        "now": now,
        "rows": [
            {"name": name, "acting": is_acting, "out": out, "revealed": revealed}
            for name, is_acting, out, revealed in rows
        ],
    }
