"""Side initiative (rule text 004), registered as ``side-initiative``."""

from tactical.rules.procedures.side_initiative.procedure import SideInitiative

__all__ = ["SideInitiative"]
