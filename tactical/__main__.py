"""`python -m tactical` is the same as the `tactical` console script."""

import sys

from tactical.command import main

sys.exit(main())
