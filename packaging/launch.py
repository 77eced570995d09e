"""The folder app's entry point: the same ``tactical`` command as the pip-installed one."""

import sys

if __name__ == "__main__":
    from tactical.cli import main

    sys.exit(main())
