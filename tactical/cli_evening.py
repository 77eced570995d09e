"""The command line's evening parts: ``tactical scenes``, ``--scene NAME``, importing
several maps into one evening."""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from pathlib import Path

from tactical.command_checks import refuse_output
from tactical.core.encounter import Encounter
from tactical.core.evening import Evening, Scene
from tactical.persistence import LoadError, Problem, load_evening
from tactical.persistence.problems import ROOT


def load_scene(file: str | Path, name: str | None) -> Encounter:
    """The scene ``name`` of ``file`` (without a name, the one shown to players);
    LoadError with one plain line for a name the file has no scene of."""
    evening = load_evening(file)
    if name is None:
        return evening.shown_scene.encounter
    scene = evening.named(name)
    if scene is None:
        raise LoadError([Problem(ROOT, no_scene(evening, name))])
    return scene.encounter


def checked(file: str, name: str | None) -> tuple[Encounter, list[Problem]]:
    """A file's problems (``--scene``: that scene's) and a scene to check the pictures of."""
    evening = load_evening(file)
    if name is None:
        problems = [p for u in evening.unread for p in _problems(u.problems)]
        return evening.shown_scene.encounter, problems
    unread = next((u for u in evening.unread if u.name == name), None)
    if unread is not None:
        return evening.shown_scene.encounter, _problems(unread.problems)
    return load_scene(file, name), []


def _problems(lines: list[str]) -> list[Problem]:
    return [Problem(*line.split(": ", 1)) for line in lines]


def no_scene(evening: Evening, name: str) -> str:
    names = ", ".join(f'"{s.name}"' for s in evening.scenes)
    return f'has no scene named "{name}" (its scenes: {names})'


def scenes(file: str) -> int:
    """Print one line per scene, its name first; 1 when the file cannot be read."""
    try:
        evening = load_evening(file)
    except LoadError as error:
        for problem in error.problems:
            print(f"{file}: {problem}", file=sys.stderr)
        return 1
    lines: list[tuple[int, str]] = []
    for index, scene in enumerate(evening.scenes):
        lines.append((index, _line(evening, scene)))
    for unread in evening.unread:
        count = len(unread.problems)
        text = f"{unread.name or '(unnamed)'}: could not be read ({count} problem"
        lines.insert(min(unread.index, len(lines)), (unread.index, text + f"{'s' * (count != 1)})"))
    for _index, line in lines:
        print(line)
    return 0


def _line(evening: Evening, scene: Scene) -> str:
    encounter = scene.encounter
    grid, area_map = encounter.grid, encounter.area_map
    if grid is not None:
        kind = f"grid {grid.width} x {grid.height}"
    else:
        kind = f"area map of {len(area_map.areas) if area_map else 0} areas"
    tokens = len(encounter.tokens)
    shown = ", shown to players" if scene is evening.shown_scene else ""
    fight = f", fight: {encounter.procedure}" if encounter.procedure else ""
    return f"{scene.name or '(unnamed)'}: {kind}, {tokens} tokens{fight}{shown}"


def import_many(
    files: Sequence[str], out: str | None, decoder: object, *, force: bool = False
) -> int:
    """Import several Universal VTT maps into one evening, a scene each named after its file.

    Never written over one of its inputs, nor over an existing file (perhaps an evening the GM
    prepared) unless ``force``.
    """
    from tactical.persistence import save_evening
    from tactical.persistence.foreign import import_map

    if out is None:
        print(
            "tactical import: several maps make one evening: name it with -o OUT", file=sys.stderr
        )
        return 1
    if any(refuse_output(file, out) for file in files):
        return 1
    if not force and os.path.lexists(out):
        print(
            f"{out}: exists already and is kept; choose another name, or replace it with --force",
            file=sys.stderr,
        )
        return 1
    made: list[Scene] = []
    for index, file in enumerate(files):
        try:
            encounter, _foreign = import_map(Path(file), decoder)  # type: ignore[arg-type]
        except LoadError as error:
            for problem in error.problems:
                print(f"{file}: {problem}", file=sys.stderr)
            return 1
        encounter.name = Path(file).name.split(".")[0]
        made.append(Scene(f"scene-{index + 1}", encounter))
    evening = Evening(made, shown=made[0].id)
    try:
        save_evening(evening, out)
    except (OSError, ValueError) as error:
        print(f"{out}: could not be written: {error}", file=sys.stderr)
        return 1
    print(f"{out}: {len(made)} scenes: " + ", ".join(f'"{s.name}"' for s in made))
    return 0
