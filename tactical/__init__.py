"""tactical: a battle map and combat-procedure companion for a game master at a real table.

OpenBLAS (numpy's and scipy's linear algebra) is kept to one thread: tactical does no large
matrix work, and scipy's graph search, which long paths use, otherwise leaves an OpenBLAS
thread spinning on the second core for as long as the search runs (twice the CPU for the
same wall clock), a core the GUI and sight's threads need. Set before numpy is imported;
a value the user set is kept.
"""

import os

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

__version__ = "0.1.0"
