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
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from tactical.core.sight_masks import DIRECTIONS

STEP_CODE = np.zeros(9, dtype=np.int64)
"""``(sx + 1) * 3 + (sy + 1)`` -> the index ``k`` of the step ``(sx, sy)`` in DIRECTIONS."""
for _k, (_sx, _sy) in enumerate(DIRECTIONS):
    STEP_CODE[(_sx + 1) * 3 + (_sy + 1)] = _k

SIGNATURE = (
    "int64(uint8[::1], float32[::1], int64, int64, int64, int64, int64,"
    " boolean, boolean[::1], int64[::1], int64)"
)
"""What numba compiles :func:`look_rings` for (one signature: no compiling on a new call)."""


def look_rings(
    bits: npt.NDArray[np.uint8],
    elevation: npt.NDArray[np.float32],
    w: int,
    h: int,
    col: int,
    row: int,
    reach: int,
    hills: bool,
    seen: npt.NDArray[np.bool_],
    step_code: npt.NDArray[np.int64],
    which: int,
) -> int:
    """Mark in ``seen`` (padded, flattened) what the viewer at ``(col, row)`` sees up to
    ring ``reach``; return the last ring with a square worked out.

    ``which`` half: 0 works out the top and right sides of every ring, 1 the bottom and left,
    -1 all four. A side's parents lie on its own side of the ring before, but for one
    corner: the right side reads the bottom-right corner, the left side the top-left
    one. Each half also works out that one corner (whose parent is the same corner of
    the ring before), so the two halves need nothing from each other and can run at
    once on two cores; the squares both write (the two corners) get the same value.
    """
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
    eye = elevation[base] + block
    seen[base] = True
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
            n1s[m + d] = np.int64(low)
            ups[m + d] = 1 if frac > 0 else 0
            w1s[m + d] = np.float32(1.0 - frac)
            w2s[m + d] = np.float32(frac)
        live = False
        for side in range(4):
            if (which == 0 and side == 3) or (which == 1 and side == 1):
                continue
            # t runs over the minor offset; ring index j = js + sj * t; flat = f0 + t * fs;
            # parent ring index = rs + sj * n; step code at cb + (t - n + 1) * cm
            if side == 0:  # top row: dy = -d, t = dx in [-d, d - 1]
                if vy - d < 0:
                    continue
                lo = max(-d, -vx)
                hi = min(d - 1, pw - 1 - vx) if which != 1 else -d  # half 1: the corner only
                js, sj, f0, fs, rs, cb, cm = d, 1, (vy - d) * pw + vx, 1, e, 0, 3
            elif side == 1:  # right column: dx = d, t = dy in [-d, d - 1]
                if vx + d >= pw:
                    continue
                lo = max(-d, -vy)
                hi = min(d - 1, ph - 1 - vy)
                js, sj, f0, fs, rs, cb, cm = 3 * d, 1, vy * pw + vx + d, pw, 3 * e, 6, 1
            elif side == 2:  # bottom row: dy = d, t = dx in [-d + 1, d]
                if vy + d >= ph:
                    continue
                lo = max(-d + 1, -vx) if which != 0 else d  # half 0: the corner only
                hi = min(d, pw - 1 - vx)
                js, sj, f0, fs, rs, cb, cm = 5 * d, -1, (vy + d) * pw + vx, 1, 5 * e, 2, 3
            else:  # left column: dx = -d, t = dy in [-d + 1, d]
                if vx - d < 0:
                    continue
                lo = max(-d + 1, -vy)
                hi = min(d, ph - 1 - vy)
                js, sj, f0, fs, rs, cb, cm = 7 * d, -1, vy * pw + vx - d, pw, 7 * e, 0, 1
            for t in range(lo, hi + 1):
                n1 = n1s[t + d]
                up = ups[t + d]
                r1 = rs + sj * n1
                r2 = r1 + sj * up
                v1 = vis_prev[r1]
                v2 = vis_prev[r2]
                j = js + sj * t
                if not (v1 > live_share or v2 > live_share):
                    vis_cur[j] = zero
                    high_cur[j] = none
                    continue
                live = True
                flat = f0 + t * fs
                w1 = w1s[t + d]
                w2 = w2s[t + d]
                b = np.int64(bits[flat])
                k1 = step_code[cb + (t - n1 + 1) * cm]
                k2 = step_code[cb + (t - n1 - up + 1) * cm]
                a1 = v1 * w1 if ((b >> k1) & 1) == 0 else zero
                a2 = v2 * w2 if ((b >> k2) & 1) == 0 else zero
                part = a1 + a2
                shown = part >= half
                vis_cur[j] = part
                if hills:
                    level = elevation[flat]
                    passed = high_prev[r1] * w1 + high_prev[r2] * w2
                    shown = shown and ((passed < eye) or (passed < level + block))
                    high_cur[j] = max(passed, level)
                seen[flat] = shown
        if not live:
            break
        reached = d
        vis_cur[8 * d] = vis_cur[0]  # the left side's last parent is the ring's first square
        high_cur[8 * d] = high_cur[0]
        vis_prev, vis_cur = vis_cur, vis_prev
        high_prev, high_cur = high_cur, high_prev
    return reached
