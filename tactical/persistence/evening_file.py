"""Version 6 files: an evening of scenes and a roster, each scene read and written alone.

Each scene's object is a version 5 map's object (without ``format``,
``schema_version`` and ``app_version``) plus ``id``, ``exits``, ``groups`` and a
token's ``character``; it is judged by the same checks as a file of one map,
so a damaged scene is reported by its place (``scenes[2] "Crypt":
tokens[3].position: ...``) while the others open, and kept as it was read
(:class:`UnreadScene`) to be written back in its place. A save proves only
the scenes that changed since they were last proven; an unchanged scene's text
is kept, compressed, keyed by its revision.
"""

from __future__ import annotations

import copy
import os
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from tactical import __version__
from tactical.core.areas import AreaMap
from tactical.core.encounter import Encounter
from tactical.core.evening import Character, Evening, Exit, Scene, TokenGroup, UnreadScene
from tactical.core.pictures import Picture
from tactical.persistence import evening_hooks
from tactical.persistence.convert import to_document
from tactical.persistence.evening_schema import (
    CharacterModel,
    EveningModel,
    SceneKeysModel,
    exit_document,
    position_of,
)
from tactical.persistence.files import FileParts, document_parts, file_chunks, write_atomic
from tactical.persistence.jsonfmt import Base64Text, RowsText, dumps, nested_parts
from tactical.persistence.loading import _parse, _read, _version, scene_from_raw
from tactical.persistence.loading import error_problem as _error_problem
from tactical.persistence.problems import LoadError, Problem
from tactical.persistence.schema import FORMAT, SCENE_VERSION, SCHEMA_VERSION
from tactical.persistence.snapshot import base64_text

SCENE_KEYS = ("id", "exits", "groups")
"""A scene's keys beyond a map's (and each token's ``character``)."""


def loads_evening(data: str | bytes) -> Evening:
    """The evening in a file's contents (a file of one map: one scene); LoadError when no
    scene can be read or the file as a whole is wrong."""
    if isinstance(data, str):
        data = data.encode("utf-8", "surrogatepass")
    raw, problems = _parse(data)
    try:
        version = _version(raw)
    except LoadError as error:
        raise LoadError(problems + error.problems) from None
    if version <= SCENE_VERSION:
        evening = Evening.single(scene_from_raw(raw, version, problems))
        _proven(evening.scenes[0])
        return evening
    return read_evening(raw, problems)


def load_evening(path: str | os.PathLike[str]) -> Evening:
    """Open a file as an evening; LoadError (never another exception) when it cannot be used."""
    return loads_evening(_read(Path(path)))


def read_evening(raw: dict[str, Any], problems: list[Problem]) -> Evening:
    """The evening of a version 6 object: its damaged scenes in ``unread``."""
    try:
        model = EveningModel.model_validate({**raw, "scenes": []})
    except ValidationError as error:
        problems = problems + [_error_problem(e) for e in error.errors()]
    scenes_raw = raw.get("scenes")
    if not isinstance(scenes_raw, list) or not scenes_raw:
        problems.append(Problem("scenes", "must be a list of one scene or more"))
    if problems or not isinstance(scenes_raw, list):
        raise LoadError(problems)
    roster = [_character(c) for c in model.roster]
    ids = [s.get("id") if isinstance(s, dict) else None for s in scenes_raw]
    scenes: list[Scene] = []
    unread: list[UnreadScene] = []
    for index, scene_raw in enumerate(scenes_raw):
        scene, found = _scene(scene_raw, index, set(ids), {c.id for c in roster})
        if scene is not None and any(s.id == scene.id for s in scenes):
            scene, found = None, [Problem("id", "another scene before this one has the same id")]
        if scene is None:
            name = scene_raw.get("name") if isinstance(scene_raw, dict) else None
            name = name if isinstance(name, str) else ""
            raw_kept = scene_raw if isinstance(scene_raw, dict) else {"kept": scene_raw}
            lines = [str(_in_scene(p, index, name)) for p in found]
            unread.append(UnreadScene(index, name, raw_kept, lines))
        else:
            scenes.append(scene)
    if not scenes:
        raise LoadError([Problem(*line.split(": ", 1)) for u in unread for line in u.problems])
    evening = Evening(scenes, roster, shown=model.shown_scene, unread=unread)
    for scene in scenes:
        _proven(scene)
    return evening


def _in_scene(problem: Problem, index: int, name: str) -> Problem:
    """``scenes[2] "Crypt": tokens[3].position`` (the scene's place, then its name)."""
    shown = "".join(c if c.isprintable() else "?" for c in name[:40])
    where = f'scenes[{index}] "{shown}"' if shown else f"scenes[{index}]"
    return Problem(f"{where}: {problem.path}", problem.message)


