"""Game Judge phases (seed 002): registered as ``game-judge`` on import."""

from tactical.rules.procedures.game_judge.procedure import GameJudge
from tactical.rules.procedures.game_judge.ranks import RANKS, column_shifts, rank_index
from tactical.rules.procedures.game_judge.state import Declaration, GameJudgeState

__all__ = ["RANKS", "Declaration", "GameJudge", "GameJudgeState", "column_shifts", "rank_index"]
