"""Cogito's computer players (:mod:`referee.table.computer`): a seat's view in, one line out.

Level 0 draws any legal line. Level 1 draws among the plays and gifts but
names its card only when sure. Level 2 (the default) keeps its seat's exact
belief (:mod:`referee.cogito.belief`) and names its card the moment only one
is possible, on anyone's turn (so it is never wrong, and never late). It
chooses each play and gift by looking ahead (:mod:`referee.cogito.lookahead`):
it plays the rest of the game out in worlds it cannot tell apart from the
game (:data:`WORLDS` at a time, more while the best two moves are close, at
most :data:`MOST_WORLDS`), the others knowing what their own view tells them
and declaring as soon as they are sure, and takes the move that finds itself
first in the most. So a judgement that may split its candidates is weighed
against a second red card (ego disruption) and against what the move tells
the others: a Self card revealed or given is one they strike off, a card
kept is one they cannot, and a card that lies red for the player on its left
may cost that player the game. Ties go to the estimate of the previous
default (:class:`Reasoner`): the chance of finding itself, then the worst
case, then what the card shows the others. At the last call, not sure, it
says ``end`` (the tie), once; it never guesses.

A level's choice depends on its seat's view, what that seat said before
(the cards it gave) and its seed alone.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import replace
from functools import cache
from typing import Any

from referee.cogito.belief import Belief, belief, me
from referee.cogito.diagram import CardKind, Diagram, diagram_from_data
from referee.cogito.lookahead import Judgements, Memory, Move, play_out, round_starter, worlds
from referee.table.computer import ComputerPlayer, RandomPlayer, legal

DEFAULT_LEVEL = 2
LEVELS = (0, 1, 2)
RED_LIMIT = 2  # two red cards in a field: ego disruption (referee.cogito.setup)
# Worlds each play or gift is played out in (the same worlds for each card), drawn
# WORLDS at a time until the best card leads the next by SETTLED standard errors, or
# MOST_WORLDS are drawn: counted, not clocked, so the choice depends on the view and the
# seed alone. Most choices settle in one batch (a few milliseconds); a close one takes
# a few hundred milliseconds (benchmarks/RESULTS.md).
WORLDS = 64
MOST_WORLDS = 4096
SETTLED = 2.0
END = "end"  # at the last call: the tie, said by every player still in (docs/rulings.md)


def computer_player(level: int = DEFAULT_LEVEL, seed: int | None = None) -> ComputerPlayer:
    """The player of ``level`` (0: random, 1: careful, 2: the lookahead)."""
    if level == 0:
        return RandomPlayer(seed)
    if level == 1:
        return CarefulPlayer(seed)
    if level == 2:
        return Lookahead(seed)
    raise ValueError(f"Cogito's computer players are levels {', '.join(map(str, LEVELS))}")


class _Remembering:
    """What every level above 0 shares: the cards its seat gave away and to whom (a person
    remembers them; the view no longer shows them), where the rounds start, a sure COGITO
    taken at once, and the tie rather than a guess at the last call."""

    def __init__(self, seed: int | None) -> None:
        self.rng = random.Random(seed)
        self.given: set[str] = set()
        self.memory = Memory()
        self.kept: tuple[int, list[str], str | None] | None = None  # the hand left in a trade
        self.events = -1
        self._deck: tuple[int, Diagram] | None = None

    def choose(self, view: Mapping[str, Any]) -> str | None:
        moves = legal(view)
        if not moves:
            return None
        if view.get("events", 0) < self.events:  # a new game: forget the last one
            self.given, self.memory, self.kept = set(), Memory(), None
        self.events = view.get("events", 0)
        self.memory = replace(self.memory, starter=round_starter(view, self.memory))
        self.received(view)
        known = self.belief(view)
        sure = self.cogito(known, moves)
        if sure is not None:
            return sure
        if END in moves:  # every hand empty and not sure: the tie, never a guess, said once
            return None if known.name in (view.get("ending") or ()) else END
        line = self.pick(view, known, [m for m in moves if not m.startswith("cogito ")])
        if line is not None and line.startswith("give "):
            self.remember_gift(view, card_of(view, line))
        return line

    def remember_gift(self, view: Mapping[str, Any], card: str) -> None:
        self.given.add(card)
        left = view["you"].get("left")
        shown = next((len(p["played"]) for p in view["players"] if p["name"] == left), 0)
        if left:
            self.memory = replace(self.memory, gifts=(*self.memory.gifts, (left, card, shown)))
        kept = [c["card"] for c in view["you"]["hand"]]
        kept.remove(card)
        self.kept = (view.get("round", 0), kept, right_of(view))

    def received(self, view: Mapping[str, Any]) -> None:
        """Once the trade is over: the card the seat was given, which its giver saw."""
        if self.kept is None or view.get("round", 0) <= self.kept[0]:
            return
        _, kept, giver = self.kept
        self.kept = None
        new = Counter(c["card"] for c in view["you"]["hand"])
        new.subtract(kept)
        got = [card for card, count in new.items() if count > 0]
        if giver is not None and len(got) == 1:
            self.memory = replace(self.memory, received=(*self.memory.received, (giver, got[0])))

    def belief(self, view: Mapping[str, Any]) -> Belief:
        data = view["diagram"]
        if self._deck is None or self._deck[0] != hash(repr(data)):
            self._deck = (hash(repr(data)), diagram_from_data(data))
        return belief(view, self.given, self._deck[1])

    @staticmethod
    def cogito(known: Belief, moves: list[str]) -> str | None:
        """The COGITO to say when the seat is sure: naming its card, or joining the line of
        those naming theirs first."""
        if known.sure is None:
            return None
        for line in (f"cogito {known.name} {known.sure}", f"cogito {known.name}"):
            if line in moves:
                return line
        return None

    def pick(self, view: Mapping[str, Any], known: Belief, moves: list[str]) -> str | None:
        raise NotImplementedError

    def close(self) -> None:
        pass


class CarefulPlayer(_Remembering):
    """Level 1: any play or gift, drawn at random; a COGITO only when sure."""

    def pick(self, view: Mapping[str, Any], known: Belief, moves: list[str]) -> str | None:
        return self.rng.choice(moves) if moves else None


class Reasoner(_Remembering):
    """The default before issue 39 (``benchmarks/previous/``), by which the lookahead breaks
    ties: the exact belief, and the play with the best estimated chance of finding itself."""

    def pick(self, view: Mapping[str, Any], known: Belief, moves: list[str]) -> str | None:
        if not moves:
            return None
        reds = sum(p["position"] == "red" for p in me(view)["field"])
        later = plays_left(view) - 1  # own plays after this one
        if moves[0].startswith("play "):
            return min(
                moves, key=lambda m: self.play_key(view, known, card_of(view, m), reds, later)
            )

        # the trade: keep what plays best next, give the rest (what tells the left least)
        def gift_key(line: str) -> tuple:
            card = card_of(view, line)
            kept = [c["card"] for c in view["you"]["hand"] if c["card"] != card] or [card]
            best = min(self.play_key(view, known, c, reds, later) for c in kept)
            return (best, tells(known.diagram, card), line)

        return min(moves, key=gift_key)

    @staticmethod
    def play_key(view: Mapping[str, Any], known: Belief, card: str, reds: int, later: int) -> tuple:
        """Smaller is better: the chance lost of finding itself, the worst case left, what
        the card shows the others."""
        n = len(known.possible)
        kind = known.diagram.card(card).kind
        if kind == CardKind.DREAM:
            branches = [(n, 0)]
        elif kind == CardKind.EGO:
            branches = [(n, reds + 1)]
        else:
            blue, red = known.split(card)
            branches = [(len(b), r) for b, r in ((blue, reds), (red, reds + 1)) if b]
        chance = sum(size / n * worth(size, r, later) for size, r in branches)
        worst = max(size if r < RED_LIMIT else n + 1 for size, r in branches)
        return (-round(chance, 9), worst, tells(known.diagram, card))


class Lookahead(Reasoner):
    """Level 2: the exact belief, and the play or gift that finds itself first in the most
    worlds played out (:mod:`referee.cogito.lookahead`)."""

    def __init__(self, seed: int | None) -> None:
        super().__init__(seed)
        self._rules: Judgements | None = None

    def pick(self, view: Mapping[str, Any], known: Belief, moves: list[str]) -> str | None:
        options: dict[str, str] = {}  # each card the seat may play or give: its line
        for line in moves:
            options.setdefault(card_of(view, line), line)
        if len(options) < 2 or not known.possible:
            return super().pick(view, known, moves)
        if self._rules is None or self._rules.diagram is not known.diagram:
            self._rules = Judgements(known.diagram)
        give = moves[0].startswith("give ")
        cards = list(options)
        values: dict[str, list[float]] = {card: [] for card in cards}
        weights: list[float] = []
        while len(weights) < MOST_WORLDS and not settled(weights, values):
            drawn = worlds(view, known.possible, self._rules, self.memory, self.rng, WORLDS)
            seeds = [self.rng.randrange(2**32) for _ in drawn]
            for world, seed in zip(drawn, seeds, strict=True):
                weights.append(world.weight)
                for card in cards:
                    values[card].append(play_out(world, Move(card, give), random.Random(seed)))
        won = {
            card: sum(w * v for w, v in zip(weights, values[card], strict=True)) for card in cards
        }
        best = max(won.values())
        tied = [line for card, line in options.items() if won[card] == best]
        return tied[0] if len(tied) == 1 else super().pick(view, known, tied)


def settled(weights: Sequence[float], values: Mapping[str, Sequence[float]]) -> bool:
    """Whether the worlds played out so far tell the best card from the next: the weighted
    mean of their difference world by world is SETTLED standard errors from 0, or they
    never differ. False before any world."""
    total = sum(weights)
    if total <= 0:
        return bool(weights)
    ranked = sorted(
        values.values(), key=lambda v: sum(w * x for w, x in zip(weights, v, strict=True))
    )
    diff = [a - b for a, b in zip(ranked[-1], ranked[-2], strict=True)]
    if not any(diff):
        return True
    mean = sum(w * d for w, d in zip(weights, diff, strict=True)) / total
    spread = sum(w * w * (d - mean) ** 2 for w, d in zip(weights, diff, strict=True)) / total**2
    return mean * mean > SETTLED * SETTLED * spread


def right_of(view: Mapping[str, Any]) -> str | None:
    """The player still in on the seat's right: the one whose gifts it receives."""
    players = view["players"]
    i = next(k for k, p in enumerate(players) if p["you"])
    for k in range(1, len(players)):
        p = players[(i - k) % len(players)]
        if p["standing"] == "playing":
            return p["name"]
    return None


