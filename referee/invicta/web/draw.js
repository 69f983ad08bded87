// Ergo (Invicta) on the web table's pages: its own drawing of a view.
//
// The shared page (referee/web/static/app.js) does the rest: the transport, the log,
// the command box, the seat, table and spectator pages. It calls ``draw(view)`` with
// every view this page is given and ``reset()`` after a command the table accepted;
// both see the page's helpers as ``page`` (h, button, send, render, say, busy, view,
// before, base, role). Text reaches the page only through textContent.
"use strict";

(function (page) {
  const { h, button, send, render } = page;
  const ui = { selected: null };  // what this page has chosen but not yet sent
  function reset() { ui.selected = null; }

  function invicta(v) {
    const me = v.you;
    const parts = [];
    const white = v.players[0], black = v.players[1];
    // What is said about the position, in one block: above the board on a phone, beside it
    // on the table screen (where the board takes the screen's whole height).
    const facts = h("div", { class: "facts" });
    facts.append(h("p", { class: "phase" }, h("span", {}, "White: ", page.playerName(v, white.name), " (" + v.in_hand.white + " in hand)"), h("span", { class: "sep" }, " · "), h("span", {}, "Black: ", page.playerName(v, black.name), " (" + v.in_hand.black + " in hand)")));
    if (v.finished) facts.append(h("p", { class: "result" }, v.result));
    else if (v.last) facts.append(h("p", {}, "Last move: " + v.last + (v.passed ? " · " + v.passed + " could not move" : "")));
    // A position come round again: every screen warns before the third time draws (a move
    // is never broken at its hyphen).
    if (v.repetition && v.repetition.length) facts.append(h("div", { class: "repetition", role: "status" }, v.repetition.map((l) => h("p", {}, l.replace(/([a-z]\d+)-([a-z]\d+)/g, "$1\u2011$2")))));
    parts.push(facts);
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
        grid.append(h("button", { type: "button", class: cls, "data-square": sq, "aria-label": sq + (piece ? " " + piece.side + " " + piece.kind : ""), disabled: page.busy || !action, onclick: action }, label));
      }
    }
    parts.push(grid);
    if (me) parts.push(h("p", { class: "hint" }, "You play " + me.side + ". ", me.to_play ? (ui.selected ? "Tap a highlighted square to move there, or the piece again to let go." : "Tap an empty square to place a piece, or one of your pieces to move it.") : ""));
    return parts;
  }

  page.game({ draw: invicta, reset: reset });
})(window.refereePage);
