"""Warnings go to a rotating log; an unexpected error shows a dialog naming it; Help > About."""

from __future__ import annotations

import logging
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QTimer, qInstallMessageHandler, qWarning
from PySide6.QtWidgets import QMessageBox

from tactical import __version__
from tactical.app.runtime import logs
from tactical.app.runtime.crash import CrashReporter, install_crash_reporter
from tactical.app.window.about import about_text, help_menu, install_about
from tactical.app.window.help_keys import install_help_keys
from tactical.app.window.help_start import install_getting_started

from .conftest import ServicesFactory


@pytest.fixture
def log_file(tmp_path: Path) -> Iterator[Path]:
    path = tmp_path / "data" / "logs" / "tactical.log"
    assert logs.install_logging(path) == path
    yield path
    logs.uninstall_logging()


def test_warnings_and_errors_go_to_the_log_file_infos_do_not(log_file: Path) -> None:
    logging.getLogger("tactical.test").info("an ordinary day")
    logging.getLogger("tactical.test").warning("the map %s is odd", "cave")
    logging.getLogger("tactical.test").error("could not save")
    lines = log_file.read_text().splitlines()
    assert [line.split(" ", 2)[2] for line in lines] == [
        "WARNING tactical.test: the map cave is odd",
        "ERROR tactical.test: could not save",
    ]
    assert logs.log_path() == log_file


def test_the_log_rotates_and_keeps_three_old_files(log_file: Path) -> None:
    for _ in range(5):
        logging.getLogger("tactical.test").warning("x" * (logs.MAX_BYTES // 2))
    names = sorted(p.name for p in log_file.parent.iterdir())
    assert names == ["tactical.log", "tactical.log.1", "tactical.log.2", "tactical.log.3"]


def test_qt_warnings_reach_the_log(log_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    logs.qt_message(logs.QtMsgType.QtWarningMsg, logs.QMessageLogContext(), "QPainter odd")
    assert log_file.read_text().endswith("WARNING qt: QPainter odd\n")
    assert capsys.readouterr().err == "QPainter odd\n"


def test_a_log_that_cannot_be_opened_does_not_stop_the_app(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    assert logs.install_logging(blocker / "logs" / "tactical.log") is None
    assert logs.log_path() == logs.default_log_path()


@pytest.mark.qt_no_exception_capture
def test_an_exception_in_a_slot_is_logged_and_shown(qtbot: object, log_file: Path) -> None:
    shown: list[tuple[str, str]] = []
    reporter = install_crash_reporter(lambda title, text: shown.append((title, text)))
    try:

        def broken() -> None:
            raise RuntimeError("the ogre fell off the map")

        QTimer.singleShot(0, broken)
        qtbot.waitUntil(lambda: bool(shown))  # type: ignore[attr-defined]
    finally:
        reporter.uninstall()
    assert sys.excepthook is not reporter
    [(title, text)] = shown
    assert title == "Unexpected error"
    assert "RuntimeError: the ogre fell off the map" in text
    assert f"The details are in the log file:\n{log_file}\n" in text
    assert f"tactical {__version__}" in text
    logged = log_file.read_text()
    assert "CRITICAL tactical.crash: Unexpected error" in logged
    assert 'raise RuntimeError("the ogre fell off the map")' in logged


def test_an_error_while_the_dialog_is_up_is_logged_not_stacked(log_file: Path) -> None:
    shown: list[str] = []

    def show(title: str, text: str) -> None:
        shown.append(text)
        reporter(ValueError, ValueError("second"), None)

    reporter = CrashReporter(show)
    reporter(KeyError, KeyError("first"), None)
    assert len(shown) == 1 and "KeyError: 'first'" in shown[0]
    assert reporter.reported == 2
    assert log_file.read_text().count("Unexpected error") == 2


def test_help_about_names_the_version_and_the_files(
    make_services: ServicesFactory, tmp_path: Path
) -> None:
    services = make_services()
    recovery = tmp_path / "recovery"
    install_getting_started(services)
    install_help_keys(services)
    about_action = install_about(services, recovery)
    services.build()
    menu = help_menu(services.host)
    assert [a.text() for a in menu.actions()] == [
        "&Getting started",
        "&Keys and mouse",
        "&About tactical",
    ]
    assert help_menu(services.host) is menu  # found again, not made twice
    assert services.host.menuBar().actions()[-1].menu() is menu
    text = about_text(services.settings, recovery)
    lines = text.splitlines()
    assert lines[0] == f"tactical {__version__}"
    assert f"Log file: {logs.log_path()}" in lines
    assert f"Settings: {services.settings.fileName()}" in lines
    assert f"Recovery files: {recovery}" in lines
    about_action.trigger()
    box = services.host.findChild(QMessageBox)
    assert box is not None and box.isVisible()
    assert box.text() == text
    box.close()


def test_qwarning_reaches_the_log_through_the_installed_handler(log_file: Path) -> None:
    previous = logs.install_qt_messages()
    try:
        qWarning("grid layer cache too big")
    finally:
        qInstallMessageHandler(previous)  # type: ignore[arg-type]
    assert "WARNING qt: grid layer cache too big" in log_file.read_text()


def test_a_file_that_fails_to_open_or_save_is_logged(
    make_services: ServicesFactory, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    services = make_services()
    bad = tmp_path / "bad.tactical.json"
    bad.write_text('{"version": 1}')
    with caplog.at_level(logging.WARNING):
        assert not services.files.load_path(bad)
        assert not services.files.save_to(tmp_path / "no such folder" / "x.tactical.json")
    messages = [r.getMessage() for r in caplog.records if r.name == "tactical.app.storage.files"]
    assert len(messages) == 2
    assert messages[0].startswith(f"could not open {bad}: ")
    assert messages[1].startswith(
        f"could not save {tmp_path / 'no such folder' / 'x.tactical.json'}: "
    )
    assert [title for title, _ in services.errors] == ["Could not open the file", "Could not save"]
