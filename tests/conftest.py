"""Test configuration: Qt runs headless everywhere the tests run."""

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
