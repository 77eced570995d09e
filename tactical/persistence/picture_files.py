"""Pictures an encounter names by path that are not beside it: said, not refused.

A file that names ``hero.png`` beside it opens without it (the token shows its
initials, the map is drawn without its background), so ``tactical validate``
warns about each such picture, as the app says it when the file opens. Only
regular files count; nothing is read.
"""

from __future__ import annotations

from pathlib import Path

from tactical.core.encounter import Encounter
from tactical.persistence.paths import unsafe_relative_path
from tactical.persistence.problems import Problem


def missing_pictures(encounter: Encounter, folder: Path) -> list[Problem]:
    """One problem per picture path used by a token or the background that is not a file."""
    problems = []
    background = encounter.background
    for index, picture in enumerate(encounter.pictures.values()):
        path = picture.path
        if path is None or unsafe_relative_path(path) is not None or (folder / path).is_file():
            continue
        users = sorted(t.name for t in encounter.tokens.values() if t.image == picture.id)
        effects = []
        if background is not None and background.picture == picture.id:
            effects.append("the map is drawn without its background")
        if users:
            verb = "shows" if len(users) == 1 else "show"
            effects.append(f"{', '.join(users)} {verb} initials")
        if effects:
            where = f"pictures[{index}].path"
            problems.append(
                Problem(where, f"{path} is not in the file's folder: {'; '.join(effects)}")
            )
    return problems
