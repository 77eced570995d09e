// The phones' page (issue 25): draws what the GM's computer sends for this link, nothing more.
// This file connects (and reconnects by itself), takes each view in, keeps the camera, draws the
// frame and lights up squares seen for the first time; paint.js paints the map, tokens.js the
// tokens, gestures.js takes the fingers, hand.js a character's sheet and turn (all loaded first).
// All text from the server is set as text, never as HTML.
"use strict";
(function () {
  const paint = window.tacticalPaint, DARK = paint.DARK, cells = paint.cells;
  const FRESH_MS = 2500;  // how long newly seen squares glow
  const BAR_PX = 60;  // the bar over the map's top
  const STOPPED = 4410, REVOKED = 4403;  // the server's close codes (tactical/share/server.py)
  const RESYNC = 4000;  // this page's: it closes to connect again
  const canvas = document.getElementById("map");
  const ctx = canvas.getContext("2d");
  const el = (id) => document.getElementById(id);
  const tokens = window.tacticalTokens, spot = tokens.spot;  // tokens.js, loaded first
  const hand = window.tacticalHand;  // hand.js: a character's sheet, turn and choices
  const token = location.pathname.split("/")[2] || "";
  const state = { view: null, light: null, height: null, terrain: null, held: null, art: null, artKey: null,
    cam: { x: 0, y: 0, scale: 40 }, fitted: false, grounds: { whole: 0, delta: 0 }, drag: null, pointers: new Map(), lastTap: 0 };
  let socket = null, retry = 0, dirty = false;

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
    const map = msg.map;
    if (map.kind === "grid") {
      // the ground (heights, terrain, walls) comes whole, or only what changed in the one held
      // (a delta naming it), or not at all while it stays the one held
      const n = map.width * map.height;
      if (msg.ground) {
        state.held = paint.whole(map.ground, msg.ground, n);
        state.grounds.whole++;
      } else if (msg.delta && paint.patch(state.held, map.ground, msg.delta, n)) {
        state.grounds.delta++;
      }
      if (!state.held || state.held.key !== map.ground) return resync();
    }
    if (before && !sameMap(before.map, msg.map)) state.fitted = false;  // another scene
    const beforeLight = state.light;
    state.view = msg;
    if (map.kind === "grid") {
      state.light = cells(map, "light", Uint8Array, map.width * map.height);
      state.height = state.held.height;
      state.terrain = state.held.terrain;
      map.walls = state.held.wallsList;
      map.lines = state.held.linesList;
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

  function resync() {
    // the view draws on a ground this page does not hold (it should never be): connect again,
    // and the GM's computer sends the whole ground
    if (socket) socket.close(RESYNC, "the whole ground, please");
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
    paint.fillCells(ctx, state, fresh.cells);
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
    paint.drawMap(ctx, state);
    paint.drawTemplates(ctx, state);
    drawFresh();
    if (state.drag) gestures.drawReach(ctx);
    tokens.draw(ctx, state.view.tokens, state.cam.scale, state.drag);
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
    // the ground held, in one order (the tests compare a page that followed with one reloaded)
    ground() {
      const h = state.held;
      return h && { key: h.key, height: Array.from(h.height), terrain: Array.from(h.terrain),
        walls: Array.from(h.walls.keys()).sort(), lines: Array.from(h.lines.keys()).sort(), ...state.grounds };
    },
    groundPicture() { return state.ground ? state.ground.toDataURL() : null; },
  };

  function send(frame) {
    if (!socket || socket.readyState !== 1) return false;
    socket.send(JSON.stringify(frame));
    return true;
  }

  const gestures = window.tacticalGestures.start({ state, canvas, mine, spot, request, centreOnMine, toast, send });
  el("order-button").addEventListener("click", () => { el("order").hidden = !el("order").hidden; });
  window.addEventListener("resize", () => { resize(); });
  hand.start(token, send, toast);
  resize();
  connect();
})();
