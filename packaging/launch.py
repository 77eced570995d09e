"""The folder app's entry point: the same ``tactical`` command as the pip-installed one.

A hidden first argument, ``--tactical-warm-sight``, compiles the sight kernel into numba's
cache (or loads it from there) and says how it went: the build runs it once to ship
the compiled kernel (``packaging/build-folder-app.sh``), the tests to check it loads.
"""

import sys

WARM_SIGHT = "--tactical-warm-sight"


def warm_sight() -> int:
    """Warm the sight kernel; print one JSON line (ready, from the cache, why not, seconds)."""
    import json
    import time

    from tactical.core import sight_kernel

    began = time.perf_counter()
    ready = sight_kernel.warm()
    seconds = time.perf_counter() - began
    with open("/proc/self/status") as status:  # VmHWM: the process's peak, kB
        peak = next((int(s.split()[1]) / 1024 for s in status if s.startswith("VmHWM:")), 0.0)
    print(
        json.dumps(
            {
                "ready": ready,
                "from_cache": sight_kernel.from_cache(),
                "failed": sight_kernel.failed(),
                "seconds": round(seconds, 3),
                "peak_mb": round(peak, 1),
            }
        )
    )
    return 0 if ready else 1


if __name__ == "__main__":
    if sys.argv[1:2] == [WARM_SIGHT]:
        sys.exit(warm_sight())
    from tactical.command import main

    sys.exit(main())
