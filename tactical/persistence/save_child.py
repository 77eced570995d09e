"""A save's file made and proven in a child process, so the app's threads keep running.

A save turns the encounter's snapshot into the file's text and proves that text
opens again before anything is written (:func:`~tactical.persistence.files.document_parts`).
On a crowded big map that is seconds of work, much of it long single calls into
C (parsing the JSON, pydantic validating the whole document) that hold Python's
lock: on a worker thread of the app they stall its GUI thread too. Here a child
process does that work and holds no lock of the app's.

The GUI thread takes the snapshot (:func:`take_snapshot`, its tokens pickled a
few hundred at a time); the worker sends it through a pipe in pieces that each
take a moment to pickle (a picture's bytes as they are), and the child answers
with the file's bytes, proven to load, or with the problems that make it refuse them.
The worker then writes those bytes atomically as before; the child never
touches a file.

The child is the same Python running this module (``python -P -c``), or in the
one-folder app the app's own program with :data:`CHILD_ARGUMENT` (see
``packaging/launch.py``). When it cannot start, dies, answers nonsense or takes
longer than :data:`TIMEOUT_SECONDS`, the work is done on the calling thread
as before: a stall, never a save without its proof.
"""

from __future__ import annotations

import copy
import json
import pickle
import subprocess
import sys
import threading
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from types import TracebackType
from typing import IO, Any

import tactical
from tactical.persistence.files import FileParts, document_parts, file_chunks
from tactical.persistence.problems import Problem, SaveError
from tactical.persistence.snapshot import STEP, Snapshot

CHILD_ARGUMENT = "--tactical-save-child"
"""The hidden first argument on which the one-folder app only makes a save's file."""

TIMEOUT_SECONDS = 600.0
"""A child that has not answered by then is stopped and the work done here."""

CHILD_FROM = 100_000
"""The work (squares, and ten for a token) from which a child makes the file.

Below it the proof's longest call lasts a few milliseconds (a 256 x 256 map
with 2,000 tokens: about 6 ms parsing, 22 ms validating), less than starting
a child (0.3-1 s, which the GM would wait on for the title to turn clean)."""

CHUNK = 1024 * 1024
"""Bytes of a picture or of the file moved through a pipe per call."""

_ANSWER = b"tactical-save-child 1 "
"""The start of the child's answer line (then JSON, then the file's bytes)."""

_CHILD_CODE = (
    "import sys\n"
    "if sys.argv[1] not in sys.path: sys.path.insert(0, sys.argv[1])\n"
    "from tactical.persistence.save_child import child_main\n"
    "sys.exit(child_main())\n"
)
"""What ``python -P -c`` runs: the ``tactical`` that runs the app, wherever it lies."""


def child_command() -> list[str]:
    """The command that starts a child making a save's file (see :func:`child_main`)."""
    if getattr(sys, "frozen", False):  # PyInstaller: sys.executable is the app itself
        return [sys.executable, CHILD_ARGUMENT]
    root = str(Path(tactical.__file__).resolve().parent.parent)
    return [sys.executable, "-P", "-c", _CHILD_CODE, root]


def proven_parts(snapshot: Snapshot) -> FileParts:
    """The file of a snapshot, proven to open again.

    :class:`SaveError` (naming what and where) as
    :func:`~tactical.persistence.files.document_parts`. Made in a child process
    when the map is big enough to stall (:data:`CHILD_FROM`); here when it is
    not, or when no child answers. The app's save and autosave workers call it.
    """
    if _work(snapshot) >= CHILD_FROM:
        with SaveChild() as child:
            parts = child.make(snapshot)
        if parts is not None:
            return parts
    from tactical.persistence.snapshot import finish_document

    return document_parts(finish_document(snapshot.full_document()))


class SaveChild:
    """One child process, started at once, that makes one snapshot's file (:meth:`make`).

    Use it as a context manager: leaving the block stops the child if it still runs.
    """

    def __init__(self, command: Sequence[str] | None = None) -> None:
        self.process: subprocess.Popen[bytes] | None
        try:
            self.process = subprocess.Popen(
                list(command) if command is not None else child_command(),
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
                creationflags=getattr(subprocess, "CREATE_NO_WINDOW", 0),
            )
        except (OSError, ValueError):  # no such program, no processes left
            self.process = None

    def __enter__(self) -> SaveChild:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()

    def make(self, snapshot: Snapshot) -> FileParts | None:
        """The file's bytes as the child made and proved them; None when it gave no answer.

        :class:`SaveError` when the child found the file would not open again.
        """
        process = self.process
        if process is None or process.stdin is None or process.stdout is None:
            return None
        watchdog = threading.Timer(TIMEOUT_SECONDS, process.kill)
        watchdog.daemon = True
        watchdog.start()
        try:
            _send(process.stdin, snapshot)
            answer = _read_answer(process.stdout)
            code = process.wait()
        except (OSError, ValueError, EOFError):  # the child died: a broken pipe
            return None
        finally:
            watchdog.cancel()
        if code != 0 or answer is None:
            return None
        if isinstance(answer, SaveError):
            raise answer
        return answer

    def close(self) -> None:
        """Stop the child if it still runs and release its pipes."""
        process = self.process
        if process is None:
            return
        if process.poll() is None:
            process.kill()
        for pipe in (process.stdin, process.stdout):
            if pipe is not None:
                try:
                    pipe.close()
                except OSError:  # bytes the child never read: no matter, it is gone
                    continue
        process.wait()


