"""What the map and the player view learn from the panel: who acts, whom actions target,
how far each token may still move.

Only the targets of revealed actions (``PanelView.targets``) reach any map.
The GM's window stands on the screen the whole table sees, so secret targets
stay in the panel's table (marked secret) and are never painted on a map.
"""

from __future__ import annotations

from tactical.app.document import EncounterDocument
from tactical.rules import PanelView


def publish_highlights(document: EncounterDocument, view: PanelView | None) -> None:
    acting = set(view.acting) if view is not None else set()
    public = set(view.targets) if view is not None else set()
    document.set_highlights(acting, public, public)


def publish_budgets(document: EncounterDocument, budgets: dict[str, int]) -> None:
    """Tell the drag preview what each token the procedure limits may still move.

    Tokens not in ``budgets`` move up to their speed (``document.move_budget``).
    """
    document.move_budgets = dict(budgets)
