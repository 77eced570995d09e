"""What is wrong with a file, said so that a GM can find and fix it.

Every problem names a JSON path (``tokens[3].position``) and says what is
wrong there. Messages never echo the offending input back: a file may be huge
or hostile, and the path already says where to look.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

ROOT = "(file)"
"""The path used for problems with the file as a whole (too big, not JSON)."""

MAX_REPORTED = 50
"""At most this many problems are listed; the rest are counted in one last line."""

_IDENTIFIER = re.compile(r"^[A-Za-z_][A-Za-z0-9_-]{0,63}$")


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a file: where (a JSON path) and what."""

    path: str
    message: str

    def __str__(self) -> str:
        """``path: message``; a problem with the whole file is its message alone, since the
        line already starts with the file's name (``pipe.tactical.json: is a named pipe``)."""
        return self.message if self.path == ROOT else f"{self.path}: {self.message}"


class LoadError(Exception):
    """A file that cannot be opened as an encounter; ``problems`` says every reason."""

    def __init__(self, problems: Sequence[Problem]) -> None:
        self.problems: list[Problem] = list(problems)
        super().__init__(render_problems(self.problems))

    def __str__(self) -> str:
        return render_problems(self.problems)


class SaveError(ValueError):
    """A save refused because the file would not open again; nothing was written."""

    def __init__(self, problems: Sequence[Problem]) -> None:
        self.problems: list[Problem] = list(problems)
        super().__init__(str(self))

    def __str__(self) -> str:
        return "nothing was written, because the file would not open again:\n" + render_problems(
            self.problems
        )


def render_problems(problems: Sequence[Problem]) -> str:
    """One line per problem, capped at :data:`MAX_REPORTED` lines plus a count."""
    lines = [str(p) for p in problems[:MAX_REPORTED]]
    hidden = len(problems) - MAX_REPORTED
    if hidden > 0:
        lines.append(f"... and {hidden} more problem{'s' if hidden != 1 else ''}")
    return "\n".join(lines)


def key_part(key: str) -> str:
    """A dict key as it appears in a path: ``.name`` or ``["odd key"]`` (shortened)."""
    if _IDENTIFIER.match(key):
        return f".{key}"
    shown = key if len(key) <= 40 else key[:37] + "..."
    escaped = shown.replace("\\", "\\\\").replace('"', '\\"')
    escaped = "".join(c if c.isprintable() else "?" for c in escaped)
    return f'["{escaped}"]'


def join_path(parts: Iterable[str | int]) -> str:
    """``("tokens", 3, "position")`` -> ``tokens[3].position``; empty -> :data:`ROOT`."""
    text = ""
    for part in parts:
        text += f"[{part}]" if isinstance(part, int) else key_part(part)
    text = text.removeprefix(".")
    return text or ROOT
