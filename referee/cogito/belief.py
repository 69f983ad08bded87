"""What one seat can know of its own Self card, from its view alone.

A seat sees every other player's Self card on the holders, so the only card
of the deal it must find is its own: the worlds it cannot tell apart differ
in that card only. Its belief is the exact set of Self cards still possible:
not seen anywhere else (the others' holders, its hand, every card ever
revealed, the cards it gave away), and judged as each of its own
declarations was judged (:func:`referee.cogito.judge.judge` on the deck the
view carries). The set always holds the true card, so a COGITO named from a
belief of one card is never wrong.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from referee.cogito.diagram import CardKind, Diagram, diagram_from_data
from referee.cogito.judge import Colour, judge


@dataclass(frozen=True)
class Belief:
    """``possible``: the seat's own Self card is one of these (in the deck's order)."""

    name: str
    diagram: Diagram
    possible: tuple[str, ...]

    @property
    def sure(self) -> str | None:
        """The seat's Self card when only one is possible."""
        return self.possible[0] if len(self.possible) == 1 else None

    def split(self, card: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """The possible cards for which revealing ``card`` would lie blue, and red."""
        blue = tuple(s for s in self.possible if judge(self.diagram, s, card).true)
        return blue, tuple(s for s in self.possible if s not in blue)


def me(view: Mapping[str, Any]) -> Mapping[str, Any]:
    """The seat's own entry among the view's players."""
    return next(p for p in view["players"] if p["you"])


def seen_cards(view: Mapping[str, Any], given: Iterable[str] = ()) -> set[str]:
    """Every card the seat has seen outside its own holder that its view still shows, and
    ``given``: the cards it remembers giving away."""
    seen = set(given)
    for player in view["players"]:
        if not player["you"] and player.get("self"):
            seen.add(player["self"])
        seen.update(p["card"] for p in (*player["field"], *player["played"]))
    you = view["you"]
    seen.update(c["card"] for c in you["hand"])
    if you.get("gift"):
        seen.add(you["gift"])
    return seen


def belief(
    view: Mapping[str, Any], given: Iterable[str] = (), diagram: Diagram | None = None
) -> Belief:
    """The seat's belief from its ``view`` (and the cards it remembers ``given``)."""
    diagram = diagram or diagram_from_data(view["diagram"])
    seen = seen_cards(view, given)
    judged = [
        (p["card"], Colour(p["position"]))
        for p in me(view)["played"]
        if diagram.card(p["card"]).kind in (CardKind.CATEGORY, CardKind.SELF)
    ]
    possible = tuple(
        s
        for s in diagram.self_names
        if s not in seen and all(judge(diagram, s, card).colour == c for card, c in judged)
    )
    return Belief(view["you"]["name"], diagram, possible)
