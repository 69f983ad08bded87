"""Ergo's computer players: each reads only its seat's view and says one of its legal lines.

Level 0 picks at random; level 1 is greedy: every legal line is scored by
what the Proof it leaves would give if the round stopped there (the game's own
ruling, :func:`referee.ergo.ruling.decide`, exact truth tables), its own points
against the best other player's; an Ergo is scored as the round it ends. The
default level looks a turn ahead: for its best few lines it deals the next
player hands drawn from the cards it has not seen (the view's deck, less its
hand, the Proof, the cards in front of players and the specials played) and
lets that player answer greedily, then keeps the line that stands best.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from referee.ergo.cards import SYMBOLS, Card, Face, ProofCard, Role, natural_card
from referee.ergo.commands import read_placement, read_spot
from referee.ergo.legal import Turn, moves, proof_ok
from referee.ergo.proof import Proof
from referee.ergo.reading import DEFAULT_READING, ReadingRules, read_premise
from referee.ergo.ruling import NAMES
from referee.logic.truthtable import rows, value
from referee.table.computer import ComputerPlayer, RandomPlayer, legal

DEFAULT_LEVEL = 2
FACES = {symbol: face for face, symbol in SYMBOLS.items()}
LABELS = {card.label: card for card in Card}
ROWS = tuple(rows(NAMES))
RANK_SECONDS = 2.5  # past this, lines not yet scored are left out (a huge list, a busy CPU)
ERGO_WEIGHT = 1.0  # points an Ergo locks in now
HOPE = 0.5  # what a Proof left standing is worth against the same points taken now


def computer_player(level: int = DEFAULT_LEVEL, seed: int | None = None) -> ComputerPlayer:
    """Level 0: random; 1: greedy; 2 (the default): a turn of lookahead over sampled hands."""
    if level <= 0:
        return RandomPlayer(seed)
    if level == 1:
        return GreedyPlayer(seed)
    return LookaheadPlayer(seed)


# ------------------------------------------------------------------ the view read


def proof_of(view: Mapping[str, Any]) -> Proof:
    """The Proof the view shows, each card as the card that shows it."""
    rows = []
    for premise in view.get("proof", []):
        row = []
        for c in premise["cards"]:
            face = FACES[c["symbol"]]
            if c.get("wild"):
                card = Card.WILD_VARIABLE if face.role == Role.VARIABLE else Card.WILD_OPERATOR
            else:
                card = natural_card(face)
            row.append(ProofCard(card, face))
        rows.append(tuple(row))
    return Proof(tuple(rows))


def hand_of(view: Mapping[str, Any]) -> list[Card] | None:
    """The seat's dealt hand in order (None in table mode, where no hand is held)."""
    if view.get("mode") != "dealt":
        return None
    return [Card(c["card"]) for c in view["you"]["hand"]]


def after(line: str, proof: Proof, hand: Sequence[Card] | None) -> Proof | None:
    """The Proof a legal line leaves (None: an Ergo, the round stops with ``proof``)."""
    word, _, rest = line.partition(" ")
    if word == "play":
        return proof.insert(read_placement(rest, [len(p) for p in proof.premises], hand))
    if word == "tabula":
        spot = read_spot(rest.strip())
        pair = proof.card_at(spot).face.role == Role.PARENTHESIS
        return proof.remove(spot, with_partner=pair)[0]
    if word == "revolution":
        first, second = (read_spot(w) for w in rest.split())
        return proof.swap(first, second)
    if word == "ergo":
        return None
    return proof


@lru_cache(maxsize=32768)
def points(faces: tuple[tuple[Face, ...], ...], reading: ReadingRules) -> tuple[int, ...] | None:
    """Each variable's points (A-D) if the round stopped on this Proof; None if it is broken."""
    try:
        formulas = [read_premise(row, reading) for row in faces]
    except ValueError:
        return None
    # decide()'s verdict, by the same truth table without its re-checks (a player asks often):
    # a variable is proven when every row the premises hold in makes it true; none is a paradox.
    held = [r for r in ROWS if all(value(f, r) for f in formulas)]
    cards = sum(len(r) for r in faces)
    if not held:
        return (0, 0, 0, 0)
    return tuple(cards if all(r.values[i][1] for r in held) else 0 for i in range(4))


def margin(proof: Proof, mine: str, others: Sequence[str]) -> float | None:
    """My points less the best other player's, were the round to stop on ``proof``."""
    got = points(proof.faces, DEFAULT_READING)
    if got is None:
        return None
    index = {v: i for i, v in enumerate("ABCD")}
    best = max((got[index[v]] for v in others), default=0)
    return got[index[mine]] - best


