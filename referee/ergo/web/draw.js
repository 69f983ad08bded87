// Ergo on the web table's pages: its own drawing of a view.
//
// The shared page (referee/web/static/app.js) does the rest: the transport, the log,
// the command box, the seat, table and spectator pages. It calls ``draw(view)`` with
// every view this page is given and ``reset()`` after a command the table accepted;
// both see the page's helpers as ``page`` (h, button, send, render, say, busy, view,
// before, base, role). Text reaches the page only through textContent.
"use strict";

(function (page) {
  const { h, button, send, render } = page;
  const ui = { selected: null, picks: [], faceFor: null, proofPicks: [], special: null };  // what this page has chosen but not yet sent
  function reset() { ui.selected = null; ui.picks = []; ui.faceFor = null; ui.proofPicks = []; ui.special = null; }

  function ergo(v) {
    const me = v.you;
    const parts = [];
    parts.push(h("p", { class: "phase" }, "Round " + v.round + " · pile " + v.pile + (v.to_play ? " · " + v.to_play + " has " + v.plays_left + " play(s) left" : "") + (v.stopped ? " · the round has stopped" : "")));
    if (v.finished) parts.push(h("p", { class: "result" }, "Winner: " + (v.winners.join(", ") || "nobody")));
    parts.push(h("table", { class: "scores" }, v.players.map((p) => h("tr", { class: p.you ? "mine" : "" },
      h("td", {}, page.playerName(v, p.name)), h("td", {}, p.variable), h("td", {}, String(p.score)),
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
    if (v.proves) {  // the house rule ``hints``: what the Proof proves as it stands (truth tables)
      const p = v.proves;
      const said = !p.well_formed ? "The Proof is not well formed: it proves nothing yet."
        : p.paradox ? "The Proof is a paradox: it proves nothing."
        : "The Proof proves " + (p.proven.join(", ") || "nothing") + (p.disproven.length ? "; disproves " + p.disproven.join(", ") : "") + (p.undecided.length ? "; leaves open " + p.undecided.join(", ") : "") + ".";
      parts.push(h("p", { class: "hint proves" }, said));
    }
    if (v.last_round && v.last_round.fresh) parts.unshift(v.ruling ? roundRuling(v.ruling, true) : roundOver(v.last_round));
    else if (v.last_round) {
      const lr = v.last_round;
      parts.push(h("p", { class: "small" }, "Round " + lr.round + ": proven " + (lr.proven.join(", ") || "nothing") + (lr.paradox ? " (a paradox)" : "")));
      // Once play has moved on, the last round's ruling stays one tap away on a phone.
      if (v.ruling && page.role !== "table") {
        const details = h("details", { class: "ruling-later", open: rui.open }, h("summary", {}, "Round " + v.ruling.round + "'s ruling, drawn"), rui.open ? roundRuling(v.ruling, false) : null);
        details.addEventListener("toggle", () => { if (rui.open !== details.open) { rui.open = details.open; render(); } });
        parts.push(details);
      }
    }
    if (!me) return parts;
    parts.push(h("h2", {}, "Your hand", me.to_play ? " — " + me.plays_left + " play(s) left" : ""));
    const hand = h("div", { class: "hand" });
    me.hand.forEach((c, i) => {
      const key = c.number !== undefined ? String(c.number) : c.card;
      const sel = ui.selected === key;
      hand.append(h("button", { type: "button", class: "card ergo " + c.use + (sel ? " selected" : "") + (c.new ? " new" : ""), disabled: page.busy || !me.to_play, onclick: () => {
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
        // A Wild may also stand for an Ergo or a Justification: offered when the rules take it now.
        const wild = { WILD_VARIABLE: "*var", WILD_OPERATOR: "*op" }[card.card];
        const legal = me.legal || [];
        if (wild && legal.includes("ergo " + wild)) acts.append(button("Play it as an Ergo", "ergo " + wild, "choice primary"));
        if (wild && legal.includes("justify " + wild)) acts.append(button("Play it as a Justification", "justify " + wild, "choice"));
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

  // ------------------------------------------------------------ a round's ruling, drawn
  //
  // From ``view.ruling`` only: the Proof as it stood, each variable's fate (proven,
  // disproven, neither; both in a paradox) with the premises that decide it, and the
  // derivations the checker accepted when the round was scored. Tap a variable: its
  // premises light up in the Proof and its derivation is shown, with Fitch bars.
  const rui = { event: null, chosen: null, open: false };
  const FATE_WORDS = { proven: "PROVEN", disproven: "disproven", neither: "neither", both: "both (a paradox)" };

  function roundRuling(r, fresh) {
    if (rui.event !== r.event) {
      rui.event = r.event; rui.open = false;
      const first = r.variables.find((x) => x.fate === "proven" && x.derivation) || r.variables.find((x) => x.derivation) || r.variables[0];
      rui.chosen = first ? first.variable : null;
    }
    const chosen = r.paradox ? null : r.variables.find((x) => x.variable === rui.chosen);
    const lit = new Set(r.paradox ? r.used : chosen ? chosen.premises : []);
    const points = r.awards.map((a) => a.player + " +" + a.points).join(" · ") || "no points";
    const proof = h("div", { class: "final" }, r.board.map((e, i) => h("div", { class: "premise" + (lit.has(e.id) ? (r.paradox ? " clash" : " lit") : ""), "data-premise": e.id },
      h("span", { class: "pnum" }, e.id + "."), e.statement.split(/\s+/).filter(Boolean).map((c) => h("span", { class: "pcard" }, c)),
      h("span", { class: "reads" }, "reads " + r.readings[i]))));
    const fates = h("div", { class: "fates" }, r.variables.map((x) => h("button", { type: "button", class: "fate " + x.fate + (chosen && chosen.variable === x.variable ? " selected" : ""), "data-variable": x.variable,
      "aria-pressed": String(Boolean(chosen && chosen.variable === x.variable)), disabled: r.paradox, onclick: () => { rui.chosen = x.variable; page.render(); } },
      h("span", { class: "var" }, x.variable), h("span", { class: "who" }, x.player || "nobody's"),
      h("span", { class: "word" }, (x.fate === "proven" ? "✓ " : x.fate === "disproven" ? "✗ " : x.fate === "neither" ? "? " : "⚡ ") + FATE_WORDS[x.fate]),
      h("span", { class: "from" }, x.fate === "neither" ? "either way" : (x.premises.length > 1 ? "premises " : "premise ") + x.premises.join(", ")))));
    const parts = [h("h2", {}, "Round " + r.round + " is over" + (r.paradox ? " — a paradox" : "")), proof, fates];
    if (r.paradox) {
      parts.push(h("p", { class: "why clash-line" }, "Premises " + r.used.join(", ") + " cannot all hold, so every variable is both proven and disproven: nobody scores this round."));
      if (r.derivation) parts.push(fitch(r.derivation));
    } else if (chosen) parts.push(fateDetail(chosen, r.cards));
    parts.push(h("p", { class: "points" }, "Points: " + points));
    return h("section", { class: "round-over round-ruling" + (fresh ? "" : " later"), "aria-live": "polite" }, parts);
  }

  function fateDetail(x, cards) {
    const who = x.variable + (x.player ? " (" + x.player + ")" : "");
    if (x.fate === "neither") {
      const row = (a) => Object.entries(a).map(([k, t]) => k + "=" + (t ? "T" : "F")).join(" ");
      return h("div", { class: "why" }, h("p", {}, who + " is neither proven nor disproven: the premises allow it either way."),
        h("p", { class: "rows" }, "true in  " + row(x.true_row)), h("p", { class: "rows" }, "false in " + row(x.false_row)));
    }
    const word = x.fate === "proven" ? "proven (worth " + cards + ")" : "disproven";
    const from = x.premises.length ? " from premise" + (x.premises.length > 1 ? "s " : " ") + x.premises.join(", ") : "";
    const parts = [h("p", {}, who + " is " + word + from + ", lit in the Proof.")];
    if (x.derivation) parts.push(fitch(x.derivation));
    else parts.push(h("p", { class: "small" }, "Every one of the " + x.rows + " rows of A-D where the premises hold makes it " + (x.fate === "proven" ? "true" : "false") + " (truth table)."));
    return h("div", { class: "why" }, parts);
  }

  // A derivation the checker accepted, all at once, with Fitch bars for its assumptions.
  function fitch(lines) {
    return h("ol", { class: "fitch" }, lines.map((l) => {
      const bars = [];
      for (let d = 0; d < l.depth; d++) bars.push(h("span", { class: "bar" }));
      const why = l.rule === "assumption" ? "suppose" : l.said.replace(/board\s*(\d+)/gi, "premise $1");
      return h("li", { class: "dline" + (l.assumption ? " assumption" : ""), "data-line": l.n }, h("span", { class: "ln" }, l.n + "."), bars,
        h("span", { class: "formula" + (l.assumption ? " assumed" : "") }, l.formula), h("span", { class: "rule" }, why));
    }));
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
    if (!page.before || page.before.game !== "ergo" || page.before.round !== page.view.round) return false;
    const old = page.before.proof.find((p) => p.number === number);
    return !old || !old.cards[i] || old.cards[i].symbol !== symbol || old.cards.length !== page.view.proof.find((p) => p.number === number).cards.length;
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

  page.game({ draw: ergo, reset: reset });
})(window.refereePage);
