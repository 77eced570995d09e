"""The hide-secrets masking, now below the app (:mod:`tactical.share.secrets`).

Kept under its old name so the app's modules read as before; phones' links use
the same masking from :mod:`tactical.share`.
"""

from tactical.share.secrets import (
    FACE_DOWN,
    HIDDEN_ACTS,
    HIDDEN_COMBATANT,
    HIDDEN_MESSAGE,
    HIDDEN_NOTE,
    SECRET_ROLL,
    Secrets,
    hidden_words,
)

__all__ = [
    "FACE_DOWN",
    "HIDDEN_ACTS",
    "HIDDEN_COMBATANT",
    "HIDDEN_MESSAGE",
    "HIDDEN_NOTE",
    "SECRET_ROLL",
    "Secrets",
    "hidden_words",
]