class Reader:
    """What a player reads from one view: the Proof, the hand, who is who."""

    def __init__(self, view: Mapping[str, Any]) -> None:
        self.view = view
        self.proof = proof_of(view)
        self.hand = hand_of(view)
        you = view["you"]
        self.me = you["variable"]
        players = view["players"]
        self.others = [p["variable"] for p in players if not p["you"]]
        self.lines = legal(view)

    def score(self, line: str) -> float:
        left = after(line, self.proof, self.hand)
        if left is None:
            return ERGO_WEIGHT * (margin(self.proof, self.me, self.others) or 0)
        value = margin(left, self.me, self.others)
        return -1.0 if value is None else HOPE * value


class GreedyPlayer:
    """Level 1: the line whose Proof stands best for this seat now (ties broken at random)."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def ranked(self, reader: Reader) -> list[tuple[float, str]]:
        start = time.monotonic()
        scored = []
        for line in reader.lines:
            scored.append((reader.score(line) + self.rng.random() * 1e-3, line))
            if time.monotonic() - start > RANK_SECONDS:
                break
        scored.sort(reverse=True)
        return scored

    def choose(self, view: Mapping[str, Any]) -> str | None:
        reader = Reader(view)
        if not reader.lines:
            return None
        return self.ranked(reader)[0][1]

    def close(self) -> None:
        pass


class LookaheadPlayer(GreedyPlayer):
    """The default: the greedy player's best few lines, each answered by the next player
    holding hands sampled from the unseen cards, who replies greedily."""

    def __init__(self, seed: int | None = None, width: int = 5, samples: int = 4) -> None:
        super().__init__(seed)
        self.width = width
        self.samples = samples
        self.budget = 0.8  # seconds; the first candidates are always weighed

    def choose(self, view: Mapping[str, Any]) -> str | None:
        reader = Reader(view)
        if not reader.lines:
            return None
        ranked = self.ranked(reader)
        if len(ranked) == 1 or view.get("mode") != "dealt":
            return ranked[0][1]
        start = time.monotonic()
        nxt = self._next_player(view)
        unseen = self._unseen(view, reader)
        best, best_value = ranked[0][1], float("-inf")
        for greedy, line in ranked[: self.width]:
            left = after(line, reader.proof, reader.hand)
            if left is None or nxt is None or view["you"]["plays_left"] > 1:
                value = greedy  # an Ergo is final; a first play is weighed by the next
            else:
                value = self._answered(left, reader, nxt, unseen)
            if value > best_value:
                best, best_value = line, value
            if time.monotonic() - start > self.budget:
                break
        return best

    @staticmethod
    def _next_player(view: Mapping[str, Any]) -> Mapping[str, Any] | None:
        players = view["players"]
        me = next(i for i, p in enumerate(players) if p["you"])
        return players[(me + 1) % len(players)] if len(players) > 1 else None

    @staticmethod
    def _unseen(view: Mapping[str, Any], reader: Reader) -> list[Card]:
        pool = Counter({Card(k): n for k, n in view.get("deck", {}).items()})
        pool.subtract(reader.hand or [])
        pool.subtract(c.card for row in reader.proof.premises for c in row)
        pool.subtract(Card(c) for c in view.get("out", []))
        for p in view["players"]:
            pool.subtract(LABELS[label] for label in p.get("in_front", []) if label in LABELS)
        return [c for c, n in pool.items() for _ in range(max(n, 0))]

    def _answered(
        self, proof: Proof, reader: Reader, nxt: Mapping[str, Any], unseen: list[Card]
    ) -> float:
        """My margin after the next player's greedy answer, averaged over sampled hands."""
        size = min(len(unseen), (nxt.get("hand") or 5) + 2)
        total = 0.0
        them = nxt["variable"]
        rivals = [v for v in reader.others if v != them] + [reader.me]
        for _ in range(self.samples):
            hand = Counter(self.rng.sample(unseen, size))
            turn = Turn(
                rows=proof.premises,
                held=tuple(hand.items()),
                names=None,
                plays_left=2,
                reading=DEFAULT_READING,
                tabula_pair=True,
                placing=nxt.get("fallacy") is None,
                changing=True,
                under_fallacy=nxt.get("fallacy") is not None,
                targets=(),
                tabula_this_turn=False,
            )
            reply, reply_value = proof, float("-inf")
            ergo_now = False
            for _line, left in moves(turn):
                stop = left is None
                shown = proof if stop else left
                if not stop and not proof_ok(shown.premises, DEFAULT_READING):
                    continue
                value = margin(shown, them, rivals)
                if value is None:
                    continue
                value *= ERGO_WEIGHT if stop else HOPE
                if value > reply_value:
                    reply, reply_value, ergo_now = shown, value, stop
            mine = margin(reply, reader.me, reader.others) or 0
            total += mine * (ERGO_WEIGHT if ergo_now else HOPE)
        return total / self.samples
