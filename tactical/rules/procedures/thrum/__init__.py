"""Thrum (seed 001): NPC Placement, 2d6 + modifier Initiative, Round Zero, then rounds of
Start of Turn (Panic Roll) / Move / Action / Stance / End of Turn, with Delay, Fatigue
and Stress loads, Incapacity and Wounds.

``ThrumState.starting_area`` holds the Starting Area's squares for the map to show.
"""

from tactical.rules.procedures.thrum.procedure import Thrum
from tactical.rules.procedures.thrum.state import ThrumState

__all__ = ["Thrum", "ThrumState"]
