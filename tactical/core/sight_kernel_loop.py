"""One viewer's sight rings as one loop, written for numba (:mod:`tactical.core.sight_kernel`).

Plain Python and numpy: nothing here imports numba, which compiles :func:`look_rings`
when the kernel is first wanted. The rule and its arithmetic are
:mod:`tactical.core.sight_one`'s: the same float32 operations in the same order (no
fastmath, so no fused multiply-adds), the parents' offsets and weights from
``minor * (d - 1) / d`` in float64 exactly as :func:`tactical.core.sight_rings._make_ring`,
so the squares seen are the same. Only the squares of a ring on the padded map are
visited: four side loops (top, right, bottom, left) per ring. The previous ring's open
shares and highest ground are kept in ring order (index ``8d`` repeats index 0, the
left side's last parent); the walls are one byte per square, bit ``k`` set when the
step into it in ``DIRECTIONS[k]`` is blocked.

What keeps the loop fast (issue 22's fourth pass: ``git log -p docs/performance.md``):

- every array index is cast to ``np.uintp``: numba wraps a negative signed index round
  (a compare and an add per access, and registers spilled for the arrays' lengths);
  these indices are never negative;
- the height rule's loop and the flat map's are separate loops (not a test per square),
  and the height test is one expression without short-circuits (no branch on the
  terrain);
- the step's wall bit is read from :data:`SIDE_BITS`, one byte per side and kind of step;
- the column sides read the walls and the elevation from transposed copies
  (``across``): down a column of the row-major arrays every square is another cache
  line and page, which made the rough map's loop up to twice as slow as its rows.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from tactical.core.sight_masks import DIRECTIONS

_SIDE_STEPS = ((0, -1), (1, 0), (0, 1), (-1, 0))
"""Each side's major step (top, right, bottom, left); the minor step is -1, 0 or 1."""

SIDE_BITS = np.zeros(12, dtype=np.uint8)
"""``side * 3 + minor + 1`` -> the wall bit of the step into a square of that side of a
ring from its parent (``minor``: the step's offset along the side)."""
for _side, (_mx, _my) in enumerate(_SIDE_STEPS):
    for _minor in (-1, 0, 1):
        _step = (_mx + _minor, _my) if _mx == 0 else (_mx, _my + _minor)
        SIDE_BITS[_side * 3 + _minor + 1] = 1 << DIRECTIONS.index(_step)

SIGNATURE = (
    "int64(uint8[::1], uint8[::1], int16[::1], int16[::1], int64, int64, int64, int64,"
    " int64, boolean, boolean[::1], uint8[::1])"
)
"""What numba compiles :func:`look_rings` for (one signature: no compiling on a new call)."""


