"""tactical: a battle map and combat-procedure companion for a game master at a real table."""

__version__ = "0.1.0"
