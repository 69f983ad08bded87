"""A plain deduction player for Cogito, written from the rules alone: the outside opponent.

It is not our player's code (nothing of ``referee.cogito`` is imported): it reads only
its seat's view as JSON (the diagram printed on the cards, the holders it sees, its
hand, every field and every card revealed) and keeps only what a careful person keeps
in mind, the cards it gave away. It rules out every Self card it has seen outside its
own holder (there is one of each) and every one its own judged declarations contradict
("I am not X!" lies red exactly when the Self card is X or belongs to X, directly or
through the categories X is in; "I am not Ego!" is always red; Dream says nothing).
It declares COGITO the moment one Self card is left, and otherwise plays or gives at
random among its legal lines. It never says a line its view does not list.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any


def _ancestors(parents: Mapping[str, list[str]], name: str) -> set[str]:
    out: set[str] = set()
    todo = list(parents.get(name, ()))
    while todo:
        category = todo.pop()
        if category not in out:
            out.add(category)
            todo.extend(parents.get(category, ()))
    return out


class DeductionPlayer:
    """Declares when certain (from what it has seen and its own judgements), else random."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)
        self.gave: list[str] = []
        self.events = -1

    def candidates(self, view: Mapping[str, Any]) -> list[str]:
        diagram = view["diagram"]
        parents = {**diagram["categories"], **diagram["selves"]}
        kinds = {c["name"]: c["kind"] for c in diagram["cards"]}
        ego = diagram.get("ego")
        seen = set(self.gave)
        mine: list[tuple[str, str]] = []
        for player in view["players"]:
            if not player["you"] and player.get("self"):
                seen.add(player["self"])
            for placed in (*player["field"], *player.get("played", [])):
                seen.add(placed["card"])
            if player["you"]:
                mine = [(p["card"], p["position"]) for p in player.get("played", player["field"])]
        you = view["you"]
        seen.update(c["card"] for c in you["hand"])
        if you.get("gift"):
            seen.add(you["gift"])

        def blue(self_card: str, denied: str) -> bool:
            if denied == ego:
                return False
            return denied != self_card and denied not in _ancestors(parents, self_card)

        out = []
        for name in diagram["selves"]:
            if name in seen:
                continue
            if all(
                blue(name, card) == (position == "blue")
                for card, position in mine
                if kinds.get(card) in ("category", "self")
            ):
                out.append(name)
        return out

    def choose(self, view: Mapping[str, Any]) -> str | None:
        you = view.get("you") or {}
        moves = [m for m in you.get("legal", []) if isinstance(m, str)]
        if not moves:
            return None
        if view.get("events", 0) < self.events:
            self.gave = []
        self.events = view.get("events", 0)
        left = self.candidates(view)
        name = you["name"]
        if len(left) == 1:
            for line in (f"cogito {name} {left[0]}", f"cogito {name}"):
                if line in moves:
                    return line
        quiet = [m for m in moves if not m.startswith("cogito")]
        if not quiet:
            return None
        line = self.rng.choice(quiet)
        if line.startswith("give "):
            self.gave.append(you["hand"][int(line.split()[-1]) - 1]["card"])
        return line

    def close(self) -> None:
        pass
