"""Reading the GM's inputs to Thrum's actions: a combatant, a whole number, a square, a text.

Each refuses, with the reason the GM reads, an input that is missing or of the wrong kind.
"""

from __future__ import annotations

from typing import Any

from tactical.core.grid import Square
from tactical.rules.context import ActionContext
from tactical.rules.procedure import RulesError


def token_param(ctx: ActionContext, params: dict[str, Any], name: str) -> str:
    value = params.get(name)
    if not isinstance(value, str) or value not in ctx.encounter.tokens:
        raise RulesError(f"choose a combatant for '{name}'")
    return value


def int_param(params: dict[str, Any], name: str, default: int | None = None) -> int:
    value = params.get(name, default)
    if value is None or value == "":
        if default is None:
            raise RulesError(f"'{name}' needs a whole number")
        return default
    if isinstance(value, bool):
        raise RulesError(f"'{name}' needs a whole number")
    try:
        return int(value)
    except (TypeError, ValueError):
        raise RulesError(f"'{name}' needs a whole number, not '{value}'") from None


def square_param(params: dict[str, Any], name: str) -> Square:
    value = params.get(name)
    if isinstance(value, list | tuple) and len(value) == 2:
        try:
            return (int(value[0]), int(value[1]))
        except (TypeError, ValueError):
            pass
    raise RulesError(f"choose a square for '{name}'")


def text_param(params: dict[str, Any], name: str) -> str:
    value = params.get(name)
    return value.strip() if isinstance(value, str) else ""