def _scene(
    raw: Any, index: int, scene_ids: set[Any], roster: set[str]
) -> tuple[Scene | None, list[Problem]]:
    if not isinstance(raw, dict):
        return None, [Problem("(scene)", "must be an object ({...})")]
    body = {k: v for k, v in raw.items() if k not in SCENE_KEYS}
    characters: dict[str, str] = {}
    tokens = body.get("tokens")
    if isinstance(tokens, list):
        body["tokens"] = [_without_character(t, characters) for t in tokens]
    problems: list[Problem] = []
    try:
        keys = SceneKeysModel.model_validate({k: raw[k] for k in SCENE_KEYS if k in raw})
    except ValidationError as error:
        problems += [_error_problem(e) for e in error.errors()]
        keys = None
    document = {"format": FORMAT, "schema_version": SCENE_VERSION, "app_version": "", **body}
    try:
        encounter = scene_from_raw(document, SCENE_VERSION, [])
    except LoadError as error:
        return None, problems + error.problems
    if keys is None:
        return None, problems
    for token_id, character in characters.items():
        if character not in roster:
            problems.append(Problem(f"tokens.{token_id}.character", "names no roster character"))
        encounter.tokens[token_id].character = character
    exits = [
        Exit(e.id, position_of(e.at), e.to_scene, position_of(e.to), e.label) for e in keys.exits
    ]
    for number, exit_ in enumerate(exits):
        if exit_.to_scene not in scene_ids:
            problems.append(Problem(f"exits[{number}].to_scene", "names no scene of this file"))
    groups = [TokenGroup(g.id, g.name, list(g.tokens), g.sprung) for g in keys.groups]
    for number, group in enumerate(groups):
        if any(t not in encounter.tokens for t in group.tokens):
            problems.append(Problem(f"groups[{number}].tokens", "names a token not on this map"))
    if problems:
        return None, problems
    return Scene(keys.id, encounter, exits, groups), []


def _without_character(token: Any, characters: dict[str, str]) -> Any:
    if not isinstance(token, dict) or "character" not in token:
        return token
    rest = {k: v for k, v in token.items() if k != "character"}
    if isinstance(token["character"], str) and isinstance(token.get("id"), str):
        characters[token["id"]] = token["character"]
    else:
        rest["character"] = token["character"]  # left for the schema to refuse
    return rest


def _character(model: CharacterModel) -> Character:
    return Character(
        model.id,
        model.name,
        model.side,
        model.image,
        model.size,
        model.speed,
        dict(model.statuses),
        dict(model.figures),
    )


# -- writing -------------------------------------------------------------------


@dataclass
class _Printed:
    """A scene's text at one revision: compressed runs of text and its pictures."""

    revision: tuple[int, int] | None
    parts: list[bytes | Picture] | None
    """None: proven (it was read from the file) but not yet written out."""


def _proven(scene: Scene) -> None:
    scene.saved = _Printed(scene.revision, None)


def scene_file_document(scene: Scene, document: dict[str, Any], characters: dict[str, str]) -> Any:
    """The scene's object in the file, from its map's (``to_document``) object."""
    body = {k: v for k, v in document.items() if k not in ("format", "schema_version")}
    body.pop("app_version", None)
    tokens = [
        {**t, "character": characters[t["id"]]} if t["id"] in characters else t
        for t in body.get("tokens", [])
    ]
    pictures = body.pop("pictures", [])
    present = {t["id"] for t in tokens}
    groups = [
        {
            "id": g.id,
            "name": g.name,
            "tokens": [t for t in g.tokens if t in present],
            "sprung": g.sprung,
        }
        for g in scene.groups
    ]
    return {
        "id": scene.id,
        **body,
        "tokens": tokens,
        "exits": [exit_document(e) for e in scene.exits],
        "groups": groups,
        "pictures": pictures,
    }


def _characters(scene: Scene, roster: dict[str, Character]) -> dict[str, str]:
    return {
        t.id: t.character
        for t in scene.encounter.tokens.values()
        if t.character is not None and t.character in roster
    }


def _printed(scene: Scene, evening: Evening) -> list[bytes | Picture]:
    """The scene's text, from its cache when it has not changed; proven when it has."""
    saved = scene.saved
    if isinstance(saved, _Printed) and saved.revision == scene.revision and saved.parts:
        return saved.parts
    document = to_document(scene.encounter, with_evening=False)
    if not (isinstance(saved, _Printed) and saved.revision == scene.revision):
        document_parts(document)  # SaveError when this scene would not open again
    text = scene_file_document(scene, document, _characters(scene, evening.roster))
    parts = _compressed(nested_parts(text, 2))
    scene.saved = _Printed(scene.revision, parts)
    return parts


