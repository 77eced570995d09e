"""Encounters that spring: hidden tokens marked as one encounter, revealed in one go.

Select hidden tokens and "Mark as an encounter…" (a name; one undo step). The
group is listed in its members' right-click menu and in Map > Encounters;
**Spring** reveals its tokens, adds them to the scene's fight and starts the
procedure (at its first step) when none runs, or joins the one that does: one
undo step (:func:`tactical.rules.spring.spring`).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF
from PySide6.QtWidgets import QInputDialog, QMenu

from tactical.app.encounter.limits import MAX_ID, MAX_NAME
from tactical.app.scenes.travel.access import ensure_evening, evening_for, scene_here
from tactical.app.window.plain_text import menu_text
from tactical.core.changes import GM
from tactical.core.commands.party import MarkGroup
from tactical.core.evening import TokenGroup
from tactical.core.token_names import new_id
from tactical.rules.registry import listed
from tactical.rules.spring import spring

if TYPE_CHECKING:
    from tactical.app.window.services import Services

AskText = Callable[[str, str], str | None]
AskProcedure = Callable[[list[tuple[str, str]], int], str | None]
"""Given (id, title) of the procedures and the one offered first: the one chosen."""
TokensAt = Callable[[QPointF], list[str]]


class EncounterActions:
    """Marking and springing encounters on the scene on screen."""

    def __init__(self, services: Services, tokens_at: TokensAt) -> None:
        self.services = services
        self.document = services.document
        self.tokens_at = tokens_at
        self.ask_text: AskText = self._dialog_text
        self.ask_procedure: AskProcedure = self._dialog_procedure

    def groups(self) -> list[TokenGroup]:
        here = scene_here(self.document)
        return list(here.groups) if here is not None else []

    def mark(self, token_ids: list[str]) -> TokenGroup | None:
        """Ask a name and mark the hidden ones of ``token_ids`` as an encounter."""
        tokens = self.document.encounter.tokens
        hidden = [t for t in token_ids if t in tokens and tokens[t].hidden]
        if not hidden:
            self.services.say("Hide the encounter's tokens from the players first.")
            return None
        name = (self.ask_text("Mark as an encounter", "Name of the encounter:") or "").strip()
        if not name:
            return None
        evening = ensure_evening(self.document)
        here = evening.scene_of(self.document.encounter)
        assert here is not None
        group = TokenGroup(new_id([g.id for g in here.groups], name, MAX_ID), name[:MAX_NAME])
        group.tokens = hidden
        self.document.push(MarkGroup(evening, here.id, group), GM)
        self.services.say(f"Marked {len(hidden)} hidden tokens as the encounter {name}.")
        return group

    def spring(self, group_id: str) -> bool:
        """Reveal the group and start (or join) the scene's fight: one undo step."""
        evening = evening_for(self.document)
        here = scene_here(self.document)
        if evening is None or here is None:
            return False
        encounter = self.document.encounter
        procedure = encounter.procedure
        if procedure is None:
            kind = encounter.map.kind
            choices = [(p.id, p.title) for p in listed() if p.map_kind == kind]
            procedure = self.ask_procedure(choices, 0) if choices else None
            if procedure is None:
                return False
        command = spring(evening, here.id, group_id, procedure)
        self.document.push(command, GM)
        self.services.say(f"{command.text}.")
        return True

    # -- menus -------------------------------------------------------------------------

    def token_entries(self, menu: QMenu, point: QPointF) -> None:
        ids = self.tokens_at(point)
        if not ids:
            return
        tokens = self.document.encounter.tokens
        if any(tokens[t].hidden for t in ids):
            menu.addAction("Mark as an encounter…", lambda: self.mark(ids))
        for group in self.groups():
            if not group.sprung and set(ids) & set(group.tokens):
                text = menu_text(f"Spring {group.name}")
                menu.addAction(text, partial(self.spring, group.id))

    def fill_menu(self, menu: QMenu) -> None:
        """Map > Encounters: each encounter of this scene, to spring (or sprung)."""
        menu.clear()
        groups = self.groups()
        if not groups:
            menu.addAction("No encounters on this scene").setEnabled(False)
        for group in groups:
            if group.sprung:
                menu.addAction(menu_text(f"{group.name} (sprung)")).setEnabled(False)
            else:
                menu.addAction(menu_text(f"Spring {group.name}"), partial(self.spring, group.id))

    # -- default dialogs ---------------------------------------------------------------

    def _dialog_text(self, title: str, label: str) -> str | None:
        text, ok = QInputDialog.getText(self.services.window(), title, label)
        return text if ok else None

    def _dialog_procedure(self, choices: list[tuple[str, str]], offered: int) -> str | None:
        titles = [title for _, title in choices]
        title, ok = QInputDialog.getItem(
            self.services.window(), "Spring", "Start which procedure?", titles, offered, False
        )
        return choices[titles.index(title)][0] if ok and title in titles else None
