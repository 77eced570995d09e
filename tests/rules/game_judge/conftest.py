"""The fixtures of these tests."""

from __future__ import annotations

import pytest

from .fight import Table


@pytest.fixture()
def table() -> Table:
    return Table()
