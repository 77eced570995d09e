// The phones' page, a character's hand (issue 31): their sheet, the turn, and what the procedure
// asks of them now (a card and a target put down face down, a declaration, a roll).
// A choice the page could not send (the Wi-Fi dropped) is kept and sent again, under the same id,
// once the page is back: the GM's computer answers each id once. Text is set as text, never HTML.
"use strict";
window.tacticalHand = (function () {
  const el = (id) => document.getElementById(id);
  const KEPT = "tactical-pending:";
  let send = () => false;  // page.js hands the socket's sender over
  let toast = () => {};
  let view = null, tab = "map", storageKey = KEPT;
  const pending = new Map();  // id -> the frame sent (or to send), until it is answered
  const picked = new Map();  // ask id -> { field name: value } being chosen on this page
  const typedDice = new Map();  // ask id -> the numbers typed so far
  let drawn = "";  // what the panels were last drawn from: a view that changes none is not redrawn

  function nonce() {
    const bytes = new Uint8Array(12);
    crypto.getRandomValues(bytes);
    return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  }

  function keep() {
    try { sessionStorage.setItem(storageKey, JSON.stringify([...pending.values()])); } catch (e) { /* private mode */ }
  }

  function start(token, sender, say) {
    send = sender;
    toast = say;
    storageKey = KEPT + token;
    try {
      for (const frame of JSON.parse(sessionStorage.getItem(storageKey) || "[]")) pending.set(frame.id, frame);
    } catch (e) { /* nothing kept */ }
    for (const button of document.querySelectorAll("#tabs button")) {
      button.addEventListener("click", () => show(button.dataset.tab));
    }
  }

  function connected() {
    // back after a drop: each choice not answered yet goes again, once, under its own id
    for (const frame of pending.values()) send(frame);
  }

  function submit(frame) {
    frame.id = nonce();
    pending.set(frame.id, frame);
    keep();
    if (!send(frame)) toast("Not connected: it is sent when the page is back");
    render();
  }

  function answered(msg) {
    const frame = pending.get(msg.id);
    if (!frame) return;
    pending.delete(msg.id);
    keep();
    if (!msg.ok) toast(msg.reason || "That was refused");
    else if (frame.type === "roll") toast("Roll entered");
    render();
  }

  function show(which) {
    tab = which;
    for (const button of document.querySelectorAll("#tabs button")) {
      button.setAttribute("aria-pressed", String(button.dataset.tab === which));
    }
    el("sheet").hidden = which !== "character";
    el("turn").hidden = which !== "turn";
    document.body.dataset.tab = which;
  }

  function askKey(ask) { return ask.action + "|" + ask.title; }

  function update(msg) {
    view = msg;
    // what was being picked or typed for an ask that is no longer asked is dropped: the next
    // ask (another hit, another roll) starts from its own defaults
    const asked = new Set(((msg.hand || {}).asks || []).map(askKey));
    for (const key of [...picked.keys()]) if (!asked.has(key)) picked.delete(key);
    for (const key of [...typedDice.keys()]) if (!asked.has(key)) typedDice.delete(key);
    const character = msg.kind === "character" && !msg.gone && !msg.paused;
    el("tabs").hidden = !character;
    if (!character) { el("sheet").hidden = true; el("turn").hidden = true; return; }
    show(tab);
    render();
  }

  function text(tag, content, cls) {
    const node = document.createElement(tag);
    node.textContent = content;
    if (cls) node.className = cls;
    return node;
  }

  function render(force) {
    if (!view || view.kind !== "character") return;
    const hand = view.hand || {};
    const from = JSON.stringify([hand, view.fight, view.may, [...pending.keys()]]);
    if (from === drawn && !force) return;
    drawn = from;
    renderSheet(hand);
    renderTurn(hand);
    const asked = (hand.asks || []).length > 0 && !mineStaged(hand);
    el("turn-tab").textContent = asked ? "Turn •" : "Turn";
    el("turn-tab").classList.toggle("asked", asked);
  }

  function mineStaged(hand) {
    return (hand.staged || []).find((s) => s.token_id === (hand.sheet || {}).token_id && !s.revealed);
  }

  function renderSheet(hand) {
    const sheet = el("sheet");
    const card = hand.sheet || { lines: [], statuses: [], cards: [] };
    sheet.replaceChildren(text("h2", view.character || ""));
    if (card.procedure) sheet.append(text("p", card.procedure, "quiet"));
    const lines = document.createElement("dl");
    for (const line of card.lines || []) lines.append(text("dt", line.label), text("dd", line.value));
    sheet.append(lines);
    if (!(card.lines || []).length) sheet.append(text("p", "No figures tracked now.", "quiet"));
    if ((card.cards || []).length) {
      sheet.append(text("h3", "Cards in hand"));
      const list = document.createElement("ul");
      for (const name of card.cards) list.append(text("li", name));
      sheet.append(list);
    }
    const statuses = card.statuses || [];
    sheet.append(text("h3", "Statuses"));
    sheet.append(text("p", statuses.length ? statuses.join(", ") : "None", statuses.length ? "" : "quiet"));
  }

  function renderTurn(hand) {
    const panel = el("turn");
    const fight = view.fight, turn = hand.turn;
    panel.replaceChildren();
    if (!fight && !turn) { panel.append(text("p", "No fight runs now.", "quiet")); return; }
    panel.append(text("h2", fight ? fight.heading : (turn.round ? "Round " + turn.round + " — " : "") + turn.step));
    if (turn && turn.your_turn) panel.append(text("p", "Your turn", "callout"));
    else if (turn && turn.you_are_next) panel.append(text("p", "You are next", "callout"));
    if (fight && fight.now) panel.append(text("p", fight.now));
    const mine = mineStaged(hand);
    for (const ask of hand.asks || []) panel.append(askBox(ask, mine));
    if (!(hand.asks || []).length && mine) panel.append(text("p", "Face down: " + mine.summary, "chosen"));
    const shown = (hand.staged || []).filter((s) => s.revealed);
    if (shown.length) {
      panel.append(text("h3", "Revealed"));
      const list = document.createElement("ul");
      list.className = "revealed";
      for (const s of shown) list.append(text("li", s.name + ": " + s.summary));
      panel.append(list);
    }
    const order = document.createElement("ol");
    order.className = "order";
    const rows = turn ? turn.order : fight.rows.map((r) => ({ name: r.name, acting: r.acting, out: r.out }));
    for (const row of rows) {
      const item = text("li", row.order ? row.name + " (" + row.order + ")" : row.name);
      if (row.acting) item.classList.add("acting");
      if (row.out) item.classList.add("out");
      if (row.token_id && row.token_id === (hand.sheet || {}).token_id) item.classList.add("mine");
      order.append(item);
    }
    panel.append(text("h3", "Order"), order);
  }

  function waiting(action) {
    return [...pending.values()].some((f) => f.ask === action);
  }

  function askBox(ask, mine) {
    const box = document.createElement("section");
    box.className = "ask";
    box.dataset.ask = ask.action;
    if ((ask.fields || []).length || ask.kind === "roll") box.append(text("h3", ask.title));
    if (ask.hint) box.append(text("p", ask.hint, "quiet"));
    if (ask.secret && mine) box.append(text("p", "Face down: " + mine.summary + " (you may change it until the reveal)", "chosen"));
    if (waiting(ask.action)) box.append(text("p", "Sending…", "quiet"));
    if (ask.kind === "roll") rollForm(box, ask);
    else chooseForm(box, ask, ask.secret ? mine : null);
    return box;
  }

  function chooseForm(box, ask, staged) {
    let values = picked.get(askKey(ask));
    if (!values) {
      // a card already down starts the form: changing it is changing what is picked
      values = {};
      for (const name of ["card", "target", "area"]) if (staged && staged[name]) values[name] = staged[name];
      picked.set(askKey(ask), values);
    }
    for (const field of ask.fields || []) {
      if (values[field.name] === undefined && field.default !== null && field.default !== undefined) values[field.name] = field.default;
      box.append(text("h4", field.label));
      const list = document.createElement("div");
      list.className = "options";
      if (!(field.options || []).length && (field.kind === "int" || field.kind === "text")) {
        const input = document.createElement("input");
        input.type = field.kind === "int" ? "number" : "text";
        input.dataset.field = field.name;
        input.value = values[field.name] ?? "";
        input.addEventListener("input", () => { const n = parseInt(input.value, 10); values[field.name] = field.kind === "int" ? (Number.isNaN(n) ? undefined : n) : input.value; });
        list.append(input);
      } else if (field.kind === "bool") {
        for (const [value, label] of [[true, "Yes"], [false, "No"]]) list.append(option(values, field, value, label));
      } else {
        if (field.optional) list.append(option(values, field, null, "None"));
        for (const o of field.options || []) list.append(option(values, field, o.value, o.label));
      }
      box.append(list);
    }
    const missing = (ask.fields || []).some((f) => !f.optional && (values[f.name] === undefined || values[f.name] === null));
    const fields = ask.fields || [];
    const go = text("button", ask.secret ? "Put it down, face down" : fields.length ? "Declare" : ask.title, "go");
    go.type = "button";
    go.disabled = missing;
    go.addEventListener("click", () => {
      const chosen = {};
      for (const field of ask.fields || []) if (values[field.name] !== undefined && values[field.name] !== null) chosen[field.name] = values[field.name];
      submit({ type: "choose", ask: ask.action, values: chosen });
    });
    box.append(go);
  }

  function option(values, field, value, label) {
    const button = text("button", label);
    button.type = "button";
    button.dataset.field = field.name;
    button.setAttribute("aria-pressed", String((values[field.name] ?? null) === value));
    button.addEventListener("click", () => { values[field.name] = value; render(true); });
    return button;
  }

  function rollForm(box, ask) {
    box.append(text("p", "Roll " + ask.roll.text, "dice"));
    const row = document.createElement("div");
    row.className = "dice";
    const fields = [];
    const kept = typedDice.get(askKey(ask)) || [];
    typedDice.set(askKey(ask), kept);
    for (let i = 0; i < ask.roll.count; i++) {
      const input = document.createElement("input");
      input.value = kept[i] || "";
      input.addEventListener("input", () => { kept[i] = input.value; });
      input.type = "number";
      input.inputMode = "numeric";
      input.min = "1";
      input.max = String(ask.roll.sides);
      input.setAttribute("aria-label", "Die " + (i + 1));
      row.append(input);
      fields.push(input);
    }
    box.append(row);
    const buttons = document.createElement("div");
    buttons.className = "options";
    const typed = text("button", "Enter these dice", "go");
    typed.type = "button";
    typed.addEventListener("click", () => {
      const dice = fields.map((f) => Number(f.value));
      if (dice.some((d) => !Number.isInteger(d) || d < 1 || d > ask.roll.sides)) {
        toast("Each die shows 1 to " + ask.roll.sides);
        return;
      }
      typedDice.delete(askKey(ask));
      submit({ type: "roll", ask: ask.action, dice });
    });
    const forMe = text("button", "Roll for me");
    forMe.type = "button";
    forMe.addEventListener("click", () => submit({ type: "roll", ask: ask.action, for_me: true }));
    buttons.append(typed, forMe);
    box.append(buttons);
  }

  return { start, connected, update, answered, pending: () => pending.size, show };
})();
