"""Run an app benchmark small in the test's process and give back the lines it printed.

The benchmark runs once, to its end (its `main` answers 0); the tests then check its rows'
names and shape, never a figure.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest


def printed_lines(
    main: Callable[[list[str]], int],
    arguments: list[str],
    capsys: pytest.CaptureFixture[str],
) -> list[str]:
    """Run `main(arguments)`, check it answered 0 and give back its printed lines."""
    assert main(arguments) == 0
    return capsys.readouterr().out.strip().splitlines()