def look_rings(
    bits: npt.NDArray[np.uint8],
    bits_across: npt.NDArray[np.uint8],
    elevation: npt.NDArray[np.int16],
    elevation_across: npt.NDArray[np.int16],
    w: int,
    h: int,
    col: int,
    row: int,
    reach: int,
    hills: bool,
    seen: npt.NDArray[np.bool_],
    side_bits: npt.NDArray[np.uint8],
) -> int:
    """Mark in ``seen`` (padded, flattened) what the viewer at ``(col, row)`` sees up to
    ring ``reach``; return the last ring with a square worked out.

    ``bits`` and ``elevation`` are the padded map's rows flattened, ``bits_across`` and
    ``elevation_across`` the same transposed (its columns flattened; ``elevation_across``
    is read only when ``hills``, the height rule, applies).
    """
    u = np.uintp
    pw = w + 2
    ph = h + 2
    vx = col + 1
    vy = row + 1
    base = vy * pw + vx
    none = np.float32(-1e6)
    live_share = np.float32(0.01)
    half = np.float32(0.5)
    zero = np.float32(0.0)
    block = np.float32(2.0)
    eye = np.float32(elevation[u(base)]) + block
    seen[u(base)] = True
    size = 8 * (reach + 1) + 1
    vis_prev = np.zeros(size, dtype=np.float32)
    vis_cur = np.zeros(size, dtype=np.float32)
    high_prev = np.full(size, none, dtype=np.float32)
    high_cur = np.full(size, none, dtype=np.float32)
    n1s = np.zeros(2 * reach + 3, dtype=np.int64)
    ups = np.zeros(2 * reach + 3, dtype=np.int64)
    w1s = np.zeros(2 * reach + 3, dtype=np.float32)
    w2s = np.zeros(2 * reach + 3, dtype=np.float32)
    vis_prev[0] = np.float32(1.0)
    reached = 0
    for d in range(1, reach + 1):
        e = d - 1
        for m in range(-d, d + 1):  # the parents of minor offset m, as _make_ring has them
            along = (m * (d - 1)) / d
            low = np.floor(along)
            frac = along - low
            n1s[u(m + d)] = np.int64(low)
            ups[u(m + d)] = 1 if frac > 0 else 0
            w1s[u(m + d)] = np.float32(1.0 - frac)
            w2s[u(m + d)] = np.float32(frac)
        live = False
        for side in range(4):
            # t runs over the minor offset; ring index j = js + sj * t; flat = f0 + t * fs
            # in ``seen``; g0 + t in the side's walls and elevation (rows or columns);
            # parent ring index = rs + sj * n
            if side == 0:  # top row: dy = -d, t = dx in [-d, d - 1]
                if vy - d < 0:
                    continue
                lo = max(-d, -vx)
                hi = min(d - 1, pw - 1 - vx)
                js, sj, f0, fs, rs = d, 1, (vy - d) * pw + vx, 1, e
                g0, walls, levels = f0, bits, elevation
            elif side == 1:  # right column: dx = d, t = dy in [-d, d - 1]
                if vx + d >= pw:
                    continue
                lo = max(-d, -vy)
                hi = min(d - 1, ph - 1 - vy)
                js, sj, f0, fs, rs = 3 * d, 1, vy * pw + vx + d, pw, 3 * e
                g0, walls, levels = (vx + d) * ph + vy, bits_across, elevation_across
            elif side == 2:  # bottom row: dy = d, t = dx in [-d + 1, d]
                if vy + d >= ph:
                    continue
                lo = max(-d + 1, -vx)
                hi = min(d, pw - 1 - vx)
                js, sj, f0, fs, rs = 5 * d, -1, (vy + d) * pw + vx, 1, 5 * e
                g0, walls, levels = f0, bits, elevation
            else:  # left column: dx = -d, t = dy in [-d + 1, d]
                if vx - d < 0:
                    continue
                lo = max(-d + 1, -vy)
                hi = min(d, ph - 1 - vy)
                js, sj, f0, fs, rs = 7 * d, -1, vy * pw + vx - d, pw, 7 * e
                g0, walls, levels = (vx - d) * ph + vy, bits_across, elevation_across
            sb = side * 3 + 1
            if hills:
                for t in range(lo, hi + 1):
                    i = u(t + d)
                    n1 = n1s[i]
                    up = ups[i]
                    r1 = u(rs + sj * n1)
                    r2 = u(rs + sj * (n1 + up))
                    v1 = vis_prev[r1]
                    v2 = vis_prev[r2]
                    j = u(js + sj * t)
                    if not (v1 > live_share or v2 > live_share):
                        vis_cur[j] = zero
                        high_cur[j] = none
                        continue
                    live = True
                    g = u(g0 + t)
                    w1 = w1s[i]
                    w2 = w2s[i]
                    b = walls[g]
                    a1 = v1 * w1 if (b & side_bits[u(sb + t - n1)]) == 0 else zero
                    a2 = v2 * w2 if (b & side_bits[u(sb + t - n1 - up)]) == 0 else zero
                    part = a1 + a2
                    vis_cur[j] = part
                    level = np.float32(levels[g])
                    passed = high_prev[r1] * w1 + high_prev[r2] * w2
                    high_cur[j] = max(passed, level)
                    shown = (part >= half) & ((passed < eye) | (passed < level + block))
                    seen[u(f0 + t * fs)] = shown
            else:  # the same without the height rule (no square hides behind high ground)
                for t in range(lo, hi + 1):
                    i = u(t + d)
                    n1 = n1s[i]
                    up = ups[i]
                    r1 = u(rs + sj * n1)
                    r2 = u(rs + sj * (n1 + up))
                    v1 = vis_prev[r1]
                    v2 = vis_prev[r2]
                    j = u(js + sj * t)
                    if not (v1 > live_share or v2 > live_share):
                        vis_cur[j] = zero
                        continue
                    live = True
                    w1 = w1s[i]
                    w2 = w2s[i]
                    b = walls[u(g0 + t)]
                    a1 = v1 * w1 if (b & side_bits[u(sb + t - n1)]) == 0 else zero
                    a2 = v2 * w2 if (b & side_bits[u(sb + t - n1 - up)]) == 0 else zero
                    part = a1 + a2
                    vis_cur[j] = part
                    seen[u(f0 + t * fs)] = part >= half
        if not live:
            break
        reached = d
        vis_cur[u(8 * d)] = vis_cur[0]  # the left side's last parent is the ring's first square
        high_cur[u(8 * d)] = high_cur[0]
        vis_prev, vis_cur = vis_cur, vis_prev
        high_prev, high_cur = high_cur, high_prev
    return reached
