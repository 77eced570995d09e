"""Test configuration: Qt runs headless everywhere the tests run; real data is counted."""

from __future__ import annotations

import gc
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests import numba_switch
from tests.realdata import REAL_DATA_PROPERTY, RealData, real_data_path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
numba_switch.apply()  # TACTICAL_NO_NUMBA=1: sight as where numba has no wheel (done on import)


@pytest.fixture
def real_data(request: pytest.FixtureRequest) -> RealData:
    """A file under ``../shared/realdata`` (see :mod:`tests.realdata`)."""

    def find(relative: str) -> Path:
        request.node.user_properties.append((REAL_DATA_PROPERTY, relative))
        return real_data_path(relative)

    return find


@pytest.fixture(scope="session")
def qapp(qapp: Any) -> Iterator[Any]:
    """pytest-qt's application, with cycles collected on its thread only, as in the app.

    (:mod:`tactical.app.runtime.gui_thread_gc`: the autosave writer and the phones' server
    must never free a Qt object another test left in a cycle.)
    """
    from tactical.app.runtime.gui_thread_gc import install_gui_thread_gc

    install_gui_thread_gc(qapp)
    yield qapp


@pytest.hookimpl(trylast=True)
def pytest_runtest_teardown(item: pytest.Item) -> None:
    """Between tests, on the main thread: collect what automatic collection would have."""
    if not gc.isenabled():
        from tactical.app.runtime.gui_thread_gc import collect_due

        collect_due()


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """One line saying how many tests read real data, and how they ended (``.ci/run`` reads it)."""
    worst = ("passed", "skipped", "failed")  # a test's later or worse report wins
    outcomes: dict[str, str] = {}
    for key in ("passed", "skipped", "failed", "error"):
        for report in terminalreporter.stats.get(key, []):
            properties = getattr(report, "user_properties", ())
            if any(name == REAL_DATA_PROPERTY for name, _ in properties):
                outcome = "failed" if key == "error" else key
                earlier = outcomes.get(report.nodeid, "passed")
                outcomes[report.nodeid] = max(earlier, outcome, key=worst.index)
    if outcomes:
        counts = {key: list(outcomes.values()).count(key) for key in worst}
        terminalreporter.write_line(
            f"real-data tests: {counts['passed']} passed, {counts['failed']} failed, "
            f"{counts['skipped']} skipped"
        )
