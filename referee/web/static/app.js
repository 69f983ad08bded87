// The web table's pages: a seat (a phone), the table screen, a spectator; the same for
// every game. What is a game's own is drawn by its drawer (the game package's
// web/draw.js, served as /static/game/draw.js), which registers itself with
// ``refereePage.game({ draw, reset })``; a game with none is drawn here from its view
// and the moves its seat may make (``you.legal``), one button each.
//
// Hand-written and small on purpose: no framework, no build step, nothing
// from a CDN, so the package serves it offline as it is. The page knows
// nothing but its own URL: everything it shows comes from that URL's /view
// (then its WebSocket), which the server computed for this seat alone. Text
// reaches the page only through textContent (never innerHTML), so a name or a
// statement typed by a player is never read as markup.
"use strict";

(function () {
  const base = location.pathname.replace(/\/+$/, "");
  const role = document.body.className;
  const app = document.getElementById("app");
  const thinking = document.getElementById("thinking");
  let view = null;
  let busy = false;
  let thinkingTimer = null;
  const title = document.body.dataset.title || "referee";  // the game's, from its registration
  const ui = { messages: [] };
  let drawer = null;  // the game's own: { draw(view) -> parts, reset() }

  // ------------------------------------------------------------ DOM helpers

  function h(tag, attrs, ...children) {
    const el = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === null || v === undefined || v === false) continue;
      if (k === "class") el.className = v;
      else if (k === "onclick") el.addEventListener("click", v);
      else if (k === "text") el.textContent = v;
      else el.setAttribute(k, v === true ? "" : String(v));
    }
    for (const c of children.flat()) {
      if (c === null || c === undefined || c === false) continue;
      el.append(typeof c === "string" || typeof c === "number" ? document.createTextNode(String(c)) : c);
    }
    return el;
  }

  function button(label, command, cls, attrs) {
    return h("button", Object.assign({ class: cls || "", type: "button", disabled: busy, onclick: () => send(command) }, attrs || {}), label);
  }

  // ------------------------------------------------------------ talking to the server

  function showThinking(on) {
    clearTimeout(thinkingTimer);
    if (on) thinkingTimer = setTimeout(() => { thinking.hidden = false; }, 150);
    else thinking.hidden = true;
  }

  // A tap that could not reach the table is never lost silently: the page says so, keeps
  // it, and sends it again once the table is back, unless the game moved on meanwhile
  // (then it says the tap was dropped: what it meant may no longer hold).
  let unsent = null;  // { command, version, epoch }
  async function send(command) {
    if (busy) return;
    busy = true;
    showThinking(true);
    ui.messagesAt = Infinity;  // what this command answers is not stale yet
    try {
      const r = await fetch(base + "/command", { method: "POST", body: command, headers: { "Content-Type": "text/plain; charset=utf-8" } });
      if (!r.ok && r.headers.get("Content-Type") !== "application/json") throw new Error(String(r.status));
      const answer = await r.json();
      unsent = null;
      ui.messages = answer.messages || [];
      ui.messagesOk = answer.ok;
      if (answer.ok) resetSelection();
    } catch (e) {
      unsent = { command: command, version: view ? view.version : 0, epoch: view ? view.epoch : null };
      ui.messages = ["Not sent: “" + command + "” — the table cannot be reached. It is sent again when the table is back."];
      ui.messagesOk = false;
    }
    busy = false;
    showThinking(view && view.thinking);
    await refresh();
    ui.messagesAt = view ? view.version : 0;
    render();
  }

  async function retryUnsent() {
    if (!unsent || busy) return;
    const tap = unsent;
    if (!view || view.epoch !== tap.epoch || view.version !== tap.version) {
      unsent = null;
      ui.messages = ["Dropped: “" + tap.command + "” was not sent, and the game has moved on since. Tap again if it still holds."];
      ui.messagesOk = false;
      ui.messagesAt = view ? view.version : 0;
      render();
      return;
    }
    unsent = null;
    await send(tap.command);
  }
  function dropUnsent() {
    unsent = null;
    ui.messages = [];
    render();
  }

  function resetSelection() {
    if (drawer && drawer.reset) drawer.reset();
  }

  async function refresh() {
    try {
      const r = await fetch(base + "/view", { cache: "no-store" });
      if (r.ok) show(await r.json());
    } catch (e) { /* the socket brings the next view */ }
  }

  // What the last move changed is marked on every screen (a square, a card, a statement):
  // the page compares the public parts of the view it had with the new one.
  let before = null;  // the view shown before the latest move
  function show(v) {
    if (view && v.epoch === view.epoch && v.version < view.version) return;  // an old frame
    if (view && v.version !== view.version) before = view;
    if (view && v.epoch !== view.epoch) before = null;
    // The game moved on: what this phone was told about an earlier move is stale.
    if (ui.messages.length && !unsent && v.version > (ui.messagesAt ?? 0)) ui.messages = [];
    view = v;
    showThinking(v.thinking);
    render();
  }

  // While the socket is down (a phone asleep, the Wi-Fi lost, the server restarted) the
  // page says so, and fetches the view again once it is back: it missed what happened.
  const offline = h("div", { id: "offline", role: "status", hidden: true }, "Reconnecting…");
  document.body.append(offline);
  let socket = null;
  let retry = 500;
  let lost = false;
  function connect() {
    const scheme = location.protocol === "https:" ? "wss://" : "ws://";
    socket = new WebSocket(scheme + location.host + base + "/ws");
    socket.onopen = () => {
      retry = 500;
      offline.hidden = true;
      if (lost) { lost = false; refresh().then(retryUnsent); }
    };
    socket.onmessage = (e) => {
      const m = JSON.parse(e.data);
      if (m.type === "view") show(m.view);
      else if (m.type === "thinking") showThinking(true);
    };
    socket.onclose = () => {
      lost = true;
      offline.hidden = false;
      setTimeout(connect, retry);
      retry = Math.min(retry * 2, 5000);
    };
  }
  document.addEventListener("visibilitychange", () => { if (!document.hidden) refresh(); });

  // ------------------------------------------------------------ common parts

  function header(v) {
    const you = v.you ? v.you.name : null;
    let turn = "";
    let mine = v.to_play && v.to_play === you;
    if (v.finished) turn = "The game is over";
    else if (v.vote && v.vote.asked) {  // the turn waits for every asked player's vote
      const waiting = v.vote.waiting || v.vote.asked;
      mine = waiting.includes(you);
      const others = waiting.filter((p) => p !== you);
      turn = "A vote is open on " + v.vote.player + "'s claim: " + (mine ? "your vote" : others.join(", ") + " to vote");
    } else if (v.to_play) turn = mine ? "Your turn" : v.to_play + " to play";
    return h("header", {},
      h("h1", {}, title),
      you ? h("p", { class: "you" }, "You are ", h("strong", {}, you)) : (role === "spectator" ? h("p", { class: "you" }, "Watching") : null),
      role === "seat" ? h("button", { type: "button", class: "help secondary", disabled: busy, onclick: () => send("help") }, "? Rules & help") : null,
      h("p", { class: "turn banner" + (mine ? " mine" : "") + (v.finished ? " over" : "") }, turn));
  }

  function messages() {
    if (!ui.messages.length) return null;
    return h("section", { class: "messages " + (ui.messagesOk ? "ok" : "refused") + (unsent ? " unsent" : ""), "aria-live": "polite" },
      ui.messages.map((m) => h("pre", {}, m)),
      unsent ? h("div", { class: "row" }, h("button", { type: "button", class: "primary", onclick: () => retryUnsent() }, "Send again"),
        h("button", { type: "button", class: "secondary", onclick: dropUnsent }, "Drop it")) : null);
  }

  function log(v) {
    if (!v.log || !v.log.length) return null;
    const [first, ...rest] = v.log;
    return h("section", { class: "log" },
      h("h2", {}, "Last ruling"),
      h("p", { class: "ruling" }, first),
      rest.length ? reasons(rest) : null);
  }
  function reasons(lines) {
    // Nobody taps a TV: the table screen shows the reasons in full (a round's Proof and
    // points, a vote's count) until the next move replaces them.
    if (role === "table") return h("div", { class: "reasons" }, lines.map((l) => h("pre", {}, l)));
    const details = h("details", { open: ui.reasonsOpen }, h("summary", {}, "the reasons, in full"), lines.map((l) => h("pre", {}, l)));
    details.addEventListener("toggle", () => { ui.reasonsOpen = details.open; });
    return details;
  }

  let typed = null;  // made once: a view arriving while someone types must not wipe it
  function commandLine() {
    if (typed) return typed;
    const input = h("input", { type: "text", id: "command", autocomplete: "off", autocapitalize: "none", spellcheck: "false", placeholder: "or type a command (help)", maxlength: 2000 });
    const form = h("form", { class: "commandline" }, input, h("button", { type: "submit" }, "Send"));
    form.addEventListener("submit", (e) => { e.preventDefault(); if (input.value.trim()) { send(input.value); input.value = ""; } });
    typed = form;
    return form;
  }

  function seatsPanel(v) {
    if (role !== "table") return null;
    const waiting = v.seats.filter((s) => !s.joined);
    return h("section", { class: "seats" },
      h("h2", {}, waiting.length ? "Scan your seat" : "Every seat has its phone"),
      h("div", { class: "codes" }, waiting.map((s) => h("figure", {},
        h("img", { src: s.qr, alt: "QR code for " + s.name + "'s seat", width: 164, height: 164 }),
        h("figcaption", {}, s.name)))),
      h("p", { class: "spectator" }, "Spectators: ", h("a", { href: v.spectator }, "watch link")));
  }


  // ------------------------------------------------------------ the page

  function render() {
    if (!view) return;
    const keepFocus = document.activeElement;
    // The game's own parts, and beside them (on a wide or landscape screen; below them on a
    // phone held upright) what was said: so a board fits the screen's height.
    const side = [];
    if (role === "seat") side.push(messages(), commandLine());
    side.push(log(view), seatsPanel(view));
    const play = (drawer ? drawer.draw(view) : []).filter(Boolean);
    app.replaceChildren(header(view), h("div", { class: "stage game-" + view.game },
      h("div", { class: "play" }, play), h("aside", { class: "side" }, side.filter(Boolean))));
    app.dataset.version = String(view.version);
    document.title = title + (view.you ? " · " + view.you.name : "");
    if (keepFocus && keepFocus.id && document.getElementById(keepFocus.id) === keepFocus) keepFocus.focus();
  }

  // What a game's drawer is given: the helpers, and what the page knows now.
  window.refereePage = {
    h, button, send, render, role, base,
    get busy() { return busy; },
    get view() { return view; },
    get before() { return before; },  // the view shown before the latest move
    say(lines, ok) { ui.messages = lines; ui.messagesOk = ok; render(); },
    game(d) { drawer = d; },
  };

  // The drawer's script comes after this one: start once every script has run.
  document.addEventListener("DOMContentLoaded", () => { refresh().then(connect); });
})();
