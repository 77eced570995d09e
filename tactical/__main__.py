"""`python -m tactical` is the same as the `tactical` console script."""

import sys

from tactical.cli import main

sys.exit(main())
