"""A feature is built with the window's services, not the window: the fog controls on a
bare QMainWindow with its own action registry, a document, a scene, a view and settings."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QMainWindow, QToolBar

from tactical.app.encounter.document import EncounterDocument
from tactical.app.fog.install import install_fog
from tactical.app.map.map_view import MapView
from tactical.app.map.scene.map_scene import MapScene
from tactical.app.storage.files import FileController
from tactical.app.window.action_registry import MENU_BAR, ActionRegistry, Place
from tactical.app.window.plain_text import shown_text
from tactical.app.window.services import Services

from .conftest import small_grid


class FakeServices(Services):
    """The window's services around a plain QMainWindow; the status line and the tool
    switch are lists a test reads."""

    def __init__(self, settings: QSettings) -> None:
        host = QMainWindow()
        document = EncounterDocument(small_grid())
        scene = MapScene(document)
        registry = ActionRegistry(host)
        registry.add_menu("player", "Player view", Place(MENU_BAR, "1", 70))
        registry.add_toolbar("tools", QToolBar("Tools"))
        self.said: list[str] = []
        self.tools_used: list[str] = []
        super().__init__(
            host=host,
            document=document,
            scene=scene,
            view=MapView(scene, host),
            settings=settings,
            registry=registry,
            files=FileController(host, document, settings),
            say=self.said.append,
            use_tool=self.tools_used.append,
        )


@pytest.fixture
def services(qtbot: Any, settings: QSettings) -> FakeServices:
    fake = FakeServices(settings)
    qtbot.addWidget(fake.host)
    return fake


def test_the_fog_controls_need_only_the_services(services: FakeServices, qtbot: Any) -> None:
    controls = install_fog(services)
    registry = services.action_registry
    registry.build()
    bar = services.host.menuBar()
    assert [shown_text(a.text()) for a in bar.actions()] == ["Fog", "Player view"]
    assert registry.tools["fog"] is controls.tool
    tools_bar = registry.toolbar("tools").actions()
    assert registry.action("fog.tool") in tools_bar
    assert registry.action("fog.reveal-party") in tools_bar
    registry.action("fog.tool").trigger()
    assert services.tools_used == ["fog"]
    registry.action("fog.enabled").trigger()  # one undoable step on the document
    assert services.document.encounter.fog.enabled
    assert services.document.undo_stack.count() == 1
    services.document.undo_stack.undo()
    assert not controls.enabled_action.isChecked()  # the menu follows the document
    registry.action("fog.reveal-party").trigger()  # the PCs' sight, with fog still off
    qtbot.waitUntil(lambda: not controls.worker.busy())  # worked out off the GUI thread
    assert services.said == ["Revealed; turn on Fog > Fog on this map to hide the rest."]
    assert services.document.undo_stack.count() == 1  # the undone step replaced by the reveal


def test_an_unknown_action_or_menu_names_the_known_ones(services: FakeServices) -> None:
    install_fog(services)
    with pytest.raises(KeyError, match=r"fog\.enabled"):
        services.action_registry.action("fog.nothing")
    with pytest.raises(KeyError, match="player"):
        services.action_registry.menu("help")
    with pytest.raises(ValueError, match="two actions"):
        services.action_registry.add("fog.tool", services.action_registry.action("fog.tool"))