def tells(diagram: Diagram, card: str) -> int:
    """What showing ``card`` tells the others of their own Self cards: a Self card seen is
    one they may strike off (a category or the Dream card tells nothing)."""
    return int(diagram.card(card).kind in (CardKind.SELF, CardKind.EGO))


def plays_left(view: Mapping[str, Any]) -> int:
    """The seat's plays still to come, this one included: its hand and the draws the pile
    can still give every player in the game."""
    playing = sum(p["standing"] == "playing" for p in view["players"]) or 1
    return len(view["you"]["hand"]) + view["pile"] // playing


@cache
def worth(n: int, reds: int, plays: int) -> float:
    """The chance of finding one's card from ``n`` candidates with ``reds`` red cards in
    the field and ``plays`` plays to come, each play either safe (no news) or a fair split
    (an estimate: the cards to come are not known). Ego disruption counts as less than
    nothing, a tie as nothing."""
    if reds >= RED_LIMIT:
        return -1.0
    if n <= 1:
        return 1.0
    if plays <= 0:
        return 0.0
    safe = worth(n, reds, plays - 1)
    big, small = (n + 1) // 2, n // 2
    split = (
        big / n * worth(big, reds, plays - 1)
        + small / n * worth(small, reds + 1, plays - 1)
        + small / n * worth(small, reds, plays - 1)
        + big / n * worth(big, reds + 1, plays - 1)
    ) / 2
    return max(safe, split)


def card_of(view: Mapping[str, Any], line: str) -> str:
    """The card of the hand a ``play``/``give`` line names by its position (its last word)."""
    return view["you"]["hand"][int(line.split()[-1]) - 1]["card"]
