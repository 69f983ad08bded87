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

  // ------------------------------------------------------------ the last ruling, drawn
  //
  // Drawn from ``view.ruling`` only: data the referee checked (a derivation the checker
  // accepted, a model the evaluator re-checked, each statement's truth in it computed by
  // the referee's evaluator). Nothing here decides anything.
  const rui = { event: null, step: 0, all: false, tapped: {}, open: false };
  const SVG = "http://www.w3.org/2000/svg";
  function s(tag, attrs, ...children) {
    const el = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attrs || {})) if (v !== null && v !== undefined) el.setAttribute(k, String(v));
    for (const c of children.flat()) if (c !== null && c !== undefined) el.append(typeof c === "string" ? document.createTextNode(c) : c);
    return el;
  }
  // Colours told apart by colour-blind eyes too (Okabe & Ito); each badge also names itself.
  const COLOURS = ["#E69F00", "#56B4E9", "#009E73", "#CC79A7", "#0072B2", "#D55E00", "#F0E442", "#999999"];
  const ARROWS = ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9"];

  function fresh(v) { return v.ruling && v.ruling.event === v.events; }
  // What the ruling lights on the board now: the clash, what the proof used, the current
  // step's statements, and what was claimed.
  function boardMarks(v) {
    const r = v.ruling;
    const marks = {};
    if (!r || !(fresh(v) || rui.open)) return marks;
    for (const id of r.targets) marks[id] = "claimed";
    for (const id of r.used) marks[id] = r.claim === "inconsistent" ? "clash" : "used";
    const line = stepLine(r);
    if (line) for (const id of stepBoards(r, line)) marks[id] = "step";
    return marks;
  }
  // On the TV, where nobody taps, each statement says whether it holds in the ruling's model.
  function truthChip(v, id) {
    const r = v.ruling;
    if (page.role !== "table" || !r || !r.countermodel || !fresh(v)) return null;
    const e = r.board.find((b) => b.id === id);
    if (!e || e.holds === null) return null;
    return h("span", { class: "tag " + (e.holds ? "holds" : "fails") }, e.holds ? "✓ holds here" : "✗ fails here");
  }
  const MARK_WORDS = { claimed: "claimed", clash: "clashes", used: "the proof uses it", step: "this step cites it" };

  function stepLine(r) {
    if (!r.derivation || rui.all) return null;
    return r.derivation[Math.min(rui.step, r.derivation.length - 1)];
  }
  function stepBoards(r, line) {
    const byN = {};
    r.derivation.forEach((l) => { byN[l.n] = l; });
    const ids = line.board !== null ? [line.board] : [];
    for (const n of line.from) if (byN[n] && byN[n].board !== null) ids.push(byN[n].board);
    return ids;
  }

  function rulingPanel(v) {
    const r = v.ruling;
    if (!r) return null;
    if (rui.event !== r.event) { rui.event = r.event; rui.step = 0; rui.all = page.role === "table"; rui.tapped = {}; rui.open = false; }
    const targets = r.targets.map((t) => "#" + t).join(", ");
    const claimed = r.board.filter((e) => e.claimed);
    const what = r.claim === "inconsistent" ? "the board inconsistent" : targets + " redundant";
    const verdict = { upheld: "UPHELD", rejected: "REJECTED", undetermined: "UNDETERMINED" }[r.outcome] || r.outcome;
    const head = h("p", { class: "verdict " + r.outcome }, h("strong", {}, r.player), " claimed " + what + ": ", h("strong", { class: "word" }, verdict),
      r.prover ? h("span", { class: "prover" }, " · decided by " + r.prover) : null);
    const body = [head, claimed.length ? h("ul", { class: "claimed-list" }, claimed.map((e) => h("li", {}, h("span", { class: "num" }, "#" + e.id), " ", h("span", { class: "stmt" }, e.statement)))) : null];
    if (r.kind === "vote") {
      body.push(h("p", {}, "The referee could not decide it; the table voted: yes " + (r.ayes.join(", ") || "nobody") + ", no " + (r.noes.join(", ") || "nobody") + "."));
    } else if (r.outcome === "undetermined") {
      body.push(h("p", {}, "Neither a proof nor a countermodel in time: the table votes."));
    }
    if (r.claim === "inconsistent" && r.used.length && r.outcome === "upheld") {
      body.push(h("p", { class: "clash-line" }, "These cannot all hold (lit on the board):"),
        h("ul", { class: "clash-list" }, r.board.filter((e) => e.used).map((e) => h("li", {}, h("span", { class: "num" }, "#" + e.id), " ", h("span", { class: "stmt" }, e.statement)))));
    } else if (r.used.length && r.outcome === "upheld") {
      body.push(h("p", {}, targets + " follows from ", r.used.map((id) => h("span", { class: "tag used" }, "#" + id)), "."));
    }
    if (r.countermodel) body.push(modelPicture(v, r));
    if (r.derivation) body.push(derivationPicture(r));
    const panel = h("section", { class: "ruling-picture", "aria-live": "polite" }, h("h2", {}, "The ruling, drawn"), body);
    if (fresh(v)) return panel;
    if (page.role === "table") return null;  // the TV shows the board as it is now
    // Once the game has moved on, a phone keeps it one tap away.
    const details = h("details", { class: "ruling-later", open: rui.open }, h("summary", {}, "The last ruling, drawn (event " + r.event + ")"), panel);
    details.addEventListener("toggle", () => { if (rui.open !== details.open) { rui.open = details.open; render(); } });
    return details;
  }

  // -------------------------------------------------------------- a model as a small world

  function modelPicture(v, r) {
    const m = r.countermodel;
    const counter = r.claim === "redundant";
    const title = counter ? "A countermodel: the rest of the board holds in it, the claim fails." : "A model of the whole board: every statement holds in it.";
    const world = m.infinite ? infiniteWorld(v, m, r.fails) : finiteWorld(v, m, r.fails);
    const parts = [h("p", { class: "model-title" }, title), world];
    if (m.infinite) parts.push(h("div", { class: "definition" }, h("p", { class: "small" }, "Its definition (the elements go on for ever):"), m.lines.map((l) => h("pre", {}, l))));
    if (r.fails) parts.push(h("p", { class: "fails" }, "#" + r.fails.statement + " fails in it: " + failWords(r.fails)));
    // Nobody taps a TV: there each statement on the board says whether it holds here.
    if (page.role !== "table") parts.push(truthList(r));
    return h("div", { class: "model" }, parts);
  }

  function shortNames(names) {
    const out = {};
    for (const n of names) {
      let k = Math.min(2, n.length);
      while (k < n.length && names.some((o) => o !== n && o.slice(0, k) === n.slice(0, k))) k++;
      out[n] = n.slice(0, Math.max(k, Math.min(3, n.length)));
    }
    return out;
  }

  // The model's symbols by arity: unary predicates (badges), binary ones (arrows),
  // propositions, constants (labels), unary functions (dashed arrows), the rest (listed).
  function symbols(v, elements, functions, predicates) {
    const arity = (name, rows) => rows.length ? rows[0].length : (v.vocabulary.predicates[name] ?? 1);
    const sym = { unary: [], binary: [], props: [], wide: [], consts: {}, funcs: [], wideFuncs: [] };
    for (const [name, rows] of Object.entries(predicates)) {
      const a = arity(name, rows);
      if (a === 0) sym.props.push([name, rows.length > 0]);
      else if (a === 1) sym.unary.push([name, new Set(rows.map((row) => row[0]))]);
      else if (a === 2) sym.binary.push([name, rows]);
      else sym.wide.push([name, rows]);
    }
    for (const [name, rows] of Object.entries(functions)) {
      const a = rows.length ? rows[0].length - 1 : 0;
      if (a === 0 && rows.length) (sym.consts[rows[0][0]] = sym.consts[rows[0][0]] || []).push(name);
      else if (a === 1) sym.funcs.push([name, rows]);
      else sym.wideFuncs.push([name, rows]);
    }
    return sym;
  }

  function finiteWorld(v, m, fails) {
    const n = m.size;
    const R = n === 1 ? 0 : n === 2 ? 80 : 50 + 16 * n;
    const pos = [];
    for (let i = 0; i < n; i++) {
      const a = (n === 2 ? Math.PI : -Math.PI / 2) + (2 * Math.PI * i) / n;
      pos.push([R * Math.cos(a), R * Math.sin(a)]);
    }
    const elements = m.domain.map((_, i) => i);
    return drawWorld(v, { elements, label: (i) => m.domain[i], pos, functions: m.functions, predicates: m.predicates, ring: ringed(fails, (x) => m.domain.indexOf(x)) });
  }

  function infiniteWorld(v, m, fails) {
    const els = m.first.elements;
    const pos = els.map((_, i) => [66 * i, 0]);
    const index = (x) => els.indexOf(x);
    return drawWorld(v, { elements: els.map((_, i) => i), label: (i) => String(els[i]), pos,
      functions: relabel(m.first.functions, index), predicates: relabel(m.first.predicates, index), ring: ringed(fails, index), more: els[0] < 0 });
  }
  // Rows over the first elements renumbered by position (a value beyond them: -1, not drawn).
  function relabel(table, index) {
    const out = {};
    for (const [k, rows] of Object.entries(table)) out[k] = rows.map((row) => row.map(index));
    return out;
  }
  function ringed(fails, index) {
    const out = {};
    if (!fails) return out;
    for (const [variable, value] of Object.entries(fails.values)) {
      const i = index(value);
      if (i >= 0) (out[i] = out[i] || []).push(variable);
    }
    return out;
  }

  function drawWorld(v, w) {
    const sym = symbols(v, w.elements, w.functions, w.predicates);
    const badge = shortNames(sym.unary.map(([n]) => n));
    const n = w.elements.length;
    // A relation that holds of every pair, or of none, is said in the legend, not drawn.
    const everyPair = (rows) => w.more === undefined && rows.length === n * n;
    const drawn = sym.binary.filter(([, rows]) => rows.length && !everyPair(rows));
    const rel = shortNames(drawn.concat(sym.funcs).map(([name]) => name));
    const NODE = 24;
    const svg = s("svg", { class: "world", role: "img", "aria-label": "the model: " + n + " elements shown" });
    const defs = s("defs");
    ARROWS.forEach((c, k) => defs.append(s("marker", { id: "arrow" + k, viewBox: "0 0 10 10", refX: 9, refY: 5, markerWidth: 6, markerHeight: 6, orient: "auto-start-reverse" }, s("path", { d: "M0,0 L10,5 L0,10 z", fill: c }))));
    svg.append(defs);
    // Every arrow, then each drawn apart from the others between the same two elements.
    const arrows = [];
    drawn.forEach(([name, rows], k) => rows.forEach(([a, b]) => arrows.push({ a, b, k: k % ARROWS.length, name, dashed: false })));
    sym.funcs.forEach(([name, rows], j) => rows.forEach(([a, b]) => arrows.push({ a, b, k: (drawn.length + j) % ARROWS.length, name, dashed: true })));
    const between = {};
    for (const e of arrows) {
      if (e.a < 0 || e.b < 0) continue;  // a value beyond the elements shown
      const key = Math.min(e.a, e.b) + "-" + Math.max(e.a, e.b);
      (between[key] = between[key] || []).push(e);
    }
    const edges = s("g", { class: "edges" });
    const line = w.more !== undefined;  // the first elements of an infinite model, in a row
    const labelled = drawn.length + sym.funcs.length > 1;  // one symbol: its colour says it
    const reach = [];  // how far the arrows go beyond the elements (the frame must hold them)
    for (const group of Object.values(between)) {
      group.forEach((e, i) => {
        const spread = i - (group.length - 1) / 2;
        const attrs = { fill: "none", stroke: ARROWS[e.k], "stroke-width": 2.4, "marker-end": "url(#arrow" + e.k + ")", "stroke-dasharray": e.dashed ? "6 4" : null };
        const [x1, y1] = w.pos[e.a], [x2, y2] = w.pos[e.b];
        let d, lx, ly;
        if (e.a === e.b) {  // a loop, each of an element's loops at its own angle above it
          const t = -Math.PI / 2 + spread * 0.9, r = NODE + 34;
          const p = (da, rr) => [x1 + rr * Math.cos(t + da), y1 + rr * Math.sin(t + da)];
          const [sx, sy] = p(-0.3, NODE), [ex, ey] = p(0.3, NODE + 2), [c1x, c1y] = p(-0.55, r + 8), [c2x, c2y] = p(0.55, r + 8);
          d = "M" + sx + "," + sy + " C" + c1x + "," + c1y + " " + c2x + "," + c2y + " " + ex + "," + ey;
          [lx, ly] = p(0, r + 8);
          reach.push([lx, ly - 14]);
        } else {  // from the lower element's side: the same bend for both directions
          const lo = Math.min(e.a, e.b), hi = Math.max(e.a, e.b);
          const nx = -(w.pos[hi][1] - w.pos[lo][1]), ny = w.pos[hi][0] - w.pos[lo][0];
          // In a row, an arrow arcs over the elements between (rightwards above, leftwards below).
          const nl = Math.hypot(nx, ny), off = line ? (hi - lo) * 16 * (e.a < e.b ? -1 : 1) + spread * 8 : spread * 30;
          const dx = x2 - x1, dy = y2 - y1, len = Math.hypot(dx, dy), ux = dx / len, uy = dy / len;
          const mx = (x1 + x2) / 2 + (nx / nl) * off * 2, my = (y1 + y2) / 2 + (ny / nl) * off * 2;
          const top = (my + (y1 + y2) / 2) / 2;
          reach.push([mx, top + Math.sign(top - (y1 + y2) / 2) * 12]);
          const toward = (x, y, tx, ty, r) => { const l = Math.hypot(tx - x, ty - y); return [x + ((tx - x) / l) * r, y + ((ty - y) / l) * r]; };
          const [sx, sy] = toward(x1, y1, mx, my, NODE), [ex, ey] = toward(x2, y2, mx, my, NODE + 2);
          d = "M" + sx + "," + sy + " Q" + mx + "," + my + " " + ex + "," + ey;
          lx = (sx + 2 * mx + ex) / 4; ly = (sy + 2 * my + ey) / 4;
          if (!off) { lx -= uy * 10; ly += ux * 10; }
        }
        edges.append(s("path", Object.assign({ d: d }, attrs)));
        if (labelled) edges.append(s("text", { x: lx, y: ly + 4, class: "edge-label", fill: ARROWS[e.k], "text-anchor": "middle" }, rel[e.name]));
      });
    }
    svg.append(edges);
    let rows = 0;
    w.elements.forEach((i) => {
      const [x, y] = w.pos[i];
      const g = s("g", { class: "node", "data-element": w.label(i) });
      if (w.ring[i]) {
        g.append(s("circle", { cx: x, cy: y, r: NODE + 7, class: "ring", fill: "none" }));
        g.append(s("text", { x: x - NODE - 6, y: y + NODE + 8, "text-anchor": "end", class: "ring-label" }, w.ring[i].join(", ")));
      }
      g.append(s("circle", { cx: x, cy: y, r: NODE, class: "element" }));
      g.append(s("text", { x: x, y: y + 6, "text-anchor": "middle", class: "element-name" }, w.label(i)));
      const holding = sym.unary.filter(([, set]) => set.has(i));
      holding.forEach(([name], j) => {
        const c = COLOURS[sym.unary.findIndex(([m]) => m === name) % COLOURS.length];
        const bx = x - (Math.min(holding.length, 3) * 34) / 2 + (j % 3) * 34, by = y + NODE + (w.ring[i] ? 10 : 5) + Math.floor(j / 3) * 20;
        g.append(s("rect", { x: bx + 1, y: by, width: 32, height: 18, rx: 5, fill: c, class: "badge" }));
        g.append(s("text", { x: bx + 17, y: by + 13.5, "text-anchor": "middle", class: "badge-text" }, badge[name]));
      });
      const under = Math.ceil(holding.length / 3);
      const names = sym.consts[i] || [];
      if (names.length) g.append(s("text", { x: x, y: y + NODE + 20 + under * 20, "text-anchor": "middle", class: "const" }, names.join(", ")));
      rows = Math.max(rows, under + (names.length ? 1 : 0));
      svg.append(g);
    });
    if (w.more !== undefined) {  // the infinite model goes on: "…" after its first elements (and before, over ℤ)
      const last = w.pos[w.pos.length - 1];
      svg.append(s("text", { x: last[0] + 34, y: last[1] + 8, class: "more" }, "…"));
      if (w.more) svg.append(s("text", { x: w.pos[0][0] - 60, y: w.pos[0][1] + 8, class: "more" }, "…"));
    }
    // The picture's frame fits what it holds, so a world of one element is drawn as large
    // as a world of six (its width in em: it grows with the screen's type).
    const xs = w.pos.map((p) => p[0]), ys = w.pos.map((p) => p[1]);
    const x0 = Math.min(...xs) - NODE - (w.more ? 70 : 40), x1 = Math.max(...xs) + NODE + (line ? 50 : 40);
    const y0 = Math.min(...ys, ...reach.map((p) => p[1] + NODE - 6)) - NODE - 14;
    const y1 = Math.max(...ys, ...reach.map((p) => p[1] - NODE - 12 - rows * 20)) + NODE + 12 + rows * 20;
    svg.setAttribute("viewBox", [x0, y0, x1 - x0, y1 - y0].join(" "));
    svg.style.maxWidth = ((x1 - x0) / 8).toFixed(1) + "em";  // CSSOM: the CSP allows it
    // The legend: what each badge, arrow and dashed arrow stands for.
    const legend = h("ul", { class: "legend" },
      sym.unary.map(([name, set], j) => h("li", {}, swatch(COLOURS[j % COLOURS.length], "badge", badge[name]), " " + name + "(x)" + (set.size ? "" : ": of nothing"))),
      sym.binary.map(([name, rows]) => {
        const j = drawn.findIndex(([m]) => m === name);
        if (j < 0) return h("li", {}, name + "(x, y) holds of " + (rows.length ? "every pair (not drawn)" : "no pair"));
        return h("li", {}, swatch(ARROWS[j % ARROWS.length], "arrow", "→"), " " + name + "(x, y): an arrow x → y");
      }),
      sym.funcs.map(([name], j) => h("li", {}, swatch(ARROWS[(drawn.length + j) % ARROWS.length], "arrow dashed", "⇢"), " " + name + "(x): a dashed arrow x ⇢ " + name + "(x)")),
      Object.entries(sym.consts).map(([i, names]) => h("li", {}, names.join(", ") + " = " + w.label(Number(i)))),
      sym.props.map(([name, value]) => h("li", {}, name + ": " + (value ? "true" : "false"))),
      sym.wide.map(([name, rows]) => h("li", {}, name + " holds of " + (rows.map((row) => "(" + row.map(w.label).join(", ") + ")").join(", ") || "nothing"))),
      sym.wideFuncs.map(([name, rows]) => h("li", {}, rows.filter((row) => row.every((x) => x >= 0)).map((row) => name + "(" + row.slice(0, -1).map(w.label).join(", ") + ") = " + w.label(row[row.length - 1])).join(", "))),
      Object.keys(w.ring).length ? h("li", {}, h("span", { class: "swatch ring" }, "◯"), " where the claim fails") : null);
    return h("div", { class: "world-box" }, svg, legend);
  }
  function swatch(colour, kind, text) {
    const el = h("span", { class: "swatch " + kind }, text);
    if (kind === "badge") el.style.background = colour; else el.style.color = colour;  // CSSOM: the CSP allows it
    return el;
  }

  // Each statement as it stood: a tap says whether it holds in the model (the TV shows all).
  function truthList(r) {
    const all = false;
    const items = r.board.map((e) => {
      const shown = all || rui.tapped[e.id];
      const word = e.holds === true ? "✓ holds here" : e.holds === false ? "✗ fails here" : "not decided here";
      return h("li", { class: "truth" + (shown ? (e.holds === true ? " holds" : e.holds === false ? " fails" : " unknown") : "") + (e.claimed ? " claimed" : "") },
        h("button", { type: "button", class: "stmt-tap", "data-statement": e.id, "aria-expanded": String(Boolean(shown)), onclick: all ? null : () => { rui.tapped[e.id] = !rui.tapped[e.id]; render(); } },
          h("span", { class: "num" }, "#" + e.id), " ", h("span", { class: "stmt" }, e.statement),
          h("span", { class: "said" }, shown ? word : "tap: does it hold here?")));
    });
    return h("div", { class: "truths" }, h("p", { class: "small" }, all ? "Each statement in this world:" : "Tap a statement: does it hold in this world?"), h("ol", { class: "truth-list" }, items));
  }
  // Where the claim fails, in the terminal's words ("take x = e0; blonde(e0) is true, …").
  function failWords(f) {
    const parts = [];
    const take = Object.entries(f.values).map(([x, e]) => x + " = " + e);
    if (take.length) parts.push("take " + take.join(", "));
    if (f.facts.length) parts.push(f.facts.map((a) => a.atom + " is " + (a.value ? "true" : "false")).join(", "));
    for (const g of f.nothing) parts.push("no object makes " + g + " true");
    for (const g of f.everything) parts.push("every object makes " + g + " true");
    return parts.join("; ") || "it is false";
  }

  // ------------------------------------------------------------ a derivation, step by step

  function derivationPicture(r) {
    const lines = r.derivation;
    const at = Math.min(rui.step, lines.length - 1);
    const now = rui.all ? null : lines[at];
    const cited = new Set(now ? now.from : []);
    const list = h("ol", { class: "fitch" }, lines.map((l, i) => {
      const hidden = !rui.all && i > at;
      const bars = [];
      for (let d = 0; d < l.depth; d++) bars.push(h("span", { class: "bar" + (l.assumption && d === l.depth - 1 ? " opens" : "") }));
      const why = l.rule === "assumption" ? "assume" + (l.fresh.length ? " [" + l.fresh.join(", ") + "]" : "") : l.said.replace(/board\s*(\d+)/gi, "#$1");
      return h("li", { class: "dline" + (hidden ? " later" : "") + (now && l.n === now.n ? " now" : "") + (cited.has(l.n) ? " cited" : "") + (l.assumption ? " assumption" : ""), "data-line": l.n },
        h("span", { class: "ln" }, l.n + "."), bars, h("span", { class: "formula" + (l.assumption ? " assumed" : "") }, l.formula || "[" + l.fresh.join(", ") + "]"),
        h("span", { class: "rule" }, why));
    }));
    const controls = h("div", { class: "row wrap stepper" },
      rui.all ? null : h("button", { type: "button", class: "secondary", disabled: at === 0, onclick: () => { rui.step = Math.max(0, at - 1); render(); } }, "◀ Back"),
      rui.all ? null : h("button", { type: "button", class: "primary", disabled: at === lines.length - 1, onclick: () => { rui.step = at + 1; render(); } }, "Next step ▶"),
      h("button", { type: "button", class: "secondary", onclick: () => { rui.all = !rui.all; render(); } }, rui.all ? "Step through" : "All lines"),
      rui.all ? null : h("span", { class: "small" }, "step " + (at + 1) + " of " + lines.length));
    const checked = h("p", { class: "small" }, "The referee's derivation (" + lines.length + " lines), accepted by the derivation checker line by line.");
    return h("div", { class: "derivation" }, checked, controls, list);
  }


  function palmer(v) {
    const me = v.you;
    const parts = [];
    parts.push(h("table", { class: "scores" }, v.players.map((p) => h("tr", { class: (p.you ? "mine" : "") + (v.to_play === p.name && !v.vote ? " active" : "") },
      h("td", {}, page.playerName(v, p.name)), h("td", {}, String(p.score) + " pt"), h("td", {}, p.hand !== null ? p.hand + " cards" : "")))));
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
    const marks = boardMarks(v);
    v.board.forEach((e) => {
      const mark = marks[e.id];
      const chosen = ui.boardPicks.includes(e.id);
      const old = page.before && page.before.game === "palmer" ? page.before.board.find((b) => b.id === e.id) : undefined;
      const touched = page.before && page.before.game === "palmer" && (!old || old.statement !== e.statement);
      board.append(h("button", { type: "button", class: "entry" + (chosen ? " selected" : "") + (touched ? " last" : "") + (mark ? " lit-" + mark : ""), "data-entry": e.id, disabled: !me, onclick: me ? () => { ui.boardPicks = chosen ? ui.boardPicks.filter((x) => x !== e.id) : ui.boardPicks.concat([e.id]); render(); } : null },
        h("span", { class: "num" }, "#" + e.id), h("span", { class: "stmt" }, e.statement),
        h("span", { class: "by" }, (e.author || "") + (e.cards.length ? " · " + e.cards.join(" ") : ""),
          mark ? h("span", { class: "tag " + mark }, MARK_WORDS[mark]) : null, truthChip(v, e.id))));
    });
    parts.push(board);
    const ruled = rulingPanel(v);
    const hint = claimableNow(v.claimable);
    if (hint) parts.push(hint);
    if (v.draw_pile !== null) parts.push(h("p", { class: "small" }, "Deck: " + v.draw_pile + " cards left"));
    // The ruling beside the board on a wide screen (the TV), under it on a phone.
    if (!me) return ruled ? [h("div", { class: "with-ruling" }, h("div", { class: "left" }, parts), ruled)] : parts;
    if (ruled) parts.push(ruled);
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
