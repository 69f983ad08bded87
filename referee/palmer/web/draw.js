// Palmer's game on the web table's pages: its own drawing of a view.
//
// The shared page (referee/web/static/app.js) does the rest: the transport, the log,
// the command box, the seat, table and spectator pages. It calls ``draw(view)`` with
// every view this page is given and ``reset()`` after a command the table accepted;
// both see the page's helpers as ``page`` (h, button, send, render, say, busy, view,
// before, base, role). Text reaches the page only through textContent.
"use strict";

(function (page) {
  const { h, button, send, render } = page;
  const ui = { cards: [], boardPicks: [] };  // what this page has chosen but not yet sent
  function reset() { ui.cards = []; ui.boardPicks = []; }

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
      const r = await fetch(page.base + "/check", { method: "POST", body: JSON.stringify({ cards: ui.cards, text: text }), headers: { "Content-Type": "application/json" } });
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
    if (!ui.cards.length) { page.say(["tap the cards you play first"], false); return; }
    send("play " + ui.cards.join(" ") + (text ? " : " + text : ""));
    editor.input.value = ""; check();
  }

  // The house rule ``hints`` (a practice table): what a claim would win now, as the
  // referee's engine settled it in the background (a proof or a re-checked model each).
  function claimableNow(c) {
    if (!c) return null;
    const ids = (xs) => xs.map((i) => "#" + i).join(", ");
    const lines = [];
    if (c.state !== "ready") lines.push("Checking the board…");
    else {
      if (c.board === "inconsistent") lines.push("The board is inconsistent: claim inconsistent wins.");
      if (c.redundant.length) lines.push("Claimable as redundant: " + ids(c.redundant) + ".");
      if (c.board !== "inconsistent" && !c.redundant.length) lines.push("Nothing is claimable now.");
      if (c.unknown.length) lines.push("Undecided: " + ids(c.unknown) + ".");
    }
    return h("section", { class: "claimable", "aria-live": "polite" }, h("h2", {}, "Hint"), lines.map((l) => h("p", {}, l)));
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
    const play = h("button", { type: "button", class: "primary", disabled: page.busy, onclick: () => {
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
      const holding = ui.cards.length > 0 && page.view.you.hand.some((c) => c.negate && ui.cards.includes(cardKey(c)));
      return holding ? h("p", { class: "hint" }, "To place your ¬: tap a statement on the board, then where the ¬ goes.") : null;
    }
    return h("section", { class: "negate" }, h("h2", {}, "Place a ¬ in #" + one.id + " — tap where"),
      one.places.map((after, i) => h("button", { type: "button", class: "place", "data-negate": one.id + " " + (i + 1), disabled: page.busy, onclick: () => send("negate " + one.id + " " + (i + 1)) }, after)));
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
      const old = page.before && page.before.game === "palmer" ? page.before.board.find((b) => b.id === e.id) : undefined;
      const touched = page.before && page.before.game === "palmer" && (!old || old.statement !== e.statement);
      board.append(h("button", { type: "button", class: "entry" + (chosen ? " selected" : "") + (touched ? " last" : ""), disabled: !me, onclick: me ? () => { ui.boardPicks = chosen ? ui.boardPicks.filter((x) => x !== e.id) : ui.boardPicks.concat([e.id]); render(); } : null },
        h("span", { class: "num" }, "#" + e.id), h("span", { class: "stmt" }, e.statement), h("span", { class: "by" }, (e.author || "") + (e.cards.length ? " · " + e.cards.join(" ") : ""))));
    });
    parts.push(board);
    const hint = claimableNow(v.claimable);
    if (hint) parts.push(hint);
    if (v.draw_pile !== null) parts.push(h("p", { class: "small" }, "Deck: " + v.draw_pile + " cards left"));
    if (!me) return parts;
    if (me.vote) parts.push(h("div", { class: "row" }, button("Vote yes", "vote yes", "primary"), button("Vote no", "vote no", "secondary")));
    const negations = me.negations || [];  // right under the board: tap a statement, then where
    if (me.to_play && negations.length) parts.push(negatePlaces(negations, ui.boardPicks.length === 1 ? ui.boardPicks : []));
    const cardButton = (c) => {
      const key = cardKey(c);
      const sel = ui.cards.includes(key);
      return h("button", { type: "button", class: "card palmer kind-" + c.kind + (sel ? " selected" : ""), disabled: page.busy, onclick: () => { ui.cards = sel ? ui.cards.filter((x) => x !== key) : ui.cards.concat([key]); render(); check(); } },
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
    ed.playBtn.disabled = page.busy || !me.to_play;
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

  page.game({ draw: palmer, reset: reset });
})(window.refereePage);
