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

  // A player's name as every screen shows it: a seat the referee plays is marked (the
  // view's ``computers``), so the table knows which players have no phone.
  function playerName(v, name) {
    const computer = v && Array.isArray(v.computers) && v.computers.includes(name);
    return computer ? [name, " ", h("span", { class: "computer-mark", title: "the referee plays this seat" }, "computer")] : [name];
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
    // It became this seat's turn (or its vote): the phone vibrates, where the browser allows,
    // once per turn, never on the first view a page opens with.
    if (role === "seat" && view && !mine(view) && mine(v) && navigator.vibrate) navigator.vibrate(200);
    view = v;
    showThinking(v.thinking);
    render();
  }

  // Whether the table waits for this seat: its turn, or its vote.
  function mine(v) {
    const you = v.you ? v.you.name : null;
    if (!you || v.finished) return false;
    if (v.vote && v.vote.asked) return (v.vote.waiting || v.vote.asked).includes(you);
    return Boolean(v.to_play) && v.to_play === you;
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
    const ours = mine(v);
    if (v.finished) turn = "The game is over";
    else if (v.vote && v.vote.asked) {  // the turn waits for every asked player's vote
      const others = (v.vote.waiting || v.vote.asked).filter((p) => p !== you);
      turn = "A vote is open on " + v.vote.player + "'s claim: " + (ours ? "your vote" : others.join(", ") + " to vote");
    } else if (v.to_play) turn = ours ? "Your turn" : v.to_play + " to play";
    return h("header", {},
      h("h1", {}, title),
      you ? h("p", { class: "you" }, "You are ", h("strong", {}, you)) : (role === "spectator" ? h("p", { class: "you" }, "Watching") : null),
      role === "seat" ? h("button", { type: "button", class: "help secondary", disabled: busy, onclick: () => send("help") }, "? Rules & help") : null,
      h("p", { class: "turn banner" + (ours ? " mine" : "") + (v.finished ? " over" : "") }, turn));
  }

  // Undo by asking the table: a seat asks, every other player allows or refuses on their
  // own phone, and every screen shows who has answered (the table's rule, not a game's).
  function undoPanel(v) {
    const you = v.you ? v.you.name : null;
    const r = v.undo_request;
    if (r) {
      const waiting = r.waiting.join(", ");
      if (you && r.waiting.includes(you)) {
        return h("section", { class: "undo-request" }, h("p", {}, r.asker + " asks to take back the last move."),
          h("div", { class: "row" }, button("Allow", "undo yes", "primary"), button("Refuse", "undo no", "secondary")));
      }
      const whose = you === r.asker ? "You asked" : r.asker + " asks";
      return h("section", { class: "undo-request" }, h("p", {}, whose + " to take back the last move: " + waiting + " to answer."));
    }
    if (role === "seat" && v.undoable && !v.finished) return h("div", { class: "row" }, button("Ask to take back the last move", "undo please", "secondary undo-ask"));
    return null;
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


  // ------------------------------------------------------------ a game without a drawer

  // Drawn from what every game's view says: its players, its board (a grid, where the view
  // gives its columns and rows), this seat's hand, and the moves this seat may make now
  // (``you.legal``, complete lines of the game's commands), one button each; the rest of
  // the view is shown as it is, so a game is playable on a phone before it has a drawer.
  const PAGE_KEYS = ["game", "version", "epoch", "thinking", "log", "role", "seats", "spectator",
    "ending", "computers", "match", "rematch", "to_play", "finished", "you", "players", "board",
    "columns", "rows", "ruling"];  // ruling: drawn by a game's drawer (issue 38), not here
  const MANY = 24;  // more moves than this: grouped, the most frequent group alone open
  const FEW = 6;  // so many moves of one word at most stand alone beside the groups
  let movesFilter = null;  // made once: a view arriving while someone types must not wipe it

  function scalar(x) { return x === null || ["string", "number", "boolean"].includes(typeof x); }
  function plain(x) {
    if (x === null || x === undefined) return "—";
    if (typeof x === "boolean") return x ? "yes" : "no";
    if (scalar(x)) return String(x);
    if (Array.isArray(x) && x.every(scalar)) return x.length ? x.map(plain).join(", ") : "none";
    return JSON.stringify(x);
  }
  // A card (or any item of a list) as a short text: its own name for itself, else all of it.
  function named(x) {
    if (scalar(x)) return plain(x);
    for (const k of ["label", "name", "card", "id"]) if (x && scalar(x[k]) && x[k] !== null) return String(x[k]);
    if (x && typeof x === "object" && !Array.isArray(x)) {  // a piece: {side, kind} -> "white hollow"
      const words = Object.values(x).filter((w) => scalar(w) && w !== null && w !== false).map(String);
      if (words.length) return words.join(" ");
    }
    return plain(x);
  }

  function genericPlayers(v) {
    if (!Array.isArray(v.players) || !v.players.length) return null;
    return h("section", { class: "people" }, v.players.map((p) => {
      const name = scalar(p) ? p : p.name;
      const mine = scalar(p) ? v.you && p === v.you.name : p.you;
      const facts = scalar(p) ? [] : Object.entries(p).filter(([k, x]) => k !== "name" && k !== "you" && (scalar(x) || (Array.isArray(x) && x.every(scalar))));
      return h("div", { class: "person" + (name === v.to_play ? " active" : "") + (mine ? " mine" : ""), "data-player": plain(name) },
        h("strong", {}, playerName(v, plain(name))), facts.map(([k, x]) => h("span", { class: "fact" }, k.replace(/_/g, " ") + ": " + plain(x))));
    }));
  }

  // A board the view gives as columns (a string or list of names) and a number of rows,
  // squares named column + row ("e5"), row 1 at the bottom; a square that is a legal move
  // by itself is tapped to make it.
  function genericGrid(v, legal) {
    const columns = typeof v.columns === "string" ? v.columns.split("") : v.columns;
    if (!Array.isArray(columns) || !columns.length || !Number.isInteger(v.rows) || v.rows < 1 || v.rows > 40) return null;
    if (!v.board || typeof v.board !== "object" || Array.isArray(v.board)) return null;
    const grid = h("div", { class: "grid", role: "grid" });
    grid.style.gridTemplateColumns = "repeat(" + columns.length + ", minmax(0, 1fr))";  // CSSOM: the CSP allows it
    for (let r = v.rows; r >= 1; r--) {
      for (const c of columns) {
        const sq = c + r;
        const on = v.board[sq];
        const move = legal.includes(sq);
        grid.append(h("button", { type: "button", class: "cell" + (move ? " can" : ""), "data-square": sq,
          "aria-label": sq + (on !== undefined && on !== null ? " " + named(on) : ""),
          disabled: busy || !move, onclick: move ? () => send(sq) : null },
          on !== undefined && on !== null ? named(on) : h("span", { class: "coord" }, sq)));
      }
    }
    return grid;
  }

  // More than MANY moves: a few moves of one word (``liar``, ``pass``: nothing to choose
  // beside them) are buttons of their own, first; the others are grouped by their command
  // (the first word), the game's most frequent move (the command with the most lines) first
  // and open, the rest closed; typing in the filter opens every group that matches.
  function genericMoves(legal) {
    if (!legal.length) return null;
    const el = h("section", { class: "moves" }, h("h2", {}, "Your moves"));
    const many = legal.length > MANY;
    if (many) {
      if (!movesFilter) {
        movesFilter = h("input", { type: "search", id: "moves-filter", autocomplete: "off", autocapitalize: "none", spellcheck: "false", placeholder: "find a move", maxlength: 100 });
        movesFilter.addEventListener("input", () => render());
      }
      el.append(movesFilter);
    }
    const wanted = movesFilter && many ? movesFilter.value.trim().toLowerCase() : "";
    const lines = legal.filter((l) => !wanted || l.toLowerCase().includes(wanted));
    const move = (l) => h("button", { type: "button", class: "move", "data-move": l, disabled: busy, onclick: () => send(l) }, l);
    const groups = new Map();  // command -> its lines; "": the moves of one word
    for (const l of lines) {
      const word = l.includes(" ") ? l.split(" ")[0] : "";
      if (!groups.has(word)) groups.set(word, []);
      groups.get(word).push(l);
    }
    if (many && groups.has("") && groups.get("").length <= FEW) {  // never behind a closed group
      el.append(h("div", { class: "row wrap single" }, groups.get("").map(move)));
      groups.delete("");
    }
    const order = [...groups.entries()];
    if (many) order.sort((a, b) => b[1].length - a[1].length);  // stable: ties keep their order
    order.forEach(([word, ls], i) => {
      const buttons = h("div", { class: "row wrap" }, ls.map(move));
      if (groups.size === 1 && !many) { el.append(buttons); return; }
      el.append(h("details", { class: "group", open: !many || wanted !== "" || i === 0, "data-group": word },
        h("summary", {}, (word || "moves") + " (" + ls.length + ")"), buttons));
    });
    if (!lines.length) el.append(h("p", { class: "empty" }, "no move matches"));
    return el;
  }

  // What else the view says, as it is: a long value folded away, one tap to open.
  function genericRest(x, skip) {
    const rows = Object.entries(x || {}).filter(([k]) => !skip.includes(k));
    if (!rows.length) return null;
    return h("dl", { class: "plain" }, rows.flatMap(([k, value]) => {
      const text = plain(value);
      const said = text.length <= 120 ? text : h("details", {}, h("summary", {}, text.slice(0, 40) + "…"), h("pre", {}, JSON.stringify(value, null, 1)));
      return [h("dt", {}, k.replace(/_/g, " ")), h("dd", {}, said)];
    }));
  }

  function genericDraw(v) {
    const me = v.you && typeof v.you === "object" ? v.you : null;
    const legal = me && Array.isArray(me.legal) ? me.legal.filter((l) => typeof l === "string") : [];
    const parts = [];
    if (v.finished) parts.push(h("p", { class: "result" }, v.winner ? plain(v.winner) + " wins" : "The game is over"));
    parts.push(genericPlayers(v));
    const grid = genericGrid(v, legal);
    if (grid) parts.push(grid);
    else if (v.board !== undefined) parts.push(h("section", { class: "plain-board" }, h("h2", {}, "The board"), h("pre", {}, JSON.stringify(v.board, null, 1))));
    if (me && Array.isArray(me.hand)) {
      parts.push(h("h2", {}, "Your hand"));
      parts.push(h("div", { class: "hand" }, me.hand.length ? me.hand.map((c) => h("span", { class: "card" }, h("span", { class: "name" }, named(c)))) : h("p", { class: "empty" }, "(empty)")));
    }
    parts.push(genericMoves(legal));
    parts.push(genericRest(v, PAGE_KEYS.concat(["winner"])));
    if (me) parts.push(genericRest(me, ["name", "legal", "hand"]));
    return parts;
  }

  // ------------------------------------------------------------ before the game: names

  // A table whose players name themselves (serve --seats N): until every seat has a name,
  // a phone's first screen asks its player's name (sent as the one pre-game line,
  // ``name NAME``; the server checks it by the rule for names), and every screen lists the
  // seats and who has joined. The game's own screens come once it has begun.
  let nameForm = null;  // made once: a view arriving while someone types must not wipe it
  function namingScreen(v) {
    const me = v.you || null;
    const parts = [h("header", {},
      h("h1", {}, title),
      me && me.name ? h("p", { class: "you" }, "You are ", h("strong", {}, me.name)) : null,
      h("p", { class: "turn banner" + (me && !me.name ? " mine" : "") },
        v.waiting.length ? "Waiting for " + v.waiting.join(", ") + " to give a name" : "The game begins…"))];
    if (role === "seat" && me) {
      if (!nameForm) {
        const input = h("input", { type: "text", id: "player-name", autocomplete: "nickname", autocapitalize: "words", spellcheck: "false", maxlength: 40, placeholder: "your name", "aria-label": "your name" });
        nameForm = h("form", { class: "naming-form" }, h("label", { for: "player-name" }, "Your name"),
          h("div", { class: "row" }, input, h("button", { type: "submit", class: "primary" }, "Join")));
        nameForm.addEventListener("submit", (e) => { e.preventDefault(); if (input.value.trim()) send("name " + input.value.trim()); });
      }
      nameForm.querySelector("button").textContent = me.name ? "Change" : "Join";
      parts.push(h("section", { class: "first-screen" },
        h("h2", {}, me.name ? "You are at " + me.seat : "Who are you? (" + me.seat + ")"), nameForm));
      parts.push(messages());
    }
    parts.push(h("section", { class: "seats naming" }, h("h2", {}, "At the table"),
      h("ol", { class: "seat-names" }, v.naming.map((s) => h("li", { class: s.name ? "named" : "waiting", "data-seat": s.seat },
        h("span", { class: "seat" }, s.seat + ": "),
        s.name ? h("strong", {}, s.name) : h("em", {}, "no name yet"),
        s.computer ? " (computer)" : null)))));
    if (v.log && v.log.length) parts.push(h("p", { class: "ruling" }, v.log[0]));
    if (role === "table") parts.push(seatsPanel(v));
    return parts.filter(Boolean);
  }

  // ------------------------------------------------------------ the table screen fits

  // The table screen is a TV: nothing on it scrolls, so a column taller than the screen (a
  // round's Proof drawn with its reasons, a claim's evidence) is drawn smaller until it
  // fits, down to FIT_FLOOR of its size; reasons that still do not fit end, at a whole
  // line, with how many more a phone shows (never a line cut in half at the bottom).
  const FIT_FLOOR = 0.6;
  function fitTable() {
    if (role !== "table" || !window.matchMedia("(min-width: 900px)").matches) return;
    const over = (e) => e.scrollHeight > e.clientHeight + 1;
    for (const column of app.querySelectorAll(".stage > .play, .stage > .side")) {
      for (let scale = 1; over(column) && scale > FIT_FLOOR + 0.01;) {
        scale -= 0.05;
        column.style.fontSize = scale.toFixed(2) + "em";
      }
    }
    const side = app.querySelector(".stage > .side");
    const lines = side ? [...side.querySelectorAll(".reasons > pre")] : [];
    if (!lines.length || !over(side)) return;
    const more = h("p", { class: "more" });
    lines[0].parentElement.append(more);
    for (let hidden = 1; hidden <= lines.length && over(side); hidden++) {
      lines[lines.length - hidden].remove();
      more.textContent = "… " + hidden + " more line" + (hidden === 1 ? "" : "s") + ": the reasons in full are on every phone";
    }
  }
  window.addEventListener("resize", () => render());

  // ------------------------------------------------------------ the page

  function render() {
    if (!view) return;
    const keepFocus = document.activeElement;
    if (view.naming) {  // the game has not begun: its players are naming themselves
      app.replaceChildren(...namingScreen(view));
      app.dataset.version = String(view.version);
      if (keepFocus && keepFocus.id && document.getElementById(keepFocus.id) === keepFocus) keepFocus.focus();
      return;
    }
    // The game's own parts, and beside them (on a wide or landscape screen; below them on a
    // phone held upright) what was said: so a board fits the screen's height.
    const side = [];
    side.push(undoPanel(view));
    if (role === "seat") side.push(messages(), commandLine());
    side.push(log(view), seatsPanel(view));
    const play = (drawer ? drawer.draw(view) : genericDraw(view)).filter(Boolean);
    app.replaceChildren(header(view), h("div", { class: "stage game-" + view.game },
      h("div", { class: "play" }, play), h("aside", { class: "side" }, side.filter(Boolean))));
    fitTable();
    app.dataset.version = String(view.version);
    document.title = title + (view.you ? " · " + view.you.name : "");
    if (keepFocus && keepFocus.id && document.getElementById(keepFocus.id) === keepFocus) keepFocus.focus();
  }

  // What a game's drawer is given: the helpers, and what the page knows now.
  window.refereePage = {
    h, button, playerName, send, render, role, base,
    get busy() { return busy; },
    get view() { return view; },
    get before() { return before; },  // the view shown before the latest move
    say(lines, ok) { ui.messages = lines; ui.messagesOk = ok; render(); },
    game(d) { drawer = d; },
  };

  // The drawer's script comes after this one: start once every script has run.
  document.addEventListener("DOMContentLoaded", () => { refresh().then(connect); });
})();
