"""Real files nobody here wrote (``../shared/realdata`` beside the checkout), for the tests.

Where that folder is missing, a developer's run skips the tests that read it and says where it
looked; a CI run (``CI=true``) fails them instead, so CI never passes without the real files.
Tests ask through the ``real_data`` fixture (``tests/conftest.py``), which also marks them, so
the run can count how many real-data tests ran.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest

REALDATA = Path(__file__).resolve().parents[1].parent / "shared" / "realdata"
"""Kept outside the repository (never copied in); its README names each file's source."""

REAL_DATA_PROPERTY = "real_data"
"""The user property a test that reads real data carries (and the file it read)."""

RealData = Callable[[str], Path]
"""The ``real_data`` fixture: a path under :data:`REALDATA` to the file there."""


def required() -> bool:
    """True in CI (``CI=true``), where a missing real-data file fails the test."""
    return os.environ.get("CI", "").strip().lower() in ("true", "1")


def real_data_path(relative: str, root: Path = REALDATA) -> Path:
    """``root / relative`` when that file is there; else skip the test (fail it in CI)."""
    path = root / relative
    if path.is_file():
        return path
    reason = f"real data is not here: {root.resolve()} has no {relative}"
    if required():
        pytest.fail(f"{reason}, and CI=true needs it", pytrace=False)
    pytest.skip(reason)
