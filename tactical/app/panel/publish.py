"""What the map and the player view learn from the panel: who acts, whom actions target.

The GM's map highlights every target, secret or not (``document.targets``); the
player view may only ever see ``PanelView.targets``, the targets of revealed
actions (``document.public_targets``). ``document.targets_public`` stays False
while any target is still secret, so a player view that shows
``document.targets`` whenever ``targets_public`` is set never shows a secret either.
"""

from __future__ import annotations

from tactical.app.document import EncounterDocument
from tactical.rules import PanelView


def publish_highlights(document: EncounterDocument, view: PanelView | None) -> None:
    acting = set(view.acting) if view is not None else set()
    public = set(view.targets) if view is not None else set()
    secret = set(view.secret_targets) - public if view is not None else set()
    # Hide before a secret target is added; show only once none is left.
    if secret:
        document.set_targets_public(False)
    document.set_highlights(acting, public | secret, public)
    if not secret:
        document.set_targets_public(True)
