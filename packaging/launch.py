"""The folder app's entry point: the same ``tactical`` command as the pip-installed one."""

import sys

from tactical.cli import main

if __name__ == "__main__":
    sys.exit(main())
