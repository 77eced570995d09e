"""Move to scene…: the selected tokens (or the whole party) go to another scene.

One undo step (:class:`~tactical.core.commands.party.MoveToScene`): they arrive
with their statuses and figures at the nearest free squares to the one chosen
(or in the chosen area). With the arrival scene's "Reveal after every move" on,
its fog opens by the party's sight there; on a grid that sight is worked out
off the GUI thread and its reveal joins the move's step when it lands.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt
from PySide6.QtCore import QPointF
from PySide6.QtWidgets import QDialog, QMenu

from tactical.app.scenes.travel.access import OnScene, evening_for, other_scenes, scene_here
from tactical.core.changes import GM
from tactical.core.commands.base import Command
from tactical.core.commands.fog import party_viewers, reveal_party_sight, reveal_seen
from tactical.core.commands.party import MoveToScene
from tactical.core.evening import Exit
from tactical.core.grid import GridMap
from tactical.core.sight import Viewer
from tactical.core.tokens import Position

if TYPE_CHECKING:
    from tactical.app.scenes.travel.move_dialog import MoveChoice, MoveRequest
    from tactical.app.window.services import Services

Mask = npt.NDArray[np.bool_]
AskMove = Callable[["MoveRequest"], "MoveChoice | None"]
"""The dialog (:mod:`.move_dialog`, loaded when first asked: not before the first frame)."""
AskSight = Callable[[GridMap, list[Viewer], Callable[[Mask], None]], None]
"""Works out what viewers see on a grid and calls back with it (the fog's worker)."""


class MoveActions:
    """Move to scene for one window; :attr:`ask_move` is the dialog (tests answer it)."""

    def __init__(
        self,
        services: Services,
        selected: Callable[[], list[str]],
        ask_sight: AskSight | None = None,
    ) -> None:
        self.services = services
        self.document = services.document
        self.selected = selected
        self.ask_sight = ask_sight
        self.ask_move: AskMove = self._dialog
        self.document.add_contributor(self.reveal_on_arrival)

    # -- who ---------------------------------------------------------------------------

    def party(self) -> list[str]:
        """The whole party on this scene: its roster characters, else its party sides' tokens."""
        encounter = self.document.encounter
        evening = evening_for(self.document)
        roster = evening.roster if evening is not None else {}
        members = [t.id for t in encounter.tokens.values() if t.character in roster]
        if members:
            return members
        sides = set(encounter.fog.party)
        return [t.id for t in encounter.tokens.values() if t.side in sides]

    def request(self, token_ids: list[str]) -> MoveRequest | None:
        scene = scene_here(self.document)
        scenes = other_scenes(self.document)
        if scene is None or not scenes:
            return None
        names = {s.id: s.name or s.id for s in scenes}
        exits = [e for e in scene.exits if e.to_scene in names]
        chosen = set(token_ids)
        ordered = [t for t in self.document.encounter.tokens if t in chosen]  # the map's order
        from tactical.app.scenes.travel.move_dialog import MoveRequest

        return MoveRequest(ordered, self.party(), scenes, exits, names)

    # -- moving --------------------------------------------------------------------------

    def move_selected(self, token_ids: list[str] | None = None) -> bool:
        """Ask where the tokens (the selection when not given) go and move them."""
        request = self.request(self.selected() if token_ids is None else token_ids)
        if request is None:
            self.services.say(
                "This file has one scene: add scenes first (the Scenes dock), then move tokens."
            )
            return False
        if not request.selected and not request.party:
            self.services.say("Select the tokens to move first.")
            return False
        choice = self.ask_move(request)
        if choice is None or not choice.token_ids:
            return False
        return self.move(choice.token_ids, choice.scene_id, choice.to, follow=choice.follow)

    def move(
        self, token_ids: list[str], scene_id: str, to: Position, *, follow: bool = False
    ) -> bool:
        """Move the tokens to ``scene_id`` near ``to`` (one undo step); with ``follow`` the
        GM goes to that scene too."""
        evening = evening_for(self.document)
        here = scene_here(self.document)
        if evening is None or here is None:
            return False
        command = MoveToScene(evening, here.id, token_ids, scene_id, to)
        self.document.push(command, GM)
        if follow:
            self.document.switch_scene(scene_id)
        self.services.say(f"{command.text}.")
        return True

    def through(self, exit_: Exit, token_ids: list[str]) -> bool:
        """Take ``exit_`` with the tokens."""
        if not token_ids:
            self.services.say("Select the tokens that take the exit first.")
            return False
        return self.move(token_ids, exit_.to_scene, exit_.to)

    # -- the fog where they arrive -----------------------------------------------------

    def reveal_on_arrival(self, command: Command) -> Command | None:
        """After a move to another scene: open that scene's fog by the party's sight
        when its "Reveal after every move" is on."""
        if not isinstance(command, MoveToScene):
            return None
        target = command.target.encounter
        fog, grid = target.fog, target.grid
        if not (fog.enabled and fog.auto_reveal):
            return None
        if grid is None or self.ask_sight is None:
            reveal = reveal_party_sight(target)
            return OnScene(reveal, target) if reveal is not None else None
        document = self.document

        def landed(seen: Mask) -> None:
            if target.grid is grid:
                reveal = reveal_seen(target, seen)
                if reveal is not None:
                    document.join(command, OnScene(reveal, target))

        self.ask_sight(grid, party_viewers(target), landed)
        return None

    # -- entries -------------------------------------------------------------------------

    def token_entry(self, menu: QMenu, point: QPointF, ids: list[str]) -> None:
        if ids and other_scenes(self.document):
            menu.addAction("Move to scene…", lambda: self.move_selected(ids))

    def _dialog(self, request: MoveRequest) -> MoveChoice | None:
        from tactical.app.scenes.travel.move_dialog import MoveDialog

        dialog = MoveDialog(request, self.services.window())
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return None
        return dialog.choice()
