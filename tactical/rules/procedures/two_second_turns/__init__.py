"""Two-second turns (rule text 003), registered as ``two-second-turns``."""

from tactical.rules.procedures.two_second_turns.procedure import TwoSecondTurns

__all__ = ["TwoSecondTurns"]
