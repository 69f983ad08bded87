// The club's host page (the laptop's): open a table of any game, its fields built from the
// game's registration (HOST/games); list the open tables (game, code, who has joined,
// whose turn, the table screen and spectators' links with their QR codes), the finished
// games (players, result, a replay link); close a table. Everything comes from the host's
// own JSON (HOST/tables); text reaches the page only through textContent.
"use strict";

(function () {
  const base = location.pathname.replace(/\/+$/, "");
  const form = document.getElementById("new-table");
  const said = document.getElementById("said");
  const openList = document.getElementById("open-tables");
  const doneList = document.getElementById("finished-games");
  let games = [];
  let fields = null;  // the chosen game's inputs, by role

  function h(tag, attrs, ...children) {
    const el = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === null || v === undefined || v === false) continue;
      if (k === "class") el.className = v;
      else if (k === "text") el.textContent = v;
      else if (k === "onclick") el.addEventListener("click", v);
      else el.setAttribute(k, v === true ? "" : String(v));
    }
    for (const c of children.flat()) {
      if (c === null || c === undefined || c === false) continue;
      el.append(typeof c === "string" || typeof c === "number" ? document.createTextNode(String(c)) : c);
    }
    return el;
  }

  function say(lines, ok) {
    said.className = ok ? "ok" : "refused";
    said.replaceChildren(...lines.map((l) => h("span", { class: "line" }, l)));
  }

  // ------------------------------------------------------------ the form

  const SEATED = ["players", "white", "black"];  // given by the seats' part of the form

  function labelled(text, input, help) {
    return h("label", { class: "field" }, h("span", { class: "name" }, text), input, help ? h("span", { class: "help" }, help) : null);
  }

  function optionInput(o) {
    const id = "opt-" + o.name;
    if (o.kind === "choice") {
      return h("select", { id, "data-option": o.name }, h("option", { value: "" }, "(default)"), o.choices.map((c) => h("option", { value: c }, c)));
    }
    const type = o.kind === "int" || o.kind === "number" ? "number" : "text";
    return h("input", { id, type, "data-option": o.name, step: o.kind === "number" ? "any" : null, placeholder: "(default)", autocomplete: "off" });
  }

  function houseInput(rule) {
    const id = "house-" + rule.name;
    if (rule.values === "yes or no") {
      return h("select", { id, "data-house": rule.name, "data-default": rule.default },
        ["no", "yes"].map((v) => h("option", { value: v, selected: v === rule.default }, v)));
    }
    if (rule.values.startsWith("one of ")) {
      const values = rule.values.slice(7).split(", ");
      return h("select", { id, "data-house": rule.name, "data-default": rule.default },
        values.map((v) => h("option", { value: v, selected: v === rule.default }, v)));
    }
    return h("input", { id, type: rule.values === "a whole number" ? "number" : "text", "data-house": rule.name, "data-default": rule.default, value: rule.default });
  }

  function botRow(game) {
    const levels = game.bots.levels;
    return h("div", { class: "bot row" },
      h("input", { type: "text", class: "bot-name", placeholder: "name (e.g. hal)", maxlength: 40, autocomplete: "off", "aria-label": "computer player's name" }),
      h("select", { class: "bot-level", "aria-label": "its level" }, levels.map((l) => h("option", { value: l, selected: l === game.bots.default }, "level " + l + (l === 0 ? " (random)" : l === game.bots.default ? " (strongest)" : "")))));
  }

  function buildForm() {
    const select = h("select", { id: "game", "aria-label": "game" }, games.map((g) => h("option", { value: g.name }, g.title)));
    const game = games.find((g) => g.name === (fields ? fields.game : games[0].name)) || games[0];
    select.value = game.name;
    select.addEventListener("change", () => { fields = { game: select.value }; buildForm(); });
    const count = h("input", { id: "seat-count", type: "number", min: 1, max: 64, value: 2 });
    const names = h("input", { id: "player-names", type: "text", placeholder: "ann,bob (in turn order)", autocomplete: "off" });
    const byPhone = h("input", { type: "radio", name: "seating", id: "by-phone", value: "seats", checked: true });
    const byName = h("input", { type: "radio", name: "seating", id: "by-name", value: "players" });
    const bots = h("div", { class: "bots" });
    const addBot = h("button", { type: "button", class: "secondary", onclick: () => bots.append(botRow(game)) }, "+ a computer player");
    const options = game.options.filter((o) => !SEATED.includes(o.name)).map((o) => labelled(o.name.replace(/-/g, " "), optionInput(o), o.help));
    const house = game.house.map((r) => labelled(r.name.replace(/_/g, " "), houseInput(r), r.values));
    const deck = game.decks.length ? labelled("deck", h("select", { id: "deck" }, h("option", { value: "" }, "(default)"), game.decks.map((d) => h("option", { value: d }, d)))) : null;
    fields = { game: game.name, count, names, byPhone, bots };
    form.replaceChildren(
      labelled("game", select),
      h("fieldset", { class: "seating" }, h("legend", {}, "Players"),
        h("div", { class: "row wrap" }, h("label", { class: "choice" }, byPhone, "they name themselves on their phones:"), h("span", { class: "choice" }, count, " seats")),
        h("div", { class: "row wrap" }, h("label", { class: "choice" }, byName, "named here:"), names)),
      h("fieldset", { class: "computers" }, h("legend", {}, "Computer players (they take the last seats)"), bots, addBot),
      h("details", { class: "settings" }, h("summary", {}, "Settings, house rules and deck"), options, deck, house),
      h("div", { class: "row" }, h("button", { type: "submit", class: "primary", id: "open-table" }, "Open the table")));
  }

  function spec() {
    const body = { game: fields.game, options: {} };
    if (fields.byPhone.checked) body.seats = Number(fields.count.value);
    else body.players = fields.names.value.split(",").map((n) => n.trim()).filter(Boolean);
    const bots = [...fields.bots.querySelectorAll(".bot")].map((row) => {
      const name = row.querySelector(".bot-name").value.trim();
      return name ? name + ":" + row.querySelector(".bot-level").value : null;
    }).filter(Boolean);
    if (bots.length) body.bots = bots.join(",");
    if (body.seats !== undefined && bots.length) body.seats += bots.length;  // they take seats too
    if (body.players !== undefined && bots.length) body.players.push(...bots.map((b) => b.split(":")[0]));
    for (const input of form.querySelectorAll("[data-option]")) {
      if (input.value === "") continue;
      body.options[input.dataset.option] = input.type === "number" ? Number(input.value) : input.value;
    }
    const house = [...form.querySelectorAll("[data-house]")].filter((i) => i.value !== i.dataset.default).map((i) => i.dataset.house + "=" + i.value);
    if (house.length) body.options.house = house;
    const deck = document.getElementById("deck");
    if (deck && deck.value) body.options.deck = deck.value;
    return body;
  }

  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    const button = document.getElementById("open-table");
    button.disabled = true;
    try {
      const r = await fetch(base + "/tables", { method: "POST", body: JSON.stringify(spec()), headers: { "Content-Type": "application/json" } });
      const answer = await r.json();
      if (r.ok) say(["Table " + answer.id + " is open: code " + answer.code + "."], true);
      else say(answer.messages || ["The table could not be opened."], false);
    } catch (err) {
      say(["The club cannot be reached."], false);
    }
    button.disabled = false;
    refresh();
  });

  // ------------------------------------------------------------ the tables

  async function close(table) {
    if (!confirm("Close table " + table.code + " (" + table.title + ")? Its record stays; its links stop working.")) return;
    await fetch(base + "/tables/" + encodeURIComponent(table.id) + "/close", { method: "POST" });
    refresh();
  }

  function link(url, text, qr) {
    return h("figure", { class: "link" },
      qr ? h("img", { src: qr, alt: "QR code: " + text, width: 112, height: 112 }) : null,
      h("figcaption", {}, h("a", { href: url, target: "_blank", rel: "noopener" }, text)));
  }

  function whoseTurn(t) {
    const w = t.waiting_for;
    if (t.naming) return "waiting for the phones to name their players";
    if (!w || !w.players || !w.players.length) return "";
    return (w.what ? w.what + ": " : "") + w.players.join(", ") + " to " + w.verb;
  }

  function openEntry(t) {
    const joined = new Set(t.joined);
    const seats = Object.keys(t.seats).map((name) => h("li", { class: joined.has(name) ? "joined" : "waiting" },
      name + (t.computers.includes(name) ? " (computer)" : joined.has(name) ? " ✓" : " (no phone yet)")));
    return h("article", { class: "table-entry", "data-id": t.id, "data-code": t.code },
      h("header", {}, h("h3", {}, t.title), h("span", { class: "code", title: "the code phones join with" }, t.code),
        t.match > 1 ? h("span", { class: "match" }, "game " + t.match) : null),
      h("ul", { class: "seat-list" }, seats),
      h("p", { class: "turn" }, whoseTurn(t)),
      h("div", { class: "links" }, link(t.table, "table screen", t.qr.table), link(t.spectator, "spectators", t.qr.spectator)),
      h("button", { type: "button", class: "secondary close", onclick: () => close(t) }, "Close the table"));
  }

  function finishedEntry(t) {
    return h("article", { class: "table-entry finished", "data-id": t.id },
      h("header", {}, h("h3", {}, t.title), h("span", { class: "code" }, t.code),
        t.kept ? h("span", { class: "match" }, "game " + t.match) : null),
      h("p", {}, t.players.join(", ") + ": " + (t.result || "over")),
      h("p", {}, h("a", { href: t.spectator, target: "_blank", rel: "noopener", class: "replay-link" }, "replay on the TV"), " · record " + t.record),
      // a game its table's rematch finished: the table plays on, listed among the open
      t.kept ? null : h("button", { type: "button", class: "secondary close", onclick: () => close(t) }, "Close the table"));
  }

  async function refresh() {
    try {
      const r = await fetch(base + "/tables", { cache: "no-store" });
      if (!r.ok) return;
      const tables = (await r.json()).tables;
      const open = tables.filter((t) => !t.finished);
      const done = tables.filter((t) => t.finished);
      openList.replaceChildren(...(open.length ? open.map(openEntry) : [h("p", { class: "empty" }, "No table is open.")]));
      doneList.replaceChildren(...(done.length ? done.map(finishedEntry) : [h("p", { class: "empty" }, "No game has finished yet.")]));
    } catch (err) { /* the next refresh tries again */ }
  }

  async function start() {
    const r = await fetch(base + "/games", { cache: "no-store" });
    games = (await r.json()).games;
    buildForm();
    await refresh();
    setInterval(refresh, 2000);
  }
  start();
})();
