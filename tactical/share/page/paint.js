// The phones' page: the map painted from what the GM's computer sends for this link. A grid's
// arrays are decoded here, and its ground held and changed by deltas; the ground (terrain, the
// background picture, grid lines, heights, dim squares, walls and doors) is painted once per view
// into a picture of capped size, so a big map costs one drawImage a frame. Areas, templates and
// marked squares are drawn each frame.
"use strict";
window.tacticalPaint = (function () {
  const DARK = 0, DIM = 1;
  const TERRAIN = ["#d9d2c1", "#b9a877", "#5b5750"];
  const GROUND_SIDE = 2048;

  function bytes(b64) {
    const s = atob(b64 || "");
    const out = new Uint8Array(s.length);
    for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
    return out;
  }

  // a grid's array: base64 of its bytes, or runs [value, count, ...] (none: all zero)
  function cells(src, name, Type, n) {
    const runs = src[name + "_runs"];
    if (!runs) {
      if (!src[name]) return new Type(n);
      const raw = bytes(src[name]);
      return Type === Uint8Array ? raw : new Type(raw.buffer);
    }
    const out = new Type(n);
    for (let i = 0, at = 0; i < runs.length; i += 2) { out.fill(runs[i], at, at + runs[i + 1]); at += runs[i + 1]; }
    return out;
  }

  // The ground a page holds (heights, terrain, walls, wall lines): taken whole, then changed by
  // the deltas the GM's computer sends (tactical/share/wire_ground.py); walls and lines are
  // kept as sets (by their text) and drawn in one order, however they came.
  function rowKey(row) { return JSON.stringify(row); }

  function listed(held) {
    for (const name of ["walls", "lines"]) {
      held[name + "List"] = Array.from(held[name].keys()).sort().map((k) => held[name].get(k));
    }
    return held;
  }

  function whole(key, src, n) {
    const rows = (list) => new Map((list || []).map((row) => [rowKey(row), row]));
    return listed({ key, height: cells(src, "elevation", Int16Array, n), terrain: cells(src, "terrain", Uint8Array, n),
      walls: rows(src.walls), lines: rows(src.lines) });
  }

  // the delta onto the ground held, which becomes `key`; false when it is for another ground
  function patch(held, key, delta, n) {
    if (!held || held.key !== delta.from || held.height.length !== n) return false;
    const spans = delta.spans || [];
    let count = 0;
    for (let i = 1; i < spans.length; i += 2) count += spans[i];
    const height = cells(delta, "elevation", Int16Array, count), terrain = cells(delta, "terrain", Uint8Array, count);
    for (let i = 0, at = 0, k = 0; i < spans.length; i += 2) {
      at += spans[i];
      for (const end = at + spans[i + 1]; at < end; at++, k++) { held.height[at] = height[k]; held.terrain[at] = terrain[k]; }
    }
    for (const name of ["walls", "lines"]) {
      for (const row of delta[name + "_drop"] || []) held[name].delete(rowKey(row));
      for (const row of delta[name + "_add"] || []) held[name].set(rowKey(row), row);
    }
    held.key = key;
    listed(held);
    return true;
  }

  function outline(g, area) {
    g.beginPath();
    area.points.forEach(([x, y], k) => (k ? g.lineTo(x, y) : g.moveTo(x, y)));
    g.closePath();
  }

  // the map of state.view: the grid (from its cached ground) or the areas
  function drawMap(ctx, state) {
    const map = state.view.map;
    if (map.kind === "grid") drawGrid(ctx, state, map); else drawAreas(ctx, state, map);
  }

  function drawTemplates(ctx, state) {
    // spell areas and the like, already cut by the GM's computer to what this link may see
    for (const template of state.view.templates || []) {
      ctx.globalAlpha = 0.35;
      ctx.fillStyle = template.color;
      fillCells(ctx, state, template.cells);
      ctx.globalAlpha = 1;
      const first = template.cells[0];
      if (template.label && Array.isArray(first)) {
        ctx.font = "600 " + Math.max(13 / state.cam.scale, 0.3) + "px sans-serif";
        ctx.fillStyle = "#fff";
        ctx.fillText(template.label, first[0] + 0.05, first[1] + 0.6);
      }
    }
  }

  function fillCells(ctx, state, cells) {
    // squares ([col, row]) or areas (their ids) in the current fill style
    const areas = new Map((state.view.map.areas || []).map((a) => [a.id, a]));
    for (const cell of cells) {
      if (Array.isArray(cell)) { ctx.fillRect(cell[0], cell[1], 1, 1); continue; }
      const area = areas.get(cell);
      if (!area) continue;
      outline(ctx, area);
      ctx.fill();
    }
  }

  function drawArt(g, state) {
    const a = state.art, m = state.artMeta;
    if (a && m) g.drawImage(a, m.x, m.y, a.width / m.scale, a.height / m.scale);
  }

  function buildGround(state, map) {
    // The grid is painted once per view into a picture of capped size (GROUND_SIDE), so a big
    // map costs one drawImage a frame and a bounded amount of memory, never a loop per square.
    const k = Math.max(1, Math.min(32, Math.floor(GROUND_SIDE / Math.max(map.width, map.height))));
    const ground = document.createElement("canvas");
    ground.width = map.width * k;
    ground.height = map.height * k;
    const g = ground.getContext("2d");
    g.setTransform(k, 0, 0, k, 0, 0);
    paintGrid(g, state, map, k);
    state.ground = ground;
  }

  function drawGrid(ctx, state, map) {
    if (!state.ground) buildGround(state, map);
    ctx.imageSmoothingEnabled = state.cam.scale < 8;
    ctx.drawImage(state.ground, 0, 0, map.width, map.height);
  }

  function paintGrid(g, state, map, k) {
    const w = map.width, h = map.height;
    for (let r = 0; r < h; r++) for (let c = 0; c < w; c++) {
      const i = r * w + c;
      if (state.light[i] === DARK) continue;
      g.fillStyle = TERRAIN[state.terrain[i]] || TERRAIN[0];
      g.fillRect(c, r, 1, 1);
    }
    drawArt(g, state);
    g.lineWidth = 1 / k;
    g.strokeStyle = "rgba(0,0,0,0.25)";
    g.font = "0.3px sans-serif";
    for (let r = 0; r < h; r++) for (let c = 0; c < w; c++) {
      const i = r * w + c;
      if (state.light[i] === DARK) continue;
      if (k >= 6) g.strokeRect(c, r, 1, 1);
      if (state.height[i] && k >= 16) { g.fillStyle = "#333"; g.fillText(String(state.height[i]), c + 0.05, r + 0.3); }
      if (state.light[i] === DIM) { g.fillStyle = "rgba(0,0,0,0.5)"; g.fillRect(c, r, 1, 1); }
    }
    for (const [ac, ar, bc, br, kind] of map.walls) {
      const x = Math.max(ac, bc), y = Math.max(ar, br);
      const vertical = ac !== bc;
      line(g, vertical ? x : ac, vertical ? ar : y, vertical ? x : ac + 1, vertical ? ar + 1 : y, kind);
    }
    for (const [ax, ay, bx, by, kind, open] of map.lines) line(g, ax, ay, bx, by, open ? "open" : kind);
  }

  function line(g, ax, ay, bx, by, kind) {
    g.beginPath();
    g.moveTo(ax, ay);
    g.lineTo(bx, by);
    g.lineWidth = kind === "wall" || kind === "object" ? 0.14 : 0.1;
    g.strokeStyle = { wall: "#1c1a17", door: "#8a5a22", open: "#d7a35a", window: "#6fb3d9", object: "#444" }[kind] || "#1c1a17";
    g.setLineDash(kind === "open" ? [0.15, 0.1] : []);
    g.stroke();
    g.setLineDash([]);
  }

  function drawAreas(ctx, state, map) {
    for (const area of map.areas) {
      outline(ctx, area);
      ctx.fillStyle = TERRAIN[0];
      ctx.fill();
    }
    drawArt(ctx, state);
    const [x0, y0, x1, y1] = map.box;
    const unit = Math.max(x1 - x0, y1 - y0) / 40;
    ctx.font = unit + "px sans-serif";
    for (const area of map.areas) {
      outline(ctx, area);
      if (area.light === DIM) { ctx.fillStyle = "rgba(0,0,0,0.5)"; ctx.fill(); }
      ctx.lineWidth = unit / 6;
      ctx.strokeStyle = "#333";
      ctx.stroke();
      ctx.fillStyle = "#222";
      ctx.fillText(area.name, area.points[0][0] + unit / 2, area.points[0][1] + unit * 1.2);
    }
  }

  return { DARK, DIM, cells, whole, patch, outline, drawMap, drawTemplates, fillCells };
})();
