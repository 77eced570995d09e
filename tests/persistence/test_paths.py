"""A path written in a file must be a plain relative path inside the encounter's folder."""

from __future__ import annotations

import pytest

from tactical.persistence.paths import unsafe_relative_path


@pytest.mark.parametrize(
    "path",
    ["ogre.png", "pictures/ogre.png", "./ogre.png", "a b/c-d_e.webp", "pictures/ogre..png"],
)
def test_plain_relative_paths_pass(path: str) -> None:
    assert unsafe_relative_path(path) is None


@pytest.mark.parametrize(
    ("path", "reason"),
    [
        ("/etc/passwd", "is an absolute path"),
        ("../secret.png", "leaves the encounter's folder ('..')"),
        ("pictures/../../x.png", "leaves the encounter's folder ('..')"),
        ("file:///home/gm/x.png", "is a file:// URL"),
        ("FILE:x.png", "is a file:// URL"),
        ("http://example.com/x.png", "is a URL"),
        ("data:image/png;base64,AAAA", "is a URL"),
        ("C:\\Users\\gm\\x.png", "is an absolute Windows path"),
        ("c:/x.png", "is an absolute Windows path"),
        ("\\\\server\\share\\x.png", "is a network (UNC) path"),
        ("//server/share/x.png", "is a network (UNC) path"),
        ("pictures\\x.png", "uses backslashes"),
        ("x\x00.png", "holds a NUL character"),
        ("x\n.png", "holds a control character"),
        ("~/x.png", "starts with '~'"),
        ("", "is empty"),
    ],
)
def test_unsafe_paths_say_why(path: str, reason: str) -> None:
    result = unsafe_relative_path(path)
    assert result is not None and result.startswith(reason), result
