"""What a token item draws, copied from the model so the item never reads it live."""

from __future__ import annotations

from dataclasses import dataclass, field

from PySide6.QtGui import QColor, QPixmap


@dataclass
class TokenLook:
    """Everything the item draws: name, side's colour, size, statuses, hidden, picture."""

    name: str
    colour: QColor
    size: int = 1
    statuses: dict[str, int] = field(default_factory=dict)
    hidden: bool = False
    picture: QPixmap | None = None
