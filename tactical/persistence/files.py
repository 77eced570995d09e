"""Reading and writing ``.tactical.json`` files.

Loading never changes the file: it reads at most :data:`MAX_FILE_BYTES` (the
size is checked before parsing), migrates older schema versions, validates,
and either returns an encounter or raises :class:`LoadError` listing every
problem with its JSON path. Saving first proves the new contents load again,
then writes a temporary file beside the target, flushes it to disk and renames
it over the target, so a crash or a full disk mid-save leaves the old file as
it was. JSON that is not plain data (a key twice in one object, a lone
surrogate) is refused with its path.

The proof does not pay for embedded pictures again: the text is loaded with
each picture's base64 set aside (a stand-in in its place) and the loader's
checks run on the picture bytes held in memory, which that base64 was made
from (:func:`document_parts`).
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path
from typing import Any

from pydantic import ValidationError
from pydantic_core import ErrorDetails

from tactical.core.encounter import Encounter
from tactical.persistence import evening_hooks, migrations
from tactical.persistence.atomic_write import _OUR_TEMP as _OUR_TEMP
from tactical.persistence.atomic_write import TEMP_PREFIX as TEMP_PREFIX
from tactical.persistence.atomic_write import remove_stale_temps as remove_stale_temps
from tactical.persistence.atomic_write import temp_name as temp_name
from tactical.persistence.atomic_write import write_atomic as write_atomic
from tactical.persistence.checks import check_encounter
from tactical.persistence.convert import to_document, to_encounter
from tactical.persistence.jsonfmt import Base64Text, dumps, dumps_parts
from tactical.persistence.partial import problems_beyond_schema
from tactical.persistence.plain_data import (
    PairsHook,
    may_hold_surrogates,
    repeated_key_problems,
    unsaveable_values,
)
from tactical.persistence.problems import ROOT, LoadError, Problem, SaveError, join_path
from tactical.persistence.safe_read import ReadRefused, read_regular_file
from tactical.persistence.schema import (
    FORMAT,
    MAP_KINDS,
    SCENE_VERSION,
    SCHEMA_VERSION,
    EncounterModel,
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


def _parse(data: bytes) -> tuple[dict[str, Any], list[Problem]]:
    """The top-level JSON object of a file and what it holds that is not plain data.

    LoadError when there is no object at all. The problems returned (a key
    repeated in an object, a lone surrogate) are reported with the others.
    """
    if len(data) > MAX_FILE_BYTES:
        raise LoadError([Problem(ROOT, _too_big())])
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise LoadError(
            [Problem(ROOT, f"is not UTF-8 text (bad byte at offset {error.start})")]
        ) from None
    if not text.strip():
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
    if isinstance(data, str):
        data = data.encode("utf-8", "surrogatepass")
    raw, problems = _parse(data)
    try:
        version = _version(raw)
    except LoadError as error:
        raise LoadError(problems + error.problems) from None
    if version > SCENE_VERSION:  # an evening: its shown scene, the others kept with it
        encounter: Encounter = evening_hooks.read_evening[0](raw, problems).shown_scene.encounter
        return encounter
    return scene_from_raw(raw, version, problems)


def _load(data: bytes, lent: tuple[bytes, ...]) -> Encounter:
    """:func:`loads_encounter`, with the pictures whose base64 a stand-in replaces.

    A picture whose ``data`` is the stand-in ``#n`` (see :func:`_stand_in`) is
    judged and opened with ``lent[n]`` as its bytes; with ``lent`` empty a
    stand-in is base64 like any other (and refused: ``#`` is not base64).
    """
    raw, problems = _parse(data)
    try:
        version = _version(raw)
    except LoadError as error:
        raise LoadError(problems + error.problems) from None
    if version != SCENE_VERSION:
        raise LoadError([Problem("schema_version", f"must be {SCENE_VERSION} for one scene")])
    return scene_from_raw(raw, version, problems, lent)


def scene_from_raw(
    raw: dict[str, Any], version: int, problems: list[Problem], lent: tuple[bytes, ...] = ()
) -> Encounter:
    """The encounter of one map's object (a whole file up to version 5, or a scene's object
    with the top-level keys of version 5); LoadError with ``problems`` and its own."""
    translate = version_1_paths(raw) if version == 1 else list
    try:
        migrated = migrations.migrate(raw, version, SCENE_VERSION)
    except LoadError as error:
        problems = problems + error.problems + _without_map(raw, version, lent)
        raise LoadError(translate(problems)) from None
    model, found = _judge(migrated, lent)
    problems = problems + found
    if problems or model is None:
        raise LoadError(translate(problems))
    try:
        return to_encounter(model)
    except ValueError as error:  # the checks above should leave nothing for the core to refuse
        raise LoadError([Problem(ROOT, f"cannot be opened: {error}")]) from None


def _judge(
    raw: dict[str, Any], lent: tuple[bytes, ...] = ()
) -> tuple[EncounterModel | None, list[Problem]]:
    """The model and its problems: the schema's, then the checks' on what the schema took."""
    lend = partial(_lend, lent=lent) if lent else None
    try:
        model = EncounterModel.model_validate(raw)
    except ValidationError as error:
        errors = error.errors()
        beyond = problems_beyond_schema(raw, errors, lend)
        return None, [_error_problem(e) for e in errors] + beyond
    if lend is not None:
        lend(model)
    return model, check_encounter(model)


def _stand_in(index: int) -> str:
    """What the save's check reads in place of the ``index``-th picture's base64."""
    return f"#{index}"


def _lend(model: EncounterModel, lent: tuple[bytes, ...]) -> None:
    """Give each picture whose ``data`` is a stand-in the bytes its base64 was made from."""
    for picture in model.pictures:
        data = picture.data
        if data is None or not data.startswith("#") or not data[1:].isdecimal():
            continue
        index = int(data[1:])
        if index < len(lent):
            picture._bytes = lent[index]


def _without_map(raw: dict[str, Any], version: int, lent: tuple[bytes, ...]) -> list[Problem]:
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
    return loads_encounter(_read(Path(path)))


def _read(path: Path) -> bytes:
    """The file's bytes: a regular file only, and never more than the cap (safe_read)."""
    try:
        return read_regular_file(path, MAX_FILE_BYTES, too_big=_too_big())
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


