"""The folder app's entry point: the same ``tactical`` command as the pip-installed one.

A save's file is made in a child process, which in the folder app is this program
again with a hidden first argument (``tactical.persistence.save_child``).
"""

import sys

if __name__ == "__main__":
    from tactical.persistence.save_child import CHILD_ARGUMENT

    if sys.argv[1:2] == [CHILD_ARGUMENT]:
        from tactical.persistence.save_child import child_main

        sys.exit(child_main())
    from tactical.cli import main

    sys.exit(main())
