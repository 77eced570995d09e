"""Shared fixtures for the file-format tests: a small sound encounter document."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

GRID_DOCUMENT: dict[str, Any] = {
    "format": "tactical.encounter",
    "schema_version": 3,
    "app_version": "0.1.0",
    "name": "Bridge ambush",
    "notes": "",
    "metric": "chebyshev",
    "map": {
        "kind": "grid",
        "width": 4,
        "height": 3,
        "square_feet": 5,
        "elevation": [[0, 0, 1, 2], [0, -1, 1, 2], [0, 0, 0, 0]],
        "terrain": ["..d.", ".x..", "...."],
        "walls": [{"a": [0, 0], "b": [1, 0], "door": True, "open": False}],
    },
    "sides": [
        {"id": "pcs", "name": "Player characters", "color": "#2f7fd8", "allies": []},
        {"id": "npcs", "name": "Non-player characters", "color": "#d8432f", "allies": []},
    ],
    "tokens": [
        {
            "id": "aldric",
            "name": "Ser Aldric",
            "side": "pcs",
            "position": [0, 0],
            "size": 1,
            "speed": 6,
            "image": None,
            "statuses": {"Frayed": 1},
            "figures": {"fatigue": 2},
            "hidden": False,
        },
        {
            "id": "ogre",
            "name": "Ogre",
            "side": "npcs",
            "position": [2, 1],
            "size": 2,
            "speed": 5,
            "image": None,
            "statuses": {},
            "figures": {},
            "hidden": False,
        },
    ],
    "templates": [],
    "procedure": None,
    "dice_log": [],
}

AREA_DOCUMENT: dict[str, Any] = {
    "format": "tactical.encounter",
    "schema_version": 3,
    "app_version": "0.1.0",
    "name": "Cellar",
    "notes": "",
    "metric": "chebyshev",
    "map": {
        "kind": "areas",
        "areas": [
            {
                "id": "stairs",
                "name": "Stairs",
                "polygon": [[0, 0], [2, 0], [2, 4], [0, 4]],
                "tags": [],
            },
            {
                "id": "racks",
                "name": "Wine racks",
                "polygon": [[2, 0], [6, 0], [6, 4], [2, 4]],
                "tags": [],
            },
        ],
        "links": [],
    },
    "sides": GRID_DOCUMENT["sides"],
    "tokens": [
        {"id": "mira", "name": "Mira", "side": "pcs", "position": "stairs"},
        {"id": "rat", "name": "Giant rat", "side": "npcs", "position": "racks"},
    ],
    "templates": [],
    "procedure": None,
    "dice_log": [],
}


@pytest.fixture
def grid_document() -> dict[str, Any]:
    """A sound grid encounter as its JSON object (a fresh copy for each test)."""
    return copy.deepcopy(GRID_DOCUMENT)


@pytest.fixture
def area_document() -> dict[str, Any]:
    """A sound area encounter as its JSON object (a fresh copy for each test)."""
    return copy.deepcopy(AREA_DOCUMENT)


@pytest.fixture
def write_json(tmp_path: Path) -> Callable[[Any], Path]:
    """Write a document (or raw text) to a fresh ``.tactical.json`` file and return its path."""
    counter = iter(range(1_000_000))

    def write(document: Any) -> Path:
        path = tmp_path / f"encounter-{next(counter)}.tactical.json"
        text = document if isinstance(document, str) else json.dumps(document)
        path.write_text(text, encoding="utf-8")
        return path

    return write
