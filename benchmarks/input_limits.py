"""How long the referee takes over the largest input it accepts (issue 19, ruling 37).

Every limit of `referee/language/input_limits.py` was chosen so that an input just
inside it is handled in well under a second. This builds, for each game, the
worst input of that size this benchmark knows of (a Palmer deck of long S cards,
which the parser reads one by one; a Cogito deck of one long chain of
categories; an Ergo deck; a game record of the largest size with a deck inside;
a typed line at the limit; a premise of the most cards Ergo allows) and times
reading it, best of three. Prints a Markdown table for `benchmarks/RESULTS.md`.

    .venv/bin/python benchmarks/input_limits.py
"""

from __future__ import annotations

import json
import re
import time
from pathlib import Path

from referee.cogito.diagram import load_diagram
from referee.ergo.cards import Face
from referee.ergo.deck import load_ergo_deck
from referee.ergo.reading import read_premise
from referee.ergo.syntax import MAX_PREMISE_CARDS
from referee.language.deck import load_deck_text
from referee.language.input_limits import MAX_DECK_BYTES, MAX_LINE_CHARS, MAX_RECORD_BYTES
from referee.table.record import parse_json

ROOT = Path(__file__).resolve().parent.parent


def fill(head: str, piece, limit: int = MAX_DECK_BYTES) -> str:
    """``head`` and as many ``piece(i)`` as fit in ``limit`` bytes."""
    parts, size, i = [head], len(head.encode()), 0
    while True:
        more = piece(i)
        if size + len(more.encode()) > limit:
            return "".join(parts)
        parts.append(more)
        size += len(more.encode())
        i += 1


def palmer_deck() -> str:
    head = "[vocabulary]\npredicates = { p = 1, q = 2 }\nfunctions = { f = 1 }\n"
    body = " ∧ ".join(["q(f(x), f(y))"] * 60)
    return fill(
        head, lambda i: f'[[cards]]\nkind = "S"\nstatement = "∀x ∀y {body}{" ∧ p(x)" * (i % 30)}"\n'
    )


def cogito_deck() -> str:
    tail = '[selves]\nMe = ["C0"]\n'
    chain = fill("[categories]\n", lambda i: f'C{i} = ["C{i + 1}"]\n', MAX_DECK_BYTES - 200)
    last = len(re.findall(r"^C\d+ =", chain, re.M))
    return chain + f"C{last} = []\n" + tail


def ergo_deck() -> str:
    text = (ROOT / "cards" / "ergo.toml").read_text("utf-8")
    return fill(text, lambda i: f"# {'x' * 76}\n")


def record_text() -> str:
    data = json.loads((ROOT / "examples" / "games" / "points-win.json").read_text("utf-8"))
    events = data["events"]
    text = json.dumps(data)
    copies = max(1, (MAX_RECORD_BYTES - len(text)) // len(json.dumps(events)))
    data["events"] = events * copies
    return json.dumps(data)


def best(action, runs: int = 3) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    load_deck_text((ROOT / "cards" / "palmer.toml").read_text("utf-8"))  # the grammar, once
    palmer, cogito, ergo = palmer_deck(), cogito_deck(), ergo_deck()
    record = record_text()
    line = "claim " + " ".join(["1"] * ((MAX_LINE_CHARS - 6) // 2))
    premise = [Face.A, Face.AND] * (MAX_PREMISE_CARDS // 2 - 1) + [Face.A]
    rows = [
        ("Palmer deck of long S cards", len(palmer.encode()), lambda: load_deck_text(palmer)),
        (
            "Cogito deck, one chain of categories",
            len(cogito.encode()),
            lambda: load_diagram(cogito),
        ),
        ("Ergo deck", len(ergo.encode()), lambda: load_ergo_deck(ergo)),
        (
            "game record (JSON read and depth check)",
            len(record.encode()),
            lambda: parse_json(record),
        ),
        ("Ergo premise at the card limit", len(premise), lambda: read_premise(premise)),
        ("typed line at the limit (split)", len(line), lambda: line.split()),
    ]
    print("| input at its limit | size | seconds (best of 3) |")
    print("| --- | ---: | ---: |")
    for name, size, action in rows:
        print(f"| {name} | {size:,} | {best(action):.3f} |")


if __name__ == "__main__":
    main()
