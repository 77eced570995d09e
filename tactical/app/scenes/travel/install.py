"""Puts the evening's travel on a window: the party, Move to scene, exits, encounters.

Right-click a token: "Make a party character", "Move to scene…", "Mark as an
encounter…" and "Spring …" for a group it is in; right-click a square: "Place
here" (a party character not on this scene) and "Mark exit here…" (with an
editing tool of Edit map too); right-click an exit: take, edit or remove it.
The Edit menu has the first three for the selection, Map > Encounters springs
a group, and the token palette gets a Party section (drag a character from it
onto the map to place it there).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QPointF
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QBoxLayout, QMenu

from tactical.app.scenes.travel.encounters import EncounterActions
from tactical.app.scenes.travel.exits import ExitActions
from tactical.app.scenes.travel.move import MoveActions
from tactical.app.scenes.travel.party import PartyActions
from tactical.app.scenes.travel.party_drop import PartyDrop
from tactical.app.tokens.palette.party_section import PartySection
from tactical.app.window.action_registry import Place
from tactical.core.tokens import Position

if TYPE_CHECKING:
    from tactical.app.fog.install import FogControls
    from tactical.app.tokens.palette.controller import Palette
    from tactical.app.tokens.token_edits import TokenEdits
    from tactical.app.window.services import Services


class Travel(QObject):
    """The travel feature of one window (its parts are what tests drive)."""

    def __init__(
        self, services: Services, token_edits: TokenEdits, fog: FogControls, palette: Palette
    ) -> None:
        super().__init__(services.window())
        self.services = services
        selected = token_edits.selected
        self.party = PartyActions(services, token_edits.position_at, token_edits.token_ids_at)
        self.moves = MoveActions(services, selected, fog.worker.ask)
        self.exits = ExitActions(services, self.moves, token_edits.position_at)
        self.encounters = EncounterActions(services, token_edits.token_ids_at)
        self.party_section = PartySection(self.party, self._view_middle)
        layout = palette.dock.widget().layout()
        if isinstance(layout, QBoxLayout):
            layout.insertWidget(max(0, layout.indexOf(palette.dock.tokens) - 1), self.party_section)
        self.exits.followers.append(self.party_section.refresh)
        view = services.view
        self.party_drop = PartyDrop(
            view.viewport(),
            self.party,
            lambda point: view.mapToScene(point.toPoint()),
            token_edits.position_at,
        )
        self.token_edits = token_edits
        self._declare()

    def _view_middle(self) -> Position:
        view = self.services.view
        point = view.mapToScene(view.viewport().rect().center())
        return self.token_edits.position_at(QPointF(point))

    def _declare(self) -> None:
        registry = self.services.action_registry
        registry.add_context_entries(self.party.token_entry, "1_token", 50)
        registry.add_context_entries(self._move_entry, "1_token", 55)
        registry.add_context_entries(self.encounters.token_entries, "1_token", 60)
        registry.add_context_entries(self.party.place_entries, "3_place", 30)
        registry.add_context_entries(self.exits.entries, "4_doors", 30)
        registry.add_editing_context_entries(self.exits.editing_entries, "4_doors", 30)
        selected = self.token_edits.selected
        for order, (action_id, text, slot) in enumerate(
            (
                ("edit.move-to-scene", "Move to sc&ene…", lambda: self.moves.move_selected()),
                (
                    "edit.party-character",
                    "Make a &party character",
                    lambda: self.party.make_characters(selected()),
                ),
                (
                    "edit.mark-encounter",
                    "Mark as an e&ncounter…",
                    lambda: self.encounters.mark(selected()),
                ),
            )
        ):
            action = QAction(text, self.services.window())
            action.triggered.connect(lambda _=False, s=slot: s())
            registry.add(action_id, action, menu=Place("edit", "3_party", 10 * (order + 1)))
        menu = registry.add_menu("encounters", "&Encounters", Place("map", "5_encounters", 10))
        menu.aboutToShow.connect(lambda: self.encounters.fill_menu(menu))
        self.encounters_menu: QMenu = menu

    def _move_entry(self, menu: QMenu, point: QPointF) -> None:
        self.moves.token_entry(menu, point, self.token_edits.token_ids_at(point))


def install_travel(
    services: Services, token_edits: TokenEdits, fog: FogControls, palette: Palette
) -> Travel:
    """Add the party, Move to scene, exits and encounters to the window of ``services``."""
    return Travel(services, token_edits, fog, palette)
