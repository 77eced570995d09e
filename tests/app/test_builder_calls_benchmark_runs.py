"""The builder's calls benchmark runs the short session, times the builder's calls and puts back
what it wrapped (no figure asserted)."""

from __future__ import annotations

import json

import pytest

from benchmarks import builder_calls
from tactical.core.give_way import GiveWay
from tactical.share import server, wire_text
from tests.app.benchmark_output import printed_lines


def test_the_builder_calls_benchmark_runs_small(
    qapp: object, capsys: pytest.CaptureFixture[str]
) -> None:
    build_all, checkpoint = server._build_all, GiveWay.checkpoint
    lines = printed_lines(builder_calls.main, ["--short", "--rounds", "1"], capsys)
    table = lines[
        lines.index(
            "| the builder (thread CPU) | count | longest ms | 99 % under ms | a build ms |"
        ) :
    ]
    names = [line.split(" | ")[0] for line in table[2:]]
    assert "| json" in names and "| a build's CPU" in names
    assert "| CPU between two checkpoints" in names
    assert (server._build_all, GiveWay.checkpoint, vars(wire_text)["json"]) == (
        build_all,
        checkpoint,
        json,
    )
