"""Hostile files and commands: helpers that make them, and guards so a regression fails.

A named pipe read by mistake waits forever, a link to ``/dev/zero`` read by
mistake grows without end. So commands run in a subprocess with a timeout and
a memory limit, and in-process reads run under :func:`guarded`: an alarm that
interrupts a stuck read, and a cap on the process's memory for the duration,
so a regression is a failure, never a hang.
"""

from __future__ import annotations

import contextlib
import faulthandler
import os
import resource
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tactical import cli

ROOT = Path(__file__).resolve().parents[2]
MAPS = ROOT / "maps"
COMMAND_SECONDS = 90
"""A command that takes longer is stuck (a pipe read by mistake)."""
COMMAND_MEMORY = 3 * 1024**3
"""A command's data memory cap: a link to a device read by mistake stops here."""


class Stuck(Exception):
    """A read that should have been refused at once is still waiting."""


def _stuck(_signal: int, _frame: object) -> None:
    raise Stuck("still reading: a pipe or a device was read instead of refused")


@contextlib.contextmanager
def guarded(seconds: int = 60, more_memory: int = 1536 * 1024**2) -> Iterator[None]:
    """Run the block under a time limit and with ``more_memory`` bytes of data memory above
    what the process holds now.

    After ``seconds`` an alarm interrupts a blocking read (a pipe's ``open`` waits in the
    kernel) and raises :class:`Stuck`, so the test fails; should even that not end it, a
    watchdog ends the run with a traceback. An endless read (``/dev/zero``) meets the
    memory cap as a MemoryError.
    """
    previous = signal.signal(signal.SIGALRM, _stuck)
    signal.alarm(seconds)
    faulthandler.dump_traceback_later(seconds + 60, exit=True, file=sys.__stderr__)
    soft, hard = resource.getrlimit(resource.RLIMIT_DATA)
    cap = _data_bytes() + more_memory
    resource.setrlimit(resource.RLIMIT_DATA, (cap if hard < 0 else min(cap, hard), hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_DATA, (soft, hard))
        faulthandler.cancel_dump_traceback_later()
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def _data_bytes() -> int:
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmData:"):
                return int(line.split()[1]) * 1024
    return 0


def _limit_memory() -> None:
    resource.setrlimit(resource.RLIMIT_DATA, (COMMAND_MEMORY, COMMAND_MEMORY))


def run(*args: str | Path, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """``tactical ARGS`` in a subprocess, bounded in time and memory (a hang fails)."""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, "-m", "tactical", *map(str, args)],
        capture_output=True,
        text=True,
        timeout=COMMAND_SECONDS,
        cwd=cwd,
        env=env,
        preexec_fn=_limit_memory,
        check=False,
    )


def run_here(capsys: pytest.CaptureFixture[str], *args: str | Path) -> tuple[int, str, str]:
    """``tactical ARGS`` in this process (exit status, stdout, stderr), guarded."""
    with guarded():
        try:
            status = cli.main([str(a) for a in args])
        except SystemExit as exited:  # argparse refusing an option
            status = int(exited.code or 0)
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def fifo(path: Path) -> Path:
    """A named pipe at ``path`` that nothing ever writes to."""
    os.mkfifo(path)
    return path


def device_link(path: Path, device: str = "/dev/zero") -> Path:
    """A symbolic link at ``path`` to an endless device."""
    path.symlink_to(device)
    return path


def one_line(text: str) -> str:
    """The text, which must be a single line without a traceback."""
    assert "Traceback" not in text, text
    lines = text.strip().splitlines()
    assert len(lines) == 1, text
    return lines[0]


@pytest.fixture
def example(tmp_path: Path) -> Path:
    """A copy of a small example encounter (a grid map) in a fresh folder."""
    copy = tmp_path / "crypt.tactical.json"
    copy.write_bytes((MAPS / "crypt-fog.tactical.json").read_bytes())
    return copy
