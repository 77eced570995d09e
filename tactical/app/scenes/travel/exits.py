"""The GM's exits: mark a door or stairs on this scene that leads to a square of another.

Right-click a square (or an area), in play or with an editing tool of Edit
map: "Mark exit here…" picks the target scene, its square and a label.
Right-click an exit's marker: "Take this exit" moves the selected tokens
through it (Move to scene, in play only), "Edit exit…", "Remove exit".
Each edit is one undo step (:class:`~tactical.core.commands.scenes.SetExits`).
Exits are GM-only: drawn on the GM's map alone (:mod:`tactical.app.scenes.travel.exit_layer`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF
from PySide6.QtWidgets import QDialog, QMenu

from tactical.app.encounter.limits import MAX_ID
from tactical.app.scenes.travel.access import evening_for, other_scenes, scene_here
from tactical.app.scenes.travel.exit_layer import ExitLayer
from tactical.app.scenes.travel.move import MoveActions
from tactical.app.window.plain_text import menu_text
from tactical.core.changes import GM, Change
from tactical.core.commands.scenes import SetExits
from tactical.core.evening import Evening, Exit, Scene
from tactical.core.token_names import new_id
from tactical.core.tokens import Position

if TYPE_CHECKING:
    from tactical.app.scenes.travel.exit_dialog import ExitAnswer
    from tactical.app.window.services import Services

AskExit = Callable[[list[Scene], Exit | None], "ExitAnswer | None"]
"""The dialog (:mod:`.exit_dialog`, loaded when first asked: not before the first frame)."""
PositionAt = Callable[[QPointF], Position]


class ExitActions:
    """Exits of the scene on screen: their markers and their edits."""

    def __init__(self, services: Services, moves: MoveActions, position_at: PositionAt) -> None:
        self.services = services
        self.document = services.document
        self.moves = moves
        self.position_at = position_at
        self.ask_exit: AskExit = self._dialog
        scene = services.scene
        self.layer = ExitLayer(scene, lambda: scene.player)
        self._evening: Evening | None = None
        self.followers: list[Callable[[], None]] = []
        """Told after every refresh (the evening changed, or the scene on screen)."""
        self.document.changes_done.connect(self.refresh)
        self.document.encounter_replaced.connect(self.refresh)
        scene.tokens_refreshed.connect(self.refresh)
        self.refresh()

    def refresh(self, *_: object) -> None:
        """Redraw the markers if the exits (or the scenes' names) changed."""
        evening = evening_for(self.document)
        if evening is not self._evening:
            if self._evening is not None:
                self._evening.unsubscribe(self._heard)
            if evening is not None:
                evening.subscribe(self._heard)
            self._evening = evening
        here = scene_here(self.document)
        exits = here.exits if here is not None else []
        names = {s.id: s.name or s.id for s in evening.scenes} if evening is not None else {}
        self.layer.show(self.document.encounter, exits, names)
        for follower in self.followers:
            follower()

    def _heard(self, change: Change) -> None:
        self.refresh()

    # -- edits -------------------------------------------------------------------------

    def _set(self, exits: list[Exit], text: str) -> None:
        evening = evening_for(self.document)
        here = scene_here(self.document)
        if evening is None or here is None:
            return
        command = SetExits(evening, here.id, exits)
        command.text = text
        self.document.push(command, GM)
        self.refresh()

    def mark_at(self, position: Position) -> Exit | None:
        """Ask where an exit at ``position`` leads and mark it (one undo step)."""
        here = scene_here(self.document)
        scenes = other_scenes(self.document)
        if here is None or not scenes or position is None:
            self.services.say("Exits lead to other scenes: add a scene first (the Scenes dock).")
            return None
        answer = self.ask_exit(scenes, None)
        if answer is None:
            return None
        exit_id = new_id([e.id for e in here.exits], answer.label or "exit", MAX_ID)
        exit_ = Exit(exit_id, position, answer.to_scene, answer.to, answer.label)
        self._set([*here.exits, exit_], "Mark exit")
        return exit_

    def edit(self, exit_: Exit) -> None:
        here = scene_here(self.document)
        answer = self.ask_exit(other_scenes(self.document), exit_)
        if here is None or answer is None:
            return
        changed = replace(exit_, to_scene=answer.to_scene, to=answer.to, label=answer.label)
        self._set([changed if e.id == exit_.id else e for e in here.exits], "Edit exit")

    def remove(self, exit_: Exit) -> None:
        here = scene_here(self.document)
        if here is not None:
            self._set([e for e in here.exits if e.id != exit_.id], "Remove exit")

    def take(self, exit_: Exit) -> bool:
        """The selected tokens go through ``exit_`` (one undo step)."""
        chosen = set(self.moves.selected())
        ordered = [t for t in self.document.encounter.tokens if t in chosen]  # the map's order
        return self.moves.through(exit_, ordered)

    # -- the right-click menu ------------------------------------------------------------

    def entries(self, menu: QMenu, point: QPointF) -> None:
        """The play menu's: take, edit or remove an exit here, or mark one."""
        self._entries(menu, point, taking=True)

    def editing_entries(self, menu: QMenu, point: QPointF) -> None:
        """Edit map's right-click: mark, edit or remove (taking one is play)."""
        self._entries(menu, point, taking=False)

    def _entries(self, menu: QMenu, point: QPointF, *, taking: bool) -> None:
        found = self.layer.exits_at(point)
        names = {s.id: s.name or s.id for s in other_scenes(self.document)}
        for exit_ in found:
            target = names.get(exit_.to_scene, exit_.to_scene)
            title = f"Exit {exit_.label} to {target}" if exit_.label else f"Exit to {target}"
            menu.addAction(menu_text(title)).setEnabled(False)
            if taking:
                take = menu.addAction("Take this exit", partial(self.take, exit_))
                take.setEnabled(bool(self.moves.selected()))
            menu.addAction("Edit exit…", partial(self.edit, exit_))
            menu.addAction("Remove exit", partial(self.remove, exit_))
        if found or not names:
            return
        position = self.position_at(point)
        if position is not None:
            menu.addAction("Mark exit here…", lambda: self.mark_at(position))

    def _dialog(self, scenes: list[Scene], editing: Exit | None) -> ExitAnswer | None:
        from tactical.app.scenes.travel.exit_dialog import ExitDialog

        dialog = ExitDialog(scenes, editing, self.services.window())
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return None
        return dialog.answer()