def dumps_encounter(encounter: Encounter) -> str:
    """The file contents for ``encounter``: deterministic, so equal encounters give equal text.

    A scene of an evening gives the whole evening's file."""
    document = to_document(encounter)
    frame = document.pop(evening_hooks.EVENING_KEY, None)
    if frame is not None:
        return "".join(frame.assemble(document, text=True))
    return dumps(document)


FileParts = list[bytes | Base64Text]
"""A file's contents in order: UTF-8 runs of text and each long picture base64 as it is."""

CHUNK_BYTES = 1024 * 1024
"""A picture's base64 is turned into bytes and written this much at a time.

So no single copy of tens of MB holds Python's lock while autosave writes on
its worker thread, and no second whole copy of the file is made."""


def encounter_bytes(encounter: Encounter) -> bytes:
    """The file contents for ``encounter``, proven to open again.

    Raises :class:`SaveError` naming what and where when the file would not
    load (a name too long for the format, a lone surrogate, a NaN), so that a
    save never replaces a good file with one the app would refuse.
    """
    return b"".join(file_chunks(document_parts(to_document(encounter))))


def document_parts(document: dict[str, Any]) -> FileParts:
    """The file contents for ``document`` (from ``to_document``), proven to open again.

    :class:`SaveError` as for :func:`encounter_bytes`. Needs nothing but the
    document, so autosave runs it on a worker thread on a document taken on
    the GUI thread. A scene of an evening (its snapshot carries the rest,
    ``evening_hooks.EVENING_KEY``) is proven alone; the other scenes were proven
    when they last changed, and the whole evening is written.
    """
    frame = document.get(evening_hooks.EVENING_KEY)
    if frame is not None:
        document = {k: v for k, v in document.items() if k != evening_hooks.EVENING_KEY}
    try:
        parts: FileParts = [
            part if isinstance(part, Base64Text) else part.encode("utf-8")
            for part in dumps_parts(document)
        ]
    except ValueError:  # NaN or infinity; UnicodeEncodeError: a lone surrogate
        raise SaveError(
            unsaveable_values(document) or [Problem(ROOT, "holds a value JSON cannot hold")]
        ) from None
    if sum(map(len, parts)) > MAX_FILE_BYTES:  # base64 is ASCII: one byte a character
        raise SaveError([Problem(ROOT, _too_big())])
    _prove_it_loads(parts)
    if frame is not None:
        parts = frame.assemble(document)
        if sum(map(len, parts)) > MAX_FILE_BYTES:
            raise SaveError([Problem(ROOT, _too_big())])
    return parts


def file_chunks(parts: FileParts) -> Iterator[bytes]:
    """The bytes of ``parts`` in order, each picture's base64 in :data:`CHUNK_BYTES` slices."""
    for part in parts:
        if isinstance(part, Base64Text):
            for start in range(0, len(part), CHUNK_BYTES):
                yield part[start : start + CHUNK_BYTES].encode("ascii")
        else:
            yield part


def _prove_it_loads(parts: FileParts) -> None:
    """SaveError unless the file made of ``parts`` loads, without reading its pictures again.

    The text is loaded with every picture's base64 replaced by a stand-in, and
    the loader's checks (the header: type, size, limits) run on the bytes that
    base64 was made from (``Base64Text.data``). What this skips is only
    decoding the base64, which gives those bytes back by construction (it is
    ``base64.b64encode``'s output, and its alphabet needs no JSON escaping),
    so the file loads exactly when this check passes (its size is checked by
    the caller).
    """
    lent: list[bytes] = []
    check: list[bytes] = []
    for part in parts:
        if isinstance(part, Base64Text):
            check.append(_stand_in(len(lent)).encode("ascii"))
            lent.append(part.data)
        else:
            check.append(part)
    try:
        _load(b"".join(check), tuple(lent))
    except LoadError as error:
        raise SaveError(error.problems) from None


def save_encounter(encounter: Encounter, path: str | os.PathLike[str]) -> None:
    """Write ``encounter`` to ``path`` atomically: the old file survives any failure.

    Nothing is written when the file would not open again (:class:`SaveError`).
    """
    write_atomic(Path(path), file_chunks(document_parts(to_document(encounter))))