def _work(snapshot: Snapshot) -> int:
    """The squares of the snapshot's map and ten for each token (see :data:`CHILD_FROM`)."""
    grid = snapshot.document["map"]
    squares = grid.width * grid.height if hasattr(grid, "width") else 0
    return squares + 10 * snapshot.token_count


def _pieces(snapshot: Snapshot) -> Iterator[tuple[Any, ...]]:
    """The snapshot as small pieces, in its keys' order; a picture's bytes are sent apart."""
    for key, value in snapshot.document.items():
        if key == "tokens":
            yield ("list", key, [])
            for batch in snapshot.tokens:
                yield ("tokens", key, batch)
        elif key == "pictures":
            yield ("list", key, [])
            for picture in value:
                if picture.data is None:
                    yield ("list", key, [picture])
                else:
                    yield ("picture", key, picture.id, picture.name, picture.data)
        elif isinstance(value, list):
            yield ("list", key, [])
            for start in range(0, len(value), STEP):
                yield ("list", key, value[start : start + STEP])
        elif isinstance(getattr(value, "walls", None), dict):  # a grid: its walls in pieces
            shell = copy.copy(value)
            shell.walls, shell.wall_lines = {}, ()
            yield ("set", key, shell)
            for name in ("walls", "wall_lines"):
                items = list(value.walls.items() if name == "walls" else value.wall_lines)
                for start in range(0, len(items), STEP):
                    yield ("more", key, name, items[start : start + STEP])
        else:
            yield ("set", key, value)
    yield ("end",)


def _send(pipe: IO[bytes], snapshot: Snapshot) -> None:
    """Write the snapshot to the child, a piece pickled at a time, and close the pipe."""
    try:
        for piece in _pieces(snapshot):
            if piece[0] != "picture":
                pipe.write(pickle.dumps(piece, protocol=5))
                continue
            data = memoryview(piece[-1])
            pipe.write(pickle.dumps((*piece[:-1], len(data)), protocol=5))
            for start in range(0, len(data), CHUNK):
                pipe.write(data[start : start + CHUNK])
    finally:
        pipe.close()


def _received(pipe: IO[bytes]) -> Iterator[tuple[tuple[Any, ...], bytes | None]]:
    """The child's side of :func:`_send`: each piece and its picture's bytes.

    Only the app that started the child writes to its stdin, so unpickling it
    is unpickling the app's own data.
    """
    while True:
        piece = pickle.load(pipe)
        data = None
        if piece[0] == "picture":
            data = pipe.read(piece[-1])
            if len(data) != piece[-1]:
                raise EOFError("the app stopped sending")
        yield piece, data
        if piece[0] == "end":
            return


def _assemble(pieces: Iterable[tuple[tuple[Any, ...], bytes | None]]) -> dict[str, Any]:
    """The snapshot's dict again from its pieces (see :func:`_pieces`)."""
    from tactical.core.pictures import Picture
    from tactical.persistence.snapshot import token_document

    snapshot: dict[str, Any] = {}
    for piece, data in pieces:
        kind = piece[0]
        if kind == "end":
            return snapshot
        if kind == "set":
            snapshot[piece[1]] = piece[2]
        elif kind == "list":
            snapshot.setdefault(piece[1], []).extend(piece[2])
        elif kind == "tokens":
            snapshot[piece[1]].extend(map(token_document, pickle.loads(piece[2])))
        elif kind == "more":
            grid, name, items = snapshot[piece[1]], piece[2], piece[3]
            if name == "walls":
                grid.walls.update(items)
            else:
                grid.wall_lines += tuple(items)
        elif kind == "picture" and data is not None:
            _, key, picture_id, name, _size = piece
            snapshot.setdefault(key, []).append(Picture(picture_id, data=data, name=name))
        else:
            raise ValueError(f"unknown piece {kind!r}")
    raise EOFError("the snapshot ended early")


def _read_answer(pipe: IO[bytes]) -> FileParts | SaveError | None:
    """The child's answer: the file's bytes, the problems found, or None when it is no answer."""
    line = pipe.readline()
    if not line.startswith(_ANSWER):
        return None
    try:
        found: Any = json.loads(line[len(_ANSWER) :])
        if "problems" in found:
            return SaveError([Problem(str(path), str(text)) for path, text in found["problems"]])
        size = found["size"]
    except (ValueError, TypeError, KeyError):
        return None
    if not isinstance(size, int):
        return None
    parts: FileParts = []
    while size > 0:
        chunk = pipe.read(min(size, CHUNK))
        if not chunk:
            return None  # the child died midway
        parts.append(chunk)
        size -= len(chunk)
    return parts


def child_main() -> int:
    """The child: the snapshot from stdin; the file's bytes, or its problems, to stdout."""
    from tactical.persistence.snapshot import finish_document

    stdin, stdout = sys.stdin.buffer, sys.stdout.buffer
    try:
        snapshot = _assemble(_received(stdin))
    except (EOFError, pickle.UnpicklingError):  # the app gave up: nothing to answer
        return 1
    parts: FileParts = []
    try:
        parts = document_parts(finish_document(snapshot))
    except SaveError as error:
        answer: dict[str, Any] = {"problems": [[p.path, p.message] for p in error.problems]}
    else:
        answer = {"size": sum(len(part) for part in parts)}  # base64: a byte a character
    try:
        stdout.write(_ANSWER + json.dumps(answer).encode("ascii") + b"\n")
        for chunk in file_chunks(parts):
            stdout.write(chunk)
        stdout.flush()
    except OSError:  # the app gave up on the answer
        return 1
    return 0
