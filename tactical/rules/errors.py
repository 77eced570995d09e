"""What the rules refuse, apart from what goes wrong.

:class:`RulesError` derives from no built-in error on purpose: the panel shows
a RulesError to the GM as the reason an action is refused, and anything else a
procedure raises (a ValueError or KeyError from a slip in its code) is a bug,
logged with its traceback and never dressed up as a refusal.
"""

from __future__ import annotations


class RulesError(Exception):
    """An action the rules do not allow now, with the reason shown to the GM."""


class UnknownProcedure(RulesError):
    """An encounter names a combat procedure this version does not have."""
