// The phones' page: the hands on the map. One finger pans (on your own token, when the GM lets
// this phone move it, it drags), two fingers zoom (damped), a double tap centres on your
// character, the wheel zooms on a desktop. While dragging, the squares (or areas) within reach
// are shaded with the cost of the one under the finger; the drop is sent to the GM's computer,
// which checks it.
"use strict";
window.tacticalGestures = (function () {
  const PINCH_DAMPING = 0.6;

  // page: { state, canvas, mine(), spot(t), request(), centreOnMine(), toast(text), send(frame) }
  function start(page) {
    const state = page.state, canvas = page.canvas;

    function toMap(px, py) {
      return [state.cam.x + px / state.cam.scale, state.cam.y + py / state.cam.scale];
    }

    function zoom(factor, px, py) {
      const [mx, my] = toMap(px, py);
      state.cam.scale = Math.min(200, Math.max(2, state.cam.scale * factor));
      state.cam.x = mx - px / state.cam.scale;
      state.cam.y = my - py / state.cam.scale;
    }

    function onMine(mx, my) {
      const t = page.mine();
      if (!t || !state.view.moves) return false;
      if (t.col === undefined) {  // an area map: within a token's reach of where it is drawn
        const [x, y] = page.spot(t);
        return Math.hypot(mx - x, my - y) * state.cam.scale < 30;
      }
      return mx >= t.col && mx < t.col + t.size && my >= t.row && my < t.row + t.size;
    }

    function areaAt(x, y) {
      // even-odd rule over the areas this page was sent (the only ones it may drop on)
      const areas = state.view.map.areas || [];
      for (const area of areas) {
        let inside = false;
        const p = area.points;
        for (let i = 0, j = p.length - 1; i < p.length; j = i++) {
          if ((p[i][1] > y) !== (p[j][1] > y) && x < ((p[j][0] - p[i][0]) * (y - p[i][1])) / (p[j][1] - p[i][1]) + p[i][0]) inside = !inside;
        }
        if (inside) return area.id;
      }
      return null;
    }

    function target(t, at) {
      return [Math.floor(at[0] - t.size / 2 + 0.5), Math.floor(at[1] - t.size / 2 + 0.5)];
    }

    function costAt(col, row) {
      const cell = (state.view.reach || []).find((c) => c[0] === col && c[1] === row);
      return cell ? cell[2] : null;
    }

    function drawReach(ctx) {
      // the engine's reach, as the GM's drag preview shades it, and the cost of the drop
      const t = page.mine();
      if (!t) return;
      ctx.fillStyle = "rgba(80, 200, 120, 0.35)";
      if (t.col === undefined) { drawAreaReach(ctx); return; }
      for (const cell of state.view.reach || []) if (cell.length === 3) ctx.fillRect(cell[0], cell[1], t.size, t.size);
      const [col, row] = target(t, state.drag.at);
      const cost = costAt(col, row);
      const size = Math.max(16 / state.cam.scale, 0.35);
      ctx.font = "700 " + size + "px sans-serif";
      ctx.fillStyle = cost === null ? "#ff8a7a" : "#fff";
      ctx.fillText(cost === null ? "out of reach" : cost + " square" + (cost === 1 ? "" : "s"), col, row - 0.15);
    }

    function drawAreaReach(ctx) {
      const costs = new Map((state.view.reach || []).filter((c) => c.length === 2));
      for (const area of state.view.map.areas) {
        if (!costs.has(area.id)) continue;
        window.tacticalPaint.outline(ctx, area);
        ctx.fill();
      }
      const [mx, my] = state.drag.at;
      const here = areaAt(mx, my);
      const cost = here === null || !costs.has(here) ? null : costs.get(here);
      const size = 16 / state.cam.scale;
      ctx.font = "700 " + size + "px sans-serif";
      ctx.fillStyle = cost === null ? "#ff8a7a" : "#fff";
      ctx.fillText(cost === null ? "out of reach" : cost + " area" + (cost === 1 ? "" : "s"), mx, my - size);
    }

    canvas.addEventListener("pointerdown", (e) => {
      canvas.setPointerCapture(e.pointerId);
      state.pointers.set(e.pointerId, [e.offsetX, e.offsetY]);
      if (state.pointers.size === 1) {
        const now = Date.now();
        if (now - state.lastTap < 300) page.centreOnMine();
        state.lastTap = now;
        const [mx, my] = toMap(e.offsetX, e.offsetY);
        if (onMine(mx, my)) {
          if (state.view.may_move) state.drag = { id: page.mine().id, at: [mx, my] };
          else page.toast("Not your turn: you can move when you act");
        }
      } else {
        state.drag = null;
      }
    });
    canvas.addEventListener("pointermove", (e) => {
      const before = state.pointers.get(e.pointerId);
      if (!before) return;
      const now = [e.offsetX, e.offsetY];
      if (state.pointers.size === 1) {
        if (state.drag) state.drag.at = toMap(now[0], now[1]);
        else { state.cam.x -= (now[0] - before[0]) / state.cam.scale; state.cam.y -= (now[1] - before[1]) / state.cam.scale; }
      } else if (state.pointers.size === 2) {
        const other = [...state.pointers.entries()].find(([id]) => id !== e.pointerId)[1];
        const d0 = Math.hypot(before[0] - other[0], before[1] - other[1]);
        const d1 = Math.hypot(now[0] - other[0], now[1] - other[1]);
        if (d0 > 0) zoom(Math.pow(d1 / d0, PINCH_DAMPING), (now[0] + other[0]) / 2, (now[1] + other[1]) / 2);
      }
      state.pointers.set(e.pointerId, now);
      page.request();
    });
    function release(e) {
      state.pointers.delete(e.pointerId);
      if (state.drag && state.pointers.size === 0) {
        const [mx, my] = state.drag.at;
        const t = page.mine();
        if (t && t.col === undefined) {
          const area = areaAt(mx, my);
          if (area !== null && area !== t.area) page.send({ type: "move", token: t.id, area });
        } else if (t) {
          const [col, row] = target(t, [mx, my]);
          if (col !== t.col || row !== t.row) page.send({ type: "move", token: t.id, col, row });
        }
        state.drag = null;
        page.request();
      }
    }
    canvas.addEventListener("pointerup", release);
    canvas.addEventListener("pointercancel", release);
    canvas.addEventListener("wheel", (e) => { e.preventDefault(); zoom(Math.pow(1.0015, -e.deltaY), e.offsetX, e.offsetY); page.request(); }, { passive: false });

    return { drawReach };
  }

  return { start };
})();
