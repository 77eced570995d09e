"""Help > Getting started: the first five minutes with their pictures, offline, in the app."""

from __future__ import annotations

import re

from PySide6.QtCore import QUrl
from PySide6.QtGui import QImage, QTextDocument
from PySide6.QtWidgets import QApplication

from tactical.app.window.help_start import (
    GettingStartedDialog,
    install_getting_started,
    page_path,
)

from .conftest import ServicesFactory, small_grid

STEPS = [
    "1. Open an example",
    "2. Drag a token",
    "3. Start a combat procedure",
    "4. Import a map",
    "5. Open the player view",
]


def test_the_page_and_its_five_pictures_are_there() -> None:
    path = page_path()
    assert path is not None and path.parent.name == "docs"
    text = path.read_text(encoding="utf-8")
    assert re.findall(r"^## (.+)$", text, flags=re.MULTILINE)[:5] == STEPS
    pictures = re.findall(r"!\[[^\]]+\]\(([^)]+)\)", text)
    assert len(pictures) == 5
    for name in pictures:
        image = QImage(str(path.parent / name))
        assert not image.isNull() and image.width() >= 1000, name


def test_help_opens_the_page_with_its_pictures(make_services: ServicesFactory) -> None:
    services = make_services(small_grid())
    action = install_getting_started(services)
    services.build()
    assert services.menu_texts("help") == ["Getting started"]
    action.trigger()
    QApplication.processEvents()
    dialog = next(w for w in QApplication.topLevelWidgets() if isinstance(w, GettingStartedDialog))
    shown = dialog.browser.toPlainText()
    for step in STEPS:
        assert step in shown
    assert "File > New from template" in shown
    # Every picture of the page is found beside it and decodes.
    names = re.findall(r"\(([^)]+\.png)\)", page_path().read_text(encoding="utf-8"))  # type: ignore[union-attr]
    for name in names:
        loaded = dialog.browser.loadResource(QTextDocument.ResourceType.ImageResource, QUrl(name))
        image = loaded if isinstance(loaded, QImage) else QImage.fromData(loaded)
        assert not image.isNull(), name
    dialog.close()
