"""Test configuration: Qt runs headless everywhere the tests run; real data is counted."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.realdata import REAL_DATA_PROPERTY, RealData, real_data_path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


@pytest.fixture
def real_data(request: pytest.FixtureRequest) -> RealData:
    """A file under ``../shared/realdata`` (see :mod:`tests.realdata`)."""

    def find(relative: str) -> Path:
        request.node.user_properties.append((REAL_DATA_PROPERTY, relative))
        return real_data_path(relative)

    return find


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
