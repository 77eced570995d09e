// The phones' page (issue 25): draws what the GM's computer sends for this link, nothing more.
// Pan with one finger, pinch to zoom (damped), double-tap to centre on your character;
// reconnects by itself. All text from the server is set as text, never as HTML.
"use strict";
(function () {
  const DARK = 0, DIM = 1;
  const TERRAIN = ["#d9d2c1", "#b9a877", "#5b5750"];
  const PINCH_DAMPING = 0.6;
  const GROUND_SIDE = 2048;
  const FRESH_MS = 2500;  // how long newly seen squares glow
  const BAR_PX = 60;  // the bar over the map's top
  const STOPPED = 4410, REVOKED = 4403;  // the server's close codes (tactical/share/server.py)
  const canvas = document.getElementById("map");
  const ctx = canvas.getContext("2d");
  const el = (id) => document.getElementById(id);
  const tokens = window.tacticalTokens, spot = tokens.spot;  // tokens.js, loaded first
  const hand = window.tacticalHand;  // hand.js: a character's sheet, turn and choices
  const token = location.pathname.split("/")[2] || "";
  const state = { view: null, light: null, height: null, terrain: null, held: null, art: null, artKey: null,
    cam: { x: 0, y: 0, scale: 40 }, fitted: false, drag: null, pointers: new Map(), lastTap: 0 };
  let socket = null, retry = 0, dirty = false;

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

  function show(id, on) { el(id).hidden = !on; }

  function toast(text) {
    const t = el("toast");
    t.textContent = text;
    show("toast", true);
    clearTimeout(toast.timer);
    toast.timer = setTimeout(() => show("toast", false), 3500);
  }

  function connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    socket = new WebSocket(scheme + "://" + location.host + "/s/" + token + "/ws");
    socket.onopen = () => { retry = 0; show("status", false); hand.connected(); };
    socket.onmessage = (event) => receive(JSON.parse(event.data));
    socket.onclose = (event) => {
      // The GM's computer said goodbye (it stopped sharing, or revoked this link): say so
      // plainly and stop trying. A close without one of those is the Wi-Fi: try again.
      if (event.code === STOPPED) return ended("The GM stopped sharing");
      if (event.code === REVOKED) return ended("This link was revoked by the GM");
      el("status").textContent = "Connection lost: reconnecting…";
      show("status", true);
      retry = Math.min(retry + 1, 5);
      const again = () => setTimeout(connect, 500 * retry);
      // A server that answers but no longer knows this link (sharing was stopped and started
      // again): say so instead of trying for ever. No answer at all: the Wi-Fi, try again.
      fetch(location.pathname, { cache: "no-store" })
        .then((r) => {
          if (r.status === 404) {
            ended("This link no longer works: ask the GM for a new one");
          } else {
            again();
          }
        })
        .catch(again);
    };
  }

  function ended(text) {
    // the map stays, dimmed: it is how the table last looked, no longer the table now
    el("status").textContent = text;
    show("status", true);
    document.body.classList.add("ended");
  }

  function receive(msg) {
    if (msg.type === "answered") { hand.answered(msg); return; }
    if (msg.type === "moved") {
      if (!msg.ok) toast(msg.reason || "The move was refused");
      return;
    }
    if (msg.type !== "view") return;
    show("paused", !!msg.paused);
    hand.update(msg);
    if (msg.paused) return;
    // the character is not in the scene the GM shows: nothing of that scene comes, and the
    // next scene shown is fitted afresh
    show("waiting", !!msg.waiting);
    if (msg.waiting) { state.fitted = false; document.title = "tactical"; return; }
    if (msg.gone) { el("who").textContent = "This character left the map"; return; }
    const before = state.view;
    if (before && !sameMap(before.map, msg.map)) state.fitted = false;  // another scene
    const beforeLight = state.light;
    state.view = msg;
    const map = msg.map;
    if (map.kind === "grid") {
      // the ground (heights, terrain, walls) comes when it changed, else the page keeps it
      if (msg.ground) state.held = { key: map.ground, ...msg.ground };
      const held = state.held && state.held.key === map.ground ? state.held : {};
      const n = map.width * map.height;
      state.light = cells(map, "light", Uint8Array, n);
      state.height = cells(held, "elevation", Int16Array, n);
      state.terrain = cells(held, "terrain", Uint8Array, n);
      map.walls = held.walls || [];
      map.lines = held.lines || [];
    }
    state.ground = null;
    el("who").textContent = msg.kind === "table" ? "Table" : msg.character;
    // the map's name, only when the GM shows it to the players (plain text)
    el("place").textContent = msg.name || "";
    show("place", !!msg.name);
    document.title = msg.name ? "tactical: " + msg.name : "tactical: the table";
    fight(msg.fight);
    art(msg.art);
    tokens.update(msg.tokens, "/s/" + token + "/art/", request);
    if (!state.fitted) fit();
    else if (msg.kind === "character") newlySeen(before, beforeLight);
    request();
  }

  function sameMap(a, b) {
    if (a.kind !== b.kind) return false;
    if (a.kind === "grid") return a.width === b.width && a.height === b.height;
    return String(a.box) === String(b.box);
  }

  // -- squares (or areas) this character sees for the first time --------------------------
  function newlySeen(before, beforeLight) {
    // A reveal off the screen (the GM lifts the fog from a room) would go unnoticed: light
    // the new squares up for a moment and, when none of them is on screen, bring them in view.
    const map = state.view.map;
    if (!before || before.map.kind !== map.kind) return;
    let box = null;
    const grow = (x0, y0, x1, y1) => {
      box = box ? [Math.min(box[0], x0), Math.min(box[1], y0), Math.max(box[2], x1), Math.max(box[3], y1)] : [x0, y0, x1, y1];
    };
    const cells = [];
    if (map.kind === "grid") {
      if (!beforeLight || beforeLight.length !== state.light.length || before.map.width !== map.width) return;
      for (let i = 0; i < state.light.length; i++) {
        if (beforeLight[i] !== DARK || state.light[i] === DARK) continue;
        const c = i % map.width, r = Math.floor(i / map.width);
        cells.push([c, r]);
        grow(c, r, c + 1, r + 1);
      }
    } else {
      const was = new Map(before.map.areas.map((a) => [a.id, a.light]));
      for (const area of map.areas) {
        if (area.light === DARK || (was.has(area.id) && was.get(area.id) !== DARK)) continue;
        cells.push(area.id);
        for (const [x, y] of area.points) grow(x, y, x, y);
      }
    }
    if (!box) return;
    state.fresh = { cells, until: performance.now() + FRESH_MS };
    if (state.drag || state.pointers.size > 0 || anyOnScreen(cells)) return;
    bringIntoView(box);
    toast("New squares seen: double tap to go back to yours");
  }

  function anyOnScreen(cells) {
    const w = canvas.clientWidth, h = canvas.clientHeight;
    const areas = new Map((state.view.map.areas || []).map((a) => [a.id, a]));
    return cells.some((cell) => {
      const points = Array.isArray(cell) ? [[cell[0] + 0.5, cell[1] + 0.5]] : (areas.get(cell) || { points: [] }).points;
      return points.some(([x, y]) => {
        const sx = (x - state.cam.x) * state.cam.scale, sy = (y - state.cam.y) * state.cam.scale;
        return sx >= 0 && sx <= w && sy >= BAR_PX && sy <= h;
      });
    });
  }

  function bringIntoView([x0, y0, x1, y1]) {
    // centre on the new squares; zoom out only as far as it takes for them to fit
    const w = canvas.clientWidth, h = canvas.clientHeight - BAR_PX;
    const scale = Math.max(4, Math.min(state.cam.scale, 0.9 * w / (x1 - x0), 0.9 * h / (y1 - y0)));
    state.cam = { scale, x: (x0 + x1) / 2 - w / 2 / scale, y: (y0 + y1) / 2 - (h / 2 + BAR_PX) / scale };
  }

  function drawFresh() {
    // the new squares glow, fading out over FRESH_MS
    const fresh = state.fresh;
    if (!fresh) return;
    const left = fresh.until - performance.now();
    if (left <= 0) { state.fresh = null; return; }
    ctx.fillStyle = "rgba(255, 215, 106, " + (0.45 * left / FRESH_MS).toFixed(3) + ")";
    fillCells(fresh.cells);
    request();
  }

  function fight(summary) {
    show("order-button", !!summary);
    if (!summary) { el("heading").textContent = ""; el("now").textContent = ""; show("order", false); return; }
    el("heading").textContent = summary.heading;
    el("now").textContent = summary.now;
    const list = el("order");
    list.replaceChildren();
    for (const row of summary.rows) {
      const item = document.createElement("li");
      item.textContent = row.revealed ? row.name + " — " + row.revealed : row.name;
      if (row.acting) item.classList.add("acting");
      if (row.out) item.classList.add("out");
      list.appendChild(item);
    }
  }

  function art(meta) {
    if (!meta) { state.art = null; state.artKey = null; return; }
    if (meta.key === state.artKey) { state.artMeta = meta; return; }
    const image = new Image();
    image.onload = () => { state.art = image; state.artMeta = meta; state.ground = null; request(); };
    image.src = "/s/" + token + "/art/" + meta.key + ".png";
    state.artKey = meta.key;
  }

  function box() {
    // what may be seen, not the whole map: the dark rest would only shrink it on a phone
    const map = state.view.map;
    if (map.kind !== "grid") return map.box;
    let x0 = map.width, y0 = map.height, x1 = 0, y1 = 0;
    for (let r = 0; r < map.height; r++) for (let c = 0; c < map.width; c++) {
      if (state.light[r * map.width + c] === DARK) continue;
      x0 = Math.min(x0, c); y0 = Math.min(y0, r); x1 = Math.max(x1, c + 1); y1 = Math.max(y1, r + 1);
    }
    return x1 > x0 ? [x0, y0, x1, y1] : [0, 0, map.width, map.height];
  }

  function fit() {
    if (!state.view) return;
    const [x0, y0, x1, y1] = box();
    const w = canvas.clientWidth, h = canvas.clientHeight - 60;
    const scale = Math.max(4, Math.min(w / (x1 - x0), h / (y1 - y0)));
    state.cam = { scale, x: (x0 + x1) / 2 - w / 2 / scale, y: (y0 + y1) / 2 - (h / 2 + 60) / scale };
    state.fitted = true;
  }

  function mine() {
    return state.view ? state.view.tokens.find((t) => t.mine) : null;
  }

  function centreOnMine() {
    const t = mine();
    if (!t) return;
    const [x, y] = spot(t);
    state.cam.x = x - canvas.clientWidth / 2 / state.cam.scale;
    state.cam.y = y - canvas.clientHeight / 2 / state.cam.scale;
    request();
  }

  function toMap(px, py) {
    return [state.cam.x + px / state.cam.scale, state.cam.y + py / state.cam.scale];
  }

  function request() {
    if (!dirty) { dirty = true; requestAnimationFrame(draw); }
  }

  function resize() {
    const ratio = window.devicePixelRatio || 1;
    canvas.width = Math.round(canvas.clientWidth * ratio);
    canvas.height = Math.round(canvas.clientHeight * ratio);
    request();
  }

  function draw() {
    dirty = false;
    const ratio = window.devicePixelRatio || 1;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.fillStyle = "#111";
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    if (!state.view) return;
    const s = state.cam.scale;
    ctx.setTransform(ratio * s, 0, 0, ratio * s, -state.cam.x * s * ratio, -state.cam.y * s * ratio);
    if (state.view.map.kind === "grid") drawGrid(state.view.map); else drawAreas(state.view.map);
    drawTemplates();
    drawFresh();
    if (state.drag) drawReach();
    tokens.draw(ctx, state.view.tokens, state.cam.scale, state.drag);
  }

  function drawTemplates() {
    // spell areas and the like, already cut by the GM's computer to what this link may see
    for (const template of state.view.templates || []) {
      ctx.globalAlpha = 0.35;
      ctx.fillStyle = template.color;
      fillCells(template.cells);
      ctx.globalAlpha = 1;
      const first = template.cells[0];
      if (template.label && Array.isArray(first)) {
        ctx.font = "600 " + Math.max(13 / state.cam.scale, 0.3) + "px sans-serif";
        ctx.fillStyle = "#fff";
        ctx.fillText(template.label, first[0] + 0.05, first[1] + 0.6);
      }
    }
  }

  function fillCells(cells) {
    // squares ([col, row]) or areas (their ids) in the current fill style
    const areas = new Map((state.view.map.areas || []).map((a) => [a.id, a]));
    for (const cell of cells) {
      if (Array.isArray(cell)) { ctx.fillRect(cell[0], cell[1], 1, 1); continue; }
      const area = areas.get(cell);
      if (!area) continue;
      ctx.beginPath();
      area.points.forEach(([x, y], k) => (k ? ctx.lineTo(x, y) : ctx.moveTo(x, y)));
      ctx.closePath();
      ctx.fill();
    }
  }

  function target(t, at) {
    return [Math.floor(at[0] - t.size / 2 + 0.5), Math.floor(at[1] - t.size / 2 + 0.5)];
  }

  function costAt(col, row) {
    const cell = (state.view.reach || []).find((c) => c[0] === col && c[1] === row);
    return cell ? cell[2] : null;
  }

  function drawReach() {
    // the engine's reach, as the GM's drag preview shades it, and the cost of the drop
    const t = mine();
    if (!t) return;
    ctx.fillStyle = "rgba(80, 200, 120, 0.35)";
    if (t.col === undefined) { drawAreaReach(t); return; }
    for (const cell of state.view.reach || []) if (cell.length === 3) ctx.fillRect(cell[0], cell[1], t.size, t.size);
    const [col, row] = target(t, state.drag.at);
    const cost = costAt(col, row);
    const size = Math.max(16 / state.cam.scale, 0.35);
    ctx.font = "700 " + size + "px sans-serif";
    ctx.fillStyle = cost === null ? "#ff8a7a" : "#fff";
    ctx.fillText(cost === null ? "out of reach" : cost + " square" + (cost === 1 ? "" : "s"), col, row - 0.15);
  }

  function drawAreaReach(t) {
    const costs = new Map((state.view.reach || []).filter((c) => c.length === 2));
    for (const area of state.view.map.areas) {
      if (!costs.has(area.id)) continue;
      ctx.beginPath();
      area.points.forEach(([x, y], k) => (k ? ctx.lineTo(x, y) : ctx.moveTo(x, y)));
      ctx.closePath();
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

  function drawArt(g) {
    const a = state.art, m = state.artMeta;
    if (a && m) g.drawImage(a, m.x, m.y, a.width / m.scale, a.height / m.scale);
  }

  function buildGround() {
    // The grid is painted once per view into a picture of capped size (GROUND_SIDE), so a big
    // map costs one drawImage a frame and a bounded amount of memory, never a loop per square.
    const map = state.view && state.view.map;
    if (!map || map.kind !== "grid") { state.ground = null; return; }
    const k = Math.max(1, Math.min(32, Math.floor(GROUND_SIDE / Math.max(map.width, map.height))));
    const ground = document.createElement("canvas");
    ground.width = map.width * k;
    ground.height = map.height * k;
    const g = ground.getContext("2d");
    g.setTransform(k, 0, 0, k, 0, 0);
    paintGrid(g, map, k);
    state.ground = ground;
  }

  function drawGrid(map) {
    if (!state.ground) buildGround();
    ctx.imageSmoothingEnabled = state.cam.scale < 8;
    ctx.drawImage(state.ground, 0, 0, map.width, map.height);
  }

  function paintGrid(g, map, k) {
    const w = map.width, h = map.height;
    for (let r = 0; r < h; r++) for (let c = 0; c < w; c++) {
      const i = r * w + c;
      if (state.light[i] === DARK) continue;
      g.fillStyle = TERRAIN[state.terrain[i]] || TERRAIN[0];
      g.fillRect(c, r, 1, 1);
    }
    drawArt(g);
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

  function drawAreas(map) {
    for (const area of map.areas) {
      ctx.beginPath();
      area.points.forEach(([x, y], k) => (k ? ctx.lineTo(x, y) : ctx.moveTo(x, y)));
      ctx.closePath();
      ctx.fillStyle = TERRAIN[0];
      ctx.fill();
    }
    drawArt(ctx);
    const [x0, y0, x1, y1] = map.box;
    const unit = Math.max(x1 - x0, y1 - y0) / 40;
    ctx.font = unit + "px sans-serif";
    for (const area of map.areas) {
      ctx.beginPath();
      area.points.forEach(([x, y], k) => (k ? ctx.lineTo(x, y) : ctx.moveTo(x, y)));
      ctx.closePath();
      if (area.light === DIM) { ctx.fillStyle = "rgba(0,0,0,0.5)"; ctx.fill(); }
      ctx.lineWidth = unit / 6;
      ctx.strokeStyle = "#333";
      ctx.stroke();
      ctx.fillStyle = "#222";
      ctx.fillText(area.name, area.points[0][0] + unit / 2, area.points[0][1] + unit * 1.2);
    }
  }

  // -- gestures ----------------------------------------------------------------------
  function onMine(mx, my) {
    const t = mine();
    if (!t || !state.view.moves) return false;
    if (t.col === undefined) {  // an area map: within a token's reach of where it is drawn
      const [x, y] = spot(t);
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

  canvas.addEventListener("pointerdown", (e) => {
    canvas.setPointerCapture(e.pointerId);
    state.pointers.set(e.pointerId, [e.offsetX, e.offsetY]);
    if (state.pointers.size === 1) {
      const now = Date.now();
      if (now - state.lastTap < 300) centreOnMine();
      state.lastTap = now;
      const [mx, my] = toMap(e.offsetX, e.offsetY);
      if (onMine(mx, my)) {
        if (state.view.may_move) state.drag = { id: mine().id, at: [mx, my] };
        else toast("Not your turn: you can move when you act");
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
    request();
  });
  function release(e) {
    state.pointers.delete(e.pointerId);
    if (state.drag && state.pointers.size === 0) {
      const [mx, my] = state.drag.at;
      const t = mine();
      if (socket && socket.readyState === 1 && t && t.col === undefined) {
        const area = areaAt(mx, my);
        if (area !== null && area !== t.area) socket.send(JSON.stringify({ type: "move", token: t.id, area }));
      } else if (socket && socket.readyState === 1 && t) {
        const [col, row] = target(t, [mx, my]);
        if (col !== t.col || row !== t.row) socket.send(JSON.stringify({ type: "move", token: t.id, col, row }));
      }
      state.drag = null;
      request();
    }
  }
  canvas.addEventListener("pointerup", release);
  canvas.addEventListener("pointercancel", release);
  canvas.addEventListener("wheel", (e) => { e.preventDefault(); zoom(Math.pow(1.0015, -e.deltaY), e.offsetX, e.offsetY); request(); }, { passive: false });

  function zoom(factor, px, py) {
    const [mx, my] = toMap(px, py);
    state.cam.scale = Math.min(200, Math.max(2, state.cam.scale * factor));
    state.cam.x = mx - px / state.cam.scale;
    state.cam.y = my - py / state.cam.scale;
  }

  // Where a token is on screen (CSS pixels), for the browser tests and nothing else.
  window.tacticalPage = {
    screenOf(id) {
      const t = state.view && state.view.tokens.find((x) => x.id === id);
      if (!t) return null;
      const [x, y] = spot(t);
      return [(x - state.cam.x) * state.cam.scale, (y - state.cam.y) * state.cam.scale];
    },
    squareSize() { return state.cam.scale; },
    showsPicture(id) {
      const t = state.view && state.view.tokens.find((x) => x.id === id);
      return !!t && tokens.shows(t);
    },
    heldPictures() { return tokens.held(); },
    picturesAsked() { return tokens.asked(); },
    toScreen(x, y) { return [(x - state.cam.x) * state.cam.scale, (y - state.cam.y) * state.cam.scale]; },
    freshSquares() { return state.fresh ? state.fresh.cells.length : 0; },
  };

  el("order-button").addEventListener("click", () => { el("order").hidden = !el("order").hidden; });
  window.addEventListener("resize", () => { resize(); });
  hand.start(token, (frame) => {
    if (!socket || socket.readyState !== 1) return false;
    socket.send(JSON.stringify(frame));
    return true;
  }, toast);
  resize();
  connect();
})();
