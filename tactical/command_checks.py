"""What the ``tactical`` command checks before it writes: numbers, outputs, and its words.

- :func:`number_in` is the one argparse type of every numeric option: NaN,
  infinity, a negative or an absurd value is refused in one line naming the
  option's range, never a traceback or a raw Python error;
- :func:`same_file` says whether an output is the command's input, directly or
  through a link, so no command writes over what it reads;
- :func:`write_problem` words a failed write (a missing folder, a folder given
  as the output, a read-only folder) in one plain line naming the user's file,
  never an internal temporary file.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
from collections.abc import Callable
from pathlib import Path

from tactical.persistence.safe_read import same_file
from tactical.persistence.safe_write import target_problem
from tactical.persistence.write_errors import write_problem

__all__ = ["number_in", "output_problem", "same_file", "write_problem"]


def number_in(
    low: float, high: float, *, whole: bool = False, above: bool = False
) -> Callable[[str], float]:
    """An argparse type: a finite number from ``low`` (excluded when ``above``) to ``high``.

    ``whole``: a whole number (returned as an int).
    """

    def convert(text: str) -> float:
        try:
            value = int(text) if whole else float(text)
        except ValueError:
            kind = "a whole number" if whole else "a number"
            raise argparse.ArgumentTypeError(f"{text!r} is not {kind}") from None
        shown = f"{low:g} to {high:g}" if not above else f"more than {low:g} and at most {high:g}"
        if not math.isfinite(value) or value > high or value < low or (above and value == low):
            raise argparse.ArgumentTypeError(f"{text!r} is not {shown}")
        return value

    convert.__name__ = "number"  # argparse names the type so in its messages
    return convert


def output_problem(out: str | os.PathLike[str]) -> str | None:
    """Why ``out`` cannot be written, found before any work (a folder, no folder); or None."""
    path = Path(out)
    if path.is_dir():
        return "is a folder; name a file to write"
    problem = target_problem(path)
    if problem is not None:
        return f"cannot be written: {problem}"
    parent = path.parent
    if not parent.exists():
        return f"cannot be written: there is no folder {parent}"
    if not parent.is_dir():
        return f"cannot be written: {parent} is not a folder"
    return None


def refuse_output(file: str, out: str) -> bool:
    """Say so and return True when ``out`` is the input ``file`` or cannot be a file at all."""
    if same_file(file, out):
        print(
            f"{out}: is the file being read ({file}); name another file to write",
            file=sys.stderr,
        )
        return True
    problem = output_problem(out)
    if problem is not None:
        print(f"{out}: {problem}", file=sys.stderr)
        return True
    return False
