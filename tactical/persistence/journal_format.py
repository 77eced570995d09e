"""The recovery journal's file: JSON lines, versioned and validated.

The first line is a header naming the base file the journal follows by the
SHA-256 of its bytes; each further line is one record
(:class:`JournalRecord`), written in one piece and ended by a newline. Reading:

- a last line without its newline (or of NUL bytes: a file system that lost
  the write) was being written when the app died: it is left out;
- a journal whose header names another base belongs to an older base (the base
  is replaced first when the journal starts again): the base alone is the
  newer state, and the journal is not used;
- any other line that is not JSON, or not a record, refuses the whole journal
  with a :class:`~tactical.persistence.problems.LoadError` naming its line.

A record's values are parts of the file's own document (a token's object, a
wall line's); they are checked when the document they build is loaded.
"""

from __future__ import annotations

import json
import re
import secrets
from collections.abc import Iterator
from typing import Annotated, Any, Literal, TypeVar

from pydantic import Field, PlainValidator, ValidationError
from pydantic_core import PydanticCustomError

from tactical.persistence.fog_bits import MAX_FOG_TEXT
from tactical.persistence.jsonfmt import Base64Text
from tactical.persistence.loading import error_problem
from tactical.persistence.plain_data import PairsHook, repeated_key_problems
from tactical.persistence.problems import ROOT, LoadError, Problem
from tactical.persistence.schema import MAX_INT, Strict, WallModel

JOURNAL_FORMAT = "tactical.journal"
JOURNAL_VERSION = 3
"""3: each record names its scene and its undo step (2: the header names the one scene the
records change; 1: the shown scene). Versions 1 and 2 are still read, without a history."""
MAX_JOURNAL_BYTES = 1024 * 1024 * 1024
"""The most of a journal read: the app starts a new base long before (a picture's
record is its size as base64, at most 213 MiB)."""

_SHA256 = re.compile(r"^[0-9a-f]{64}$")


def _sha256(value: object) -> str:
    if not isinstance(value, str) or not _SHA256.match(value):
        raise PydanticCustomError("sha256", "must be a SHA-256 written as 64 hex digits")
    return value


class JournalHeader(Strict):
    format: Literal["tactical.journal"]
    version: Literal[1, 2, 3]
    base_sha256: Annotated[str, PlainValidator(_sha256)]
    scene: Annotated[str, Field(min_length=1, max_length=200)] | None = None
    """The id of the evening's scene the records change (the GM's when the base was
    written); None: the scene the base file opens on (its shown scene)."""


