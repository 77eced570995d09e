"""Reading and writing ``.tactical.json`` files.

Loading never changes the file: it reads at most :data:`MAX_FILE_BYTES` (the
size is checked before parsing), migrates older schema versions, validates,
and either returns an encounter or raises :class:`LoadError` listing every
problem with its JSON path. Saving writes a temporary file beside the target,
flushes it to disk and renames it over the target, so a crash or a full disk
mid-save leaves the old file as it was.
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
from pathlib import Path
from typing import Any

from pydantic import ValidationError
from pydantic_core import ErrorDetails

from tactical.core.encounter import Encounter
from tactical.persistence import migrations
from tactical.persistence.checks import check_encounter
from tactical.persistence.convert import to_document, to_encounter
from tactical.persistence.jsonfmt import dumps
from tactical.persistence.problems import ROOT, LoadError, Problem, join_path
from tactical.persistence.schema import FORMAT, MAP_KINDS, SCHEMA_VERSION, EncounterModel

MAX_FILE_BYTES = 256 * 1024 * 1024
"""Files larger than this are refused before they are parsed.

Pictures are embedded, so the cap holds the largest picture tactical keeps
(``MAX_PICTURE_BYTES``, 160 MiB, 213 MiB as base64) with room for the map."""

EXTENSION = ".tactical.json"

_MESSAGES = {
    "extra_forbidden": "unknown key (not part of the file format)",
    "missing": "required key is missing",
    "finite_number": "must be a finite number (NaN and infinity are not allowed)",
    "union_tag_invalid": "must be one of: " + ", ".join(f"'{k}'" for k in MAP_KINDS),
    "union_tag_not_found": "required key is missing (one of: "
    + ", ".join(f"'{k}'" for k in MAP_KINDS)
    + ")",
    "model_type": "must be an object ({...})",
    "model_attributes_type": "must be an object ({...})",
    "dict_type": "must be an object ({...})",
    "list_type": "must be a list ([...])",
    "int_type": "must be a whole number",
    "int_from_float": "must be a whole number",
    "float_type": "must be a number",
    "bool_type": "must be true or false",
    "string_type": "must be text (in quotes)",
}
"""GM-readable words for pydantic's error types; pydantic's own message otherwise."""

_BOUNDED_MESSAGES = {
    "greater_than_equal": "must be {ge} or more",
    "less_than_equal": "must be at most {le}",
    "too_short": "needs at least {min_length} items, it has {actual_length}",
    "too_long": "may hold at most {max_length} items, it has {actual_length}",
    "string_too_long": "may be at most {max_length} characters long",
    "literal_error": "must be {expected}",
}
"""Messages that quote the limit from the error's context (never the input)."""


def _message(error: ErrorDetails) -> str:
    kind = error["type"]
    context = error.get("ctx") or {}
    if kind == "string_too_short":
        minimum = context.get("min_length", 1)
        if minimum == 1:
            return "must not be empty"
        return f"must be at least {minimum} characters long"
    template = _BOUNDED_MESSAGES.get(kind)
    if template is not None:
        try:
            return template.format(**context)
        except (KeyError, IndexError):
            return error["msg"]
    return _MESSAGES.get(kind, error["msg"])


def _error_problem(error: ErrorDetails) -> Problem:
    """A pydantic error as a problem: its path and its message, never its input."""
    loc = list(error["loc"])
    # A discriminated union puts the chosen tag in the path: map.grid.width -> map.width.
    if len(loc) >= 2 and loc[0] == "map" and loc[1] in MAP_KINDS:
        del loc[1]
    kind = error["type"]
    if kind in ("union_tag_invalid", "union_tag_not_found"):
        loc.append("kind")
    if loc and loc[-1] == "[key]":
        loc.pop()
        return Problem(join_path(loc), "a key here is not acceptable: " + _message(error))
    return Problem(join_path(loc), _message(error))


def _parse(data: bytes) -> dict[str, Any]:
    """The top-level JSON object of a file, or LoadError saying why there is none."""
    if len(data) > MAX_FILE_BYTES:
        raise LoadError([Problem(ROOT, _too_big())])
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise LoadError(
            [Problem(ROOT, f"is not UTF-8 text (bad byte at offset {error.start})")]
        ) from None
    try:
        raw = json.loads(text)
    except json.JSONDecodeError as error:
        raise LoadError(
            [
                Problem(
                    ROOT,
                    f"is not valid JSON: {error.msg} (line {error.lineno}, column {error.colno})",
                )
            ]
        ) from None
    except RecursionError:
        raise LoadError([Problem(ROOT, "nests lists or objects too deeply")]) from None
    except ValueError:
        raise LoadError([Problem(ROOT, "holds a number too long to read")]) from None
    if not isinstance(raw, dict):
        raise LoadError([Problem(ROOT, "must hold one JSON object (an encounter)")])
    return raw


