// Cogito on the web table's pages: its own drawing of a view.
//
// The shared page (referee/web/static/app.js) does the rest: the transport, the log,
// the command box, the seat, table and spectator pages. It calls ``draw(view)`` with
// every view this page is given and ``reset()`` after a command the table accepted;
// both see the page's helpers as ``page`` (h, button, send, render, say, busy, view,
// before, base, role). Text reaches the page only through textContent.
"use strict";

(function (page) {
  const { h, button, send, render } = page;
  const ui = { cogitoOpen: false, cogitoCard: null, diagramOpen: false };  // chosen here, not yet sent
  function reset() { ui.cogitoOpen = false; ui.cogitoCard = null; }

  function cogito(v) {
    const me = v.you;
    const parts = [];
    const phase = { turns: "Round " + v.round, trade: "The trade: each gives a card to the left", last_call: "Every hand is empty: COGITO now, or end", over: "Game over" }[v.phase];
    parts.push(h("p", { class: "phase" }, phase, v.cogito.length ? " · COGITO: " + v.cogito.join(", ") : "", " · pile ", String(v.pile),
      v.trade_waiting.length ? " · waiting for " + v.trade_waiting.join(", ") : ""));
    if (v.finished) parts.push(h("p", { class: "result" }, v.winner ? v.winner + " found themselves and wins" : "A tie"));
    parts.push(h("section", { class: "holders" }, v.players.map((p) => h("div", { class: "holder " + p.standing + (p.you ? " mine" : "") + (v.to_play === p.name ? " active" : "") },
      h("div", { class: "who" }, h("strong", {}, page.playerName(v, p.name)), p.standing !== "playing" ? " (" + p.standing + ")" : "",
        " · ", String(p.hand), " in hand", p.chose_gift ? " · gift chosen" : ""),
      h("div", { class: "self" }, p.self ? "Self: " + p.self : (p.you ? "Self: your own (hidden from you)" : "Self: ?")),
      h("div", { class: "field" }, p.field.length ? p.field.map((c, i) => h("span", { class: "fcard " + c.position + (revealed(p.name, i, c) ? " last" : "") }, c.position === "none" ? c.card : (c.position === "blue" ? "✓ not " : "✗ not ") + c.card)) : h("span", { class: "empty" }, "no cards yet"))))));
    // The last judgement, and its path on the diagram (while no move has followed it).
    const judged = fresh(v) ? v.ruling : null;
    if (judged) parts.push(judgement(judged, v));
    // The printed diagram of categories: always on the table screen, one tap away on a phone.
    if (page.role !== "seat") parts.push(diagram(v.diagram, judged));
    else {
      parts.push(h("button", { type: "button", class: "secondary diagram-toggle", "aria-expanded": String(ui.diagramOpen), onclick: () => { ui.diagramOpen = !ui.diagramOpen; render(); } },
        ui.diagramOpen ? "Hide the diagram" : judged && judged.path ? "The path on the diagram" : "The diagram"));
      if (ui.diagramOpen) parts.push(diagram(v.diagram, judged));
    }
    if (me) {
      const byCard = {};
      for (const m of me.moves) if (m.move === "play" || m.move === "give") byCard[m.card] = m;
      const giving = me.moves.some((m) => m.move === "give");
      const playing = me.moves.some((m) => m.move === "play");
      parts.push(h("h2", {}, "Your hand", giving ? " — tap a card to give it to " + me.left : playing ? " — tap a card to reveal it" : ""));
      parts.push(h("div", { class: "hand" }, me.hand.length ? me.hand.map((c) => {
        const m = byCard[c.card];
        return h("button", { type: "button", class: "card " + c.kind + (m ? " can" : ""), disabled: page.busy || !m, onclick: m ? () => send(m.command) : null },
          h("span", { class: "name" }, c.card), h("span", { class: "says" }, c.says));
      }) : h("p", { class: "empty" }, "(empty)")));
      if (me.gift) parts.push(h("p", {}, "You give ", h("strong", {}, me.gift), " in the trade."));
      const naming = me.moves.find((m) => m.move === "cogito");
      if (naming) {
        parts.push(h("button", { type: "button", class: "cogito", disabled: page.busy, onclick: () => { ui.cogitoOpen = !ui.cogitoOpen; ui.cogitoCard = null; render(); } },
          ui.cogitoOpen ? "Not yet" : "COGITO! I know who I am"));
        // Only the Self cards not in sight elsewhere (the seat's legal COGITO lines, which the
        // server lists from what this seat sees), then a confirmation: a wrong COGITO puts
        // the player out, so one stray tap must not declare it.
        const prefix = "cogito " + me.name + " ";
        const lines = (me.legal || []).filter((l) => l.startsWith(prefix));
        const cards = lines.length ? lines.map((l) => l.slice(prefix.length)) : v.self_cards;
        const choose = (c) => () => { ui.cogitoCard = c; render(); };
        if (ui.cogitoOpen && ui.cogitoCard) parts.push(h("div", { class: "choices confirm" },
          h("p", {}, "Declare COGITO: you are " + ui.cogitoCard + "?"),
          button("Yes, COGITO: " + ui.cogitoCard, naming.command + " " + ui.cogitoCard, "primary"),
          h("button", { type: "button", class: "secondary", disabled: page.busy, onclick: choose(null) }, "No, not yet")));
        else if (ui.cogitoOpen) parts.push(h("div", { class: "choices" }, h("p", {}, "I am…"),
          cards.map((c) => h("button", { type: "button", class: "choice", disabled: page.busy, onclick: choose(c) }, c))));
      }
      const end = me.moves.find((m) => m.move === "end");
      if (end && (v.ending || []).includes(me.name)) parts.push(h("p", {}, "You would end the game here (a tie); waiting for the others."));
      else if (end) parts.push(button("End the game (a tie)", "end", "secondary"));
    }
    return parts;
  }

  // ------------------------------------------------------------ the last judgement, drawn
  //
  // From ``view.ruling`` only: the card revealed, where it lies, and (where this screen
  // may see the holder's Self card) the judgement's path through the diagram: from the
  // Self card up through its categories to the card denied (red: "I am not X!" is false),
  // or every category the Self card is in, none of them the card (blue: true).
  function fresh(v) { return v.ruling && v.ruling.event === v.events; }

  function judgement(r, v) {
    if (r.kind === "cogito") {
      return h("section", { class: "judgement " + (r.outcome === "upheld" ? "blue" : "red"), "aria-live": "polite" },
        h("p", {}, h("strong", {}, r.player), " declared “I am " + r.card + "!”: " + (r.outcome === "upheld" ? "right" : "wrong")));
    }
    const said = "“I am not " + r.card + "!”";
    const where = r.position === "none" ? "Dream: it declares nothing" : r.position === "blue" ? "blue: true" : "red: false";
    const parts = [h("p", { class: "head" }, h("strong", {}, r.player), " revealed " + (r.position === "none" ? r.card : said) + " — ", h("span", { class: "where " + r.position }, where))];
    if (r.hidden) {
      const whose = v.you && v.you.name === r.player ? "your own Self card, hidden from you" : r.player + "'s Self card, hidden until it is revealed";
      parts.push(h("p", { class: "small" }, "Why it lies there starts at " + whose + "."));
    } else if (r.path && r.position === "red") {
      const steps = r.denied === "category" ? r.path : [];
      if (steps.length) parts.push(h("ol", { class: "path" }, steps.map((name, i) => h("li", { class: i === 0 ? "self" : i === steps.length - 1 ? "denied" : "" }, name))));
      parts.push(h("p", {}, why(r)));
    } else if (r.path) {
      parts.push(h("p", {}, why(r)));
    }
    return h("section", { class: "judgement " + r.position, "aria-live": "polite" }, parts);
  }

  // Why the card lies where it does, in the terminal's words (cogito/terminal.py ``why``).
  const a = (noun) => (/^[aeiou]/i.test(noun) ? "an " : "a ") + noun;
  function andList(parts) {
    return parts.length < 2 ? parts.join("") : parts.length === 2 ? parts.join(" and ") : parts.slice(0, -1).join(", ") + ", and " + parts[parts.length - 1];
  }
  function why(r) {
    const self = r.path[0];
    if (r.denied === "ego") return r.card + " lies red whoever holds it: saying \"I am not " + r.card + "\" is inconsistent";
    if (r.denied === "self") return r.position === "blue" ? self + " is not " + r.card + ": each Self card is only itself" : "the Self card is " + self + " itself";
    if (r.position === "red") {
      const steps = [r.path[0] + " is " + a(r.path[1])];
      for (let i = 1; i + 1 < r.path.length; i++) steps.push("every " + r.path[i] + " is " + a(r.path[i + 1]));
      return steps.length === 1 ? steps[0] : steps.slice(0, -1).join(", ") + ", and " + steps[steps.length - 1];
    }
    if (!r.belongs || !r.belongs.length) return self + " belongs to no category";
    return self + " is " + andList(r.belongs.map(a)) + ", not " + a(r.card);
  }

  // Each category under its parents, with the Self cards that belong to it (a Self card of
  // no category on a line of its own): the diagram as printed, drawn as nested lists. A
  // judgement's path is lit on it: its Self card, each category it climbs, the card denied.
  function diagram(d, r) {
    if (!d) return null;
    const cats = Object.keys(d.categories);
    const path = r && r.path ? r.path : [];
    const red = r && r.position === "red";
    const mark = (name) => {
      if (!r || !r.path) return "";
      if (name === r.card) return red ? " on-path denied" : " not-in";
      if (name === path[0]) return " self";
      if (path.includes(name)) return " on-path";
      if (!red && r.belongs && r.belongs.includes(name)) return " belongs";
      return "";
    };
    const label = (name) => {
      const i = red ? path.indexOf(name) : name === path[0] ? 0 : -1;
      return h("span", { class: "dname" + mark(name), "data-name": name }, i >= 0 && red ? (i + 1) + " " : "", name);
    };
    const selvesOf = (cat) => Object.keys(d.selves).filter((s) => (d.selves[s] || []).includes(cat));
    const item = (cat, seen) => {
      const kids = cats.filter((c) => d.categories[c].includes(cat) && !seen.includes(c));
      const selves = selvesOf(cat);
      const listed = selves.length ? [": "].concat(selves.flatMap((x, i) => i ? [", ", label(x)] : [label(x)])) : [];
      return h("li", {}, h("strong", {}, label(cat)), listed,
        kids.length ? h("ul", {}, kids.map((k) => item(k, seen.concat([k])))) : null);
    };
    const roots = cats.filter((c) => !d.categories[c].length);
    const loose = Object.keys(d.selves).filter((s) => !(d.selves[s] || []).length);
    const key = r && r.path ? h("p", { class: "small key" }, red ? "Lit: the path from the Self card up to " + r.card + ", numbered." : "Lit: the Self card and its categories; " + r.card + " is not among them.") : null;
    return h("section", { class: "diagram" + (r && r.path ? " judged" : "") }, h("h2", {}, "The diagram"), key,
      h("ul", {}, roots.map((x) => item(x, [x])), loose.length ? h("li", {}, h("em", {}, "no category"), [": "].concat(loose.flatMap((x, i) => i ? [", ", label(x)] : [label(x)]))) : null));
  }

  function revealed(name, i, c) {
    if (!page.before || page.before.game !== "cogito") return false;
    const old = page.before.players.find((p) => p.name === name);
    const was = old && old.field[i];
    return !was || was.card !== c.card || was.position !== c.position;
  }

  page.game({ draw: cogito, reset: reset });
})(window.refereePage);
