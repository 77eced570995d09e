"""Reading ``.tactical.json`` files: parse, migrate, validate, convert.

Loading never changes the file: it reads at most :data:`MAX_FILE_BYTES` (the
size is checked before parsing), migrates older schema versions, validates,
and either returns an encounter or raises :class:`LoadError` listing every
problem with its JSON path. JSON that is not plain data (a key twice in one
object, a lone surrogate) is refused with its path. The save's proof loads its
text here too, with the pictures and heights it set aside lent
(:func:`load_with_stand_ins`).
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
from pydantic import ValidationError
from pydantic_core import ErrorDetails

from tactical.core.encounter import Encounter
from tactical.core.give_way import checkpoint
from tactical.persistence import evening_hooks, migrations
from tactical.persistence.checks import check_encounter
from tactical.persistence.convert import to_encounter
from tactical.persistence.file_stamp import FileStamp
from tactical.persistence.free_pieces import free_in_pieces
from tactical.persistence.partial import problems_beyond_schema
from tactical.persistence.pieces import validate_in_pieces
from tactical.persistence.plain_data import (
    PairsHook,
    may_hold_surrogates,
    repeated_key_problems,
    unsaveable_values,
)
from tactical.persistence.problems import ROOT, LoadError, Problem, join_path
from tactical.persistence.safe_read import ReadRefused, read_stamped
from tactical.persistence.schema import (
    FORMAT,
    MAP_KINDS,
    SCENE_VERSION,
    SCHEMA_VERSION,
    EncounterModel,
    GridMapModel,
)
from tactical.persistence.v1_paths import version_1_paths

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


def error_problem(error: ErrorDetails) -> Problem:
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


def _parse(data: bytes) -> tuple[dict[str, Any], list[Problem]]:
    """The top-level JSON object of a file and what it holds that is not plain data.

    LoadError when there is no object at all. The problems returned (a key
    repeated in an object, a lone surrogate) are reported with the others.
    """
    if len(data) > MAX_FILE_BYTES:
        raise LoadError([Problem(ROOT, too_big())])
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise LoadError(
            [Problem(ROOT, f"is not UTF-8 text (bad byte at offset {error.start})")]
        ) from None
    if not text or text.isspace():  # not strip(): a copy of the whole text
        raise LoadError([Problem(ROOT, "is empty: an encounter file holds a JSON object")])
    hook = PairsHook()
    try:
        raw = json.loads(text, object_pairs_hook=hook)
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
    problems = repeated_key_problems(raw) if hook.found else []
    if may_hold_surrogates(text):
        problems += unsaveable_values(raw)
    return raw, problems


def too_big() -> str:
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
    if isinstance(data, str):
        data = data.encode("utf-8", "surrogatepass")
    return _load(data, None)


@dataclass(frozen=True)
class Lent:
    """What the save's proof set aside and lends the loader (see :func:`load_with_stand_ins`)."""

    pictures: tuple[bytes, ...] = ()
    heights: npt.NDArray[np.int16] | None = None


def load_with_stand_ins(
    data: bytes, pictures: tuple[bytes, ...], heights: npt.NDArray[np.int16] | None
) -> Encounter:
    """:func:`loads_encounter` of the save's proof text: a picture whose ``data`` is the
    stand-in ``#n`` (:func:`picture_stand_in`) is judged and opened with ``pictures[n]`` as
    its bytes, and a grid whose ``elevation`` is ``[]`` with ``heights`` as its heights.
    Without them a stand-in is refused like any bad value (``#`` is not base64)."""
    return _load(data, Lent(pictures, heights))


def _load(data: bytes, lent: Lent | None) -> Encounter:
    raw, problems = _parse(data)
    checkpoint()  # the save's worker gives way here to a busy GUI (core.give_way)
    try:
        return _load_raw(raw, problems, lent)
    finally:  # the parsed JSON is ours: its tokens are freed a slice at a time
        tokens = raw.get("tokens")
        if isinstance(tokens, list):
            free_in_pieces(tokens)


def parse_document(data: bytes) -> dict[str, Any]:
    """The top-level JSON object of a file's bytes, plain data only; LoadError otherwise.

    With :func:`encounter_from_document`, what :func:`loads_encounter` does in two
    steps, so the recovery journal can change the document in between.
    """
    raw, problems = _parse(data)
    if problems:
        raise LoadError(problems)
    return raw


def encounter_from_document(raw: dict[str, Any]) -> Encounter:
    """The encounter in a file's parsed JSON object (version, migration, every check)."""
    return _load_raw(raw, unsaveable_values(raw), None)


def _load_raw(raw: dict[str, Any], problems: list[Problem], lent: Lent | None) -> Encounter:
    try:
        version = _version(raw)
    except LoadError as error:
        raise LoadError(problems + error.problems) from None
    if lent is not None and version != SCENE_VERSION:  # the save's proof is of one scene
        raise LoadError([Problem("schema_version", f"must be {SCENE_VERSION} for one scene")])
    if version > SCENE_VERSION:  # an evening: its shown scene, the others kept with it
        encounter: Encounter = evening_hooks.read_evening[0](raw, problems).shown_scene.encounter
        return encounter
    return scene_from_raw(raw, version, problems, lent)


