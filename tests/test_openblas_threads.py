"""numpy's OpenBLAS is kept to one thread, so a long path search spins no second core."""

from __future__ import annotations

import os
import subprocess
import sys

SCRIPT = "import os, tactical, numpy; print(os.environ['OPENBLAS_NUM_THREADS'])"


def run(env: dict[str, str]) -> str:
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT], capture_output=True, text=True, timeout=120, env=env
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def test_importing_tactical_keeps_openblas_to_one_thread_unless_the_user_chose() -> None:
    env = {k: v for k, v in os.environ.items() if k != "OPENBLAS_NUM_THREADS"}
    assert run(env) == "1"
    assert run({**env, "OPENBLAS_NUM_THREADS": "4"}) == "4"