def _compressed(parts: list[str]) -> list[bytes | Picture]:
    out: list[bytes | Picture] = []
    for part in parts:
        if isinstance(part, Base64Text):
            out.append(Picture("", data=part.data))
        else:
            out.append(zlib.compress(part.encode("utf-8"), 1))
    return out


def _expanded(parts: list[bytes | Picture]) -> FileParts:
    return [
        zlib.decompress(p) if isinstance(p, bytes) else base64_text(p.data or b"") for p in parts
    ]


@dataclass
class EveningFrame:
    """The rest of an evening, taken with a snapshot of one of its scenes (``scene``)."""

    head: str
    """The text before the scenes (format, versions, shown scene, roster)."""
    scenes: list[list[bytes | Picture] | None]
    """Each scene's text in order; None where the saved scene goes."""
    scene: Scene
    """A copy of the saved scene's id, exits and groups (a frame goes with a snapshot
    to the save's worker thread, so it holds no encounter)."""
    characters: dict[str, str]

    def assemble(self, document: dict[str, Any], *, text: bool = False) -> Any:
        """The whole file: ``document`` (the saved scene, proven) among the others."""
        own = nested_parts(scene_file_document(self.scene, document, self.characters), 2)
        parts: FileParts = [self.head.encode("utf-8")]
        for index, printed in enumerate(self.scenes):
            if index:
                parts.append(b",\n    ")
            if printed is None:
                parts += [p if isinstance(p, Base64Text) else p.encode("utf-8") for p in own]
            else:
                parts += _expanded(printed)
        parts.append(b"\n  ]\n}\n")
        if text:
            return [p if isinstance(p, Base64Text | RowsText) else p.decode("utf-8") for p in parts]
        return parts


def evening_frame(encounter: Encounter, *, own: bool = True) -> EveningFrame | None:
    """The frame a save of ``encounter``'s scene needs (others' text made or taken)."""
    evening = encounter.evening
    if not isinstance(evening, Evening):
        return None
    current = evening.scene_of(encounter)
    if current is None:
        return None
    printed: dict[int, list[bytes | Picture]] = {
        id(s): _printed(s, evening) for s in evening.scenes if s is not current or not own
    }
    order: list[list[bytes | Picture] | None] = [printed.get(id(s)) for s in evening.scenes]
    for kept in sorted(evening.unread, key=lambda u: u.index):
        text = _compressed(nested_parts(kept.raw, 2))
        order.insert(min(kept.index, len(order)), text)
    keys = Scene(current.id, _NO_MAP, list(current.exits), copy.deepcopy(current.groups))
    return EveningFrame(_head(evening), order, keys, _characters(current, evening.roster))


_NO_MAP = Encounter(AreaMap([]))
"""The encounter of a frame's copy of a scene's keys (never written)."""


def _head(evening: Evening) -> str:
    roster = [
        {
            "id": c.id,
            "name": c.name,
            "side": c.side,
            "image": c.image,
            "size": c.size,
            "speed": c.speed,
            "statuses": dict(c.statuses),
            "figures": dict(c.figures),
        }
        for c in evening.roster.values()
    ]
    shown = evening.shown if any(s.id == evening.shown for s in evening.scenes) else None
    head = {
        "format": FORMAT,
        "schema_version": SCHEMA_VERSION,
        "app_version": __version__,
        "shown_scene": shown,
        "roster": roster,
    }
    text = dumps(head)  # "{\n  ...\n}\n": reopen it for the scenes
    return text[: text.rstrip().rfind("\n")] + ',\n  "scenes": [\n    '


def evening_bytes(evening: Evening) -> bytes:
    """The whole evening's file, each changed scene proven to open again (SaveError)."""
    return b"".join(file_chunks(_evening_parts(evening)))


def _evening_parts(evening: Evening) -> FileParts:
    frame = evening_frame(evening.scenes[0].encounter, own=False)
    assert frame is not None
    parts: FileParts = [frame.head.encode("utf-8")]
    for index, printed in enumerate(frame.scenes):
        if index:
            parts.append(b",\n    ")
        assert printed is not None
        parts += _expanded(printed)
    parts.append(b"\n  ]\n}\n")
    return parts


def save_evening(evening: Evening, path: str | os.PathLike[str]) -> None:
    """Write the whole evening to ``path`` atomically (SaveError: nothing written)."""
    write_atomic(Path(path), file_chunks(_evening_parts(evening)))


def validate_evening(path: str | os.PathLike[str]) -> tuple[Evening | None, list[Problem]]:
    """The evening and every problem of the file (a damaged scene's, by its place)."""
    try:
        evening = load_evening(path)
    except LoadError as error:
        return None, error.problems
    problems = [Problem(*line.split(": ", 1)) for u in evening.unread for line in u.problems]
    return evening, problems


evening_hooks.read_evening.append(read_evening)
evening_hooks.evening_frame.append(evening_frame)