def _int(value: object, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def _square(value: object) -> list[Any]:
    """``[column, row, elevation, terrain]``: a changed square."""
    if isinstance(value, list) and len(value) == 4:
        column, row, height, kind = value
        if (
            _int(column, 0, 1 << 20)
            and _int(row, 0, 1 << 20)
            and _int(height, -MAX_INT, MAX_INT)
            and kind in (".", "d", "x")
        ):
            return value
    raise PydanticCustomError(
        "square", "must be [column, row, elevation, terrain] (terrain one of '.', 'd', 'x')"
    )


def _edge(value: object) -> list[Any]:
    """``[[column, row], [column, row]]``: the two squares of a wall's edge."""
    if isinstance(value, list) and len(value) == 2:
        a, b = value
        if all(
            isinstance(p, list) and len(p) == 2 and all(_int(n, 0, 1 << 20) for n in p)
            for p in (a, b)
        ):
            return value
    raise PydanticCustomError("edge", "must be the edge's two squares [[column, row], [...]]")


Id = Annotated[str, Field(min_length=1, max_length=128)]
Count = Annotated[int, Field(ge=0, le=MAX_INT)]


class TokensPatch(Strict):
    put: list[dict[str, Any]] = Field(default_factory=list)
    """Token objects: one with a known id replaces it in place, a new one goes last."""
    drop: list[Id] = Field(default_factory=list)
    order: list[Id] | None = None
    """Every token's id in the new order, when it is not the one put and drop give."""


class Splice(Strict):
    """A list's stretch from ``at``: ``drop`` items replaced by ``add``."""

    at: Count
    drop: Count = 0
    add: list[dict[str, Any]] = Field(default_factory=list)


class WallsPatch(Strict):
    set: list[WallModel] = Field(default_factory=list)
    drop: list[Annotated[list[Any], PlainValidator(_edge)]] = Field(default_factory=list)


class FogBox(Strict):
    """The fog's squares in a box of the map, written as ``fog.revealed`` writes a map."""

    x: Count
    y: Count
    width: Annotated[int, Field(ge=1, le=1 << 20)]
    height: Annotated[int, Field(ge=1, le=1 << 20)]
    bits: Annotated[str, Field(max_length=MAX_FOG_TEXT)]


class PicturesPatch(Strict):
    order: list[Id]
    add: list[dict[str, Any]] = Field(default_factory=list)


class Step(Strict):
    """How a record belongs to the undo history (version 3)."""

    do: Literal["push", "merge", "undo", "redo"]
    """``push``: a new step (``text``, by ``by``); ``merge``: joined into the step before;
    ``undo``, ``redo``: the history's index moved down or up by one."""
    text: Annotated[str, Field(max_length=10_000)] = ""
    by: Annotated[str, Field(max_length=1_000)] = ""
    """Who made the step: "GM", "Bram's phone"."""
    character: Id | None = None
    """For a phone: the token id of the character it moves."""


class JournalRecord(Strict):
    """What one change set changed (:mod:`tactical.persistence.journal_state`)."""

    n: Annotated[int, Field(ge=1)]
    time: Annotated[float, Field(ge=0)]
    scene: Id | None = None
    """The id of the evening's scene this record changes (None: the header's)."""
    view: Id | None = None
    """The scene on the GM's screen from this record on (a switch of scene)."""
    step: list[Step] = Field(default_factory=list)
    """The undo history's moves this record's change made, in order (version 3)."""
    set: dict[str, Any] = Field(default_factory=dict)
    """Top-level keys of the document, each replaced whole."""
    squares: list[Annotated[list[Any], PlainValidator(_square)]] = Field(default_factory=list)
    walls: WallsPatch | None = None
    wall_lines: Splice | None = None
    fog_box: FogBox | None = None
    tokens: TokensPatch | None = None
    dice_log: Splice | None = None
    pictures: PicturesPatch | None = None


def header_line(base_sha256: str, scene: str | None = None) -> bytes:
    header: dict[str, Any] = {
        "format": JOURNAL_FORMAT,
        "version": JOURNAL_VERSION,
        "base_sha256": base_sha256,
    }
    if scene is not None:
        header["scene"] = scene
    return json.dumps(header).encode("ascii") + b"\n"


def record_chunks(record: dict[str, Any]) -> list[bytes | Base64Text]:
    """One record as one line: ASCII JSON, each long picture base64 a part of its own.

    A picture's base64 (tens of MB) is not passed through ``json.dumps`` (one
    long call holding Python's lock): it needs no escaping, so it is written
    between its quotes as it is. ValueError for NaN or infinity.
    """
    marks: dict[str, Base64Text] = {}
    nonce = secrets.token_hex(8)

    def mark(value: Any) -> Any:
        if isinstance(value, Base64Text) and len(value) > 1024:
            key = f"tactical-base64-{nonce}-{len(marks)}"
            marks[key] = value
            return key
        if isinstance(value, dict):
            return {k: mark(v) for k, v in value.items()}
        if isinstance(value, list):
            return [mark(v) for v in value]
        return value

    pictures = record.get("pictures")
    shown = {**record, "pictures": mark(pictures)} if pictures is not None else record
    text = json.dumps(shown, ensure_ascii=True, separators=(",", ":"), allow_nan=False) + "\n"
    if not marks:
        return [text.encode("ascii")]
    chunks: list[bytes | Base64Text] = []
    for key, value in marks.items():
        before, text = text.split(f'"{key}"', 1)
        chunks += [before.encode("ascii") + b'"', value, b'"']
    chunks.append(text.encode("ascii"))
    return chunks


def journal_lines(data: bytes) -> Iterator[tuple[int, bytes]]:
    """The journal's complete lines with their numbers (1 is the header); a torn last
    line (no newline, or only NUL bytes) is left out."""
    start, number = 0, 1
    while start < len(data):
        end = data.find(b"\n", start)
        if end < 0:
            return  # torn: the app died while writing it
        line = data[start:end]
        start = end + 1
        if start >= len(data) and line.strip(b"\x00") == b"":
            return
        yield number, line
        number += 1


def parse_line(number: int, line: bytes, where: str) -> dict[str, Any]:
    """Line ``number`` as a JSON object; LoadError naming the line when it is none."""
    hook = PairsHook()
    try:
        value = json.loads(line.decode("ascii"), object_pairs_hook=hook)
    except UnicodeDecodeError:
        raise _line_error(where, number, "is not ASCII text") from None
    except json.JSONDecodeError as error:
        raise _line_error(
            where, number, f"is not JSON: {error.msg} (column {error.colno})"
        ) from None
    except (RecursionError, ValueError):
        raise _line_error(where, number, "is not JSON tactical reads") from None
    if not isinstance(value, dict):
        raise _line_error(where, number, "must hold one JSON object")
    if hook.found:
        problems = repeated_key_problems(value)
        if problems:
            raise LoadError([_at_line(where, number, p) for p in problems])
    return value


def read_header(line: bytes, where: str) -> JournalHeader:
    return _validated(JournalHeader, parse_line(1, line, where), 1, where)


def read_record(number: int, line: bytes, where: str) -> JournalRecord:
    return _validated(JournalRecord, parse_line(number, line, where), number, where)


M = TypeVar("M", bound=Strict)


def _validated(model: type[M], value: dict[str, Any], number: int, where: str) -> M:
    try:
        return model.model_validate(value)
    except ValidationError as error:
        problems = [error_problem(e) for e in error.errors()]
        raise LoadError([_at_line(where, number, p) for p in problems]) from None


def _at_line(where: str, number: int, problem: Problem) -> Problem:
    inside = "" if problem.path == ROOT else f" {problem.path}"
    return Problem(f"{where} line {number}{inside}", problem.message)


def _line_error(where: str, number: int, message: str) -> LoadError:
    return LoadError([Problem(f"{where} line {number}", message)])
