"""Whatever a file holds, loading gives an encounter or a LoadError: never another exception."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tactical.persistence import LoadError, Problem, loads_encounter

anything = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats()  # NaN and infinities included
    | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3)
    ),
    max_leaves=8,
)


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [prefix]
    if isinstance(value, dict):
        for key, item in value.items():
            found += _paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += _paths(item, (*prefix, index))
    return found


def damage(draw: st.DrawFn, original: dict[str, Any]) -> dict[str, Any]:
    """``original`` with one to three values replaced, deleted or added."""
    document = copy.deepcopy(original)
    for _ in range(draw(st.integers(1, 3))):
        path = draw(st.sampled_from(_paths(document)[1:]))
        parent = document
        for part in path[:-1]:
            parent = parent[part]
        action = draw(st.sampled_from(["replace", "delete", "add"]))
        if action == "replace":
            parent[path[-1]] = draw(anything)
        elif action == "delete":
            del parent[path[-1]]
        elif isinstance(parent, dict):
            parent[draw(st.text(max_size=6))] = draw(anything)
        else:
            parent.append(draw(anything))
    return document


@pytest.mark.slow
@settings(
    max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(data=st.data())
def test_a_damaged_file_gives_an_encounter_or_problems_with_paths(
    data: st.DataObject, grid_document: dict[str, Any], area_document: dict[str, Any]
) -> None:
    original = data.draw(st.sampled_from([grid_document, area_document]))
    document = damage(data.draw, original)
    text = json.dumps(document)  # NaN and Infinity are written as JSON's common extension
    try:
        loads_encounter(text)
    except LoadError as error:
        assert error.problems
        assert all(isinstance(p, Problem) and p.path and p.message for p in error.problems)
        assert "Traceback" not in str(error)
