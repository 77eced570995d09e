"""The template tool's "Terrain Effect of <token>" choice, beside its kind, size and label.

001: "Some abilities create Terrain Effects ... A particular character can only
have one Terrain Effect in place at a time: if they create a new one any
previously placed Terrain Effects disappear." Ticked, the templates the tool
places are Terrain Effects of the token that makes them (the selected token for
an Area or Line; for an Aura, the token it surrounds), and placing one removes
that token's earlier ones in the same undo step (the rule is the core's:
:func:`tactical.core.commands.templates.place_template`).

The box names the selected token, so the GM sees whose effect it will be;
with no single token selected (or for an Aura, whose token is the one pointed
at) it says just "Terrain Effect", to keep the Template row short.
"""

from __future__ import annotations

from collections.abc import Callable

import shiboken6
from PySide6.QtWidgets import QCheckBox, QComboBox, QLineEdit

from tactical.app.map.tools import TemplateTool
from tactical.app.window.plain_text import menu_text
from tactical.app.window.services import Services

NAME_SHOWN = 20
"""At most this many characters of the name: a long one would push the tools off the bar."""


def choice_text(name: str | None) -> str:
    """The box's words (a user's name shown literally: '&' is no shortcut marker)."""
    if name and len(name) > NAME_SHOWN:
        name = name[: NAME_SHOWN - 1].rstrip() + "\N{HORIZONTAL ELLIPSIS}"
    return menu_text(f"Terrain Effect of {name}" if name else "Terrain Effect")


class TerrainEffectChoice:
    """The check box and its link to the template tool and the selection."""

    def __init__(
        self,
        services: Services,
        tool: TemplateTool,
        kind: QComboBox,
        selected: Callable[[], list[str]],
    ) -> None:
        self.services = services
        self.tool = tool
        self.kind = kind
        self.selected = selected
        self.box = QCheckBox(choice_text(None))
        self.box.setObjectName("terrain-effect")
        self.box.setToolTip(
            "Place the template as the Terrain Effect of the token that makes it: "
            "its earlier Terrain Effect disappears (001: one at a time)"
        )
        self.box.toggled.connect(self._toggled)
        services.scene.selectionChanged.connect(self.refresh)
        kind.currentIndexChanged.connect(self.refresh)
        self.refresh()

    def _toggled(self, on: bool) -> None:
        tool = self.tool
        tool.placer.terrain_effect = on
        tool.placer.reset()

    def refresh(self) -> None:
        """Name the selected token (the aura's token is the one pointed at, so no name)."""
        if not shiboken6.isValid(self.services.scene) or not shiboken6.isValid(self.box):
            return  # the scene announces its items' removal as it is destroyed
        selected = self.selected()
        aura = self.kind.currentText().lower() == "aura"
        encounter = self.services.document.encounter
        name = None
        if not aura and len(selected) == 1 and selected[0] in encounter.tokens:
            name = encounter.tokens[selected[0]].name
        self.box.setText(choice_text(name))


def install_terrain_effect_choice(
    services: Services,
    tool: TemplateTool,
    kind: QComboBox,
    label: QLineEdit,
    selected: Callable[[], list[str]],
) -> TerrainEffectChoice:
    """Put the choice on the Template row (the template tool's ``kind`` of template,
    ``label`` field), just after the label field; ``selected`` gives the selected tokens."""
    choice = TerrainEffectChoice(services, tool, kind, selected)
    bar = services.registry.toolbar("template")
    actions = bar.actions()
    after = next(
        (i for i, a in enumerate(actions) if bar.widgetForAction(a) is label),
        None,
    )
    if after is not None and after + 1 < len(actions):
        bar.insertWidget(actions[after + 1], choice.box)
    else:
        bar.addWidget(choice.box)
    return choice
