"""A feature is built with the window's services, not the window: the fog controls on
fake services (tests/app/services_kit.py), a bare QMainWindow with its own action registry,
a document, a scene, a view and settings."""

from __future__ import annotations

from typing import Any

import pytest

from tactical.app.fog.install import install_fog
from tactical.app.window.plain_text import shown_text

from .conftest import ServicesFactory
from .services_kit import FakeServices


@pytest.fixture
def services(make_services: ServicesFactory) -> FakeServices:
    return make_services(shown=False)


def test_the_fog_controls_need_only_the_services(services: FakeServices, qtbot: Any) -> None:
    controls = install_fog(services)
    registry = services.action_registry
    registry.build()
    bar = services.host.menuBar()
    assert [shown_text(a.text()) for a in bar.actions()] == [
        *("File", "Edit", "View", "Tools"),
        *("Fog", "Player view", "Help"),
    ]
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
        services.action_registry.menu("nothing")
    with pytest.raises(ValueError, match="two actions"):
        services.action_registry.add("fog.tool", services.action_registry.action("fog.tool"))
