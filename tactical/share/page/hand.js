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

  function update(msg) {
    view = msg;
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
    const asked = (hand.asks || []).some((a) => !a.chosen);
    el("turn-tab").textContent = asked ? "Turn •" : "Turn";
    el("turn-tab").classList.toggle("asked", asked);
  }

  function renderSheet(hand) {
    const sheet = el("sheet");
    sheet.replaceChildren(text("h2", view.character || ""));
    const lines = document.createElement("dl");
    for (const [label, value] of hand.sheet || []) {
      lines.append(text("dt", label), text("dd", value));
    }
    if (!(hand.sheet || []).length) sheet.append(text("p", "No figures tracked now.", "quiet"));
    sheet.append(lines);
    const statuses = hand.statuses || [];
    sheet.append(text("h3", "Statuses"));
    sheet.append(text("p", statuses.length ? statuses.join(", ") : "None", statuses.length ? "" : "quiet"));
  }

  function renderTurn(hand) {
    const turn = el("turn");
    const fight = view.fight;
    turn.replaceChildren();
    if (!fight) { turn.append(text("p", "No fight runs now.", "quiet")); return; }
    turn.append(text("h2", fight.heading));
    const info = hand.turn || {};
    if (info.yours) turn.append(text("p", "Your turn", "callout"));
    else if (info.next) turn.append(text("p", "You are next", "callout"));
    if (fight.now) turn.append(text("p", fight.now));
    for (const ask of hand.asks || []) turn.append(askBox(ask));
    const order = document.createElement("ol");
    order.className = "order";
    for (const row of fight.rows) {
      const item = text("li", row.revealed ? row.name + " — " + row.revealed : row.name);
      if (row.acting) item.classList.add("acting");
      if (row.out) item.classList.add("out");
      if (row.name === view.character) item.classList.add("mine");
      order.append(item);
    }
    turn.append(text("h3", "Order"), order);
  }

  function waiting(askId) {
    return [...pending.values()].some((f) => f.ask === askId);
  }

  function askBox(ask) {
    const box = document.createElement("section");
    box.className = "ask";
    box.dataset.ask = ask.id;
    box.append(text("h3", ask.title));
    if (ask.text) box.append(text("p", ask.text));
    if (ask.chosen) box.append(text("p", ask.chosen, "chosen"));
    if (waiting(ask.id)) box.append(text("p", "Sending…", "quiet"));
    const may = view.may || [];
    if (ask.kind === "roll") {
      if (!may.includes("roll")) { box.append(text("p", "The GM enters this roll.", "quiet")); return box; }
      rollForm(box, ask);
    } else {
      if (!may.includes("declare")) { box.append(text("p", "The GM enters this choice.", "quiet")); return box; }
      chooseForm(box, ask);
    }
    return box;
  }

  function chooseForm(box, ask) {
    const values = picked.get(ask.id) || Object.assign({}, ask.values || {});
    picked.set(ask.id, values);
    for (const field of ask.fields || []) {
      box.append(text("h4", field.label));
      const list = document.createElement("div");
      list.className = "options";
      const options = field.optional ? [[null, "None"], ...field.options] : field.options;
      for (const [value, label] of options) {
        const button = text("button", label);
        button.type = "button";
        button.dataset.field = field.name;
        button.setAttribute("aria-pressed", String((values[field.name] ?? null) === value));
        button.addEventListener("click", () => { values[field.name] = value; render(true); });
        list.append(button);
      }
      box.append(list);
    }
    const missing = (ask.fields || []).some((f) => !f.optional && (values[f.name] === undefined || values[f.name] === null));
    const go = text("button", ask.submit || "Send", "go");
    go.type = "button";
    go.disabled = missing;
    go.addEventListener("click", () => {
      const chosen = {};
      for (const field of ask.fields || []) if (values[field.name] !== undefined) chosen[field.name] = values[field.name];
      picked.delete(ask.id);
      submit({ type: "choose", ask: ask.id, values: chosen });
    });
    box.append(go);
  }

  function rollForm(box, ask) {
    box.append(text("p", "Roll " + ask.dice, "dice"));
    const row = document.createElement("div");
    row.className = "dice";
    const fields = [];
    const kept = typedDice.get(ask.id) || [];
    typedDice.set(ask.id, kept);
    for (let i = 0; i < ask.count; i++) {
      const input = document.createElement("input");
      input.value = kept[i] || "";
      input.addEventListener("input", () => { kept[i] = input.value; });
      input.type = "number";
      input.inputMode = "numeric";
      input.min = "1";
      input.max = String(ask.sides);
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
      if (dice.some((d) => !Number.isInteger(d) || d < 1 || d > ask.sides)) {
        toast("Each die shows 1 to " + ask.sides);
        return;
      }
      typedDice.delete(ask.id);
      submit({ type: "roll", ask: ask.id, dice });
    });
    const forMe = text("button", "Roll for me");
    forMe.type = "button";
    forMe.addEventListener("click", () => submit({ type: "roll", ask: ask.id, for_me: true }));
    buttons.append(typed, forMe);
    box.append(buttons);
  }

  return { start, connected, update, answered, pending: () => pending.size, show };
})();