def _too_big() -> str:
    return f"is larger than {MAX_FILE_BYTES // (1024 * 1024)} MiB, the largest file tactical opens"


def _version(raw: dict[str, Any]) -> int:
    """The file's schema version; LoadError when it is missing, wrong or too new."""
    problems = []
    if "format" not in raw:
        problems.append(Problem("format", f'required key is missing (it is "{FORMAT}")'))
    elif raw["format"] != FORMAT:
        problems.append(Problem("format", f'must be "{FORMAT}": this is not an encounter file'))
    version = raw.get("schema_version")
    if "schema_version" not in raw:
        problems.append(Problem("schema_version", "required key is missing"))
    elif not isinstance(version, int) or isinstance(version, bool) or version < 1:
        problems.append(Problem("schema_version", "must be a whole number, 1 or more"))
    elif version > SCHEMA_VERSION:
        problems.append(
            Problem(
                "schema_version",
                f"the file uses schema version {version}, newer than this version of "
                f"tactical can read (up to {SCHEMA_VERSION}); update tactical to open it",
            )
        )
    if problems:
        raise LoadError(problems)
    assert isinstance(version, int)
    return version


def loads_encounter(data: str | bytes) -> Encounter:
    """The encounter in a file's contents; LoadError with every problem otherwise."""
    raw = _parse(data.encode("utf-8") if isinstance(data, str) else data)
    raw = migrations.migrate(raw, _version(raw))
    try:
        model = EncounterModel.model_validate(raw)
    except ValidationError as error:
        raise LoadError([_error_problem(e) for e in error.errors()]) from None
    problems = check_encounter(model)
    if problems:
        raise LoadError(problems)
    try:
        return to_encounter(model)
    except ValueError as error:  # the checks above should leave nothing for the core to refuse
        raise LoadError([Problem(ROOT, f"cannot be opened: {error}")]) from None


def load_encounter(path: str | os.PathLike[str]) -> Encounter:
    """Open an encounter file; LoadError (never another exception) when it cannot be used."""
    return loads_encounter(_read(Path(path)))


def _read(path: Path) -> bytes:
    try:
        size = path.stat().st_size
        if size > MAX_FILE_BYTES:
            raise LoadError([Problem(ROOT, _too_big())])
        with path.open("rb") as handle:
            return handle.read(MAX_FILE_BYTES + 1)
    except FileNotFoundError:
        raise LoadError([Problem(ROOT, "there is no such file")]) from None
    except IsADirectoryError:
        raise LoadError([Problem(ROOT, "is a folder, not a file")]) from None
    except PermissionError:
        raise LoadError([Problem(ROOT, "cannot be read: permission denied")]) from None
    except OSError as error:
        raise LoadError([Problem(ROOT, f"cannot be read: {error.strerror}")]) from None


def validate_file(path: str | os.PathLike[str]) -> list[Problem]:
    """Every problem with a file; an empty list when it is sound."""
    try:
        load_encounter(path)
    except LoadError as error:
        return error.problems
    return []


def dumps_encounter(encounter: Encounter) -> str:
    """The file contents for ``encounter``: deterministic, so equal encounters give equal text."""
    return dumps(to_document(encounter))


def save_encounter(encounter: Encounter, path: str | os.PathLike[str]) -> None:
    """Write ``encounter`` to ``path`` atomically: the old file survives any failure."""
    write_atomic(Path(path), dumps_encounter(encounter).encode("utf-8"))


def write_atomic(path: Path, data: bytes) -> None:
    """Replace ``path`` with ``data`` so that readers see the old or the new file, never half.

    The temporary file sits beside the target (same file system, so the rename
    is atomic), is fsynced before the rename, and is removed if anything fails.
    A symlink is followed so the link itself survives; an existing file's
    permissions are kept.
    """
    target = Path(os.path.realpath(path))
    temp = target.with_name(f".{target.name}.{secrets.token_hex(4)}.tmp")
    fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o666)
    try:
        try:
            view = memoryview(data)
            while view:
                written = os.write(fd, view)
                view = view[written:]
            if target.exists():
                os.chmod(temp, target.stat().st_mode & 0o7777)
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(temp, target)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(temp)
        raise
    _fsync_folder(target.parent)


def _fsync_folder(folder: Path) -> None:
    """Make the rename itself durable where the platform allows it (not on Windows)."""
    if os.name != "posix":
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
