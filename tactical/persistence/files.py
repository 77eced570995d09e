"""Reading and writing ``.tactical.json`` files.

Loading (:mod:`tactical.persistence.loading`) never changes the file. Saving
first proves the new contents load again, then writes a temporary file beside
the target, flushes it to disk and renames it over the target, so a crash or a
full disk mid-save leaves the old file as it was.

The proof does not pay for embedded pictures again: the text is loaded with
each picture's base64 set aside (a stand-in in its place) and the loader's
checks run on the picture bytes held in memory, which that base64 was made
from; a grid's heights likewise (:func:`document_parts`).
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from tactical.core.encounter import Encounter
from tactical.core.give_way import checkpoint
from tactical.persistence import evening_hooks
from tactical.persistence.atomic_write import _OUR_TEMP as _OUR_TEMP
from tactical.persistence.atomic_write import TEMP_PREFIX as TEMP_PREFIX
from tactical.persistence.atomic_write import remove_stale_temps as remove_stale_temps
from tactical.persistence.atomic_write import temp_name as temp_name
from tactical.persistence.atomic_write import write_atomic as write_atomic
from tactical.persistence.convert import to_document
from tactical.persistence.file_stamp import FileStamp
from tactical.persistence.free_pieces import free_document, free_in_pieces
from tactical.persistence.jsonfmt import Base64Text, RowsText, dumps, dumps_parts
from tactical.persistence.loading import EXTENSION as EXTENSION
from tactical.persistence.loading import MAX_FILE_BYTES as MAX_FILE_BYTES
from tactical.persistence.loading import PictureDecoder as PictureDecoder
from tactical.persistence.loading import encounter_from_document as encounter_from_document
from tactical.persistence.loading import load_encounter as load_encounter
from tactical.persistence.loading import load_stamped as load_stamped
from tactical.persistence.loading import load_with_stand_ins, picture_stand_in, too_big
from tactical.persistence.loading import loads_encounter as loads_encounter
from tactical.persistence.loading import parse_document as parse_document
from tactical.persistence.loading import picture_problems as picture_problems
from tactical.persistence.loading import validate_file as validate_file
from tactical.persistence.plain_data import unsaveable_values
from tactical.persistence.problems import ROOT, LoadError, Problem, SaveError


def dumps_encounter(encounter: Encounter) -> str:
    """The file contents for ``encounter``: deterministic, so equal encounters give equal text.

    A scene of an evening gives the whole evening's file."""
    document = to_document(encounter)
    frame = document.pop(evening_hooks.EVENING_KEY, None)
    if frame is not None:
        return "".join(frame.assemble(document, text=True))
    return dumps(document)


FileParts = list[bytes | Base64Text | RowsText]
"""A file's contents in order: UTF-8 runs of text, each long picture base64 as it is, and
a grid's heights as their text (with the array it was made from)."""

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
            part if isinstance(part, Base64Text | RowsText) else part.encode("utf-8")
            for part in dumps_parts(document)
        ]
    except ValueError:  # NaN or infinity; UnicodeEncodeError: a lone surrogate
        raise SaveError(
            unsaveable_values(document) or [Problem(ROOT, "holds a value JSON cannot hold")]
        ) from None
    if sum(map(len, parts)) > MAX_FILE_BYTES:  # base64 is ASCII: one byte a character
        raise SaveError([Problem(ROOT, too_big())])
    checkpoint()
    _prove_it_loads(parts)
    if frame is not None:
        parts = frame.assemble(document)
        if sum(map(len, parts)) > MAX_FILE_BYTES:
            raise SaveError([Problem(ROOT, too_big())])
    return parts


def own_document_parts(document: dict[str, Any]) -> FileParts:
    """:func:`document_parts` of a document made for this one write: once its text is made,
    the document's long lists are emptied a slice at a time (``free_pieces.free_document``)
    instead of freed in one call holding Python's lock."""
    parts = document_parts(document)
    free_document(document)
    return parts


def file_chunks(parts: Sequence[bytes | Base64Text | RowsText]) -> Iterator[bytes]:
    """The bytes of ``parts`` in order, each picture's base64 (and the heights' text) in
    :data:`CHUNK_BYTES` slices; a checkpoint of the GUI's gate before each (``core.give_way``)."""
    for part in parts:
        if isinstance(part, Base64Text | RowsText):
            for start in range(0, len(part), CHUNK_BYTES):
                checkpoint()
                yield part[start : start + CHUNK_BYTES].encode("ascii")
        else:
            checkpoint()
            yield part


def _prove_it_loads(parts: FileParts) -> None:
    """SaveError unless the file made of ``parts`` loads, without reading its pictures again.

    The text is loaded with every picture's base64 replaced by a stand-in, and
    the loader's checks (the header: type, size, limits) run on the bytes that
    base64 was made from (``Base64Text.data``). What this skips is only
    decoding the base64, which gives those bytes back by construction (it is
    ``base64.b64encode``'s output, and its alphabet needs no JSON escaping),
    so the file loads exactly when this check passes (its size is checked by
    the caller). A grid's heights likewise: their text (``RowsText`` pieces) is
    read as one ``[]`` and the checks judge the int16 array it was written from, one
    number's ``str`` at a time, which reads back as that very number.
    """
    lent: list[bytes] = []
    heights = None
    check: list[bytes] = []
    for part in parts:
        if isinstance(part, Base64Text):
            check.append(picture_stand_in(len(lent)).encode("ascii"))
            lent.append(part.data)
        elif isinstance(part, RowsText):
            if part.first:  # the heights' text in pieces: all read as one []
                check.append(b"[]")
                heights = part.array
        else:
            check.append(part)
    try:
        encounter = load_with_stand_ins(b"".join(check), tuple(lent), heights)
    except LoadError as error:
        raise SaveError(error.problems) from None
    free_in_pieces(encounter.tokens)  # thrown away: freed a slice at a time, not in one call


def save_encounter(encounter: Encounter, path: str | os.PathLike[str]) -> FileStamp:
    """Write ``encounter`` to ``path`` atomically: the old file survives any failure; the
    written file's stamp (:mod:`~tactical.persistence.file_stamp`).

    Nothing is written when the file would not open again (:class:`SaveError`).
    """
    return write_atomic(Path(path), file_chunks(document_parts(to_document(encounter))))
