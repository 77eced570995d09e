"""Edits of tokens and templates from menus: add, remove, hide, statuses, remove template.

Every edit is a core command pushed on the document, so each is one undo step.
The questions asked of the GM (a name, a status) go through replaceable hooks
so tests can answer them.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import partial

from PySide6.QtCore import QPointF
from PySide6.QtWidgets import QInputDialog, QLineEdit, QMenu, QWidget

from tactical.app.encounter.document import EncounterDocument
from tactical.app.encounter.limits import MAX_NAME, MAX_STACKS
from tactical.app.map.geometry import scene_to_map, square_at
from tactical.app.map.scene.map_scene import MapScene
from tactical.app.map.scene.token_item import TokenItem
from tactical.app.tokens.palette.adding import TokenAdder
from tactical.app.tokens.palette.editing import TokenEditor
from tactical.app.window.action_registry import ActionRegistry
from tactical.app.window.plain_text import menu_text
from tactical.core.changes import GM
from tactical.core.commands import (
    Batch,
    RemoveTemplate,
    SetStatus,
    SetTokenField,
)
from tactical.core.commands.templates import remove_tokens
from tactical.core.tokens import Position, Token

AskText = Callable[[str, str], str | None]


def parse_status(text: str) -> tuple[str, int] | None:
    """``"Slowed 2"`` -> ``("Slowed", 2)``; ``"Dazed"`` -> ``("Dazed", 1)``; blank -> None.

    ValueError, with the limit, for what a file cannot hold (a name over 200
    characters, more than 1,000,000 stacks).
    """
    text = text.strip()
    if not text:
        return None
    match = re.fullmatch(r"(.*?)\s+(\d+)", text)
    name, stacks = text, 1
    if match and match.group(1).strip():
        digits = match.group(2)
        if len(digits) > 9 or int(digits) > MAX_STACKS:
            raise ValueError(f"at most {MAX_STACKS:,} stacks of a status")
        name, stacks = match.group(1).strip(), max(1, int(digits))
    if len(name) > MAX_NAME:
        raise ValueError(f"a status name may be at most {MAX_NAME} characters")
    return name, stacks


class TokenEdits:
    """The GM's token and template edits for one window."""

    def __init__(
        self,
        parent: QWidget,
        document: EncounterDocument,
        scene: MapScene,
        say: Callable[[str], None],
    ) -> None:
        self.parent = parent
        self.document = document
        self.scene = scene
        self.ask_text: AskText = self._dialog_text
        self.say = say
        """Where a refusal is said (the window's status bar)."""
        self.adder = TokenAdder(parent, document, lambda text: self.say(text))
        """The add-token form, shared with the token palette (it remembers the last side)."""
        self.editor = TokenEditor(parent, document, self.adder, lambda text: self.say(text))
        """Edit token… (the same form, filled from the token)."""

    def selected(self) -> list[str]:
        items = self.scene.selectedItems()
        return [item.token_id for item in items if isinstance(item, TokenItem)]

    # -- edits -----------------------------------------------------------------------

    def add_token_at(self, position: Position) -> str | None:
        """Right-click "Add token here…": the one add-token form (name, side, size, speed,
        picture), see :mod:`tactical.app.tokens.palette.adding`; one undo step."""
        return self.adder.add_at(position)

    def remove_tokens(self, token_ids: list[str]) -> None:
        if not token_ids:
            return
        self.document.push(remove_tokens(self.document.encounter, token_ids), GM)

    def toggle_hidden(self, token_ids: list[str]) -> None:
        encounter = self.document.encounter
        tokens = [encounter.tokens[t] for t in token_ids if t in encounter.tokens]
        if not tokens:
            return
        hide = not all(t.hidden for t in tokens)
        text = "Hide from players" if hide else "Show to players"
        self.document.push(Batch(text, [SetTokenField(t.id, "hidden", hide) for t in tokens]), GM)

    def add_status(self, token_ids: list[str]) -> None:
        if not token_ids:
            return
        answer = self.ask_text("Add status", "Status (and stacks, e.g. 'Slowed 2'):")
        try:
            parsed = parse_status(answer or "")
        except ValueError as error:
            self.say(f"Refused: {error}.")
            return
        if parsed is None:
            return
        status, stacks = parsed
        self.document.push(
            Batch(f"{status} {stacks}", [SetStatus(t, status, stacks) for t in token_ids]), GM
        )

    def clear_status(self, token_id: str, status: str) -> None:
        self.document.push(SetStatus(token_id, status, None), GM)

    def remove_template(self, template_id: str) -> None:
        self.document.push(RemoveTemplate(template_id), GM)

    # -- where ----------------------------------------------------------------------

    def position_at(self, point: QPointF) -> Position:
        encounter = self.document.encounter
        if encounter.area_map is not None:
            return encounter.area_map.area_at(*scene_to_map(point.x(), point.y()))
        square = square_at(point.x(), point.y())
        grid = encounter.grid
        return square if grid is not None and grid.in_bounds(square) else None

    def templates_at(self, point: QPointF) -> list[str]:
        found = []
        for template_id, item in self.scene.template_items.items():
            if item.isVisible() and item.contains_point(point):
                found.append(template_id)
        return found

    # -- the right-click menu's entries --------------------------------------------------

    def token_ids_at(self, point: QPointF) -> list[str]:
        """The token under ``point`` (the whole selection when it is selected), or none."""
        item = self.scene.token_item_at(point)
        if item is None or item.token_id not in self.document.encounter.tokens:
            return []
        return self.selected() if item.isSelected() else [item.token_id]

    def declare_entries(self, registry: ActionRegistry) -> None:
        """Declare the token's and the square's right-click entries (groups "1_token",
        "2_remove" and "3_place"; others join them by group and order)."""
        for group, order, adder in (
            ("1_token", 0, self._title_entry),
            ("1_token", 10, self._edit_entry),
            ("1_token", 20, self._status_entries),
            ("1_token", 40, self._hide_entry),
            ("2_remove", 10, self._remove_entry),
            ("3_place", 10, self._add_entry),
            ("3_place", 20, self._template_entries),
        ):
            registry.add_context_entries(adder, group, order)

    def _token_at(self, point: QPointF) -> tuple[Token, list[str]] | None:
        ids = self.token_ids_at(point)
        item = self.scene.token_item_at(point)
        if not ids or item is None:
            return None
        return self.document.encounter.tokens[item.token_id], ids

    def _title_entry(self, menu: QMenu, point: QPointF) -> None:
        if found := self._token_at(point):
            menu.addAction(menu_text(found[0].name)).setEnabled(False)

    def _edit_entry(self, menu: QMenu, point: QPointF) -> None:
        if ids := self.token_ids_at(point):
            text = "Edit token…" if len(ids) == 1 else f"Edit {len(ids)} tokens…"
            menu.addAction(text, lambda: self.editor.edit(ids))

    def _status_entries(self, menu: QMenu, point: QPointF) -> None:
        if not (found := self._token_at(point)):
            return
        token, ids = found
        menu.addAction("Add status…", lambda: self.add_status(ids))
        for status, stacks in sorted(token.statuses.items()):
            label = f"Clear {status}" + (f" ({stacks})" if stacks > 1 else "")
            menu.addAction(menu_text(label), partial(self.clear_status, token.id, status))

    def _hide_entry(self, menu: QMenu, point: QPointF) -> None:
        if found := self._token_at(point):
            token, ids = found
            text = "Show to players" if token.hidden else "Hide from players"
            menu.addAction(text, lambda: self.toggle_hidden(ids))

    def _remove_entry(self, menu: QMenu, point: QPointF) -> None:
        if ids := self.token_ids_at(point):
            text = "Remove token" if len(ids) == 1 else f"Remove {len(ids)} tokens"
            menu.addAction(text, lambda: self.remove_tokens(ids))

    def _add_entry(self, menu: QMenu, point: QPointF) -> None:
        position = self.position_at(point)
        if position is not None:
            menu.addAction("Add token here…", lambda: self.add_token_at(position))

    def _template_entries(self, menu: QMenu, point: QPointF) -> None:
        for template_id in self.templates_at(point):
            template = self.document.encounter.templates[template_id]
            name = template.label or f"{template.kind.capitalize()} {template.size}"
            menu.addAction(
                menu_text(f"Remove template: {name}"), partial(self.remove_template, template_id)
            )

    # -- default dialogs -----------------------------------------------------------------

    def _dialog_text(self, title: str, label: str) -> str | None:
        dialog = QInputDialog(self.parent)
        dialog.setWindowTitle(title)
        dialog.setLabelText(label)
        dialog.setInputMode(QInputDialog.InputMode.TextInput)
        for line in dialog.findChildren(QLineEdit):
            line.setMaxLength(MAX_NAME + 10)  # a name and its stacks; longer names are refused
        ok = dialog.exec() == QInputDialog.DialogCode.Accepted
        return dialog.textValue() if ok else None