def scene_from_raw(
    raw: dict[str, Any], version: int, problems: list[Problem], lent: Lent | None = None
) -> Encounter:
    """The encounter of one map's object (a whole file up to version 5, or a scene's object
    with the top-level keys of version 5); LoadError with ``problems`` and its own."""
    translate = version_1_paths(raw) if version == 1 else list
    try:
        migrated = migrations.migrate(raw, version, SCENE_VERSION)
    except LoadError as error:
        problems = problems + error.problems + _without_map(raw, version, lent)
        raise LoadError(translate(problems)) from None
    checkpoint()
    model, found = _judge(migrated, lent)
    problems = problems + found
    if problems or model is None:
        raise LoadError(translate(problems))
    checkpoint()
    try:
        return to_encounter(model)
    except ValueError as error:  # the checks above should leave nothing for the core to refuse
        raise LoadError([Problem(ROOT, f"cannot be opened: {error}")]) from None
    finally:  # the model is the loader's own: its tokens are freed a slice at a time
        free_in_pieces(model.tokens)


def _judge(
    raw: dict[str, Any], lent: Lent | None = None
) -> tuple[EncounterModel | None, list[Problem]]:
    """The model and its problems: the schema's, then the checks' on what the schema took."""
    lend = partial(_lend, lent=lent) if lent is not None else None
    model = validate_in_pieces(raw)
    if model is None:
        try:
            model = EncounterModel.model_validate(raw)
        except ValidationError as error:
            errors = error.errors()
            beyond = problems_beyond_schema(raw, errors, lend)
            return None, [error_problem(e) for e in errors] + beyond
    if lend is not None:
        lend(model)
    checkpoint()
    return model, check_encounter(model)


def picture_stand_in(index: int) -> str:
    """What the save's check reads in place of the ``index``-th picture's base64."""
    return f"#{index}"


def _lend(model: EncounterModel, lent: Lent) -> None:
    """Give each picture whose ``data`` is a stand-in the bytes its base64 was made from, and
    a grid whose heights were set aside the array they were written from."""
    for picture in model.pictures:
        data = picture.data
        if data is None or not data.startswith("#") or not data[1:].isdecimal():
            continue
        index = int(data[1:])
        if index < len(lent.pictures):
            picture._bytes = lent.pictures[index]
    grid = model.map
    if lent.heights is not None and isinstance(grid, GridMapModel) and grid.elevation == []:
        grid._heights = lent.heights  # the checks judge the array (checks._check_grid)


def _without_map(raw: dict[str, Any], version: int, lent: Lent | None) -> list[Problem]:
    """The problems of everything but a map the migration could not read (said already)."""
    rest = {**raw, "map": None}
    try:
        migrated = migrations.migrate(rest, version, SCENE_VERSION)
    except LoadError:
        return []
    _model, found = _judge(migrated, lent)
    return [p for p in found if not (p.path == "map" or p.path.startswith(("map.", "map[")))]


def load_encounter(path: str | os.PathLike[str]) -> Encounter:
    """Open an encounter file; LoadError (never another exception) when it cannot be used."""
    return load_stamped(path)[0]


def load_stamped(path: str | os.PathLike[str]) -> tuple[Encounter, FileStamp | None]:
    """:func:`load_encounter`, with the stamp of the file version it read (None: the file
    changed while it was read): the recovery journal copies the file only while it is
    still that version (:mod:`~tactical.persistence.file_stamp`)."""
    data, stamp = _read_stamped(Path(path))
    return loads_encounter(data), stamp


def _read(path: Path) -> bytes:
    """The file's bytes: a regular file only, and never more than the cap (safe_read)."""
    return _read_stamped(path)[0]


def _read_stamped(path: Path) -> tuple[bytes, FileStamp | None]:
    try:
        return read_stamped(path, MAX_FILE_BYTES, too_big=too_big())
    except ReadRefused as error:
        raise LoadError([Problem(ROOT, str(error))]) from None


PictureDecoder = Callable[[bytes], str | None]
"""Why a picture's pixels cannot be drawn (a truncated PNG), or None when they can.

Decoding needs Qt, which persistence does not import: the app and the
command line hand their decoder in (``tactical.app.storage.pictures.check_decodes``)."""


def validate_file(
    path: str | os.PathLike[str], decode: PictureDecoder | None = None
) -> list[Problem]:
    """Every problem with a file; an empty list when it is sound.

    With ``decode``, each embedded picture is decoded once too, so a damaged
    one is reported by its place in the file instead of opening as blank art.
    """
    try:
        encounter = load_encounter(path)
    except LoadError as error:
        return error.problems
    return [] if decode is None else picture_problems(encounter, decode)


def picture_problems(encounter: Encounter, decode: PictureDecoder) -> list[Problem]:
    """The embedded pictures whose pixels ``decode`` cannot draw, by their place in the file."""
    problems = []
    for index, picture in enumerate(encounter.pictures.values()):
        if picture.data is None:
            continue
        problem = decode(picture.data)
        if problem is not None:
            problems.append(Problem(f"pictures[{index}].data", f"the picture {problem}"))
    return problems
