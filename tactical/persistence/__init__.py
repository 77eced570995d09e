"""File formats: versioned JSON encounters, validated by pydantic, saved atomically.

Public API::

    load_encounter(path) -> Encounter        # raises LoadError(problems)
    loads_encounter(text_or_bytes) -> Encounter
    save_encounter(encounter, path)          # atomic; SaveError if it would not load
    dumps_encounter(encounter) -> str        # deterministic
    validate_file(path) -> list[Problem]     # [] when sound
"""

from tactical.persistence.evening_file import (
    evening_bytes,
    load_evening,
    loads_evening,
    save_evening,
    validate_evening,
)
from tactical.persistence.files import (
    EXTENSION,
    MAX_FILE_BYTES,
    dumps_encounter,
    encounter_bytes,
    load_encounter,
    loads_encounter,
    save_encounter,
    validate_file,
    write_atomic,
)
from tactical.persistence.problems import LoadError, Problem, SaveError
from tactical.persistence.schema import FORMAT, SCHEMA_VERSION

__all__ = [
    "EXTENSION",
    "FORMAT",
    "MAX_FILE_BYTES",
    "SCHEMA_VERSION",
    "LoadError",
    "Problem",
    "SaveError",
    "dumps_encounter",
    "encounter_bytes",
    "evening_bytes",
    "load_encounter",
    "load_evening",
    "loads_encounter",
    "loads_evening",
    "save_encounter",
    "save_evening",
    "validate_evening",
    "validate_file",
    "write_atomic",
]
