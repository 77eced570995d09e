"""Which of a map scene's drawings lies over which: the z values its layers and the
features' layers (the fog) share, so none needs to import another for its height."""

from __future__ import annotations

TOKEN_Z = 10.0
"""Token items and their dots, on the GM's screen: under the fog's tint."""
FOG_Z = 30.0
"""The fog: above tokens and templates, below the GM's editing overlay (40)."""
PLAYER_TOKEN_Z = FOG_Z + 1.0
"""Visible tokens on the players' screens: above the fog (30), below the fog tool's preview (32)."""
