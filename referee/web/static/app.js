// The web table's pages: a seat (a phone), the table screen, a spectator.
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
  const ui = { selected: null, picks: [], faceFor: null, proofPicks: [], cards: [], boardPicks: [], cogitoOpen: false, messages: [], special: null };

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
    ui.selected = null; ui.picks = []; ui.faceFor = null; ui.proofPicks = []; ui.cards = [];
    ui.boardPicks = []; ui.cogitoOpen = false; ui.special = null;
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
      h("h1", {}, titles[v.game] || v.game),
      you ? h("p", { class: "you" }, "You are ", h("strong", {}, you)) : (role === "spectator" ? h("p", { class: "you" }, "Watching") : null),
      role === "seat" ? h("button", { type: "button", class: "help secondary", disabled: busy, onclick: () => send("help") }, "? Rules & help") : null,
      h("p", { class: "turn banner" + (mine ? " mine" : "") + (v.finished ? " over" : "") }, turn));
  }
  const titles = { palmer: "Palmer's game", ergo: "Ergo", invicta: "Ergo (Invicta)", cogito: "Cogito" };

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

  // ------------------------------------------------------------ Cogito

  function cogito(v) {
    const me = v.you;
    const parts = [];
    const phase = { turns: "Round " + v.round, trade: "The trade: each gives a card to the left", last_call: "Every hand is empty: COGITO now, or end", over: "Game over" }[v.phase];
    parts.push(h("p", { class: "phase" }, phase, v.cogito.length ? " · COGITO: " + v.cogito.join(", ") : "", " · pile ", String(v.pile),
      v.trade_waiting.length ? " · waiting for " + v.trade_waiting.join(", ") : ""));
    if (v.finished) parts.push(h("p", { class: "result" }, v.winner ? v.winner + " found themselves and wins" : "A tie"));
    parts.push(h("section", { class: "holders" }, v.players.map((p) => h("div", { class: "holder " + p.standing + (p.you ? " mine" : "") + (v.to_play === p.name ? " active" : "") },
      h("div", { class: "who" }, h("strong", {}, p.name), p.standing !== "playing" ? " (" + p.standing + ")" : "",
        " · ", String(p.hand), " in hand", p.chose_gift ? " · gift chosen" : ""),
      h("div", { class: "self" }, p.self ? "Self: " + p.self : (p.you ? "Self: your own (hidden from you)" : "Self: ?")),
      h("div", { class: "field" }, p.field.length ? p.field.map((c, i) => h("span", { class: "fcard " + c.position + (revealed(p.name, i, c) ? " last" : "") }, c.position === "none" ? c.card : (c.position === "blue" ? "✓ not " : "✗ not ") + c.card)) : h("span", { class: "empty" }, "no cards yet"))))));
    if (me) {
      const byCard = {};
      for (const m of me.moves) if (m.move === "play" || m.move === "give") byCard[m.card] = m;
      const giving = me.moves.some((m) => m.move === "give");
      const playing = me.moves.some((m) => m.move === "play");
      parts.push(h("h2", {}, "Your hand", giving ? " — tap a card to give it to " + me.left : playing ? " — tap a card to reveal it" : ""));
      parts.push(h("div", { class: "hand" }, me.hand.length ? me.hand.map((c) => {
        const m = byCard[c.card];
        return h("button", { type: "button", class: "card " + c.kind + (m ? " can" : ""), disabled: busy || !m, onclick: m ? () => send(m.command) : null },
          h("span", { class: "name" }, c.card), h("span", { class: "says" }, c.says));
      }) : h("p", { class: "empty" }, "(empty)")));
      if (me.gift) parts.push(h("p", {}, "You give ", h("strong", {}, me.gift), " in the trade."));
      const naming = me.moves.find((m) => m.move === "cogito");
      if (naming) {
        parts.push(h("button", { type: "button", class: "cogito", disabled: busy, onclick: () => { ui.cogitoOpen = !ui.cogitoOpen; render(); } },
          ui.cogitoOpen ? "Not yet" : "COGITO! I know who I am"));
        if (ui.cogitoOpen) parts.push(h("div", { class: "choices" }, h("p", {}, "I am…"), v.self_cards.map((c) => button(c, naming.command + " " + c, "choice"))));
      }
      const end = me.moves.find((m) => m.move === "end");
      if (end && (v.ending || []).includes(me.name)) parts.push(h("p", {}, "You would end the game here (a tie); waiting for the others."));
      else if (end) parts.push(button("End the game (a tie)", "end", "secondary"));
    }
    return parts;
  }

  function revealed(name, i, c) {
    if (!before || before.game !== "cogito") return false;
    const old = before.players.find((p) => p.name === name);
    const was = old && old.field[i];
    return !was || was.card !== c.card || was.position !== c.position;
  }

  // ------------------------------------------------------------ Invicta

  function invicta(v) {
    const me = v.you;
    const parts = [];
    const white = v.players[0], black = v.players[1];
    parts.push(h("p", { class: "phase" }, "White: " + white.name + " (" + v.in_hand.white + " in hand) · Black: " + black.name + " (" + v.in_hand.black + " in hand)"));
    if (v.finished) parts.push(h("p", { class: "result" }, v.result));
    else if (v.last) parts.push(h("p", {}, "Last move: " + v.last + (v.passed ? " · " + v.passed + " could not move" : "")));
    const targets = me && ui.selected ? (me.moves[ui.selected] || []) : [];
    const places = me && !ui.selected ? me.places : [];
    const winning = new Set((v.winning_rows || []).flat());
    const lastMove = new Set(v.last ? v.last.match(/[a-z]\d+/g) || [] : []);
    const grid = h("div", { class: "board", role: "grid" });
    for (let r = v.rows; r >= 1; r--) {
      for (let c = 0; c < v.columns.length; c++) {
        const sq = v.columns[c] + r;
        const piece = v.board[sq];
        const edge = c === 0 || c === v.columns.length - 1 || r === 1 || r === v.rows;
        let cls = "sq" + (edge ? " edge" : "") + (winning.has(sq) ? " win" : "") + (lastMove.has(sq) ? " last" : "");
        let action = null;
        if (me && me.to_play) {
          if (ui.selected === sq) { cls += " selected"; action = () => { ui.selected = null; render(); }; }
          else if (targets.includes(sq)) { cls += " target"; action = () => send(ui.selected + "-" + sq); }
          else if (piece && me.moves[sq]) { cls += " movable"; action = () => { ui.selected = sq; render(); }; }
          else if (places.includes(sq)) { cls += " place"; action = () => send(sq); }
        }
        const label = piece ? h("span", { class: "piece " + piece.side + " " + piece.kind }, piece.kind === "lion" ? "L" : "") : h("span", { class: "coord" }, sq);
        grid.append(h("button", { type: "button", class: cls, "data-square": sq, "aria-label": sq + (piece ? " " + piece.side + " " + piece.kind : ""), disabled: busy || !action, onclick: action }, label));
      }
    }
    parts.push(grid);
    if (me) parts.push(h("p", { class: "hint" }, "You play " + me.side + ". ", me.to_play ? (ui.selected ? "Tap a highlighted square to move there, or the piece again to let go." : "Tap an empty square to place a piece, or one of your pieces to move it.") : ""));
    return parts;
  }

  // ------------------------------------------------------------ Ergo

  function ergo(v) {
    const me = v.you;
    const parts = [];
    parts.push(h("p", { class: "phase" }, "Round " + v.round + " · pile " + v.pile + (v.to_play ? " · " + v.to_play + " has " + v.plays_left + " play(s) left" : "") + (v.stopped ? " · the round has stopped" : "")));
    if (v.finished) parts.push(h("p", { class: "result" }, "Winner: " + (v.winners.join(", ") || "nobody")));
    parts.push(h("table", { class: "scores" }, v.players.map((p) => h("tr", { class: p.you ? "mine" : "" },
      h("td", {}, p.name), h("td", {}, p.variable), h("td", {}, String(p.score)),
      h("td", {}, (p.hand !== null ? p.hand + " cards" : "") + (p.fallacy !== null ? " · Fallacy" : "") + (p.justified ? " · justified" : ""))))));
    const placing = ui.faceFor !== null;
    const tapping = ui.special === "tabula" || ui.special === "revolution";
    const proof = h("section", { class: "proof" }, h("h2", {}, "The Proof"));
    v.proof.forEach((premise) => {
      const row = h("div", { class: "premise" }, h("span", { class: "pnum" }, premise.number + "."));
      const gap = (g) => placing ? h("button", { type: "button", class: "gap", "data-gap": premise.number + ":" + g, onclick: () => pick(premise.number + ":" + g) }, "+") : null;
      row.append(gap(0) || "");
      premise.cards.forEach((c, i) => {
        const spot = premise.number + ":" + (i + 1);
        const chosen = ui.proofPicks.includes(spot);
        row.append(h("button", { type: "button", class: "pcard" + (c.wild ? " wild" : "") + (chosen ? " selected" : "") + (changedCard(premise.number, i, c.symbol) ? " last" : ""), disabled: !tapping, onclick: tapping ? () => proofPick(spot) : null }, c.symbol));
        const g = gap(i + 1); if (g) row.append(g);
      });
      proof.append(row);
    });
    if (!v.proof.length) proof.append(h("p", { class: "empty" }, "no premises yet"));
    if (placing) proof.append(h("button", { type: "button", class: "gap new", "data-gap": "new", onclick: () => pick("new") }, "+ a new premise"));
    parts.push(proof);
    if (v.last_round && v.last_round.fresh) parts.unshift(roundOver(v.last_round));
    else if (v.last_round) {
      const lr = v.last_round;
      parts.push(h("p", { class: "small" }, "Round " + lr.round + ": proven " + (lr.proven.join(", ") || "nothing") + (lr.paradox ? " (a paradox)" : "")));
    }
    if (!me) return parts;
    parts.push(h("h2", {}, "Your hand", me.to_play ? " — " + me.plays_left + " play(s) left" : ""));
    const hand = h("div", { class: "hand" });
    me.hand.forEach((c, i) => {
      const key = c.number !== undefined ? String(c.number) : c.card;
      const sel = ui.selected === key;
      hand.append(h("button", { type: "button", class: "card ergo " + c.use + (sel ? " selected" : "") + (c.new ? " new" : ""), disabled: busy || !me.to_play, onclick: () => {
          ui.selected = sel ? null : key; ui.proofPicks = [];
          // Chosen before the Proof is drawn again, so its cards are tappable at once.
          ui.special = !sel && (c.use === "tabula" || c.use === "revolution") ? c.use : null;
          ui.faceFor = !sel && c.use === "proof" && c.faces.length === 1 ? c.faces[0].word : null;
          render();
        } },
        h("span", { class: "name" }, c.label), c.new ? h("span", { class: "says" }, "new") : null));
    });
    parts.push(hand);
    const card = me.hand.find((c) => (c.number !== undefined ? String(c.number) : c.card) === ui.selected);
    if (ui.picks.length) {
      parts.push(h("p", { class: "pending" }, "To play: " + placement()),
        h("div", { class: "row" }, button("Play them", "play " + placement(), "primary"), h("button", { type: "button", onclick: () => { ui.picks = []; render(); } }, "Clear")));
    }
    if (card && me.to_play) {
      const acts = h("div", { class: "choices" });
      const word = c => c.number !== undefined ? String(c.number) : c.card.toLowerCase();
      if (card.use === "proof") {
        if (card.faces.length > 1) card.faces.forEach((f) => acts.append(h("button", { type: "button", class: "choice" + (ui.faceFor === f.word ? " selected" : ""), onclick: () => { ui.faceFor = f.word; render(); } }, "as " + f.symbol)));
        acts.append(h("p", { class: "hint" }, ui.faceFor ? "Tap a + in the Proof (or a new premise)." : "Choose what it shows."));
      } else if (card.use === "fallacy") {
        me.others.forEach((p) => acts.append(button("Fallacy on " + p, "fallacy " + p, "choice")));
      } else if (card.use === "tabula") {
        acts.append(h("p", { class: "hint" }, "Tap the card of the Proof to remove."));
      } else if (card.use === "revolution") {
        acts.append(h("p", { class: "hint" }, "Tap the two cards of the Proof to swap."));
      } else {
        acts.append(button(card.label, card.use, "choice primary"));
      }
      acts.append(button("Discard it", "discard " + word(card), "secondary"));
      parts.push(acts);
    }
    return parts;
  }

  // The end of a round, on every screen until the next move: nobody taps a TV.
  function roundOver(lr) {
    const points = Object.entries(lr.awards).map(([p, n]) => p + " +" + n).join(" · ") || "no points";
    return h("section", { class: "round-over", "aria-live": "polite" },
      h("h2", {}, "Round " + lr.round + " is over" + (lr.paradox ? " — a paradox" : "")),
      h("div", { class: "final" }, lr.proof.map((text, i) => h("div", { class: "premise" },
        h("span", { class: "pnum" }, (i + 1) + "."), text.split(/\s+/).filter(Boolean).map((c) => h("span", { class: "pcard" }, c))))),
      h("p", {}, "Proven: " + (lr.proven.join(", ") || "nothing") + (lr.disproven.length ? " · disproven: " + lr.disproven.join(", ") : "")),
      h("p", { class: "points" }, "Points: " + points));
  }

  // Whether the latest move put this card here (it was not here before; a new round starts
  // afresh, so nothing is marked in its empty Proof).
  function changedCard(number, i, symbol) {
    if (!before || before.game !== "ergo" || before.round !== view.round) return false;
    const old = before.proof.find((p) => p.number === number);
    return !old || !old.cards[i] || old.cards[i].symbol !== symbol || old.cards.length !== view.proof.find((p) => p.number === number).cards.length;
  }

  function pick(where) {
    ui.picks.push({ word: ui.faceFor, where: where });
    ui.faceFor = null; ui.selected = null;
    render();
  }
  function placement() {
    const groups = [];
    for (const p of ui.picks) {
      const last = groups[groups.length - 1];
      if (last && last.where === p.where) last.words.push(p.word);
      else groups.push({ where: p.where, words: [p.word] });
    }
    return groups.map((g) => g.words.join(" ") + (g.where === "new" ? "" : " at " + g.where)).join(", ");
  }
  function proofPick(spot) {
    if (ui.special === "tabula") { send("tabula " + spot); return; }
    if (ui.proofPicks.includes(spot)) ui.proofPicks = ui.proofPicks.filter((s) => s !== spot);
    else ui.proofPicks.push(spot);
    if (ui.proofPicks.length === 2) { send("revolution " + ui.proofPicks.join(" ")); return; }
    render();
  }

  // ------------------------------------------------------------ Palmer

  let editor = null;
  function palmerEditor(v) {
    if (editor) return editor;
    const input = h("textarea", { id: "statement", rows: 2, autocomplete: "off", autocapitalize: "none", spellcheck: "false", placeholder: "∀x (blonde(x) → ¬likes(x, x))", maxlength: 2000 });
    const status = h("div", { class: "check", "aria-live": "polite" });
    const symbols = h("div", { class: "symbols" }, v.symbols.map((s) => h("button", { type: "button", class: "sym", onclick: () => insert(s) }, s)));
    const playBtn = h("button", { type: "button", class: "primary", onclick: () => playStatement() }, "Play the statement");
    editor = { input, status, symbols, playBtn, el: h("section", { class: "editor" }, h("h2", {}, "Write a statement"), symbols, input, status, playBtn) };
    function insert(s) {
      const a = input.selectionStart, b = input.selectionEnd;
      input.value = input.value.slice(0, a) + s + input.value.slice(b);
      input.focus(); input.selectionStart = input.selectionEnd = a + s.length;
      check();
    }
    let timer = null;
    input.addEventListener("input", () => { clearTimeout(timer); timer = setTimeout(check, 120); });
    return editor;
  }
  async function check() {
    if (!editor) return;
    const text = editor.input.value;
    const status = editor.status;
    if (!text.trim()) { status.textContent = ""; status.className = "check"; return; }
    try {
      const r = await fetch(base + "/check", { method: "POST", body: JSON.stringify({ cards: ui.cards, text: text }), headers: { "Content-Type": "application/json" } });
      const res = await r.json();
      status.textContent = "";
      status.className = "check " + (res.ok ? "ok" : "bad");
      status.append(h("span", {}, res.ok ? "✓ " + (res.statement || "") + " — " + res.message : res.message));
      if (res.column) {
        const caret = " ".repeat(res.column - 1) + "^".repeat(res.width || 1);
        status.append(h("pre", { class: "caret" }, text.split("\n")[0] + "\n" + caret));
      }
    } catch (e) { /* the next keystroke checks again */ }
  }
  function playStatement() {
    const text = editor.input.value.trim();
    if (!ui.cards.length) { ui.messages = ["tap the cards you play first"]; ui.messagesOk = false; render(); return; }
    send("play " + ui.cards.join(" ") + (text ? " : " + text : ""));
    editor.input.value = ""; check();
  }

  function cardKey(c) { return c.number !== undefined ? String(c.number) : c.id; }

  // A statement card that says "n" (|L| ≥ n): the player chooses n here, not by typing.
  let nField = null;
  function chooseN(card) {
    if (!nField) {
      const input = h("input", { type: "number", id: "param-n", min: 1, max: 99, value: 1, inputmode: "numeric", "aria-label": "n" });
      const step = (d) => { input.value = String(Math.min(99, Math.max(1, (parseInt(input.value, 10) || 1) + d))); };
      nField = { input, minus: h("button", { type: "button", class: "step", onclick: () => step(-1) }, "−"), plus: h("button", { type: "button", class: "step", onclick: () => step(1) }, "+") };
    }
    const play = h("button", { type: "button", class: "primary", disabled: busy, onclick: () => {
      const n = parseInt(nField.input.value, 10);
      if (n >= 1) send("play " + cardKey(card) + " n=" + n);
    } }, "Play " + card.name);
    return h("section", { class: "param" }, h("h2", {}, card.name + " says " + (card.statement || card.label) + ": choose n"),
      h("div", { class: "row" }, h("span", { class: "n" }, "n ="), nField.minus, nField.input, nField.plus, play));
  }

  // Where a ¬ can go: the server lists, for each statement on the board, what one ¬ makes
  // of it; the player taps a statement, then the place.
  function negatePlaces(negations, picks) {
    const one = picks.length === 1 ? negations.find((n) => n.id === picks[0]) : null;
    if (!one) {
      const holding = ui.cards.length > 0 && view.you.hand.some((c) => c.negate && ui.cards.includes(cardKey(c)));
      return holding ? h("p", { class: "hint" }, "To place your ¬: tap a statement on the board, then where the ¬ goes.") : null;
    }
    return h("section", { class: "negate" }, h("h2", {}, "Place a ¬ in #" + one.id + " — tap where"),
      one.places.map((after, i) => h("button", { type: "button", class: "place", "data-negate": one.id + " " + (i + 1), disabled: busy, onclick: () => send("negate " + one.id + " " + (i + 1)) }, after)));
  }

  // Table mode: the whole deck is on offer, so it comes in groups that open and close,
  // with a filter; the cards chosen stay in sight above them, tappable to let go.
  const DECK_GROUPS = [
    { name: "Words", kinds: ["P", "F", "R"], open: true },
    { name: "Quantifiers", kinds: ["Q"], open: true },
    { name: "Statement cards", kinds: ["S"], open: false },
    { name: "Special cards", kinds: ["X"], open: true },
  ];
  let deckFilter = null;  // made once: a view arriving while someone types must not wipe it
  function deck(cards, cardButton) {
    if (!deckFilter) {
      deckFilter = h("input", { type: "search", id: "deck-filter", autocomplete: "off", autocapitalize: "none", spellcheck: "false", placeholder: "find a card (name or words)", maxlength: 100 });
      deckFilter.addEventListener("input", () => render());
      ui.groupsOpen = {};
      DECK_GROUPS.forEach((g) => { ui.groupsOpen[g.name] = g.open; });
    }
    const wanted = deckFilter.value.trim().toLowerCase();
    const matches = (c) => !wanted || [c.name, c.label, c.statement, c.id].some((t) => t && t.toLowerCase().includes(wanted));
    const chosen = cards.filter((c) => ui.cards.includes(cardKey(c)));
    const el = h("section", { class: "deck" }, h("h2", {}, "The cards — tap the ones you play"), deckFilter,
      chosen.length ? h("div", { class: "chosen" }, h("span", { class: "small" }, "Chosen:"), chosen.map(cardButton)) : null);
    const known = new Set(DECK_GROUPS.flatMap((g) => g.kinds));
    const groups = DECK_GROUPS.concat([{ name: "Other cards", kinds: null, open: true }]);
    for (const g of groups) {
      const inGroup = cards.filter((c) => (g.kinds ? g.kinds.includes(c.kind) : !known.has(c.kind)) && matches(c));
      if (!inGroup.length) continue;
      const open = wanted ? true : ui.groupsOpen[g.name] !== false;
      const details = h("details", { class: "group", open: open, "data-group": g.name },
        h("summary", {}, g.name + " (" + inGroup.length + ")"), h("div", { class: "hand" + (g.kinds && g.kinds.includes("S") ? " statements" : "") }, inGroup.map(cardButton)));
      if (!wanted) details.addEventListener("toggle", () => { ui.groupsOpen[g.name] = details.open; });
      el.append(details);
    }
    if (wanted && !cards.some(matches)) el.append(h("p", { class: "empty" }, "no card matches"));
    return el;
  }

  function palmer(v) {
    const me = v.you;
    const parts = [];
    parts.push(h("table", { class: "scores" }, v.players.map((p) => h("tr", { class: (p.you ? "mine" : "") + (v.to_play === p.name && !v.vote ? " active" : "") },
      h("td", {}, p.name), h("td", {}, String(p.score) + " pt"), h("td", {}, p.hand !== null ? p.hand + " cards" : "")))));
    if (v.finished) parts.push(h("p", { class: "result" }, v.winner ? v.winner + " wins" : "The game is over"));
    if (v.vote) {
      const voted = v.vote.voted || [];
      const rule = v.vote.rule === "unanimity" ? "every yes upholds it" : "more yes than no upholds it";
      parts.push(h("section", { class: "vote" },
        h("p", {}, "The referee could not decide " + v.vote.player + "'s claim: the table votes (" + rule + ")."),
        h("ul", { class: "ballots" }, v.vote.asked.map((p) => h("li", { class: voted.includes(p) ? "voted" : "waiting", "data-voter": p },
          voted.includes(p) ? "✓ " + p + " has voted" : "… " + p + " to vote")))));
    }
    const board = h("section", { class: "board-list" }, h("h2", {}, "The board"));
    if (!v.board.length) board.append(h("p", { class: "empty" }, "(empty)"));
    v.board.forEach((e) => {
      const chosen = ui.boardPicks.includes(e.id);
      const old = before && before.game === "palmer" ? before.board.find((b) => b.id === e.id) : undefined;
      const touched = before && before.game === "palmer" && (!old || old.statement !== e.statement);
      board.append(h("button", { type: "button", class: "entry" + (chosen ? " selected" : "") + (touched ? " last" : ""), disabled: !me, onclick: me ? () => { ui.boardPicks = chosen ? ui.boardPicks.filter((x) => x !== e.id) : ui.boardPicks.concat([e.id]); render(); } : null },
        h("span", { class: "num" }, "#" + e.id), h("span", { class: "stmt" }, e.statement), h("span", { class: "by" }, (e.author || "") + (e.cards.length ? " · " + e.cards.join(" ") : ""))));
    });
    parts.push(board);
    if (v.draw_pile !== null) parts.push(h("p", { class: "small" }, "Deck: " + v.draw_pile + " cards left"));
    if (!me) return parts;
    if (me.vote) parts.push(h("div", { class: "row" }, button("Vote yes", "vote yes", "primary"), button("Vote no", "vote no", "secondary")));
    const negations = me.negations || [];  // right under the board: tap a statement, then where
    if (me.to_play && negations.length) parts.push(negatePlaces(negations, ui.boardPicks.length === 1 ? ui.boardPicks : []));
    const cardButton = (c) => {
      const key = cardKey(c);
      const sel = ui.cards.includes(key);
      return h("button", { type: "button", class: "card palmer kind-" + c.kind + (sel ? " selected" : ""), disabled: busy, onclick: () => { ui.cards = sel ? ui.cards.filter((x) => x !== key) : ui.cards.concat([key]); render(); check(); } },
        h("span", { class: "name" }, c.name), c.statement ? h("span", { class: "says" }, c.statement) : null);
    };
    if (v.mode === "dealt") {
      parts.push(h("h2", {}, "Your hand — tap the cards you play"));
      parts.push(h("div", { class: "hand" }, me.hand.map(cardButton)));
    } else {
      parts.push(deck(me.hand, cardButton));
    }
    const chosen = me.hand.filter((c) => ui.cards.includes(cardKey(c)));
    if (me.to_play && chosen.length === 1 && chosen[0].parametric) parts.push(chooseN(chosen[0]));
    const picks = ui.boardPicks.slice().sort((a, b) => a - b);
    const ed = palmerEditor(v);
    ed.playBtn.disabled = busy || !me.to_play;
    parts.push(ed.el);
    const acts = h("div", { class: "row wrap" });
    if (me.to_play) {
      if (picks.length) acts.append(button("Claim #" + picks.join(", #") + " redundant", "claim " + picks.join(" "), "primary"));
      acts.append(button("Claim inconsistent", "claim inconsistent", ""));
      acts.append(button(ui.cards.length ? "Pass, discarding the chosen" : "Pass", "pass " + ui.cards.join(" "), "secondary"));
    }
    acts.append(button("Why? (last claim)", "why", "secondary"));
    parts.push(acts);
    return parts;
  }

  // ------------------------------------------------------------ the page

  const games = { cogito, invicta, ergo, palmer };

  function render() {
    if (!view) return;
    const keepFocus = document.activeElement;
    // The game's own parts, and beside them (on a wide or landscape screen; below them on a
    // phone held upright) what was said: so a board fits the screen's height.
    const side = [];
    if (role === "seat") side.push(messages(), commandLine());
    side.push(log(view), seatsPanel(view));
    const play = (games[view.game] || (() => []))(view).filter(Boolean);
    app.replaceChildren(header(view), h("div", { class: "stage game-" + view.game },
      h("div", { class: "play" }, play), h("aside", { class: "side" }, side.filter(Boolean))));
    app.dataset.version = String(view.version);
    document.title = (titles[view.game] || "referee") + (view.you ? " · " + view.you.name : "");
    if (keepFocus && keepFocus.id && document.getElementById(keepFocus.id) === keepFocus) keepFocus.focus();
  }

  refresh().then(connect);
})();
