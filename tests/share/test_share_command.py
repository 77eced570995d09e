"""``tactical share FILE`` on 127.0.0.1: prints the links, follows the file, stops on a signal."""

from __future__ import annotations

import asyncio
import json
import queue
import shutil
import signal
import struct
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from tests.share.conftest import CRYPT, PCS, leaks

START_SECONDS = 30.0


def _read_links(process: subprocess.Popen[str], count: int) -> list[str]:
    """The first ``count`` lines the command prints, waiting at most START_SECONDS."""
    stdout = process.stdout
    assert stdout is not None
    found: queue.Queue[str] = queue.Queue()
    threading.Thread(target=lambda: [found.put(x) for x in stdout], daemon=True).start()
    lines: list[str] = []
    deadline = time.monotonic() + START_SECONDS
    while len(lines) < count and time.monotonic() < deadline:
        try:
            lines.append(found.get(timeout=0.5).strip())
        except queue.Empty:
            if process.poll() is not None:
                break
    return lines


async def _views(
    url: str, change: Path, text: str
) -> tuple[dict[str, Any], dict[str, Any], dict[str, tuple[int, int, int]]]:
    """The first view, the view after ``change`` is saved, and (status, width, height) of each
    token picture the first view names, fetched as the page would."""
    timeout = aiohttp.ClientTimeout(total=10)
    async with (
        aiohttp.ClientSession(timeout=timeout) as session,
        session.ws_connect(url.replace("http", "ws") + "/ws") as socket,
    ):
        first = json.loads((await socket.receive(timeout=10)).data)
        pictures = {}
        for token in first["tokens"]:
            if "picture" in token:
                async with session.get(f"{url}/art/{token['picture']}.png") as response:
                    body = await response.read()
                    pictures[token["id"]] = (response.status, *struct.unpack(">II", body[16:24]))
        change.write_text(text, encoding="utf-8")
        second = json.loads((await socket.receive(timeout=10)).data)
        return first, second, pictures


def test_share_prints_links_follows_the_saved_file_and_stops_on_sigterm(tmp_path: Path) -> None:
    file = tmp_path / "crypt.tactical.json"
    shutil.copyfile(CRYPT, file)
    before = file.read_bytes()
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "tactical",
            "share",
            str(file),
            "--host",
            "127.0.0.1",
            "--port",
            "0",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        lines = _read_links(process, 1 + len(PCS))
        assert [line.split(":")[0] for line in lines] == [
            "table",
            "character Ilse",
            "character Bram",
            "character Oda",
        ]
        assert all(" http://127.0.0.1:" in line and "/s/" in line for line in lines)
        assert not any(leaks(line) for line in lines)
        table = lines[0].split(": ", 1)[1]
        data = json.loads(before)
        data["tokens"][0]["position"] = [4, 11]  # the GM moves Ilse and saves
        first, second, pictures = asyncio.run(
            asyncio.wait_for(_views(table, file, json.dumps(data)), 20)
        )
        assert first["kind"] == "table" and second["kind"] == "table"
        ilse = [t for t in second["tokens"] if t["name"] == "Ilse"]
        assert ilse[0]["col"] == 4
        # the marks (192 px) decoded with Qt and sent small; Oda has none, the Saint is hidden
        assert pictures == {"ilse": (200, 128, 128), "bram": (200, 128, 128)}
        start = time.monotonic()
        process.send_signal(signal.SIGTERM)
        assert process.wait(timeout=5) == 0
        assert time.monotonic() - start < 2.0
    finally:
        if process.poll() is None:
            process.kill()
            process.wait(timeout=5)
        if process.stdout is not None:
            process.stdout.close()
        if process.stderr is not None:
            process.stderr.close()


def test_share_names_a_file_it_cannot_read_and_an_address_it_cannot_bind(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from tactical.app.players.phones.command import share_file

    missing = tmp_path / "nowhere.tactical.json"
    assert share_file(str(missing), "127.0.0.1", 0) == 1
    assert capsys.readouterr().err.startswith(f"{missing}: ")
    assert share_file(str(CRYPT), "192.0.2.1", 0) == 1  # TEST-NET-1: not this computer's
    err = capsys.readouterr().err
    assert err.startswith("tactical share: 192.0.2.1 is not an address of this computer now")
    assert "leave --host out" in err and err.count("\n") == 1 and err[-1] == "\n"


def test_the_command_lines_links_only_watch() -> None:
    """Read-only (issue 31): its pages are offered no choice or roll they could never enter."""
    from tactical.app.players.phones.command import watch_only
    from tactical.share.links import links_for
    from tests.share.conftest import crypt

    links = watch_only(links_for(crypt()))
    assert {tuple(link.permissions()) for link in links.all()} == {("watch",)}
