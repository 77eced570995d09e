"""numba made unavailable for a run: ``TACTICAL_NO_NUMBA=1`` (``.ci/run`` runs the sight
tests so once, as on a platform without numba's wheels, where the base install has none).

``tests/conftest.py`` applies it before anything imports numba: ``import numba`` then
raises ImportError, as where the ``fast`` extra is not installed.
"""

from __future__ import annotations

import importlib.util
import os
import sys

import pytest

VARIABLE = "TACTICAL_NO_NUMBA"


def apply() -> None:
    """Make ``import numba`` (and llvmlite) fail in this process when the variable says so."""
    if os.environ.get(VARIABLE) == "1":
        sys.modules["numba"] = None  # type: ignore[assignment]
        sys.modules["llvmlite"] = None  # type: ignore[assignment]


def available() -> bool:
    return importlib.util.find_spec("numba") is not None


apply()  # before anything asks whether numba is there
needs_numba = pytest.mark.skipif(
    not available(), reason=f"numba is not installed, or made unavailable ({VARIABLE}=1)"
)
